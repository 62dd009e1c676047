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

from ..html.walk import native_nodes, native_raw
from ..html import walk
from .collect import ALL_PROPS, ALL_RDFA, ITEMPROPS, RDFA_PROPERTIES, Collected  # noqa: F401 - tables: public names
from .native import _native  # (read as native_metadata() gives it, inline: ``_native if walk.ENABLED else None``)
from .dateparse import parse_date, timestamp_date, url_date
from .visible import labelled_date, labelled_text, visible_date

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
# An assigned value that may be a date: ``= "2019-08-27 10:30"`` / ``: 1566870000``. The
# regex starts at the ``:``/``=`` (a rare character: ~8x cheaper than starting at every
# name); the name before it is then read backwards (:func:`_assigned_name`).
_SCRIPT_VALUE = re.compile(r"""[:=]\s*(?:["']([^"'\n]{6,40})["']|(\d{10}(?:\d{3})?)(?!\d))""")
MAX_SCRIPT_NAME = 31  # longer names are no settings variable
# <time> marks (class / itemprop / id words)
_PUBLISHED_MARK = re.compile(r"publish|entry-date|posted", re.IGNORECASE)
_MODIFIED_MARK = re.compile(r"updated|modified", re.IGNORECASE)
# A UTC time this many hours from midnight (or closer) may be another day locally
# (UTC-12 .. UTC+14: be generous, the local day must still be shown on the page).
LOCAL_DAY_HOURS = 10
# "2020-02-25T23:00:00Z": a whole evening hour in UTC with no minutes or seconds is how a
# date is stored at local midnight in UTC+1 .. UTC+4 (the local day is the next one).
_LOCAL_MIDNIGHT_EAST = re.compile(r"T(?:20|21|22|23):00(?::00(?:\.0+)?)?\s*(?:Z|GMT|UTC|[+-]00:?00)$",
                                  re.IGNORECASE)
_UTC_SUFFIX = re.compile(r"(?:Z|GMT|UTC|[+-]00:?00)$", re.IGNORECASE)  # "...Z", "Wed, 04 May 2022 00:25:56 GMT"
_UTC_SUFFIX_CHARS = 6  # the longest _UTC_SUFFIX match ("+00:00")
# <meta> date keys that do not say which date they are (publication, update, the day the
# page was generated): the date the page shows by its headline wins over them.
WEAK_META_DATES = frozenset({"date", "dc.date", "dcterms.date"})



class DateSources:
    """One page's date sources, each read at most once and only when asked (the choice of
    the publication date, of the modification date and the checks between them share them).
    ``html``: the page source (script bodies are not in the tree) as text or as its UTF-8
    bytes (:func:`script_dates`), or a function giving it: it is only read when the script
    dates are asked for (the metadata pass gives the bytes a page came as, which the C scan
    reads without decoding the page)."""

    __slots__ = ("root", "ld", "got", "url", "headline_el", "_html", "_itemprops", "_scripts",
                 "_visible", "_modified", "_labelled", "_labelled_text")

    def __init__(self, root, ld: dict[str, str], got: Collected, url: str | None, headline_el,
                 html: str | bytes | Callable[[], str | bytes] = "") -> None:
        self.root, self.ld, self.got, self.url = root, ld, got, url
        self.headline_el, self._html = headline_el, html
        self._itemprops: dict[str, str | None] | None = None
        self._scripts: dict[str, str | None] | None = None
        self._visible: dict[datetime | None, str | None] = {}
        self._modified: tuple[str | None] | None = None
        self._labelled: dict[str, str | None] = {}
        self._labelled_text: tuple[str | None] | None = None  # read once for both kinds

    def itemprop(self, kind: str) -> str | None:
        """The ``itemprop``/RDFa date of ``kind`` (one scan of the tree serves both kinds)."""
        if self._itemprops is None:  # (the elements: read by the C collecting walk when it ran)
            self._itemprops = itemprop_dates(self.root, self.got.dated)
        return self._itemprops[kind]

    def script(self, kind: str) -> str | None:
        """The inline-script date of ``kind`` (one scan of the source serves both kinds)."""
        if self._scripts is None:
            html = self._html
            self._scripts = script_dates(html if isinstance(html, (str, bytes)) else html())
        return self._scripts[kind]

    def visible(self, reference: datetime | None = None) -> str | None:
        if reference not in self._visible:
            self._visible[reference] = visible_date(self.root, self.headline_el, reference,
                                                    labelled=self._labelled_published)
        return self._visible[reference]

    def _labelled_published(self) -> str | None:
        """``labelled("published")`` (a bound method is cheaper to make than a lambda)."""
        return self.labelled("published")

    def local_days(self) -> tuple[str | None, str | None]:
        """The days the page shows where its readers see them: the permalink's, the
        byline's (what :func:`local_day` asks for)."""
        return url_date(self.url), self.visible()

    def labelled(self, kind: str) -> str | None:
        if kind not in self._labelled:
            if self._labelled_text is None:
                self._labelled_text = (labelled_text(self.root),)
            text = self._labelled_text[0]
            self._labelled[kind] = labelled_date(self.root, kind, text) if text is not None else None
        return self._labelled[kind]

    def modified(self) -> str | None:
        """The last modification date the page declares, or None (read once)."""
        if self._modified is not None:
            return self._modified[0]
        found = parse_date(self.ld.get("dateModified")) or parse_date(self.got.values.get("modified"))
        if not found:
            found = self.itemprop("modified") or time_date(self.got.times, "modified") or self.script("modified")
        self._modified = (found,)
        return found


