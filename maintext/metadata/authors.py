"""The page's authors: JSON-LD, ``<meta>`` and the visible byline in; a list of names out.

Sources, most reliable first: JSON-LD ``author``/``creator``, ``<meta name=author>`` and
kin, a byline element near the headline (``rel``/``itemprop=author``, a class with
author/byline), a link to an author archive page. The site's own name (a common filler of
author fields) is taken only when no source names someone. A byline naming several people
("Jane Doe and John Roe", "A, B und C") gives several names. How a source's string is
cut down to a name, and what passes as one, is :mod:`.names`.
"""

from __future__ import annotations

import re
from itertools import islice

from lxml import etree

from ..html.walk import native_nodes
from ..textutil import collapse_ws
from ..html import walk
from .collect import Collected
from .jsonld import LIST_SEP
from .title import is_site_name
from .collect import text_content
from .names import (_BYLINE_FIRST, _BYLINE_LEAD, BYLINE_PREFIX, MAX_NAME_CHARS, MAX_NAME_WORDS,
                    ORGANISATION_WORDS, clean_author, is_person, looks_like_name, split_names, squash_name)
from .native import _native  # (read as native_metadata() gives it, inline: ``_native if walk.ENABLED else None``)
from .visible import _SKIP_TEXT_TAGS, body_texts, texts_after

BYLINE_SCOPE_LEVELS = 3  # the headline's ancestor searched for a byline (the article header)
MAX_BYLINE_BOXES = 20  # author-like elements tried at most
# Candidates for author boxes (one test on the class value matches "author" and "Author",
# one "byline" and "Byline"); is_author_box() keeps the exact ones. byline_author() tests
# is_author_box() on every element instead (a Python loop is ~1/3 cheaper than this XPath).
AUTHOR_CANDIDATES = etree.XPath(
    "descendant::*[@class or @id or @rel or @itemprop][contains(@class,'uthor')"
    " or contains(@class,'yline') or contains(@id,'author') or @rel='author' or @itemprop='author']"
)
# Paths of author archive pages (WordPress /author/<name>/, German /autor/, French /auteur/).
AUTHOR_HREF = re.compile(r"/(?:author|autor|auteur|autore|autores|authors|profile/author)/[^/?#]",
                         re.IGNORECASE)
VISIBLE_BYLINE_CHARS = 600  # text read after the headline for a written-out byline
LABELLED_BYLINE_CHARS = 100_000  # text of <body> read for a labelled author
_MAX_LABEL_CHARS = 20
# Texts that only label the author's name which follows them.
AUTHOR_LABELS = frozenset({"autor", "autorin", "autoren", "author", "authors", "text", "von", "by",
                           "verfasst von", "geschrieben von", "written by", "redaktion", "作者",
                           "记者", "责任编辑", "文", "par", "por"})
# A copyright line and the name after its years ("© 2012-2019 Jane Doe", "Copyright (c) Jane Doe").
COPYRIGHT_LINE = re.compile(
    r"(?:©|\([cC]\)|\b[Cc]opyright\b)\s*(?:©|\([cC]\))?\s*(?:(?:19|20)\d\d\s*(?:[-–]\s*(?:(?:19|20)\d\d)?)?\s*)?"
    r"(?:by\s+|von\s+)?((?:[A-ZÄÖÜ][a-zäöüßéèáíóúñ'’-]+|[A-Z]\.)(?:\s+(?:[A-ZÄÖÜ][a-zäöüßéèáíóúñ'’-]+|[A-Z]\.)){1,3})"
    r"(?![\w.-]*\.[a-z]{2,})")  # not a domain ("© Site.de")
COPYRIGHT_TAIL_CHARS = 20_000  # of the body's text read from its end (the footer)
_COMMENT_WORDS = ("comment", "respond", "reply", "kommentar")  # in a class or id: a comment area
_COMMENT_AREA = re.compile("|".join(_COMMENT_WORDS), re.IGNORECASE)
_SKIP_TAGS = frozenset({"script", "style", "img", "meta", "link"})


