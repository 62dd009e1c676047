"""Parquet output (optional extra ``maintext[parquet]``: pyarrow): one row per page, one row
group per partition.

Takes records and gives ``OUT.parquet``. While the batch runs, each partition's records are
written to ``OUT.parquet.parts/part-NNNNNN.parquet`` (a temporary name, then renamed: a part
is there whole or not at all); resume reads the ids of the parts and of ``OUT.parquet``. At
the end the parts are merged into ``OUT.parquet`` (temporary file, renamed), one row group
per part, skipping ids already written, so a kill at any moment loses no record and
duplicates none.

Schema (:data:`SCHEMA`; every column nullable, absent fields are null):

=================== ================================================================
id, url, source     string: the page id, its URL, where it was read from
method, title, headline, text, date, author, description, sitename, language, encoding,
reason, error, date_modified, image, license, canonical_url
                    string (``language`` is what the page declares)
comments, markdown, html
                    string: only when asked (``--fields``), else null
lang                string: language detected from the text (ISO 639-1)
duplicate_of        string: id of the first near-duplicate of this page in the batch
minhash             string: MinHash signature (base64) between extraction and the crawl pass;
                    null in the final file
paragraphs, keywords, authors, categories
                    list<string>
links               list<struct<url: string, text: string, in_main: bool>>
blocks              list<struct<kind, text, level, list_kind, depth, number, item_start,
                    quote_depth, table, row, col, header, colspan, rowspan, language, src,
                    alt, spans: list<struct<start, end, kind, href>>>> (see TextBlock)
incoming_anchors    list<struct<text: string, count: int64, hosts: list<string>>>
is_content_page     bool; content_confidence: double
extra, explain      string: the method's diagnostics, the --explain decisions, as JSON
link_keys           string: normalised URL and link targets (JSON) between extraction and
                    the crawl pass; null in the final file
=================== ================================================================
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import LoadError
from .sinks import Transform, lock_file
from .tasks import EncodedRecord

try:  # optional extra
    import pyarrow as pa
    import pyarrow.parquet as pq
except ImportError:  # pragma: no cover - depends on the install
    pa = pq = None

_STRINGS = ("id", "url", "source", "method", "title", "headline", "text", "date", "author",
            "description", "sitename", "language", "encoding", "reason", "error", "lang",
            "duplicate_of", "minhash", "date_modified", "image", "license", "canonical_url",
            "comments", "markdown", "html")
_JSON = ("extra", "explain", "link_keys")  # free-form values, stored as JSON text


def _schema() -> Any:
    s = pa.string()
    span = pa.struct([("start", pa.int64()), ("end", pa.int64()), ("kind", s), ("href", s)])
    block = pa.struct([
        ("kind", s), ("text", s), ("level", pa.int64()), ("list_kind", s), ("depth", pa.int64()),
        ("number", pa.int64()), ("item_start", pa.bool_()), ("quote_depth", pa.int64()),
        ("table", pa.int64()), ("row", pa.int64()), ("col", pa.int64()), ("header", pa.bool_()),
        ("colspan", pa.int64()), ("rowspan", pa.int64()), ("language", s), ("src", s), ("alt", s),
        ("spans", pa.list_(span)),
    ])
    return pa.schema(
        [(name, s) for name in _STRINGS]
        + [("paragraphs", pa.list_(s)), ("keywords", pa.list_(s)), ("authors", pa.list_(s)),
           ("categories", pa.list_(s)),
           ("links", pa.list_(pa.struct([("url", s), ("text", s), ("in_main", pa.bool_())]))),
           ("blocks", pa.list_(block)),
           ("incoming_anchors", pa.list_(pa.struct([("text", s), ("count", pa.int64()),
                                                    ("hosts", pa.list_(s))]))),
           ("is_content_page", pa.bool_()), ("content_confidence", pa.float64()), ("extra", s),
           ("explain", s), ("link_keys", s)])


SCHEMA = _schema() if pa is not None else None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _clean(value: Any) -> Any:
    """Strings Parquet accepts (lone surrogates replaced), recursively."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_clean(v) for v in value]
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    return value


def to_row(record: dict[str, Any]) -> dict[str, Any]:
    row = {name: record.get(name) for name in SCHEMA.names}
    for name in _STRINGS:
        if row[name] is not None and not isinstance(row[name], str):
            row[name] = str(row[name])
    anchors = record.get("incoming_anchors")
    if anchors is not None:  # dicts; a bare text as written before anchors had counts
        row["incoming_anchors"] = [a if isinstance(a, dict) else {"text": str(a), "count": 1, "hosts": []}
                                   for a in anchors]
    for name in _JSON:
        row[name] = json.dumps(record[name], ensure_ascii=False, default=str) if record.get(name) else None
    return _clean(row)


