"""Reading one date out of a string: absolute forms, offsets, permalinks, relative dates."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from maintext.metadata.dateparse import parse_date, parse_reference, relative_date, timestamp_date, url_date


@pytest.mark.parametrize("text, expected", [
    ("2019-08-27T10:30:00+08:00", "2019-08-27T10:30+08:00"),  # the offset is kept
    ("2019-08-27 10:30:00 来源：新华网", "2019-08-27T10:30"),
    ("2019年08月27日 10:30", "2019-08-27T10:30"),
    ("2019年8月7日", "2019-08-07"),
    ("发布时间：2019/08/27", "2019-08-27"),
    ("27.08.2019", "2019-08-27"),
    ("08/27/2019", "2019-08-27"),  # impossible as day-first: month-first
    ("Published 27. August 2019 um 10:30", "2019-08-27T10:30"),
    ("Aug. 27, 2019", "2019-08-27"),
    ("le 1er mai 2019", "2019-05-01"),
    ("27 de agosto de 2019", "2019-08-27"),
    ("20190827", "2019-08-27"),
    ("2019 09/07 19:02", "2019-09-07T19:02"),
    ("Tue, 27 Aug 2019 10:30:00 GMT", "2019-08-27T10:30+00:00"),
    ("2019-02-30", None),  # not a date
    ("version 2019", None),
    ("", None),
    (None, None),
])
def test_parse_date_forms(text, expected):
    assert parse_date(text) == expected


def test_url_dates():
    assert url_date("https://blog.example/2014/05/18/alles-neue/") == "2014-05-18"
    assert url_date("https://news.example/20190827/story.html") == "2019-08-27"
    assert url_date("https://news.example/2019/43/story") is None
    assert url_date(None) is None


@pytest.mark.parametrize("text, expected", [
    ("2019-08-27T10:30:00Z", "2019-08-27T10:30+00:00"),
    ("2019-08-27 10:30:00 +0800", "2019-08-27T10:30+08:00"),
    ("2019-08-27T10:30:00.000-0500", "2019-08-27T10:30-05:00"),
    ("Aug 27, 2019 10:30 GMT+8", "2019-08-27T10:30+08:00"),
    ("2019-08-27T00:00:00Z", "2019-08-27"),  # midnight: a day, no time to offset
    ("27.08.2019 10:30 Uhr", "2019-08-27T10:30"),  # no offset written: none invented
])
def test_offsets_are_kept(text, expected):
    assert parse_date(text) == expected


REF = datetime(2026, 11, 23, 8, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, expected", [
    ("昨天 10:30", "2026-11-22T10:30+00:00"),
    ("前天", "2026-11-21"),
    ("3天前", "2026-11-20"),
    ("2小时前", "2026-11-23T06:00+00:00"),
    ("vor 3 Tagen", "2026-11-20"),
    ("gestern, 14:20", "2026-11-22T14:20+00:00"),
    ("2 hours ago", "2026-11-23T06:00+00:00"),
    ("an hour ago", "2026-11-23T07:00+00:00"),
    ("il y a 2 jours", "2026-11-21"),
    ("hace 5 horas", "2026-11-23T03:00+00:00"),
    ("Klicken Sie hier", None),  # German "hier" is no French "yesterday"
    ("no date", None),
])
def test_relative_dates_against_a_reference(text, expected):
    assert relative_date(text, REF) == expected


def test_reference_and_timestamps():
    assert parse_reference("2026-11-23T08:00:00Z") == REF
    assert parse_reference("not a time") is None and parse_reference(None) is None
    assert timestamp_date(1566870000) == "2019-08-27T01:40+00:00"
    assert timestamp_date(1566870000000) == "2019-08-27T01:40+00:00"  # milliseconds
    assert timestamp_date(12) is None  # 1970: no page date


def _read_date_every_form(value):
    """read_date as it was: every form searched, the earliest match kept."""
    from maintext.metadata import dateparse

    value = (value or "").strip()
    if not value:
        return None
    m = dateparse._COMPACT_DATE.match(value)
    if m:
        return dateparse._iso(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5))
    best = None
    for pattern, order in dateparse._DATE_FORMS:
        m = pattern.search(value)
        if m is None or (best is not None and m.start() >= best[0]):
            continue
        iso = _from_match_as_it_was(m, order)
        if iso:
            best = (m.start(), iso + (dateparse._offset_after(value, m.end()) if "T" in iso else ""))
    return best[1] if best else None


def _from_match_as_it_was(m, order):
    """The ISO date of a date form's match by its group order, as read_date read it."""
    from maintext.metadata.dateparse import MONTHS, _iso

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
        return _iso(g[2], MONTHS.get(g[1].lower()), g[0], g[3], g[4])
    return _iso(g[2], MONTHS.get(g[0].lower()), g[1], g[3], g[4])  # Mdy


