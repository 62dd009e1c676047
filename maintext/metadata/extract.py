"""Page metadata common to every method: a parsed :class:`Document` in; the metadata fields
of a :class:`~maintext.result.Page` out (title, headline, dates, authors, keywords,
categories, image, licence, canonical URL, links).

Read from the parsed tree before the extraction method runs (methods may prune the tree
afterwards). One pass (:mod:`.collect`) gathers the few element kinds metadata needs; the
visible text is read only when structured sources say nothing, and then only a bounded
stretch of it. Sources, most reliable first: structured data (JSON-LD, OpenGraph and other
``<meta>``, ``itemprop``), inline scripts and the URL, then the visible page. The stages:

- :mod:`.jsonld` the JSON-LD reader (also what methods read ``articleBody`` through);
- :mod:`.title` title and the one headline decision; :mod:`.authors` (with :mod:`.names`);
  :mod:`.dates` (with :mod:`.dateparse` and :mod:`.visible`); :mod:`.extras` categories,
  tags, image, licence, canonical URL; :mod:`.urls` the declared-URL finder; :mod:`.links`.
"""

from __future__ import annotations

from ..errors import ParseError
from ..html.document import Document
from ..result import Page
from ..html import walk
from . import extras
from .authors import clean_author, page_authors  # noqa: F401 - clean_author: public name
from .collect import collect, dedupe, split_keywords, text_content
from .dateparse import parse_date, parse_reference, url_date  # noqa: F401 - public names
from .dates import DateSources, htmldate_date, publication_date
from .jsonld import LIST_SEP, article_body as json_ld_article_body, parse_json_ld  # noqa: F401
from .links import extract_links
from .native import _native, collapsed  # (read as native_metadata() gives it, inline: ``_native if walk.ENABLED else None``)
from .title import headline, site_names
from .urls import first_declared


def extract_metadata(doc: Document, page: Page) -> None:
    """Fill ``page``'s metadata fields from ``doc`` (in place); also fills
    ``doc.json_ld``/``doc.ld_script_texts`` and ``doc.link_anchors`` for the method."""
    try:
        root = doc.tree
    except ParseError:  # nothing to read metadata from; the method reports the reason
        return
    got = collect(root)
    doc.ld_script_texts = got.ld_texts
    ld = doc.json_ld = parse_json_ld(got.ld_texts)
    url = doc.url or first_declared(got.links.get("canonical"), got.values.get("url"))
    page.url = url
    html_title = collapsed(text_content(got.title_el)) if got.title_el is not None else ""  # (collapse_ws)
    meta_title = got.values.get("title") or ""
    page.title = html_title or meta_title or ld.get("headline", "")
    page.sitename = got.values.get("sitename") or _first(ld.get("publisher"))
    names = site_names(page.sitename, url)
    headline_el, page.headline = headline(got.headings, ld.get("headline") or meta_title,
                                          page.title, names, root)
    doc.headline = page.headline  # the one headline decision, also for the method
    page.description = got.values.get("description")
    page.keywords = dedupe(got.lists["keywords"] or _ld_keywords(ld) or extras.tags(got))
    lang = root.get("lang") or root.get("xml:lang")
    page.language = lang.strip().lower() if lang and lang.strip() else None
    page.author, page.authors = page_authors(ld, got, root, headline_el, names)
    reference_time = doc.options.metadata.reference_time  # (None on most calls: no call then)
    reference = parse_reference(reference_time) if reference_time else None
    dates = DateSources(root, ld, got, url, headline_el,
                        doc.utf8 if doc.utf8 is not None and (_native if walk.ENABLED else None) is not None else _script_source(doc))
    page.date = publication_date(dates, reference)
    if page.date is None and doc.options.metadata.htmldate_fallback:
        page.date = htmldate_date(doc.html, doc.url)
    page.date_modified = dates.modified()
    page.categories = extras.categories(ld, got)
    page.image = extras.lead_image(ld, got, url)
    page.license = extras.license_of(ld, got)
    page.canonical_url = extras.canonical_url(got, url)
    if doc.options.with_links:
        doc.link_anchors = []  # (element, link): lets the method mark links in its main text
        page.links = extract_links(root, url, anchors=got.anchors, base_href=got.base,
                                   pairs=doc.link_anchors, records=got.records)


def _source(doc: Document) -> str | bytes:
    """What the script dates are read from: the page's UTF-8 bytes when it came as those and
    the C scan reads them (the page is then never decoded for it), else its text."""
    return doc.utf8 if doc.utf8 is not None and (_native if walk.ENABLED else None) is not None else doc.html


def _script_source(doc: Document):
    """What :class:`DateSources` is given to read the script dates from: the bytes
    :func:`_source` gives when it gives those (no function made on most pages), else a
    function giving the text (the page is decoded only when the script dates are asked for).
    (:func:`extract_metadata` tests the first case inline: no call on most pages.)"""
    if doc.utf8 is not None and (_native if walk.ENABLED else None) is not None:
        return doc.utf8
    return lambda: _source(doc)


def _ld_keywords(ld: dict[str, str]) -> list[str]:
    """JSON-LD keywords: a list's items as they are, a string split at commas."""
    items = ld.get("keywords", "").split(LIST_SEP)
    return split_keywords(items[0]) if len(items) == 1 else items


def _first(value: str | None) -> str | None:
    return value.split(LIST_SEP)[0] if value else None
