"""Page metadata common to every method: title, headline, date, author, keywords, links, ...

Read from the parsed tree before the extraction method runs (methods may prune the tree
afterwards). One C-level pass collects the few element kinds metadata needs (``<meta>``,
JSON-LD scripts, ``<title>``, ``<h1>``, ``<time>``, ``<a>``, ``<base>``); the visible text is
read only when structured sources say nothing, and then only a bounded stretch of it.

Sources, most reliable first: structured data (JSON-LD, OpenGraph and other ``<meta>``,
``itemprop``), the URL (dates in permalinks), then the visible page (bylines, the text
right after the headline). Dates come out as ISO 8601 (``YYYY-MM-DD``, with ``THH:MM`` when
the source gives a time); a publication date is always preferred over a modification date.
"""

from __future__ import annotations

import json
import re
from datetime import date as _date
from typing import Any, Iterable
from urllib.parse import urljoin, urlsplit

from lxml import etree

from ..html.document import Document
from ..errors import ParseError
from ..result import Link, Page
from ..textutil import _CJK, _CJK_CLASS, collapse_ws, tokens

# ---------------------------------------------------------------------------------------
# <meta> name/property/itemprop -> field. Order within a field = priority (first wins).
_META_FIELDS: dict[str, tuple[str, ...]] = {
    "title": ("og:title", "twitter:title", "dc.title", "title", "sailthru.title"),
    "description": ("og:description", "description", "twitter:description", "dc.description"),
    "author": (
        "author", "article:author", "dc.creator", "dcterms.creator", "byl", "sailthru.author",
        "parsely-author", "citation_author", "twitter:creator",
    ),
    # Publication dates only; modification dates are a separate, last-resort field.
    "date": (
        "article:published_time", "og:article:published_time", "og:published_time",
        "datepublished", "article.published", "published_time", "publishdate", "publish_date",
        "publish-date", "pubdate", "citation_publication_date", "citation_date",
        "dc.date.issued", "dcterms.issued", "dc.date", "dcterms.date", "date", "sailthru.date",
        "parsely-pub-date", "weibo: article:create_at", "bytedance:published_time",
        "mediaid:publish_time", "og:release_date", "datecreated", "dc.date.created",
    ),
    "modified": ("article:modified_time", "og:updated_time", "datemodified", "last-modified",
                 "dcterms.modified", "dc.date.modified"),
    "keywords": ("keywords", "news_keywords", "article:tag"),
    "sitename": ("og:site_name", "application-name", "twitter:site"),
    # The page's own address, used when the caller gave none (offline files).
    "url": ("og:url", "twitter:url"),
}
_FIELD_OF: dict[str, tuple[str, int]] = {
    key: (fld, rank) for fld, keys in _META_FIELDS.items() for rank, key in enumerate(keys)
}
# JSON-LD @type values whose fields describe the page's article (others, e.g. an
# Organization or a BreadcrumbList, only fill fields nothing better filled).
_LD_ARTICLE_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "reportagenewsarticle", "analysisnewsarticle",
    "opinionnewsarticle", "scholarlyarticle", "techarticle", "report", "webpage", "posting",
    "socialmediaposting", "liveblogposting", "review", "recipe", "creativework", "qapage",
    "discussionforumposting", "videoobject", "podcastepisode", "itempage", "aboutpage",
})

# ---------------------------------------------------------------------------------------
# Dates. Month names of the languages in our corpora (German, English, French, Spanish,
# Italian, Portuguese, Dutch, Polish incl. genitive forms), lower case, unaccented variants too.
_MONTHS: dict[str, int] = {}
for _num, _names in enumerate((
    "january jan januar janvier enero gennaio janeiro januari jän jänner stycznia styczeń ene gen",
    "february feb februar février fevrier febrero febbraio fevereiro februari lutego luty",
    "march mar märz maerz mars marzo março marco maart marca marzec mrz",
    "april apr avril abril aprile kwietnia kwiecień abr",
    "may mai mayo maggio maio mei maja maj mag",
    "june jun juni juin junio giugno junho czerwca czerwiec giu",
    "july jul juli juillet julio luglio julho lipca lipiec lug",
    "august aug août aout agosto augustus sierpnia sierpień ago",
    "september sep sept septembre septiembre settembre setembro września wrzesień set",
    "october oct okt oktober octobre octubre ottobre outubro października październik ott out",
    "november nov novembre noviembre novembro listopada listopad",
    "december dec dez dezember décembre decembre diciembre dicembre dezembro grudnia grudzień dic",
), start=1):
    for _name in _names.split():
        _MONTHS[_name] = _num
