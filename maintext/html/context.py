"""Where each block of the one segmentation sits: list item, table cell, code block, quote.

Takes a :class:`~maintext.html.segment.Segmentation` (its containers' tags, parent links and
elements) and gives, per container, a :class:`Context`: the enclosing list (kind, nesting
depth, item number with ``start`` and ``value`` honoured), table cell (row and column on the
table's grid, col/rowspans placed, header or not), ``<pre>`` and quote depth.
:class:`Structure` derives them lazily, for the blocks a method keeps only: the walk itself
pays nothing for lists, tables, code and quotes. :mod:`maintext.html.structure` turns them
into typed blocks.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from .tags import (CELL_TAGS, CODE_BLOCK_TAG, HEADER_ROWS_TAG, STRUCTURE_TAGS, LIST_ITEM_TAG, LIST_TAGS,
                   QUOTE_TAG, ROW_TAG, TABLE_TAG)

if TYPE_CHECKING:
    from .segment import Segmentation


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


def int_attr(el: Any, name: str, default: int) -> int:
    """The whole number an attribute of ``el`` holds (``start``, ``colspan``...), or ``default``."""
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
            n = int_attr(owner.el, "start", 1)
            lst.numbers = {}
            nearest = self._owners(owner.id, LIST_TAGS)
            for c in containers[owner.id + 1:owner.id_end]:
                if c.tag == LIST_ITEM_TAG and nearest[c.id] == owner.id:
                    n = int_attr(c.el, "value", n)
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
            colspan = min(1000, max(1, int_attr(c.el, "colspan", 1)))
            rowspan = min(1000, max(1, int_attr(c.el, "rowspan", 1)))
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
