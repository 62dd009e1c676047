"""Text blocks and tag streams shared by the voting method and the baselines.

Two views of a page:

* :func:`segment` walks the parsed tree (``doc.tree``) once, iteratively, and cuts the
  visible text into :class:`TextBlock` s at block-level tags (``<p>``, ``<td>``, ``<div>``,
  ``<li>``, headings, ...). Each block knows its text, how much of it is link text, the
  images it shows, its owner element, depth, a bounded tag path and its position.
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
from typing import Iterable, Iterator

import lxml.etree as etree

from ..textutil import _CJK_CLASS, collapse_ws

# Tags that start a new text block (the browser lays them out as blocks). ``br`` is not
# here: a line break inside a paragraph does not make a new block.
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details",
    "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
    "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html",
    "legend", "li", "main", "menu", "nav", "ol", "option", "p", "pre", "section", "summary",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
})
# Tags whose content is never visible text of the page.
SKIP_TAGS = frozenset({
    "script", "style", "noscript", "template", "head", "iframe", "object", "embed", "svg",
    "math", "select", "textarea", "button", "canvas", "audio", "video", "map",
})
# Number of innermost ancestors kept in :attr:`TextBlock.path` (bounded: deep trees would
# otherwise cost depth x blocks).
PATH_LEN = 12


@dataclass(slots=True, eq=False)
class TextBlock:
    """A run of visible text between two block-level tag boundaries."""

    index: int  # position in document order (0, 1, ...)
    text: str  # whitespace-collapsed text
    element: etree._Element  # the innermost block-level element holding the text
    depth: int  # number of open elements when the block was cut
    path: tuple[str, ...]  # the innermost PATH_LEN ancestor tags, outermost first
    offset: int = 0  # characters of block text before this block
    link_chars: int = 0  # characters of the text inside <a href>
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


class _Open:
    """An element on the walk's stack."""

    __slots__ = ("tag", "hint", "is_link")

    def __init__(self, tag: str, hint: str, is_link: bool) -> None:
        self.tag = tag
        self.hint = hint
        self.is_link = is_link


def _hint(el: etree._Element, tag: str) -> str:
    cls = el.get("class")
    ident = el.get("id")
    role = el.get("role")
    parts = [tag]
    if cls:
        parts.append(cls)
    if ident:
        parts.append(ident)
    if role:
        parts.append(role)
    return " ".join(parts).lower()


class _Segmenter:
    """State of one :func:`segment` walk (kept in an object to keep each step small)."""

    def __init__(self, hint_levels: int) -> None:
        self.blocks: list[TextBlock] = []
        self.stack: list[_Open] = []
        self.owners: list[etree._Element] = []  # open block-level elements
        self.parts: list[str] = []
        self.link_parts: int = 0
        self.anchors: list[etree._Element] = []
        self.images: list[str] = []
        self.links_open = 0
        self.offset = 0
        self.hint_levels = hint_levels

    def add_text(self, text: str | None) -> None:
        if not text:
            return
        self.parts.append(text)
        if self.links_open:
            self.link_parts += len(collapse_ws(text))

    def flush(self) -> None:
        text = collapse_ws("".join(self.parts)) if self.parts else ""
        if text or self.images:
            owner = self.owners[-1] if self.owners else None
            if owner is not None:
                tail = self.stack[-PATH_LEN:]
                block = TextBlock(
                    index=len(self.blocks), text=text, element=owner, depth=len(self.stack),
                    path=tuple(o.tag for o in tail), offset=self.offset,
                    link_chars=min(self.link_parts, len(text)), anchors=self.anchors,
                    images=self.images,
                    hints=tuple(o.hint for o in self.stack[-self.hint_levels:]),
                )
                self.blocks.append(block)
                self.offset += len(text)
        self.parts = []
        self.link_parts = 0
        self.anchors = []
        self.images = []

    def start(self, el: etree._Element, tag: str) -> None:
        if tag in BLOCK_TAGS:
            self.flush()
            self.owners.append(el)
        is_link = tag == "a" and el.get("href") is not None
        if is_link:
            self.links_open += 1
            self.anchors.append(el)
        elif tag == "img":
            alt = (el.get("alt") or el.get("title") or "").strip()
            self.images.append(alt)
        elif tag == "br":
            self.parts.append("\n")
        self.stack.append(_Open(tag, _hint(el, tag), is_link))
        self.add_text(el.text)

    def end(self, el: etree._Element) -> None:
        opened = self.stack[-1]
        if opened.tag in BLOCK_TAGS:
            self.flush()  # before the pop: the block's path ends with its own tag
            self.owners.pop()
        self.stack.pop()
        if opened.is_link:
            self.links_open -= 1
        self.add_text(el.tail)


def segment(root: etree._Element, *, hint_levels: int = 6) -> list[TextBlock]:
    """Cut the visible text under ``root`` into text blocks, in document order.

    ``hint_levels`` innermost ancestors contribute their tag, class, id and role to
    :attr:`TextBlock.hints`. Text in :data:`SKIP_TAGS` (scripts, styles, forms' widgets,
    ``<head>``) is not page text and is left out.
    """
    body = root.find("body") if root.tag == "html" else None
    start = body if body is not None else root
    seg = _Segmenter(hint_levels)
    walker = etree.iterwalk(start, events=("start", "end"))
    for event, el in walker:
        tag = el.tag
        if not isinstance(tag, str):  # comments, processing instructions, entities
            if event == "end":
                seg.add_text(el.tail)
            continue
        tag = tag.lower()
        if tag in SKIP_TAGS:
            if event == "start":
                walker.skip_subtree()
                # skip_subtree suppresses the matching "end": take the tail here
                seg.add_text(el.tail)
            continue
        if event == "start":
            seg.start(el, tag)
        else:
            seg.end(el)
    seg.flush()
    return seg.blocks


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
