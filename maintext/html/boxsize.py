"""Text sizes of the boilerplate boxes the segmentation may skip, in linear time.

Takes the (cleaned) tree and the boxes the walk meets, in document order; gives each box's
text length (``len(el.text_content())``) and link text length (the sum over its ``<a>`` of
their text lengths), exactly as measuring each box would, but without measuring a nested
box again: 900 nested boxes around 20k paragraphs cost one pass, not 900.

The boxes of a nesting are measured alone (lxml, in C) down to DEEP levels of measured
boxes that were read anyway; a box met deeper gets its numbers from one Python pass over
the innermost of them, which records every block element under it (a pass costs ~10x
``text_content``: on ordinary pages, with few nested boxes, it never runs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import lxml.etree as etree

from .tags import BLOCK_TAGS

DEEP = 8  # nested measured boxes before one pass measures all boxes under the innermost


def subtree_sizes(box: Any) -> dict[Any, tuple[int, int]]:
    """(text length, link text length) of ``box`` and of every block element under it."""
    sizes: dict[Any, tuple[int, int]] = {}
    n = links = depth = 0  # characters so far, characters x enclosing <a> count, open <a>
    starts: list[tuple[int, int, int]] = []
    for event, el in etree.iterwalk(box, events=("start", "end")):
        tag = el.tag
        if event == "start":
            if tag.__class__ is not str:
                continue
            starts.append((n, links, depth))
            if tag == "a":
                depth += 1
            text = el.text
            if text:
                n += len(text)
                links += len(text) * depth
            continue
        if tag.__class__ is str:
            n0, l0, d0 = starts.pop()
            if tag == "a":
                depth -= 1
            elif tag in BLOCK_TAGS or el is box:
                size = n - n0  # links: only the <a> inside the element count
                sizes[el] = (size, links - l0 - d0 * size)
        if el is box:
            break
        tail = el.tail
        if tail:
            n += len(tail)
            links += len(tail) * depth
    return sizes


class BoxSizes:
    """Sizes of the boxes one segmentation walk asks about (see the module docstring)."""

    __slots__ = ("root", "_total", "_open", "_known", "_scope", "_length", "_link_length")

    def __init__(self, root: Any, length: Callable[[Any], int] | None = None,
                 link_length: Callable[[Any], int] | None = None) -> None:
        self.root = root
        # the link text length of a box (links()), or the native walk's count of the same
        self._link_length = link_length or _link_text_length
        # len(el.text_content()), or the native walk's count of the same characters
        self._length = length or _text_length
        self._total = -1
        self._open: list[tuple[int, Any]] = []  # (container id, element) measured, read, open
        self._known: dict[Any, tuple[int, int]] = {}  # sizes of the boxes under _scope
        self._scope = -1  # the container whose subtree _known covers

    def total(self) -> int:
        """The page's text length."""
        if self._total < 0:
            self._total = self._length(self.root)
        return self._total

    def size(self, el: Any) -> tuple[int, int]:
        """(text length, link text length or -1 when not measured yet) of box ``el``."""
        known = self._known.get(el)
        if known is not None:
            return known
        if len(self._open) >= DEEP and self._scope < 0:  # deep: measure all boxes below at once
            self._scope, box = self._open[-1]
            self._known = subtree_sizes(box)
            known = self._known.get(el)
            if known is not None:
                return known
        return self._length(el), -1

    def links(self, el: Any) -> int:
        """Link text length of box ``el``."""
        known = self._known.get(el)
        if known is not None:
            return known[1]
        return self._link_length(el)

    def read(self, cid: int, el: Any) -> None:
        """Box ``cid`` was measured and is read (walked): boxes inside it come next."""
        self._open.append((cid, el))

    def close(self, cid: int) -> None:
        """Container ``cid`` ends (a read box among them)."""
        if self._open and self._open[-1][0] == cid:
            self._open.pop()
        if cid == self._scope:
            self._known = {}
            self._scope = -1


def _text_length(el: Any) -> int:
    return len(el.text_content())


def _link_text_length(el: Any) -> int:
    return sum(len(a.text_content()) for a in el.iter("a"))
