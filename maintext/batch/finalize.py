"""The crawl-level pass after a batch: link index, incoming anchors, near-duplicates.

Takes the batch's sink (its committed records, in output order) and rewrites its output
once: each record's ``incoming_anchors`` from the link index (:mod:`.anchors`, SQLite at
``OUT.links.sqlite`` unless ``link_db`` says otherwise), ``duplicate_of`` for near-copies of
an earlier record (:mod:`.hygiene`), and with ``dedup`` the near-copies dropped (their ids
kept in the index's ``dropped`` table, so a resumed run does not extract them again). The
index is rebuilt from the committed output, so it always agrees with it, even after a
``kill -9``; the pass is idempotent (run again after a resume, it gives the same file).
"""

from __future__ import annotations

import base64
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .anchors import LinkIndex
from .hygiene import NearDuplicates
from .tasks import BatchConfig, Summary


def link_db_path(cfg: BatchConfig) -> Path:
    return cfg.link_db or cfg.out.with_name(cfg.out.name + ".links.sqlite")


def dropped_ids(cfg: BatchConfig) -> set[str]:
    """Ids dropped as near-duplicates by earlier runs (resume skips them)."""
    path = link_db_path(cfg)
    if not cfg.dedup or not path.is_file():
        return set()
    db = sqlite3.connect(str(path))
    try:
        db.execute("CREATE TABLE IF NOT EXISTS dropped (id TEXT PRIMARY KEY)")
        return {row[0] for row in db.execute("SELECT id FROM dropped")}
    finally:
        db.close()


def _hashes(records: Iterator[dict[str, Any]], out: list[tuple[str, str, str]]) -> Iterator[dict[str, Any]]:
    """Pass records through, noting (source, id, signature) of each page with a MinHash.
    A record finalised by an earlier run (its signature used up) is signed here again."""
    from .hygiene import minhash

    for record in records:
        signature = record.get("minhash")
        if signature is None and "minhash" not in record and record.get("text") and not record.get("error"):
            raw = minhash(record["text"])
            signature = base64.b64encode(raw).decode("ascii") if raw else None
        if signature and not record.get("error"):
            out.append((str(record.get("source") or ""), str(record.get("id")), signature))
        yield record


def duplicate_map(hashes: list[tuple[str, str, str]]) -> dict[str, str]:
    """id -> id of the first page of its near-duplicate group, "first" in the order of the
    pages' sources (file paths, URLs), so both engines and every rerun agree."""
    seen = NearDuplicates()
    firsts: dict[str, str] = {}
    for _source, page_id, signature in sorted(hashes):
        first = seen.check(page_id, signature)
        if first is not None:
            firsts[page_id] = firsts.get(first, first)
    return firsts


def _dedup(records: Iterator[dict[str, Any]], firsts: dict[str, str], cfg: BatchConfig, summary: Summary,
           db: sqlite3.Connection) -> Iterator[dict[str, Any]]:
    for record in records:
        record.pop("minhash", None)  # used up: the output keeps the verdict
        record.pop("link_keys", None)
        if "__raw__" not in record and not record.get("error"):
            first = firsts.get(str(record.get("id")))
            record["duplicate_of"] = first
            if first is not None:
                summary.duplicates += 1
                if cfg.dedup:
                    db.execute("INSERT OR IGNORE INTO dropped VALUES (?)", (str(record.get("id")),))
                    continue
        yield record


def _index_by_shuffle(index: LinkIndex, records: Iterator[dict[str, Any]], shuffle: Any) -> tuple[int, int]:
    """Fill the index with anchors grouped elsewhere (the Dask engine's shuffle by target)."""
    from .anchors import _chunks

    index.reset()
    pages = [0]

    def counted() -> Iterator[dict[str, Any]]:
        for record in records:
            pages[0] += 1
            yield record

    links = index.add_aggregates(shuffle(_chunks(index.add_pages(counted()), 20_000)))
    return pages[0], links


def finalize(sink: Any, cfg: BatchConfig, summary: Summary, log: Callable[[str], None] | None,
             shuffle: Any = None) -> None:
    """Run the crawl-level pass over ``sink`` (nothing for the folder format). ``shuffle``:
    a function grouping link rows by target elsewhere (Dask), else SQLite groups them."""
    if cfg.fmt == "folder" or not (cfg.anchors or cfg.hygiene or cfg.dedup):
        return
    start = time.perf_counter()
    index = LinkIndex(link_db_path(cfg))
    try:
        index.db.execute("CREATE TABLE IF NOT EXISTS dropped (id TEXT PRIMARY KEY)")
        pages = links = 0
        hashes: list[tuple[str, str, str]] = []
        if cfg.anchors and shuffle is not None:
            pages, links = _index_by_shuffle(index, _hashes(sink.records(), hashes), shuffle)
        elif cfg.anchors:
            index.reset()
            pages, links = index.add(_hashes(sink.records(), hashes))
        elif cfg.hygiene or cfg.dedup:
            for _ in _hashes(sink.records(), hashes):
                pass
        firsts = duplicate_map(hashes)

        def transform(records: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
            if cfg.anchors:
                records = index.fill(records)
            if cfg.hygiene or cfg.dedup:
                records = _dedup(records, firsts, cfg, summary, index.db)
            return records

        sink.finish(transform)
        index.db.commit()
    finally:
        index.close()
    summary.finalize_seconds = time.perf_counter() - start
    if log:
        log(f"crawl pass: {pages} pages, {links} links with text in the link index; "
            f"{summary.duplicates} near-duplicates{' dropped' if cfg.dedup else ''} "
            f"({summary.finalize_seconds:.2f} s)")
