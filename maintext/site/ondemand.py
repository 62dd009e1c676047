"""Same-site pages on demand: give a page fetched by URL the site pages template methods need.

Takes a loaded :class:`~maintext.html.document.Document` that has a URL and no site pages,
and :class:`~maintext.options.Options` (``options.site``); attaches sibling pages to
``doc.site_docs`` and gives a :class:`SitePagesReport` saying which pages were used and
where they came from:

1. with a template store (``options.site.store_path``): the stored template of the page's
   URL pattern (or site) is used when it still matches the page (see
   :mod:`maintext.site.store` for the staleness rule): no request at all;
2. otherwise up to ``fetch_siblings`` pages are fetched, chosen from the page's own links
   by URL-pattern similarity (:mod:`maintext.site.siblings`), and, with a store, what the
   seed-000 walk learns from them is saved for the next page of the site.

:func:`annotate` then writes the report into the page (``reason``, ``extra["site_pages"]``,
and an ``--explain`` record).
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass, field

from ..html.document import Document
from ..io.discover import site_key
from ..io.loading import load
from ..options import Options
from ..result import Page
from .siblings import fetch_siblings, url_pattern
from .store import TemplateStore, match_share, slot_signatures
from .template import flatten, split_text_nodes

MIN_SIGNATURES = 3  # a template with fewer learned nodes is not worth storing


@dataclass
class SitePagesReport:
    source: str  # "store", "fetched" or "none"
    urls: list[str] = field(default_factory=list)
    fetches: int = 0  # sibling page requests made for this page
    match: float | None = None  # share of a stored template found on the page
    note: str = ""

    def as_dict(self) -> dict[str, object]:
        return {"source": self.source, "urls": self.urls, "fetches": self.fetches, "match": self.match,
                "note": self.note}


def wants_site_pages(doc: Document, method: str, options: Options) -> bool:
    return (options.site.fetch_siblings > 0 and method in options.site.methods and bool(doc.url)
            and not doc.site_docs)


def _sibling_doc(url: str, html: bytes | str, ctype: str | None, options: Options) -> Document:
    loaded = load(html if isinstance(html, bytes) else html.encode("utf-8"), url=url,
                  content_type=ctype if isinstance(html, bytes) else "text/html; charset=utf-8",
                  max_bytes=options.max_input_bytes, default_encoding=options.default_encoding)
    return Document.from_loaded(loaded, options)


def _page_links(doc: Document) -> list[str]:
    return [h for h in doc.tree.xpath("//a/@href") if isinstance(h, str)]


def attach_site_pages(doc: Document, options: Options) -> SitePagesReport:
    """Attach sibling pages to ``doc.site_docs`` (from the store or fetched); see the module docstring.

    A store that cannot be opened or written (a read-only path, a damaged file) is skipped
    with a note; the page is then handled as without a store."""
    try:
        return _attach(doc, options, options.site.store_path)
    except sqlite3.Error as exc:
        report = _attach(doc, options, None)
        report.note = f"template store {options.site.store_path} not used ({exc}); {report.note}"
        return report


def _attach(doc: Document, options: Options, store_path: str | None) -> SitePagesReport:
    cfg = options.site
    url = doc.url or ""
    site, pattern = site_key(url), url_pattern(url)
    store = TemplateStore(store_path) if store_path else None
    stale = ""
    if store is not None:
        stored = store.lookup(site, pattern)
        if stored is not None:
            age_days = (time.time() - stored.learned) / 86400
            share = match_share(stored.signatures, slot_signatures(flatten(doc.tree, keep_slots=True).slots))
            if share >= cfg.min_match_share and age_days <= cfg.max_age_days:
                doc.site_docs = [_sibling_doc(u, h, None, options) for u, h in stored.pages]
                store.touch(stored.site, stored.pattern)
                return SitePagesReport("store", [u for u, _ in stored.pages], 0, round(share, 3),
                                       f"site pages from the template store ({share:.0%} of its template found): "
                                       + ", ".join(u for u, _ in stored.pages))
            stale = (f"stored template stale ({share:.0%} of it found, under {cfg.min_match_share:.0%})"
                     if share < cfg.min_match_share else f"stored template older than {cfg.max_age_days:g} days")
    got = fetch_siblings(url, _page_links(doc), options, cfg.fetch_siblings,
                         reserve=store.reserve if store is not None else None)
    docs = []
    for page_url, body, ctype in got.pages:
        try:
            docs.append(_sibling_doc(page_url, body, ctype, options))
        except Exception:  # noqa: BLE001 - an unreadable sibling is left out
            continue
    doc.site_docs = docs
    prefix = (stale + "; ") if stale else ""
    if not docs:
        why = ("no link of the page looks like a page of the same template" if not got.candidates
               else f"none of {len(got.tried)} fetched candidate(s) could be used"
               + (f" ({len(got.disallowed)} disallowed by robots.txt)" if got.disallowed else ""))
        return SitePagesReport("none", [], len(got.tried), None, prefix + "no site pages: " + why)
    if store is not None:
        _learn(store, doc, site, pattern, len(docs))
    return SitePagesReport("fetched", [d.url or "" for d in docs], len(got.tried), None,
                           prefix + f"fetched {len(docs)} site page(s) from the page's links: "
                           + ", ".join(d.url or "" for d in docs))


def _learn(store: TemplateStore, doc: Document, site: str, pattern: str, n_pages: int) -> None:
    split = split_text_nodes(doc, max_pages=n_pages)
    signatures = slot_signatures(split.template)
    if len(signatures) >= MIN_SIGNATURES:
        store.save(site, pattern, signatures, [(d.url or "", d.html) for d in doc.site_docs])


def annotate(page: Page, report: SitePagesReport, explain: bool) -> None:
    """Say in the page which site pages were used."""
    page.extra["site_pages"] = report.as_dict()
    page.reason = f"{page.reason}; {report.note}" if page.reason else report.note
    if explain:
        page.explain = list(page.explain or [])
        page.explain.append({"block": "site pages", "decision": "note", "reason": report.note})
