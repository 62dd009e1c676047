"""Where records go: JSONL (default), a folder of text files, or Parquet; resume and locks.

Takes records and gives an output that survives ``kill -9``: JSONL lines are appended and
flushed one by one (a torn last line is the only thing a resume may cut; a damaged line
anywhere else is kept and reported), the folder layout keeps an ``index.jsonl`` the same
way, and Parquet is written per partition (see :mod:`.parquet`). Every sink takes an OS
lock on its output (``flock``), so a second batch on the same output stops at once with
:class:`~.tasks.OutputLockedError` instead of writing every record twice. The lock goes
with the process, so a killed batch never leaves a stale lock behind.

:meth:`finish` rewrites the output once at the end through a record transform (incoming
anchors, near-duplicate flags, ``--dedup``), written to a temporary file and renamed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..errors import LoadError
from ..output.formats import folder_text, safe_filename
from .tasks import EncodedRecord, OutputLockedError

Transform = Callable[[Iterator[dict[str, Any]]], Iterator[dict[str, Any]]]


def lock_file(fh: Any, what: Path) -> None:
    """Hold an exclusive OS lock on an open file, or raise :class:`OutputLockedError`."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no advisory locks, run unlocked
        return
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fh.close()
        raise OutputLockedError(f"another batch is writing {what}; wait for it to finish or choose "
                                "another output") from None


def scan_jsonl(path: Path) -> tuple[set[str], list[str]]:
    """Ids recorded in a JSONL file, and notes on damage. Only a torn last line (an
    interrupted write) is cut off; a damaged line elsewhere is kept and reported."""
    done: set[str] = set()
    notes: list[str] = []
    if not path.is_file():
        return done, notes
    good_end = 0
    bad: list[int] = []
    with open(path, "rb") as fh:
        for lineno, raw in enumerate(fh, 1):
            try:
                rec = json.loads(raw) if raw.strip() else None
            except ValueError:
                if raw.endswith(b"\n"):
                    bad.append(lineno)
                    good_end += len(raw)
                continue
            if isinstance(rec, dict) and "id" in rec:
                done.add(str(rec["id"]))
            good_end += len(raw)
    size = path.stat().st_size
    if good_end < size:  # the last line, unterminated and not JSON: an interrupted write
        with open(path, "r+b") as fh:
            fh.truncate(good_end)
        notes.append(f"{path}: cut a torn last line ({size - good_end} bytes) left by an interrupted run")
    elif size and not _ends_with_newline(path):  # a whole record whose newline was lost
        with open(path, "ab") as fh:
            fh.write(b"\n")
    if bad:
        shown = ", ".join(map(str, bad[:10])) + (" ..." if len(bad) > 10 else "")
        notes.append(f"{path}: kept {len(bad)} damaged lines that are not JSON records (line {shown}); "
                     "their pages are not known as done")
    return done, notes


def _ends_with_newline(path: Path) -> bool:
    with open(path, "rb") as fh:
        fh.seek(-1, os.SEEK_END)
        return fh.read(1) == b"\n"


def read_done_ids(path: Path) -> set[str]:
    """Ids recorded in a JSONL file (see :func:`scan_jsonl`)."""
    return scan_jsonl(path)[0]


def dump_line(record: dict[str, Any]) -> str:
    """One JSON line; values JSON does not know (in a method's ``extra``) become strings."""
    line = json.dumps(record, ensure_ascii=False, default=str)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates (e.g. from JSON-LD escapes): keep them escaped
        line = json.dumps(record, default=str)
    return line + "\n"


def iter_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """Records of a JSONL file; lines that are not JSON objects are passed on as
    ``{"__raw__": line}`` so a rewrite keeps them."""
    with open(path, encoding="utf-8", errors="surrogateescape") as fh:
        for line in fh:
            try:
                rec = json.loads(line)
            except ValueError:
                rec = None
            yield rec if isinstance(rec, dict) else {"__raw__": line}


class JsonlSink:
    """One JSON line per page, appended and flushed as results arrive."""

    def __init__(self, path: Path, resume: bool) -> None:
        if path.is_dir():
            raise LoadError(f"{path} is a folder; give a file name for JSONL output")
        if not path.parent.is_dir():
            raise LoadError(f"the folder of {path} does not exist")
        self.path = path
        self.fh = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed in close()
        lock_file(self.fh, path)
        self.done, self.notes = scan_jsonl(path) if resume else (set(), [])
        if not resume:
            self.fh.truncate(0)

    def write(self, record: dict[str, Any] | EncodedRecord) -> None:
        self.fh.write(record.line if isinstance(record, EncodedRecord) else dump_line(record))
        self.fh.flush()

    def records(self) -> Iterator[dict[str, Any]]:
        self.fh.flush()
        return (r for r in iter_jsonl(self.path) if "__raw__" not in r)

    def finish(self, transform: Transform) -> None:
        """Rewrite the file through ``transform`` (atomically: a temporary file renamed)."""
        self.fh.flush()
        tmp = self.path.with_name(self.path.name + ".tmp")
        with open(tmp, "w", encoding="utf-8", errors="surrogateescape") as out:
            for rec in transform(iter_jsonl(self.path)):
                out.write(rec["__raw__"] if "__raw__" in rec else dump_line(rec))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path)  # the lock is on the old inode: keep it until close

    def close(self) -> None:
        self.fh.close()


class FolderSink:
    """One ``<id>.txt`` per page in the folder layout, and ``index.jsonl`` listing every
    page (file name, or error / reason): the index makes resume work and loses nothing."""

    INDEX = "index.jsonl"

    def __init__(self, folder: Path, resume: bool) -> None:
        if folder.exists() and not folder.is_dir():
            raise LoadError(f"{folder} exists and is not a folder")
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.index = JsonlSink(folder / self.INDEX, resume)
        self.done, self.notes = self.index.done, self.index.notes

    def write(self, record: dict[str, Any] | EncodedRecord) -> None:
        if isinstance(record, EncodedRecord):
            record = record.to_dict()
        entry = {k: record.get(k) for k in ("id", "url", "title", "lang", "duplicate_of")
                 if record.get(k) is not None}
        if record.get("error"):
            entry["error"] = record["error"]
        else:
            name = safe_filename(str(record["id"]))
            (self.folder / name).write_text(folder_text(record), encoding="utf-8", errors="replace")
            entry["file"] = name
            if not record.get("text"):
                entry["reason"] = record.get("reason")
        self.index.write(entry)

    def records(self) -> Iterator[dict[str, Any]]:
        return iter(())  # the folder keeps no links: no crawl-level pass

    def finish(self, transform: Transform) -> None:
        pass

    def close(self) -> None:
        self.index.close()

