"""Inline text of one typed block with its spans (links, emphasis, inline code), as
Markdown or HTML.

Takes a :class:`~maintext.result.TextBlock` (its ``text`` and ``spans``) and which span
kinds to render; gives the escaped inline string. Spans are applied when they nest
properly; a span crossing another one is dropped (its text stays). Span edges are moved
inwards past whitespace, since CommonMark does not close ``**bold **``.
"""

from __future__ import annotations

import html as htmllib
import re
from typing import Callable, NamedTuple

from ..result import Span

# Characters escaped in Markdown running text: each could start inline markup.
_MD_INLINE = re.compile(r"([\\`*\[\]<>|])")
_MD_ENTITY = re.compile(r"&(?=#?\w+;)")
# "_" only at a word edge: inside a word (snake_case) it never starts emphasis in GFM.
_MD_UNDERSCORE = re.compile(r"(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")

# Characters that would change the meaning of a Markdown paragraph when they start it,
# with why each is escaped.
_MD_LEADING = re.compile(
    r"^(\s*)("
    r"#{1,6}(?=\s|$)"  # ATX heading
    r"|>"  # block quote
    r"|[-+*](?=\s|$)"  # bullet list item (an empty one too)
    r"|\d{1,9}[.)](?=\s|$)"  # ordered list item (an empty one too: "01.")
    r"|={3,}\s*$|-{3,}\s*$"  # setext underline / thematic break
    r"|```|~~~"  # fenced code block
    r")"
)


def md_escape(text: str) -> str:
    """``text`` as Markdown running text (``|`` is escaped everywhere, which tables need;
    ``&`` only where it would start an entity: "&amp;" written in the page stays as such)."""
    text = _MD_INLINE.sub(r"\\\1", text)
    if "&" in text:
        text = _MD_ENTITY.sub(r"\\&", text)
    return _MD_UNDERSCORE.sub(r"\\_", text)


def md_escape_leading(line: str) -> str:
    """Escape a block mark (``#``, ``>``, ``-``, ``1.``, fence) that starts ``line``
    (an ordered mark as ``1\\.``: a backslash before a digit is no escape)."""

    def esc(m: re.Match[str]) -> str:
        mark = m.group(2)
        if mark[0].isdigit():
            return m.group(1) + mark[:-1] + "\\" + mark[-1]
        return m.group(1) + "\\" + mark

    return _MD_LEADING.sub(esc, line, count=1)


def _trim(text: str, span: Span) -> tuple[int, int]:
    start, end = max(0, span.start), min(len(text), span.end)
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _nested(text: str, spans: list[Span], kinds: frozenset[str]) -> list[tuple[int, int, Span]]:
    """The spans of ``kinds`` that nest properly, outer before inner."""
    cands = []
    for s in spans:
        if s.kind not in kinds or (s.kind == "link" and not s.href):
            continue
        start, end = _trim(text, s)
        if start < end:
            cands.append((start, end, s))
    cands.sort(key=lambda c: (c[0], -c[1]))
    kept: list[tuple[int, int, Span]] = []
    stack: list[tuple[int, int, Span]] = []
    for c in cands:
        while stack and stack[-1][1] <= c[0]:
            stack.pop()
        if stack and (c[1] > stack[-1][1] or stack[-1][2].kind == "code"):
            continue  # crosses the enclosing span, or sits inside inline code
        kept.append(c)
        stack.append(c)
    return kept


class _Style(NamedTuple):
    """How one output format writes running text and the marks around a span."""

    escape: Callable[[str], str]
    open: Callable[[Span], str]
    close: Callable[[Span], str]
    code: Callable[[str], str] | None  # an inline code span written whole (Markdown), else open/close


def _render(text: str, spans: list[Span], kinds: frozenset[str], style: _Style) -> str:
    """``text`` with the properly nested spans of ``kinds`` written in ``style``."""
    chosen = _nested(text, spans, kinds) if spans else []
    if not chosen:
        return style.escape(text)
    out: list[str] = []
    pos = 0
    stack: list[tuple[int, int, Span]] = []

    def close_until(limit: int) -> None:
        nonlocal pos
        while stack and stack[-1][1] <= limit:
            _, end, s = stack.pop()
            out.append(style.escape(text[pos:end]))
            pos = end
            out.append(style.close(s))

    for start, end, s in chosen:
        close_until(start)
        out.append(style.escape(text[pos:start]))
        pos = start
        if s.kind == "code" and style.code is not None:
            out.append(style.code(text[start:end]))
            pos = end
            continue
        out.append(style.open(s))
        stack.append((start, end, s))
    close_until(len(text))
    out.append(style.escape(text[pos:]))
    return "".join(out)


_MD_OPEN = {"strong": "**", "em": "*", "link": "["}


def _code_md(code: str) -> str:
    runs = [len(r) for r in re.findall(r"`+", code)]
    ticks = "`" * (max(runs, default=0) + 1)
    pad = " " if code.startswith("`") or code.endswith("`") else ""
    return f"{ticks}{pad}{code}{pad}{ticks}"


def _md_href(href: str) -> str:
    href = href.replace(" ", "%20")
    return f"<{href}>" if "(" in href or ")" in href else href


_MARKDOWN = _Style(
    escape=md_escape,
    open=lambda s: _MD_OPEN[s.kind],
    close=lambda s: f"]({_md_href(s.href or '')})" if s.kind == "link" else _MD_OPEN[s.kind],
    code=_code_md)


def inline_markdown(text: str, spans: list[Span], kinds: frozenset[str]) -> str:
    """``text`` as escaped Markdown with the spans of ``kinds`` rendered."""
    return _render(text, spans, kinds, _MARKDOWN)


_HTML_TAG = {"strong": "strong", "em": "em", "code": "code", "link": "a"}


def _html_escape(text: str) -> str:
    return htmllib.escape(text, quote=False)


_HTML = _Style(
    escape=_html_escape,
    open=lambda s: (f'<a href="{htmllib.escape(s.href or "")}">' if s.kind == "link"
                    else f"<{_HTML_TAG[s.kind]}>"),
    close=lambda s: f"</{_HTML_TAG[s.kind]}>",
    code=None)


def inline_html(text: str, spans: list[Span], kinds: frozenset[str]) -> str:
    """``text`` as escaped HTML with the spans of ``kinds`` as a/strong/em/code."""
    return _render(text, spans, kinds, _HTML)
