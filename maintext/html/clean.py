"""Tree cleaning: drop the elements that never hold visible running text.

Takes a parsed tree (modified in place), gives the list of (tag, reason) removed: tags of
code, embedded documents, form widgets and navigation (:data:`DROP_TAGS`, built on the one
skip set of :mod:`maintext.html.tags`), hidden elements, and inline tags without meaning
for extraction unwrapped. The vocabularies the segmentation and the filters use live in
:mod:`maintext.html.vocab` (class/id words) and :mod:`maintext.html.lines` (short lines).
"""

from __future__ import annotations

import re
from typing import Any, Callable

import lxml.etree as etree

from ..textutil import xml_safe
from . import walk as _walk
from .tags import SKIP_TAGS

# Tags removed together with their content: the one skip set (code, embedded documents,
# drawings, form widgets, media) plus the form controls and the navigation and pop-up
# elements HTML5 defines (never the article).
FORM_CONTROL_TAGS: tuple[str, ...] = ("input", "label")
NAVIGATION_TAGS: tuple[str, ...] = ("nav", "menu", "dialog")
DROP_TAGS: tuple[str, ...] = tuple(sorted(SKIP_TAGS)) + FORM_CONTROL_TAGS + NAVIGATION_TAGS

# Hidden elements: not shown to a reader (the style test is done in Python: cheaper than
# XPath string functions on every element).
# The attribute values that can hide an element (selecting attributes is cheaper for
# libxml2 than testing every element); each result knows its element (``getparent``).
# (relative to the element: ~25% cheaper for libxml2 than the same from the document, "//")
_HIDING_ATTRS = etree.XPath("descendant-or-self::*/@style|descendant-or-self::*/@hidden"
                            "|descendant-or-self::*/@aria-hidden")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


def may_hide(style: str) -> bool:
    """False only when ``_HIDDEN_STYLE.search(style)`` finds nothing: every match holds "none"
    or "hidden", in ASCII text in any case (a cheap exact prefilter; IGNORECASE also folds some
    non-ASCII letters into "i", "s" and "k", so other text is always searched)."""
    if not style.isascii():
        return True
    lower = style.lower()
    return "none" in lower or "hidden" in lower


def _style_hides(style: str) -> bool:
    """The style test of clean_tree's loop over the hiding attributes (``_nodes.remove_hidden``
    asks it)."""
    return may_hide(style) and _HIDDEN_STYLE.search(style) is not None


# A hidden element with more text than this is checked against the page's text first.
BIG_HIDDEN_CHARS = 1000


def is_hidden(el: etree._Element) -> bool:
    attrib = el.attrib
    if "hidden" in attrib:
        return True
    if attrib.get("aria-hidden", "").strip().lower() == "true":
        return True
    style = attrib.get("style")
    return bool(style) and _HIDDEN_STYLE.search(style) is not None


# Inline tags without meaning for extraction: unwrapped (their text and tails merge into
# the parent, in C), so the segmentation walk visits fewer elements. Kept: ``a`` and
# ``br`` (link text, line breaks), the span tags of the typed blocks (``strong``/``b``,
# ``em``/``i``, ``code``) and ``img`` (image blocks).
UNWRAP_TAGS: tuple[str, ...] = (
    "span", "font", "small", "u", "abbr", "time", "sup", "sub",
    "cite", "picture", "source", "mark", "s", "strike", "del", "ins", "q", "bdi",
    "wbr", "var", "kbd", "samp", "tt", "big", "nobr", "data", "meta", "link",
)


