"""Loading pages: a path, URL, bytes, ``str`` of HTML or stdin in; a ``Loaded`` (decoded text
and where it came from) out, or a documented ``MaintextError``.

Reads with size caps, unpacks gzip within a bound, tells URLs from HTML strings and paths,
caps attributes and elements per page before parsing, and decodes through
:mod:`maintext.io.decode`.
"""

from __future__ import annotations

import itertools
import os
import re
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import (
    BinaryContentError,
    DocumentTooLargeError,
    EmptyDocumentError,
    FetchError,
    LoadError,
    TooManyElementsError,
)

from .decode import decode_exact

@dataclass(slots=True)
class Loaded:
    """Decoded page text with where it came from."""

    html: str
    encoding: str
    url: str | None = None
    source: str | None = None  # path, URL or "<stdin>"
    # The input bytes when they are exactly ``html`` encoded as UTF-8 (UTF-8 or ASCII
    # input decoded without a change): the parser takes them as they are.
    utf8: bytes | None = None


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


def _native_scan():
    """The C twin of ``_LONG_TAG``'s search when built and not turned off (MAINTEXT_NATIVE=0)."""
    from ..html import walk

    return walk.scan if walk.ENABLED else None


# Start tags with very many attributes: libxml2 checks each attribute against all earlier
# ones (quadratic: 20,000 attributes take 1 s, 1,000,000 take hours). A candidate is a start
# tag followed by ``cap`` attribute-like tokens (quote-aware, possessive: linear, and a
# normal tag fails at its ``>`` after a few tokens).
_ATTR_TOKEN = r"""(?:[\s/]*+[^\s<>="'/]++(?:\s*+=\s*+(?:"[^"]*+"|'[^']*+'|[^\s"'<>]++))?+)"""
_ATTR = re.compile(r"""[\s/]*+[^\s>/]+?(?:\s*=\s*(?:"[^"]*+"|'[^']*+'|[^\s>"']*+)|(?=[\s/>])|\Z)""")
_TAG_REST = re.compile(r"""(?:[^>"']++|"[^"]*+"|'[^']*+'|["'])*+>?""")
_LONG_TAG: dict[int, re.Pattern[str]] = {}
_scan = _native_scan()


def cap_attributes(html: str, cap: int) -> str:
    """``html`` with start tags cut to their first ``cap`` attributes (linear), those the
    attribute grammar reads and those it cannot (:func:`cap_runaway_tags`)."""
    if cap <= 0:
        return html
    return _capped(html, cap, _tag_stats(html, cap))


@dataclass(frozen=True, slots=True)
class TagStats:
    """What the C scan for a long tag learned on its way over a page where it found none
    (``_scan.tag_stats``): the page's ``<`` and start tags (``_START_TAG``) counted, and
    ``widest``, at least the length of its longest ``>``-free stretch."""

    lt: int
    starts: int
    widest: int


def _tag_stats(html: str, cap: int) -> TagStats | int | None:
    """The C scan's :class:`TagStats` of ``html``, or the position of its first long tag
    (``_LONG_TAG``'s first match), or None without the C scan."""
    if _scan is None:
        return None
    at, lt, starts, widest = _scan.tag_stats(html, cap)
    return at if at >= 0 else TagStats(lt, starts, widest)


def _capped(html: str, cap: int, stats: TagStats | int | None) -> str:
    """:func:`cap_attributes` given :func:`_tag_stats`: a page without a long tag is
    returned as it is when no ``>``-free stretch can be a runaway tag's."""
    if isinstance(stats, TagStats):
        if stats.widest < _RUNAWAY_CHARS:  # no run: cap_runaway_tags would find none
            return html
        return cap_runaway_tags(html, cap)
    return cap_runaway_tags(_cap_readable_tags(html, cap, stats), cap)


