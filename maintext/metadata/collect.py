"""The one pass over the tree that metadata reads: a parsed tree in, a :class:`Collected` out.

One C-level walk (``root.iter`` over a few tags) gathers every element kind metadata needs:
``<meta>`` values sorted into fields by the table :data:`META_FIELDS`, JSON-LD script
texts, ``<title>``, ``<h1>``-``<h3>``, ``<time>``, ``<a>``, ``<base>`` and the
``<link>`` elements that declare the page's address, image or licence.
"""

from __future__ import annotations

import re
from re import _parser
from typing import Any

from lxml import etree

from ..html.walk import native_nodes
from .hrefheads import head_hits, literal_heads, parsed_items
from .native import _native  # (read as native_metadata() gives it, inline: ``_native if walk.ENABLED else None``)
from ..textutil import collapse_ws, has_cjk
from ..html import walk

# ---------------------------------------------------------------------------------------
# <meta> name / property / itemprop (lower case) -> field. Order within a field = priority
# (the first one present wins); keywords and categories collect every value instead.
META_FIELDS: dict[str, tuple[str, ...]] = {
    "title": ("og:title", "twitter:title", "dc.title", "title", "sailthru.title"),
    "description": ("og:description", "description", "twitter:description", "dc.description"),
    "author": (
        "author", "article:author", "dc.creator", "dcterms.creator", "byl", "sailthru.author",
        "parsely-author", "citation_author", "twitter:creator",
    ),
    # Publication dates only; modification dates are their own field (and a last resort).
    "date": (
        "article:published_time", "og:article:published_time", "og:published_time",
        "datepublished", "article.published", "published_time", "publishdate", "publish_date",
        "publish-date", "pubdate", "citation_publication_date", "citation_date",
        "dc.date.issued", "dcterms.issued", "dc.date", "dcterms.date", "date", "sailthru.date",
        "parsely-pub-date", "weibo: article:create_at", "bytedance:published_time",
        "mediaid:publish_time", "og:release_date", "datecreated", "dc.date.created",
    ),
    "modified": ("article:modified_time", "og:updated_time", "datemodified", "dateupdate",
                 "dateupdated", "last-modified", "dcterms.modified", "dc.date.modified",
                 "weibo: article:update_at"),
    "keywords": ("keywords", "news_keywords", "article:tag"),
    "categories": ("article:section", "parsely-section"),
    "sitename": ("og:site_name", "application-name", "twitter:site"),
    "image": ("og:image", "og:image:url", "og:image:secure_url", "twitter:image",
              "twitter:image:src", "image", "thumbnail"),
    "license": ("dcterms.license", "dc.rights", "dcterms.rights", "license", "copyright"),
    # The page's own address, used when the caller gave none (offline files).
    "url": ("og:url", "twitter:url"),
}
FIELD_OF: dict[str, tuple[str, int]] = {
    key: (fld, rank) for fld, keys in META_FIELDS.items() for rank, key in enumerate(keys)
}
LIST_FIELDS = frozenset({"keywords", "categories"})  # every value counts, in page order

# <link rel=...> values -> field (the href is the value).
LINK_RELS: dict[str, str] = {
    "canonical": "canonical",
    "image_src": "image",
    "license": "license",
}

# itemprop values of elements holding each date (read by dates.itemprop_dates; the C walk
# finds the elements, see Collected.dated) (any element: <span itemprop=...>).
ITEMPROPS: dict[str, tuple[str, ...]] = {
    "published": ("datePublished", "dateCreated"),
    "modified": ("dateModified", "dateUpdate", "dateUpdated"),
}
# RDFa ``property`` values of elements holding each date (<span property="schema:dateCreated">).
RDFA_PROPERTIES: dict[str, tuple[str, ...]] = {
    "published": ("schema:datePublished", "schema:dateCreated", "dc:date", "dcterms:date",
                  "dc:created", "dcterms:created", "dcterms:issued", "datePublished"),
    "modified": ("schema:dateModified", "dcterms:modified", "dc:modified", "dateModified"),
}
ALL_PROPS = frozenset(p for names in ITEMPROPS.values() for p in names)
ALL_RDFA = frozenset(p for names in RDFA_PROPERTIES.values() for p in names)