def clean_tree(root: etree._Element, native: bool | None = None, pruned: Any = None) -> list[tuple[str, str]]:
    """Remove non-text elements and hidden elements in place; return (tag, reason) removed.

    A hidden element holding more than half of the page's text is kept: some pages hide
    the article until a script reveals it. ``native``: find the hiding attributes with the
    compiled twin of ``_HIDING_ATTRS`` (:mod:`maintext.html.walk`; None: when enabled).
    ``pruned``: ``root`` is the pruned build's tree, and this what it tells
    (:class:`maintext.html.html5.Pruned`: the text it left out, the tags it copied).
    """
    removed: list[tuple[str, str]] = []
    texts = None  # the text nodes of the document, when the first scan counted them
    decided = None  # the elements that swallowed the page, when the first scan decided them
    hiding = None  # the hiding attributes left, when the first scan also did the drop
    unwraps = None  # ... and the elements to unwrap it found then
    # only the tags the pruned build copied can be in its tree; in another, those the tree holds
    if pruned is not None:
        present = pruned.tags
    else:
        present, texts, decided, hiding, unwraps = _first_scan(root, native)
    drop, unwrap, swallowing = DROP_TAGS, UNWRAP_TAGS, SWALLOWING_TAGS
    if present is not None:  # (lxml's strip functions test every element against every tag)
        # (each table's tags in ``present``, in its order: filter, no generator frame per table)
        has = present.__contains__
        drop = tuple(filter(has, DROP_TAGS))
        unwrap = tuple(filter(has, UNWRAP_TAGS))
        swallowing = tuple(filter(has, SWALLOWING_TAGS))
    if decided is not None:
        _unwrap_all(decided, removed)
    elif swallowing:
        _unwrap_swallowing(root, removed, native, pruned.chars if pruned is not None else 0, swallowing)
    if hiding is None:
        found = _drop_elements(root, drop, native)
        if found is not None:
            # (a count after the drop: fewer, and cleaning adds no text node)
            hiding, texts = found[0], found[1] if found[1] is not None else texts
        else:
            hiding = _hiding_attributes(root, native)
    before = len(removed)
    _remove_hidden(root, hiding, removed, native)
    # (``hiding`` holds the proxies of the hidden elements taken out until the unwrapping:
    # their nodes, and the elements to unwrap in them, stay allocated)
    if unwrap:
        _unwrap_tags(root, unwrap, native, unwraps, len(removed) > before)
    # (cleaning never adds a text node: it removes them, or puts one in the place of a run;
    # a page that had no more than _MANY_TEXT_NODES before has no more now)
    if (texts is None or texts > _MANY_TEXT_NODES) and _many_texts(root, native):
        merge_text_runs(root, native)
    return removed


def _tags_present(root: etree._Element, native: bool | None) -> set[str] | frozenset[str] | None:
    """The tags of ``root`` and its descendants, lowercased (a superset will do), when the
    compiled walk can tell them (``_scan.tag_names``; :func:`_tags_present_py` is its twin);
    else None (every tag may be there)."""
    scan = _walk.native_scan(native)
    return scan.tag_names(root) if scan is not None else None


def _first_scan(root: etree._Element, native: bool | None) -> tuple[set[str] | frozenset[str] | None,
                                                                  int | None, list[etree._Element] | None,
                                                                  list[tuple[Any, str, str]] | None, Any]:
    """(the tags present, the document's text nodes, the elements that swallowed the
    page, the hiding attributes, the elements to unwrap) of a tree not pruned: all from one
    C walk (``_nodes.clean_scan``, which also measures the swallowing candidates as
    :func:`_unwrap_swallowing` does and, when none swallowed the page, does
    :func:`_drop_elements` of all DROP_TAGS, the names the document lacks matching nothing,
    and finds the elements of UNWRAP_TAGS left, for :func:`_unwrap_tags`) when the compiled
    scans are enabled (the tags present then None: every table is whole, which the compiled
    stripping, looking the names up in the document, does not mind); else
    (:func:`_tags_present`, None: not counted, None: :func:`_unwrap_swallowing` decides,
    None: nothing dropped yet, None)."""
    nodes = _walk.nodes if _walk.native_scan(native) is not None else None
    if nodes is not None:
        present, swallowed, texts, hiding, unwraps = nodes.clean_scan(root, SWALLOWING_TAGS, BIG_HIDDEN_CHARS,
                                                                      DROP_TAGS, UNWRAP_TAGS)
        return present, texts, swallowed, hiding, unwraps
    return _tags_present(root, native), None, None, None, None


