"""The one result type every method returns: :class:`Page`."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
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
    date: str | None = None  # ISO 8601 (date or date-time) when known
    author: str | None = None
    keywords: list[str] = field(default_factory=list)
    description: str | None = None
    sitename: str | None = None
    language: str | None = None
    links: list[Link] = field(default_factory=list)
    incoming_anchors: list[str] = field(default_factory=list)  # filled by a crawl-level pass
    is_content_page: bool | None = None
    content_confidence: float | None = None
    encoding: str | None = None
    reason: str | None = None  # why text is empty (or other notes on a degraded result)
    explain: list[dict[str, Any]] | None = None  # per-block decisions with --explain
    extra: dict[str, Any] = field(default_factory=dict)  # method-specific diagnostics

    def set_paragraphs(self, paragraphs: list[str]) -> None:
        """Set ``paragraphs`` (dropping empty ones) and ``text`` together."""
        self.paragraphs = [p for p in paragraphs if p and not p.isspace()]
        self.text = "\n".join(self.paragraphs)

    def to_dict(self, *, with_explain: bool = True) -> dict[str, Any]:
        data = asdict(self)
        if not with_explain or data.get("explain") is None:
            data.pop("explain", None)
        return data

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)