def publication_date(src: DateSources, reference: datetime | None = None) -> str | None:
    """The publication date, from the most reliable source that has one (see module)."""
    local_days = src.local_days
    for value in (src.ld.get("datePublished"), src.got.values.get("date")):
        found = parse_date(value)
        if found:
            found = local_day(found, value, local_days)
            if value is not src.ld.get("datePublished") and src.got.key("date") in WEAK_META_DATES:
                return _shown_by_headline(found, src)
            return _shown_instead(found, src)
    found = src.itemprop("published") or src.script("published")
    if found:
        return local_day(found, found, local_days)
    found = url_date(src.url) or time_date(src.got.times, "published")
    if found:
        return found
    return (src.visible(reference) or time_date(src.got.times, None)
            or src.labelled("published") or src.modified() or src.labelled("modified"))


def _shown_instead(found: str, src: DateSources) -> str:
    """The date shown by the headline when it is later than the structured ``found`` and
    another date the page declares (days of its structured, modified and ``<time>``
    dates) confirms it: an updated or republished article shows its readers the date
    they take as its own; an unconfirmed later date is often today's date in the page
    header or a teaser's (measured on the trafilatura set, see metadata_eval). The shown
    date is read only when a declared day is later than ``found``."""
    if src.headline_el is None:
        return found
    # the days of the page's structured, modified and <time> dates later than found's (a
    # loop: in Python 3.11 a comprehension makes a function object a run)
    day = found[:10]
    later = set()
    for v in (parse_date(src.ld.get("datePublished")), parse_date(src.got.values.get("date")),
              src.modified(), time_date(src.got.times, None)):
        if v and v[:10] > day:
            later.add(v[:10])
    if not later:
        return found
    shown = src.visible()
    return shown if shown and shown[:10] in later else found


def _shown_by_headline(found: str, src: DateSources) -> str:
    """The date the page shows by its headline instead of ``found`` when ``found`` came from
    a :data:`WEAK_META_DATES` key and the shown date is another day."""
    shown = src.visible() if src.headline_el is not None else None
    return shown if shown and shown[:10] != found[:10] else found


def itemprop_dates(root, elements: list | None = None) -> dict[str, str | None]:
    """Per kind ("published", "modified") the first date in an element whose itemprop is
    one of :data:`ITEMPROPS` of that kind, else whose RDFa ``property`` is one of
    :data:`RDFA_PROPERTIES` (``<meta property>`` was read by the collecting pass). One
    scan of the tree (none when ``elements`` gives what :func:`_prop_elements` finds);
    the order of the names decides between the elements found."""
    if elements is None:
        elements = _prop_elements(root)
    out: dict[str, str | None] = {}
    for kind in ("published", "modified"):
        out[kind] = _first_prop_date(elements, ITEMPROPS[kind], RDFA_PROPERTIES[kind]) if elements else None
    return out


def _first_prop_date(elements: list, props: tuple[str, ...], rdfa: tuple[str, ...]) -> str | None:
    for attr, names in (("itemprop", props), ("property", rdfa)):
        for name in names:
            for el in elements:
                if el.get(attr) == name:
                    found = parse_date(el.get("content") or el.get("datetime") or el.text_content()[:100])
                    if found:
                        return found
    return None


def _prop_elements(root) -> list:
    """Elements with a date ``itemprop`` or RDFa ``property``, in page order (a Python
    loop over ``iter()``: ~7x cheaper than one XPath with a test per name)."""
    nodes = native_nodes()
    if nodes is not None:  # the same loop in C
        return nodes.prop_elements(root, ALL_PROPS, ALL_RDFA)
    out = []
    for el in root.iter(etree.Element):
        prop = el.get("property")
        if (el.get("itemprop") in ALL_PROPS or prop in ALL_RDFA) \
                and not (prop is not None and el.tag == "meta"):
            out.append(el)
    return out