def _tags_present_py(root: etree._Element) -> set[str]:
    """The twin of ``_scan.tag_names``."""
    return {el.tag.lower() for el in root.iter() if isinstance(el.tag, str)}


def _many_texts(root: etree._Element, native: bool | None) -> bool:
    """More than _MANY_TEXT_NODES text nodes (``_COUNT_TEXTS``); the compiled walk, when
    enabled, also tells the longest run of adjacent ones: False when none is _LONG_RUN long
    (merge_text_runs would find nothing to join)."""
    scan = _walk.native_scan(native)
    if scan is not None:
        count, longest = scan.text_runs(root)
        return count > _MANY_TEXT_NODES and longest >= _LONG_RUN
    return int(_COUNT_TEXTS(root)) > _MANY_TEXT_NODES


def _remove_hidden(root: etree._Element, hiding: list[tuple[Any, str, str]], removed: list[tuple[str, str]],
                   native: bool | None) -> None:
    """Remove the elements the attributes ``hiding`` hide (:func:`_remove_hidden_py`), by its
    compiled twin (``_nodes.remove_hidden``: lxml's operations on the nodes) when enabled."""
    nodes = _walk.nodes if _walk.native_scan(native) is not None else None
    if nodes is not None and nodes.STRIP_BOUND:
        nodes.remove_hidden(root, hiding, BIG_HIDDEN_CHARS, removed, _style_hides, xml_safe)
    else:
        _remove_hidden_py(root, hiding, removed, _text_measure(native))


def _remove_hidden_py(root: etree._Element, hiding: list[tuple[Any, str, str]], removed: list[tuple[str, str]],
                      length: Callable[[etree._Element], int]) -> None:
    """Remove (:func:`drop_keep_tail`) each element hidden by its attribute of ``hiding`` and
    still in a tree, unless it holds more than BIG_HIDDEN_CHARS characters (``length``) and
    more than half of the page's; append (tag, "hidden") to ``removed`` for each."""
    total = -1  # the page's text length after stripping, measured only when needed
    for el, name, value in hiding:
        if name == "style":
            if not _style_hides(value):
                continue
        elif name == "aria-hidden" and value.strip().lower() != "true":
            continue
        if el is None or el.getparent() is None:
            continue
        size = length(el)
        if size > BIG_HIDDEN_CHARS:
            # (the page's length when first needed, kept as the tree changes: a later count
            # would not see what earlier hidden elements took away)
            if total < 0:
                total = length(root)
            if size * 2 > total:
                continue
        removed.append((el.tag if isinstance(el.tag, str) else "?", "hidden"))
        drop_keep_tail(el)


def _drop_elements(root: etree._Element, drop: tuple[str, ...],
                   native: bool | None) -> tuple[list[tuple[Any, str, str]], int | None] | None:
    """``etree.strip_elements(root, *drop, with_tail=False)``; with the compiled scans, one C
    walk (``_nodes.strip_elements_hiding``) that also gives :func:`_hiding_attributes` of the
    tree left (but what clean_tree's loop surely passes over at its first test) and the text
    nodes of the document left (None: not known; lxml's strip is a pass of its own testing
    every element against every tag); else, or when the C walk leaves it to lxml (a tree with
    namespaces), lxml's (when ``drop`` has a name) and None."""
    nodes = _walk.nodes if _walk.native_scan(native) is not None else None
    if nodes is not None and nodes.STRIP_BOUND:
        found = nodes.strip_elements_hiding(root, drop)
        if found is not None:
            return found
    if drop:
        etree.strip_elements(root, *drop, with_tail=False)
    return None


