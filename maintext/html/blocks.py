"""Element blocks (for the voting method and LQF) and raw tag streams (for BTE, DSC, CCB).

Two views of a page:

* :func:`segment` strips the tags that never hold visible text (:data:`SKIP_TAGS` of the
  one tag table) and runs the one segmentation walk (:func:`maintext.html.segment.segment`)
  over the tree; each of its blocks becomes an :class:`ElementBlock` that also knows its
  owner element, depth, a bounded tag path, the class/id hints of its ancestors, its
  ``<a>`` elements and the alt texts of its images.
* :func:`tag_stream` reads the raw HTML source with one regular-expression scan and yields
  markup and text pieces in source order, for the methods defined on the token stream of
  the source (BTE, DSC, CCB) rather than on a tree.

Both are linear in the size of the page and never recurse, so 10,000 nested ``<div>`` s
are as cheap as 10,000 siblings.
"""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Iterator

import lxml.etree as etree

from ..textutil import _CJK_CLASS, collapse_ws
from .markers import IMAGE
from .tags import BLOCK_TAGS, SKIP_TAGS

if TYPE_CHECKING:
    from .segment import Segmentation

# Number of innermost ancestors kept in :attr:`ElementBlock.path` (bounded: deep trees would
# otherwise cost depth x blocks).
PATH_LEN = 12


@dataclass(slots=True, eq=False)
class ElementBlock:
    """A run of visible text between two block-level tag boundaries, with its element."""

    index: int  # position in document order (0, 1, ...)
    text: str  # whitespace-collapsed text
    element: etree._Element  # the innermost block-level element holding the text
    depth: int  # number of enclosing block-level elements
    path: tuple[str, ...]  # the innermost PATH_LEN enclosing block tags, outermost first
    offset: int = 0  # characters of block text before this block
    link_chars: int = 0  # characters of the text inside <a>
    anchors: list[etree._Element] = field(default_factory=list)  # <a> elements in the block
    images: list[str] = field(default_factory=list)  # alt/title texts of <img> in the block
    # one string per ancestor, outermost first: "tag class id role" in lower case
    hints: tuple[str, ...] = ()

    @property
    def chars(self) -> int:
        return len(self.text)

    @property
    def link_density(self) -> float:
        return self.link_chars / len(self.text) if self.text else 0.0

    @property
    def hint_text(self) -> str:
        return " ".join(self.hints)

    @property
    def tag(self) -> str:
        return self.path[-1] if self.path else ""


TextBlock = ElementBlock  # the name vote_rules and older callers use


def _slice(items: list, start: int, n: int) -> list:
    return items[start:start + n] if n else []


def _hint(el: etree._Element, tag: str) -> str:
    parts = [tag]
    for name in ("class", "id", "role"):
        value = el.get(name)
        if value:
            parts.append(value)
    return " ".join(parts).lower()


def segment(root: etree._Element, *, hint_levels: int = 6) -> list[ElementBlock]:
    """Cut the visible text under ``root`` into element blocks, in document order.

    Strips :data:`SKIP_TAGS` (scripts, styles, widgets, ``<head>``) from the tree in place,
    then walks it once. ``hint_levels`` innermost enclosing block elements contribute
    their tag, class, id and role to :attr:`ElementBlock.hints`.
    """
    return element_segmentation(root, hint_levels=hint_levels)[1]


def element_segmentation(root: etree._Element, *,
                         hint_levels: int = 6) -> tuple["Segmentation", list[ElementBlock]]:
    """:func:`segment` and the segmentation it is a view of (``blocks[i]`` is
    ``seg.blocks[i]``: typed blocks of kept element blocks come from it)."""
    from .segment import segment as walk

    etree.strip_elements(root, *SKIP_TAGS, with_tail=False)
    seg = walk(root)
    containers = seg.containers
    paths: list[tuple[str, ...]] = []
    hints: list[tuple[str, ...]] = []
    depths: list[int] = []
    for c in containers:  # parents come before their children
        parent = c.parent
        if c.tag == "html":  # paths, hints and depths count from <body>, as a reader sees it
            paths.append(())
            hints.append(())
            depths.append(0)
            continue
        paths.append(((paths[parent] if parent is not None else ()) + (c.tag,))[-PATH_LEN:])
        hints.append(((hints[parent] if parent is not None else ())
                       + (_hint(c.el, c.tag),))[-hint_levels:] if hint_levels else ())
        depths.append(depths[parent] + 1 if parent is not None else 1)
    anchors: dict[int, list[etree._Element]] = {}
    for index, el in seg.anchors:
        if el.get("href") is not None:
            anchors.setdefault(index, []).append(el)
    out: list[ElementBlock] = []
    offset = 0
    for b in seg.blocks:
        cid = b.chain[-1] if b.chain else 0
        n_images = b.raw.count(IMAGE) if b.marked else 0
        images = [(el.get("alt") or el.get("title") or "").strip()
                  for el in _slice(seg.images, seg.first_elements(b.index)[1], n_images)]
        out.append(ElementBlock(len(out), b.text, containers[cid].el, depths[cid], paths[cid],
                                offset, b.link_chars, anchors.get(b.index, []), images, hints[cid]))
        offset += len(b.text)
    return seg, out