def page_authors(ld: dict[str, str], got: Collected, root, headline_el,
                 site_names: tuple[str, ...]) -> tuple[str | None, list[str]]:
    """``(author, authors)``: the names of the first source that names someone (see
    module) as one string, as before (several names joined by ", "), and as a list in
    which a byline naming several people is split (:func:`split_names`). The site's
    own name counts only when no source names anyone else (the first such source's)."""
    fallback: list[str] = []
    # Each source is read only when the ones before it named nobody (the later ones walk the
    # tree), or to complete a partial name (:func:`_completed`).
    names_of = _AuthorSources(ld, got, root, headline_el, site_names).names_of
    # (loops without comprehensions here and below: in Python 3.11 each comprehension run
    # makes a function object, and most of these lists hold 0-2 names)
    for n in range(AUTHOR_SOURCES):
        names = names_of(n)
        people = []
        for m in names:
            if not is_site_name(m, site_names):
                people.append(m)
        if people:
            names = _completed(people, n, names_of, AUTHOR_SOURCES)
            break
        fallback = fallback or names
    else:
        names = fallback
    if not names:
        return None, []
    return ", ".join(names), _name_parts(names)


class _AuthorSources:
    """One page's author sources, each read at most once (an object, not a closure: a
    closure makes a function object and a cell for each name it reads on every page)."""

    __slots__ = ("ld", "got", "root", "headline_el", "site_names", "read")

    def __init__(self, ld: dict[str, str], got: Collected, root, headline_el,
                 site_names: tuple[str, ...]) -> None:
        self.ld, self.got, self.root, self.headline_el, self.site_names = ld, got, root, headline_el, site_names
        self.read: dict[int, list[str]] = {}

    def names_of(self, n: int) -> list[str]:
        """The cleaned names author source ``n`` (most reliable first, see module) gives, read
        once: what it says, its names as written joined by LIST_SEP (or None), cleaned. One
        branch a source (instead of a function object made for each source on every page,
        and in this method: no second call a source)."""
        read = self.read
        if n in read:
            return read[n]
        if n == 0:
            raw = self.ld.get("author")
        elif n == 1:
            raw = self.got.values.get("author")
        elif n == 2:
            raw = byline_author(self.root, self.headline_el)
        elif n == 3:
            raw = visible_byline(self.headline_el)
        elif n == 4:
            got = self.got
            raw = author_link(got.anchors, got.records, got)
        elif n == 5:
            raw = labelled_byline(self.root)
        else:
            raw = copyright_holder(self.root, self.site_names)
        names = read[n] = list(filter(None, map(clean_author, raw.split(LIST_SEP)))) if raw else []
        return names


AUTHOR_SOURCES = 7  # the sources of :meth:`_AuthorSources.names_of`


# A source's single name is completed from the later sources: a user handle ("robert.stitz",
# "arianschlichenmayer") or a first name alone ("Todd") by a later source's full form of
# it, and one name by a later byline naming that person and others ("A, B").
COMPLETING_SOURCES = 2  # sources read at most after the first one for a byline's other names
COMPLETING_LAST = 5  # a partial name is completed from the sources before this one (not from
# the last resorts, which read all of <body>)


def _completed(people: list[str], first: int, names_of, count: int) -> list[str]:
    if len(people) != 1:
        return people
    name = people[0]
    partial = " " not in name.strip()
    key = squash_name(name)
    last = min(count, COMPLETING_LAST if partial else first + 1 + COMPLETING_SOURCES)
    for n in range(first + 1, last):
        later = names_of(n)
        if not later:
            continue
        parts = _name_parts(later)
        head = parts[0]
        if partial and " " in head and looks_like_name(head) and (
                squash_name(head) == key or head.split()[0].lower() == name.lower()):
            return [head] if len(parts) == 1 else parts
        if len(parts) > 1 and squash_name(head) == key and all(map(is_person, parts)):
            return parts
    return people


def _name_parts(names: list[str]) -> list[str]:
    """The :func:`split_names` parts of ``names`` in order, each once."""
    parts: dict[str, None] = {}
    for name in names:
        for part in split_names(name):
            parts[part] = None
    return list(parts)


def is_author_box(el) -> bool:
    """rel/itemprop=author, a class with author/Author/byline/Byline, an id with author."""
    cls = el.get("class") or ""
    return (el.get("rel") == "author" or el.get("itemprop") == "author" or "author" in cls
            or "Author" in cls or "byline" in cls or "Byline" in cls or "author" in (el.get("id") or ""))