_MONTH_ALT = "|".join(sorted((re.escape(m) for m in _MONTHS), key=len, reverse=True))
_TIME = r"(?:[ T,]+(?:um |at |à )?(\d{1,2})[:h](\d{2}))?"
# (pattern, group order): "ymd" = year, month, day groups; then optional hour, minute.
_DATE_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    # 2019-08-27, 2019/08/27, 2019.08.27 (+ time)
    (re.compile(r"(?<!\d)((?:19|20)\d\d)([-/.])(\d{1,2})\2(\d{1,2})(?!\d)" + _TIME), "y_md"),
    # 2019 09/07 19:02 (year apart from month/day, as some bylines print it)
    (re.compile(r"(?<![\d/.-])((?:19|20)\d\d)(\s+)(\d\d)/(\d\d)(?![\d/])" + _TIME), "y_md"),
    # 2019年08月27日 10:30 (Chinese, Japanese)
    (re.compile(r"((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日\s*(?:(\d{1,2}):(\d{2}))?"), "ymd"),
    # 27.08.2019, 27/08/2019, 08/27/2019 (day first unless impossible)
    (re.compile(r"(?<![\d.])(\d{1,2})([./-])(\d{1,2})\2((?:19|20)\d\d)(?!\d)" + _TIME), "d_my"),
    # 27. August 2019, 27 Aug 2019, 27 de agosto de 2019, 1er mai 2019
    (re.compile(rf"(?<!\d)(\d{{1,2}})(?:\.|er|st|nd|rd|th)?\s*(?:de\s+)?({_MONTH_ALT})\.?,?\s+(?:de\s+)?((?:19|20)\d\d)(?!\d)" + _TIME,
                re.IGNORECASE), "dMy"),
    # August 27, 2019; Aug. 27 2019
    (re.compile(rf"\b({_MONTH_ALT})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)(?!\d)" + _TIME,
                re.IGNORECASE), "Mdy"),
)
# A compact ISO timestamp such as 20190827T103000 or 20190827
_COMPACT_DATE = re.compile(r"^((?:19|20)\d\d)(\d\d)(\d\d)(?:T?(\d\d)(\d\d))?")
# Dates in permalinks: /2019/08/27/, /2019-08-27-, /20190827/
_URL_DATE = re.compile(r"/((?:19|20)\d\d)[/-](\d{1,2})[/-](\d{1,2})(?:[/_.-]|$)|/((?:19|20)\d\d)(\d\d)(\d\d)/")
_TODAY_YEAR = _date.today().year
_YEAR = re.compile(r"(?:19|20)\d\d")


def parse_date(value: str | None) -> str | None:
    """The first date in ``value`` as ISO 8601, or None.

    Understands ISO and numeric forms (day first for ``dd.mm.yyyy``, month first only when
    the day-first reading is impossible), CJK ``年月日``, and day/month names in the
    languages of :data:`_MONTHS`; a time of day is kept when written as ``HH:MM``.
    """
    if not value:
        return None
    value = value.strip()
    if not value:
        return None
    m = _COMPACT_DATE.match(value)
    if m:
        return _iso(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5))
    if _YEAR.search(value) is None:  # every form writes a four-digit year: skip cheaply
        return None
    best: tuple[int, str] | None = None
    for pattern, order in _DATE_FORMS:
        m = pattern.search(value)
        if m is None or (best is not None and m.start() >= best[0]):
            continue
        iso = _from_match(m, order)
        if iso:
            best = (m.start(), iso)
    return best[1] if best else None


def _from_match(m: re.Match[str], order: str) -> str | None:
    g = m.groups()
    if order == "y_md":
        return _iso(g[0], g[2], g[3], g[4], g[5])
    if order == "ymd":
        return _iso(g[0], g[1], g[2], g[3], g[4])
    if order == "d_my":
        day, month = int(g[0]), int(g[2])
        if month > 12 and day <= 12:  # 08/27/2019: US order
            day, month = month, day
        return _iso(g[3], month, day, g[4], g[5])
    if order == "dMy":
        return _iso(g[2], _MONTHS.get(g[1].lower()), g[0], g[3], g[4])
    return _iso(g[2], _MONTHS.get(g[0].lower()), g[1], g[3], g[4])  # Mdy


def _iso(year: Any, month: Any, day: Any, hour: Any = None, minute: Any = None) -> str | None:
    try:
        y, mo, d = int(year), int(month), int(day)
        _date(y, mo, d)
    except (TypeError, ValueError):
        return None
    if not 1990 <= y <= _TODAY_YEAR + 1:
        return None
    out = f"{y:04d}-{mo:02d}-{d:02d}"
    if hour is not None and minute is not None:
        h, mi = int(hour), int(minute)
        if h < 24 and mi < 60 and (h or mi):
            out += f"T{h:02d}:{mi:02d}"
    return out


def url_date(url: str | None) -> str | None:
    """A full date written in the path of ``url`` (``/2019/08/27/``), or None."""
    if not url:
        return None
    m = _URL_DATE.search(url)
    if m is None:
        return None
    if m.group(1):
        return _iso(m.group(1), m.group(2), m.group(3))
    return _iso(m.group(4), m.group(5), m.group(6))