def _unwrap_tags(root: etree._Element, unwrap: tuple[str, ...], native: bool | None,
                 found: Any = None, moved: bool = False) -> None:
    """``etree.strip_tags(root, *unwrap)``: by the compiled twin (``_nodes.strip_tags``, a name
    decided once per name string) when enabled, unless it leaves it to lxml; ``found``: the
    elements of those names the first scan found (``_nodes.Unwraps``: no walk of the tree
    again), ``moved``: elements were taken out of the tree since."""
    nodes = _walk.nodes if _walk.native_scan(native) is not None else None
    if nodes is not None and nodes.STRIP_BOUND:
        if found is not None:
            if nodes.strip_tags_found(root, found, moved):
                return
        elif nodes.strip_tags(root, unwrap):
            return
    etree.strip_tags(root, *unwrap)


def _hiding_attributes(root: etree._Element, native: bool | None) -> list[tuple[Any, str, str]]:
    """(element, name, value) of the attributes that can hide an element, in document order."""
    scan = _walk.native_scan(native)
    if scan is not None:
        return scan.hiding_attributes(root)
    return [(value.getparent(), value.attrname, value) for value in _HIDING_ATTRS(root)]


# Tags dropped with their content that can swallow the page when a tag inside them is left
# open (``<noscript><div></noscript>``, a ``<nav>`` never closed): the HTML5 parse, as a
# browser's, then nests the rest of the page in them. One holding most of the page's text
# loses its tag, not its text.
SWALLOWING_TAGS = ("noscript", "nav", "menu")


# Unwrapping leaves the texts of the removed tags as separate, adjacent text nodes, and
# lxml reads a run of them (``el.text``, ``el.tail``) in time quadratic in its length:
# 1,000,000 sibling <span>s took minutes in the segmentation walk. Pages with this many
# text nodes (counting them is one pass in C) have the elements holding a long run of
# adjacent text nodes rebuilt by an XML round trip, whose parser joins adjacent text
# (linear; only such pages pay). Texts apart (an element between each) are read one at a
# time: an element holding many of them (an article of 7,000 paragraphs) is left alone.
_MANY_TEXT_NODES = 20000
_LONG_RUN = 1000
_COUNT_TEXTS = etree.XPath("count(//text())")
_HAS_TEXTS = etree.XPath("//*[text()[$n]]")  # candidates: the elements holding n texts
_CHILD_NODES = etree.XPath("node()")
_XML_PARSER = etree.XMLParser(huge_tree=True, recover=True, resolve_entities=False, no_network=True)


def merge_text_runs(root: etree._Element, native: bool | None = None) -> None:
    """Join adjacent text nodes into one in the elements that hold long runs of them.
    ``native``: find them with the compiled twin of :func:`_long_runs_py` (None: when enabled)."""
    for el in _long_runs(root, native):
        copy = etree.fromstring(etree.tostring(el, with_tail=False), _XML_PARSER)
        if copy is None:
            continue
        el.text = xml_safe(copy.text) if copy.text else None
        el[:] = list(copy)


def _long_runs(root: etree._Element, native: bool | None) -> list[etree._Element]:
    """The elements holding ``_LONG_RUN`` adjacent text nodes or more, in document order."""
    scan = _walk.native_scan(native)
    if scan is not None:
        return scan.long_text_runs(root, _LONG_RUN)
    return _long_runs_py(root, _LONG_RUN)


def _long_runs_py(root: etree._Element, length: int) -> list[etree._Element]:
    """The elements of ``root``'s document holding ``length`` adjacent text nodes or more:
    of those holding ``length`` texts (an XPath), the ones where as many follow each other
    (``node()`` gives each text node apart)."""
    found = []
    for el in _HAS_TEXTS(root, n=length):
        run = 0
        for node in _CHILD_NODES(el):
            run = run + 1 if isinstance(node, str) else 0
            if run >= length:
                found.append(el)
                break
    return found


def _unwrap_swallowing(root: etree._Element, removed: list[tuple[str, str]], native: bool | None = None,
                       pruned_chars: int = 0, tags: tuple[str, ...] = SWALLOWING_TAGS) -> None:
    """Remove the tag (keeping the content) of elements that swallowed the page. ``native``:
    measure the texts with the compiled twin of ``len(el.text_content())``; ``pruned_chars``:
    the page's text left out of the tree (the pruned build keeps these elements whole);
    ``tags``: the SWALLOWING_TAGS the tree may hold (lxml tests every element against each)."""
    length = _text_measure(native)
    page = _PageLength(root, native)
    swallowing = []
    for el in _swallowing_candidates(root, tags):
        size = length(el)
        # (size * 2 > the page's text length, the text the pruned build left out counted)
        if size > BIG_HIDDEN_CHARS and page.below(size * 2 - pruned_chars):
            swallowing.append(el)
    _unwrap_all(swallowing, removed)


