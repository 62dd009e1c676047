"""Page metadata common to every method: title, keywords, date, author, links, ...

Read from the parsed tree before the extraction method runs (methods may prune the
tree afterwards). Sources are tried in order of reliability: structured data
(JSON-LD, OpenGraph, ``itemprop``), then ``<meta>`` names, then the visible page.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urljoin, urlsplit

from .document import Document
from .errors import ParseError
from .result import Link, Page
from .textutil import collapse_ws

# meta name/property -> field. Order within a field = priority (first found wins).
_META_FIELDS: dict[str, tuple[str, ...]] = {
    "title": ("og:title", "twitter:title", "dc.title", "title"),
    "description": ("og:description", "description", "twitter:description", "dc.description"),
    "author": ("author", "article:author", "dc.creator", "byl", "sailthru.author", "parsely-author"),
    "date": (
        "article:published_time", "og:published_time", "datepublished", "pubdate", "publishdate",
        "publish_date", "publish-date", "date", "dc.date", "dc.date.issued", "dcterms.date",
        "sailthru.date", "parsely-pub-date", "article.published", "published_time", "og:article:published_time",
        "weibo: article:create_at", "bytedance:published_time", "mediaid:publish_time",
    ),
    "keywords": ("keywords", "news_keywords", "article:tag"),
    "sitename": ("og:site_name", "application-name", "twitter:site"),
}
_FIELD_OF: dict[str, tuple[str, int]] = {
    key: (fld, rank) for fld, keys in _META_FIELDS.items() for rank, key in enumerate(keys)
}
# Visible dates: ISO, Chinese (2019年08月27日), and common numeric forms.
_DATE_PATTERNS = (
    re.compile(r"(20\d\d|19\d\d)-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?"),
    re.compile(r"(20\d\d|19\d\d)年(\d{1,2})月(\d{1,2})日(?:\s*(\d{1,2}):(\d{2}))?"),
    re.compile(r"(20\d\d|19\d\d)/(\d{1,2})/(\d{1,2})(?:\s+(\d{1,2}):(\d{2}))?"),
    re.compile(r"(20\d\d|19\d\d)\.(\d{1,2})\.(\d{1,2})(?:\s+(\d{1,2}):(\d{2}))?"),
)
_SPLIT_KEYWORDS = re.compile(r"[,;，；、|]+")


def extract_metadata(doc: Document, page: Page) -> None:
    """Fill ``page``'s metadata fields from ``doc`` (in place)."""
    try:
        root = doc.tree
    except ParseError:  # nothing to read metadata from; the method reports the reason
        return
    found: dict[str, tuple[int, str]] = {}
    keywords: list[str] = []
    for meta in root.iter("meta"):
        key = (meta.get("property") or meta.get("name") or meta.get("itemprop") or "").strip().lower()
        if not key:
            continue
        content = meta.get("content")
        if not content or not content.strip():
            continue
        target = _FIELD_OF.get(key)
        if target is None:
            continue
        fld, rank = target
        if fld == "keywords":
            keywords.extend(_split_keywords(content))
        elif fld not in found or rank < found[fld][0]:
            found[fld] = (rank, collapse_ws(content))
    ld = _json_ld(root)
    title_el = root.find(".//title")
    html_title = collapse_ws(title_el.text_content()) if title_el is not None else ""
    page.title = html_title or found.get("title", (0, ""))[1] or ld.get("headline", "")
    page.headline = _headline(root, ld.get("headline") or found.get("title", (0, ""))[1], page.title)
    page.description = found.get("description", (0, None))[1]
    page.author = ld.get("author") or found.get("author", (0, None))[1]
    page.sitename = found.get("sitename", (0, None))[1] or ld.get("publisher")
    page.date = _normalise_date(ld.get("datePublished") or found.get("date", (0, ""))[1]) or _time_element_date(root)
    page.keywords = _dedupe(keywords or _split_keywords(ld.get("keywords", "")))
    lang = root.get("lang") or root.get("xml:lang")
    page.language = lang.strip().lower() if lang and lang.strip() else None
    if doc.options.with_links:
        page.links = extract_links(root, doc.url)
    if page.date is None:
        page.date = visible_date(root)


def _split_keywords(value: Any) -> list[str]:
    if isinstance(value, list):
        return [collapse_ws(str(v)) for v in value if str(v).strip()]
    return [k.strip() for k in _SPLIT_KEYWORDS.split(str(value)) if k.strip()]


