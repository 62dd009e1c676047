"""The page title and the headline: the ``<title>``, the headings and the structured
titles in; the content title (and the heading element it came from) out.

:func:`headline` is the one headline decision of the package; methods that know the
page's main region pass the region's first ``<h1>`` to :func:`decide_headline`, which
returns what the page's headline is (it never lets a section label such as "新闻中心"
replace the article's title).
"""

from __future__ import annotations

import re

from ..html.document import Document
from ..textutil import _CJK_CLASS, collapse_ws, tokens
from ..html import walk
from .collect import text_content
from .names import _NON_ALNUM, squash_name
from .native import _native, collapsed  # (read as native_metadata() gives it, inline: ``_native if walk.ENABLED else None``)

# Separators between the parts of a <title> ("Post title | Blog name", "Site » Post").
TITLE_SEPARATORS = re.compile(
    r"\s+(?:[-|–—»«·•/]|::|//)\s+"  # spaced dashes, bars, guillemets: "Post - Site"
    r"|\s*[|»«_]+\s*|\s*--+\s*"  # unspaced bars, underscores: "标题_网易财经"
    rf"|(?<=[{_CJK_CLASS}])-|-(?=[{_CJK_CLASS}])"  # a hyphen touching CJK: "新闻-新华网"
)
# Every separator holds one of these characters and starts at it or at the white space run
# right before it (:func:`split_title`).
_SEPARATOR_TEXT = "-|–—»«·•/:_"
_SEPARATOR_CHARS = re.compile("[" + re.escape(_SEPARATOR_TEXT) + "]")  # (found in C when built)
HEADLINE_MIN_OVERLAP = 0.6  # share of tokens a heading must share with a title part
MAX_HEADLINE_CHARS = 400  # a longer "heading" is a paragraph set in a heading tag
HEADING_LEVELS = ("h1", "h2", "h3")
# Elements whose own text may show the title when no heading does (portals without <h1>).
SHOWN_TITLE_TAGS = ("div", "p", "span", "td", "strong", "b", "font", "h4", "h5", "h6", "li", "em")
SHOWN_TITLE_MIN_CHARS = 6
SHOWN_TITLE_MIN_SHARE = 0.6  # of the title part the element must show
SHOWN_TITLE_MAX_ELEMENTS = 3000  # h3: some Chinese portals' article titles
_SHOWN_TITLE_TAG_SET = frozenset(SHOWN_TITLE_TAGS)
# Second-level labels under country domains (example.co.uk, example.com.br, example.or.jp).
SECOND_LEVEL = frozenset({"co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go", "gob", "nic"})
_HOST = re.compile(r"[a-z][a-z0-9+.-]*://(?:www\d?\.)?([^/:?#]+)", re.IGNORECASE)


def site_names(sitename: str | None, url: str | None) -> tuple[str, ...]:
    """Lower-cased, alphanumeric-only forms of the site's name and of its host's main label."""
    names = []
    if sitename:
        names.append(squash_name(sitename))
    m = _HOST.match(url) if url else None
    if m:
        labels = m.group(1).lower().split(".")
        if len(labels) >= 3 and labels[-2] in SECOND_LEVEL:
            labels = labels[:-1]  # news.example.co.uk -> example
        main = labels[-2] if len(labels) >= 2 else labels[0]
        names.append(squash_name(main))
    if len(names) == 2 and len(names[0]) >= 3 and len(names[1]) >= 3:  # (most pages: no generator made)
        return (names[0], names[1])
    return tuple(n for n in names if len(n) >= 3)


# A text longer than this many times the longest name it may be (white space aside) is
# squashed from its start (that many characters) first: when that is too long for a site's
# name, so is the whole (squashing drops characters one by one: the start's squash is the
# start of the whole's). Most headings and title parts are told so from their first few words.
_SQUASH_PROBE = 2