def test_read_date_stops_at_a_date_at_the_start_with_the_same_result():
    import random

    from maintext.metadata.dateparse import read_date

    pieces = ["2019-08-27", "2019/8/7", "27.08.2019", "08/27/2019", "2019 09/07", "2019年8月27日", "27. August 2019",
              "Aug. 27, 2019", "1er mai 2019", " 10:30", "T10:30", "+02:00", "Z", " GMT", "Mon, ", " ", "am ", "posted ",
              "13/13/2019", "2019-02-30", "20190827", "x", "1", "de ", "agosto de ", "2020",
              "20 ", "19", "２０１９０８２７", "2019٠٨27", "201908271030", "T"]
    rng = random.Random(59)
    for _ in range(20000):
        value = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        assert read_date(value) == _read_date_every_form(value), value
        assert parse_date(value) == read_date(value), value  # remembered or not, the same


def _month_forms_without_lookahead():
    """The two month-name forms as written before their lookaheads (the reference)."""
    import re

    from maintext.metadata.dateparse import _MONTH_ALT, _TIME

    return (re.compile(rf"(?<!\d)(\d{{1,2}})(?:\.|er|st|nd|rd|th)?\s*(?:de\s+)?({_MONTH_ALT})\.?,?\s+(?:de\s+)?"
                       rf"((?:19|20)\d\d)(?!\d)" + _TIME, re.IGNORECASE),
            re.compile(rf"\b({_MONTH_ALT})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)(?!\d)" + _TIME,
                       re.IGNORECASE))


def test_month_forms_find_what_they_found_without_their_lookaheads():
    import random

    from maintext.metadata.dateparse import _DATE_FORMS, _MONTH_FORMS

    forms = [pattern for pattern, order in _DATE_FORMS if order in _MONTH_FORMS]
    pieces = ["27", "1", "er", "th", ".", ",", " ", "  ", "\t", "\xa0", "de ", "August", "AUG", "aug.", "Mai", "M\u00c4RZ",
              "ao\u00fbt", "Ao\u00dbt", "janv", "\u0441\u0435\u043d\u0442\u044f\u0431\u0440\u044f", "2019", "2020", "1999",
              " 10:30", "T10h30", "x", "_", "Augusts", "\u017fep", "\u212aw", "2019-08-27", "Mon", "\u00b2", "\u2167"]
    rng = random.Random(61)
    for _ in range(20000):
        value = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 9)))
        for new, old in zip(forms, _month_forms_without_lookahead()):
            a, b = old.search(value), new.search(value)
            assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups())), value
            if a is not None:
                assert len(value.split(None, 1)) > 1  # (read_date skips them without white space)


def test_every_character_a_month_name_matches_is_a_letter_and_white_space_is_str_split_s():
    """What the month forms' lookaheads and read_date's white-space test rely on."""
    import re

    from maintext.metadata.dateparse import _LETTERS, MONTHS

    chars = sorted({c for name in MONTHS for c in name})
    any_month_char = re.compile("|".join(map(re.escape, chars)), re.IGNORECASE)
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    others = re.sub(_LETTERS, "", every, flags=re.IGNORECASE)
    assert len(others) > 100_000 and any_month_char.search(others) is None
    space = re.compile(r"\s")
    assert all(bool(space.match(c)) == c.isspace() for c in every)


