"""Same-site pages on demand: give a page fetched by URL the site pages template methods need.

Takes a loaded :class:`~maintext.html.document.Document` that has a URL and no site pages,
and :class:`~maintext.options.Options` (``options.site``); attaches sibling pages to
``doc.site_docs`` and gives a :class:`SitePagesReport` saying which pages were used and
where they came from:

1. with a template store (``options.site.store_path``): the stored template of the page's
   URL pattern (or site) is used when it still matches the page (see
   :mod:`maintext.site.store` for the staleness rule): the method gets what it learned
   earlier (``doc.site_template``: :mod:`maintext.site.learned`), no request at all;
2. otherwise up to ``fetch_siblings`` pages are fetched, chosen from the page's own links
   by URL-pattern similarity (:mod:`maintext.site.siblings`), and, with a store, what
   dompath, lcs and auto learn from them is saved for the next page of the site.

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
from .learn import learn, page_keys
from .learned import match_share
from .store import StoredTemplate, TemplateStore

MIN_KEYS = 3  # a template with fewer learned keys is not worth storing


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


def attach_site_pages(doc: Document, options: Options, method: str = "dompath") -> SitePagesReport:
    """Give ``doc`` what ``method`` needs to compare it with its site: a template learned
    earlier (``doc.site_template``, from the store) or fetched sibling pages
    (``doc.site_docs``); see the module docstring.

    A store that cannot be opened or written (a read-only path, a damaged file) is skipped
    with a note; the page is then handled as without a store."""
    try:
        return _attach(doc, options, options.site.store_path, method)
    except sqlite3.Error as exc:
        report = _attach(doc, options, None, method)
        report.note = f"template store {options.site.store_path} not used ({exc}); {report.note}"
        return report


def _from_store(doc: Document, options: Options, stored: StoredTemplate, method: str
                ) -> tuple[SitePagesReport | None, str]:
    """Use a stored template when it still matches the page: (report, "") or (None, why stale)."""
    cfg = options.site
    learned = stored.learned_template
    if learned is not None and len(learned.get(method)) < MIN_KEYS:
        return None, f"no stored template for {method} (its comparison failed when learned)"
    keys = learned.get(method) if learned is not None else frozenset()
    # the method's own learned keys; a row of an older store only has dompath's signatures
    share = match_share(keys, page_keys(doc, method)) if keys else match_share(stored.signatures,
                                                                               page_keys(doc, "dompath"))
    age_days = (time.time() - stored.learned) / 86400
    if share < cfg.min_match_share:
        return None, f"stored template stale ({share:.0%} of it found, under {cfg.min_match_share:.0%})"
    if age_days > cfg.max_age_days:
        return None, f"stored template older than {cfg.max_age_days:g} days"
    urls = [u for u, _ in stored.pages]
    if keys:
        doc.site_template = learned
        what = f"{method}'s template learned from {', '.join(urls)}"
    else:
        doc.site_docs = [_sibling_doc(u, h, None, options) for u, h in stored.pages]
        what = "site pages " + ", ".join(urls)
    return SitePagesReport("store", urls, 0, round(share, 3),
                           f"{what}, from the template store ({share:.0%} of it found on the page)"), ""


def _attach(doc: Document, options: Options, store_path: str | None, method: str) -> SitePagesReport:
    cfg = options.site
    url = doc.url or ""
    site, pattern = site_key(url), url_pattern(url)
    store = TemplateStore(store_path) if store_path else None
    stale = ""
    if store is not None:
        stored = store.lookup(site, pattern)
        if stored is not None:
            report, stale = _from_store(doc, options, stored, method)
            if report is not None:
                store.touch(stored.site, stored.pattern)
                return report
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
    """Store what the three methods learn from the fetched pages (one alignment each, once
    per site and URL pattern), with the pages themselves."""
    learned = learn(doc, n_pages, doc.options.site.min_learned_share)
    if any(len(keys) >= MIN_KEYS for keys in learned.keys.values()):
        store.save(site, pattern, learned.get("dompath"), [(d.url or "", d.html) for d in doc.site_docs],
                   learned)


def annotate(page: Page, report: SitePagesReport, explain: bool) -> None:
    """Say in the page which site pages were used."""
    page.extra["site_pages"] = report.as_dict()
    page.reason = f"{page.reason}; {report.note}" if page.reason else report.note
    if explain:
        page.explain = list(page.explain or [])
        page.explain.append({"block": "site pages", "decision": "note", "reason": report.note})
