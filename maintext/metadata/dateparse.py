"""Reading one date out of a string: text in, ISO 8601 out (``YYYY-MM-DD``, with
``THH:MM`` when the text gives a time, and ``+HH:MM`` when it also gives an offset).

Absolute forms (:func:`parse_date`): ISO and other numeric forms, CJK ``年月日``, day and
month names of the languages in :data:`MONTH_NAMES`, compact ``20190827``; dates in
permalinks (:func:`url_date`). Relative forms (:func:`relative_date`: "昨天", "vor 3 Tagen",
"2 hours ago") only against a reference time the caller knows.
"""

from __future__ import annotations

import functools
import re
from datetime import date as _date, datetime, timedelta, timezone
from typing import Any

from ..html import walk
from .native import _native  # (read as native_metadata() gives it, inline: ``_native if walk.ENABLED else None``)

# Month names, one line per month (German, English, French, Spanish, Italian, Portuguese,
# Dutch, Polish, Russian, Ukrainian, genitive forms too), lower case, unaccented variants too.
MONTH_NAMES: tuple[str, ...] = (
    "january jan januar janvier enero gennaio janeiro januari jän jänner stycznia styczeń ene gen"
    " января январь янв січня січень",
    "february feb februar février fevrier febrero febbraio fevereiro februari lutego luty"
    " февраля февраль фев лютого лютий",
    "march mar märz maerz mars marzo março marco maart marca marzec mrz марта март березня березень",
    "april apr avril abril aprile kwietnia kwiecień abr апреля апрель апр квітня квітень",
    "may mai mayo maggio maio mei maja maj mag мая май травня травень",
    "june jun juni juin junio giugno junho czerwca czerwiec giu июня июнь червня червень",
    "july jul juli juillet julio luglio julho lipca lipiec lug июля июль липня липень",
    "august aug août aout agosto augustus sierpnia sierpień ago августа август авг серпня серпень",
    "september sep sept septembre septiembre settembre setembro września wrzesień set"
    " сентября сентябрь сен вересня вересень",
    "october oct okt oktober octobre octubre ottobre outubro października październik ott out"
    " октября октябрь окт жовтня жовтень",
    "november nov novembre noviembre novembro listopada listopad ноября ноябрь ноя листопада листопад",
    "december dec dez dezember décembre decembre diciembre dicembre dezembro grudnia grudzień dic"
    " декабря декабрь дек грудня грудень",
)
MONTHS: dict[str, int] = {name: num for num, line in enumerate(MONTH_NAMES, start=1)
                          for name in line.split()}
_MONTH_ALT = "|".join(sorted((re.escape(m) for m in MONTHS), key=len, reverse=True))
_TIME = r"(?:[ T,]+(?:um |at |à )?(\d{1,2})[:h](\d{2}))?"
# Letters (no digit or "_"): every character a month name matches, case-blind, is one (tested).
# The month-name forms look ahead for letters followed by what follows the name before
# they try the ~150 names (~40 us a value otherwise, at every digit or word start); the
# lookahead holds wherever a form matches, so the matches are the same.
_LETTERS = r"[^\W\d_]+"
# (pattern, group order): "y_md" = year, sep, month, day; "ymd"; "d_my"; "dMy"; "Mdy";
# then optional hour, minute. A form that must not follow a digit starts with its first
# digit and looks behind after it ("(\d(?<!\d.)" is "(?<!\d)(\d"): a pattern that starts
# with a character (set) lets re skip the positions that hold none at C speed, instead of
# trying the lookbehind at each (~3x cheaper on a long text piece; the same matches, tested).
_DATE_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    # 2019-08-27, 2019/08/27, 2019.08.27 (+ time)
    (re.compile(r"((?:19|20)(?<!\d..)\d\d)([-/.])(\d{1,2})\2(\d{1,2})(?!\d)" + _TIME), "y_md"),
    # 2019 09/07 19:02 (year apart from month/day, as some bylines print it)
    (re.compile(r"((?:19|20)(?<![\d/.-]..)\d\d)(\s+)(\d\d)/(\d\d)(?![\d/])" + _TIME), "y_md"),
    # 2019年08月27日 10:30 (Chinese, Japanese)
    (re.compile(r"((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日\s*(?:(\d{1,2}):(\d{2}))?"), "ymd"),
    # 27.08.2019, 27/08/2019, 08/27/2019 (day first unless impossible)
    (re.compile(r"(\d(?<![\d.].)\d?)([./-])(\d{1,2})\2((?:19|20)\d\d)(?!\d)" + _TIME), "d_my"),
    # 27. August 2019, 27 Aug 2019, 27 de agosto de 2019, 1er mai 2019
    (re.compile(rf"(\d(?<!\d.)\d?)(?:\.|er|st|nd|rd|th)?\s*(?:de\s+)?(?={_LETTERS}\.?,?\s)({_MONTH_ALT})"
                rf"\.?,?\s+(?:de\s+)?((?:19|20)\d\d)(?!\d)" + _TIME, re.IGNORECASE), "dMy"),
    # August 27, 2019; Aug. 27 2019
    (re.compile(rf"\b(?={_LETTERS}\.?\s+\d)({_MONTH_ALT})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)(?!\d)"
                + _TIME, re.IGNORECASE), "Mdy"),
)
_MONTH_FORMS = frozenset({"dMy", "Mdy"})  # both need white space after the month name
# An ISO date at the start, then a time or the end: "2019-08-27T10:30:00+02:00", "2019-08-27".
# Where it matches, the first form ("y_md") matches at the start with the same groups, and
# read_date takes that match (a date found at the start ends the search): read_date reads
# these without the forms' loop (~2x cheaper; the same results, tests/metadata/test_dateparse.py)
_ISO_STAMP = re.compile(r"((?:19|20)\d\d)-(\d\d)-(\d\d)(?:[ T](\d\d):(\d\d)|\Z)")
# A compact ISO timestamp such as 20190827T103000 or 20190827
_COMPACT_DATE = re.compile(r"^((?:19|20)\d\d)(\d\d)(\d\d)(?:T?(\d\d)(\d\d))?")
# Right after a time: seconds, fractions, then a UTC offset ("Z", "+02:00", "+0200", "GMT+8").
_OFFSET = re.compile(r"(?::\d\d(?:[.,]\d+)?)?\s*(?:(Z|UTC|GMT)(?![A-Za-z])([+-]\d{1,2}(?::?\d\d)?)?|([+-]\d\d):?(\d\d)(?!\d))")
# Dates in permalinks: /2019/08/27/, /2019-08-27-, /20190827/
_URL_DATE = re.compile(r"/((?:19|20)\d\d)[/-](\d{1,2})[/-](\d{1,2})(?:[/_.-]|$)|/((?:19|20)\d\d)(\d\d)(\d\d)/")
_TODAY_YEAR = _date.today().year
YEAR = re.compile(r"(?:19|20)\d\d")  # every absolute date form (and _COMPACT_DATE) writes one