def is_site_name(text: str, names: tuple[str, ...]) -> bool:
    """``text`` is the site's name, maybe with a short addition such as a TLD ("Site.de"):
    its :func:`~.names.squash_name` holds a name and is at most 4 characters longer. (Inline, one
    pass, no generator: it runs on every title part, heading and author name.)"""
    if not names:
        return False
    longest = len(names[0])  # (a loop, no max(map(...)): most pages give one or two names)
    for name in names:
        if len(name) > longest:
            longest = len(name)
    longest += 4
    # (most texts, headings, title parts, people's names, are told at once by their count
    # of letters and digits: each is one in the squash, see more_alnum; in C when built)
    native = (_native if walk.ENABLED else None)
    if native is not None and len(text) > longest and native.more_alnum(text, longest):
        return False
    joined = "".join(text.lower().split())
    if not joined.isalnum():
        probe = _SQUASH_PROBE * longest
        if len(joined) > probe and len(_NON_ALNUM.sub("", joined[:probe])) > longest:
            return False
        joined = _NON_ALNUM.sub("", joined)
    size = len(joined)
    if not size:
        return False
    for name in names:
        if size <= len(name) + 4 and name in joined:
            return True
    return False


def more_alnum(text: str, limit: int) -> bool:
    """Whether ``text`` holds more than ``limit`` letters and digits (``str.isalnum``): then
    its :func:`~.names.squash_name` is longer than ``limit`` (every letter or digit lowers
    to at least one, and nothing else to one: tested on every character), too long for a
    site's name of ``limit - 4`` characters. The twin of ``_native.more_alnum``, which
    :func:`is_site_name` asks (without it, the squash itself tells)."""
    count = 0
    for c in text:
        if c.isalnum():
            count += 1
            if count > limit:
                return True
    return False


def title_parts(title: str, names: tuple[str, ...]) -> list[str]:
    """The parts of a ``<title>`` that are not the site's name (all parts if every one is)."""
    parts, kept = [], []  # (loops: in Python 3.11 a comprehension makes a function object a run)
    if title:
        for part in split_title(title):
            if part.strip():
                parts.append(part)
                if not is_site_name(part, names):
                    kept.append(part)
    return kept or parts


def split_title(title: str) -> list[str]:
    """``TITLE_SEPARATORS.split(title)``, the pattern tried only where a separator can start:
    at the start of the white space before a separator character (its spaced forms), else
    at that character (a search tries its five forms at every position, ~10 us on a long
    title). A match from inside a white-space run is the one from the run's start, and
    each match is the first at or after the end of the one before, as in ``split``."""
    out: list[str] = []
    end = 0
    native = (_native if walk.ENABLED else None)
    starts = (native.char_positions(title, _SEPARATOR_TEXT) if native is not None
              else [sep.start() for sep in _SEPARATOR_CHARS.finditer(title)])
    for at in starts:
        if at < end:
            continue
        start = at
        while start > end and title[start - 1].isspace():
            start -= 1
        m = TITLE_SEPARATORS.match(title, start)
        if m is None and start < at:
            m = TITLE_SEPARATORS.match(title, at)
        if m is not None:
            out.append(title[end:m.start()])
            end = m.end()
    out.append(title[end:])
    return out


def _token_set(text: str) -> set[str]:
    return set(tokens(text.lower()))


def _overlap(ta: set[str], tb: set[str]) -> float:
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / max(len(ta), len(tb))


def headline(heading_elements: list, preferred: str | None, title: str,
             names: tuple[str, ...] = (), root=None):
    """The content title: the ``<h1>`` (else ``<h2>``, ``<h3>``) that matches the article
    part of the page title (``preferred``, the og:title / JSON-LD headline, first), else
    an element of ``root`` showing that part without the title's suffix, else the first
    ``<h1>`` that is not the site's name, else ``preferred``, else the longest non-site
    part of the title.

    Returns ``(element or None, text)``; the element anchors the byline searches.
    """
    heads = _LevelHeads(heading_elements, names)
    article_parts = title_parts(title, names)
    # The og:title / JSON-LD headline and the longest title part first, at every heading
    # level; the other parts only then: a heading equal to a short part ("新闻中心" in
    # "标题_新闻中心_新华网") is the section's label, not the article's title.
    main = ([preferred] if preferred else []) + ([max(article_parts, key=len)] if article_parts else [])
    others = []
    for part in article_parts:
        if part not in main:
            others.append(part)
    for targets in (main, others):
        found = _matching_heading(heads, targets) if targets else None
        if found is not None:
            return found
    shown = _shown_title(root, main[-1]) if root is not None and article_parts else None
    if shown is not None:
        return shown
    first_h1 = next(iter(heads.of("h1")), None)
    if first_h1 is not None:
        return first_h1
    if preferred:
        return None, preferred
    if article_parts:  # the title's article part (the whole title when it has no parts)
        return None, max(article_parts, key=len).strip()
    return None, ""


