"""Bounds on hostile markup, applied to a page's text before it is parsed: start tags cut to
their first ``Options.max_attributes`` attributes (the HTML parser checks each attribute against
all earlier ones: quadratic), the same for tags whose quotes are out of step (runaway tags), and
pages with more start tags than ``Options.max_elements`` refused. Every pass is linear; the C
scans of :mod:`maintext.html._scan` do them when built, the regular expressions here are
their reference.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from ..errors import TooManyElementsError


def _native_scan():
    """:func:`maintext.html.walk.native_scan`: the C twin of ``_LONG_TAG``'s search (imported
    here: maintext.html imports this package)."""
    from ..html.walk import native_scan

    return native_scan()


# Start tags with very many attributes: the HTML parser checks each attribute against all
# earlier ones (quadratic: lexbor takes 3 s for 20,000 attributes, 2 minutes for 80,000). A candidate is a start
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
    of step (markup damaged inside an attribute value), yet the parser still makes attributes
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


def _runaway_cut_utf8(data: bytes, cap: int) -> bool:
    """Whether :func:`cap_runaway_tags` (``cap`` > 0, a text of ``_RUNAWAY_MIN_CHARS`` or
    more) cuts the text whose UTF-8 encoding is ``data``: its steps on the bytes (with the
    C scan). Every test is of ASCII characters (">", "=", "<" and a letter), the same in
    the bytes; only the runs' lengths are counted in characters (``long_runs_utf8``).
    A page with a large script or JSON blob and no runaway tag (aeb: 9 of 181 pages) then
    needs no decoding nor a second scan of its text. The tests are those of
    :func:`cap_runaway_tags`, the rarest first: a run with a start tag (aeb: 1 of those 9
    pages), then the page's "=" (each test only filters: the same answer in any order)."""
    runs = _scan.long_runs_utf8(data, _RUNAWAY_CHARS, True)  # (the runs with a start tag)
    count = _scan.count_upto_bytes  # (bounded: the counts are compared with a bound)
    if not runs or count(data, 0x3D, 4 * cap + 1, 0, len(data)) <= 4 * cap:  # "="
        return False
    for start, end in runs:
        at = _scan.first_start_tag_bytes(data, start, end)
        cut = at + 2
        for _ in range(cap):
            cut = data.find(b"=", cut, end) + 1
            if cut == 0:
                break
        if cut and count(data, 0x3D, cap + 1, cut, end) > cap:
            return True
    return False


# A start tag: "<" and a letter (an HTML5 parser makes an element of nothing else; end
# tags, comments and a "<" in text make none). It adds at most html/head/body to them.
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
    _check_lt(lt, cap)
    if lt <= cap:
        return
    if stats is not None:
        found = stats.starts
    else:
        found = sum(1 for _ in itertools.islice(_START_TAG.finditer(text), cap + 1))
    _check_starts(found, cap)


def _check_lt(lt: int, cap: int) -> None:
    if lt > LT_PER_ELEMENT * cap:
        raise TooManyElementsError(f"page has {lt} '<' characters, more than {LT_PER_ELEMENT} per "
                                   f"element allowed (Options.max_elements = {cap})")


def _check_starts(found: int, cap: int) -> None:
    if found > cap:
        raise TooManyElementsError(f"page has more than {cap} elements (the limit, "
                                   "Options.max_elements)")


def bound_markup(text: str, max_attributes: int, max_elements: int) -> str:
    """``text`` with its attributes capped (:func:`cap_attributes`; the same object when
    nothing was cut); raises :class:`TooManyElementsError` when the capped text has more
    than ``max_elements`` start tags (:func:`check_elements`)."""
    # one C scan looks for a long tag and counts what check_elements and
    # cap_runaway_tags would count on the page (their whole-page passes are then spared)
    stats = _tag_stats(text, max_attributes) if max_attributes > 0 else None
    capped = _capped(text, max_attributes, stats) if max_attributes > 0 else text
    check_elements(capped, max_elements,  # (after the attribute cap: what the parser gets)
                   stats if capped is text and isinstance(stats, TagStats) else None)
    return capped


def bound_utf8_lt(data: bytes, length: int, max_attributes: int, max_elements: int) -> int:
    """``data.count(b"<")`` when :func:`bound_markup` leaves the text whose UTF-8 encoding
    is ``data`` (``length`` characters; valid UTF-8) as it is, told from the bytes by the C
    scan (``_scan.tag_stats_utf8``: what ``tag_stats`` finds on the text, counting the "<"
    on its way, so the parse need not count them again); raises
    :class:`TooManyElementsError` as it would. -1 when only the text can tell, and
    :func:`bound_markup` is to run on it: no C scan, no attribute cap, a long tag (to cut),
    or a runaway tag to cut (:func:`_runaway_cut_utf8`, asked only of a large page whose
    byte scan's ``widest``, at least the text's, is long enough for one)."""
    if _scan is None or max_attributes <= 0:
        return -1
    at, lt, starts, widest = _scan.tag_stats_utf8(data, max_attributes)
    if at >= 0 or (widest >= _RUNAWAY_CHARS and length >= _RUNAWAY_MIN_CHARS
                   and _runaway_cut_utf8(data, max_attributes)):
        return -1
    if max_elements > 0 and length > 2 * max_elements:  # check_elements with the counts
        _check_lt(lt, max_elements)
        if lt > max_elements:
            _check_starts(starts, max_elements)
    return lt
