"""Which fields a result holds: the one selection shared by ``maintext.extract(fields=...)``,
``maintext extract --fields`` and ``maintext batch --fields``.

Takes the asked field names; gives the :class:`~maintext.options.Options` that compute only
those (no metadata pass, no link collection, no comment search unless asked), fills the
rendered fields of a :class:`~maintext.result.Page` (``markdown``, ``html``) and builds the
JSON record. Without a selection the record is what it has always been: every ``Page``
field but the typed blocks (``blocks`` is a field to ask for: it is the largest one).
"""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Callable, Iterable
from typing import Any

from ..options import Options
from ..result import Page, TextBlock, block_to_dict
from .htmlout import to_html_blocks
from .markdown import MarkdownStyle, to_markdown_blocks

FIELDS = ("text", "markdown", "html", "blocks", "metadata", "links", "comments")
# Page fields that the "metadata" field stands for.
METADATA_KEYS = ("title", "headline", "date", "author", "keywords", "description", "sitename",
                 "language", "is_content_page", "content_confidence")
# The fields rendered from Page.blocks: without one of them (and without a selection, the
# API's Page) no typed blocks are built (a text-only extraction does no structure work).
BLOCK_FIELDS = ("markdown", "html", "blocks")
# Always in a record with a selection: where the page came from and why it is empty.
RECORD_BASE = ("url", "method", "reason")


def parse_fields(value: str | Iterable[str] | None) -> tuple[str, ...] | None:
    """Field names from ``"text,markdown"`` or a sequence (None: the default record).

    Raises ValueError naming the unknown field(s)."""
    if value is None:
        return None
    names = value.split(",") if isinstance(value, str) else list(value)
    out: list[str] = []
    for name in (n.strip().lower() for n in names):
        if name and name not in out:
            out.append(name)
    unknown = [n for n in out if n not in FIELDS]
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(unknown)}; choose from {', '.join(FIELDS)}")
    if not out:
        raise ValueError(f"no field named; choose from {', '.join(FIELDS)}")
    return tuple(out)


def wants_blocks(fields: tuple[str, ...] | None) -> bool:
    """Whether a result with ``fields`` needs ``Page.blocks`` (None: the whole Page)."""
    return fields is None or any(name in fields for name in BLOCK_FIELDS)


def options_for_fields(options: Options, fields: tuple[str, ...] | None) -> Options:
    """``options`` set to compute the asked fields and nothing else (unchanged for None)."""
    if fields is None:
        return options
    return options.updated(fields=fields, with_metadata="metadata" in fields,
                           with_links="links" in fields,
                           with_comments=options.with_comments or "comments" in fields)


def style_of(options: Options) -> MarkdownStyle:
    return MarkdownStyle(images=options.include_images, links=options.include_links,
                         formatting=options.include_formatting)


def page_blocks(page: Page, options: Options | None = None, titles: tuple[str, ...] = ()) -> list[TextBlock]:
    """The page's typed blocks, or its paragraphs as paragraph blocks for a method that
    keeps no typed blocks. Without ``include_headline``, the article's title repeated at
    the top of the body is left out (it is the ``headline`` field; see
    :func:`title_heading`)."""
    if not page.blocks:
        blocks = [TextBlock("paragraph", p) for p in (page.paragraphs or page.text.split("\n")) if p.strip()]
    elif options is not None and options.auto.include_headline:
        blocks = page.blocks
    else:
        drop = title_heading(page.blocks, (page.headline, page.title, *titles))
        blocks = page.blocks if drop is None else page.blocks[:drop] + page.blocks[drop + 1:]
    if (options or Options()).headline_heading:
        return headline_block(page.headline, blocks) + blocks
    return blocks


