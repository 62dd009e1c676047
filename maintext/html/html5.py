"""The HTML5 parse: lexbor (through selectolax) parses the page the way browsers do, and
its DOM is copied into an lxml tree, on which every later pass works.

Two builders give the same tree (tags, attributes in order, text and tails): the C one in
``maintext/html/_lexbor.pyx`` (it calls lexbor's functions in selectolax's extension module
and makes libxml2 nodes directly) and :func:`build_py` here, which walks selectolax's
Python node API and uses lxml's; it is the reference and the fallback (no compiler,
lexbor's functions not found, or ``MAINTEXT_NATIVE=0``).

What the copy does with what lxml cannot hold or maintext never reads, in both builders:
- comments, the doctype and processing instructions are dropped (never page text);
- ``<template>`` content is not copied: lexbor keeps it in a separate fragment, as the
  HTML standard says, and browsers do not show it;
- an element whose name lxml refuses (:func:`name_ok`: ``<a"b>``) is unwrapped (its
  content goes to its parent); an attribute whose name it refuses is skipped;
  ``foo:bar`` names are kept as plain names, as libxml2's HTML parser kept them;
- control characters lxml refuses in text and attribute values (:func:`clean_text`; they
  come from character references such as ``&#1;``) are removed, a form feed becomes a space;
- elements deeper than ``max_depth`` (``<html>`` is at depth 1) are unwrapped into their
  deepest kept ancestor, so no text is lost and the tree stays shallow enough for the
  recursive passes; the walk itself keeps its stack on the heap, for any depth.

The pruned build (:func:`build_pruned`, for ``auto`` asked for the text alone): the tree
``clean_tree`` would leave, built directly, following :data:`PRUNE_TAGS` and
:data:`KEPT_ATTRIBUTES` (see there). Only elements the full build creates (within
``max_depth``, names lxml takes) are pruned or unwrapped, so the depth rule keeps the same
elements. It tells (:class:`Pruned`) the characters of the text it left out, which
cleaning's measure of the page's text adds back (counted only when it copied a swallowing
candidate: cleaning measures only then), and which of the tags cleaning strips or unwraps
it copied (cleaning looks for those only: :func:`maintext.html.clean.clean_tree`).

The record build (:func:`build` with ``record``, for ``auto`` asked for the full record:
``maintext.methods.auto.record_build``): every element, as the full build, but only the
attributes of :data:`RECORD_ATTRIBUTES`, the ones a pass of that run reads, some on one
element only (each attribute copied is a libxml2 attribute, a text node and often a block,
all freed again; aeb: 3 in 10 were never read).
"""

from __future__ import annotations

import re
from typing import NamedTuple

import lxml.etree as etree

from .clean import BIG_HIDDEN_CHARS, DROP_TAGS, SWALLOWING_TAGS, UNWRAP_TAGS, may_hide
from .tags import BLOCK_TAGS
from .walk import NATIVE_REQUESTED

try:
    from selectolax.lexbor import LexborHTMLParser
except ImportError:  # pragma: no cover - a declared dependency
    LexborHTMLParser = None

try:
    from . import _lexbor as native
except ImportError:  # not built: the Python builder
    native = None


# Characters lxml refuses in text and names (XML 1.0 excludes them); a form feed is white space.
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0e-\x1f\ufffe\uffff]")
# What lxml refuses in an HTML tag name, and what would make a name a "{namespace}name".
_BAD_NAME = re.compile("[\x00-\x20\"&'/<>\ufffe\uffff]|^{")