MAX_HEADINGS = 60  # h1/h2/h3 elements kept for the headline choice
_WANTED_TAGS = ("a", "meta", "script", "title", "h1", "h2", "h3", "time", "base", "link")

# What keywords are split at: the reference of :func:`_keyword_pieces`, which splits with
# plain string calls (~5x cheaper; the same non-empty pieces, tests/metadata/test_keyword_pieces.py)
_SPLIT_KEYWORDS = re.compile(r"[,;，；、|]+")
_WIDE_KEYWORD_SEPARATORS = ("，", "；", "、")  # (its characters outside ASCII)
_MAX_KEYWORD_CHARS = 60  # longer "keywords" are sentences or stuffed descriptions
_BROKEN_KEYWORD = re.compile(r"[<>={}]")  # markup leaked into the attribute


class Collected:
    """What the one pass over the tree found (elements are lxml elements)."""

    __slots__ = ("meta", "values", "lists", "ld_texts", "title_el", "headings", "times",
                 "anchors", "records", "base", "links", "dated", "_hrefs")

    def __init__(self) -> None:
        self.meta: dict[str, tuple[int, str]] = {}  # field -> (rank, value) of the best key
        # field -> the best <meta> value (``meta``'s values: what readers ask, a dict lookup
        # and no method call each, some ten a page)
        self.values: dict[str, str] = {}
        self.lists: dict[str, list[str]] = {"keywords": [], "categories": []}
        # text of every script whose type names JSON-LD, as written
        self.ld_texts: list[str] = []
        self.title_el: Any = None
        self.headings: list = []  # h1, h2 and h3 elements, in page order
        self.times: list = []
        self.anchors: list = []
        # ``(href, rel, text)`` of each anchor, read with them for the link, label, licence
        # and author passes; ``text`` (:func:`text_content`) is None when not read (the C
        # walk reads it with the attributes, the Python fallback reads it where asked)
        self.records: list[tuple[str | None, str | None, str | None]] = []
        self.base: str | None = None
        self.links: dict[str, str] = {}  # LINK_RELS field -> first href
        # the elements with a date itemprop or RDFa property (dates._prop_elements), when
        # the C walk read them; None: not read (dates walks the tree for them when asked)
        self.dated: list | None = None
        self._hrefs: tuple[str, list[int], list[int]] | None = None  # (see href_index)

    def may_have_href(self, pattern: re.Pattern[str]) -> bool:
        """False when no anchor's href can match ``pattern`` (see :meth:`href_hits`)."""
        hits = self.href_hits(pattern)
        return hits is None or bool(hits)

    def href_hits(self, pattern: re.Pattern[str]) -> list[int] | None:
        """The indices (ascending) of the anchors whose href ``pattern`` may find: every
        anchor whose href it finds is among them (the caller searches those hrefs). None
        when that is not known (then search every href).

        All hrefs are joined by NUL (no attribute value holds one) and lower-cased, and
        searched with ``pattern`` made case-sensitive, instead of one search per href.
        Only for ASCII hrefs (Unicode case folding matches "K" to "k"), and only for a
        case-blind pattern written in lower case without anchors or lookarounds (see
        :func:`_cased`): then a match within one href is a match at the same place in the
        joined text. Each search starts at an href's start; a match starting in href
        ``i`` (perhaps running into the next one) makes ``i`` a hit, and the next search
        starts at href ``i + 1``. So the first match at or after the start of an href that
        holds one starts in it or in an earlier href not yet a hit: none is missed.

        A pattern whose matches all start with one of a few literal strings (its heads,
        :mod:`.hrefheads`) is not searched: the hits are then the hrefs holding a head, and
        every href not in ASCII (its case-blind matches are not told by the lower-cased
        text, where it stands as ""; a page in Chinese has a few such hrefs among hundreds).
        (The pattern's searched forms are read once, then looked up here: no call.)"""
        low, _, wide = self._hrefs or self.hrefs()
        forms = _CASED_PATTERNS.get(id(pattern))
        if forms is None or forms[0] is not pattern:
            forms = _searched_forms(pattern)
        plain, heads = forms[1], forms[2]
        if plain is None:
            return None
        if heads is not None:  # the hrefs that hold one of the strings every match starts with
            native = (_native if walk.ENABLED else None)
            hits = native.head_hits(low, heads) if native is not None else head_hits(low, heads)
            return sorted(set(hits).union(wide)) if wide else hits
        if wide:
            return None
        hits: list[int] = []
        search, find, count = plain.search, low.find, low.count
        m = search(low)
        at = index = 0  # index: how many NULs stand before ``at``
        while m is not None:
            start = m.start()
            index += count("\0", at, start)  # the href ``start`` is in
            hits.append(index)
            at = find("\0", start) + 1
            if at == 0:
                break
            index += 1
            m = search(low, at)
        return hits

    def hrefs(self) -> tuple[str, list[int], list[int]]:
        """``(low, rels, wide)``, read once: the anchors' hrefs (an absent one and one not in
        ASCII as "") joined by NUL (no attribute value holds one) and lower-cased; the
        indices (ascending) of the anchors with a non-empty ``rel`` value; those of the
        anchors whose href is not ASCII (:func:`href_index`)."""
        if self._hrefs is None:
            native = (_native if walk.ENABLED else None)
            records = self.records
            self._hrefs = native.href_index(records) if native is not None else href_index(records)
        return self._hrefs

    def key(self, fld: str) -> str | None:
        """The ``<meta>`` name the best value of ``fld`` (``values[fld]``) came from, or None."""
        got = self.meta.get(fld)
        return META_FIELDS[fld][got[0]] if got else None


