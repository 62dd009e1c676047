"""Incoming anchor text across a crawl: the page object's "anchor text" field (seed 001).

The words other pages use to link to a page describe it better than the page itself,
and they can only be known from a collection of pages. :func:`collect_anchors` reads batch
output (JSON lines with ``url`` and ``links``), stores every (target, source, anchor text)
in SQLite (the state of a crawl outgrows memory), and :func:`incoming_anchors` answers per
target. URLs are compared after light normalisation (scheme and host lower-case, default
port and fragment dropped); links from a page to itself are ignored.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from ..errors import MaintextError

_DEFAULT_PORTS = {"http": 80, "https": 443}
_SCHEMA = """
CREATE TABLE IF NOT EXISTS anchors (target TEXT NOT NULL, source TEXT NOT NULL, text TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pages (url TEXT PRIMARY KEY, id TEXT);
"""
_BATCH_ROWS = 5000  # rows per executemany: bounded memory on huge inputs


@dataclass(slots=True)
class IncomingAnchors:
    url: str
    id: str | None
    anchors: list[tuple[str, int]]  # distinct anchor texts with how many links use them
    sources: int  # distinct pages linking here


def normalize_url(url: str) -> str | None:
    """Comparable form of an http(s) URL, or None for anything else."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if port and port != _DEFAULT_PORTS[scheme]:
        host = f"{host}:{port}"
    return urlunsplit((scheme, host, parts.path or "/", parts.query, ""))


def _records(paths: Iterable[Path]) -> Iterator[dict]:
    """The JSON records of batch output files; a line that is not a JSON object raises
    :class:`MaintextError`, except a cut last line (an interrupted batch)."""
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as fh:
            bad: int | None = None
            good = 0
            for number, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                if bad is not None:  # a bad line that was not the last one
                    break
                try:
                    record = json.loads(line)
                except ValueError:
                    record = None
                if not isinstance(record, dict):
                    bad = number
                    continue
                good += 1
                yield record
            else:
                if bad is None or good:
                    continue
            raise MaintextError(f"{path}: line {bad} is not a JSON object: not `maintext batch` output")


def collect_anchors(batch_files: Iterable[Path], db: sqlite3.Connection) -> tuple[int, int]:
    """Load the links of batch output into ``db``; returns (pages, anchors) read."""
    db.executescript(_SCHEMA)
    pages = anchors = 0
    rows: list[tuple[str, str, str]] = []
    for record in _records(batch_files):
        source = normalize_url(record.get("url") or "")
        if source is None:
            continue
        pages += 1
        db.execute("INSERT OR REPLACE INTO pages VALUES (?, ?)", (source, record.get("id")))
        for link in record.get("links") or ():
            text = " ".join((link.get("text") or "").split())
            target = normalize_url(link.get("url") or "")
            if not text or target is None or target == source:
                continue
            rows.append((target, source, text))
            if len(rows) >= _BATCH_ROWS:
                anchors += _flush(db, rows)
    anchors += _flush(db, rows)
    db.execute("CREATE INDEX IF NOT EXISTS anchors_target ON anchors (target)")
    db.commit()
    return pages, anchors


def _flush(db: sqlite3.Connection, rows: list[tuple[str, str, str]]) -> int:
    n = len(rows)
    if rows:
        db.executemany("INSERT INTO anchors VALUES (?, ?, ?)", rows)
        rows.clear()
    return n


def incoming_anchors(db: sqlite3.Connection, *, crawled_only: bool = True) -> Iterator[IncomingAnchors]:
    """Per target URL, its incoming anchor texts (most used first) and linking pages.

    ``crawled_only``: only targets that are pages of the crawl (else every link target).
    """
    where = "WHERE a.target IN (SELECT url FROM pages)" if crawled_only else ""
    query = f"""
        WITH linking AS (SELECT target, COUNT(DISTINCT source) AS n FROM anchors GROUP BY target)
        SELECT a.target, p.id, a.text, COUNT(*), linking.n
        FROM anchors a JOIN linking ON linking.target = a.target
        LEFT JOIN pages p ON p.url = a.target {where}
        GROUP BY a.target, a.text ORDER BY a.target, COUNT(*) DESC, a.text
    """
    current: IncomingAnchors | None = None
    for target, page_id, text, uses, sources in db.execute(query):
        if current is None or current.url != target:
            if current is not None:
                yield current
            current = IncomingAnchors(target, page_id, [], sources)
        current.anchors.append((text, uses))
    if current is not None:
        yield current