# What the pruned build does with an element, by tag (bits; a tag not listed is copied).
SUBTREE = 1  # not copied, nor anything in it (its text is counted: see build_pruned)
SCRIPT = 2  # as SUBTREE, unless its type holds "ld+json"
TITLE = 4  # copied; also inside a pruned subtree while no <title> has been copied yet
# a swallowing candidate: when it holds more than BIG_HIDDEN_CHARS characters and more than
# half the page's text (clean_tree's test, made here on lexbor's text), copied with all it
# holds as the full build copies it (clean_tree unwraps it); else as SUBTREE
SWALLOW = 8
HEAD = 16  # copied; no element in it is unwrapped
UNWRAP = 32  # unwrapped (its content goes to its parent) unless it may be hidden
SIGNAL = 512  # in <head>: copied only when head_signals reads it (og:type/og:url, canonical)
BLOCK = 2048  # a box of the segmentation (tags.BLOCK_TAGS): its MARK attributes are copied
STRIPPED = SUBTREE | SCRIPT | TITLE | SWALLOW | HEAD | UNWRAP  # the tags cleaning strips or unwraps
# What it does with an attribute, by name (bits; an attribute not listed is left out).
# (The record build's table, RECORD_KINDS: KEEP, with one of ON_TAGS' bits when the
# attribute is read on that element only.)
KEEP = 64  # copied
HIDING = 128  # copied, and the element may be hidden: not unwrapped
HIDING_STYLE = 256  # copied; the element is not unwrapped when the value may hide it
# copied on a BLOCK element, and on another one only when it holds a BLOCK element (added
# when the walk leaves it): the marks are read on boxes and the elements above them
MARK = 1024
ON_SCRIPT, ON_META, ON_HTML = 4096, 8192, 16384
ON_TAGS = {"script": ON_SCRIPT, "meta": ON_META, "html": ON_HTML}

# The rule, from what clean_tree removes and what text-only auto reads of the tree:
_PRUNE_TAGS: dict[str, int] = {
    **dict.fromkeys(DROP_TAGS, SUBTREE),  # clean_tree strips them with all they hold...
    "script": SCRIPT,  # ... but auto reads the JSON-LD scripts before cleaning (JsonLdBody)
    "title": TITLE,  # ... and the <title> (anywhere when <head> has none)
    "head": HEAD,  # ... and <head>'s <meta>/<link> (page-type signals, head_signals)
    # ... and _unwrap_swallowing keeps the content of one that swallowed the page
    **dict.fromkeys(SWALLOWING_TAGS, SWALLOW),
    # unwrapped by clean_tree after the hidden elements are removed (see UNWRAP above)
    **dict.fromkeys(UNWRAP_TAGS, UNWRAP),
    "meta": UNWRAP | SIGNAL, "link": UNWRAP | SIGNAL,  # and in <head>, most are never read
}
PRUNE_TAGS = {tag: _PRUNE_TAGS.get(tag, 0) | (BLOCK if tag in BLOCK_TAGS else 0)
              for tag in {*_PRUNE_TAGS, *BLOCK_TAGS}}
# The attributes read after the build in text-only auto; the others are left out (image
# src/alt, cell spans, list numbers... are read for typed blocks only: maintext.html.structure).
KEPT_ATTRIBUTES: dict[str, int] = {
    **dict.fromkeys(("class", "id", "role", "itemprop"), MARK),  # container marks (vocab.marks), galleries
    "style": HIDING_STYLE, "hidden": HIDING, "aria-hidden": HIDING,  # hidden elements (clean_tree)
    **dict.fromkeys(("property", "name", "content", "rel"), KEEP),  # head_signals
    "href": KEEP,  # links (auto.lists reads the anchors' targets), canonical link
    "type": KEEP,  # JSON-LD scripts
}
# The attributes read after the build when ``auto`` gives the full record (text, metadata,
# links; no typed blocks, comments, explain or site pages: methods.auto.record_build); the
# record build leaves the others out. Every reader of the tree in that run reads attributes
# by name (el.get, XPath @name, C lookups by name), but for these generic readers, none of
# which depends on an attribute outside this table: the segmentation's container marks
# (vocab.marks takes el.items(), reads class/id/role/itemprop; its cache is keyed by all
# items, which changes nothing but what it holds), C walks that test ``properties is NULL``
# first (a shortcut for "no attribute of the names they read"), clean.merge_text_runs (a
# serialization parsed again: the copy holds the attributes the tree held). Image src/alt,
# title, cell spans, list numbers are read for typed blocks only (maintext.html.structure).
RECORD_ATTRIBUTES: dict[str, str | None] = {  # name -> the only element it is read on, or None
    # container marks (vocab.marks, the walk's cache), galleries, widening (auto); author
    # boxes (metadata.authors), date marks (metadata.dates/visible); itemprop: metadata fields
    **dict.fromkeys(("class", "id", "role", "itemprop")),
    # hidden elements (clean_tree); a style only when its value may hide (clean.may_hide: see
    # RECORD_KINDS), clean_tree reads no other
    **dict.fromkeys(("style", "hidden", "aria-hidden")),
    # <meta> fields (metadata.collect), page-type signals (blocklist.head_signals); content
    # and property (RDFa) also of dated elements (metadata.dates)
    "property": None, "content": None, "name": "meta",
    # links and their kind (metadata.links, auto.lists, mark_main_links), canonical link and
    # <base href> (metadata.collect/extras), rel=author on any element (metadata.authors)
    "href": None, "rel": None,
    "type": "script",  # JSON-LD scripts (metadata.collect, JsonLdBody)
    "lang": "html", "xml:lang": "html",  # the page's language (metadata.extract)
    "datetime": None, "pubdate": None,  # dates of <time> and dated elements (metadata.dates)
}
# the C builder, with its copy of the bits
NATIVE_AVAILABLE = native is not None and native.AVAILABLE and native.BITS == (
    SUBTREE, SCRIPT, TITLE, SWALLOW, HEAD, UNWRAP, KEEP, HIDING, HIDING_STYLE, SIGNAL, MARK, BLOCK,
    ON_SCRIPT, ON_META, ON_HTML) and native.ROOM > sum(
    1 for bits in PRUNE_TAGS.values() if bits & STRIPPED)
