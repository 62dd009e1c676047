"""Choosing the page's dates: the collected elements in, the publication date and the
modification date (ISO 8601) out.

Publication date, most reliable source first: JSON-LD ``datePublished``, ``<meta>`` dates,
``itemprop=datePublished`` elements, date variables in inline scripts (``var ct = "..."``),
the permalink, ``<time>`` marked as the publication, the visible byline (relative dates
too when a reference time is known), any ``<time>``, and only then the modification date
(and optionally htmldate). The modification date: JSON-LD ``dateModified``, ``<meta>``,
``itemprop=dateModified``/``dateUpdate``, ``<time>`` marked as updated, script variables.
"""

from __future__ import annotations

import re
from datetime import date as _date, datetime, timedelta
from typing import Callable

from lxml import etree

from .collect import Collected
from .dateparse import parse_date, timestamp_date, url_date
from .visible import labelled_date, visible_date

# itemprop values of elements holding each date (any element: <span itemprop=...>).
ITEMPROPS: dict[str, tuple[str, ...]] = {
    "published": ("datePublished", "dateCreated"),
    "modified": ("dateModified", "dateUpdate", "dateUpdated"),
}
# RDFa ``property`` values of elements holding each date (<span property="schema:dateCreated">).
RDFA_PROPERTIES: dict[str, tuple[str, ...]] = {
    "published": ("schema:datePublished", "schema:dateCreated", "dc:date", "dcterms:date",
                  "dc:created", "dcterms:created", "dcterms:issued", "datePublished"),
    "modified": ("schema:dateModified", "dcterms:modified", "dc:modified", "dateModified"),
}
# Names of inline-script variables and keys holding each date ("var ct = '...'",
# "publishTime: 1566870000"): lower case, compared with "_" and "-" removed.
SCRIPT_NAMES: dict[str, frozenset[str]] = {
    "published": frozenset({
        "ct", "pubtime", "pubdate", "publishtime", "publishdate", "publisheddate", "publishedtime",
        "publishedat", "datepublished", "datecreated", "createtime", "createdat", "ptime",
        "newstime", "articletime", "posttime", "postdate", "releasedate", "firstpublisheddate",
        "firstpublishdate", "datepub", "pubdatetime",
    }),
    "modified": frozenset({"mtime", "updatetime", "updatedat", "datemodified", "modifiedtime",
                           "lastmodified", "modifytime", "datelastmodified", "updatedate"}),
}
MAX_SCRIPT_HTML_CHARS = 1_000_000  # of the page source searched for script date variables
MAX_SCRIPT_CHARS = 100_000  # a longer inline script is library code, not page settings
_SCRIPT_ASSIGN = re.compile(
    r"""(?<![\w.$])["']?([A-Za-z][\w-]{1,30})["']?\s*[:=]\s*(?:["']([^"'\n]{6,40})["']|(\d{10}(?:\d{3})?)(?!\d))""")
# <time> marks (class / itemprop / id words)
_PUBLISHED_MARK = re.compile(r"publish|entry-date|posted", re.IGNORECASE)
_MODIFIED_MARK = re.compile(r"updated|modified", re.IGNORECASE)
# A UTC time this many hours from midnight (or closer) may be another day locally
# (UTC-12 .. UTC+14: be generous, the local day must still be shown on the page).
LOCAL_DAY_HOURS = 10
# "2020-02-25T23:00:00Z": a whole evening hour in UTC with no minutes or seconds is how a
# date is stored at local midnight in UTC+1 .. UTC+4 (the local day is the next one).
_LOCAL_MIDNIGHT_EAST = re.compile(r"T(?:20|21|22|23):00(?::00(?:\.0+)?)?\s*(?:Z|[+-]00:?00)$", re.IGNORECASE)
_UTC_SUFFIX = re.compile(r"(?:Z|[+-]00:?00)$", re.IGNORECASE)



def publication_date(root, ld: dict[str, str], got: Collected, url: str | None, headline_el,
                     reference: datetime | None = None, html: str = "") -> str | None:
    """The publication date, from the most reliable source that has one (see module).
    ``html``: the page source (script bodies are not in the tree)."""
    for value in (ld.get("datePublished"), got.value("date")):
        found = parse_date(value)
        if found:
            found = local_day(found, value, lambda: (url_date(url), visible_date(root, headline_el)))
            return _shown_instead(found, root, headline_el,
                                  lambda: _declared_days(root, ld, got, html))
    found = (itemprop_date(root, ITEMPROPS["published"], RDFA_PROPERTIES["published"])
             or script_date(html, "published") or url_date(url) or time_date(got.times, "published"))
    if found:
        return found
    return (visible_date(root, headline_el, reference) or time_date(got.times, None)
            or labelled_date(root, "published") or modified_date(root, ld, got, html)
            or labelled_date(root, "modified"))


def _shown_instead(found: str, root, headline_el, declared: Callable[[], set[str]]) -> str:
    """The date shown by the headline when it is later than the structured ``found`` and
    another date the page declares (``declared()``: days of its structured, modified and
    ``<time>`` dates) confirms it: an updated or republished article shows its readers the
    date they take as its own; an unconfirmed later date is often today's date in the
    page header or a teaser's (measured on the trafilatura set, see metadata_eval)."""
    if headline_el is None:
        return found
    shown = visible_date(root, headline_el)
    if not shown or shown[:10] <= found[:10]:
        return found
    return shown if shown[:10] in declared() else found