# Short values whose reading is remembered: a page's declared dates (JSON-LD, <meta>,
# <time>) are read two or three times by the publication and modification date choices.
CACHED_DATE_CHARS = 64
CACHED_DATES = 512


def parse_date(value: str | None) -> str | None:
    """:func:`read_date`, remembered for short values (:data:`CACHED_DATE_CHARS`)."""
    if value is not None and len(value) <= CACHED_DATE_CHARS:
        return _cached_date(value)
    return read_date(value)


def read_date(value: str | None) -> str | None:
    """The first date in ``value`` as ISO 8601, or None.

    Day first for ``dd.mm.yyyy`` (month first only when the day-first reading is
    impossible); a time of day is kept when written as ``HH:MM``, and a UTC offset
    written right after it is kept too (``2019-08-27T10:30+02:00``).
    """
    value = (value or "").strip()
    if not value:
        return None
    # (each regex call costs some 2,500 instructions, even on a short value: the two
    # checks below are skipped where their answer is known; the same results, tested)
    if value[4:5].isdecimal():  # (a compact date has a digit after its year: ISO dates a "-")
        m = _COMPACT_DATE.match(value)
        if m:
            return _iso(*m.groups())
    if value[4:5] == "-":  # (an ISO date, most declared dates: read at once, see _iso_stamp)
        native = (_native if walk.ENABLED else None)
        found = (native.iso_stamp(value, _TODAY_YEAR + 1) if native is not None and value.isascii()
                 else _iso_stamp(value))
        if found is not None:
            return found
    if not value.startswith(("19", "20")) and YEAR.search(value) is None:
        return None  # every form writes a four-digit year: skip cheaply (a value that may start
        # with one is read on: no form matches one without a year, the same None)
    best: tuple[int, str] | None = None
    spaced = len(value.split(None, 1)) > 1  # (str.split's white space is re's \s: tested)
    # The numeric forms write a "-", "/" or "." between the numbers, the CJK form a "年": a
    # form whose character is missing is not searched (it cannot match)
    separated = "-" in value or "/" in value or "." in value
    for pattern, order in _DATE_FORMS:
        if best is not None and best[0] == 0:
            break  # a later form wins only by starting earlier (saves the month-name forms' searches)
        if order in _MONTH_FORMS:
            if not spaced:
                continue
        elif not (separated if order != "ymd" else "年" in value):
            continue
        m = pattern.search(value)
        if m is None or (best is not None and m.start() >= best[0]):
            continue
        # the match's year, month, day, hour, minute by the form's group order (inline: one
        # call less for each date read)
        g = m.groups()
        if order == "y_md":
            iso = _iso(g[0], g[2], g[3], g[4], g[5])
        elif order == "ymd":
            iso = _iso(g[0], g[1], g[2], g[3], g[4])
        elif order == "d_my":
            day, month = int(g[0]), int(g[2])
            if month > 12 and day <= 12:  # 08/27/2019: US order
                day, month = month, day
            iso = _iso(g[3], month, day, g[4], g[5])
        elif order == "dMy":
            iso = _iso(g[2], MONTHS.get(g[1].lower()), g[0], g[3], g[4])
        else:  # Mdy
            iso = _iso(g[2], MONTHS.get(g[0].lower()), g[1], g[3], g[4])
        if iso:
            best = (m.start(), iso + (_offset_after(value, m.end()) if "T" in iso else ""))
    return best[1] if best else None


