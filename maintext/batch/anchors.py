"""Incoming anchor text across a crawl: the page object's "anchor text" field (seed 001).

The words other pages use to link to a page describe it better than the page itself, and
they can only be known from a collection of pages. The link index (:class:`LinkIndex`, an
SQLite file: the state of a crawl outgrows memory) takes the records of a batch and stores
every (target, source, source host, anchor text); it then answers per target URL with the
anchor texts, how many links use each, and the hosts they come from. The batch fills each
record's ``incoming_anchors`` from it after the run; ``maintext anchors`` builds or queries
one from batch output.

URLs are compared after normalisation (:func:`normalize_url`: courlan's, which lower-cases
scheme and host, drops default ports, sorts the query and removes tracking parameters such
as ``utm_*``/``fbclid``; the fragment is dropped too). Links from a page to itself, links
without text and non-http(s) links are ignored.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ..errors import MaintextError
from ..result import IncomingAnchor, Page

_DEFAULT_PORTS = {"http": 80, "https": 443}
_SCHEMA = """
CREATE TABLE IF NOT EXISTS anchors (target TEXT NOT NULL, source TEXT NOT NULL, host TEXT NOT NULL,
                                    text TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pages (url TEXT PRIMARY KEY, id TEXT);
CREATE TABLE IF NOT EXISTS incoming (target TEXT NOT NULL, text TEXT NOT NULL, count INTEGER NOT NULL,
                                     hosts TEXT NOT NULL, sources INTEGER NOT NULL);
"""
_BATCH_ROWS = 5000  # rows per executemany: bounded memory on huge inputs
_MAX_HOSTS = 20  # source hosts listed per anchor text
# URLs with a plain path and no query, where courlan's result is the simple one (checked on
# the shared sets' 33k links): skip courlan, ~3x faster
_PLAIN = re.compile(r"^[A-Za-z]+://[A-Za-z0-9.\-]+(:\d+)?(/(?!/)[A-Za-z0-9._~\-]*)*/?(#.*)?$")

try:
    import courlan as _courlan
except ImportError:  # pragma: no cover - the extra is not installed
    _courlan = None


@dataclass(slots=True)
class IncomingAnchors:
    url: str
    id: str | None
    anchors: list[tuple[str, int]]  # distinct anchor texts with how many links use them
    sources: int  # distinct pages linking here
    hosts: list[list[str]] = field(default_factory=list)  # per anchor text: source hosts

    def typed(self) -> list[IncomingAnchor]:
        """As the page object holds them (``Page.incoming_anchors``)."""
        return [IncomingAnchor(t, n, list(h)) for (t, n), h in zip(self.anchors, self.hosts)]

    def as_record_field(self) -> list[dict[str, Any]]:
        """As a record holds them (what ``Page.to_dict`` gives for :meth:`typed`)."""
        return [{"text": t, "count": n, "hosts": h} for (t, n), h in zip(self.anchors, self.hosts)]


def legacy_normalize_url(url: str) -> str | None:
    """The normalisation before courlan (scheme/host case, default port, fragment)."""
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


@lru_cache(maxsize=1 << 16)  # the same navigation links recur on every page of a site
def normalize_url(url: str) -> str | None:
    """Comparable form of an http(s) URL, or None for anything else."""
    base = legacy_normalize_url(url)
    if base is None or _courlan is None or _PLAIN.match(url.strip()):
        return base  # a plain URL (no query, nothing to quote): courlan gives the same
    try:
        norm = _courlan.normalize_url(url.strip())
    except (ValueError, TypeError, AttributeError):
        return None
    parts = urlsplit(norm)
    if parts.scheme not in _DEFAULT_PORTS or not parts.netloc:
        return None
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, ""))


def _host(url: str) -> str:
    return urlsplit(url).netloc


def link_keys(record: dict[str, Any]) -> dict[str, Any] | None:
    """The record's normalised URL and its links as [target, text] pairs (links to itself,
    without text or not http(s) left out): computed in the worker, so the driver's pass
    does no URL work. None when the page has no http(s) URL."""
    source = normalize_url(record.get("url") or "")
    if source is None:
        return None
    pairs = []
    for link in record.get("links") or ():
        text = " ".join((link.get("text") or "").split())
        target = normalize_url(link.get("url") or "") if text else None
        if target is not None and target != source:
            pairs.append([target, text])
    return {"url": source, "links": pairs}


def link_rows(record: dict[str, Any]) -> tuple[str | None, list[tuple[str, str, str, str]]]:
    """A record's normalised URL and its (target, source, host, text) rows."""
    keys = record.get("link_keys") or link_keys(record)
    if not keys:
        return None, []
    source = keys["url"]
    host = _host(source)
    return source, [(target, source, host, text) for target, text in keys["links"]]