# --- raw tag stream -------------------------------------------------------------------

# One scan: comments, raw-text elements (script/style/...) as a whole, tags, doctype, text.
_STREAM = re.compile(
    r"(?P<comment><!--.*?(?:-->|\Z))"
    r"|(?P<raw><(?P<rawtag>script|style|noscript|textarea|template)\b[^>]*>.*?(?:</(?P=rawtag)\s*>|\Z))"
    r"|(?P<tag></?[A-Za-z!?][^>]*>?)"
    r"|(?P<text>[^<]+|<)",
    re.DOTALL | re.IGNORECASE,
)
_TAG_NAME = re.compile(r"</?\s*([A-Za-z][A-Za-z0-9:-]*)")
# Tags after which a line break is written when a method prints a span of the stream.
_BREAK_TAGS = BLOCK_TAGS | {"br"}


@dataclass(slots=True)
class Piece:
    """One piece of the source: markup (``is_tag``) or a text run."""

    is_tag: bool
    text: str  # the source characters (markup) or the unescaped text
    size: int  # number of source characters
    breaks: bool = False  # a block-level tag (text before and after are separate lines)


def tag_stream(html: str) -> Iterator[Piece]:
    """Markup and text pieces of ``html`` in source order (one regex scan).

    Comments and the content of ``<script>``/``<style>``-like elements are single markup
    pieces: they are code, not text. Text is unescaped (``&amp;`` -> ``&``).
    """
    for m in _STREAM.finditer(html):
        src = m.group(0)
        if m.group("text") is not None:
            yield Piece(False, htmllib.unescape(src), len(src))
        elif m.group("tag") is not None:
            name = _TAG_NAME.match(src)
            breaks = bool(name) and name.group(1).lower() in _BREAK_TAGS
            yield Piece(True, src, len(src), breaks)
        else:  # comment or raw-text element: code as a whole
            yield Piece(True, src, len(src), True)


# A word is a run of non-space characters, except that every CJK character is a word of
# its own (CJK text has no spaces; counted as the scorer counts it). Each word keeps the
# whitespace before it, so that joining words restores the text's own spacing.
_WORD = re.compile(f"\\s*(?:[{_CJK_CLASS}]|[^\\s{_CJK_CLASS}]+)")
_PLAIN_WORD = re.compile(r"\s*\S+")  # the same where a piece has no CJK character (faster)
_HAS_CJK = re.compile(f"[{_CJK_CLASS}]")


def word_tokens(text: str) -> list[str]:
    """The word tokens of a text piece (the papers' "words"; CJK characters one each),
    with their leading whitespace; trailing whitespace of the piece stays on the last word."""
    words = (_WORD if _HAS_CJK.search(text) else _PLAIN_WORD).findall(text)
    if words and text[-1:].isspace():
        words[-1] += " "
    return words


def join_words(words: list[str]) -> str:
    """Words (from :func:`word_tokens`) back into text with the page's own spacing."""
    return collapse_ws("".join(words))


def words_to_paragraphs(words: Iterable[str | None]) -> list[str]:
    """Join a token stream into paragraphs: ``None`` ends a paragraph, "" is skipped."""
    paragraphs: list[str] = []
    current: list[str] = []
    for word in words:
        if word is None:
            if current:
                paragraphs.append(join_words(current))
                current = []
        elif word:
            current.append(word)
    if current:
        paragraphs.append(join_words(current))
    return paragraphs