ENABLED = NATIVE_AVAILABLE and NATIVE_REQUESTED

# Both tables in one, as the C builder takes it: name (UTF-8) -> bits.
PRUNE_KINDS: dict[bytes, int] = {}
for _table in (PRUNE_TAGS, KEPT_ATTRIBUTES):
    for _name, _bits in _table.items():
        PRUNE_KINDS[_name.encode()] = PRUNE_KINDS.get(_name.encode(), 0) | _bits
# RECORD_ATTRIBUTES as the C builder takes it (the record build copies those with KEEP; with
# an ON_TAGS bit, on that element only; a style, HIDING_STYLE, when its value may hide)
RECORD_KINDS: dict[bytes, int] = {name.encode(): HIDING_STYLE if name == "style" else KEEP | ON_TAGS.get(tag, 0)
                                  for name, tag in RECORD_ATTRIBUTES.items()}


def clean_text(text: str) -> str:
    """``text`` without the characters lxml refuses (C0 controls but tab, newline and
    carriage return; U+FFFE, U+FFFF), a form feed turned into a space."""
    if "\x0c" in text:
        text = text.replace("\x0c", " ")
    return _BAD_CHARS.sub("", text)


def name_ok(name: str | None) -> bool:
    """Whether lxml takes ``name`` as a plain tag or attribute name of an HTML document."""
    return bool(name) and _BAD_NAME.search(name) is None


def build(data: bytes, root: etree._Element, max_depth: int, native_builder: bool | None = None,
          record: bool = False) -> etree._Element:
    """Parse ``data`` (UTF-8) and give ``root`` (the empty ``<html>`` of an lxml HTML
    document) the attributes and content of the page's ``<html>``; returns ``root``.
    ``native_builder``: the C builder (True), the Python one (False), or the default.
    ``record``: the record build (only the attributes of RECORD_ATTRIBUTES)."""
    if _use_native(native_builder):
        native.build(data, root, max_depth, None, 0, RECORD_KINDS if record else None)
        return root
    return build_py(data, root, max_depth, record)


class Pruned(NamedTuple):
    """What the pruned build tells cleaning."""

    # the characters of the text it left out (the full build puts them in the tree), when
    # it copied a SWALLOWING_TAGS element; else 0: cleaning reads it only to test those
    chars: int
    # the tags of STRIPPED it copied (no element of the others is in the tree), but those
    # to unwrap copied in <head> (cleaning strips <head> first)
    tags: frozenset[str]


def build_pruned(data: bytes, root: etree._Element, max_depth: int, native_builder: bool | None = None) -> Pruned:
    """:func:`build` as the pruned build (see the module docstring)."""
    if _use_native(native_builder):
        chars, tags = native.build(data, root, max_depth, PRUNE_KINDS, BIG_HIDDEN_CHARS)
    else:
        chars, tags = _build_py(data, root, max_depth, True)
    return Pruned(chars, frozenset(tags))


def _use_native(native_builder: bool | None) -> bool:
    return ENABLED if native_builder is None else bool(native_builder and NATIVE_AVAILABLE)


