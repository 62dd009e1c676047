"""The typed blocks of the one segmentation: the blocks a method keeps, with their structure.

Takes a :class:`~maintext.html.segment.Segmentation` and the blocks a method keeps; gives
:class:`maintext.result.TextBlock` records: kind (heading, paragraph, list item, table
cell, code, quote, caption, image), heading level, list kind/depth/number (``start`` and
``value`` honoured), cell row/column on the table's grid (col/rowspans placed), header
cells, code text with its exact white space and ``language-*``/``lang-*`` language, image
src/alt, and inline spans (links with absolute href, strong/em, inline code).

The walk itself only leaves markers in a block's raw text (:mod:`maintext.html.markers`)
and the span/image elements in page order; the structural context
(:class:`~maintext.html.context.Structure`) is derived lazily from the containers' parent
links, for the kept blocks only, so extraction pays for structure only where it is output.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable
from urllib.parse import urljoin

from ..result import Span, TextBlock
from .context import Context, Structure, int_attr
from .markers import BR, IMAGE, MARKERS, SPAN_CLOSE, SPAN_OPEN, plain
from .tags import CAPTION_TAGS, HEADING_TAGS, SPAN_TAGS

if TYPE_CHECKING:
    from .segment import Block, Segmentation

# The code language in a class: language-x / lang-x (HTML spec, highlight.js, Prism),
# highlight-source-x (GitHub), highlight-x (Sphinx), "brush: x" (SyntaxHighlighter).
_LANGUAGE = re.compile(r"(?:^|\s)(?:language|lang|highlight-source|highlight)-([\w+#.-]+)|brush:\s*([\w+#.-]+)")
_NO_LANGUAGE = frozenset({"default", "none", "nohighlight", "plain", "plaintext"})


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
            tb.colspan = min(1000, max(1, int_attr(el, "colspan", 1)))
            tb.rowspan = min(1000, max(1, int_attr(el, "rowspan", 1)))
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