def _dedupe(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for item in items:
        if item.lower() not in seen:
            seen.add(item.lower())
            out.append(item)
    return out


def _json_ld(root) -> dict[str, str]:
    """Article fields from JSON-LD (first article-like object)."""
    out: dict[str, str] = {}
    for script in root.iter("script"):
        if (script.get("type") or "").lower() != "application/ld+json" or not script.text:
            continue
        try:
            data = json.loads(script.text)
        except (ValueError, RecursionError):
            continue
        for obj in _ld_objects(data):
            if "headline" in obj and "headline" not in out and isinstance(obj["headline"], str):
                out["headline"] = collapse_ws(obj["headline"])
            for key in ("datePublished", "dateCreated"):
                if isinstance(obj.get(key), str) and "datePublished" not in out:
                    out["datePublished"] = obj[key]
            author = _ld_name(obj.get("author"))
            if author and "author" not in out:
                out["author"] = author
            publisher = _ld_name(obj.get("publisher"))
            if publisher and "publisher" not in out:
                out["publisher"] = publisher
            if obj.get("keywords") and "keywords" not in out:
                kw = obj["keywords"]
                out["keywords"] = ",".join(map(str, kw)) if isinstance(kw, list) else str(kw)
            if isinstance(obj.get("articleBody"), str) and "articleBody" not in out:
                out["articleBody"] = obj["articleBody"]
    return out


def json_ld_article_body(doc: Document) -> str | None:
    """The JSON-LD ``articleBody`` of the page, if it declares one."""
    return _json_ld(doc.tree).get("articleBody")


def _ld_objects(data: Any, depth: int = 0):
    if depth > 6:
        return
    if isinstance(data, list):
        for item in data:
            yield from _ld_objects(item, depth + 1)
    elif isinstance(data, dict):
        yield data
        graph = data.get("@graph")
        if graph is not None:
            yield from _ld_objects(graph, depth + 1)


def _ld_name(value: Any) -> str | None:
    if isinstance(value, str):
        return collapse_ws(value) or None
    if isinstance(value, dict):
        return _ld_name(value.get("name"))
    if isinstance(value, list):
        names = [n for n in (_ld_name(v) for v in value) if n]
        return ", ".join(names) or None
    return None


def _headline(root, preferred: str | None, title: str) -> str:
    """The content title: the ``<h1>`` that best matches the title, else the first h1."""
    h1s = [collapse_ws(h.text_content()) for h in root.iter("h1")]
    h1s = [h for h in h1s if 0 < len(h) < 400]
    if preferred and preferred in h1s:
        return preferred
    if title:
        for h in h1s:
            if h in title or (len(title) > 10 and title.split(" - ")[0].split(" | ")[0].strip() in h):
                return h
    if h1s:
        return h1s[0]
    return preferred or ""


def _normalise_date(value: str | None) -> str | None:
    if not value:
        return None
    value = value.strip()
    for pat in _DATE_PATTERNS:
        m = pat.search(value)
        if m:
            return _format_date(m)
    import warnings

    from dateutil import parser as dparser

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # unknown time-zone names: the date is still right
            return dparser.parse(value, fuzzy=False).date().isoformat()
    except (ValueError, OverflowError, TypeError):
        return None


def _format_date(m: re.Match) -> str | None:
    y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if not (1 <= mo <= 12 and 1 <= d <= 31):
        return None
    out = f"{y:04d}-{mo:02d}-{d:02d}"
    if m.lastindex and m.lastindex >= 5 and m.group(4):
        h, mi = int(m.group(4)), int(m.group(5))
        if h < 24 and mi < 60:
            out += f"T{h:02d}:{mi:02d}"
    return out


def _time_element_date(root) -> str | None:
    for el in root.iter("time"):
        value = el.get("datetime") or el.get("content")
        date = _normalise_date(value)
        if date:
            return date
    return None


def visible_date(root) -> str | None:
    """First plausible date in the visible text of ``<body>`` (Chinese news style bylines)."""
    body = root.find("body")
    if body is None:
        return None
    seen = 0
    for text in body.itertext():
        if len(text) < 8:
            continue
        for pat in _DATE_PATTERNS:
            m = pat.search(text)
            if m:
                date = _format_date(m)
                if date:
                    return date
        seen += len(text)
        if seen > 20000:
            break
    return None


def extract_links(root, base_url: str | None) -> list[Link]:
    """Forward links: absolute http(s) URLs with their anchor text, in page order."""
    base = base_url
    base_el = root.find(".//base[@href]")
    if base_el is not None:
        base = urljoin(base_url or "", base_el.get("href", "").strip()) or base
    links: list[Link] = []
    for a in root.iter("a"):
        href = (a.get("href") or "").strip()
        if not href or href.startswith(("#", "javascript:", "mailto:", "tel:", "data:")):
            continue
        try:
            url = urljoin(base, href) if base else href
        except ValueError:
            continue
        if urlsplit(url).scheme not in ("http", "https", ""):
            continue
        links.append(Link(url=url, text=collapse_ws(a.text_content())))
    return links