def _cap_readable_tags(html: str, cap: int, first: int | None = None) -> str:
    """``html`` with the start tags the attribute grammar reads cut after ``cap`` attributes
    (``first``: where the first long tag starts, when known)."""
    pattern = _LONG_TAG.get(cap)
    if pattern is None:
        pattern = _LONG_TAG[cap] = re.compile(r"<[a-zA-Z][^\s<>/]*+(?=%s{%d})" % (_ATTR_TOKEN, cap + 1))
    m = _search_long_tag(pattern, html, cap, 0) if first is None else pattern.match(html, first)
    if m is None:
        return html
    out: list[str] = []
    pos = 0
    while m is not None:
        end = _TAG_REST.match(html, m.end()).end()
        cut = -1
        for count, attr in enumerate(_ATTR.finditer(html, m.end(), end), 1):
            if count == cap:
                cut = attr.end()
                break
        if 0 <= cut < end - 1 and html[cut:end].strip(" \t\n\r\f/>"):  # more than ``cap``
            out.append(html[pos:cut])
            out.append(">")
            pos = end
        m = _search_long_tag(pattern, html, cap, end)
    out.append(html[pos:])
    return "".join(out)


def _search_long_tag(pattern: re.Pattern[str], html: str, cap: int, start: int) -> re.Match[str] | None:
    """``pattern.search(html, start)``; with the C scan (maintext/html/_scan.pyx) the
    pattern is only tried where the scan found its first match (the search itself costs
    ~0.1 ms per 1,000 characters of a page with a long tag: 20 ms on a 200 KB page)."""
    if _scan is None:
        return pattern.search(html, start)
    at = _scan.first_long_tag(html, cap, start)
    return pattern.match(html, at) if at >= 0 else None


# A run this long without ">" that holds a tag start: all of it after the "<" is inside that
# tag (or is script, comment or title text): never text a reader sees.
_RUNAWAY_CHARS = 65536
_RUNAWAY = re.compile(r"(?:\A|(?<=>))[^>]{%d,}" % _RUNAWAY_CHARS)  # tried only after a ">": linear
_RUNAWAY_MIN_CHARS = 500_000  # a smaller page cannot hold attributes enough to matter


def cap_runaway_tags(html: str, cap: int) -> str:
    """``html`` with each tag of a long ``>``-free run cut after its ``cap``-th ``=``.

    The attribute grammar of :func:`cap_attributes` cannot read a tag whose quotes are out
    of step (markup damaged inside an attribute value), yet libxml2 still makes attributes
    of it, in time quadratic in their number (a fuzzed 12 MB page: over 100 s). Linear."""
    if cap <= 0 or len(html) < _RUNAWAY_MIN_CHARS:
        return html
    runs = _runaway_runs(html)  # (memchr from ">" to ">": cheaper than counting "=")
    if not runs or _count_upto(html, "=", 4 * cap + 1) <= 4 * cap:
        return html
    out: list[str] = []
    pos = 0
    for start, end in runs:
        at = _first_start_tag(html, start, end)
        if at < 0:
            continue
        cut = at + 2  # after "<" and the letter (_START_TAG's match)
        for _ in range(cap):
            cut = html.find("=", cut, end) + 1
            if cut == 0:
                break
        if cut and _count_upto(html, "=", cap + 1, cut, end) > cap:
            out.append(html[pos:cut])
            pos = end  # the ">" that ends the run (or the page's end) stays
    if not out:
        return html
    out.append(html[pos:])
    return "".join(out)


def _first_start_tag(html: str, start: int, end: int) -> int:
    """Where ``_START_TAG`` first matches in ``html[start:end]``, or -1 (in C when built)."""
    if _scan is not None:
        return _scan.first_start_tag(html, start, end)
    tag = _START_TAG.search(html, start, end)
    return tag.start() if tag is not None else -1


def _count_upto(html: str, char: str, most: int, start: int = 0, end: int | None = None) -> int:
    """``min(html.count(char, start, end), most)``; in C, stopping at ``most``, when built."""
    if _scan is not None:
        return _scan.count_upto(html, char, most, start, end)
    return min(html.count(char, start, len(html) if end is None else end), most)


def _runaway_runs(html: str) -> list[tuple[int, int]]:
    """``(start, end)`` of the matches of :data:`_RUNAWAY`: found in C when built (the
    regular expression costs ~140 ms per MB), else by the pattern after a check that
    there is one (the usual large page has none)."""
    if _scan is not None:
        return _scan.long_runs(html, ">", _RUNAWAY_CHARS)
    if max(map(len, html.split(">"))) < _RUNAWAY_CHARS:
        return []
    return [m.span() for m in _RUNAWAY.finditer(html)]


# A start tag: "<" and a letter (libxml2 makes an element of nothing else; end tags,
# comments and a "<" in text make none). It adds at most html/head/body to them.
_START_TAG = re.compile(r"<[A-Za-z]")
LT_PER_ELEMENT = 3  # "<" allowed per element of the cap (3,075 real pages: at most 2.44 per start tag)