def _set_attributes(el: etree._Element, node, prune: bool, marks: bool = True, record: bool = False) -> bool:
    """Copy the attributes (the pruned build's only, with the MARK ones when ``marks``; the
    record build's only when ``record``); whether a MARK one was left out."""
    left_out = False
    for name, value in node.attributes.items():
        if not name_ok(name):
            continue
        if prune:
            bits = KEPT_ATTRIBUTES.get(name, 0)
        else:
            bits = KEEP if not record or _read_on(el.tag, name, value) else 0
        if bits & MARK and not marks:
            left_out = True
        elif bits:
            el.set(name, clean_text(value) if value else "")
    return left_out


def _read_on(tag: str, name: str, value: str | None) -> bool:
    """Whether the record build copies attribute ``name`` (``value``) of a ``tag`` element
    (RECORD_ATTRIBUTES; a style only when it may hide the element)."""
    if name not in RECORD_ATTRIBUTES:
        return False
    if name == "style":
        return bool(value) and may_hide(clean_text(value))
    only = RECORD_ATTRIBUTES[name]
    return only is None or only == tag


def _add_marks(el: etree._Element, node) -> None:
    """Add the MARK attributes _set_attributes left out, in their order."""
    for name, value in node.attributes.items():
        if KEPT_ATTRIBUTES.get(name, 0) & MARK:
            el.set(name, clean_text(value) if value else "")


def _may_be_hidden(node) -> bool:
    """Whether clean_tree may find the element hidden (a hiding attribute, a style that may hide)."""
    for name, value in node.attributes.items():
        bits = KEPT_ATTRIBUTES.get(name, 0)
        if bits & HIDING or (bits & HIDING_STYLE and value and may_hide(clean_text(value))):
            return True
    return False


def _head_signal(node, tag: str) -> bool:
    """Whether head_signals may read this ``<meta>`` or ``<link>`` (a value not in ASCII is
    kept: only ASCII case is folded here)."""
    attrs = node.attributes
    if tag == "meta":
        key = clean_text(attrs.get("property") or "") or clean_text(attrs.get("name") or "")
        return not key.isascii() or key.lower() in ("og:type", "og:url")
    rel = clean_text(attrs.get("rel") or "")
    return not rel.isascii() or rel.lower() == "canonical"


def _ld_json(node) -> bool:
    """A script of JSON-LD (as JsonLdBody finds them: "ld+json" in its type)."""
    kind = node.attributes.get("type")
    return bool(kind) and "ld+json" in clean_text(kind)


# Where the pruned build is, for the content of an element: the walk's modes.
NORMAL, IN_HEAD, COPY, PRUNED = 0, 1, 2, 3


class _State:
    """What the pruned build's decisions remember."""

    __slots__ = ("html", "title_seen")

    def __init__(self, html) -> None:
        self.html = html
        self.title_seen = False  # a <title> was copied


def _text_size(top, skip=None, limit: int = -1) -> int:
    """The characters of the text under lexbor's node ``top`` (once cleaned): what
    ``len(el.text_content())`` of its element in the full build gives; without the text
    under ``skip``, and once past ``limit`` (>= 0) what was counted so far."""
    size = depth = 0
    skip_id = skip.mem_id if skip is not None else None
    cur = top.first_child
    while cur is not None:
        if cur.is_text_node:
            text = cur.text_content
            if text:
                size += len(clean_text(text))
                if 0 <= limit <= size:
                    return size
        elif cur.first_child is not None and (skip_id is None or cur.mem_id != skip_id):
            cur = cur.first_child
            depth += 1
            continue
        while cur.next is None:
            if depth == 0:
                return size
            cur = cur.parent
            depth -= 1
        cur = cur.next
    return size


def _swallows(node, state: _State) -> bool:
    """clean._unwrap_swallowing's test of a candidate, on lexbor's text: over BIG_HIDDEN_CHARS
    characters and over half the page's, that is more than the rest of the page holds
    (counted until it holds as many)."""
    size = _text_size(node)
    return size > BIG_HIDDEN_CHARS and _text_size(state.html, node, size) < size


def _decide(node, tag: str, mode: int, state: _State) -> tuple[bool, int]:
    """(copied, the mode of its content) of an element the full build copies, in the pruned
    build (PRUNE_TAGS)."""
    if mode == COPY:
        return True, COPY
    bits = PRUNE_TAGS.get(tag, 0)
    if bits & SCRIPT and _ld_json(node) or bits & TITLE and mode == PRUNED and not state.title_seen:
        return True, COPY
    if mode == PRUNED or bits & (SUBTREE | SCRIPT):
        return False, PRUNED
    if bits & SWALLOW:
        return (True, COPY) if _swallows(node, state) else (False, PRUNED)
    if bits & HEAD:
        return True, IN_HEAD
    if bits & SIGNAL and mode == IN_HEAD and not _head_signal(node, tag):
        return False, PRUNED
    if bits & UNWRAP and mode == NORMAL and not _may_be_hidden(node):
        return False, NORMAL
    return True, mode


