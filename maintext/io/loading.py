"""Loading pages: a path, URL, bytes, ``str`` of HTML or stdin in; a ``Loaded`` (decoded text
and where it came from) out, or a documented ``MaintextError``.

Reads with size caps, unpacks gzip within a bound, tells URLs from HTML strings and paths,
caps attributes and elements per page before parsing (:mod:`maintext.io.limits`), and
decodes through :mod:`maintext.io.decode`.
"""

from __future__ import annotations

import os
import re
import sys
import zlib
from pathlib import Path
from typing import Any

from ..errors import (
    BinaryContentError,
    DocumentTooLargeError,
    EmptyDocumentError,
    FetchError,
    LoadError,
)

from .decode import decode_deferred
from .limits import bound_markup, bound_utf8_lt


class Loaded:
    """Decoded page text with where it came from.

    ``html`` is built on first use when the input bytes are exactly its UTF-8 encoding
    (``utf8``): the parser reads those bytes, and a page whose text nobody else reads is
    never decoded."""

    __slots__ = ("_html", "encoding", "url", "source", "utf8", "lt_count")

    def __init__(self, html: str | None, encoding: str, url: str | None = None,
                 source: str | None = None, utf8: bytes | None = None, lt_count: int = -1) -> None:
        if html is None and utf8 is None:
            raise ValueError("Loaded needs the text or its UTF-8 bytes")
        self._html = html
        self.encoding = encoding
        self.url = url
        self.source = source  # path, URL or "<stdin>"
        # The input bytes when they are exactly ``html`` encoded as UTF-8 (UTF-8 or ASCII
        # input decoded without a change): the parser takes them as they are.
        self.utf8 = utf8
        # ``utf8.count(b"<")`` when the load's scan counted it, else -1 (the parse then
        # knows what it needs of the count: maintext.html.document._page_bytes)
        self.lt_count = lt_count if utf8 is not None else -1

    @property
    def html(self) -> str:
        """The page's text (decoded from ``utf8`` on first use when it was not built)."""
        html = self._html
        if html is None:
            html = self._html = self.utf8.decode("utf-8")  # type: ignore[union-attr]
        return html

    @property
    def decoded(self) -> str | None:
        """The text when it has been built, else None (``utf8`` holds it)."""
        return self._html

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Loaded):
            return NotImplemented
        return (self.html, self.encoding, self.url, self.source, self.utf8) == (
            other.html, other.encoding, other.url, other.source, other.utf8)

    def __repr__(self) -> str:
        return (f"Loaded(html={self.html!r}, encoding={self.encoding!r}, url={self.url!r}, "
                f"source={self.source!r}, utf8={self.utf8!r})")


