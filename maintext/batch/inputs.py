"""Batch inputs: what pages there are, as a stream of :class:`~.tasks.Task`, cut into partitions.

Takes the command line's inputs (files, folders searched recursively, WARC archives, a file
of URLs) and gives tasks, never reading a page body. Offline ids: a file's name without
``.html``/``.htm``/``.html.gz``; when two files share a name each gets its path relative to
the input folder (``2019/a/index``), so ids stay unique and stable between runs. Folders are
walked twice, streaming (once to count names, once to give tasks): only the name counts
are held, never the list of files. WARC pages get their ``WARC-Record-ID`` as id and are
read in the worker (:func:`maintext.io.warc.read_warc_page`). Online ids: the URL as
written, or the ID of an ``ID URL`` line.

URL tasks from elsewhere (sitemaps, feeds, a crawl) enter through :class:`Inputs.url_tasks`:
any iterator of ``Task(id, url=...)``; they are fetched like the lines of a URL list.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import LoadError
from ..io.warc import WarcStats, is_warc_name, scan_warc
from .tasks import Task, one_line

HTML_SUFFIXES = (".html.gz", ".htm.gz", ".html", ".htm")


def is_html_name(name: str) -> bool:
    return name.lower().endswith(HTML_SUFFIXES)


def strip_html_suffix(name: str) -> str:
    lower = name.lower()
    for suffix in HTML_SUFFIXES:
        if lower.endswith(suffix):
            return name[: -len(suffix)]
    return name


def _walk(folder: Path) -> Iterator[Path]:
    """Files under ``folder`` in a stable order (sorted per directory), streamed."""
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            yield Path(root, name)


@dataclass
class Inputs:
    """The inputs of one batch, checked up front, streamed on demand."""

    html_roots: list[tuple[Path, bool]] = field(default_factory=list)  # (file or folder, is folder)
    warcs: list[Path] = field(default_factory=list)
    url_tasks: list[Iterable[Task]] = field(default_factory=list)  # online tasks, any source
    _stems: Counter | None = None

    @classmethod
    def from_paths(cls, paths: Iterable[str | Path]) -> "Inputs":
        inputs = cls()
        for item in paths:
            p = Path(item)
            if p.is_dir():
                inputs.html_roots.append((p, True))
                inputs.warcs.extend(f for f in _walk(p) if is_warc_name(f.name))
            elif p.is_file():
                (inputs.warcs.append(p) if is_warc_name(p.name) else inputs.html_roots.append((p, False)))
            else:
                raise LoadError(f"no such file or folder: {p}")
        return inputs

    def _html_files(self) -> Iterator[tuple[Path, Path]]:
        for p, is_dir in self.html_roots:
            if not is_dir:
                yield p, p.parent
                continue
            for f in _walk(p):
                if is_html_name(f.name) and not is_warc_name(f.name):
                    yield f, p

    def offline_tasks(self) -> Iterator[Task]:
        """File tasks with unique ids (see the module docstring)."""
        if self._stems is None:
            self._stems = Counter(strip_html_suffix(f.name) for f, _ in self._html_files())
        seen: set[str] = set()  # ids given twice only when one path is under two inputs
        for f, root in self._html_files():
            page_id = strip_html_suffix(f.name)
            if self._stems[page_id] > 1:
                page_id = strip_html_suffix(f.relative_to(root).as_posix())
                base, n = page_id, 1
                while page_id in seen:
                    n += 1
                    page_id = f"{base}~{n}"
                seen.add(page_id)
            yield Task(id=page_id, path=str(f), source=str(f))

    def has_offline(self) -> bool:
        return next(self._html_files(), None) is not None


def find_pages(inputs: Iterable[str | Path], warcs: list[Path] | None = None) -> list[Task]:
    """Offline tasks for files and folders as a list (the batch streams them instead).

    With a ``warcs`` list, WARC archives (given or found in folders) are appended to it."""
    found = Inputs.from_paths(inputs)
    if warcs is not None:
        warcs.extend(found.warcs)
    elif found.warcs:  # without a list to put them in, archives are taken as pages
        found.html_roots.extend((w, False) for w in found.warcs)
    return list(found.offline_tasks())


def warc_tasks(warcs: Iterable[Path], done: set[str] | Callable[[str], bool],
               log: Callable[[str], None] | None = None,
               on_skip: Callable[[], None] | None = None,
               ranges: dict[Path, tuple[int, int]] | None = None) -> Iterator[Task]:
    """Tasks for the HTML pages of WARC archives (pages in ``done`` skipped), streamed:
    the bodies are read by the worker. A damaged record becomes a failure record and the
    scan goes on; an archive that cannot be read at all becomes one failure record."""
    is_done = done.__contains__ if isinstance(done, set) else done
    for path in warcs:
        stats = WarcStats()
        start, stop = (ranges or {}).get(path, (0, None))
        try:
            for entry in scan_warc(path, stats, start=start, stop=stop):
                if is_done(entry.id):
                    if on_skip:
                        on_skip()
                    continue
                yield Task(id=entry.id, url=entry.url, source=f"{path}#{entry.id}",
                           content_type=entry.content_type, error=entry.error,
                           warc=None if entry.error else (str(path), entry.offset))
        except LoadError as exc:
            if not is_done(str(path)):
                yield Task(id=str(path), source=str(path), error=one_line(exc))
        if log:
            damaged = (f"; {stats.damaged} damaged records (cut short or invalid; each has a failure record)"
                       if stats.damaged else "")
            log(f"{path}: {stats.pages} pages; skipped {stats.not_ok} non-2xx responses "
                f"and {stats.not_html} responses that are not HTML{damaged}")


def read_url_list(path: str | Path) -> list[Task]:
    """Online tasks from a file of ``URL`` or ``ID URL`` lines (not fetched yet)."""
    return list(iter_url_list(path))


def iter_url_list(path: str | Path) -> Iterator[Task]:
    """:func:`read_url_list`, streamed (the file is checked before the first task)."""
    try:
        fh = open(path, encoding="utf-8-sig", errors="replace")  # noqa: SIM115
    except OSError as exc:
        raise LoadError(f"cannot read URL list {path}: {exc.strerror or exc}") from None
    return _url_lines(fh, path)


def _url_lines(fh, path: str | Path) -> Iterator[Task]:
    seen: set[str] = set()
    with fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split()
            page_id, url = (parts[0], parts[0]) if len(parts) == 1 else (
                tuple(parts) if len(parts) == 2 else (line, line))
            if page_id in seen:
                continue  # the same page twice: one record
            seen.add(page_id)
            task = Task(id=page_id, url=url, source=url)
            if len(parts) > 2:
                task.error = f"FetchError: line {lineno} of {path} is not 'URL' or 'ID URL'"
            yield task


def partitions(tasks: Iterable[Task], size: int) -> Iterator[list[Task]]:
    """Consecutive chunks of ``size`` tasks (the unit of a dask task and of a row group)."""
    it = iter(tasks)
    while chunk := list(itertools.islice(it, max(1, size))):
        yield chunk


def crawl_tasks(crawler: Any) -> Iterator[Task]:
    """The pages of a :class:`maintext.io.crawl.Crawler` as batch tasks, id = normalised URL
    (the crawler closes when the tasks end)."""
    try:
        for page in crawler:
            yield Task(id=page.url, url=page.final_url or page.url, source=page.url, content=page.content,
                       content_type=page.content_type, error=page.error)
    finally:
        crawler.close()