def href_index(records: list[tuple[str | None, str | None, str | None]]) -> tuple[str, list[int], list[int]]:
    """The hrefs of the anchors' ``records`` (an absent one and one not in ASCII as "")
    joined by NUL and lower-cased; the indices of the records with a rel value; those of
    the records whose href is not ASCII (the Python twin of ``_native.href_index``)."""
    wide = [i for i, (href, _, _) in enumerate(records) if href and not href.isascii()]
    joined = "\0".join(["" if not href or not href.isascii() else href for href, _, _ in records])
    return joined.lower(), [i for i, (_, rel, _) in enumerate(records) if rel], wide


# Collected.href_hits: each pattern without re.IGNORECASE (searched in lower-cased text) and
# that one's heads (hrefheads.literal_heads), by the pattern's id (a Pattern's hash reads its
# whole compiled code at every call, ~2 us for CATEGORY_HREF); the entry holds the pattern,
# so its id is not reused while it is there
_CASED_PATTERNS: dict[int, tuple[re.Pattern[str], re.Pattern[str] | None, tuple[str, ...] | None]] = {}
_REMEMBERED_PATTERNS = 256  # (a bound for callers that compile patterns anew)
# What a pattern may be built of to be searched in the joined hrefs: no anchor (^, $, \b),
# lookaround or back reference looks past the characters it matches.
_CONTEXT_FREE_OPS = frozenset({"LITERAL", "NOT_LITERAL", "IN", "ANY", "BRANCH", "SUBPATTERN",
                               "MAX_REPEAT", "MIN_REPEAT", "NEGATE", "RANGE", "CATEGORY"})


def _searched_forms(pattern: re.Pattern[str]) -> tuple[re.Pattern[str], re.Pattern[str] | None,
                                                     tuple[str, ...] | None]:
    """``(pattern, its _cased form, that form's literal heads)`` (Nones when there is no
    such form or no heads), remembered in :data:`_CASED_PATTERNS`."""
    known = _CASED_PATTERNS.get(id(pattern))
    if known is not None and known[0] is pattern:
        return known
    plain = _cased(pattern)
    forms = (pattern, plain, literal_heads(plain) if plain is not None else None)
    if len(_CASED_PATTERNS) < _REMEMBERED_PATTERNS:
        _CASED_PATTERNS[id(pattern)] = forms
    return forms


def _cased(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """``pattern`` without re.IGNORECASE, when it is case-blind, written in ASCII lower case
    (no \\S, \\W...; "ſ" matches "s" case-blind) and context-free
    (:data:`_CONTEXT_FREE_OPS`); else None."""
    usable = (pattern.flags & re.IGNORECASE and pattern.pattern.isascii()
              and pattern.pattern == pattern.pattern.lower() and _context_free(parsed_items(pattern)))
    return re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE) if usable else None