class LinkIndex:
    """The crawl's links in SQLite; built from records, queried per target URL."""

    def __init__(self, db: sqlite3.Connection | str | Path) -> None:
        self.db = db if isinstance(db, sqlite3.Connection) else sqlite3.connect(str(db))
        self.db.executescript(_SCHEMA)

    def reset(self) -> None:
        self.db.executescript("DROP INDEX IF EXISTS anchors_target; DROP INDEX IF EXISTS incoming_target; "
                              "DELETE FROM anchors; DELETE FROM pages; DELETE FROM incoming;")

    def add_pages(self, records: Iterable[dict[str, Any]]) -> Iterator[tuple[str, str, str, str]]:
        """Store the pages of ``records`` and give their link rows (for a shuffle elsewhere)."""
        for record in records:
            source, found = link_rows(record)
            if source is not None:
                self.db.execute("INSERT OR REPLACE INTO pages VALUES (?, ?)", (source, record.get("id")))
                yield from found

    def add_aggregates(self, rows: Iterable[tuple[str, str, int, str, int]]) -> int:
        """Store anchors already grouped by target (target, text, count, hosts, sources), as
        the Dask engine's shuffle gives them; lookups then read them instead of raw links."""
        n = 0
        for chunk in _chunks(rows, _BATCH_ROWS):
            self.db.executemany("INSERT INTO incoming VALUES (?, ?, ?, ?, ?)", chunk)
            n += sum(row[2] for row in chunk)
        self.db.execute("CREATE INDEX IF NOT EXISTS incoming_target ON incoming (target)")
        self.db.commit()
        return n

    def add(self, records: Iterable[dict[str, Any]]) -> tuple[int, int]:
        """Store the links of ``records``; returns (pages, links with text) read."""
        pages = anchors = 0
        rows: list[tuple[str, str, str, str]] = []
        for record in records:
            source, found = link_rows(record)
            if source is None:
                continue
            pages += 1
            self.db.execute("INSERT OR REPLACE INTO pages VALUES (?, ?)", (source, record.get("id")))
            rows.extend(found)
            if len(rows) >= _BATCH_ROWS:
                anchors += self.add_rows(rows)
        anchors += self.add_rows(rows)
        self.finish()
        return pages, anchors

    def add_rows(self, rows: list[tuple[str, str, str, str]]) -> int:
        n = len(rows)
        if rows:
            self.db.executemany("INSERT INTO anchors VALUES (?, ?, ?, ?)", rows)
            rows.clear()
        return n

    def finish(self) -> None:
        self.db.execute("CREATE INDEX IF NOT EXISTS anchors_target ON anchors (target)")
        self.db.commit()

    def lookup(self, url: str) -> IncomingAnchors | None:
        """Incoming anchors of one URL (None when no page of the crawl links to it)."""
        target = normalize_url(url)
        if target is None:
            return None
        page = self.db.execute("SELECT id FROM pages WHERE url = ?", (target,)).fetchone()
        grouped = self.db.execute("SELECT text, count, hosts, sources FROM incoming WHERE target = ? "
                                  "ORDER BY count DESC, text", (target,)).fetchall()
        if grouped:
            return IncomingAnchors(target, page[0] if page else None, [(t, n) for t, n, _, _ in grouped],
                                   grouped[0][3], [h.split(",")[:_MAX_HOSTS] for _, _, h, _ in grouped])
        rows = self.db.execute(
            "SELECT text, COUNT(*), GROUP_CONCAT(DISTINCT host), COUNT(DISTINCT source) FROM anchors "
            "WHERE target = ? GROUP BY text ORDER BY COUNT(*) DESC, text", (target,)).fetchall()
        if not rows:
            return None
        sources = self.db.execute("SELECT COUNT(DISTINCT source) FROM anchors WHERE target = ?",
                                  (target,)).fetchone()[0]
        return IncomingAnchors(target, page[0] if page else None, [(t, n) for t, n, _, _ in rows], sources,
                               [sorted(h.split(","))[:_MAX_HOSTS] for _, _, h, _ in rows])

    def annotate(self, page: Page) -> Page:
        """Set ``page.incoming_anchors`` from the index (by ``page.url``): a page extracted
        on its own gets the anchor texts its crawl has for it."""
        found = self.lookup(page.url) if page.url else None
        page.incoming_anchors = found.typed() if found else []
        return page

    def fill(self, records: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """The records with ``incoming_anchors`` set from the index (a transform)."""
        for record in records:
            if "__raw__" not in record and record.get("url") and not record.get("error"):
                found = self.lookup(record["url"])
                record["incoming_anchors"] = found.as_record_field() if found else []
            yield record

    def close(self) -> None:
        self.db.close()


def _chunks(rows: Iterable[Any], size: int) -> Iterator[list[Any]]:
    chunk: list[Any] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def group_rows(rows: Iterable[tuple[str, str, str, str]]) -> list[tuple[str, str, int, str, int]]:
    """(target, source, host, text) rows grouped: (target, text, count, hosts, sources)."""
    texts: dict[tuple[str, str], list[Any]] = {}
    sources: dict[str, set[str]] = {}
    for target, source, host, text in rows:
        entry = texts.setdefault((target, text), [0, set()])
        entry[0] += 1
        entry[1].add(host)
        sources.setdefault(target, set()).add(source)
    return [(target, text, n, ",".join(sorted(hosts)[:_MAX_HOSTS]), len(sources[target]))
            for (target, text), (n, hosts) in texts.items()]


def _is_parquet(path: Path) -> bool:
    with open(path, "rb") as fh:
        return fh.read(4) == b"PAR1"


def _parquet_records(path: Path) -> Iterator[dict]:
    """The id, url, links and error of each record of a batch's Parquet output, one row
    group (a partition) at a time."""
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise MaintextError(f"{path}: reading Parquet needs pyarrow: pip install 'maintext[parquet]'") from None
    try:
        reader = pq.ParquetFile(path)
        names = set(reader.schema_arrow.names)
        if not {"url", "links"} <= names:
            raise MaintextError(f"{path}: no url and links columns: not `maintext batch` output")
        columns = [c for c in ("id", "url", "links", "error") if c in names]
        for i in range(reader.num_row_groups):
            yield from reader.read_row_group(i, columns=columns).to_pylist()
    except (OSError, ValueError) as exc:  # pyarrow's ArrowInvalid is a ValueError
        raise MaintextError(f"{path}: cannot read Parquet: {exc}") from None


def _records(paths: Iterable[Path], damaged: list[str] | None = None) -> Iterator[dict]:
    """The records of batch output files (JSONL, or Parquet told by its magic bytes). A file whose first record is not a JSON object
    is not batch output: :class:`MaintextError`. A damaged line after good ones (a resumed
    batch keeps such lines) is skipped and listed in ``damaged`` as "FILE:LINE"; a cut last
    line (an interrupted batch) is skipped silently."""
    for path in paths:
        if _is_parquet(path):
            yield from _parquet_records(path)
            continue
        with open(path, encoding="utf-8", errors="replace") as fh:
            good = 0
            bad: int | None = None  # the last unreadable line seen
            for number, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                if bad is not None and damaged is not None:  # it was not the last line
                    damaged.append(f"{path}:{bad}")
                bad = None
                try:
                    record = json.loads(line)
                except ValueError:
                    record = None
                if not isinstance(record, dict):
                    if not good:
                        raise MaintextError(f"{path}: line {number} is not a JSON object: "
                                            "not `maintext batch` output")
                    bad = number
                    continue
                good += 1
                yield record


def collect_anchors(batch_files: Iterable[Path], db: sqlite3.Connection,
                    damaged: list[str] | None = None) -> tuple[int, int]:
    """Load the links of batch output (JSONL or Parquet files) into ``db``; returns (pages, anchors).
    Damaged lines skipped are listed in ``damaged`` (see :func:`_records`)."""
    return LinkIndex(db).add(_records(batch_files, damaged))


def incoming_anchors(db: sqlite3.Connection, *, crawled_only: bool = True) -> Iterator[IncomingAnchors]:
    """Per target URL, its incoming anchor texts (most used first) and linking pages.

    ``crawled_only``: only targets that are pages of the crawl (else every link target)."""
    where = "WHERE a.target IN (SELECT url FROM pages)" if crawled_only else ""
    query = f"""
        WITH linking AS (SELECT target, COUNT(DISTINCT source) AS n FROM anchors GROUP BY target)
        SELECT a.target, p.id, a.text, COUNT(*), linking.n, GROUP_CONCAT(DISTINCT a.host)
        FROM anchors a JOIN linking ON linking.target = a.target
        LEFT JOIN pages p ON p.url = a.target {where}
        GROUP BY a.target, a.text ORDER BY a.target, COUNT(*) DESC, a.text
    """
    current: IncomingAnchors | None = None
    for target, page_id, text, uses, sources, hosts in db.execute(query):
        if current is None or current.url != target:
            if current is not None:
                yield current
            current = IncomingAnchors(target, page_id, [], sources)
        current.anchors.append((text, uses))
        current.hosts.append(sorted(hosts.split(","))[:_MAX_HOSTS])
    if current is not None:
        yield current