def _declared_days(root, ld: dict[str, str], got: Collected, html: str) -> set[str]:
    values = [parse_date(ld.get("datePublished")), parse_date(got.value("date")),
              modified_date(root, ld, got, html), time_date(got.times, None)]
    return {v[:10] for v in values if v}


def modified_date(root, ld: dict[str, str], got: Collected, html: str = "") -> str | None:
    """The last modification date the page declares, or None."""
    for value in (ld.get("dateModified"), got.value("modified")):
        found = parse_date(value)
        if found:
            return found
    return (itemprop_date(root, ITEMPROPS["modified"], RDFA_PROPERTIES["modified"])
            or time_date(got.times, "modified")
            or script_date(html, "modified"))


def itemprop_date(root, props: tuple[str, ...], rdfa: tuple[str, ...] = ()) -> str | None:
    """The first date in an element whose itemprop is one of ``props``, else whose RDFa
    ``property`` is one of ``rdfa`` (``<meta property>`` was read by the collecting pass).
    One XPath scan of the tree for all the names; the order of ``props`` then ``rdfa``
    decides between the elements found."""
    elements = _prop_xpath(props, rdfa)(root)
    if not elements:
        return None
    for attr, names in (("itemprop", props), ("property", rdfa)):
        for name in names:
            for el in elements:
                if el.get(attr) == name:
                    found = parse_date(el.get("content") or el.get("datetime") or el.text_content()[:100])
                    if found:
                        return found
    return None


_PROP_XPATHS: dict[tuple, etree.XPath] = {}


def _prop_xpath(props: tuple[str, ...], rdfa: tuple[str, ...]) -> etree.XPath:
    key = (props, rdfa)
    if key not in _PROP_XPATHS:
        tests = [f"@itemprop='{p}'" for p in props] + [f"@property='{p}'" for p in rdfa]
        _PROP_XPATHS[key] = etree.XPath(f"descendant::*[{' or '.join(tests)}][not(self::meta and @property)]")
    return _PROP_XPATHS[key]


def script_date(html: str, kind: str) -> str | None:
    """A date assigned in an inline script of ``html`` to a variable or key named for
    ``kind`` ("published" or "modified"; see :data:`SCRIPT_NAMES`): a date string or a
    Unix time. Only scripts up to :data:`MAX_SCRIPT_CHARS` long are read (page settings,
    not libraries), within the first :data:`MAX_SCRIPT_HTML_CHARS` of the page."""
    names = SCRIPT_NAMES[kind]
    for script in _script_bodies(html):
        for m in _SCRIPT_ASSIGN.finditer(script):
            if m.group(1).lower().replace("_", "").replace("-", "") not in names:
                continue
            found = parse_date(m.group(2)) if m.group(2) else timestamp_date(int(m.group(3)))
            if found:
                return found
    return None


def _script_bodies(html: str):
    """The bodies of the short inline scripts of ``html`` (found with ``str.find``)."""
    end_of_search = min(len(html), MAX_SCRIPT_HTML_CHARS)
    lower = html[:end_of_search].lower()
    pos = lower.find("<script")
    while pos >= 0:
        start = lower.find(">", pos)
        end = lower.find("</script", start) if start >= 0 else -1
        if end < 0:
            return
        if end - start <= MAX_SCRIPT_CHARS:
            yield html[start + 1:end]
        pos = lower.find("<script", end)


def time_date(times: list, mark: str | None) -> str | None:
    """From ``<time>`` elements: with ``mark`` "published" or "modified", only those marked
    so (class, itemprop, id; ``pubdate``); with None, any."""
    for el in times:
        if mark is not None:
            marks = " ".join(filter(None, (el.get("class"), el.get("itemprop"), el.get("id"))))
            modified = _MODIFIED_MARK.search(marks) is not None
            if mark == "modified" and not modified:
                continue
            if mark == "published" and (modified or (el.get("pubdate") is None
                                                     and not _PUBLISHED_MARK.search(marks))):
                continue
        found = parse_date(el.get("datetime") or el.get("content") or el.text_content()[:100])
        if found:
            return found
    return None


def local_day(found: str, raw: str, local_days: Callable[[], tuple[str | None, ...]]) -> str:
    """A UTC timestamp near midnight may fall on the day after (or before) the local
    publication day. When the page shows the neighbouring day where its readers see it
    (the permalink, then the byline: ``local_days()``, asked only for such timestamps),
    that day wins."""
    if "T" not in found or not _UTC_SUFFIX.search(raw.strip()):
        return found
    if _LOCAL_MIDNIGHT_EAST.search(raw):  # a day stored as its midnight in Europe/Asia
        return (_date.fromisoformat(found[:10]) + timedelta(days=1)).isoformat()
    hour = int(found[11:13])
    if LOCAL_DAY_HOURS <= hour < 24 - LOCAL_DAY_HOURS:
        return found  # no offset of a populated time zone moves this time to another day
    for day in local_days():
        if not day or day[:10] == found[:10]:
            continue
        try:
            gap = abs((_date.fromisoformat(day[:10]) - _date.fromisoformat(found[:10])).days)
        except ValueError:
            continue
        if gap == 1:
            return day[:10]
    return found


def htmldate_date(html: str, url: str | None) -> str | None:
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