def script_dates(html: str | bytes) -> dict[str, str | None]:
    """Per kind ("published", "modified") the first date assigned in an inline script of
    ``html`` to a variable or key named for it (:data:`SCRIPT_NAMES`): a date string or
    a Unix time. Only scripts up to :data:`MAX_SCRIPT_CHARS` long are read (page
    settings, not libraries), within the first :data:`MAX_SCRIPT_HTML_CHARS` of the page.
    ``html``: the page's text, or its UTF-8 bytes (what the text is, encoded)."""
    out: dict[str, str | None] = {"published": None, "modified": None}
    for kind, quoted, digits in _assignments(html):
        if out[kind] is None:
            out[kind] = parse_date(quoted) if quoted else timestamp_date(int(digits))
            if out["published"] and out["modified"]:
                break
    return out


def _assignments(html: str | bytes):
    """``(kind, quoted value, digits)`` of each script value assigned to a name of
    :data:`SCRIPT_NAMES`, in page order (one of the two values None): found in C
    (metadata/_native.pyx, one pass over the page's buffer; UTF-8 bytes are read as they
    are, not decoded) when built, else by :func:`_script_assignments`."""
    native = (_native if walk.ENABLED else None)
    if native is not None:
        scan = native.script_assignments_utf8 if isinstance(html, bytes) else native.script_assignments
        return scan(html, MAX_SCRIPT_HTML_CHARS, MAX_SCRIPT_CHARS, MAX_SCRIPT_NAME, _SCRIPT_KIND)
    return _script_assignments(html.decode("utf-8") if isinstance(html, bytes) else html)


def _script_assignments(html: str):
    """:func:`_assignments` in Python (the fallback, and the C twin's reference), lazily."""
    raw = native_raw()  # _assigned_name in C (html/_raw.pyx) when built
    for script in _script_bodies(html):
        for m in _SCRIPT_VALUE.finditer(script):
            if raw is not None:
                name = raw.assigned_name(script, m.start(), MAX_SCRIPT_NAME)
            else:
                name = _assigned_name(script, m.start())
            kind = _SCRIPT_KIND.get(name.lower().replace("_", "").replace("-", "")) if name else None
            if kind is not None:
                yield kind, m.group(1), m.group(2)


def _assigned_name(script: str, end: int) -> str | None:
    """The name written right before ``script[end]`` (a ``:`` or ``=``), quotes and spaces
    allowed between: a letter then up to 30 word characters or hyphens, not part of a
    dotted or ``$`` path; else None."""
    pos = end
    while pos > 0 and script[pos - 1] in " \t\r\n":
        pos -= 1
    if pos > 0 and script[pos - 1] in "\"'":
        pos -= 1
    stop = pos
    low = max(0, stop - MAX_SCRIPT_NAME - 1)
    while pos > low and (script[pos - 1].isalnum() or script[pos - 1] in "_-"):
        pos -= 1
    name = script[pos:stop]
    if not 2 <= len(name) <= MAX_SCRIPT_NAME or not ("a" <= name[0].lower() <= "z"):
        return None
    if pos > 0 and (script[pos - 1].isalnum() or script[pos - 1] in "_-.$"):
        return None
    return name


_SCRIPT_KIND = {name: kind for kind, names in SCRIPT_NAMES.items() for name in names}


def script_date(html: str, kind: str) -> str | None:
    """The inline-script date of ``kind`` in ``html`` (see :func:`script_dates`)."""
    return script_dates(html)[kind]


_SCRIPT_OPEN = re.compile(r"<script\b", re.IGNORECASE)
_SCRIPT_CLOSE = re.compile(r"</script", re.IGNORECASE)


def _script_bodies(html: str):
    """The bodies of the short inline scripts of ``html``."""
    end_of_search = min(len(html), MAX_SCRIPT_HTML_CHARS)
    m = _SCRIPT_OPEN.search(html, 0, end_of_search)
    while m is not None:
        start = html.find(">", m.end(), end_of_search)
        close = _SCRIPT_CLOSE.search(html, start, end_of_search) if start >= 0 else None
        if close is None:
            return
        if close.start() - start <= MAX_SCRIPT_CHARS:
            yield html[start + 1:close.start()]
        m = _SCRIPT_OPEN.search(html, close.end(), end_of_search)


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
    if "T" not in found:
        return found
    raw_end = raw.strip()  # (a suffix match starts in its last 6 characters: searched from there)
    if not _UTC_SUFFIX.search(raw_end, len(raw_end) - _UTC_SUFFIX_CHARS):
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
