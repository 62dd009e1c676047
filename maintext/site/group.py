"""Pages of the same site: grouping a collection by site and choosing comparison pages.

Template-removal methods (seeds 000 and 003) compare a page with other pages of its site:
what the pages share is the site's template (navigation, footers, side bars), what only
the target holds is its content. The caller attaches those pages to ``doc.site_docs``;
this module decides which pages they are:

- :func:`site_key` names a page's site: the URL's host without ``www.``, lower-cased;
- :func:`similar_pages` ranks the other pages of a site by how alike their URLs are
  (pages of one section share path segments and path depth, hence the same template);
- :func:`attach_site_docs` does both for a whole collection (a crawl, a folder, a batch)
  (:func:`maintext.api.extract_site` extracts a collection that way, end to end).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, Callable, Iterable
from urllib.parse import urlsplit

from ..metadata.urls import declared_url  # the one declared-URL finder

if TYPE_CHECKING:
    from ..html.document import Document


def page_url(doc: "Document") -> str | None:
    """The URL a page is known by: the one it was given, else the one it declares."""
    return doc.url or declared_url(doc.html)


def site_key(url: str | None) -> str:
    """The site a URL belongs to (host without ``www.``); ``""`` when there is none."""
    if not url:
        return ""
    try:
        host = urlsplit(url.strip()).hostname or ""
    except ValueError:  # malformed URL (bad port, brackets): no site
        return ""
    return host[4:] if host.startswith("www.") else host


def _path_segments(url: str | None) -> list[str]:
    try:
        path = urlsplit(url or "").path
    except ValueError:
        return []
    return [seg for seg in path.split("/") if seg]


def url_similarity(a: str | None, b: str | None) -> float:
    """How alike two URLs of one site are, in [0, 1].

    The share of leading path segments they have in common (the section they sit in),
    with a bonus for the same path depth (articles of one section sit at one depth).
    """
    sa, sb = _path_segments(a), _path_segments(b)
    if not sa and not sb:
        return 1.0
    common = 0
    for x, y in zip(sa, sb):
        if x != y:
            break
        common += 1
    longest = max(len(sa), len(sb))
    same_depth = 1.0 if len(sa) == len(sb) else 0.0
    return 0.8 * common / longest + 0.2 * same_depth


def similar_urls(url: str | None, candidates: list[str | None], k: int) -> list[int]:
    """Indices of up to ``k`` of ``candidates`` other than ``url`` itself, most similar
    first (:func:`url_similarity`); ties keep the candidates' order."""
    scored = [(-url_similarity(url, other), i) for i, other in enumerate(candidates)
              if not (url and other == url)]
    scored.sort()
    return [i for _, i in scored[:k]]


def similar_pages(doc: "Document", candidates: Iterable["Document"], k: int,
                  url_of: Callable[["Document"], str | None] | None = None) -> list["Document"]:
    """Up to ``k`` pages of ``candidates`` (not ``doc`` itself, not the same URL or HTML),
    most similar URL first; ties keep the candidates' order. ``url_of`` gives a page's
    URL (default: ``doc.url``)."""
    get = url_of or _given_url
    url = get(doc)
    scored = []
    for i, other in enumerate(candidates):
        other_url = get(other)
        if other is doc or (url and other_url == url) or other.html == doc.html:
            continue
        scored.append((-url_similarity(url, other_url), i, other))
    scored.sort(key=lambda item: item[:2])
    return [other for _, _, other in scored[:k]]


def _given_url(doc: "Document") -> str | None:
    return doc.url


def group_by_site(docs: Iterable["Document"],
                  url_of: Callable[["Document"], str | None] | None = None) -> dict[str, list["Document"]]:
    """Documents grouped by :func:`site_key` of their URL (``url_of(doc)``, default
    ``doc.url``); pages without one are left out."""
    get = url_of or _given_url
    groups: dict[str, list[Document]] = defaultdict(list)
    for doc in docs:
        key = site_key(get(doc))
        if key:
            groups[key].append(doc)
    return dict(groups)


def attach_site_pages(doc: "Document", pages: Iterable[Any],
                      load: Callable[[Any], "Document"] | None = None) -> "Document":
    """The one way a page gets its site pages: ``doc.site_docs`` becomes the pages of
    ``pages`` (each passed through ``load`` when given: a path, bytes, a URL...) that can
    be read; a page that fails with a :class:`~maintext.errors.MaintextError` is left out
    (the page is then compared with fewer pages, or none). Returns ``doc``."""
    from ..errors import MaintextError

    attached: list[Document] = []
    for page in pages:
        try:
            attached.append(load(page) if load is not None else page)
        except MaintextError:
            continue
    doc.site_docs = attached
    return doc


def attach_site_docs(docs: Iterable["Document"], k: int = 2,
                     url_of: Callable[["Document"], str | None] | None = None) -> None:
    """Set ``doc.site_docs`` of every document to up to ``k`` similar pages of its site
    from the same collection (left empty for a page alone on its site). ``url_of`` gives
    a page's URL (default ``doc.url``; :func:`page_url` also reads the URL a page declares)."""
    docs = list(docs)
    for doc in docs:
        doc.site_docs = []
    if k <= 0:
        return
    get = url_of or _given_url
    if url_of is not None:  # read each page's URL once, not once per comparison
        known = {id(doc): url_of(doc) for doc in docs}
        get = lambda d: known.get(id(d)) if id(d) in known else url_of(d)  # noqa: E731
    for group in group_by_site(docs, get).values():
        for doc, candidates in neighbourhoods(group, get):
            attach_site_pages(doc, similar_pages(doc, candidates, k, get))


# On a site with many pages, a page's comparison pages are sought among this many pages
# on either side of it in URL order (pages of one section sort together), not among all:
# choosing them stays linear in the size of the site.
_NEIGHBOURS = 50


def neighbourhoods(group: list["Document"], get: Callable[["Document"], str | None]):
    """(page, candidate pages) for each page of one site's group."""
    if len(group) <= 2 * _NEIGHBOURS + 1:
        for doc in group:
            yield doc, group
        return
    ordered = sorted(group, key=lambda d: get(d) or "")
    for pos, doc in enumerate(ordered):
        yield doc, ordered[max(0, pos - _NEIGHBOURS):pos + _NEIGHBOURS + 1]
