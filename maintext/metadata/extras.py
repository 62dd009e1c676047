"""Categories, tags, lead image, licence and canonical URL: the collected elements and the
JSON-LD fields in; plain values out.

- categories: JSON-LD ``articleSection``, ``<meta property=article:section>``, else the
  links a blog marks as its post's categories (``rel~=category``, or hrefs under a
  category path, see :data:`CATEGORY_HREF`) inside the article's header or footer;
- tags: links marked ``rel~=tag`` or under a tag path (:data:`TAG_HREF`);
- image: ``og:image``/``twitter:image``, JSON-LD ``image``, ``<link rel=image_src>``;
- licence: a ``rel~=license`` link (Creative Commons URLs read as "CC BY-SA 4.0 DE"),
  JSON-LD ``license``, ``<meta name=dcterms.license>``; else a Creative Commons link;
- canonical URL: ``<link rel=canonical>``, else ``og:url`` (absolute).
"""

from __future__ import annotations

import re

from ..textutil import collapse_ws
from ..html import walk
from .authors import in_comments
from .collect import Collected, dedupe, text_content
from .jsonld import LIST_SEP
from .native import _native  # (read as native_metadata() gives it, inline: ``_native if walk.ENABLED else None``)
from .urls import absolute, first_declared

# hrefs of category and tag archive pages (WordPress, Blogger labels, German/French blogs).
CATEGORY_HREF = re.compile(r"/(?:category|categories|kategorie|kategorien|rubrik|categorie|categoria)/[^/?#]",
                           re.IGNORECASE)
TAG_HREF = re.compile(r"/(?:tag|tags|schlagwort|schlagworte|etiqueta|label|stichwort)/[^/?#]",
                      re.IGNORECASE)
MAX_LABEL_CHARS = 60  # a longer link text is no category or tag name
MAX_LABELS = 30  # category/tag links kept at most
# Creative Commons licence URLs: /licenses/<kind>/<version>/<jurisdiction>/ (or publicdomain).
CC_URL = re.compile(r"creativecommons\.org/(?:licenses|licences)/([a-z-]+)(?:/(\d(?:\.\d)?))?(?:/([a-z]{2})(?![\w.]))?",
                    re.IGNORECASE)
CC_PUBLIC_DOMAIN = re.compile(r"creativecommons\.org/publicdomain/(zero|mark)/(\d\.\d)", re.IGNORECASE)


def categories(ld: dict[str, str], got: Collected) -> list[str]:
    """The post's categories (sections), from structured data first, else marked links."""
    if ld.get("articleSection"):
        return dedupe([collapse_ws(s) for s in ld["articleSection"].split(LIST_SEP)])
    if got.lists["categories"]:
        return dedupe(got.lists["categories"])
    return _labels(got, "category", CATEGORY_HREF)


def tags(got: Collected) -> list[str]:
    """Tag names from links marked as tags (``rel~=tag`` without category, tag paths)."""
    return _labels(got, "tag", TAG_HREF)


def _labels(got: Collected, rel: str, href_path: re.Pattern[str]) -> list[str]:
    """Texts of links with ``rel`` in their rel list, else of links whose href matches
    ``href_path`` (comment threads left out)."""
    hits = got.href_hits(href_path)  # the only hrefs searched (None: every one)
    path = href_path if hits is None or hits else None
    native = (_native if walk.ENABLED else None)
    if native is not None:  # the same loop in C
        marked, by_path = native.label_links(got.anchors, got.records, rel, path, hits)
    else:
        marked, by_path = _label_links(got, rel, path, hits)
    out = []
    for a, text in marked or by_path:
        text = " ".join((text if text is not None else text_content(a)).split()).strip("#")  # (collapse_ws inline)
        if 0 < len(text) <= MAX_LABEL_CHARS and not in_comments(a):
            out.append(text)
        if len(out) >= MAX_LABELS:
            break
    return dedupe(out)


def _label_links(got: Collected, rel: str, href_path: re.Pattern[str] | None,
                 hits: list[int] | None = None) -> tuple[list, list]:
    """``(marked, by_path)``: ``(anchor, text)`` of the links marked ``rel`` (a "tag" not
    also "category"), and of those without a rel list whose href ``href_path`` finds
    (None: not searched; ``hits``: None, or the indices of the only anchors whose href it
    may find). The Python twin of ``_native.label_links``."""
    marked, by_path = [], []
    wanted = None if hits is None else set(hits)
    for i, (a, (href, rel_value, text)) in enumerate(zip(got.anchors, got.records)):
        if rel_value:
            rels = rel_value.lower().split()
            if rel in rels and not (rel == "tag" and "category" in rels):
                marked.append((a, text))
                continue
            if rels:
                continue
        if href_path is not None and (wanted is None or i in wanted) and href_path.search(href or ""):
            by_path.append((a, text))
    return marked, by_path


def lead_image(ld: dict[str, str], got: Collected, base: str | None) -> str | None:
    """The page's lead image as an absolute URL, or None."""
    for value in (got.values.get("image"), ld.get("image"), got.links.get("image")):
        url = absolute(value, base)
        if url:
            return url
    return None


def license_of(ld: dict[str, str], got: Collected) -> str | None:
    """The page's licence: a Creative Commons name when the source is a CC URL, else the
    declared text (or URL)."""
    records = got.records
    low, rels, wide = got.hrefs()  # (read once for all hrefs, also by the tag and category passes)
    for i in rels:  # (the few anchors with a rel value)
        href, rel, text = records[i]
        rel_low = rel.lower()
        if "license" in rel_low and "license" in rel_low.split():  # (the word only where the text is)
            return cc_name(href) or collapse_ws(text if text is not None else text_content(got.anchors[i])) or href
    for value in (got.links.get("license"), ld.get("license"), got.values.get("license")):
        if value:
            return cc_name(value) or collapse_ws(value)
    if "creativecommons.org" not in (low if not wide else "\n".join(h for h, _, _ in records if h).lower()):
        return None  # no link to a licence
    for href, _, _ in records:  # a plain link to a CC licence (footer badges)
        name = cc_name(href)
        if name:
            return name
    return None


def cc_name(url: str | None) -> str | None:
    """"CC BY-SA 4.0 DE" for a Creative Commons licence URL, else None."""
    if not url or "creativecommons.org" not in url.lower():
        return None
    m = CC_URL.search(url)
    if m:
        parts = ["CC", m.group(1).upper()] + [g.upper() if g.isalpha() else g for g in m.groups()[1:] if g]
        return " ".join(parts)
    m = CC_PUBLIC_DOMAIN.search(url)
    if m:
        return f"CC0 {m.group(2)}" if m.group(1).lower() == "zero" else "Public Domain Mark"
    return None


def canonical_url(got: Collected, base: str | None) -> str | None:
    """The canonical address the page declares (relative canonical links resolved)."""
    return first_declared(absolute(got.links.get("canonical"), base), got.values.get("url"))