_cached_date = functools.lru_cache(maxsize=CACHED_DATES)(read_date)


def _iso_stamp(value: str) -> str | None:
    """What :func:`read_date` gives for the stripped ``value`` when :data:`_ISO_STAMP` matches
    it and its date is valid (the first form's match at the start: the search ends there),
    else None (then read_date reads on). The twin of ``_native.iso_stamp`` (ASCII values)."""
    m = _ISO_STAMP.match(value)
    if m is None:
        return None
    iso = _iso(*m.groups())
    if not iso:
        return None
    return iso + _offset_after(value, m.end()) if "T" in iso else iso


def _offset_after(text: str, pos: int) -> str:
    """``+HH:MM`` for a UTC offset written at ``text[pos:]`` (after a time), else ``""``."""
    m = _OFFSET.match(text, pos)
    if m is None:
        return ""
    named, named_offset, sign_hours, minutes = m.groups()  # (one call, not one a group)
    if named:  # Z / UTC / GMT, maybe GMT+8
        if not named_offset:
            return "+00:00"
        sign, rest = named_offset[0], named_offset[1:].replace(":", "")
        hours, minutes = (rest[:-2], rest[-2:]) if len(rest) > 2 else (rest, "00")
    else:
        sign, hours = sign_hours[0], sign_hours[1:]
    h = _NUMBER.get(hours) or int(hours)
    mi = _NUMBER.get(minutes) or int(minutes)
    return f"{sign}{_TWO_DIGITS[h]}:{_TWO_DIGITS[mi]}" if h <= 14 and mi < 60 else ""


# What the date forms' digit groups read most often, as int() reads them ("08" -> 8; int()
# reads the others, Unicode digits too: ``_NUMBER.get(s) or int(s)``, where a 0 found is read
# again by int(), the same 0), and 0-99 written with two digits ("%02d"): a dict lookup and an
# index instead of int() and formatting (~4x cheaper: each int() of a string costs ~1,300
# instructions, date.isoformat() ~3,400)
_NUMBER: dict[str, int] = {**{str(n): n for n in range(100)}, **{"%02d" % n: n for n in range(10)},
                           **{str(y): y for y in range(1900, 2100)}}
_TWO_DIGITS: tuple[str, ...] = tuple("%02d" % n for n in range(100))
_YEAR_TEXT: dict[int, str] = {y: str(y) for y in range(1990, _TODAY_YEAR + 2)}  # (the years _iso keeps)
_MONTH_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _iso(year: Any, month: Any, day: Any, hour: Any = None, minute: Any = None) -> str | None:
    """``YYYY-MM-DD`` (with ``THH:MM`` when the time is not midnight) of a valid date between
    1990 and next year, else None. The numbers: digit strings (the date forms' groups) or
    non-negative ints; the month None when its name is unknown. (What ``datetime.date``
    accepts, checked directly, and written out: tests/metadata/test_dateparse.py.)"""
    try:
        y = _NUMBER.get(year) or int(year)
        mo = _NUMBER.get(month) or int(month)
        d = _NUMBER.get(day) or int(day)
    except (TypeError, ValueError):
        return None
    if not 1990 <= y <= _TODAY_YEAR + 1 or not 1 <= mo <= 12 or d < 1 or d > _MONTH_DAYS[mo] and not (
            mo == 2 and d == 29 and y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)):
        return None
    out = f"{_YEAR_TEXT[y]}-{_TWO_DIGITS[mo]}-{_TWO_DIGITS[d]}"  # (one string built: f-string parts)
    if hour is not None and minute is not None:
        h = _NUMBER.get(hour) or int(hour)
        mi = _NUMBER.get(minute) or int(minute)
        if h < 24 and mi < 60 and (h or mi):
            return f"{out}T{_TWO_DIGITS[h]}:{_TWO_DIGITS[mi]}"
    return out