def test_no_date_is_read_without_a_year_so_pieces_without_one_are_not_parsed():
    """visible._piece_date hands a piece to parse_date only when YEAR finds a year in it."""
    import random

    from maintext.metadata.dateparse import YEAR, read_date
    from maintext.metadata.visible import _piece_date

    pieces = ["2019", "19", "20", "08", "27", "1999", "2020", "-", "/", ".", " ", "T", "10:30", "Aug", "\u0662\u0660\u0661\u0669",
              "\u5e74", "\u6708", "\u65e5", "x", "201", "9", "0", "\u00a0", "Z", "+02:00", "de ", "mai "]
    rng = random.Random(67)
    for _ in range(20000):
        value = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        if YEAR.search(value) is None:
            assert read_date(value) is None, value
        limit = rng.randint(0, 40)
        before = read_date(value[:limit]) if len(value) >= 6 and any(map(str.isdigit, value)) else None
        assert _piece_date(value, None, limit) == before, (value, limit)


def _iso_as_it_was(year, month, day, hour=None, minute=None):
    """dateparse._iso as it was: int(), datetime.date's check, isoformat() and "%02d"."""
    from datetime import date

    from maintext.metadata.dateparse import _TODAY_YEAR

    try:
        y = int(year)
        day_of = date(y, int(month), int(day))
    except (TypeError, ValueError):
        return None
    if not 1990 <= y <= _TODAY_YEAR + 1:
        return None
    out = day_of.isoformat()
    if hour is not None and minute is not None:
        h, mi = int(hour), int(minute)
        if h < 24 and mi < 60 and (h or mi):
            out += "T%02d:%02d" % (h, mi)
    return out


def test_iso_same_as_the_date_check_and_formatting_it_replaces():
    from maintext.metadata.dateparse import _TODAY_YEAR, _iso

    years = [str(y) for y in range(1985, _TODAY_YEAR + 4)] + [1999, 2000, "١٩٩٩", "２０２０", "1900", "2100"]
    numbers = ["0", "00", "1", "01", "9", "09", "10", "12", "13", "28", "29", "30", "31", "32", "59", "60",
               "99", "٠٨", "２", 0, 2, 12, 13, 31, None]
    for year in years:
        for month in numbers:
            for day in numbers:
                assert _iso(year, month, day) == _iso_as_it_was(year, month, day), (year, month, day)
    for year in ("2000", "2019", "2020", "1996", str(_TODAY_YEAR)):  # leap days, the time of day
        for month in range(1, 13):
            for day in range(0, 33):
                for hour, minute in ((None, None), ("10", "30"), ("00", "00"), ("0", "5"), ("23", "59"),
                                     ("24", "00"), ("12", "60"), ("٠٩", "３０"), (None, "10"), ("10", None)):
                    args = (year, str(month), str(day), hour, minute)
                    assert _iso(*args) == _iso_as_it_was(*args), args


def _offset_as_it_was(text, pos):
    """dateparse._offset_after as it was (group() calls, int() and "%02d")."""
    from maintext.metadata.dateparse import _OFFSET

    m = _OFFSET.match(text, pos)
    if m is None:
        return ""
    if m.group(1):
        if not m.group(2):
            return "+00:00"
        sign, rest = m.group(2)[0], m.group(2)[1:].replace(":", "")
        hours, minutes = (rest[:-2], rest[-2:]) if len(rest) > 2 else (rest, "00")
    else:
        sign, hours, minutes = m.group(3)[0], m.group(3)[1:], m.group(4)
    h, mi = int(hours), int(minutes)
    return "%s%02d:%02d" % (sign, h, mi) if h <= 14 and mi < 60 else ""


def test_offset_after_same_as_it_was():
    import random

    from maintext.metadata.dateparse import _offset_after

    pieces = [":00", ":30", ".123", ",5", " ", "Z", "UTC", "GMT", "+", "-", "0", "1", "2", "5", "8", "9", ":",
              "14", "15", "59", "60", "99", "٠", "２", "x", "Zulu"]
    rng = random.Random(5)
    for _ in range(30000):
        text = "10:30" + "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        assert _offset_after(text, 5) == _offset_as_it_was(text, 5), text