def byline_author(root, headline_el=None) -> str | None:
    """The name in the first byline-like element, searched in the article header around
    the headline (its ancestor :data:`BYLINE_SCOPE_LEVELS` up), else the first ``<article>``."""
    scope = headline_el
    if scope is not None:
        for _ in range(BYLINE_SCOPE_LEVELS):
            parent = scope.getparent()
            if parent is None or parent.tag in ("body", "html"):
                break
            scope = parent
    else:  # no headline: the first <article>, if any (the whole body costs ~1 ms)
        scope = next(root.iter("article"), None)
    if scope is None:
        return None
    nodes = native_nodes()
    if nodes is not None:  # the boxes found in C: the first alone, then, when asked, the others
        first = nodes.author_boxes(scope, 1)
        if not first:
            return None
        found = _box_names(first[0])
        if found is not None:
            return found
        for el in nodes.author_boxes(scope, MAX_BYLINE_BOXES)[1:]:
            found = _box_names(el)
            if found is not None:
                return found
        return None
    for el in _author_boxes(scope):
        found = _box_names(el)
        if found is not None:
            return found
    return None


def _box_names(el) -> str | None:
    """The names an author box gives (joined by LIST_SEP), or None when it gives none (a
    box in comments, one of :data:`_SKIP_TAGS`, one with too much text)."""
    if el.tag in _SKIP_TAGS or in_comments(el):
        return None
    values = _name_texts(el)
    if sum(map(len, values)) > 120:
        return None
    names = []
    for value in values:
        name = clean_author(value)
        if name and len(name.split()) <= MAX_NAME_WORDS:
            names.append(name)
    return LIST_SEP.join(names) if names else None


def _author_boxes(scope):
    """The first :data:`MAX_BYLINE_BOXES` descendants of ``scope`` that :func:`is_author_box`
    takes, in page order, lazily: the first box's name ends most searches, and the scope
    (the article with its text) is then not read past it. (:func:`byline_author` asks the
    compiled scans the same in two steps: the first box alone, then, when asked, the others,
    the scope read again up to the first: rarely.)"""
    return islice((el for el in scope.iterdescendants(etree.Element) if is_author_box(el)), MAX_BYLINE_BOXES)


def _name_texts(box) -> list[str]:
    """The texts of ``box``'s ``itemprop=name`` descendants, else its own text (in C when built)."""
    native = (_native if walk.ENABLED else None)
    if native is not None:
        return native.name_texts(box)
    return [n.text_content() for n in box.findall(".//*[@itemprop='name']")] or [box.text_content()]


def visible_byline(headline_el) -> str | None:
    """The name in a byline written out after the headline without markup that says so:
    a short text piece that opens with a byline word ("Von", "By", "Redaktion:", "责任编辑：")
    followed by a name, there or in the next piece (a link). Only the first pieces after
    the headline are read (:data:`VISIBLE_BYLINE_CHARS`)."""
    if headline_el is None:
        return None
    pieces = _byline_pieces(headline_el)
    for n, text in enumerate(pieces):
        # may_open_byline(text), inline (the same answer on the text collapsed: see _byline_pieces)
        head = text.lstrip(_BYLINE_LEAD)[:1]
        if not head or head.lower()[:1] not in _BYLINE_FIRST:
            continue
        piece = " ".join(text.split())  # (collapse_ws inline)
        if not BYLINE_PREFIX.match(piece):
            continue
        name = clean_author(piece)
        if (name is None or name == piece) and n + 1 < len(pieces):  # "Von" + <a>Name</a>
            name = clean_author(collapse_ws(pieces[n + 1]))
        if name and name != piece and looks_like_name(name):
            return name
    return None


