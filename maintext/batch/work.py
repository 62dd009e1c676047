"""One page in a worker: read it (file, fetched bytes or WARC record), extract it under the
time limit, turn the result or the failure into a record.

Takes a :class:`~.tasks.Task` and gives ``(record, fatal)``; ``fatal`` tells the pool to
replace the process (it reached its memory limit). Runs in pool workers, in a dask worker's
pool, or in the calling process (``in_process``).
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from ..options import Options
from ..timelimit import worker_limit
from .tasks import Task, error_record, one_line, page_record

def _source(task: Task, options: Options) -> tuple[Any, str | None]:
    if task.warc is not None:
        from ..io.warc import read_warc_page

        content, ctype = read_warc_page(task.warc[0], task.warc[1], options.max_input_bytes)
        return content, ctype or task.content_type
    return (Path(task.path) if task.path is not None else task.content), task.content_type


def run_task(task: Task, method: str, options: Options, timeout: float | None,
             hygiene: bool = False) -> tuple[dict[str, Any], bool]:
    """Extract one page; returns ``(record, fatal)``. Never raises on a bad page.
    ``hygiene``: add the detected language and the text's MinHash signature to the record."""
    if task.error:
        return error_record(task, task.error), False
    from ..api import extract

    try:
        with worker_limit(timeout):
            source, content_type = _source(task, options)
            if task.site_pages:
                page = _extract_with_site(task, source, method, options)
            else:
                page = extract(source, url=task.url, method=method, options=options,
                               content_type=content_type)
            record = page_record(task, page, options.fields)
            if hygiene:
                from .hygiene import annotate

                annotate(record)
            return record, False
    except MemoryError:
        return error_record(task, "MemoryLimitError: the page exceeded the worker memory limit"), True
    except Exception as exc:  # noqa: BLE001 - any failure of one page is recorded, the batch goes on
        if _near_memory_limit():
            # C code (libxml2) reports a failed allocation as its own error
            return error_record(task, "MemoryLimitError: the page exceeded the worker memory limit "
                                      f"({one_line(exc)})"), True
        return error_record(task, one_line(exc)), False


# Set by the pool in each worker: its address-space limit in bytes (0: none).
MEMORY_LIMIT = [0]


def _near_memory_limit() -> bool:
    """Whether this process came within 10% of its memory limit (VmPeak) while working."""
    limit = MEMORY_LIMIT[0]
    if not limit:
        return False
    try:
        with open("/proc/self/status", "rb") as fh:
            for line in fh:
                if line.startswith(b"VmPeak:"):
                    return int(line.split()[1]) * 1024 >= 0.9 * limit
    except (OSError, ValueError, IndexError):
        pass
    return False


# ----------------------------------------------------------------------------- site pages

# Site pages loaded by this process, most recent last: pages of one site are each other's
# comparison pages, so a worker that handles a site's pages reads each of them once.
_SITE_CACHE: "OrderedDict[str, Any]" = OrderedDict()
_SITE_CACHE_SIZE = 32


def _site_document(path: str, url: str | None, content_type: str | None, options: Options) -> Any:
    from ..api import load_document

    doc = _SITE_CACHE.get(path)
    if doc is None or doc.options is not options:
        doc = load_document(Path(path), url=url, content_type=content_type, options=options)
        _SITE_CACHE[path] = doc
        while len(_SITE_CACHE) > _SITE_CACHE_SIZE:
            _SITE_CACHE.popitem(last=False)
    _SITE_CACHE.move_to_end(path)
    return doc


def _extract_with_site(task: Task, source: Any, method: str, options: Options) -> Any:
    """Extract ``task``'s page with its site pages attached; a site page that cannot be
    read is left out (the page is then compared with fewer pages, or none)."""
    from ..api import extract_document, load_document

    from ..site.group import attach_site_pages

    doc = load_document(source, url=task.url, content_type=task.content_type, options=options)
    attach_site_pages(doc, task.site_pages, lambda page: _site_document(*page, options))
    return extract_document(doc, method)
