"""Structure of the blocks of the one segmentation, and their conversion to typed blocks.

Takes a :class:`~maintext.html.segment.Segmentation` and the blocks a method keeps; gives
:class:`maintext.result.TextBlock` records: kind (heading, paragraph, list item, table
cell, code, quote, caption, image), heading level, list kind/depth/number (``start`` and
``value`` honoured), cell row/column on the table's grid (col/rowspans placed), header
cells, code text with its exact white space and ``language-*``/``lang-*`` language, image
src/alt, and inline spans (links with absolute href, strong/em, inline code).

The walk itself only leaves markers in a block's raw text (:mod:`maintext.html.markers`)
and the span/image elements in page order; the
structural context (:class:`Structure`) is derived lazily from the containers' parent
links, for the kept blocks only, so extraction pays for structure only where it is output.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import TYPE_CHECKING, Any, Iterable
from urllib.parse import urljoin

from ..result import Span, TextBlock
from .markers import BR, IMAGE, MARKERS, SPAN_CLOSE, SPAN_OPEN, plain
from .tags import (CAPTION_TAGS, CELL_TAGS, CODE_BLOCK_TAG, HEADER_ROWS_TAG, STRUCTURE_TAGS, HEADING_TAGS,
                   LIST_ITEM_TAG, LIST_TAGS, QUOTE_TAG, ROW_TAG, SPAN_TAGS, TABLE_TAG)

if TYPE_CHECKING:
    from .segment import Block, Segmentation

# The code language in a class: language-x / lang-x (HTML spec, highlight.js, Prism),
# highlight-source-x (GitHub), highlight-x (Sphinx), "brush: x" (SyntaxHighlighter).
_LANGUAGE = re.compile(r"(?:^|\s)(?:language|lang|highlight-source|highlight)-([\w+#.-]+)|brush:\s*([\w+#.-]+)")
_NO_LANGUAGE = frozenset({"default", "none", "nohighlight", "plain", "plaintext"})


class _ListInfo:
    """One list: its kind and the numbers of its items (by container id)."""

    __slots__ = ("kind", "numbers")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.numbers: dict[int, int] | None = None


class _TableGrid:
    """One table's cells placed on its grid: cell container id -> (row, col, header)."""

    __slots__ = ("index", "cells")

    def __init__(self, index: int) -> None:
        self.index = index
        self.cells: dict[int, tuple[int, int, bool]] | None = None


class Context:
    """Where a block sits: list item, table cell, code block, quote (immutable once made;
    shared by every block under the same container)."""

    __slots__ = ("lst", "list_id", "depth", "item", "quote_depth", "table", "cell", "pre")

    def __init__(self, parent: "Context | None" = None) -> None:
        if parent is None:
            self.lst: _ListInfo | None = None
            self.list_id = -1  # container id of the innermost list
            self.depth = 0  # list nesting depth
            self.item = -1  # container id of the enclosing <li> (-1: none)
            self.quote_depth = 0
            self.table: _TableGrid | None = None
            self.cell = -1  # container id of the enclosing <td>/<th> (-1: none)
            self.pre: Any = None  # the enclosing <pre> element
        else:
            self.lst = parent.lst
            self.list_id = parent.list_id
            self.depth = parent.depth
            self.item = parent.item
            self.quote_depth = parent.quote_depth
            self.table = parent.table
            self.cell = parent.cell
            self.pre = parent.pre


ROOT = Context()


def _int_attr(el: Any, name: str, default: int) -> int:
    value = el.get(name) if el is not None else None
    if value is None:
        return default
    try:
        return int(value.strip())
    except ValueError:
        return default


