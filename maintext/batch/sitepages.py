"""Site pages for template-removal methods: which other pages of its site each page is
compared with, planned in the driver before extraction.

Takes offline tasks (and online tasks, fetched first into a spool folder) and gives the same
tasks with ``site_pages`` set. A page's site comes from its URL or, for a saved page, the
address it declares (canonical link, ``og:url``), read without parsing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import MaintextError
from ..options import Options
from .fetching import fetch_tasks
from .tasks import BatchConfig, Task


def plan_site_pages(tasks: list[Task], k: int, options: Options) -> tuple[int, int]:
    """Give each task with a known site up to ``k`` other tasks of that site as site pages.

    A page's site comes from its URL (online) or, for a saved page, from the address it
    declares (canonical link, ``og:url``), read without parsing. Returns (pages with site
    pages, pages alone on their site or without a known site)."""
    from ..site.group import group_by_site, neighbourhoods, similar_pages

    class _Stub:  # what maintext.site.group needs of a page: url and html
        __slots__ = ("task", "url", "html")

        def __init__(self, task: Task, url: str | None) -> None:
            self.task, self.url, self.html = task, url, task.id

    stubs = []
    for task in tasks:
        if task.path is None or task.error:
            continue
        url = task.url or _declared_url_of_file(task.path, options)
        stubs.append(_Stub(task, url))
    with_site = 0
    for group in group_by_site(stubs).values():  # type: ignore[arg-type]
        for stub, candidates in neighbourhoods(group, _stub_url):  # type: ignore[arg-type]
            chosen = similar_pages(stub, candidates, k)  # type: ignore[arg-type]
            stub.task.site_pages = [(o.task.path, o.url, o.task.content_type) for o in chosen]  # type: ignore[attr-defined]
            with_site += bool(chosen)
    return with_site, len(tasks) - with_site


# Bytes of a saved page read to find the address it declares (the tags sit in its head).
_HEAD_BYTES = 128 * 1024


def _declared_url_of_file(path: str, options: Options) -> str | None:
    """The canonical/og:url address a saved page declares, from the start of the file
    (ASCII-compatible encodings; otherwise, or when not found, the decoded whole page)."""
    import gzip

    from ..io.loading import load
    from ..metadata.urls import declared_url

    try:
        opener = gzip.open if path.lower().endswith(".gz") else open
        with opener(path, "rb") as fh:
            head = fh.read(_HEAD_BYTES)
        url = declared_url(head.decode("utf-8", errors="replace"))
        if url or b"\x00" not in head[:4096]:
            return url
        return declared_url(load(Path(path), max_bytes=options.max_input_bytes,
                                 default_encoding=options.default_encoding).html)
    except (OSError, EOFError, MaintextError, ValueError):
        return None


def _stub_url(stub: Any) -> str | None:
    return stub.url


def spool_online(tasks: list[Task], cfg: BatchConfig, folder: Path) -> list[Task]:
    """Fetch every online task into ``folder`` (for site pages, which need the whole site
    at hand): returns the tasks with ``path`` set (or ``error``)."""
    done: list[Task] = []
    for n, task in enumerate(fetch_tasks(tasks, cfg)):
        if not task.error and task.content is not None:
            path = folder / f"{n}.html"
            path.write_bytes(task.content)
            task.path, task.content = str(path), None
        done.append(task)
    order = {t.id: i for i, t in enumerate(tasks)}
    done.sort(key=lambda t: order.get(t.id, 0))
    return done