def _context_free(items) -> bool:
    """Whether parsed pattern items (``re._parser``) use only :data:`_CONTEXT_FREE_OPS`,
    also in their groups, repeats and branches (a class's own items are all context-free)."""
    for op, value in items:
        if str(op) not in _CONTEXT_FREE_OPS:
            return False
        if not all(_context_free(sub.data) for sub in _subpatterns(value)):
            return False
    return True


def _subpatterns(value):
    """The ``SubPattern`` objects held in one parsed item's value (nested tuples and lists)."""
    if isinstance(value, _parser.SubPattern):
        yield value
    elif isinstance(value, (list, tuple)):
        for part in value:
            yield from _subpatterns(part)


def collect(root) -> Collected:
    """Walk ``root`` once and return what metadata needs from it: in C when built
    (metadata/_native.pyx, the anchors' records read with them), else by
    :func:`_collected_in_python`."""
    native = (_native if walk.ENABLED else None)
    if native is None:
        return _collected_in_python(root)
    got = Collected()
    (got.anchors, got.records, metas, got.ld_texts, got.title_el, got.headings, got.times,
     got.base, links, got.dated) = native.collect_nodes(root, MAX_HEADINGS, _META_TARGETS, _LINK_FIELDS,
                                                        ALL_PROPS, ALL_RDFA)
    # (the keys _META_TARGETS knows to be of no field, viewport, robots..., are left out
    # there, and the <link> whose rel _LINK_FIELDS knows to be of none). The loop is
    # _add_meta's inline (two Python calls less for each <meta> of a field, some 15 a page):
    # a key _META_TARGETS does not hold (None there: the C walk left those out) is
    # looked up by _meta_target, which remembers it.
    # (collapse_ws in C: the value itself when it is collapsed already, most descriptions
    # and titles, instead of a list of its words joined)
    known, meta, values, lists, words = _META_TARGETS, got.meta, got.values, got.lists, native.words
    for key, content in metas:
        target = known.get(key) or _meta_target(key)
        if target is None or not content or content.isspace():  # (_add_value's test)
            continue
        fld, rank = target
        if fld in LIST_FIELDS:
            lists[fld].extend(split_keywords(content) if fld == "keywords" else [words(content)])
        elif fld not in meta or rank < meta[fld][0]:
            value = values[fld] = words(content)
            meta[fld] = (rank, value)
    for href, rel in links:  # (_add_link inline; most <link> are style sheets, icons, preloads)
        fields = _link_fields(rel)
        if fields and href and href.strip():
            for fld in fields:
                if fld not in got.links:
                    got.links[fld] = href.strip()
    return got


def _collected_in_python(root) -> Collected:
    """:func:`collect` without the C module: one loop over ``root.iter(*_WANTED_TAGS)``."""
    got = Collected()
    for el in root.iter(*_WANTED_TAGS):
        tag = el.tag
        if tag == "a":
            got.anchors.append(el)
        elif tag == "meta":
            key = el.get("property") or el.get("name") or el.get("itemprop")
            if key:
                _add_meta(got, key, el.get("content"))
        elif tag == "script":
            # only JSON-LD bodies survive parsing (html.document empties the others)
            if el.text and "ld+json" in (el.get("type") or ""):
                got.ld_texts.append(el.text)
        elif tag in ("h1", "h2", "h3"):
            if len(got.headings) < MAX_HEADINGS:
                got.headings.append(el)
        elif tag == "time":
            got.times.append(el)
        elif tag == "title":
            if got.title_el is None:
                got.title_el = el
        elif tag == "base":
            got.base = got.base or el.get("href")
        elif tag == "link":
            _add_link(got, el.get("href"), el.get("rel"))
    nodes = native_nodes()  # (the tree scans in C may be built without this module)
    got.records = (nodes.anchor_records(got.anchors) if nodes is not None
                   else [(a.get("href"), a.get("rel"), None) for a in got.anchors])
    return got


# What a <meta> key and a <link> rel value mean, remembered for the values seen (a few
# hundred recur on every page; the bound keeps odd pages from growing them)
_META_TARGETS: dict[str, tuple[str, int] | None] = {}
_LINK_FIELDS: dict[str | None, tuple[str, ...]] = {}
_REMEMBERED = 4096