# ---------------------------------------------------------------------------------------
# Visible dates and bylines.
# class/id words of elements holding a byline date (WordPress "entry-date", news "dateline",
# Chinese portals "post_time", "time-source", "date-source", "info").
_DATE_CLASS = re.compile(r"date|time|publish|posted|byline|dateline|meta|info|source|zeit|datum|fecha",
                         re.IGNORECASE)
# class/id words of elements holding the author's name.
# Candidates for them, cheaply (one test on the class value matches "author" and "Author",
# one "byline" and "Byline"); _is_author_box() keeps the exact ones.
_AUTHOR_CANDIDATES = etree.XPath(
    "descendant::*[@class or @id or @rel or @itemprop][contains(@class,'uthor')"
    " or contains(@class,'yline') or contains(@id,'author') or @rel='author' or @itemprop='author']"
)


def _is_author_box(el) -> bool:
    """rel/itemprop=author, a class with author/Author/byline/Byline, an id with author."""
    cls = el.get("class") or ""
    return (el.get("rel") == "author" or el.get("itemprop") == "author" or "author" in cls
            or "Author" in cls or "byline" in cls or "Byline" in cls or "author" in (el.get("id") or ""))


_BYLINE_SCOPE_LEVELS = 3  # the headline's ancestor searched for a byline (the article header)
# Leading words that introduce a name in a byline; the name is what follows.
_BYLINE_PREFIX = re.compile(
    r"^(?:(?:written|posted|published|geschrieben|verfasst|veröffentlicht|ein\s+beitrag)\s+(?:by|von)"
    r"|by|von|par|por|di|door|autor(?:in)?|author|text)(?:\s*[:：]\s*|\s+)"
    r"|^(?:作者|记者|责任编辑|编辑|来源|文|撰文)\s*[:：/]?\s*", re.IGNORECASE)
_NOT_A_NAME = re.compile(r"https?://|www\.|@\w+\.\w|^@|^\d|\d{3,}|[|<>{}*]|\[at\]")
# Labels that sit in author slots without being a name: comment-form fields, share
# buttons, placeholders of empty bylines.
_NOT_A_NAME_LABELS = frozenset({
    "posted on", "posted", "name", "name (erforderlich)", "name (required)", "follow",
    "no author", "unknown", "admin", "administrator", "anonymous", "author", "autor", "redaktion",
    "editor", "staff", "says", "reply", "antworten", "share", "teilen", "published",
    "未知", "佚名", "匿名", "by", "von", "par", "por", "published by", "posted by",
    "veröffentlicht am", "veröffentlicht von", "datum", "date", "alle beiträge", "all posts",
})
_AFTER_HEADLINE_ELEMENTS = 300  # elements read after the headline for a byline date
_VISIBLE_DATE_CHARS = 6000  # characters of visible text read at most for a date


