"""Clean, minimal main-content HTML from the typed blocks of a page.

Takes ``Page.blocks`` in reading order; gives an HTML fragment of ``h1``-``h6``, ``p``,
``ul``/``ol`` with nested ``li``, ``table`` (``thead`` for header rows, ``colspan`` and
``rowspan`` kept), ``pre><code class="language-x">``, ``blockquote``, ``figure``/``img``
(when asked), ``figcaption`` and inline ``a``/``strong``/``em``/``code``; no attributes but
``href``, ``src``, ``alt``, spans and the code language. Wrapped in ``<article>``.
"""

from __future__ import annotations

import html as htmllib

from ..result import TextBlock
from .inline import inline_html
from .markdown import MarkdownStyle
from .tables import Table, group


def _esc(text: str) -> str:
    return htmllib.escape(text, quote=True)


def _inline(b: TextBlock, style: MarkdownStyle) -> str:
    lines = [ln for ln in (" ".join(x.split()) for x in b.text.split("\n")) if ln]
    if len(lines) == 1:
        return inline_html(lines[0], b.spans, style.span_kinds())
    return "<br>".join(htmllib.escape(ln, quote=False) for ln in lines)


def _block(b: TextBlock, style: MarkdownStyle) -> str | None:
    if b.kind == "code":
        cls = f' class="language-{_esc(b.language)}"' if b.language else ""
        return f"<pre><code{cls}>{htmllib.escape(b.text.strip(chr(10)), quote=False)}</code></pre>"
    if b.kind == "image":
        if not (style.images and b.src):
            return None
        return f'<figure><img src="{_esc(b.src)}" alt="{_esc(b.alt or "")}"></figure>'
    text = _inline(b, style)
    if not text:
        return None
    if b.kind == "heading":
        level = min(6, max(1, b.level or 2))
        return f"<h{level}>{text}</h{level}>"
    if b.kind == "caption":
        return f"<figcaption>{text}</figcaption>"
    if b.kind == "list_item" and b.item_start:
        return text  # the item's own text sits in its <li>
    return f"<p>{text}</p>"


def _table(table: Table, style: MarkdownStyle) -> str:
    out = ["<table>"]
    for r, row in enumerate(table.rows):
        if r == 0 and table.header_rows:
            out.append("<thead>")
        if r == table.header_rows and (r or table.header_rows == 0):
            out.append("<tbody>")
        cells = []
        for cell in row:
            if not cell:
                continue  # covered by a merged cell (or no cell on the page)
            first = cell[0]
            tag = "th" if first.header else "td"
            span = (f' colspan="{first.colspan}"' if first.colspan > 1 else "") + (
                f' rowspan="{first.rowspan}"' if first.rowspan > 1 else "")
            inner = " ".join(x for x in (_block(b, style) or "" for b in cell) if x)
            inner = inner[3:-4] if len(cell) == 1 and inner.startswith("<p>") else inner
            cells.append(f"<{tag}{span}>{inner}</{tag}>")
        out.append("<tr>" + "".join(cells) + "</tr>")
        if r == table.header_rows - 1:
            out.append("</thead>")
    out.append("</tbody></table>" if len(table.rows) > table.header_rows else "</table>")
    return "".join(out)


class _Nest:
    """Open blockquote/list/li elements, closed and opened as blocks change context."""

    def __init__(self, out: list[str]) -> None:
        self.out = out
        self.quotes = 0
        self.lists: list[str] = []  # open list tags, outermost first (each with an open <li>)

    def close_lists(self, depth: int) -> None:
        while len(self.lists) > depth:
            self.out.append(f"</li></{self.lists.pop()}>")

    def enter(self, quote: int, depth: int, item: bool, list_kind: str | None, number: int | None) -> None:
        if quote != self.quotes:
            self.close_lists(0)
            while self.quotes > quote:
                self.out.append("</blockquote>")
                self.quotes -= 1
            while self.quotes < quote:
                self.out.append("<blockquote>")
                self.quotes += 1
        if item and depth > 0:
            self.close_lists(depth)
            tag = "ol" if list_kind == "ol" else "ul"
            if len(self.lists) == depth and self.lists[-1] == tag:
                self.out.append("</li>")
            else:
                self.close_lists(depth - 1)
                while len(self.lists) < depth:
                    start = f' start="{number}"' if tag == "ol" and number not in (None, 1) and \
                        len(self.lists) == depth - 1 else ""
                    self.out.append(f"<{tag}{start}>" if len(self.lists) == depth - 1 else "<ul><li>")
                    self.lists.append(tag if len(self.lists) == depth - 1 else "ul")
            self.out.append("<li>")
        else:
            self.close_lists(depth)
            while len(self.lists) < depth:  # a block of an item whose first block was not kept
                self.out.append("<ul><li>")
                self.lists.append("ul")

    def close(self) -> None:
        self.close_lists(0)
        self.out.extend("</blockquote>" for _ in range(self.quotes))


def to_html_blocks(blocks: list[TextBlock], style: MarkdownStyle | None = None) -> str:
    """The blocks as an ``<article>`` fragment ("" for no blocks)."""
    style = style or MarkdownStyle()
    out: list[str] = []
    nest = _Nest(out)
    for item in group(blocks):
        if isinstance(item, Table):
            nest.enter(item.quote_depth, item.depth, False, None, None)
            out.append(_table(item, style))
            continue
        body = _block(item, style)
        if body is None:
            continue
        nest.enter(item.quote_depth, item.depth, item.item_start and item.depth > 0,
                   item.list_kind, item.number)
        out.append(body)
    nest.close()
    if not out:
        return ""
    return "<article>\n" + "\n".join(out) + "\n</article>\n"