def labelled_byline(root) -> str | None:
    """A name right after a piece of text that is only an author label ("Autor", "Text:",
    "Von", see :data:`AUTHOR_LABELS`) anywhere in ``<body>``, e.g. an author box or a credit
    line at the article's foot; at most :data:`LABELLED_BYLINE_CHARS` of text are read."""
    body = root.find("body")
    if body is None:
        return None
    native = (_native if walk.ENABLED else None)
    if native is not None:  # the same loop in C gives the pieces tried as names
        for piece in native.label_followers(body, _SKIP_TEXT_TAGS, LABELLED_BYLINE_CHARS, _MAX_LABEL_CHARS,
                                            AUTHOR_LABELS, ":： ", MAX_NAME_CHARS):
            name = clean_author(piece)
            if name and looks_like_name(name):
                return name
        return None
    label_seen, seen = False, 0
    for text in body_texts(body, LABELLED_BYLINE_CHARS):
        piece = text.strip()
        if not piece:
            continue
        seen += len(piece)
        if seen > LABELLED_BYLINE_CHARS:
            break
        if label_seen and len(piece) <= MAX_NAME_CHARS:
            name = clean_author(piece)
            if name and looks_like_name(name):
                return name
        label_seen = len(piece) <= _MAX_LABEL_CHARS and piece.lower().rstrip(":： ") in AUTHOR_LABELS
    return None


def copyright_holder(root, site_names: tuple[str, ...]) -> str | None:
    """The person named in the page's last copyright line ("© 2019 Jane Doe", "Copyright
    (c) 2012- Jane Doe. All rights reserved.") when the site is named after that person
    (``site_names``: janedoe.net): a personal site's author. Only a name of two to four
    capitalised words without an organisation word (:data:`ORGANISATION_WORDS`) counts.
    The last resort: it reads the end of ``<body>``'s text."""
    body = root.find("body")
    if body is None:
        return None
    for m in reversed(_footer_lines(body)):
        name = m.group(1)
        words = name.lower().replace(".", " ").split()
        if 2 <= len(words) <= 4 and not ORGANISATION_WORDS.intersection(words) \
                and squash_name(name) in site_names:
            return name
    return None


# What a COPYRIGHT_LINE match starts with (its first group's three forms); each starts with
# an ASCII character or a UTF-8 lead byte, so the C reader finds them in the UTF-8 bytes
_COPYRIGHT_OPENINGS = ("©", "(c)", "(C)", "Copyright", "copyright")
# Bytes of text from the most to the least frequent (roughly, for English): the C reader
# looks for each opening's byte that comes last here (any other byte counts as rarer)
_BYTE_FREQUENCY = b" etaoinsrhldcumfpgwybvkxjqz"


def _rarest_byte(word: bytes) -> int:
    """The index of ``word``'s rarest byte by :data:`_BYTE_FREQUENCY` (the first of equals)."""
    rank = [_BYTE_FREQUENCY.find(b) % (len(_BYTE_FREQUENCY) + 1) for b in word]  # (-1: the rarest)
    return rank.index(max(rank))


_COPYRIGHT_OPENING_BYTES = tuple((o.encode("utf-8"), _rarest_byte(o.encode("utf-8"))) for o in _COPYRIGHT_OPENINGS)


def _footer_lines(body) -> list[re.Match[str]]:
    """``copyright_lines`` of the last :data:`COPYRIGHT_TAIL_CHARS` characters of ``body``'s
    text (their groups and lengths; in C their positions are counted from the character
    before the first opening). In C when built: the text's end is read from the tree's
    last text nodes (not all of the body's text, ~0.1 ms on a long page) and the openings
    found in its bytes; it is decoded only from the first one on."""
    native = (_native if walk.ENABLED else None)
    found = native.copyright_tail(body, COPYRIGHT_TAIL_CHARS, _COPYRIGHT_OPENING_BYTES) if native is not None else None
    if found is None:
        return copyright_lines(text_content(body)[-COPYRIGHT_TAIL_CHARS:])
    text, starts = found
    return _lines_at(text, starts) if starts else []


def copyright_lines(text: str) -> list[re.Match[str]]:
    """``list(COPYRIGHT_LINE.finditer(text))``, the pattern tried only where one of its
    openings stands (found by ``str.find``): a search tries it at every position, ~0.5 ms
    on the 20,000 characters of a footer. The same matches: none can start elsewhere, and
    each is the first at or after the end of the one before."""
    starts = set()
    for opening in _COPYRIGHT_OPENINGS:
        at = text.find(opening)
        while at >= 0:
            starts.add(at)
            at = text.find(opening, at + 1)
    return _lines_at(text, sorted(starts))