def check_elements(text: str, cap: int, stats: TagStats | None = None) -> None:
    """Raise :class:`TooManyElementsError` when ``text`` has more than ``cap`` start tags.

    Counted on the text, before parsing, so that a flood is refused before it costs a tree
    (a 32 MB page can hold 10 million elements) and for every method alike (some never
    parse). Costs nothing on a normal page: a start tag takes two characters, so a text of
    at most ``2 * cap`` characters (500 KB by default) cannot exceed the cap. A longer one
    costs a ``str.count("<")`` (~1 ms per MB), and the exact count, which stops at
    ``cap + 1``, runs only when it has more "<" than ``cap``.

    More than ``LT_PER_ELEMENT * cap`` "<" in all (end tags, comments, "<" in text) is
    refused too: the methods that read the tag stream (ccb, lineblock, ...) make a piece of
    every "<", and "a<1" repeated makes millions of pieces without a start tag (ccb: ~7 us a
    piece). Real pages have ~2 "<" per start tag (at most 2.44 in the evaluation sets).

    ``stats``: ``text``'s :class:`TagStats`, when the attribute cap's scan counted them."""
    if cap <= 0 or len(text) <= 2 * cap:
        return
    lt = text.count("<") if stats is None else stats.lt
    if lt > LT_PER_ELEMENT * cap:
        raise TooManyElementsError(f"page has {lt} '<' characters, more than {LT_PER_ELEMENT} per "
                                   f"element allowed (Options.max_elements = {cap})")
    if lt <= cap:
        return
    if stats is not None:
        found = stats.starts
    else:
        found = sum(1 for _ in itertools.islice(_START_TAG.finditer(text), cap + 1))
    if found > cap:
        raise TooManyElementsError(f"page has more than {cap} elements (the limit, "
                                   "Options.max_elements)")


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
    text, encoding, utf8 = _decode(data, content_type, max_bytes, default_encoding)
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
            default_encoding: str) -> tuple[str, str, bytes | None]:
    """(text, encoding, the UTF-8 bytes of the text when the input was exactly those)."""
    utf8: bytes | None = None
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        if len(data) > max_bytes:
            raise DocumentTooLargeError(f"input of {len(data)} bytes exceeds the limit of {max_bytes}")
        if not data or data.isspace():  # isspace stops at the first text byte; strip copies
            raise EmptyDocumentError("input is empty")
        if data[:2] == b"\x1f\x8b":
            data = gunzip(data, max_bytes=max_bytes)
        text, encoding, exact = decode_exact(data, content_type=content_type, default=default_encoding)
        if exact:
            utf8 = data
    elif isinstance(data, str):
        if len(data) > max_bytes:
            raise DocumentTooLargeError(f"input of {len(data)} characters exceeds the limit of {max_bytes}")
        text, encoding = data, "str"
    else:
        raise TypeError(f"cannot load a {type(data).__name__}; pass bytes, str (HTML or an "
                        "http(s) URL) or a path (os.PathLike)")
    return text, encoding, utf8


def _limit(text: str, utf8: bytes | None, max_attributes: int, max_elements: int) -> tuple[str, bytes | None]:
    """The text refused when empty, binary or with too many elements; NUL characters removed
    and attributes capped (``utf8``: None once the text no longer matches it)."""
    if not text or text.isspace():
        raise EmptyDocumentError("input has no text")
    # (in UTF-8 a NUL character is a NUL byte: searching bytes is ~20x faster)
    if (b"\x00" in utf8) if utf8 is not None else ("\x00" in text):
        if text.count("\x00") > len(text) // 100 + 1:
            raise BinaryContentError("input is binary (NUL characters)")
        text = text.replace("\x00", "")
        utf8 = None
    # one C scan looks for a long tag and counts what check_elements and
    # cap_runaway_tags would count on the page (their whole-page passes are then spared)
    stats = _tag_stats(text, max_attributes) if max_attributes > 0 else None
    capped = _capped(text, max_attributes, stats) if max_attributes > 0 else text
    if capped is not text:
        text, utf8 = capped, None
    check_elements(text, max_elements,  # (after the attribute cap: what the parser gets)
                   stats if capped is text and isinstance(stats, TagStats) else None)
    return text, utf8
