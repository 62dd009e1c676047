"""Pages from WARC archives (optional extra ``maintext[warc]``, read with FastWARC).

Crawls are stored as WARC files. Reading is split in two so that the process that walks an
archive never holds or decodes a page body:

* :func:`scan_warc` walks the records of one archive (or of one byte range of it, see
  :func:`warc_splits`) and gives a :class:`WarcEntry` per page: id, URL, content type and
  the record's offset. Bodies are skipped in bounded chunks, never decoded, so a
  compression bomb or a malformed chunked body costs the scanner nothing; a record whose
  body is cut short (a truncated archive) is reported as a damaged entry.
* :func:`read_warc_page` seeks to one record and decodes its body (content and transfer
  encodings: gzip, brotli, chunked) with the output bounded by ``max_bytes``: a bomb stops
  at the limit with :class:`~maintext.errors.DocumentTooLargeError` in the process that
  reads it (a batch worker, under its memory limit).

Which records are pages: ``response`` records with HTTP status 2xx and an HTML content
type, or none at all (servers often omit it for HTML). A page's id is its
``WARC-Record-ID`` (unique and stable, so batch runs can resume); its URL is
``WARC-Target-URI``. Plain, gzip, zstd and lz4 archives are read (FastWARC detects them).
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DocumentTooLargeError, LoadError

WARC_SUFFIXES = (".warc", ".warc.gz", ".warc.zst", ".warc.lz4")

# HTTP content types that hold a web page. Others (images, PDF, JSON, CSS, scripts) are
# skipped: they have no main text for an HTML extractor.
HTML_CONTENT_TYPES = frozenset({
    "text/html",
    "application/xhtml+xml",
    "application/xml+html",  # rare misspelling sent by some servers for XHTML
})
_CHUNK = 1 << 20  # bytes of a body read at a time (scanning and bounded decoding)
_HEAD_MAX = 64 * 1024  # HTTP headers longer than this are taken as no headers


@dataclass(slots=True)
class WarcPage:
    id: str
    url: str | None
    content: bytes | None
    content_type: str | None
    error: str | None = None


@dataclass(slots=True)
class WarcEntry:
    """One page of an archive, not read yet: ``read_warc_page(path, offset)`` reads it."""

    id: str
    url: str | None
    content_type: str | None
    offset: int
    length: int  # bytes of the record block (HTTP headers and body, as stored)
    error: str | None = None  # damaged record (cut short): nothing to read


@dataclass(slots=True)
class WarcStats:
    """What an archive held besides pages (for the batch log)."""

    pages: int = 0
    not_html: int = 0
    not_ok: int = 0
    damaged: int = 0  # records cut short (a truncated archive)
    skipped_types: dict[str, int] = field(default_factory=dict)


def is_warc_name(name: str) -> bool:
    return name.lower().endswith(WARC_SUFFIXES)


def _archive_iterator(stream, *, decode: bool):
    try:
        from fastwarc.warc import ArchiveIterator, WarcRecordType
    except ImportError:  # pragma: no cover - depends on the install
        raise LoadError("reading WARC files needs FastWARC: pip install 'maintext[warc]'") from None
    return ArchiveIterator(stream, record_types=WarcRecordType.response, parse_http=decode,
                           auto_decode="all" if decode else "none", fsspec_args=False)


def _open(path: Path):
    try:
        return open(path, "rb")  # noqa: SIM115 - closed by the caller
    except OSError as exc:
        raise LoadError(f"cannot read WARC file {path}: {exc.strerror or exc}") from None


def _record_id(record, fallback: str) -> str:
    rid = (record.record_id or "").strip()
    return rid[1:-1] if rid.startswith("<") and rid.endswith(">") else (rid or fallback)


def _http_head(block_start: bytes) -> tuple[int | None, str | None]:
    """Status and Content-Type from the start of an HTTP response block."""
    end = block_start.find(b"\r\n\r\n")
    if end < 0:
        end = block_start.find(b"\n\n")
    lines = block_start[: end if end >= 0 else _HEAD_MAX].decode("latin-1").splitlines()
    status = None
    if lines and lines[0].upper().startswith("HTTP/"):
        parts = lines[0].split()
        status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
    ctype = None
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-type":
            ctype = value.strip() or None
    return status, ctype


def _skip_body(reader, first: bytes) -> int:
    """Bytes of a record block, reading (and dropping) the rest in bounded chunks."""
    n = len(first)
    while chunk := reader.read(_CHUNK):
        n += len(chunk)
    return n


def _entry(record, path: Path, stats: WarcStats) -> WarcEntry | None:
    first = record.reader.read(_HEAD_MAX)
    length = _skip_body(record.reader, first)
    status, full_type = _http_head(first)
    page_id = _record_id(record, f"{path.name}@{record.stream_pos}")  # no ID: where it is
    url = record.headers.get("WARC-Target-URI")
    if not (record.headers.get("Content-Length") or "").strip().isdigit():
        stats.damaged += 1
        return WarcEntry(page_id, url, full_type, record.stream_pos, length,
                         error="WarcDamageError: a record header without a valid Content-Length "
                               "(cut short or damaged)")
    if length < record.content_length:
        stats.damaged += 1
        return WarcEntry(page_id, url, full_type, record.stream_pos, length,
                         error=f"WarcDamageError: the archive ends inside this record ({length} of "
                               f"{record.content_length} bytes)")
    if status is not None and not 200 <= status < 300:
        stats.not_ok += 1
        return None
    ctype = (full_type or "").split(";")[0].strip().lower()
    if ctype and ctype not in HTML_CONTENT_TYPES:
        stats.not_html += 1
        stats.skipped_types[ctype] = stats.skipped_types.get(ctype, 0) + 1
        return None
    stats.pages += 1
    return WarcEntry(page_id, url, full_type, record.stream_pos, record.content_length)


def scan_warc(path: str | Path, stats: WarcStats | None = None, start: int = 0,
              stop: int | None = None) -> Iterator[WarcEntry]:
    """The pages of one archive in order, not read; with ``start``/``stop`` only the
    records that begin in that byte range (``start`` must be a record boundary, see
    :func:`warc_splits`). Damage is a :class:`WarcEntry` with ``error``, and the scan goes
    on at the next record boundary: a record cut short, a record header cut short, an
    invalid header, or bytes after the last record that are not one (for plain and gzip
    archives). Raises :class:`LoadError` when the archive cannot be opened."""
    path = Path(path)
    stats = stats if stats is not None else WarcStats()
    stream = _open(path)
    try:
        stream.seek(start)
        gz = stream.read(2) == b"\x1f\x8b"
        pos = yield from _scan_from(stream, path, stats, start, stop, gz, first=True)
        while pos is not None:
            pos = yield from _scan_from(stream, path, stats, pos, stop, gz)
    except OSError as exc:
        raise LoadError(f"cannot read WARC file {path}: {exc.strerror or exc}") from None
    finally:
        stream.close()


def _scan_from(stream, path: Path, stats: WarcStats, start: int, stop: int | None,
               gz: bool, first: bool = False) -> Iterator[WarcEntry]:
    """Entries from ``start`` until ``stop`` or damage; returns where to go on (or None).
    ``first``: an error before any record means this is no WARC archive (OSError)."""
    stream.seek(start)
    last: tuple[int, int] | None = None  # (offset, Content-Length) of the last record read
    reason = None
    try:
        for record in _archive_iterator(stream, decode=False):
            if stop is not None and record.stream_pos >= stop:
                return None
            last = (record.stream_pos, record.content_length)
            entry = _entry(record, path, stats)
            if entry is not None:
                yield entry
    except OSError as exc:  # FastWARC: "Invalid WARC header"; it cannot go on by itself
        if first and last is None:
            raise
        reason = str(exc.strerror or exc)
    size = os.fstat(stream.fileno()).st_size
    end_of_range = min(size, stop) if stop is not None else size
    end = start if last is None else _record_end(stream, last[0], last[1], gz)
    if end is None:  # not computable (zstd, lz4, a header without its end)
        return None
    stream.seek(end)
    rest = stream.read(min(4096, max(0, end_of_range - end)))
    end += len(rest) - len(rest.lstrip(b"\r\n"))  # the padding after a record
    if not rest.strip(b"\r\n"):
        return None
    stats.damaged += 1
    why = reason or "not a complete WARC record (the archive is cut inside a record header, or damaged)"
    yield WarcEntry(f"{path.name}@{end}", None, None, end, 0,
                    error=f"WarcDamageError: bytes from offset {end} are not a WARC record: {why}")
    again = _sync(stream, end + 1, gz)
    return again if again is not None and again < end_of_range else None


def _record_end(stream, offset: int, content_length: int, gz: bool) -> int | None:
    """Where the record at ``offset`` ends: its gzip member's end, or (plain) its header, a
    blank line, ``content_length`` bytes and the CRLF CRLF after them."""
    stream.seek(offset)
    if gz:
        inflate, used = zlib.decompressobj(31), 0
        while not inflate.eof:
            data = stream.read(_CHUNK)
            if not data:
                return None
            try:
                inflate.decompress(data, _CHUNK)  # output dropped, in bounded pieces
                while inflate.unconsumed_tail and not inflate.eof:
                    inflate.decompress(inflate.unconsumed_tail, _CHUNK)
            except zlib.error:
                return None
            used += len(data)
        return offset + used - len(inflate.unused_data)
    head = stream.read(_HEAD_MAX)
    blank = head.find(b"\r\n\r\n")
    if blank < 0:
        return None
    return offset + blank + 4 + content_length


def read_warc_page(path: str | Path, offset: int, max_bytes: int | None) -> tuple[bytes, str | None]:
    """The decoded body of the record at ``offset`` and its Content-Type, at most
    ``max_bytes`` bytes (else :class:`DocumentTooLargeError`, without decoding the rest)."""
    path = Path(path)
    stream = _open(path)
    try:
        stream.seek(offset)
        record = next(iter(_archive_iterator(stream, decode=True)), None)
        if record is None or record.stream_pos != offset:
            raise LoadError(f"no WARC record at offset {offset} of {path}")
        limit = max_bytes if max_bytes is not None else 1 << 62
        parts, size = [], 0
        while size <= limit and (chunk := record.reader.read(_CHUNK)):
            parts.append(chunk)
            size += len(chunk)
        if size > limit:
            raise DocumentTooLargeError(f"WARC record decodes to more than the limit of {max_bytes} bytes")
        http = record.http_headers
        return b"".join(parts), (http.get("Content-Type") if http is not None else None)
    except (OSError, ValueError) as exc:
        raise LoadError(f"cannot decode WARC record at offset {offset} of {path}: {exc}") from None
    finally:
        stream.close()


def iter_warc_pages(path: str | Path, max_bytes: int | None = None,
                    stats: WarcStats | None = None) -> Iterator[WarcPage]:
    """The HTML pages of one WARC file, read and decoded, in archive order (one process;
    the batch splits this into :func:`scan_warc` and :func:`read_warc_page`)."""
    for entry in scan_warc(path, stats):
        if entry.error:
            yield WarcPage(entry.id, entry.url, None, entry.content_type, error=entry.error)
            continue
        try:
            content, ctype = read_warc_page(path, entry.offset, max_bytes)
        except (DocumentTooLargeError, LoadError) as exc:
            yield WarcPage(entry.id, entry.url, None, entry.content_type,
                           error=f"{type(exc).__name__}: {exc}")
            continue
        yield WarcPage(entry.id, entry.url, content, ctype or entry.content_type)


# ----------------------------------------------------------------------------- byte ranges

def _is_record_start(data: bytes, gz: bool) -> bool:
    if not gz:
        return data.startswith(b"WARC/")
    try:
        return zlib.decompressobj(31).decompress(data, 16).startswith(b"WARC/")
    except zlib.error:
        return False


def _sync(stream, pos: int, gz: bool) -> int | None:
    """The first record boundary at or after ``pos`` (None: none before the end)."""
    marker = b"\x1f\x8b\x08" if gz else b"WARC/"
    while True:
        stream.seek(pos)
        window = stream.read(_CHUNK + 4096)
        if not window:
            return None
        i = window.find(marker)
        while 0 <= i < _CHUNK:
            if (gz or i == 0 or window[i - 1:i] == b"\n") and _is_record_start(window[i:i + 4096], gz):
                return pos + i
            i = window.find(marker, i + 1)
        if len(window) <= _CHUNK:
            return None
        pos += _CHUNK


def warc_splits(path: str | Path, split_bytes: int) -> list[tuple[int, int]]:
    """Byte ranges ``(start, stop)`` of about ``split_bytes`` each, every ``start`` a record
    boundary, for plain and per-record gzip archives: each range is scanned by its own
    worker (:func:`scan_warc` with ``start``/``stop``), nothing reads the whole archive.
    Other compressions give one range."""
    path = Path(path)
    size = path.stat().st_size
    name = path.name.lower()
    if not (name.endswith(".warc") or name.endswith(".warc.gz")) or size <= split_bytes:
        return [(0, size)]
    gz = name.endswith(".gz")
    starts = [0]
    with _open(path) as stream:
        pos = split_bytes
        while pos < size:
            found = _sync(stream, pos, gz)
            if found is None:
                break
            if found > starts[-1]:
                starts.append(found)
            pos = max(found + 1, pos + split_bytes)
    return [(a, b) for a, b in zip(starts, starts[1:] + [size])]
