"""Batch extraction: many pages, offline (folders of HTML, WARC archives) or online (URLs).

Takes the command line's inputs and a :class:`~.tasks.BatchConfig`, gives one record per
input page in the output (:mod:`.sinks`) and a :class:`~.tasks.Summary`. The stages, one
module each: inputs streamed and partitioned (:mod:`.inputs`), online pages fetched
(:mod:`.fetching`), pages extracted by an engine (:mod:`.pool` locally, or
:mod:`.dask_engine`), records committed (:mod:`.sinks`, :mod:`.parquet`), then one
crawl-level pass (:mod:`.finalize`: link index, incoming anchors, language and
near-duplicates). An interrupted run (even ``kill -9``) resumes where it stopped: ids already
in the output are skipped.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from ..errors import LoadError
from .fetching import fetch_tasks
from .finalize import dropped_ids, finalize
from .inputs import (Inputs, find_pages, is_html_name, iter_url_list, partitions, read_url_list,
                     strip_html_suffix, warc_tasks)
from .pool import run_inline, run_pool
from .sinks import FolderSink, JsonlSink, read_done_ids
from .sitepages import _declared_url_of_file, plan_site_pages, spool_online
from .tasks import (EXIT_PAGES_FAILED, BatchConfig, MemoryLimitError, Summary, Task, WorkerCrashError,
                    error_record, one_line, page_record)
from ..timelimit import worker_limit as time_limit  # the name batch.run always exported
from .work import run_task

__all__ = ["BatchConfig", "Summary", "Task", "WorkerCrashError", "MemoryLimitError", "EXIT_PAGES_FAILED",
           "run_batch", "run_task", "time_limit", "find_pages", "read_url_list", "read_done_ids",
           "fetch_tasks", "strip_html_suffix", "is_html_name", "error_record", "page_record", "one_line",
           "_declared_url_of_file"]


def _unique(tasks: Iterable[Task]) -> Iterator[Task]:
    """Online tasks once each (a URL both listed and discovered is one page)."""
    seen: set[str] = set()
    for task in tasks:
        if task.id not in seen:
            seen.add(task.id)
            yield task


class _Plan:
    """The tasks of one run: what to do, after what is done, within the limit."""

    def __init__(self, cfg: BatchConfig, inputs: Inputs, online: list[Iterable[Task]], done: set[str],
                 summary: Summary, log: Callable[[str], None] | None,
                 crawled: Iterable[Task] | None = None) -> None:
        self.cfg, self.inputs, self.online, self.done = cfg, inputs, online, done
        self.crawled = crawled  # pages fetched already (a crawler), streamed
        self.summary, self.log = summary, log
        self.spool: tempfile.TemporaryDirectory | None = None

    def _skip(self, tasks: Iterable[Task]) -> Iterator[Task]:
        for task in tasks:
            if task.id in self.done:
                self.summary.skipped += 1
            else:
                yield task

    def _count_skip(self) -> None:
        self.summary.skipped += 1

    def tasks(self, warcs_here: bool = True) -> Iterator[Task]:
        """Every task to run, streamed: files, fetched URLs, WARC pages."""
        if self.cfg.site_pages > 0:
            stream: Iterator[Task] = iter(self._site_planned())
        else:
            online = self._skip(_unique(itertools.chain.from_iterable(self.online)))
            stream = itertools.chain(self._skip(self.inputs.offline_tasks()), fetch_tasks(online, self.cfg),
                                     self._skip(self.crawled or ()))
        if warcs_here and self.inputs.warcs:
            stream = itertools.chain(stream, warc_tasks(self.inputs.warcs, self.done, self.log, self._count_skip))
        return stream if self.cfg.limit is None else itertools.islice(stream, self.cfg.limit)

    def _site_planned(self) -> list[Task]:
        if self.inputs.warcs or self.crawled is not None:
            raise LoadError("--site-pages does not take WARC input (pages of a site are compared "
                            "from folders or URL lists)")
        offline = list(self.inputs.offline_tasks())
        online = list(self._skip(_unique(itertools.chain.from_iterable(self.online))))
        if online:
            self.spool = tempfile.TemporaryDirectory(prefix="maintext-site-")
            if self.log:
                self.log(f"fetching {len(online)} pages before extraction (--site-pages)")
            online = spool_online(online, self.cfg, Path(self.spool.name))
        with_site, alone = plan_site_pages(offline + online, self.cfg.site_pages, self.cfg.options)
        if self.log:
            self.log(f"site pages: {with_site} pages compared with others of their site, "
                     f"{alone} alone on their site (extracted without a template step)")
        return list(self._skip(offline)) + online

    def partitions(self) -> Iterator[tuple]:
        """Dask partitions: task chunks, then WARC byte ranges scanned by the workers."""
        from ..io.warc import warc_splits

        by_range = self.cfg.limit is None and self.cfg.site_pages == 0
        for chunk in partitions(self.tasks(warcs_here=not by_range), self.cfg.partition_pages):
            yield ("tasks", chunk)
        if by_range:
            split = max(1, self.cfg.partition_pages) * 64 * 1024  # ~64 KB of archive per page
            for path in self.inputs.warcs:
                for start, stop in warc_splits(path, split):
                    yield ("warc", str(path), start, stop)

    def close(self) -> None:
        if self.spool is not None:
            self.spool.cleanup()


def make_sink(fmt: str, out: Path, resume: bool, part_pages: int) -> Any:
    """The output of a batch: :class:`~.sinks.JsonlSink`, :class:`~.sinks.FolderSink` or
    :class:`~.parquet.ParquetSink` (imported only when asked: it needs pyarrow)."""
    if fmt == "jsonl":
        return JsonlSink(out, resume)
    if fmt == "folder":
        return FolderSink(out, resume)
    if fmt == "parquet":
        from .parquet import ParquetSink

        return ParquetSink(out, resume, part_pages)
    raise LoadError(f"unknown batch format {fmt!r}; use jsonl, parquet or folder")


def _progress(cfg: BatchConfig) -> Any:
    from tqdm import tqdm

    shown = cfg.progress and sys.stderr.isatty()  # never into a log file or a pipe
    return tqdm(total=None, unit="page", file=sys.stderr, disable=not shown, dynamic_ncols=True,
                smoothing=0.1)


def _execute(plan: _Plan, cfg: BatchConfig, sink: Any, summary: Summary, session: Any) -> None:
    bar = _progress(cfg)

    def emit(record: Any) -> None:
        sink.write(record)
        summary.add(record)
        bar.update(1)

    def commit(records: list[Any]) -> None:
        if hasattr(sink, "write_part"):
            records = [r.to_dict() if hasattr(r, "to_dict") else r for r in records]
            sink.write_part(records)
            for r in records:
                summary.add(r)
            bar.update(len(records))
        else:
            for r in records:
                emit(r)

    n_workers = max(1, cfg.workers or os.cpu_count() or 1)
    start = time.perf_counter()
    try:
        if session is not None:
            session.run(plan.partitions(), cfg, plan.done, commit)
        elif cfg.in_process:
            run_inline(plan.tasks(), cfg, emit)
        else:
            run_pool(plan.tasks(), cfg, n_workers, emit)
    finally:
        summary.seconds = time.perf_counter() - start
        bar.close()


def run_batch(cfg: BatchConfig, inputs: Iterable[str | Path] = (), urls_file: str | Path | None = None,
              log: Callable[[str], None] | None = None, url_tasks: Iterable[Task] | None = None,
              extra_urls: Iterable[str] = (), crawled: Iterable[Task] | None = None) -> Summary:
    """Process every input page once, writing one record per page to ``cfg.out``.

    ``url_tasks``: more online pages (tasks with a URL) from any source; ``extra_urls``: more
    online pages as URLs (--sitemap/--feed, maintext.io.discover); ``crawled``: pages a crawler
    fetched already (--crawl, maintext.io.crawl), streamed."""
    from ..registry import get_method

    get_method(cfg.method)  # unknown method: fail before any work
    if cfg.engine not in ("local", "dask"):
        raise LoadError(f"unknown engine {cfg.engine!r}; use local or dask")
    if cfg.options.page_timeout is not None:  # the batch's own limit (cfg.timeout, hard-killed) governs
        cfg.options = dataclasses.replace(cfg.options, page_timeout=None)
    found = Inputs.from_paths(inputs)
    online: list[Iterable[Task]] = []
    if urls_file is not None:
        first = list(itertools.islice(iter_url_list(urls_file), 1))
        online.append(itertools.chain(first, itertools.islice(iter_url_list(urls_file), len(first), None)))
        has_online = bool(first)
    else:
        has_online = False
    if url_tasks is not None:
        online.append(url_tasks)
        has_online = True
    extra = [Task(id=u, url=u, source=u) for u in extra_urls]
    if extra:
        online.append(extra)
        has_online = True
    if not found.warcs and not has_online and crawled is None and not found.has_offline():
        raise LoadError("no input pages (.html, .htm, .html.gz, .warc, .warc.gz) found")
    sink = make_sink(cfg.fmt, cfg.out, cfg.resume, cfg.partition_pages)
    summary = Summary()
    plan = _Plan(cfg, found, online, sink.done | dropped_ids(cfg), summary, log, crawled)
    session = None
    try:
        for note in sink.notes:
            summary.notes.append(note)
            if log:
                log(note)
        if cfg.engine == "dask":
            from .dask_engine import DaskSession

            session = DaskSession(cfg, max(1, cfg.workers or os.cpu_count() or 1))
        _execute(plan, cfg, sink, summary, session)
        finalize(sink, cfg, summary, log, shuffle=session.shuffle_links if session else None)
    finally:
        if session is not None:
            session.close()
        sink.close()
        plan.close()
    if log:
        log(summary.line())
    return summary