def from_row(row: dict[str, Any]) -> dict[str, Any]:
    """A record as the JSONL output has it: null columns left out, and blocks and spans in
    their compact form (only the fields that are set, see ``result.block_to_dict``)."""
    record = {k: v for k, v in row.items() if v is not None}
    if record.get("blocks"):
        record["blocks"] = [_compact_block(b) for b in record["blocks"]]
    for name in _JSON:
        if name in record:
            record[name] = json.loads(record[name])
    return record


def _compact_block(block: dict[str, Any]) -> dict[str, Any]:
    data = {k: v for k, v in block.items() if v is not None and k != "spans"}
    if block.get("spans"):
        data["spans"] = [{k: v for k, v in span.items() if v is not None} for span in block["spans"]]
    return data


def _table(records: list[dict[str, Any]]) -> Any:
    return pa.Table.from_pylist([to_row(r) for r in records], schema=SCHEMA)


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    """Records of a Parquet file written by the batch, one row group at a time."""
    reader = pq.ParquetFile(path)
    for i in range(reader.num_row_groups):
        for row in reader.read_row_group(i).to_pylist():
            yield from_row(row)


class ParquetSink:
    """Records buffered per partition; each partition a part file, merged at the end."""

    def __init__(self, path: Path, resume: bool, part_pages: int) -> None:
        if pa is None:
            raise LoadError("Parquet output needs pyarrow: pip install 'maintext[parquet]'")
        if not path.parent.is_dir():
            raise LoadError(f"the folder of {path} does not exist")
        self.path, self.part_pages = path, max(1, part_pages)
        self.parts = path.with_name(path.name + ".parts")
        self.parts.mkdir(exist_ok=True)
        self.lock = open(self.parts / ".lock", "a")  # noqa: SIM115 - closed in close()
        lock_file(self.lock, path)
        if not resume:
            for old in self._part_files():
                old.unlink()
            path.unlink(missing_ok=True)
        self.done: set[str] = set()
        self.notes: list[str] = []
        for old in self._sources():
            self.done.update(str(i) for i in pq.read_table(old, columns=["id"]).column("id").to_pylist())
        self.buffer: list[dict[str, Any]] = []
        self.seq = len(self._part_files())

    def _part_files(self) -> list[Path]:
        for tmp in self.parts.glob("*.tmp"):
            tmp.unlink()  # a part cut by a kill: its pages are redone
        return sorted(self.parts.glob("part-*.parquet"))

    def _sources(self) -> list[Path]:
        return ([self.path] if self.path.is_file() else []) + self._part_files()

    def write(self, record: dict[str, Any] | EncodedRecord) -> None:
        self.buffer.append(record.to_dict() if isinstance(record, EncodedRecord) else record)
        if len(self.buffer) >= self.part_pages:
            self.flush()

    def write_part(self, records: list[dict[str, Any]]) -> None:
        """Commit one partition: a part file written under a temporary name, then renamed."""
        if not records:
            return
        name = self.parts / f"part-{self.seq:06d}-{os.getpid()}.parquet"
        self.seq += 1
        tmp = name.with_suffix(".tmp")
        pq.write_table(_table(records), tmp)
        os.replace(tmp, name)

    def flush(self) -> None:
        self.write_part(self.buffer)
        self.buffer = []

    def records(self) -> Iterator[dict[str, Any]]:
        self.flush()
        for source in self._sources():
            yield from read_records(source)

    def finish(self, transform: Transform) -> None:
        """Merge everything into OUT.parquet through ``transform``, a row group per part."""
        self.flush()
        tmp = self.path.with_name(self.path.name + ".tmp")
        written: set[str] = set()
        with pq.ParquetWriter(tmp, SCHEMA) as writer:
            for group in self._groups(transform, written):
                writer.write_table(_table(group))
        os.replace(tmp, self.path)
        for part in self._part_files():
            part.unlink()

    def _groups(self, transform: Transform, written: set[str]) -> Iterator[list[dict[str, Any]]]:
        def unique() -> Iterator[dict[str, Any]]:
            for record in self._sources_records():
                if record.get("id") not in written:
                    written.add(record.get("id"))
                    yield record

        group: list[dict[str, Any]] = []
        for record in transform(unique()):
            group.append(record)
            if len(group) >= self.part_pages:
                yield group
                group = []
        if group:
            yield group

    def _sources_records(self) -> Iterator[dict[str, Any]]:
        for source in self._sources():
            yield from read_records(source)

    def close(self) -> None:
        self.lock.close()
