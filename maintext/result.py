"""The one result type every method returns: :class:`Page`."""

from __future__ import annotations

import json
from copy import deepcopy
from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass(slots=True)
class Link:
    """An outgoing link ("forward link" of the page object) with its anchor text."""

    url: str
    text: str = ""
    # the link sits inside the extracted main text: auto (and vote) know the <a> elements
    # of their text; for other methods the anchor words occur in the text, word-aligned
    in_main: bool = False


@dataclass(slots=True)
class IncomingAnchor:
    """One anchor text that other pages of a crawl use to link to this page (the page
    object's anchor text), filled by a batch's crawl-level pass (``maintext.batch``)."""

    text: str
    count: int = 1  # how many links use this text
    hosts: list[str] = field(default_factory=list)  # hosts of the linking pages (at most 20, sorted)

    @classmethod
    def of(cls, value: Any) -> "IncomingAnchor":
        """From a record's ``{"text", "count", "hosts"}`` dict (or a bare text, as written
        before anchors had counts)."""
        if isinstance(value, IncomingAnchor):
            return value
        if isinstance(value, dict):
            return cls(str(value.get("text") or ""), int(value.get("count") or 1), list(value.get("hosts") or []))
        return cls(str(value))


# The kinds of a typed block (see :class:`TextBlock`), in the words the outputs use.
BLOCK_KINDS = ("heading", "paragraph", "list_item", "table_cell", "code", "quote", "caption",
               "image")


@dataclass(slots=True)
class Span:
    """An inline span of a block's text: ``text[start:end]`` is a link or emphasis."""

    start: int  # character offsets into TextBlock.text
    end: int
    kind: str  # "link", "strong", "em" or "code" (inline code)
    href: str | None = None  # links: the absolute URL


@dataclass(slots=True)
class TextBlock:
    """One block of the main text with its kind and place in the page's structure.

    Every method that keeps blocks of the one segmentation fills ``Page.blocks`` in reading
    order; ``Page.text`` is the same content as plain paragraphs. A block inside a list or
    quote keeps that context (``list_kind``/``depth``/``number``, ``quote_depth``) whatever
    its own kind, so renderers can nest it.
    """

    kind: str  # one of BLOCK_KINDS
    text: str  # whitespace-normalised; for "code" the exact text with its line breaks
    level: int | None = None  # heading: 1-6
    list_kind: str | None = None  # inside a list item: "ul" or "ol" of the innermost list
    depth: int = 0  # list nesting depth, 1 for a top-level list (0 outside lists)
    number: int | None = None  # ordered-list item number (honours start/value)
    item_start: bool = False  # the first block of its list item (renderers put the mark)
    quote_depth: int = 0  # number of enclosing <blockquote>/<q>
    table: int | None = None  # table cells: the table's index on the page
    row: int | None = None  # row index within the table (thead rows first)
    col: int | None = None  # column index, counting colspans
    header: bool = False  # <th> or a cell of <thead>
    colspan: int = 1
    rowspan: int = 1
    language: str | None = None  # code: from a language-*/lang-* class where present
    src: str | None = None  # image: absolute src
    alt: str | None = None  # image: alt text
    spans: list[Span] = field(default_factory=list)  # inline links and emphasis


def block_to_dict(block: TextBlock) -> dict[str, Any]:
    """A block as JSON-ready dict with only the fields that differ from their defaults
    (``kind`` and ``text`` always): a list item does not carry table fields and so on."""
    data: dict[str, Any] = {"kind": block.kind, "text": block.text}
    for name, default in _BLOCK_DEFAULTS:
        value = getattr(block, name)
        if value != default:
            data[name] = value
    if block.spans:
        data["spans"] = [{k: v for k, v in asdict(s).items() if v is not None} for s in block.spans]
    return data


_BLOCK_DEFAULTS: tuple[tuple[str, Any], ...] = tuple(
    (f.name, f.default) for f in fields(TextBlock) if f.name not in ("kind", "text", "spans"))