class _Pending:
    """The run of text waiting for its place: the text of ``parent`` (no child yet) or the
    tail of its last child."""

    __slots__ = ("parent", "parts")

    def __init__(self, parent: etree._Element) -> None:
        self.parent = parent
        self.parts: list[str] = []

    def flush(self) -> None:
        if not self.parts:
            return
        text = "".join(self.parts)
        self.parts = []
        if not text:
            return  # the C builder adds no empty text node either
        parent = self.parent
        if len(parent):
            last = parent[-1]
            last.tail = (last.tail or "") + text
        else:
            parent.text = (parent.text or "") + text

    def move(self, parent: etree._Element) -> None:
        if parent is not self.parent:
            self.flush()
            self.parent = parent


def build_py(data: bytes, root: etree._Element, max_depth: int, record: bool = False) -> etree._Element:
    """The Python builder (the C one's reference); returns ``root``. ``record``: the record build."""
    _build_py(data, root, max_depth, False, record)
    return root


def _build_py(data: bytes, root: etree._Element, max_depth: int, prune: bool,
              record: bool = False) -> tuple[int, set[str]]:
    """A depth-first walk of selectolax's nodes without recursion; ``parents[level]`` is
    the lxml parent of the nodes at that level, ``modes[level]`` where the pruned build is
    (NORMAL for the full build), ``marks[level]`` whether the element of that level's nodes
    holds a BLOCK element and (element, lexbor node) when its MARK attributes wait for it.
    The characters of the text left out (0 unless a SWALLOWING tag was copied, see
    Pruned), the STRIPPED tags copied. ``record``: the record build (not with ``prune``)."""
    html = LexborHTMLParser(data).root
    stripped: set[str] = set()  # the STRIPPED tags copied
    if html is None:
        return 0, stripped
    _set_attributes(root, html, prune, True, record)
    parents, modes, marks = [root], [NORMAL], [[False, None]]
    pending = _Pending(root)
    pruned = 0
    state = _State(html)
    cur = html.first_child
    while cur is not None:
        if cur.is_text_node:
            text = cur.text_content
            if text:
                if modes[-1] == PRUNED:
                    pruned += len(clean_text(text))
                else:
                    pending.parts.append(clean_text(text))
        elif cur.is_element_node:
            el = None
            waits = False
            tag = cur.tag
            mode = modes[-1]
            if len(parents) + 1 <= max_depth and name_ok(tag):
                copied, mode = _decide(cur, tag, mode, state) if prune else (True, NORMAL)
                if copied:
                    pending.flush()
                    el = etree.SubElement(pending.parent, tag)
                    block = PRUNE_TAGS.get(tag, 0) & BLOCK
                    waits = _set_attributes(el, cur, prune, not prune or block, record)
                    if prune and block:
                        marks[-1][0] = True
                    state.title_seen = state.title_seen or tag == "title"
                    bits = PRUNE_TAGS.get(tag, 0)
                    if prune and bits & STRIPPED and not (mode == IN_HEAD and bits & UNWRAP):
                        stripped.add(tag)
            child = cur.first_child
            if child is not None:
                parents.append(el if el is not None else pending.parent)
                modes.append(mode)
                marks.append([False, (el, cur) if waits else None])
                pending.move(parents[-1])
                cur = child
                continue
        cur = _next_up(cur, parents, modes, marks, pending)
    pending.flush()
    return (pruned if any(tag in stripped for tag in SWALLOWING_TAGS) else 0), stripped


def _next_up(cur, parents: list, modes: list, marks: list, pending: _Pending):
    """The node after ``cur`` in the walk, leaving the levels it finishes (an element
    holding a BLOCK element gets its MARK attributes then)."""
    while True:
        nxt = cur.next
        if nxt is not None:
            return nxt
        if len(parents) == 1:
            return None
        cur = cur.parent
        parents.pop()
        modes.pop()
        holds, waiting = marks.pop()
        if holds:
            marks[-1][0] = True
            if waiting is not None:
                _add_marks(*waiting)
        pending.move(parents[-1])