def headline_block(headline: str | None, blocks: list[TextBlock]) -> list[TextBlock]:
    """``[the headline as a level-1 heading]`` to open a document whose body does not already
    open with it (its first text block, a heading or the start of a paragraph); [] without
    a headline."""
    head = _norm(headline or "")
    if not blocks or not head:
        return []  # an empty body stays empty
    first = next((b for b in blocks if b.kind != "image"), None)
    if first is not None and _norm(first.text).startswith(head):
        return []
    return [TextBlock("heading", " ".join(headline.split()), level=1)]


def _norm(text: str) -> str:
    return " ".join(_WORD.findall(text.casefold()))


_WORD = re.compile(r"\w+")
MIN_TITLE_CHARS = 8  # a shorter heading ("News") is not taken for the title
# Only a top-level heading (h1, h2) repeats the title; an h3 that matches it is a section
# ("On Behalf of 'Literally'" under the post's title): readability-dev headings F1
# .762 (no title rule) / .731 (any level) / .770 (h1-h2).
TITLE_MAX_LEVEL = 2


def title_heading(blocks: list[TextBlock], titles: tuple[str | None, ...]) -> int | None:
    """Index of the first heading when it opens the body (only images before it), is an
    h1 or h2 and its text is part of the page's title or headline: the title repeated as
    the body's first heading."""
    for i, b in enumerate(blocks):
        if b.kind == "image":
            continue
        if b.kind != "heading" or (b.level or 2) > TITLE_MAX_LEVEL or b.depth or b.quote_depth:
            return None
        text = _norm(b.text)
        if len(text) < MIN_TITLE_CHARS:
            return None
        return i if any(t and text in _norm(t) for t in titles) else None
    return None


def to_markdown(page: Page, options: Options | None = None, titles: tuple[str, ...] = ()) -> str:
    return to_markdown_blocks(page_blocks(page, options, titles), style_of(options or Options()))


def to_html(page: Page, options: Options | None = None, titles: tuple[str, ...] = ()) -> str:
    return to_html_blocks(page_blocks(page, options, titles), style_of(options or Options()))


_TITLE = re.compile(r"<title[^>]*>(.*?)</title", re.IGNORECASE | re.DOTALL)


def fill_fields(page: Page, options: Options, html: str | Callable[[], str] = "") -> None:
    """Render the asked ``markdown``/``html`` fields into the page (``html``: the page's
    source, or a function giving it, read for its <title> when no metadata pass ran)."""
    fields = options.fields or ()
    if not ("markdown" in fields or "html" in fields):
        return
    titles: tuple[str, ...] = ()
    if not page.title and callable(html):
        html = html()  # (only now: a page loaded as UTF-8 bytes is decoded on first read)
    if not page.title and html:
        m = _TITLE.search(html, 0, 200_000)
        titles = (htmllib.unescape(m.group(1)),) if m else ()
    if "markdown" in fields:
        page.markdown = to_markdown(page, options, titles)
    if "html" in fields:
        page.html = to_html(page, options, titles)


def record(page: Page, fields: tuple[str, ...] | None, options: Options | None = None) -> dict[str, Any]:
    """The JSON record of ``page``: the default one (``fields`` None) or the asked fields."""
    if fields is None:
        return page.to_dict(with_explain=False, with_blocks=False)
    data = {key: getattr(page, key) for key in RECORD_BASE}
    for name in fields:
        if name == "metadata":
            data.update((key, getattr(page, key)) for key in METADATA_KEYS)
        elif name == "links":
            data["links"] = [{"url": x.url, "text": x.text, "in_main": x.in_main} for x in page.links]
        elif name == "blocks":
            data["blocks"] = [block_to_dict(b) for b in (page.blocks or page_blocks(page))]
        elif name == "markdown":
            data["markdown"] = page.markdown if page.markdown is not None else to_markdown(page, options)
        elif name == "html":
            data["html"] = page.html if page.html is not None else to_html(page, options)
        elif name == "comments":
            data["comments"] = page.comments or ""
        else:
            data[name] = getattr(page, name)
    return data
