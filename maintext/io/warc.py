"""Pages from WARC archives (optional extra ``maintext[warc]``, read with FastWARC).

Crawls are stored as WARC files; :func:`iter_warc_pages` streams the HTML responses of
one archive (plain, gzip, zstd or lz4: FastWARC detects the compression) without loading
the archive into memory. Which records are pages:

* ``response`` records only (requests, metadata, revisits carry no page body);
* HTTP status 2xx (error pages and redirects are the server's, not the site's text);
* an HTML content type, or none at all (servers often omit it for HTML).

Content and transfer encodings (gzip, brotli, chunked) are decoded by FastWARC. A page's
id is its ``WARC-Record-ID`` (unique and stable, so batch runs can resume); its URL is
``WARC-Target-URI``. A response larger than the size limit is yielded with an ``error``
instead of its body, so the batch records it without reading it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import LoadError

WARC_SUFFIXES = (".warc", ".warc.gz", ".warc.zst", ".warc.lz4")

# HTTP content types that hold a web page. Others (images, PDF, JSON, CSS, scripts) are
# skipped: they have no main text for an HTML extractor.
HTML_CONTENT_TYPES = frozenset({
    "text/html",
    "application/xhtml+xml",
    "application/xml+html",  # rare misspelling sent by some servers for XHTML
})


@dataclass(slots=True)
class WarcPage:
    id: str
    url: str | None
    content: bytes | None
    content_type: str | None
    error: str | None = None


@dataclass(slots=True)
class WarcStats:
    """What an archive held besides pages (for the batch log)."""

    pages: int = 0
    not_html: int = 0
    not_ok: int = 0
    skipped_types: dict[str, int] = field(default_factory=dict)


def is_warc_name(name: str) -> bool:
    return name.lower().endswith(WARC_SUFFIXES)


def _archive_iterator(path: Path):
    try:
        from fastwarc.warc import ArchiveIterator, WarcRecordType
    except ImportError:  # pragma: no cover - depends on the install
        raise LoadError("reading WARC files needs FastWARC: pip install 'maintext[warc]'") from None
    stream = open(path, "rb")  # noqa: SIM115 - closed by the caller's finally
    try:
        records = ArchiveIterator(stream, record_types=WarcRecordType.response, parse_http=True,
                                  auto_decode="all", fsspec_args=False)
    except BaseException:
        stream.close()
        raise
    return stream, records


def _record_id(record, fallback: str) -> str:
    rid = (record.record_id or "").strip()
    return rid[1:-1] if rid.startswith("<") and rid.endswith(">") else (rid or fallback)


def iter_warc_pages(path: str | Path, max_bytes: int | None = None,
                    stats: WarcStats | None = None) -> Iterator[WarcPage]:
    """The HTML pages of one WARC file, in archive order.

    Raises :class:`~maintext.errors.LoadError` when the file cannot be opened or read
    (a truncated or corrupt archive raises where the damage starts, after the pages
    before it were yielded).
    """
    path = Path(path)
    stats = stats if stats is not None else WarcStats()
    try:
        stream, records = _archive_iterator(path)
    except OSError as exc:
        raise LoadError(f"cannot read WARC file {path}: {exc.strerror or exc}") from None
    try:
        for n, record in enumerate(records):
            http = record.http_headers
            status = http.status_code if http is not None else None
            ctype = record.http_content_type
            if status is not None and not 200 <= status < 300:
                stats.not_ok += 1
                continue
            if ctype and ctype.lower() not in HTML_CONTENT_TYPES:
                stats.not_html += 1
                key = ctype.lower()
                stats.skipped_types[key] = stats.skipped_types.get(key, 0) + 1
                continue
            page_id = _record_id(record, f"{path.name}#{n}")
            url = record.headers.get("WARC-Target-URI")
            full_type = http.get("Content-Type") if http is not None else None
            stats.pages += 1
            if max_bytes is not None and record.content_length > max_bytes:
                yield WarcPage(page_id, url, None, full_type,
                               error=f"DocumentTooLargeError: WARC record of {record.content_length} "
                                     f"bytes is over the limit of {max_bytes}")
                continue
            yield WarcPage(page_id, url, record.reader.read(), full_type)
    except OSError as exc:
        raise LoadError(f"cannot read WARC file {path}: {exc.strerror or exc}") from None
    finally:
        stream.close()
