"""The library entry points: :func:`extract`, :func:`extract_document`, :func:`methods`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .document import Document
from .loading import load
from .options import Options, make_options
from .registry import MethodInfo, get_method
from .registry import methods as _methods
from .result import Link, Page
from .textutil import tokens

DEFAULT_METHOD = "auto"


def methods() -> list[MethodInfo]:
    """The registered extraction methods."""
    return _methods()


def load_document(source: str | bytes | Path, *, url: str | None = None,
                  content_type: str | None = None, options: Options | None = None) -> Document:
    """Load and decode ``source`` into a :class:`Document` (no parsing yet)."""
    opts = options or Options()
    loaded = load(source, url=url, content_type=content_type, max_bytes=opts.max_input_bytes,
                  default_encoding=opts.default_encoding, fetch_timeout=opts.fetch_timeout,
                  user_agent=opts.user_agent)
    return Document.from_loaded(loaded, opts)


def extract_document(doc: Document, method: str = DEFAULT_METHOD) -> Page:
    """Run ``method`` on an already loaded document, adding common metadata."""
    func = get_method(method)
    meta = Page(url=doc.url, method=method, encoding=doc.encoding)
    if doc.options.with_metadata:
        from .metadata import extract_metadata

        extract_metadata(doc, meta)
    page = func(doc, doc.options)
    return _merge(meta, page)


def extract(source: str | bytes | Path, url: str | None = None, method: str = DEFAULT_METHOD,
            options: Options | None = None, *, content_type: str | None = None,
            **overrides: Any) -> Page:
    """Extract the main text and structure of one page.

    ``source``: HTML as bytes or str, a path (``.html``, ``.htm``, ``.html.gz``), an
    http(s) URL, or ``"-"`` for stdin. ``overrides`` are :class:`Options` fields
    (a method section takes a dict). Raises a :class:`~maintext.errors.MaintextError`
    subclass on unusable input; a page without main text gives ``text == ""`` and a
    ``reason``.
    """
    opts = make_options(options, **overrides)
    get_method(method)  # fail fast on an unknown name, before any I/O
    doc = load_document(source, url=url, content_type=content_type, options=opts)
    return extract_document(doc, method)


def _merge(meta: Page, page: Page) -> Page:
    """Fields the method left unset are taken from the common metadata."""
    page.url = page.url or meta.url
    page.method = page.method or meta.method
    page.encoding = page.encoding or meta.encoding
    for name in ("title", "headline", "date", "author", "description", "sitename", "language"):
        if not getattr(page, name):
            setattr(page, name, getattr(meta, name))
    if not page.keywords:
        page.keywords = meta.keywords
    if not page.links:
        page.links = meta.links
    if page.links and page.paragraphs and not any(link.in_main for link in page.links):
        mark_links_in_text(page.links, page.text)
    if not page.text and page.reason is None:
        page.reason = "no main text found"
    return page


# Anchor texts are matched as token sequences; longer ones by their first and last
# _LINK_NGRAM tokens. Bounding n keeps the index linear in the body length.
_LINK_NGRAM = 6


def mark_links_in_text(links: list[Link], text: str) -> None:
    """Set ``in_main`` on links whose anchor text occurs in ``text`` (word-aligned).

    Linear in len(text) + total anchor length: an index of all body n-grams (n <= 6)
    instead of a substring search per link, which is quadratic on pages with many links.
    """
    body = [t.lower() for t in tokens(text)]
    grams: set[tuple[str, ...]] = set()
    for n in range(1, _LINK_NGRAM + 1):
        grams.update(zip(*(body[i:] for i in range(n))))
    for link in links:
        words = [t.lower() for t in tokens(link.text)] if link.text else []
        if not words or (len(words) == 1 and len(words[0]) < 2):
            continue
        if len(words) <= _LINK_NGRAM:
            link.in_main = tuple(words) in grams
        else:
            link.in_main = (tuple(words[:_LINK_NGRAM]) in grams
                            and tuple(words[-_LINK_NGRAM:]) in grams)