def visible_date(root, headline_el=None) -> str | None:
    """A date from the visible text: a byline just after the headline (or just before
    it), else the top of ``<body>``. Reads a bounded stretch of text, never the whole page."""
    if headline_el is not None:
        found = _first_date(_texts_after(headline_el), _VISIBLE_DATE_CHARS // 2)
        if found:
            return found
        found = _first_date(_texts_before(headline_el), 600)
        if found:
            return found
    body = root.find("body")
    if body is None:
        return None
    return _first_date(_subtree_texts(body), _VISIBLE_DATE_CHARS)


_SKIP_TEXT_TAGS = frozenset({"script", "style", "noscript", "template", "select", "option"})


def _subtree_texts(el, *, with_tail: bool = False):
    """Visible text pieces of ``el``'s subtree in document order (scripts skipped)."""
    for node in el.iter():
        if node.tag not in _SKIP_TEXT_TAGS and node.text:
            yield node.text
        if node.tail and (node is not el or with_tail):
            yield node.tail


def _texts_after(el, max_nodes: int = _AFTER_HEADLINE_ELEMENTS):
    """Text pieces following ``el`` in document order (its tail, later siblings, the
    parent's later siblings, ...), at most ``max_nodes`` elements."""
    seen = 0
    cur = el
    while cur is not None and seen < max_nodes:
        if cur.tail:
            yield cur.tail
        for sib in cur.itersiblings():
            for text in _subtree_texts(sib, with_tail=True):
                yield text
            seen += 1
            if seen >= max_nodes:
                return
        cur = cur.getparent()


def _texts_before(el, max_siblings: int = 4):
    """Text of the few siblings right before ``el`` and before its parent, nearest first."""
    for level in (el, el.getparent()):
        if level is None:
            return
        for n, sib in enumerate(level.itersiblings(preceding=True)):
            if n >= max_siblings:
                break
            yield from _subtree_texts(sib)


def _first_date(texts: Iterable[str], budget: int) -> str | None:
    """The first date in ``texts``; a date split over short neighbouring pieces
    ("2019" "09/07" "19:02", separate spans of one byline) is read from their join."""
    seen = 0
    window: list[str] = []  # the last few short pieces
    pending: str | None = None  # a date read from the window, maybe followed by its time
    for text in texts:
        piece = text.strip()
        if not piece:
            continue
        if pending is not None:
            if _CLOCK.fullmatch(piece):
                return parse_date(" ".join(window + [piece])) or pending
            return pending
        if len(piece) >= 6 and any(map(str.isdigit, piece)):
            found = parse_date(piece)
            if found:
                return found
        if len(piece) <= _SHORT_PIECE:
            window.append(piece)
            del window[:-3]
            if len(window) > 1 and any(map(str.isdigit, piece)):
                found = parse_date(" ".join(window))
                if found:
                    pending = found if "T" not in found else None
                    if pending is None:
                        return found
        else:
            window.clear()
        seen += len(piece)
        if seen > budget:
            break
    return pending


_CLOCK = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")
_SHORT_PIECE = 24  # a text piece this short may be one part of a split byline date


# ---------------------------------------------------------------------------------------

_SPLIT_KEYWORDS = re.compile(r"[,;，；、|]+")
_MAX_KEYWORD_CHARS = 60  # longer "keywords" are sentences or stuffed descriptions
_BROKEN_KEYWORD = re.compile(r"[<>={}]")  # markup leaked into the attribute
_SKIP_HREF = ("#", "javascript:", "mailto:", "tel:", "data:", "sms:", "whatsapp:", "fax:")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_WANTED_TAGS = ("a", "meta", "script", "title", "h1", "h2", "h3", "time", "base", "link")


class _Collected:
    """What the one pass over the tree found."""

    __slots__ = ("meta", "keywords", "scripts", "ld_texts", "title_el", "headings", "times", "anchors",
                 "base", "canonical")

    def __init__(self) -> None:
        self.meta: dict[str, tuple[int, str]] = {}
        self.keywords: list[str] = []
        self.scripts: list[str] = []
        # text of every script whose type names JSON-LD, as written (for auto.JsonLdHint)
        self.ld_texts: list[str | None] = []
        self.title_el = None
        self.headings: list = []  # h1, h2 and h3 elements, in page order
        self.times: list = []
        self.anchors: list = []
        self.base: str | None = None
        self.canonical: str | None = None


def _collect(root) -> _Collected:
    got = _Collected()
    meta = got.meta
    anchors = got.anchors
    for el in root.iter(*_WANTED_TAGS):
        tag = el.tag
        if tag == "a":
            anchors.append(el)
        elif tag == "meta":
            key = el.get("property") or el.get("name") or el.get("itemprop")
            if not key:
                continue
            target = _FIELD_OF.get(key.strip().lower())
            if target is None:
                continue
            content = el.get("content")
            if not content or content.isspace():
                continue
            fld, rank = target
            if fld == "keywords":
                got.keywords.extend(_split_keywords(content))
            elif fld not in meta or rank < meta[fld][0]:
                meta[fld] = (rank, collapse_ws(content))
        elif tag == "script":
            kind = el.get("type") or ""
            if "ld+json" in kind:
                got.ld_texts.append(el.text)
            if el.text and kind.strip().lower() == "application/ld+json":
                got.scripts.append(el.text)
        elif tag == "h1" or tag == "h2" or tag == "h3":
            if len(got.headings) < _MAX_HEADINGS:
                got.headings.append(el)
        elif tag == "time":
            got.times.append(el)
        elif tag == "title":
            if got.title_el is None:
                got.title_el = el
        elif tag == "base" and got.base is None:
            got.base = el.get("href")
        elif tag == "link" and got.canonical is None and (el.get("rel") or "").lower() == "canonical":
            got.canonical = el.get("href")
    return got


def extract_metadata(doc: Document, page: Page) -> None:
    """Fill ``page``'s metadata fields from ``doc`` (in place)."""
    try:
        root = doc.tree
    except ParseError:  # nothing to read metadata from; the method reports the reason
        return
    got = _collect(root)
    meta = got.meta
    ld = _json_ld(got.scripts)
    doc.json_ld = ld  # shared with json_ld_article_body()
    doc.ld_script_texts = got.ld_texts  # shared with auto (saves a walk)
    url = doc.url or _declared_url(got.canonical, meta)
    page.url = url
    html_title = collapse_ws(_text_content(got.title_el)) if got.title_el is not None else ""
    meta_title = meta.get("title", (0, ""))[1]
    page.title = html_title or meta_title or ld.get("headline", "")
    page.sitename = meta.get("sitename", (0, None))[1] or ld.get("publisher")
    site_names = _site_names(page.sitename, url)
    headline_el, page.headline = _headline(got.headings, ld.get("headline") or meta_title,
                                           page.title, site_names)
    page.description = meta.get("description", (0, None))[1]
    page.keywords = _dedupe(got.keywords or _split_keywords(ld.get("keywords", "")))
    lang = root.get("lang") or root.get("xml:lang")
    page.language = lang.strip().lower() if lang and lang.strip() else None
    page.author = _author(ld, meta, root, headline_el, got.anchors, site_names)
    page.date = _date_of(doc, root, ld, meta, got, headline_el)
    if doc.options.with_links:
        doc.link_anchors = []  # (element, link): lets the method mark links in its main text
        page.links = extract_links(root, url, anchors=got.anchors, base_href=got.base,
                                   pairs=doc.link_anchors)


def _declared_url(canonical: str | None, meta: dict[str, tuple[int, str]]) -> str | None:
    """The absolute http(s) address a page declares for itself (canonical link, og:url)."""
    for value in (canonical, meta.get("url", (0, None))[1]):
        value = (value or "").strip()
        if value.startswith(("http://", "https://")) and " " not in value:
            return value
    return None


# ---------------------------------------------------------------------------------------
# Date choice

def _date_of(doc: Document, root, ld: dict[str, str], meta: dict[str, tuple[int, str]],
             got: _Collected, headline_el) -> str | None:
    """The publication date, from the most reliable source that has one."""
    for value in (ld.get("datePublished"), meta.get("date", (0, None))[1]):
        found = parse_date(value)
        if found:
            return _local_day(found, value, doc.url)
    found = _itemprop_date(root, "datePublished") or url_date(doc.url) or _time_date(got.times, True)
    if found:
        return found
    found = visible_date(root, headline_el) or _time_date(got.times, False)
    if found:
        return found
    found = parse_date(ld.get("dateModified")) or parse_date(meta.get("modified", (0, None))[1])
    if found is None and doc.options.metadata.htmldate_fallback:
        found = _htmldate(doc.html, doc.url)
    return found


def _htmldate(html: str, url: str | None) -> str | None:
    """The date htmldate finds (optional dependency; its errors are only a missing date).

    Given the HTML text, not our tree: htmldate prunes the tree it works on, and the
    extraction method still needs ours."""
    try:
        from htmldate import find_date
    except ImportError:
        return None
    try:
        found = find_date(html, url=url, original_date=True, extensive_search=True)
    except Exception:  # noqa: BLE001 - a third-party failure must not fail the page
        return None
    return parse_date(found) if found else None


_ITEMPROP_XPATH = etree.XPath("descendant::*[@itemprop=$prop]")


_UTC_SUFFIX = re.compile(r"(?:Z|[+-]00:?00)$", re.IGNORECASE)


def _local_day(found: str, raw: str, url: str | None) -> str:
    """A UTC timestamp near midnight may fall on the day after (or before) the local
    publication day; when the permalink carries the neighbouring day, that day wins."""
    if "T" not in found or not _UTC_SUFFIX.search(raw.strip()):
        return found
    in_url = url_date(url)
    if in_url is None or in_url == found[:10]:
        return found
    try:
        gap = abs((_date.fromisoformat(in_url) - _date.fromisoformat(found[:10])).days)
    except ValueError:
        return found
    return in_url if gap == 1 else found


def _itemprop_date(root, prop: str) -> str | None:
    for el in _ITEMPROP_XPATH(root, prop=prop):
        found = parse_date(el.get("content") or el.get("datetime") or el.text_content()[:100])
        if found:
            return found
    return None


def _time_date(times: list, published_only: bool) -> str | None:
    """From ``<time>`` elements: with ``published_only``, those marked as the publication."""
    for el in times:
        if published_only:
            marks = " ".join(filter(None, (el.get("class"), el.get("itemprop"), el.get("id"))))
            if el.get("pubdate") is None and not re.search(r"publish|entry-date|posted", marks, re.I):
                continue
            if re.search(r"updated|modified", marks, re.I):
                continue
        found = parse_date(el.get("datetime") or el.get("content") or el.text_content()[:100])
        if found:
            return found
    return None


# ---------------------------------------------------------------------------------------
# Author

def _author(ld: dict[str, str], meta: dict[str, tuple[int, str]], root, headline_el,
            anchors: list, site_names: tuple[str, ...]) -> str | None:
    """The first name among the sources, most reliable first. The site's own name (a
    common filler of author fields: "National Geographic", "mdr.de") is taken only when
    no other source names someone."""
    fallback = None
    for value in (ld.get("author"), meta.get("author", (0, None))[1]):
        name = clean_author(value)
        if name and not _is_site_name(name, site_names):
            return name
        fallback = fallback or name
    for name in (_byline_author(root, headline_el), _author_link(anchors)):
        if name and not _is_site_name(name, site_names):
            return name
        fallback = fallback or name
    return fallback


# Paths of author archive pages (WordPress /author/<name>/, German /autor/, French /auteur/).
_AUTHOR_HREF = re.compile(r"/(?:author|autor|auteur|autore|autores|authors|profile/author)/[^/?#]",
                          re.IGNORECASE)


def _author_link(anchors: list) -> str | None:
    """The text of the first link to an author archive page outside comment threads."""
    for a in anchors:
        href = a.get("href")
        if not href or _AUTHOR_HREF.search(href) is None or _in_comments(a):
            continue
        name = clean_author(a.text_content())
        if name and len(name.split()) <= 6:
            return name
    return None


def clean_author(value: str | None) -> str | None:
    """A person's name from a byline string ("By Jane Doe", "von Max Muster"), or None."""
    if not value:
        return None
    text = collapse_ws(value)
    text = _BYLINE_PREFIX.sub("", text).strip(" ,;:|-–—·")
    if not text or len(text) > 80 or _NOT_A_NAME.search(text):
        return None
    if text.lower() in _NOT_A_NAME_LABELS or text.lower().endswith((" says", " sagt", " said")):
        return None
    if not any(c.isalpha() for c in text):
        return None
    return text


def _byline_author(root, headline_el=None) -> str | None:
    """The name in the first byline-like element (rel/itemprop=author, class author/byline).

    Searched in the article header around the headline (the headline's ancestor
    :data:`_BYLINE_SCOPE_LEVELS` up), else in the first ``<article>``.
    """
    scope = headline_el
    if scope is not None:
        for _ in range(_BYLINE_SCOPE_LEVELS):
            parent = scope.getparent()
            if parent is None or parent.tag in ("body", "html"):
                break
            scope = parent
    else:  # no headline: the first <article>, if any (the whole body costs ~1 ms)
        scope = next(root.iter("article"), None)
    if scope is None:
        return None
    for el in [el for el in _AUTHOR_CANDIDATES(scope) if _is_author_box(el)][:20]:
        if el.tag in ("script", "style", "img", "meta", "link") or _in_comments(el):
            continue
        name_el = el.find(".//*[@itemprop='name']")
        value = (name_el if name_el is not None else el).text_content()
        if len(value) > 120:
            continue
        name = clean_author(value)
        if name and len(name.split()) <= 6:
            return name
    return None


_COMMENT_AREA = re.compile(r"comment|respond|reply|kommentar", re.IGNORECASE)


def _in_comments(el, levels: int = 12) -> bool:
    """``el`` sits in a comment thread or form (their "author" fields are commenters)."""
    for n, node in enumerate(el.iterancestors()):
        if n >= levels:
            break
        if node.tag == "form" or _COMMENT_AREA.search(
                (node.get("class") or "") + " " + (node.get("id") or "")):
            return True
    return _COMMENT_AREA.search(el.get("class") or "") is not None


# ---------------------------------------------------------------------------------------
# JSON-LD

def _json_ld(scripts: list[str]) -> dict[str, str]:
    """Article fields from JSON-LD; article-like objects take precedence over others."""
    best: dict[str, str] = {}
    other: dict[str, str] = {}
    for text in scripts:
        data = _load_json(text)
        if data is None:
            continue
        for obj in _ld_objects(data):
            target = best if _is_article(obj) else other
            _ld_fields(obj, target)
    for key, value in other.items():
        best.setdefault(key, value)
    return best


def _load_json(text: str) -> Any:
    text = text.strip()
    if text.startswith("<!--"):
        text = text[4:].rsplit("-->", 1)[0]
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        try:  # a common breakage: raw line breaks inside strings
            return json.loads(text.replace("\n", " ").replace("\r", " "))
        except (ValueError, RecursionError):
            return None


def _is_article(obj: dict) -> bool:
    kind = obj.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return any(isinstance(k, str) and k.lower() in _LD_ARTICLE_TYPES for k in kinds)


def _ld_fields(obj: dict, out: dict[str, str]) -> None:
    if isinstance(obj.get("headline"), str) and "headline" not in out:
        out["headline"] = collapse_ws(obj["headline"])
    for key in ("datePublished", "dateCreated", "uploadDate"):
        if isinstance(obj.get(key), str) and obj[key].strip() and "datePublished" not in out:
            out["datePublished"] = obj[key]
    if isinstance(obj.get("dateModified"), str) and "dateModified" not in out:
        out["dateModified"] = obj["dateModified"]
    for key in ("author", "creator"):
        author = _ld_name(obj.get(key))
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


def json_ld_article_body(doc: Document) -> str | None:
    """The JSON-LD ``articleBody`` of the page, if it declares one."""
    ld = doc.json_ld
    if ld is None:
        scripts = [s.text for s in doc.tree.iter("script")
                   if s.text and (s.get("type") or "").strip().lower() == "application/ld+json"]
        ld = _json_ld(scripts)
    return ld.get("articleBody")


def _ld_objects(data: Any, depth: int = 0):
    """Objects of a JSON-LD document: top level, lists, ``@graph``, ``mainEntity``."""
    if depth > 6:
        return
    if isinstance(data, list):
        for item in data:
            yield from _ld_objects(item, depth + 1)
    elif isinstance(data, dict):
        yield data
        for key in ("@graph", "mainEntity", "mainEntityOfPage"):
            inner = data.get(key)
            if isinstance(inner, (list, dict)):
                yield from _ld_objects(inner, depth + 1)


def _ld_name(value: Any, depth: int = 0) -> str | None:
    if depth > 4:
        return None
    if isinstance(value, str):
        return collapse_ws(value) or None
    if isinstance(value, dict):
        return _ld_name(value.get("name"), depth + 1)
    if isinstance(value, list):
        names = [n for n in (_ld_name(v, depth + 1) for v in value) if n]
        return ", ".join(dict.fromkeys(names)) or None
    return None


# ---------------------------------------------------------------------------------------
# Title, keywords

_MAX_HEADINGS = 60  # h1/h2/h3 elements considered for the headline
# Separators between the parts of a <title> ("Post title | Blog name", "Site » Post").
_TITLE_SEPARATORS = re.compile(
    r"\s+(?:[-|–—»«·•/]|::|//)\s+"  # spaced dashes, bars, guillemets: "Post - Site"
    r"|\s*[|»«_]+\s*|\s*--+\s*"  # unspaced bars, underscores: "标题_网易财经"
    rf"|(?<=[{_CJK_CLASS}])-|-(?=[{_CJK_CLASS}])"  # a hyphen touching CJK: "新闻-新华网"
)
_HEADLINE_MIN_OVERLAP = 0.6  # share of tokens a heading must share with a title part


# Second-level labels under country domains (example.co.uk, example.com.br, example.or.jp).
_SECOND_LEVEL = frozenset({"co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go", "gob", "nic"})


def _site_names(sitename: str | None, url: str | None) -> tuple[str, ...]:
    """Lower-cased, alphanumeric-only forms of the site's name and of its host's main label."""
    names = []
    if sitename:
        names.append(_squash(sitename))
    if url:
        m = re.match(r"[a-z][a-z0-9+.-]*://(?:www\d?\.)?([^/:?#]+)", url, re.IGNORECASE)
        if m:
            labels = m.group(1).lower().split(".")
            if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL:
                labels = labels[:-1]  # news.example.co.uk -> example
            main = labels[-2] if len(labels) >= 2 else labels[0]
            names.append(_squash(main))
    return tuple(n for n in names if len(n) >= 3)


_NON_ALNUM = re.compile(r"[\W_]+")


def _squash(text: str) -> str:
    return _NON_ALNUM.sub("", text.lower())


def _is_site_name(text: str, site_names: tuple[str, ...]) -> bool:
    squashed = _squash(text)
    # the name itself, or with a short addition such as a top-level domain ("Site.de")
    return bool(squashed) and any(name in squashed and len(squashed) <= len(name) + 4
                                  for name in site_names)


def _token_set(text: str) -> set[str]:
    return set(tokens(text.lower()))


def _set_overlap(ta: set[str], tb: set[str]) -> float:
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / max(len(ta), len(tb))


def _best_overlap(ta: set[str], target_sets: list[set[str]]) -> float:
    return max(_set_overlap(ta, tb) for tb in target_sets)


def _headline(heading_elements: list, preferred: str | None, title: str,
              site_names: tuple[str, ...] = ()):
    """The content title: the ``<h1>`` (else ``<h2>``, ``<h3>``) that matches the article
    part of the page title, else the first ``<h1>`` that is not the site's name, else the
    ``og:title``/JSON-LD headline, else the longest non-site part of the title.

    Returns ``(element or None, text)``; the element anchors the byline date search.
    """
    heads = []
    for el in heading_elements:
        text = collapse_ws(_text_content(el))
        if 0 < len(text) < 400 and not _is_site_name(text, site_names):
            heads.append((el, text, el.tag))
    parts = [p for p in _TITLE_SEPARATORS.split(title) if p.strip()] if title else []
    article_parts = [p for p in parts if not _is_site_name(p, site_names)] or parts
    targets = ([preferred] if preferred else []) + article_parts
    target_sets = None
    for level in ("h1", "h2", "h3"):  # h3: some Chinese portals' article titles
        for target in targets:  # the og:title first, then the title's parts in order
            for el, text, tag in heads:
                if tag == level and text == target:
                    return el, text
        if target_sets is None:  # each text tokenised once, not once per comparison
            target_sets = [_token_set(t) for t in targets]
        best = max(((_best_overlap(_token_set(text), target_sets), -i, el, text)
                    for i, (el, text, tag) in enumerate(heads) if tag == level and targets),
                   default=None, key=lambda x: x[:2])
        if best is not None and best[0] >= _HEADLINE_MIN_OVERLAP:
            return best[2], best[3]
    first_h1 = next(((el, text) for el, text, tag in heads if tag == "h1"), None)
    if first_h1 is not None:
        return first_h1
    if preferred:
        return None, preferred
    if article_parts:  # the title's article part (the whole title when it has no parts)
        return None, max(article_parts, key=len).strip()
    return None, ""


def _split_keywords(value: Any) -> list[str]:
    if isinstance(value, list):
        return [collapse_ws(str(v)) for v in value if str(v).strip()]
    text = str(value)
    parts = [k.strip() for k in _SPLIT_KEYWORDS.split(text) if k.strip()]
    if len(parts) == 1 and _CJK.search(text) and " " in parts[0]:
        parts = parts[0].split()  # "华为 任正非": CJK keywords separated by spaces
    return [k for k in parts if len(k) <= _MAX_KEYWORD_CHARS and not _BROKEN_KEYWORD.search(k)]


def _dedupe(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for item in items:
        if item.lower() not in seen:
            seen.add(item.lower())
            out.append(item)
    return out


# ---------------------------------------------------------------------------------------
# Links

def extract_links(root, base_url: str | None, *, anchors: list | None = None,
                  base_href: str | None = None, main_anchors: set[int] | None = None,
                  pairs: list | None = None) -> list[Link]:
    """Forward links: absolute http(s) URLs with their anchor text, in page order.

    Absolute and root-relative hrefs (the vast majority) are resolved without
    :func:`urllib.parse.urljoin`, which dominates the cost otherwise. ``main_anchors``:
    ids of the ``<a>`` elements inside the main text, which get ``in_main=True``.
    ``pairs``: a list that receives ``(element, link)`` for every link returned.
    """
    if anchors is None:
        anchors = list(root.iter("a"))
        base_el = root.find(".//base[@href]")
        base_href = base_el.get("href") if base_el is not None else None
    base = base_url
    if base_href and base_href.strip():
        try:
            base = urljoin(base_url or "", base_href.strip()) or base
        except ValueError:
            pass
    scheme, origin = _origin(base)
    links: list[Link] = []
    append = links.append
    for a in anchors:
        href = a.get("href")
        if not href:
            continue
        if href.startswith(("http://", "https://")):  # the common case, no resolving
            url = href.strip()
            if "[" in url and not _valid_bracketed_host(url):
                continue
        else:
            href = href.strip()
            if not href or href.startswith(_SKIP_HREF):
                continue
            if href[0] == "/" and href[1:2] != "/" and base and origin and "/." not in href:
                url = origin + href  # root-relative, the common case (as _resolve does it)
            else:
                url = _resolve(href, base, scheme, origin)
                if url is None:
                    continue
        text = a.text if len(a) == 0 else _text_content(a)
        link = Link(url, " ".join(text.split()) if text else "")
        if main_anchors is not None:
            link.in_main = id(a) in main_anchors
        append(link)
        if pairs is not None:
            pairs.append((a, link))
    return links


def _text_content(el) -> str:
    """``el.text_content()`` (all text below ``el``), cheaper: a leaf's text directly, else
    lxml's text serialiser (~40% cheaper than the XPath ``string()`` behind ``text_content``)."""
    if len(el) == 0:
        return el.text or ""
    return etree.tostring(el, method="text", encoding="unicode", with_tail=False)


def _valid_bracketed_host(url: str) -> bool:
    """IPv6 hosts are the only place a "[" may stand in a URL's authority; check them."""
    try:
        urlsplit(url).port  # raises on a broken [host] or port
    except ValueError:
        return False
    return True


def _origin(base: str | None) -> tuple[str | None, str | None]:
    """``("https", "https://host")`` of ``base``, or Nones when it is not an http(s) URL."""
    if not base:
        return None, None
    m = re.match(r"(https?):(//[^/?#]*)", base, re.IGNORECASE)
    if m is None:
        return None, None
    return m.group(1).lower(), m.group(1).lower() + ":" + m.group(2)


def _resolve(href: str, base: str | None, scheme: str | None, origin: str | None) -> str | None:
    low = href[:8].lower()
    if low.startswith(("http://", "https://")):
        return href
    if _SCHEME.match(href):
        return None  # ftp:, skype:, ... not a web link
    if not base:
        return href  # relative, nothing to resolve against: kept as written
    if href.startswith("//"):
        return f"{scheme}:{href}" if scheme else None
    if href.startswith("/") and origin and "/." not in href:
        return origin + href
    try:
        return urljoin(base, href)
    except ValueError:
        return None
