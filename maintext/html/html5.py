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
"""

from __future__ import annotations

import re

import lxml.etree as etree

from .walk import NATIVE_REQUESTED

try:
    from selectolax.lexbor import LexborHTMLParser
except ImportError:  # pragma: no cover - a declared dependency
    LexborHTMLParser = None

try:
    from . import _lexbor as native
except ImportError:  # not built: the Python builder
    native = None

NATIVE_AVAILABLE = native is not None and native.AVAILABLE
ENABLED = NATIVE_AVAILABLE and NATIVE_REQUESTED

# Characters lxml refuses in text and names (XML 1.0 excludes them); a form feed is white space.
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0e-\x1f\ufffe\uffff]")
# What lxml refuses in an HTML tag name, and what would make a name a "{namespace}name".
_BAD_NAME = re.compile("[\x00-\x20\"&'/<>\ufffe\uffff]|^{")


def clean_text(text: str) -> str:
    """``text`` without the characters lxml refuses (C0 controls but tab, newline and
    carriage return; U+FFFE, U+FFFF), a form feed turned into a space."""
    if "\x0c" in text:
        text = text.replace("\x0c", " ")
    return _BAD_CHARS.sub("", text)


def name_ok(name: str | None) -> bool:
    """Whether lxml takes ``name`` as a plain tag or attribute name of an HTML document."""
    return bool(name) and _BAD_NAME.search(name) is None


def build(data: bytes, root: etree._Element, max_depth: int, native_builder: bool | None = None) -> etree._Element:
    """Parse ``data`` (UTF-8) and give ``root`` (the empty ``<html>`` of an lxml HTML
    document) the attributes and content of the page's ``<html>``; returns ``root``.
    ``native_builder``: the C builder (True), the Python one (False), or the default."""
    if ENABLED if native_builder is None else (native_builder and NATIVE_AVAILABLE):
        return native.build(data, root, max_depth)
    return build_py(data, root, max_depth)


def _set_attributes(el: etree._Element, node) -> None:
    for name, value in node.attributes.items():
        if name_ok(name):
            el.set(name, clean_text(value) if value else "")


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


def build_py(data: bytes, root: etree._Element, max_depth: int) -> etree._Element:
    """The Python builder (the C one's reference): a depth-first walk of selectolax's nodes
    without recursion; ``parents[level]`` is the lxml parent of the nodes at that level."""
    html = LexborHTMLParser(data).root
    if html is None:
        return root
    _set_attributes(root, html)
    parents = [root]
    pending = _Pending(root)
    cur = html.first_child
    while cur is not None:
        if cur.is_text_node:
            text = cur.text_content
            if text:
                pending.parts.append(clean_text(text))
        elif cur.is_element_node:
            el = None
            tag = cur.tag
            if len(parents) + 1 <= max_depth and name_ok(tag):
                pending.flush()
                el = etree.SubElement(pending.parent, tag)
                _set_attributes(el, cur)
            child = cur.first_child
            if child is not None:
                parents.append(el if el is not None else pending.parent)
                pending.move(parents[-1])
                cur = child
                continue
        cur = _next_up(cur, parents, pending)
    pending.flush()
    return root


def _next_up(cur, parents: list, pending: _Pending):
    """The node after ``cur`` in the walk, leaving the levels it finishes."""
    while True:
        nxt = cur.next
        if nxt is not None:
            return nxt
        if len(parents) == 1:
            return None
        cur = cur.parent
        parents.pop()
        pending.move(parents[-1])
