"""Structural context of blocks and their conversion to typed blocks.

Takes the events of the segmentation walk at structural tags (lists, items, tables, rows,
cells, ``<pre>``, ``<blockquote>``, figures, captions) and gives each text block a
:class:`Context`: an immutable record, shared by all blocks cut under the same structural
element, of the list, table cell, code block or quote the block sits in. A context is
made only when the walk enters a structural tag, so plain ``<div>``/``<p>`` cost nothing.

:func:`typed_blocks` turns kept blocks (with their context and the inline markers the
walk left in their raw text) into :class:`maintext.result.TextBlock` records: kind,
heading level, list kind/depth/number, cell coordinates, code language, image src/alt
and inline spans (links with href, strong/em, inline code).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable
from urllib.parse import urljoin

from ..result import Span, TextBlock
from .tags import (CAPTION_TAGS, CELL_TAGS, CODE_BLOCK_TAG, HEADER_ROWS_TAG, HEADING_TAGS,
                   LIST_ITEM_TAG, LIST_TAGS, QUOTE_TAG, ROW_TAG, SPAN_TAGS, TABLE_TAG)

if TYPE_CHECKING:
    from .segment import Block, Segmentation

# Markers the walk writes into a block's raw text (never page text: C0 controls are
# dropped by the decoder's control-character cleanup and never visible).
BR = "\x00"  # a line break (<br>)
SPAN_OPEN = "\x01"  # an inline span starts; its element is the next of Segmentation.spans
SPAN_CLOSE = "\x02"  # the innermost open span ends
IMAGE = "\x03"  # an image; its element is the next of Segmentation.images


def plain(raw: str) -> str:
    """Raw block text -> plain text: line breaks become spaces, the other markers vanish
    (four C scans: ~10x faster than ``str.translate`` with a table on long text)."""
    return raw.replace(BR, " ").replace(SPAN_OPEN, "").replace(SPAN_CLOSE, "").replace(IMAGE, "")


MARKERS = "\x00\x01\x02\x03"
# The code language in a class: language-x / lang-x (HTML spec, highlight.js, Prism),
# highlight-source-x (GitHub), highlight-x (Sphinx), "brush: x" (SyntaxHighlighter).
_LANGUAGE = re.compile(r"(?:^|\s)(?:language|lang|highlight-source|highlight)-([\w+#.-]+)|brush:\s*([\w+#.-]+)")
_NO_LANGUAGE = frozenset({"default", "none", "nohighlight", "plain", "plaintext"})


class _ListState:
    """The running item number of one open list."""

    __slots__ = ("kind", "next")

    def __init__(self, kind: str, start: int) -> None:
        self.kind = kind
        self.next = start


class _TableState:
    """Row and column counters of one open table (and whether its rows are header rows)."""

    __slots__ = ("index", "row", "col", "header_rows", "taken")

    def __init__(self, index: int) -> None:
        self.index = index
        self.row = -1
        self.col = 0
        self.header_rows = False  # inside its <thead>
        self.taken: dict[int, set[int]] | None = None  # row -> columns filled from rows above

    def place(self, colspan: int, rowspan: int) -> int:
        """The column of the next cell of the current row (after cells spanning down into
        it from rows above), and mark the slots it fills."""
        col = self.col
        taken = self.taken
        if taken is not None:
            row_taken = taken.get(self.row)
            while row_taken and col in row_taken:
                col += 1
        if rowspan > 1:
            if taken is None:
                taken = self.taken = {}
            for r in range(self.row + 1, self.row + min(rowspan, 1000)):
                taken.setdefault(r, set()).update(range(col, col + colspan))
        self.col = col + colspan
        return col


class Context:
    """Where a block sits: list item, table cell, code block, quote (immutable once made;
    shared by every block cut under the same structural element)."""

    __slots__ = ("parent", "lst", "depth", "number", "item", "quote_depth", "table", "row", "col",
                 "header", "colspan", "rowspan", "pre")

    def __init__(self, parent: "Context | None" = None) -> None:
        self.parent = parent
        if parent is None:
            self.lst: _ListState | None = None
            self.depth = 0
            self.number: int | None = None
            self.item = -1  # id of the enclosing <li> (-1: none)
            self.quote_depth = 0
            self.table: _TableState | None = None
            self.row = self.col = -1  # -1: not in a table cell
            self.header = False
            self.colspan = self.rowspan = 1
            self.pre: Any = None  # the enclosing <pre> element
        else:  # explicit copies: ~3x cheaper than a loop of setattr
            self.lst = parent.lst
            self.depth = parent.depth
            self.number = parent.number
            self.item = parent.item
            self.quote_depth = parent.quote_depth
            self.table = parent.table
            self.row = parent.row
            self.col = parent.col
            self.header = parent.header
            self.colspan = parent.colspan
            self.rowspan = parent.rowspan
            self.pre = parent.pre


ROOT = Context()


def _int_attr(el: Any, name: str, default: int) -> int:
    value = el.get(name)
    if value is None:
        return default
    try:
        return int(value.strip())
    except ValueError:
        return default


# Tags that only move a table's counters: no context of their own.
_TABLE_PARTS = frozenset({ROW_TAG, HEADER_ROWS_TAG})


class ContextTracker:
    """The context stack of one walk: :meth:`enter` at a structural tag's start,
    :meth:`leave` at its end (the walk calls both only for ``STRUCTURE_TAGS``)."""

    __slots__ = ("current", "tables", "items")

    def __init__(self) -> None:
        self.current = ROOT
        self.tables = 0
        self.items = 0

    def enter(self, tag: str, el: Any) -> None:
        if tag in _TABLE_PARTS:
            table = self.current.table
            if table is not None:
                if tag == ROW_TAG:
                    table.row += 1
                    table.col = 0
                else:
                    table.header_rows = True
            return
        ctx = Context(self.current)
        if tag in CELL_TAGS:
            table = ctx.table
            colspan = min(1000, max(1, _int_attr(el, "colspan", 1)))
            rowspan = max(1, _int_attr(el, "rowspan", 1))
            if table is not None:
                ctx.row, ctx.col = table.row, table.place(colspan, rowspan)
                ctx.header = tag == "th" or table.header_rows
            else:
                ctx.header = tag == "th"
            ctx.colspan = colspan
            ctx.rowspan = rowspan
        elif tag == LIST_ITEM_TAG:
            lst = ctx.lst
            if lst is not None:
                number = _int_attr(el, "value", lst.next)
                lst.next = number + 1
                ctx.number = number if lst.kind == "ol" else None
            self.items += 1
            ctx.item = self.items
        elif tag in LIST_TAGS:
            ctx.lst = _ListState("ol" if tag == "ol" else "ul", _int_attr(el, "start", 1))
            ctx.depth += 1
            ctx.item = -1
        elif tag == TABLE_TAG:
            ctx.table = _TableState(self.tables)
            self.tables += 1
            ctx.row = ctx.col = -1
            ctx.header = False
        elif tag == CODE_BLOCK_TAG and next(el.iterdescendants("p"), None) is None:
            ctx.pre = el  # (a <pre> holding paragraphs is a page builder's text box, not code)
        elif tag == QUOTE_TAG:
            ctx.quote_depth += 1
        self.current = ctx

    def leave(self, tag: str) -> None:
        if tag in _TABLE_PARTS:
            if tag == HEADER_ROWS_TAG and self.current.table is not None:
                self.current.table.header_rows = False
            return
        parent = self.current.parent
        self.current = parent if parent is not None else ROOT


# ----------------------------------------------------------------------------- typed blocks


def code_language(pre: Any) -> str | None:
    """The language a class (see ``_LANGUAGE``) or a ``data-lang``/``data-language``
    attribute names on ``<pre>``, its ``<code>`` or the two boxes around it (GitHub and
    Sphinx put it on a wrapping ``<div>``)."""
    around = [a for _, a in zip(range(2), pre.iterancestors())]  # parent, grandparent
    for el in (pre, *pre.iterchildren("code"), *around):
        m = _LANGUAGE.search(el.get("class") or "")
        lang = (m.group(1) or m.group(2)) if m else el.get("data-lang") or el.get("data-language")
        if lang and lang.lower() not in _NO_LANGUAGE:
            return lang.lower()
    return None


def _kind(block: "Block", ctx: Context) -> str:
    tag = block.tag
    if tag in HEADING_TAGS:
        return "heading"
    if ctx.pre is not None:
        return "code"
    if tag in CAPTION_TAGS:
        return "caption"
    if ctx.col >= 0:
        return "table_cell"
    if ctx.item >= 0:
        return "list_item"
    if ctx.quote_depth:
        return "quote"
    return "paragraph"


_MARK_SPLIT = re.compile("([\x00-\x03])")


def _collapse(raw: str) -> tuple[str, list[tuple[str, int]]]:
    """``raw`` with white space collapsed (line breaks kept as "\\n" between non-empty
    lines) and the positions of its span/image markers in that text."""
    out: list[str] = []
    marks: list[tuple[str, int]] = []
    size = 0
    pending = ""  # separator owed before the next word: "", " " or "\n"
    for piece in _MARK_SPLIT.split(raw):
        if not piece:
            continue
        if piece in MARKERS:
            if piece == BR:
                if size:
                    pending = "\n"
            else:
                marks.append((piece, size + (1 if pending and piece != SPAN_CLOSE else 0)))
            continue
        words = piece.split()
        if not words:
            if size and not pending:
                pending = " "
            continue
        if piece[0].isspace() and size and not pending:
            pending = " "
        if pending:
            out.append(pending)
            size += 1
            pending = ""
        text = " ".join(words)
        out.append(text)
        size += len(text)
        if piece[-1].isspace():
            pending = " "
    return "".join(out), marks


def _code_text(raw: str) -> str:
    return plain(raw.replace(BR, "\n")).strip("\n")


def _spans(marks: list[tuple[str, int]], length: int, elements: list[Any], first: int,
           base_url: str | None) -> list[Span]:
    spans: list[Span] = []
    open_: list[tuple[Any, int]] = []
    k = first
    for ch, pos in marks:
        if ch == SPAN_OPEN:
            open_.append((elements[k] if k < len(elements) else None, min(pos, length)))
            k += 1
        elif ch == SPAN_CLOSE and open_:
            el, start = open_.pop()
            _add_span(spans, el, start, min(pos, length), base_url)
    while open_:  # spans that go on into the next block end with this one
        el, start = open_.pop()
        _add_span(spans, el, start, length, base_url)
    spans.sort(key=lambda s: (s.start, -s.end))
    return spans


def _add_span(spans: list[Span], el: Any, start: int, end: int, base_url: str | None) -> None:
    if el is None or end <= start:
        return
    kind = SPAN_TAGS.get(el.tag)
    if kind is None:
        return
    href = None
    if kind == "link":
        href = el.get("href")
        if href is None:
            return  # an anchor without href is not a link
        href = _absolute(href.strip(), base_url)
    spans.append(Span(start, end, kind, href))


def _absolute(url: str, base_url: str | None) -> str:
    """``url`` resolved against the page's URL (absolute URLs as they are: no parsing)."""
    if not base_url or url.startswith(("http://", "https://")):
        return url
    try:
        return urljoin(base_url, url)
    except ValueError:
        return url