def url_date(url: str | None) -> str | None:
    """A full date written in the path of ``url`` (``/2019/08/27/``), or None."""
    m = _URL_DATE.search(url) if url else None
    if m is None:
        return None
    if m.group(1):
        return _iso(m.group(1), m.group(2), m.group(3))
    return _iso(m.group(4), m.group(5), m.group(6))


def timestamp_date(seconds: float, tz: timezone = timezone.utc) -> str | None:
    """A Unix timestamp (seconds, or milliseconds when that large) as ISO with offset."""
    if seconds > 1e11:
        seconds /= 1000
    try:
        moment = datetime.fromtimestamp(seconds, tz)
    except (OverflowError, OSError, ValueError):
        return None
    if not 1990 <= moment.year <= _TODAY_YEAR + 1:
        return None
    return moment.isoformat(timespec="minutes")


# ---------------------------------------------------------------------------------------
# Relative dates. Words for "N units ago" per language -> unit; day words -> days back.
_UNIT_WORDS: dict[str, tuple[str, ...]] = {
    "minutes": ("minute", "minutes", "min", "mins", "minuten", "minuto", "minutos", "分钟", "分鐘"),
    "hours": ("hour", "hours", "hr", "hrs", "stunde", "stunden", "heure", "heures", "hora",
              "horas", "小时", "小時", "時間"),
    "days": ("day", "days", "tag", "tagen", "tage", "jour", "jours", "día", "días", "dia", "dias",
             "天", "日"),
    "weeks": ("week", "weeks", "woche", "wochen", "semaine", "semaines", "semana", "semanas", "周", "週"),
}
_UNIT_OF = {word: unit for unit, words in _UNIT_WORDS.items() for word in words}
_UNIT_ALT = "|".join(sorted(map(re.escape, _UNIT_OF), key=len, reverse=True))
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "einem": 1, "einer": 1, "ein": 1, "un": 1, "une": 1,
                 "zwei": 2, "two": 2, "deux": 2, "dos": 2, "drei": 3, "three": 3, "trois": 3, "tres": 3}
_NUM = r"(\d{1,3}|" + "|".join(_NUMBER_WORDS) + ")"
_RELATIVE_FORMS: tuple[re.Pattern[str], ...] = (
    re.compile(rf"\b{_NUM}\s+({_UNIT_ALT})\s+ago\b", re.IGNORECASE),  # 2 hours ago
    re.compile(rf"\b(?:vor|il y a|hace)\s+{_NUM}\s+({_UNIT_ALT})\b", re.IGNORECASE),  # vor 3 Tagen
    re.compile(rf"(\d{{1,3}})\s*({_UNIT_ALT})\s*前"),  # 3天前, 2小时前
)
# Day words -> days before the reference day (a "HH:MM" after them is kept). French "hier"
# is left out: it is the German "here".
DAY_WORDS: dict[str, int] = {
    "today": 0, "heute": 0, "aujourd'hui": 0, "hoy": 0, "今天": 0, "今日": 0,
    "yesterday": 1, "gestern": 1, "ayer": 1, "昨天": 1, "昨日": 1,
    "vorgestern": 2, "avant-hier": 2, "anteayer": 2, "前天": 2, "一昨日": 2,
}
_DAY_WORD = re.compile(r"(?<![\w'-])(" + "|".join(sorted(map(re.escape, DAY_WORDS), key=len, reverse=True))
                       + r")(?![\w'-])(?:\s*,?\s*(?:um |at |à )?(\d{1,2}):(\d{2}))?", re.IGNORECASE)


def relative_date(text: str, reference: datetime) -> str | None:
    """A relative date in ``text`` ("昨天 10:30", "vor 3 Tagen", "2 hours ago") resolved
    against ``reference``; ISO 8601 (minutes and offset when the unit is below a day)."""
    for pattern in _RELATIVE_FORMS:
        m = pattern.search(text)
        if m:
            count = m.group(1).lower()
            n = int(count) if count.isdigit() else _NUMBER_WORDS[count]
            unit = _UNIT_OF[m.group(2).lower() if m.group(2).lower() in _UNIT_OF else m.group(2)]
            moment = reference - timedelta(**{unit: n})
            if unit in ("minutes", "hours"):
                return moment.isoformat(timespec="minutes")
            return moment.date().isoformat()
    m = _DAY_WORD.search(text)
    if m is None:
        return None
    day = (reference - timedelta(days=DAY_WORDS[m.group(1).lower()])).date()
    if m.group(2) is None:
        return day.isoformat()
    hour, minute = int(m.group(2)), int(m.group(3))
    if hour > 23 or minute > 59:
        return day.isoformat()
    moment = datetime(day.year, day.month, day.day, hour, minute, tzinfo=reference.tzinfo)
    return moment.isoformat(timespec="minutes")


def parse_reference(value: str | None) -> datetime | None:
    """An ISO 8601 reference time (``2026-11-23T08:00:00+00:00``, ``...Z``), or None."""
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
