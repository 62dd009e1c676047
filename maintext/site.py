"""Pages of the same site: grouping a collection by site and choosing comparison pages.

Template-removal methods (seeds 000 and 003) compare a page with other pages of its site:
what the pages share is the site's template (navigation, footers, side bars), what only
the target holds is its content. The caller attaches those pages to ``doc.site_docs``;
this module decides which pages they are:

- :func:`site_key` names a page's site: the URL's host without ``www.``, lower-cased;
- :func:`similar_pages` ranks the other pages of a site by how alike their URLs are
  (pages of one section share path segments and path depth, hence the same template);
- :func:`attach_site_docs` does both for a whole collection (a crawl, a folder, a batch).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Iterable
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from .document import Document


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


def similar_pages(doc: "Document", candidates: Iterable["Document"], k: int) -> list["Document"]:
    """Up to ``k`` pages of ``candidates`` (not ``doc`` itself, not the same URL or HTML),
    most similar URL first; ties keep the candidates' order."""
    scored = []
    for i, other in enumerate(candidates):
        if other is doc or (doc.url and other.url == doc.url) or other.html == doc.html:
            continue
        scored.append((-url_similarity(doc.url, other.url), i, other))
    scored.sort(key=lambda item: item[:2])
    return [other for _, _, other in scored[:k]]


def group_by_site(docs: Iterable["Document"]) -> dict[str, list["Document"]]:
    """Documents grouped by :func:`site_key` of their URL; pages without one are left out."""
    groups: dict[str, list[Document]] = defaultdict(list)
    for doc in docs:
        key = site_key(doc.url)
        if key:
            groups[key].append(doc)
    return dict(groups)


def attach_site_docs(docs: Iterable["Document"], k: int = 2) -> None:
    """Set ``doc.site_docs`` of every document to up to ``k`` similar pages of its site
    from the same collection (left empty for a page alone on its site)."""
    for group in group_by_site(docs).values():
        for doc in group:
            doc.site_docs = similar_pages(doc, group, k)