# Page fields computed only when asked; None (not computed) leaves them out of to_dict().
_ASKED_ONLY = ("comments", "markdown", "html")


@dataclass(slots=True)
class Page:
    """Structure of one web page.

    ``text`` is the main text, paragraphs separated by newlines; ``paragraphs`` holds the
    same paragraphs as a list. When no main text is found ``text`` is empty and
    ``reason`` says why (never an exception for a page that merely has no article).
    """

    url: str | None = None
    method: str = ""
    title: str = ""
    headline: str = ""  # the content title (headline taken from the body)
    text: str = ""
    paragraphs: list[str] = field(default_factory=list)
    date: str | None = None  # ISO 8601 (date or date-time, with offset when known)
    author: str | None = None  # the byline as one string (several names joined by ", ")
    keywords: list[str] = field(default_factory=list)
    description: str | None = None
    sitename: str | None = None
    language: str | None = None
    links: list[Link] = field(default_factory=list)
    # the kept blocks with their kinds (headings, list items, cells, code...), reading order
    blocks: list[TextBlock] = field(default_factory=list)
    # readers' comments below the article, one paragraph per line, apart from ``text``;
    # None: not looked for (only with Options.with_comments / the "comments" field)
    comments: str | None = None
    # the kept blocks rendered, filled only when asked (the "markdown"/"html" fields)
    markdown: str | None = None
    html: str | None = None
    # other pages' anchor texts for this page, most used first: filled by a batch's
    # crawl-level pass (JSON: [{"text", "count", "hosts"}])
    incoming_anchors: list[IncomingAnchor] = field(default_factory=list)
    is_content_page: bool | None = None
    content_confidence: float | None = None
    encoding: str | None = None
    reason: str | None = None  # why text is empty (or other notes on a degraded result)
    explain: list[dict[str, Any]] | None = None  # per-block decisions with --explain
    # --- metadata added for issue 14 (filled by maintext.metadata) ---
    date_modified: str | None = None  # ISO 8601, the last modification the page declares
    authors: list[str] = field(default_factory=list)  # the author names, one per person
    categories: list[str] = field(default_factory=list)  # sections / blog categories
    image: str | None = None  # the lead image (absolute URL)
    license: str | None = None  # e.g. "CC BY-SA 4.0" (Creative Commons URLs read as names)
    canonical_url: str | None = None  # the address the page declares for itself
    extra: dict[str, Any] = field(default_factory=dict)  # method-specific diagnostics

    def set_paragraphs(self, paragraphs: list[str]) -> None:
        """Set ``paragraphs`` (dropping empty ones) and ``text`` together."""
        self.paragraphs = [p for p in paragraphs if p and not p.isspace()]
        self.text = "\n".join(self.paragraphs)

    def to_dict(self, *, with_explain: bool = True, with_blocks: bool = True) -> dict[str, Any]:
        """The page as a JSON-ready dict (``dataclasses.asdict``, built field by field:
        asdict's generic deep copy costs more than the extraction on pages with many
        blocks and links)."""
        data: dict[str, Any] = {}
        for name in _PAGE_FIELDS:
            value = getattr(self, name)
            if name == "links":
                value = [{"url": x.url, "text": x.text, "in_main": x.in_main} for x in value]
            elif name == "incoming_anchors":
                value = [{"text": a.text, "count": a.count, "hosts": list(a.hosts)} for a in value]
            elif name == "blocks":
                if not with_blocks:
                    continue
                value = [asdict(b) for b in value]
            elif name in _ASKED_ONLY or name == "explain":
                if value is None or (name == "explain" and not with_explain):
                    continue  # not computed: not in the record (the default record)
                value = deepcopy(value)
            elif isinstance(value, (list, dict)):
                value = deepcopy(value)
            data[name] = value
        return data

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)


_PAGE_FIELDS = tuple(f.name for f in fields(Page))