class Structure:
    """The structural context of the segmentation's containers, computed lazily from
    their parent links and elements, only for the blocks a method keeps: the walk itself
    pays nothing for lists, tables, code and quotes."""

    def __init__(self, seg: "Segmentation") -> None:
        self.seg = seg
        self._ctx: dict[int, Context] = {}
        self._tables: dict[int, _TableGrid] = {}
        self._table_ids: list[int] | None = None  # ids of the table containers, in order

    def context(self, cid: int | None) -> Context:
        """The context of blocks whose innermost container is ``cid``."""
        if cid is None:
            return ROOT
        cache = self._ctx
        got = cache.get(cid)
        if got is not None:
            return got
        containers = self.seg.containers
        chain = []  # uncached ancestors, innermost first (iterative: deep pages)
        c: int | None = cid
        while c is not None and c not in cache:
            chain.append(c)
            c = containers[c].parent
        ctx = cache[c] if c is not None else ROOT
        for c in reversed(chain):
            ctx = cache[c] = self._derive(ctx, c)
        return ctx

    def _derive(self, parent: Context, cid: int) -> Context:
        c = self.seg.containers[cid]
        tag = c.tag
        if tag not in STRUCTURE_TAGS or tag in _TABLE_PARTS:
            return parent
        ctx = Context(parent)
        if tag in CELL_TAGS:
            ctx.cell = cid
        elif tag == LIST_ITEM_TAG:
            ctx.item = cid
        elif tag in LIST_TAGS:
            ctx.lst = _ListInfo("ol" if tag == "ol" else "ul")
            ctx.list_id = cid
            ctx.depth += 1
            ctx.item = -1
        elif tag == TABLE_TAG:
            ctx.table = self._table(cid)
            ctx.cell = -1
        elif tag == CODE_BLOCK_TAG and next(c.el.iterdescendants("p"), None) is None:
            ctx.pre = c.el  # (a <pre> holding paragraphs is a page builder's text box, not code)
        elif tag == QUOTE_TAG:
            ctx.quote_depth += 1
        return ctx

    def _table(self, cid: int) -> _TableGrid:
        grid = self._tables.get(cid)
        if grid is None:
            if self._table_ids is None:
                self._table_ids = [c.id for c in self.seg.containers if c.tag == TABLE_TAG]
            grid = self._tables[cid] = _TableGrid(bisect_left(self._table_ids, cid))
        return grid

    def _owners(self, top: int, tags: frozenset[str]) -> dict[int, int]:
        """For every container inside container ``top``: its nearest ancestor whose tag is
        in ``tags`` (``top`` itself when none is nearer). One pass, parents first."""
        containers = self.seg.containers
        owner = {top: top}
        for c in containers[top + 1:containers[top].id_end]:
            p = c.parent
            owner[c.id] = p if containers[p].tag in tags else owner.get(p, top)
        return owner

    def number(self, ctx: Context) -> int | None:
        """The number of the item ``ctx.item`` in its ordered list (honours start/value)."""
        lst = ctx.lst
        if lst is None or lst.kind != "ol" or ctx.item < 0:
            return None
        if lst.numbers is None:
            containers = self.seg.containers
            owner = containers[ctx.list_id]
            n = _int_attr(owner.el, "start", 1)
            lst.numbers = {}
            nearest = self._owners(owner.id, LIST_TAGS)
            for c in containers[owner.id + 1:owner.id_end]:
                if c.tag == LIST_ITEM_TAG and nearest[c.id] == owner.id:
                    n = _int_attr(c.el, "value", n)
                    lst.numbers[c.id] = n
                    n += 1
        return lst.numbers.get(ctx.item)

    def cell(self, ctx: Context) -> tuple[int, int, bool] | None:
        """(row, col, header) of the cell ``ctx.cell`` on its table's grid."""
        grid = ctx.table
        if grid is None or ctx.cell < 0:
            return None
        if grid.cells is None:
            grid.cells = self._place_cells(grid)
        return grid.cells.get(ctx.cell)

    def _place_cells(self, grid: _TableGrid) -> dict[int, tuple[int, int, bool]]:
        containers = self.seg.containers
        table = next(c for c, g in self._tables.items() if g is grid)
        top = containers[table]
        cells: dict[int, tuple[int, int, bool]] = {}
        taken: dict[int, set[int]] = {}  # row -> columns filled by cells spanning down
        owner = self._owners(top.id, _TABLE_TAGS)
        in_head: dict[int, bool] = {top.id: False}
        row = -1
        col = 0
        for c in containers[top.id + 1:top.id_end]:
            p = c.parent
            in_head[c.id] = (containers[p].tag == HEADER_ROWS_TAG and owner[p] == top.id) or in_head.get(p, False)
            if c.tag != ROW_TAG and c.tag not in CELL_TAGS:
                continue
            if owner[c.id] != top.id:
                continue  # a nested table's row or cell
            if c.tag == ROW_TAG:
                row += 1
                col = 0
                continue
            if row < 0:
                row = 0  # cells without a row
            colspan = min(1000, max(1, _int_attr(c.el, "colspan", 1)))
            rowspan = min(1000, max(1, _int_attr(c.el, "rowspan", 1)))
            row_taken = taken.get(row)
            while row_taken and col in row_taken:
                col += 1
            for r in range(row + 1, row + rowspan):
                taken.setdefault(r, set()).update(range(col, col + colspan))
            cells[c.id] = (row, col, c.tag == "th" or in_head[c.id])
            col += colspan
        return cells


