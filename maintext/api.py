"""The library entry points: :func:`extract`, :func:`extract_document`, :func:`extract_site`,
:func:`methods`."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .errors import MaintextError
from .gcpause import paused_collector
from .html.document import Document
from .io.loading import load, looks_like_url
from .options import Options, make_options
from .registry import MethodInfo, get_method, record_rule
from .registry import methods as _methods
from .result import Link, Page
from .textutil import tokens, word_finder
from .timelimit import time_limit

DEFAULT_METHOD = "auto"


def methods() -> list[MethodInfo]:
    """The registered extraction methods."""
    return _methods()


def load_document(source: str | bytes | os.PathLike[str], *, url: str | None = None,
                  content_type: str | None = None, options: Options | None = None) -> Document:
    """Load and decode ``source`` into a :class:`Document` (no parsing yet); ``source`` as
    for :func:`extract`."""
    opts = options or Options()
    loaded = load(source, url=url, content_type=content_type, max_bytes=opts.max_input_bytes,
                  default_encoding=opts.default_encoding, fetch_timeout=opts.fetch_timeout,
                  fetch_retries=opts.fetch_retries, user_agent=opts.user_agent,
                  allow_private=opts.allow_private, fetch_deadline=opts.fetch_deadline,
                  max_attributes=opts.max_attributes, max_elements=opts.max_elements)
    return Document.from_loaded(loaded, opts)


def extract_document(doc: Document, method: str = DEFAULT_METHOD) -> Page:
    """Run ``method`` on an already loaded document, adding common metadata (the cycle
    collector paused meanwhile, see ``Options.pause_collector``)."""
    with paused_collector(doc.options.pause_collector):
        return _extract_document(doc, method)


def _extract_document(doc: Document, method: str) -> Page:
    func = get_method(method)
    doc.tree_rule = record_rule(method)  # asked when the tree is built (only the attributes read?)
    meta = Page(url=doc.url, method=method, encoding=doc.encoding)
    doc.link_anchors, doc.links_marked = [], False  # this run's links, not an earlier run's
    if doc.options.with_metadata:
        from .metadata.extract import extract_metadata

        extract_metadata(doc, meta)
    page = func(doc, doc.options)
    page = _merge(meta, page, mark_links=not doc.links_marked)
    if doc.options.with_comments:
        from .methods.comments import find_comments

        page.comments = find_comments(doc, page)
    if doc.options.fields:
        from .output.fields import fill_fields

        fill_fields(page, doc.options, lambda: doc.html)  # (the text: read only when needed)
    return page


def extract(source: str | bytes | os.PathLike[str], url: str | None = None,
            method: str = DEFAULT_METHOD, options: Options | None = None, *,
            content_type: str | None = None, fields: str | Iterable[str] | None = None,
            **overrides: Any) -> Page:
    """Extract the main text and structure of one page.

    ``source``: the page as bytes (decoded like a browser does), as a str of HTML, an
    http(s) URL (a str; any case of scheme), or a file as an ``os.PathLike``
    (``pathlib.Path("page.html.gz")``). A str is never opened as a file, and URLs of other
    schemes are refused. ``overrides`` are :class:`Options` fields (a method section
    takes a dict). Raises a :class:`~maintext.errors.MaintextError` subclass on unusable
    input, :class:`~maintext.errors.PageTimeoutError` after ``Options.page_timeout``
    seconds (30 by default; None: no limit); a page without main text gives
    ``text == ""`` and a ``reason``.

    ``fields``: what the result must hold, among ``text, markdown, html, blocks, metadata,
    links, comments`` (a sequence or ``"text,markdown"``); only those are computed (no
    metadata pass without ``metadata``...), and ``page.markdown``/``page.html``/
    ``page.comments`` are filled when asked. ``maintext.output.fields.record(page,
    fields)`` gives the matching JSON record. None: everything but those three.
    """
    opts = _call_options(options, fields, overrides)
    get_method(method)  # fail fast on an unknown name, before any I/O
    # the collector paused from the load on (see Options.pause_collector): a collection the
    # objects of earlier work have made due would otherwise run in the load's first allocations
    with paused_collector(opts.pause_collector):
        with time_limit(opts.page_timeout):
            doc = load_document(source, url=url, content_type=content_type, options=opts)
        report = None
        if (isinstance(source, str) and looks_like_url(source)) or (url and opts.site.for_given_pages):
            # same-site pages on demand (maintext.site.ondemand; fetches have their own deadlines)
            from .site.ondemand import attach_site_pages, wants_site_pages

            if wants_site_pages(doc, method, opts):
                report = attach_site_pages(doc, opts, method)
        with time_limit(opts.page_timeout):
            page = _extract_document(doc, method)  # (extract_document's pause is this one)
    if report is not None:
        from .site.ondemand import annotate

        annotate(page, report, opts.explain)
    return page


# The options of a call without ``options`` and overrides, by ``fields``: building them
# (every section, then a copy for the fields) cost ~3% of a small page's extraction. Shared
# safely: the package never changes an Options in place (``updated`` makes a copy).
_CALL_OPTIONS: dict[str | tuple[str, ...] | None, Options] = {}
_CALL_OPTIONS_MAX = 64  # distinct ``fields`` values kept (bounded memory)


def _call_options(options: Options | None, fields: str | Iterable[str] | None,
                  overrides: dict[str, Any]) -> Options:
    """``options`` with ``overrides`` applied, set up for ``fields`` (see :func:`extract`)."""
    if options is None and not overrides:
        key = fields if fields is None or isinstance(fields, str) else tuple(fields)
        if key is None or isinstance(key, str) or all(isinstance(f, str) for f in key):
            opts = _CALL_OPTIONS.get(key)
            if opts is None:
                opts = _resolved_options(None, key, {})
                if len(_CALL_OPTIONS) < _CALL_OPTIONS_MAX:
                    _CALL_OPTIONS[key] = opts
            return opts
        fields = key
    return _resolved_options(options, fields, overrides)


def _resolved_options(options: Options | None, fields: str | Iterable[str] | None,
                      overrides: dict[str, Any]) -> Options:
    opts = make_options(options, **overrides)
    if fields is not None:
        from .output.fields import options_for_fields, parse_fields

        opts = options_for_fields(opts, parse_fields(fields))
    return opts


def _merge(meta: Page, page: Page, mark_links: bool = True) -> Page:
    """Fields the method left unset are taken from the common metadata."""
    # (each field written out: a getattr/setattr loop over their names cost ~7k instructions)
    page.url = page.url or meta.url
    page.method = page.method or meta.method
    page.encoding = page.encoding or meta.encoding
    page.title = page.title or meta.title
    page.headline = page.headline or meta.headline
    page.date = page.date or meta.date
    page.author = page.author or meta.author
    page.description = page.description or meta.description
    page.sitename = page.sitename or meta.sitename
    page.language = page.language or meta.language
    page.keywords = page.keywords or meta.keywords
    # metadata fields no method sets (issue 14)
    page.date_modified = page.date_modified or meta.date_modified
    page.authors = page.authors or meta.authors
    page.categories = page.categories or meta.categories
    page.image = page.image or meta.image
    page.license = page.license or meta.license
    page.canonical_url = page.canonical_url or meta.canonical_url
    page.links = page.links or meta.links
    if mark_links and page.links and page.paragraphs and not any(link.in_main for link in page.links):
        mark_links_in_text(page.links, page.text)
    if not page.text and page.reason is None:
        page.reason = "no main text found"
    return page


def mark_links_in_text(links: list[Link], text: str) -> None:
    """Set ``in_main`` on links whose anchor text occurs in ``text`` (word-aligned).

    An anchor of one word must be a word of the text; a longer anchor must have every
    pair of consecutive words in the text. Linear in len(text) + total anchor length
    (a substring search per link is quadratic on pages with thousands of links).
    """
    body = tokens(text.lower())
    words_in_text = set(body)
    pairs_in_text = set(zip(body, body[1:]))
    texts = [link.text for link in links]
    findall = word_finder("".join(texts))  # one CJK test for all anchors
    for link, text in zip(links, texts):
        if not text:
            continue
        words = findall(text.lower())
        if len(words) > 1:
            link.in_main = pairs_in_text.issuperset(zip(words, words[1:]))
        elif words and len(words[0]) > 1:
            link.in_main = words[0] in words_in_text


def extract_site(sources: Iterable[Any], urls: Iterable[str | None] | None = None, *,
                 method: str = DEFAULT_METHOD, site_pages: int = 2, options: Options | None = None,
                 on_error: str = "page", **overrides: Any) -> list[Page]:
    """Extract a collection of pages, each compared with up to ``site_pages`` other pages
    of its site from the collection (for methods that remove the site's template).

    ``sources``: what :func:`maintext.extract` accepts (bytes, str, paths, URLs); ``urls``:
    their URLs (``None`` entries, or no list: the URL a page declares, canonical link or
    ``og:url``, decides its site). Pages alone on their site are extracted alone. Returns
    one :class:`~maintext.result.Page` per source, in order. A source that cannot be
    loaded gives an empty Page whose ``reason`` names the error (``on_error="raise"``
    raises the :class:`~maintext.errors.MaintextError` instead).
    """
    from .site.group import attach_site_docs, page_url

    if on_error not in ("page", "raise"):
        raise ValueError("on_error must be 'page' or 'raise'")
    opts = make_options(options, **overrides)
    get_method(method)
    sources = list(sources)
    url_list = list(urls) if urls is not None else [None] * len(sources)
    if len(url_list) != len(sources):
        raise ValueError(f"{len(sources)} sources but {len(url_list)} urls")
    docs: list[Document | None] = []
    failures: dict[int, str] = {}
    for i, (source, url) in enumerate(zip(sources, url_list)):
        try:
            docs.append(load_document(source, url=url, options=opts))
        except MaintextError as exc:
            if on_error == "raise":
                raise
            docs.append(None)
            failures[i] = f"{type(exc).__name__}: {exc}"
    loaded = [d for d in docs if d is not None]
    attach_site_docs(loaded, site_pages, url_of=page_url)
    pages: list[Page] = []
    for i, doc in enumerate(docs):
        if doc is None:
            pages.append(Page(url=url_list[i], method=method, reason=f"cannot load: {failures[i]}"))
            continue
        try:
            pages.append(extract_document(doc, method))
        except MaintextError as exc:
            if on_error == "raise":
                raise
            pages.append(Page(url=doc.url, method=method, reason=f"{type(exc).__name__}: {exc}"))
        # The method may have pruned the tree: a page that is another's comparison page is
        # walked from a fresh parse, and the collection does not keep every tree in memory.
        doc.drop_tree()
    return pages