def _shown_title(root, part: str):
    """``(element, text)`` of the first element outside headings whose own text is
    ``part`` or its start (at least :data:`SHOWN_TITLE_MIN_SHARE` of it: "标题" shown,
    "标题 东区办事处" in the ``<title>``), or None. Reads at most
    :data:`SHOWN_TITLE_MAX_ELEMENTS` elements of ``<body>``."""
    body = root.find("body")
    if body is None or len(part) < SHOWN_TITLE_MIN_CHARS:
        return None
    native = (_native if walk.ENABLED else None)
    if native is not None:  # the same loop in C, texts collapsed only where one may match
        return native.shown_title(body, part, _SHOWN_TITLE_TAG_SET, SHOWN_TITLE_MAX_ELEMENTS,
                                  SHOWN_TITLE_MIN_CHARS, SHOWN_TITLE_MIN_SHARE, collapse_ws)
    for n, el in enumerate(body.iter(*SHOWN_TITLE_TAGS)):
        if n >= SHOWN_TITLE_MAX_ELEMENTS:
            break
        text = collapse_ws(el.text or "")
        if len(text) >= SHOWN_TITLE_MIN_CHARS and part.startswith(text) \
                and len(text) >= SHOWN_TITLE_MIN_SHARE * len(part):
            return el, text
    return None


class _LevelHeads:
    """The headings that may be the headline, ``(element, text)`` in page order, read one
    level at a time and only when asked: the headline is usually an ``<h1>``, and the
    many ``<h2>``/``<h3>`` texts (teasers, boxes) are then never read."""

    __slots__ = ("_elements", "_names", "_levels", "_token_sets")

    def __init__(self, elements: list, names: tuple[str, ...]) -> None:
        self._elements, self._names = elements, names
        self._levels: dict[str, list] = {}
        self._token_sets: dict[str, set[str]] = {}

    def tokens(self, text: str) -> set[str]:
        """``_token_set(text)`` of a heading's text, made once (both target lists compare it)."""
        found = self._token_sets.get(text)
        if found is None:
            found = self._token_sets[text] = _token_set(text)
        return found

    def of(self, level: str) -> list:
        """The headings of ``level`` (a tag of :data:`HEADING_LEVELS`) of some length that are
        not the site's name."""
        heads = self._levels.get(level)
        if heads is None:
            heads = self._levels[level] = []
            for el in self._elements:
                if el.tag == level:
                    text = collapsed(text_content(el))  # (collapse_ws, in C: no list of words)
                    if 0 < len(text) < MAX_HEADLINE_CHARS and not is_site_name(text, self._names):
                        heads.append((el, text))
        return heads


def _matching_heading(heads: _LevelHeads, targets: list[str]):
    """The first heading, by level, equal to a target, else sharing most of its words."""
    target_sets = None
    for level in HEADING_LEVELS:
        level_heads = heads.of(level)
        for target in targets:  # the og:title first, then the title's parts in order
            for el, text in level_heads:
                if text == target:
                    return el, text
        if target_sets is None:  # each text tokenised once, not once per comparison
            target_sets = [_token_set(t) for t in targets]
        best = _best_overlap(heads, level_heads, target_sets) if targets else None
        if best is not None and best[0] >= HEADLINE_MIN_OVERLAP:
            return best[1], best[2]
    return None


def _best_overlap(heads: _LevelHeads, level_heads: list, target_sets: list[set[str]]):
    """``(overlap, element, text)`` of the heading of ``level_heads`` whose words overlap
    one of ``target_sets`` most (the first of equals), or None without headings. Loops,
    no generators: this runs on most pages."""
    best = None
    for el, text in level_heads:
        words = heads.tokens(text)
        score = None
        for ts in target_sets:
            value = _overlap(words, ts)
            if score is None or value > score:
                score = value
        if best is None or score > best[0]:
            best = (score, el, text)
    return best


def decide_headline(doc: Document, region_heading: str) -> str:
    """The page's headline for a method whose main region starts with ``region_heading``:
    the metadata pass's headline when it ran and found one, else ``region_heading``."""
    return doc.headline or region_heading