def read_bytes(path: str | Path, *, max_bytes: int) -> bytes:
    """Read a file, gunzipping ``.gz`` (or gzip magic), with a size limit."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > max_bytes:
            raise DocumentTooLargeError(f"{p.name}: {size} bytes exceeds the limit of {max_bytes}")
        with open(p, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise LoadError(f"cannot read {p}: {exc.strerror or exc}") from None
    if raw[:2] == b"\x1f\x8b":
        raw = gunzip(raw, max_bytes=max_bytes, name=p.name)
    return raw


def gunzip(raw: bytes, *, max_bytes: int, name: str = "input") -> bytes:
    """Decompress gzip data, every member of a multi-member file (``cat a.gz b.gz``), with
    a bound on the total output size (no gzip bombs). Trailing zero padding is ignored."""
    parts: list[bytes] = []
    size = 0
    rest = raw
    while True:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            out = d.decompress(rest, max_bytes - size + 1)
        except zlib.error as exc:
            raise LoadError(f"{name}: corrupt gzip data ({exc})") from None
        size += len(out)
        if size > max_bytes:
            raise DocumentTooLargeError(f"{name}: decompressed size exceeds the limit of {max_bytes}")
        parts.append(out)
        if not d.eof:
            raise LoadError(f"{name}: truncated gzip data")
        rest = d.unused_data
        if not rest.startswith(b"\x1f\x8b"):
            break
    if rest.strip(b"\x00"):
        raise LoadError(f"{name}: {len(rest)} bytes of data after the gzip stream")
    return b"".join(parts)


_URL = re.compile(r"https?://\S+\Z", re.IGNORECASE)
# A single token that starts with a URL scheme: "file:///etc/passwd", "data:text/html,..."
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):(//)?\S*\Z")
_KNOWN_SCHEMES = frozenset({
    "file", "ftp", "ftps", "sftp", "data", "javascript", "vbscript", "mailto", "about", "blob",
    "ws", "wss", "gopher", "ssh", "tel", "view-source", "jar", "smb", "ldap", "dict", "chrome",
})
_INLINE_URL = re.compile(r"(?:data|javascript|vbscript):", re.IGNORECASE)  # may hold markup
_PAGE_SUFFIXES = (".html", ".htm", ".gz", ".xhtml", ".shtml", ".txt", ".warc")
_PATH_START = re.compile(r"(?:/|\./|\.\./|~/|[A-Za-z]:[\\/]|\\\\)")


def looks_like_url(source: str) -> bool:
    """An http(s) URL, scheme in any case, of any length (one token, no markup)."""
    return _URL.match(source.strip()) is not None


def _refuse_non_html_str(source: str) -> None:
    """Raise when a str is a URL of another scheme or looks like a file path.

    A str is read as HTML (or fetched when it is an http(s) URL), never opened as a file:
    a service that passes untrusted text must not disclose files. A str that is clearly a
    path or another scheme's URL is refused with a one-line hint rather than returned as
    its own "main text".
    """
    token = source.strip()
    if _INLINE_URL.match(token):
        raise FetchError(f"unsupported URL scheme {token.split(':', 1)[0]!r}: only http and https "
                         "URLs are fetched")
    if "<" in token or len(token) > 8192 or any(c.isspace() for c in token):
        return
    m = _SCHEME.match(token)
    if m and (m.group(2) or m.group(1).lower() in _KNOWN_SCHEMES) and len(m.group(1)) > 1:
        raise FetchError(f"unsupported URL scheme {m.group(1)!r}: only http and https URLs are fetched")
    if _PATH_START.match(token) or token.lower().endswith(_PAGE_SUFFIXES):
        raise LoadError(f"{token[:200]!r} looks like a file path; a str is read as HTML "
                        "(pass pathlib.Path(...) to read a file)")


def read_stdin(max_bytes: int) -> bytes:
    """Standard input as bytes (at most ``max_bytes + 1``, so the size check can fire)."""
    return sys.stdin.buffer.read(max_bytes + 1)


def load(source: str | bytes | os.PathLike[str], *, url: str | None = None,
         content_type: str | None = None, max_bytes: int = 32 * 1024 * 1024,
         default_encoding: str = "utf-8", fetch_timeout: float = 20.0, fetch_retries: int = 2,
         user_agent: str | None = None, allow_private: bool = False,
         fetch_deadline: float | None = None, max_attributes: int = 256,
         max_elements: int = 250_000) -> Loaded:
    """Turn any supported source into decoded HTML.

    ``source``: bytes (decoded like a browser does), a str (HTML text, or an http(s) URL
    to fetch), or an ``os.PathLike`` (a file: ``.html``, ``.htm``, ``.html.gz``). A str is
    never opened as a file, and URLs of other schemes are refused (:class:`FetchError`).
    A page with more than ``max_elements`` start tags raises :class:`TooManyElementsError`.
    """
    origin, data, url, content_type = _read_source(
        source, url, content_type, max_bytes,
        dict(timeout=fetch_timeout, retries=fetch_retries, max_bytes=max_bytes, user_agent=user_agent,
             allow_private=allow_private, deadline=fetch_deadline))
    text, encoding, utf8, length = _decode(data, content_type, max_bytes, default_encoding)
    if text is None:  # (the bytes stand for the text: bounded on them when they can be)
        lt = _limit_utf8(utf8, length, max_attributes, max_elements)  # type: ignore[arg-type]
        if not isinstance(lt, str):
            return Loaded(html=None, encoding=encoding, url=url, source=origin, utf8=utf8, lt_count=lt)
        text = lt
    text, utf8 = _limit(text, utf8, max_attributes, max_elements)
    return Loaded(html=text, encoding=encoding, url=url, source=origin, utf8=utf8)


def _read_source(source: str | bytes | os.PathLike[str], url: str | None, content_type: str | None,
                 max_bytes: int, fetch_options: dict[str, Any],
                 ) -> tuple[str | None, Any, str | None, str | None]:
    """(origin, data, url, content_type): a file read, a URL fetched (with ``fetch_options``;
    the response's URL and content type when none were given), HTML text or bytes as they are."""
    origin: str | None = None
    if isinstance(source, os.PathLike):
        origin = os.fspath(source)
        data: Any = read_bytes(Path(origin), max_bytes=max_bytes)
    elif isinstance(source, str) and looks_like_url(source):
        from .fetch import fetch  # lazily: httpx is only needed online

        source = source.strip()
        fetched = fetch(source, **fetch_options)
        origin = source
        url = url or fetched.url
        content_type = content_type or fetched.content_type
        data = fetched.content
    elif isinstance(source, str):
        _refuse_non_html_str(source)
        data = source
    else:
        data = source
    return origin, data, url, content_type


def _decode(data: Any, content_type: str | None, max_bytes: int,
            default_encoding: str) -> tuple[str | None, str, bytes | None, int]:
    """(text, encoding, the UTF-8 bytes of the text when the input was exactly those, the
    text's length then); the text is None when it was not built (the bytes stand for it)."""
    utf8: bytes | None = None
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        if len(data) > max_bytes:
            raise DocumentTooLargeError(f"input of {len(data)} bytes exceeds the limit of {max_bytes}")
        if not data or data.isspace():  # isspace stops at the first text byte; strip copies
            raise EmptyDocumentError("input is empty")
        if data[:2] == b"\x1f\x8b":
            data = gunzip(data, max_bytes=max_bytes)
        text, encoding, length = decode_deferred(data, content_type=content_type, default=default_encoding)
        if length >= 0:
            utf8 = data
    elif isinstance(data, str):
        if len(data) > max_bytes:
            raise DocumentTooLargeError(f"input of {len(data)} characters exceeds the limit of {max_bytes}")
        text, encoding, length = data, "str", len(data)
    else:
        raise TypeError(f"cannot load a {type(data).__name__}; pass bytes, str (HTML or an "
                        "http(s) URL) or a path (os.PathLike)")
    return text, encoding, utf8, length


def _limit(text: str, utf8: bytes | None, max_attributes: int, max_elements: int) -> tuple[str, bytes | None]:
    """The text refused when empty, binary or with too many elements; NUL characters removed
    and attributes capped (``utf8``: None once the text no longer matches it)."""
    if not text or text.isspace():
        raise EmptyDocumentError("input has no text")
    # (in UTF-8 a NUL character is a NUL byte: searching bytes is ~20x faster)
    if (0 in utf8) if utf8 is not None else ("\x00" in text):
        if text.count("\x00") > len(text) // 100 + 1:
            raise BinaryContentError("input is binary (NUL characters)")
        text = text.replace("\x00", "")
        utf8 = None
    capped = bound_markup(text, max_attributes, max_elements)
    if capped is not text:
        text, utf8 = capped, None
    return text, utf8


# Bytes that may all be white space in the text (ASCII white space and \x1c-\x1f, which
# str.isspace counts, or any non-ASCII byte): a page of other bytes has some text.
_MAYBE_BLANK = re.compile(rb"[\t-\r\x1c- \x80-\xff]*+\Z")


def _limit_utf8(utf8: bytes, length: int, max_attributes: int, max_elements: int) -> str | int:
    """``utf8.count(b"<")`` when :func:`_limit` would leave the text of the UTF-8 bytes
    ``utf8`` (``length`` characters) as it is, told from the bytes (raising as it would);
    else the text, built for :func:`_limit` to decide (a NUL byte, maybe nothing but white
    space, or markup that only the text's scan can bound)."""
    if 0 not in utf8 and not _MAYBE_BLANK.match(utf8):  # (an int: see document._has_markers)
        lt = bound_utf8_lt(utf8, length, max_attributes, max_elements)
        if lt >= 0:
            return lt
    return utf8.decode("utf-8")