def _unwrap_all(swallowing: list[etree._Element], removed: list[tuple[str, str]]) -> None:
    """Remove the tags of the elements found to swallow the page (all found first: each
    test measures the page as it was)."""
    for el in swallowing:
        removed.append((el.tag, "unwrapped: holds most of the page (an unclosed tag inside)"))
        _drop_tag(el)


def _text_length(el: etree._Element) -> int:
    """``len(el.text_content())`` (of an element without children, its text's length)."""
    return len(el.text_content()) if len(el) else len(el.text or "")


def _text_measure(native: bool | None) -> Callable[[etree._Element], int]:
    """``len(el.text_content())``: :func:`_text_length`, or its compiled twin when enabled (which
    counts the characters without building the text: decoding the page's text, and the big
    texts of hidden elements, was ~0.24 M instructions a page on gne-cn)."""
    scan = _walk.native_scan(native)
    if scan is not None:
        return scan.text_length
    return _text_length


class _PageLength:
    """The text length of ``root`` (:func:`_text_measure`), counted only as far as the
    questions asked of it need: whether it is below a limit (the compiled walk stops
    counting once the limit is reached; a later question with a higher limit counts again
    unless the length is known whole). Measured at most once per limit asked, at the first
    question: the tree must not change between questions (the hidden elements' loop, which
    removes elements between its questions, counts the whole page once instead)."""

    __slots__ = ("root", "native", "count", "whole")

    def __init__(self, root: etree._Element, native: bool | None) -> None:
        self.root, self.native = root, native
        self.count = -1  # -1: not counted yet
        self.whole = False  # count is the whole length (else: at least the last limit)

    def below(self, limit: int) -> bool:
        """Whether the text length is below ``limit``."""
        if self.count < 0 or (not self.whole and self.count < limit):
            self.count = _text_length_within(self.root, limit, self.native)
            self.whole = self.count < limit
        return self.count < limit


def _text_length_within(root: etree._Element, limit: int, native: bool | None) -> int:
    """The text length of ``root`` (:func:`_text_measure`) when below ``limit``, else a number
    at least ``limit``: ``_nodes.text_length_within`` (which stops counting there) when the
    compiled scans are enabled; else the whole length."""
    if limit <= 0:
        return 0
    nodes = _walk.nodes if _walk.native_scan(native) is not None else None
    if nodes is not None:
        return nodes.text_length_within(root, limit)
    return _text_measure(native)(root)


def _swallowing_candidates(root: etree._Element, tags: tuple[str, ...] = SWALLOWING_TAGS) -> list[etree._Element]:
    """The elements of SWALLOWING_TAGS with children, in document order: the others cannot
    hold most of the page's text. (The HTML5 tree has no source lines to rule out more of
    them cheaply; the text measure decides, as it did on pages of few lines.)"""
    return [el for el in root.iter(*tags) if len(el)]


def _drop_tag(el: etree._Element) -> None:
    """``el.drop_tag()`` with XML-safe text: lxml's own concatenates the texts around the
    tag and refuses control characters the parser let into them."""
    parent, prev = el.getparent(), el.getprevious()
    for node in (el, prev, el[-1] if len(el) else None):
        if node is not None and node.tail:
            node.tail = xml_safe(node.tail)
    for node in (el, parent):
        if node is not None and node.text:
            node.text = xml_safe(node.text)
    el.drop_tag()


def drop_keep_tail(el: etree._Element) -> None:
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = xml_safe((prev.tail or "") + tail)
        else:
            parent.text = xml_safe((parent.text or "") + tail)
    parent.remove(el)
