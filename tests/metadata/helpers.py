"""Shared helper of the metadata tests."""

from __future__ import annotations

from maintext.html.document import Document
from maintext.metadata.extract import extract_metadata
from maintext.options import Options
from maintext.result import Page


def meta_of(html: str, url: str | None = None, **overrides) -> Page:
    """The metadata of ``html`` (with ``overrides`` of :class:`Options`)."""
    options = Options().updated(**overrides) if overrides else Options()
    page = Page()
    extract_metadata(Document(html, url=url, options=options), page)
    return page