def _lines_at(text: str, starts: list[int]) -> list[re.Match[str]]:
    """The COPYRIGHT_LINE matches that start at ``starts`` (sorted), each after the last."""
    out: list[re.Match[str]] = []
    end = 0
    for at in starts:
        if at >= end:
            m = COPYRIGHT_LINE.match(text, at)
            if m is not None:
                out.append(m)
                end = m.end()
    return out


def _byline_pieces(headline_el) -> list[str]:
    """:func:`_short_pieces` after the headline, each piece whitespace-collapsed or as it
    stands: in C the list ends before the piece that takes their collapsed length over
    :data:`VISIBLE_BYLINE_CHARS`, so no piece is collapsed here; the reader collapses the
    few it tries (:func:`may_open_byline` skips the white space and the marks of a byline's
    lead first: it gives the same answer on a piece as on it collapsed)."""
    if (_native if walk.ENABLED else None) is None:
        return _short_pieces(texts_after(headline_el, budget=VISIBLE_BYLINE_CHARS))
    texts = texts_after(headline_el, budget=VISIBLE_BYLINE_CHARS, past_budget=False)
    out = []  # (a loop: in Python 3.11 a comprehension makes a function object a run)
    for text in texts:
        if not text.isspace():
            out.append(text)
    return out


def _short_pieces(texts) -> list[str]:
    """The non-empty text pieces within the first VISIBLE_BYLINE_CHARS characters."""
    out, seen = [], 0
    for text in texts:
        if not text or text.isspace():  # (collapse_ws gives "": most pieces between elements)
            continue
        piece = collapse_ws(text)
        seen += len(piece)
        if seen > VISIBLE_BYLINE_CHARS:
            break
        out.append(piece)
    return out


def author_link(anchors: list, records: list | None = None, got: Collected | None = None) -> str | None:
    """The text of the first link to an author archive page outside comment threads, with
    the texts of the author links beside it (same parent: a byline naming several people).
    ``records``: the anchors' ``(href, rel, text or None)`` when already read
    (:attr:`~maintext.metadata.collect.Collected.records`); ``got``: what they were
    collected in (its :meth:`~maintext.metadata.collect.Collected.href_hits` names the
    few hrefs worth searching)."""
    hits = got.href_hits(AUTHOR_HREF) if got is not None else None  # the only hrefs searched
    if records is None:
        records = [(a.get("href"), None, None) for a in anchors]
    for n in range(min(len(anchors), len(records))) if hits is None else hits:
        a, (href, _, text) = anchors[n], records[n]
        if not href or AUTHOR_HREF.search(href) is None or in_comments(a):
            continue
        name = clean_author(text if text is not None else a.text_content())
        if name and len(name.split()) <= MAX_NAME_WORDS:
            return LIST_SEP.join([name] + _sibling_author_links(a, anchors[n + 1:n + 1 + MAX_CO_AUTHORS]))
    return None


MAX_CO_AUTHORS = 8  # author links read after the first one for the other names of a byline


def _sibling_author_links(first, following: list) -> list[str]:
    """Names of the author links in ``following`` that share ``first``'s parent, up to the
    first link that does not."""
    names = []
    parent = first.getparent()
    for a in following:
        if a.getparent() is not parent or AUTHOR_HREF.search(a.get("href") or "") is None:
            break
        name = clean_author(a.text_content())
        if name and 2 <= len(name.split()) <= MAX_NAME_WORDS and looks_like_name(name) \
                and name not in names:  # a full name ("Archive", "Profile" are other links)
            names.append(name)
    return names


def in_comments(el, levels: int = 12) -> bool:
    """``el`` sits in a comment thread or form (their "author" fields are commenters)."""
    native = (_native if walk.ENABLED else None)
    if native is not None:  # the same steps in C, no proxies for the ancestors
        return native.in_comments(el, levels, _COMMENT_AREA, _COMMENT_WORDS)
    for n, node in enumerate(el.iterancestors()):
        if n >= levels:
            break
        if node.tag == "form" or _COMMENT_AREA.search(
                (node.get("class") or "") + " " + (node.get("id") or "")):
            return True
    return _COMMENT_AREA.search(el.get("class") or "") is not None
