"""Grouping typed blocks into tables, shared by the Markdown and HTML renderers.

Takes the kept blocks of a page in reading order; gives a sequence of items, each one
block or one :class:`Table` (the consecutive blocks that carry the same ``table`` index).
A table of fewer than two rows or two columns is a layout table, not data: its cells are
given back as ordinary blocks (paragraphs), as a reader of the page sees them.
Merged cells are kept once, at their first row and column; the cells they cover are
empty (the reading that loses no text and repeats none).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from ..result import TextBlock

# A data table has at least this many rows and columns (as score.py and browsers' "data
# table" heuristics read it); smaller ones are layout.
MIN_ROWS = 2
MIN_COLS = 2


@dataclass(slots=True)
class Table:
    """Cells of one table as a grid: ``rows[r][c]`` is a list of the blocks of that cell."""

    rows: list[list[list[TextBlock]]] = field(default_factory=list)
    header_rows: int = 0  # leading rows made only of header cells
    quote_depth: int = 0
    depth: int = 0  # list nesting of the table (inside a list item)

    @property
    def ncols(self) -> int:
        return max((len(r) for r in self.rows), default=0)


def _grid(cells: list[TextBlock]) -> Table:
    by_row: dict[int, list[TextBlock]] = {}
    for b in cells:
        by_row.setdefault(b.row or 0, []).append(b)
    rows: list[list[list[TextBlock]]] = []
    taken: dict[tuple[int, int], bool] = {}  # slots covered by a rowspan from above
    header_flags: list[bool] = []
    for r_index, r in enumerate(sorted(by_row)):
        row: list[list[TextBlock]] = []
        last: tuple[int, int] | None = None
        for b in by_row[r]:
            key = (b.col if b.col is not None else -1, id(b))
            if last is not None and b.col is not None and b.col == last[0]:
                row[last[1]].append(b)  # another block of the same cell
                continue
            col = b.col if b.col is not None else len(row)
            while (r_index, col) in taken or col < len(row) and row[col]:
                col += 1
            while len(row) <= col:
                row.append([])
            row[col].append(b)
            for extra in range(1, max(1, b.colspan)):
                while len(row) <= col + extra:
                    row.append([])
            for down in range(1, max(1, b.rowspan)):
                for across in range(max(1, b.colspan)):
                    taken[(r_index + down, col + across)] = True
            last = (key[0], col)
        rows.append(row)
        header_flags.append(bool(by_row[r]) and all(b.header for b in by_row[r]))
    header_rows = 0
    for flag in header_flags:
        if not flag:
            break
        header_rows += 1
    first = cells[0]
    return Table(rows, header_rows, first.quote_depth, first.depth)


def _placed(image: TextBlock, cell: TextBlock) -> TextBlock:
    """A copy of ``image`` in the table cell ``cell``."""
    return replace(image, table=cell.table, row=cell.row, col=cell.col, colspan=1, rowspan=1,
                   header=cell.header)


def is_data_table(table: Table) -> bool:
    filled = [r for r in table.rows if any(r)]
    return len(filled) >= MIN_ROWS and max((sum(1 for c in r if c) for r in filled), default=0) >= MIN_COLS


def group(blocks: list[TextBlock]) -> Iterator[TextBlock | Table]:
    """Blocks and tables in reading order (layout tables flattened to their blocks)."""
    i, n = 0, len(blocks)
    while i < n:
        b = blocks[i]
        if b.table is None:
            yield b
            i += 1
            continue
        j = i
        cells = []
        while j < n:
            if blocks[j].table == b.table:
                cells.append(blocks[j])
                j += 1
                continue
            k = j  # images inside the cells come without a place: they go with the cell before
            while k < n and blocks[k].kind == "image" and blocks[k].table is None:
                k += 1
            if k == j or k >= n or blocks[k].table != b.table:
                break
            cells.extend(_placed(img, cells[-1]) for img in blocks[j:k])
            j = k
        table = _grid(cells)
        if is_data_table(table):
            yield table
        else:
            yield from cells
        i = j