def _meta_target(key: str) -> tuple[str, int] | None:
    """``FIELD_OF`` of the key ``key`` stands for (stripped, lower-cased), or None."""
    try:
        return _META_TARGETS[key]
    except KeyError:
        target = FIELD_OF.get(key.strip().lower())
        if len(_META_TARGETS) < _REMEMBERED:
            _META_TARGETS[key] = target
        return target


def _link_fields(rel: str | None) -> tuple[str, ...]:
    """The fields (``LINK_RELS``) of the words of a ``rel`` value, in order."""
    try:
        return _LINK_FIELDS[rel]
    except KeyError:
        fields = tuple(LINK_RELS[word] for word in (rel or "").lower().split() if word in LINK_RELS)
        if len(_LINK_FIELDS) < _REMEMBERED:
            _LINK_FIELDS[rel] = fields
        return fields


def _add_meta(got: Collected, key: str, content: str | None) -> None:
    target = _meta_target(key)
    if target is not None:
        _add_value(got, target, content)


def _add_value(got: Collected, target: tuple[str, int], content: str | None) -> None:
    """Keep ``content`` for the field and rank ``target`` (a key's :func:`_meta_target`;
    :func:`collect` holds this inline for the C walk: change both)."""
    if not content or content.isspace():
        return
    fld, rank = target
    if fld in LIST_FIELDS:
        got.lists[fld].extend(split_keywords(content) if fld == "keywords" else [collapse_ws(content)])
    elif fld not in got.meta or rank < got.meta[fld][0]:
        value = got.values[fld] = collapse_ws(content)
        got.meta[fld] = (rank, value)


def _add_link(got: Collected, href: str | None, rel: str | None) -> None:
    """Keep ``href`` for the fields of ``rel`` that have none yet (:func:`collect` holds
    this inline for the C walk: change both)."""
    if not href or not href.strip():
        return
    for fld in _link_fields(rel):
        if fld not in got.links:
            got.links[fld] = href.strip()


def split_keywords(value: Any) -> list[str]:
    """Keywords from a list or a string separated by commas, semicolons, bars (CJK ones too)."""
    if isinstance(value, list):
        return [collapse_ws(str(v)) for v in value if str(v).strip()]
    text = str(value)
    parts = list(filter(None, map(str.strip, _keyword_pieces(text))))  # (no comprehension: no function object)
    if len(parts) == 1 and " " in parts[0] and has_cjk(text):
        parts = parts[0].split()  # "华为 任正非": CJK keywords separated by spaces
    # (_BROKEN_KEYWORD's characters: then in no part; five plain tests, not one a part)
    if not ("<" in text or ">" in text or "=" in text or "{" in text or "}" in text):
        for k in parts:  # (a loop: max(..., default=0) parses its keyword, ~2,000 instructions)
            if len(k) > _MAX_KEYWORD_CHARS:
                return [k for k in parts if len(k) <= _MAX_KEYWORD_CHARS]
        return parts  # (most: every part kept)
    return [k for k in parts if len(k) <= _MAX_KEYWORD_CHARS and not _BROKEN_KEYWORD.search(k)]


def _keyword_pieces(text: str) -> list[str]:
    """``_SPLIT_KEYWORDS.split(text)`` but for empty pieces (which keywords drop): each
    separator made a comma, then one ``str.split``."""
    if ";" in text:
        text = text.replace(";", ",")
    if "|" in text:
        text = text.replace("|", ",")
    if not text.isascii():
        for sep in _WIDE_KEYWORD_SEPARATORS:
            if sep in text:
                text = text.replace(sep, ",")
    return text.split(",")


def dedupe(items: list[str]) -> list[str]:
    """``items`` without case-insensitive repeats, first occurrence kept."""
    seen: set[str] = set()
    out = []
    for item in items:
        if item:
            low = item.lower()
            if low not in seen:
                seen.add(low)
                out.append(item)
    return out


def text_content(el) -> str:
    """``el.text_content()`` (all text below ``el``), cheaper: a leaf's text directly, else
    lxml's text serialiser (~40% cheaper than the XPath ``string()`` behind ``text_content``)."""
    if len(el) == 0:
        return el.text or ""
    return etree.tostring(el, method="text", encoding="unicode", with_tail=False)