def _image(el: Any, base_url: str | None, ctx: Context) -> TextBlock:
    src = (el.get("src") or el.get("data-src") or "").strip() or None
    if src:
        src = _absolute(src, base_url)
    alt = (el.get("alt") or "").strip() or None
    return TextBlock(kind="image", text=alt or "", src=src, alt=alt, quote_depth=ctx.quote_depth)


def typed_block(block: "Block", seg: "Segmentation", base_url: str | None = None,
                seen_items: set[int] | None = None) -> list[TextBlock]:
    """The typed block(s) of one block: its images (when it shows any) and its text."""
    ctx: Context = block.ctx or ROOT
    kind = _kind(block, ctx)
    images: list[TextBlock] = []
    if kind == "code":
        text, spans = _code_text(block.raw), []
        img_marks = [m for m in block.raw if m == IMAGE]
        image_at = [0] * len(img_marks)
    elif not block.marked:
        text, spans, image_at = block.text, [], []
    else:
        text, marks = _collapse(block.raw)
        spans = _spans(marks, len(text), seg.spans, block.span0, base_url)
        image_at = [pos for ch, pos in marks if ch == IMAGE]
    for n, _pos in enumerate(image_at):
        k = block.img0 + n
        if k < len(seg.images):
            images.append(_image(seg.images[k], base_url, ctx))
    tb = TextBlock(kind=kind, text=text, spans=spans, quote_depth=ctx.quote_depth)
    if kind == "heading":
        tb.level = int(block.tag[1])
    if ctx.lst is not None and ctx.item >= 0:
        tb.list_kind, tb.depth, tb.number = ctx.lst.kind, ctx.depth, ctx.number
        if seen_items is not None:
            tb.item_start = ctx.item not in seen_items
            seen_items.add(ctx.item)
    if ctx.col >= 0 and ctx.table is not None:
        tb.table, tb.row, tb.col, tb.header = ctx.table.index, ctx.row, ctx.col, ctx.header
        tb.colspan, tb.rowspan = ctx.colspan, ctx.rowspan
    if kind == "code":
        tb.language = code_language(ctx.pre)
    before = [im for im, pos in zip(images, image_at) if pos == 0]
    after = [im for im, pos in zip(images, image_at) if pos != 0]
    return before + [tb] + after


def typed_blocks(blocks: Iterable["Block"], seg: "Segmentation",
                 base_url: str | None = None) -> list[TextBlock]:
    """Typed blocks of ``blocks`` (kept blocks of ``seg``), in the order given."""
    seen: set[int] = set()
    out: list[TextBlock] = []
    for b in blocks:
        out.extend(typed_block(b, seg, base_url, seen))
    return out


def paragraph_blocks(paragraphs: Iterable[str]) -> list[TextBlock]:
    """Plain paragraph blocks, for text that does not come from the segmentation."""
    return [TextBlock(kind="paragraph", text=p) for p in paragraphs if p and not p.isspace()]