_TABLE_TAGS = frozenset({TABLE_TAG})
# Tags that only shape a table's grid: no context of their own.
_TABLE_PARTS = frozenset({ROW_TAG, HEADER_ROWS_TAG})


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
    if ctx.cell >= 0 and ctx.table is not None:
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
                seen_items: set[int] | None = None, structure: Structure | None = None) -> list[TextBlock]:
    """The typed block(s) of one block: its images (when it shows any) and its text."""
    structure = structure or Structure(seg)
    ctx = structure.context(block.chain[-1] if block.chain else None)
    kind = _kind(block, ctx)
    image_at: list[int] = []
    if kind == "code":
        text, spans = _code_text(block.raw), []
        image_at = [0] * block.raw.count(IMAGE)
    elif not block.marked:
        text, spans = block.text, []
    else:
        text, marks = _collapse(block.raw)
        spans = _spans(marks, len(text), seg.spans, seg.first_elements(block.index)[0],
                       base_url) if marks else []
        image_at = [pos for ch, pos in marks if ch == IMAGE]
    tb = TextBlock(kind, text, quote_depth=ctx.quote_depth, spans=spans)
    if kind == "heading":
        tb.level = int(block.tag[1])
    if ctx.item >= 0 and ctx.lst is not None:
        tb.list_kind, tb.depth, tb.number = ctx.lst.kind, ctx.depth, structure.number(ctx)
        if seen_items is not None:
            tb.item_start = ctx.item not in seen_items
            seen_items.add(ctx.item)
    if ctx.cell >= 0 and ctx.table is not None:
        placed = structure.cell(ctx)
        if placed is not None:
            tb.table, (tb.row, tb.col, tb.header) = ctx.table.index, placed
            el = seg.containers[ctx.cell].el
            tb.colspan = min(1000, max(1, _int_attr(el, "colspan", 1)))
            tb.rowspan = min(1000, max(1, _int_attr(el, "rowspan", 1)))
    if kind == "code":
        tb.language = code_language(ctx.pre)
    if not image_at:
        return [tb]
    before: list[TextBlock] = []
    after: list[TextBlock] = []
    images = seg.images
    for n, pos in enumerate(image_at):
        k = seg.first_elements(block.index)[1] + n
        if k < len(images):
            (before if pos == 0 else after).append(_image(images[k], base_url, ctx))
    return before + [tb] + after


def typed_blocks(blocks: Iterable["Block"], seg: "Segmentation",
                 base_url: str | None = None) -> list[TextBlock]:
    """Typed blocks of ``blocks`` (kept blocks of ``seg``), in the order given."""
    seen: set[int] = set()
    out: list[TextBlock] = []
    structure = Structure(seg)
    for b in blocks:
        out.extend(typed_block(b, seg, base_url, seen, structure))
    return out


def paragraph_blocks(paragraphs: Iterable[str]) -> list[TextBlock]:
    """Plain paragraph blocks, for text that does not come from the segmentation."""
    return [TextBlock(kind="paragraph", text=p) for p in paragraphs if p and not p.isspace()]
