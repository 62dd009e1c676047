"""GitHub-flavoured Markdown from the typed blocks of a page.

Takes ``Page.blocks`` (:class:`~maintext.result.TextBlock` in reading order) and gives one
Markdown document: ATX headings with their levels, ``-`` and numbered list items nested
by indentation (a block inside an item is indented to the item's content column),
pipe tables with a header and a delimiter row, fenced code with its exact lines and the
language where the page names it, ``>`` quotes (nested), images as ``![alt](src)`` when
asked, inline links and bold/italic when asked (inline code always). Blocks are separated
by a blank line; the items of one list follow each other without one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..result import TextBlock
from .inline import inline_markdown, md_escape, md_escape_leading
from .tables import Table, group


@dataclass(frozen=True, slots=True)
class MarkdownStyle:
    """What the Markdown shows beyond the text and its block structure."""

    images: bool = False  # image blocks as ![alt](src)
    links: bool = False  # inline links as [text](href)
    formatting: bool = False  # bold and italic spans

    def span_kinds(self) -> frozenset[str]:
        kinds = {"code"}
        if self.links:
            kinds.add("link")
        if self.formatting:
            kinds.update(("strong", "em"))
        return frozenset(kinds)


class _Lists:
    """Open list levels: the width of each level's item mark ("- ", "12. ")."""

    def __init__(self) -> None:
        self.widths: list[int] = []
        self.kinds: list[str | None] = []  # list kind of each open level

    def opens(self, b: TextBlock) -> bool:
        """``b`` (an item's first block) starts a new list rather than continuing one."""
        depth = max(1, b.depth)
        return len(self.kinds) < depth or self.kinds[depth - 1] != b.list_kind or len(self.widths) < depth

    def mark(self, b: TextBlock) -> tuple[str, str]:
        """(indentation, mark) of an item's first block at ``b.depth``."""
        depth = max(1, b.depth)
        del self.widths[depth:]
        while len(self.widths) < depth - 1:
            self.widths.append(2)
        mark = f"{b.number}. " if b.list_kind == "ol" and b.number is not None else (
            "1. " if b.list_kind == "ol" else "- ")
        indent = " " * sum(self.widths[: depth - 1])
        if len(self.widths) < depth:
            self.widths.append(len(mark))
        else:
            self.widths[depth - 1] = len(mark)
        del self.kinds[depth:]
        while len(self.kinds) < depth:
            self.kinds.append(None)
        self.kinds[depth - 1] = b.list_kind
        return indent, mark

    def content_indent(self, depth: int) -> str:
        del self.widths[depth:]
        del self.kinds[depth:]
        while len(self.widths) < depth:
            self.widths.append(2)
        return " " * sum(self.widths[:depth])


def _prefix_lines(text: str, first: str, rest: str) -> str:
    lines = text.split("\n")
    return "\n".join([first + lines[0], *(rest + ln if ln else rest.rstrip() for ln in lines[1:])])


def _fence(code: str, language: str | None) -> str:
    ticks = max((len(r) for r in re.findall(r"`{3,}", code)), default=0)
    fence = "`" * max(3, ticks + 1)
    lang = re.sub(r"[^\w+#.-]", "", language or "")
    return f"{fence}{lang}\n{code.strip(chr(10))}\n{fence}"


def _cell_text(blocks: list[TextBlock], style: MarkdownStyle) -> str:
    parts = []
    for b in blocks:
        if b.kind == "image":
            if style.images and b.src:
                parts.append(f"![{md_escape(b.alt or '')}]({b.src})")
            continue
        text = " ".join(b.text.split()) if b.kind != "code" else "; ".join(
            ln.strip() for ln in b.text.split("\n") if ln.strip())
        parts.append(inline_markdown(text, b.spans, style.span_kinds()))
    return " ".join(p for p in parts if p)


def _table(table: Table, style: MarkdownStyle) -> str:
    ncols = table.ncols
    rows = [[_cell_text(c, style) for c in r] + [""] * (ncols - len(r)) for r in table.rows]
    rows = [r for r in rows if any(r)]
    lines = ["| " + " | ".join(r) + " |" for r in rows]
    lines.insert(1, "|" + " --- |" * ncols)
    return "\n".join(lines)


def _block_text(b: TextBlock, style: MarkdownStyle) -> str | None:
    """The block's own Markdown, without list or quote prefixes (None: not shown)."""
    kind = b.kind
    if kind == "code":
        return _fence(b.text, b.language)
    if kind == "image":
        if not (style.images and b.src):
            return None
        return f"![{md_escape(' '.join((b.alt or '').split()))}]({b.src.replace(' ', '%20')})"
    lines = [ln for ln in (" ".join(x.split()) for x in b.text.split("\n")) if ln]
    if not lines:
        return None
    kinds = style.span_kinds()
    if len(lines) == 1:
        text = inline_markdown(lines[0], b.spans, kinds)
    else:  # line breaks inside the block: hard breaks (spans are on the one-line text only)
        text = "\\\n".join(md_escape_leading(md_escape(ln)) for ln in lines)
    if kind == "heading":
        return "#" * min(6, max(1, b.level or 2)) + " " + text.replace("\\\n", " ")
    return md_escape_leading(text)


def to_markdown_blocks(blocks: list[TextBlock], style: MarkdownStyle | None = None) -> str:
    """The blocks as one Markdown document ("" for no blocks)."""
    style = style or MarkdownStyle()
    lists = _Lists()
    out: list[str] = []
    prev_item = False  # the previous chunk was a list item's first block (tight lists)
    prev_quote = 0
    for item in group(blocks):
        if isinstance(item, Table):
            body, depth, quote, is_item, b = _table(item, style), item.depth, item.quote_depth, False, None
        else:
            b = item
            body = _block_text(b, style)
            if body is None:
                continue
            depth, quote = b.depth, b.quote_depth
            is_item = b.item_start and depth > 0
        qp = "> " * quote
        if depth > 0 and b is not None and not is_item and len(lists.widths) < depth:
            is_item = True  # a block of a list item whose first block was not kept
        # a list opened under a line of text must start at 1 (CommonMark): "7." right after
        # a paragraph line would continue that paragraph, so a blank line goes first
        late_start = (is_item and b is not None and b.list_kind == "ol" and b.number not in (None, 1)
                      and lists.opens(b))
        if depth > 0 and b is not None and is_item:
            indent, mark = lists.mark(b)
            text = _prefix_lines(body, qp + indent + mark, qp + indent + " " * len(mark))
        elif depth > 0:
            pad = lists.content_indent(depth)
            text = _prefix_lines(body, qp + pad, qp + pad)
        else:
            lists.widths.clear()
            lists.kinds.clear()
            text = _prefix_lines(body, qp, qp)
        if out:
            tight = is_item and prev_item and quote == prev_quote and not late_start
            out.append("\n" if tight else "\n" + (">" * min(quote, prev_quote)).replace(">", "> ").rstrip() + "\n")
        out.append(text)
        prev_item, prev_quote = is_item, quote
    return "".join(out) + "\n" if out else ""
