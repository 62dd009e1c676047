"""Batch data types: a page to do (:class:`Task`), the run's settings (:class:`BatchConfig`),
its tally (:class:`Summary`), and the one-record-per-page helpers.

Takes nothing from the other batch modules; every other batch module takes its types from
here. A record is ``Page.to_dict()`` plus ``id`` and ``source`` for a page, or
``{"id", "url", "source", "text": "", "error": "Type: message"}`` for a failure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import MaintextError
from ..options import Options

_MAX_MESSAGE = 300  # characters of an error message kept in a record

# Exit status of `maintext batch` when the run finished but at least one page failed
# (1 is a rejected input, 2 a usage error, 3 an unexpected failure; see the CLI).
EXIT_PAGES_FAILED = 4


class WorkerCrashError(MaintextError):
    """The worker process died while extracting a page (killed, out of memory, crash)."""


class MemoryLimitError(MaintextError):
    """The page made its worker reach the per-worker memory limit."""


class OutputLockedError(MaintextError):
    """Another batch is writing the same output."""


@dataclass(slots=True)
class Task:
    """One page to process. Offline: ``path``; online: ``content`` fetched from ``url``,
    or ``error`` when the fetch failed (recorded without extraction)."""

    id: str
    path: str | None = None
    url: str | None = None
    source: str | None = None
    content: bytes | None = None
    content_type: str | None = None
    error: str | None = None
    # Other pages of the same site for template-removal methods: (path, url, content type).
    site_pages: list[tuple[str, str | None, str | None]] = field(default_factory=list)
    # WARC record not decoded yet: (archive path, record offset); decoded in the worker so
    # a compression bomb never grows the parent.
    warc: tuple[str, int] | None = None


@dataclass
class BatchConfig:
    method: str
    out: Path
    fmt: str = "jsonl"  # "jsonl", "folder" or "parquet"
    workers: int = 0  # 0: one per CPU
    timeout: float | None = 30.0  # per-page extraction time limit in seconds; None: none
    max_memory_mb: int = 2048  # per-worker address-space limit; 0: none
    resume: bool = True
    limit: int | None = None
    progress: bool = True  # a progress bar, and only when stderr is a terminal
    options: Options = field(default_factory=Options)
    fetch_threads: int = 8
    per_host: int = 2
    fetch_timeout: float = 20.0
    fetch_retries: int = 2
    max_tasks_per_child: int = 500
    # Attach up to this many other pages of the same site to each page (doc.site_docs) for
    # methods that remove the site's template; 0: pages are extracted alone.
    site_pages: int = 0
    in_process: bool = False  # run pages in this process (no pool: profiling; timer only)
    engine: str = "local"  # "local" (process pool) or "dask"
    scheduler: str | None = None  # dask: address of a running scheduler; None: a LocalCluster
    partition_pages: int = 64  # pages per partition (a dask task, a Parquet row group)
    anchors: bool = True  # fill incoming_anchors from the crawl's links after the batch
    link_db: Path | None = None  # the link index (SQLite); None: in the output's state folder
    hygiene: bool = True  # language and near-duplicate flags per record
    dedup: bool = False  # drop near-duplicates (the first page of a group stays)


@dataclass
class Summary:
    total: int = 0
    ok: int = 0
    empty: int = 0
    failed: int = 0
    skipped: int = 0  # already in the output (resume)
    duplicates: int = 0  # near-duplicates flagged (or dropped with dedup)
    seconds: float = 0.0
    finalize_seconds: float = 0.0  # the crawl-level pass (link index, anchors, duplicates)
    errors: dict[str, int] = field(default_factory=dict)  # error type -> count
    notes: list[str] = field(default_factory=list)  # damage found on the way (kept records...)

    def add(self, record: dict[str, Any]) -> None:
        self.total += 1
        if record.get("error"):
            self.failed += 1
            kind = str(record.get("error")).split(":", 1)[0]
            self.errors[kind] = self.errors.get(kind, 0) + 1
        elif record.get("text"):
            self.ok += 1
        else:
            self.empty += 1

    @property
    def rate(self) -> float:
        return self.total / self.seconds if self.seconds > 0 else 0.0

    def line(self) -> str:
        text = (f"{self.total} pages: {self.ok} ok, {self.empty} empty, {self.failed} failed"
                f" in {self.seconds:.1f} s ({self.rate:.1f} pages/s)")
        if self.skipped:
            text += f"; {self.skipped} already done (resume)"
        if self.duplicates:
            text += f"; {self.duplicates} near-duplicates"
        if self.errors:
            text += "; errors: " + ", ".join(f"{k} {v}" for k, v in sorted(self.errors.items()))
        return text


def one_line(exc: BaseException) -> str:
    """``TypeName: message`` on one line, shortened."""
    message = " ".join(str(exc).split())
    if len(message) > _MAX_MESSAGE:
        message = message[: _MAX_MESSAGE - 3] + "..."
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


def error_record(task: Task, error: str) -> dict[str, Any]:
    return {"id": task.id, "url": task.url, "source": task.source, "text": "", "error": error}


def page_record(task: Task, page: Any, fields: tuple[str, ...] | None = None) -> dict[str, Any]:
    from ..output.fields import record as fields_record  # the asked fields (None: the default record)

    record = {"id": task.id, **fields_record(page, fields), "source": task.source}
    if not record.get("url") and task.url:
        record["url"] = task.url
    return record


@dataclass(slots=True)
class EncodedRecord:
    """A record already serialised to its JSON line by the worker: the parent writes it
    as it is, and pickles one string across the pipe instead of a tree of dicts (links are
    most of a record). ``get`` answers the few keys the driver's tally needs."""

    line: str  # one JSON line, newline included
    id: str
    error: str | None
    has_text: bool

    def get(self, key: str, default: Any = None) -> Any:
        if key == "id":
            return self.id
        if key == "error":
            return self.error
        if key == "text":
            return "x" if self.has_text else ""
        return default

    def to_dict(self) -> dict[str, Any]:
        import json

        return json.loads(self.line)

    @classmethod
    def of(cls, record: dict[str, Any], line: str) -> "EncodedRecord":
        return cls(line, str(record.get("id")), record.get("error"), bool(record.get("text")))
