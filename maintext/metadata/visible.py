"""Dates in the visible page: a tree and the headline element in, a bounded stretch of
text pieces and the first date in them out.

The byline sits just after the headline (or just before it); without a headline the top
of ``<body>`` is read. Never the whole page: at most :data:`VISIBLE_DATE_CHARS` characters.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Callable, Iterable

from ..html.walk import native_nodes
from ..html import walk
from .collect import text_content
from .dateparse import YEAR, parse_date, relative_date
from .native import _native  # (read as native_metadata() gives it, inline: ``_native if walk.ENABLED else None``)

AFTER_HEADLINE_ELEMENTS = 300  # elements read after the headline for a byline date
VISIBLE_DATE_CHARS = 6000  # characters of visible text read at most for a date
BEFORE_HEADLINE_CHARS = 600  # ... before the headline (a dateline above it)
SHORT_PIECE = 24  # a text piece this short may be one part of a split byline date
BYLINE_PIECE = 80  # a text piece this short after the headline may be a byline
BYLINE_REACH_CHARS = 1000  # ... when it starts within this much text after the headline
MAX_HEADLINE_DATE_CHARS = 300  # a headline's own text is read for a date up to this length
RELATIVE_PIECE = 60  # a relative date ("vor 3 Tagen") is read only in pieces this short
DATE_SPAN = 48  # a written date with its time and offset is at most this long: a piece is searched
# for a date to the end of the budget plus this much (one huge text node is not searched whole)
LABELLED_DATE_CHARS = 300_000  # visible text searched at most for a labelled date
# Labels a page writes before its date ("Erschienen am: 01.11.2023", "Datum: 19.11.2021").
DATE_LABELS: dict[str, tuple[str, ...]] = {
    "published": ("veröffentlicht", "erschienen", "publiziert", "datum", "date", "published",
                  "posted", "publié", "publicado", "pubblicato", "发布时间", "发布日期", "发表于", "日期"),
    "modified": ("aktualisiert", "zuletzt aktualisiert", "letzte änderung", "stand", "updated",
                 "last updated", "last modified", "mis à jour", "actualizado", "更新时间"),
}
_LABEL_AFTER = ("am", "on", "le", "el", "il")  # a word between label and colon ("Erschienen am:")
_LABEL_VALUE_CHARS = 40  # read after the colon at most (a date with its time)
_LABEL_FORMS = {kind: re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?:\s+(?:"
                                 + "|".join(_LABEL_AFTER) + r"))?\s*[:：]\s*(.{6,%d})" % _LABEL_VALUE_CHARS,
                                 re.IGNORECASE)
                for kind, words in DATE_LABELS.items()}
# The most characters a label (a case-blind match takes one character for each of the
# pattern's) and the word after it take before the colon, white space aside.
_LABEL_SPAN = max(len(w) for words in DATE_LABELS.values() for w in words)
_LABEL_AFTER_SPAN = max(map(len, _LABEL_AFTER))
_COLONS = (":", "：")
# Per kind, the labels written in ASCII: the only ones a stretch of text without non-ASCII
# letters or digits can hold (case-blind, an ASCII letter matches only its two cases, and
# no label character matches a non-ASCII character that is no letter or digit: tested)
_ASCII_LABELS = {kind: tuple(w for w in words if w.isascii()) for kind, words in DATE_LABELS.items()}
_ASCII_LABEL_BYTES = {kind: tuple(w.encode("ascii") for w in words) for kind, words in _ASCII_LABELS.items()}
_NON_ASCII_ALNUM = re.compile(r"[^\W_\x00-\x7f]")  # \w is str.isalnum() and "_"
_SKIP_TEXT_TAGS = frozenset({"script", "style", "noscript", "template", "select", "option"})
_CLOCK = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")


def visible_date(root, headline_el=None, reference: datetime | None = None,
                 labelled: Callable[[], str | None] | None = None) -> str | None:
    """A date from the visible text, most telling place first: the headline's own text
    ("Bericht vom 22.04.2020"), a short byline piece soon after the headline (an update
    date shown there counts: readers take it as the article's), the few elements right
    before the headline (a dateline above it), a date labelled as the publication's
    anywhere ("发布日期：", "Erschienen am:"), any text after the headline, else the top of
    ``<body>``. With ``reference`` (the time the
    page was seen), a relative date in a short byline piece counts too. ``labelled``: the
    caller's (cached) labelled publication date, when it has one."""
    if headline_el is not None:
        own = text_content(headline_el)
        found = parse_date(own) if len(own) < MAX_HEADLINE_DATE_CHARS else None
        found = (found
                 or first_date(texts_after(headline_el, budget=BYLINE_REACH_CHARS), BYLINE_REACH_CHARS,
                               reference, BYLINE_PIECE)
                 or first_date(texts_before(headline_el, budget=BEFORE_HEADLINE_CHARS), BEFORE_HEADLINE_CHARS,
                               reference)
                 or (labelled() if labelled is not None else labelled_date(root, "published"))
                 or first_date(texts_after(headline_el, budget=VISIBLE_DATE_CHARS // 2), VISIBLE_DATE_CHARS // 2,
                               reference))
        if found:
            return found
    body = root.find("body")
    if body is None:
        return None
    return first_date(body_texts(body, VISIBLE_DATE_CHARS), VISIBLE_DATE_CHARS, reference)


def labelled_date(root, kind: str, text: str | None = None) -> str | None:
    """A date written after a label of ``kind`` ("published" or "modified", see
    :data:`DATE_LABELS`) anywhere in the visible text of ``<body>`` (a last resort: the
    label says what the date is even at the foot of the page). ``text``: that text
    (:func:`labelled_text`) when the caller has it already."""
    text = labelled_text(root) if text is None else text
    if text is None:
        return None
    for m in label_matches(text, kind):
        found = parse_date(m.group(1))
        if found:
            return found
    return None


def label_matches(text: str, kind: str):
    """``_LABEL_FORMS[kind].finditer(text)``, the pattern searched only in the stretch each
    colon closes (a search tries it at every position: ~40 ns a character, 0.3 ms on a
    page's text; a page's text has some 10-40 colons). A match holds exactly one colon,
    the first after its start, with only the label, white space and the word after the
    label before it; so it starts at most :data:`_LABEL_SPAN` characters before the white
    space, word and white space that precede the colon, and ends at most
    :data:`_LABEL_VALUE_CHARS` characters after the white space that follows it. Each
    stretch is searched from the end of the match before (as ``finditer``), and only when
    it may hold a label (:func:`_no_label`; the stretches are found in C when built)."""
    pattern = _LABEL_FORMS[kind]
    native = (_native if walk.ENABLED else None)
    stretches = (_label_windows_in_c(native, text, kind) if native is not None
                 else _label_windows(text, _ASCII_LABELS[kind]))
    end = 0
    for at, start, stop in stretches:
        if at < end:
            continue
        m = pattern.search(text, max(end, start), stop)
        if m is not None and m.start() <= at:
            yield m
            end = m.end()


def _label_windows_in_c(native, text: str, kind: str):
    """:func:`_label_windows` of ``kind``'s labels, each found in C when asked for."""
    since = 0
    while (found := native.next_label_window(text, _ASCII_LABEL_BYTES[kind], _COLONS, since, _LABEL_SPAN,
                                             _LABEL_AFTER_SPAN, _LABEL_VALUE_CHARS)) is not None:
        yield found
        since = found[0] + 1


def _label_windows(text: str, ascii_labels: tuple[str, ...]):
    """``(colon, start, stop)`` of each colon of ``text`` in order, with the stretch a label
    match closed by it would lie in (from the start of ``text`` on: ``label_matches``
    starts it at the end of the match before, at the latest), when that stretch may hold
    a label (:func:`_no_label`; then none of its parts can), lazily. The Python twin of
    ``_native.next_label_window`` (which gives the first from a given position on)."""
    for at in sorted(at for colon in _COLONS for at in _positions(text, colon)):
        word_end = at - _space_before(text, at)
        word_start = word_end - _LABEL_AFTER_SPAN
        label_end = word_start - _space_before(text, word_start) if word_start > 0 else 0
        start = max(min(word_end, label_end) - _LABEL_SPAN, 0)
        stop = min(len(text), at + 1 + _space_after(text, at + 1) + _LABEL_VALUE_CHARS)
        if not _no_label(text[start:stop], ascii_labels):
            yield at, start, stop


def _no_label(stretch: str, ascii_labels: tuple[str, ...]) -> bool:
    """True when ``stretch`` has no non-ASCII letter or digit and holds none of
    ``ascii_labels`` in any case: then the label pattern cannot match in it (a search of
    a stretch costs ~10 us; most colons of a page's text follow no label)."""
    if not stretch.isascii() and _NON_ASCII_ALNUM.search(stretch):
        return False
    low = stretch.lower()
    for label in ascii_labels:
        if label in low:
            return False
    return True


def _positions(text: str, sub: str) -> list[int]:
    out = []
    at = text.find(sub)
    while at >= 0:
        out.append(at)
        at = text.find(sub, at + 1)
    return out


def _space_before(text: str, at: int) -> int:
    """How many white-space characters end ``text[:at]``."""
    n = at
    while n > 0 and text[n - 1].isspace():
        n -= 1
    return at - n


def _space_after(text: str, at: int) -> int:
    """How many white-space characters start ``text[at:]``."""
    n = at
    while n < len(text) and text[n].isspace():
        n += 1
    return n - at


def labelled_text(root) -> str | None:
    """The visible text of ``<body>`` searched for a labelled date, whitespace collapsed
    (its first :data:`LABELLED_DATE_CHARS` characters and the piece that crosses them);
    None without a ``<body>``."""
    body = root.find("body")
    if body is None:
        return None
    native = (_native if walk.ENABLED else None)
    if native is not None:  # the same text from C, white-space pieces counted but not read
        return native.collapsed_text(body, _SKIP_TEXT_TAGS, LABELLED_DATE_CHARS)
    nodes = native_nodes()
    pieces, size = [], 0
    texts = nodes.subtree_texts(body, _SKIP_TEXT_TAGS, False, LABELLED_DATE_CHARS) if nodes else subtree_texts(body)
    for text in texts:
        pieces.append(text)
        size += len(text)
        if size > LABELLED_DATE_CHARS:
            break
    return " ".join(" ".join(pieces).split())


def subtree_texts(el, *, with_tail: bool = False):
    """Visible text pieces of ``el``'s subtree in document order (scripts skipped)."""
    for node in el.iter():
        if node.tag not in _SKIP_TEXT_TAGS and node.text:
            yield node.text
        if node.tail and (node is not el or with_tail):
            yield node.tail


def body_texts(body, budget: int):
    """``subtree_texts(body)`` for a reader that skips the pieces that strip to nothing and
    stops once the stripped pieces it read exceed ``budget`` characters: in C (when
    enabled) a list cut after that piece or later, without the pieces of ASCII white
    space only (:func:`texts_after`)."""
    native = (_native if walk.ENABLED else None)
    if native is not None:
        return native.subtree_pieces(body, _SKIP_TEXT_TAGS, budget)
    return subtree_texts(body)


def texts_after(el, max_nodes: int = AFTER_HEADLINE_ELEMENTS, budget: int | None = None,
                past_budget: bool = True):
    """Text pieces following ``el`` in document order (its tail, later siblings, the
    parent's later siblings, ...), at most ``max_nodes`` elements. ``budget``: the reader
    skips the pieces that strip to nothing and stops once the others it read exceed that
    many characters (collapsed, stripped or as they are): then a list read in C
    (metadata/_native.pyx), cut there, without the pieces of ASCII white space only;
    ``past_budget`` False: that list ends before the piece that takes their collapsed
    length over ``budget`` (the Python generator is never cut: its reader stops)."""
    native = (_native if walk.ENABLED else None) if budget is not None else None
    if native is not None:
        return native.texts_after(el, max_nodes, _SKIP_TEXT_TAGS, budget, past_budget)
    return _texts_after(el, max_nodes)


def _texts_after(el, max_nodes: int):
    """:func:`texts_after` in Python (the fallback and the C twin's reference), lazily."""
    seen = 0
    cur = el
    while cur is not None and seen < max_nodes:
        if cur.tail:
            yield cur.tail
        for sib in cur.itersiblings():
            yield from subtree_texts(sib, with_tail=True)
            seen += 1
            if seen >= max_nodes:
                return
        cur = cur.getparent()


def texts_before(el, max_siblings: int = 4, budget: int | None = None):
    """Text of the few siblings right before ``el`` and before its parent, nearest first.
    ``budget``: as for :func:`texts_after` (then a list read in C, cut there)."""
    native = (_native if walk.ENABLED else None) if budget is not None else None
    if native is not None:
        return native.texts_before(el, max_siblings, _SKIP_TEXT_TAGS, budget)
    return _texts_before(el, max_siblings)


def _texts_before(el, max_siblings: int):
    """:func:`texts_before` in Python (the fallback and the C twin's reference), lazily."""
    for level in (el, el.getparent()):
        if level is None:
            return
        for n, sib in enumerate(level.itersiblings(preceding=True)):
            if n >= max_siblings:
                break
            yield from subtree_texts(sib)


def first_date(texts: Iterable[str], budget: int, reference: datetime | None = None,
               max_piece: int | None = None) -> str | None:
    """The first date in ``texts`` (at most ``budget`` characters read); a date split over
    short neighbouring pieces ("2019" "09/07" "19:02", spans of one byline) is read from
    their join; with ``reference``, a relative date in a short piece. With ``max_piece``,
    longer pieces (prose, whose dates are about other things) are read past, not parsed.
    The loop over the pieces runs in C when built (metadata/_firstdate.pxi), the date
    readers it calls stay these."""
    native = (_native if walk.ENABLED else None)
    if native is not None:
        return native.first_date(texts, budget, reference, max_piece, DATE_SPAN, RELATIVE_PIECE, SHORT_PIECE,
                                 _piece_date, parse_date, _CLOCK.fullmatch)
    return _first_date(texts, budget, reference, max_piece)


def _first_date(texts: Iterable[str], budget: int, reference: datetime | None = None,
                max_piece: int | None = None) -> str | None:
    """:func:`first_date` in Python (the fallback and the C twin's reference)."""
    seen = 0
    window: list[str] = []  # the last few short pieces
    pending: str | None = None  # a date read from the window, maybe followed by its time
    year = YEAR.search
    for text in texts:
        piece = text.strip()
        if not piece:
            continue
        if pending is not None:
            if _CLOCK.fullmatch(piece):
                return parse_date(" ".join(window + [piece])) or pending
            return pending
        size = len(piece)
        if max_piece is None or size <= max_piece:
            limit = max(budget - seen, 0) + DATE_SPAN
            # (_piece_date finds nothing in a piece without a year that holds no relative date:
            # most pieces, tested here without the call)
            if (size >= 6 and year(piece, 0, limit) is not None) or (reference is not None and size <= RELATIVE_PIECE):
                found = _piece_date(piece, reference, limit)
                if found:
                    return found
        if size <= SHORT_PIECE:
            window.append(piece)
            del window[:-3]
            if len(window) > 1 and any(map(str.isdigit, piece)):
                found = parse_date(" ".join(window))
                if found:
                    pending = found if "T" not in found else None
                    if pending is None:
                        return found
        elif window:
            window.clear()
        seen += size
        if seen > budget:
            break
    return pending


def _piece_date(piece: str, reference: datetime | None, limit: int) -> str | None:
    """A date in ``piece``, searched in its first ``limit`` characters (one huge text node is
    not handed whole to the date patterns); a relative date only in a short piece."""
    if len(piece) >= 6 and YEAR.search(piece, 0, limit) is not None:  # (read_date needs one)
        found = parse_date(piece[:limit])
        if found:
            return found
    if reference is not None and len(piece) <= RELATIVE_PIECE:
        return relative_date(piece, reference)
    return None
