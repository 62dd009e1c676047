"""``dateparse.read_date`` reads an ISO date at the start of a value at once
(``_iso_stamp``, in C ``_native.iso_stamp``): the same dates as the forms' loop before it
(``_reference_read_date`` below, the loop as it was), on random ISO-like values."""

from __future__ import annotations

import random

from maintext.html import walk
from maintext.metadata import dateparse as dp
from maintext.metadata.native import _native


def _reference_read_date(value):
    """read_date without the ISO shortcut (the reader as it was before it)."""
    value = (value or "").strip()
    if not value:
        return None
    if value[4:5].isdecimal():
        m = dp._COMPACT_DATE.match(value)
        if m:
            return dp._iso(*m.groups())
    if not value.startswith(("19", "20")) and dp.YEAR.search(value) is None:
        return None
    best = None
    spaced = len(value.split(None, 1)) > 1
    separated = "-" in value or "/" in value or "." in value
    for pattern, order in dp._DATE_FORMS:
        if best is not None and best[0] == 0:
            break
        if order in dp._MONTH_FORMS:
            if not spaced:
                continue
        elif not (separated if order != "ymd" else "年" in value):
            continue
        m = pattern.search(value)
        if m is None or (best is not None and m.start() >= best[0]):
            continue
        g = m.groups()
        if order == "y_md":
            iso = dp._iso(g[0], g[2], g[3], g[4], g[5])
        elif order == "ymd":
            iso = dp._iso(g[0], g[1], g[2], g[3], g[4])
        elif order == "d_my":
            day, month = int(g[0]), int(g[2])
            if month > 12 and day <= 12:
                day, month = month, day
            iso = dp._iso(g[3], month, day, g[4], g[5])
        elif order == "dMy":
            iso = dp._iso(g[2], dp.MONTHS.get(g[1].lower()), g[0], g[3], g[4])
        else:
            iso = dp._iso(g[2], dp.MONTHS.get(g[0].lower()), g[1], g[3], g[4])
        if iso:
            best = (m.start(), iso + (dp._offset_after(value, m.end()) if "T" in iso else ""))
    return best[1] if best else None


YEARS = ["2019", "1990", "1989", "2020", "2000", "1996", "2024", str(dp._TODAY_YEAR + 1),
         str(dp._TODAY_YEAR + 2), "2100", "1900", "20١9", "201", "19x9"]
MONTHS = ["01", "02", "04", "09", "11", "12", "00", "13", "1", "٠٣", "2"]
DAYS = ["01", "09", "10", "28", "29", "30", "31", "32", "00", "1", "٠٣", "291"]
SEPS = ["T", " ", "", ",", "t", "  ", "T ", ", um "]
TIMES = ["10:30", "00:00", "23:59", "24:00", "12:60", "9:30", "10h30", "10:3", "00:01", "1030", "١٠:30", ""]
SECONDS = ["", ":00", ":5", ":59.000", ":00,5", ":00.", ":0٠", ":00.123456"]
TAILS = ["", "Z", "UTC", "GMT", "+00:00", "-05:00", "+0530", "+5:30", "+530", "+5", "+05", "GMT+8",
         "GMT+08:00", "GMT-0800", "UTC+5:30", "Zulu", " Z", "\x1cZ", "\xa0Z", "+14:00", "+15:00", "+05:60",
         "+05:301", "+05:3", "abc", "é", "٣", "Z+1", "GMT+١", " +02:00", "+02:00 CET", "-", "+", "UTCx",
         "ZZ", "GMT+123", "GMT+1234", "+12345", "2019-11-21"]


def _values(rng, count):
    for n in range(count):
        if n % 2:  # most of a valid ISO form, odd parts in the time and what follows it
            value = (rng.choice(YEARS[:8]) + "-" + rng.choice(MONTHS[:6]) + "-" + rng.choice(DAYS[:7])
                     + rng.choice(["T", "T", " ", ""]) + rng.choice(TIMES) + rng.choice(SECONDS)
                     + rng.choice(TAILS) + rng.choice(["", "", " ", " x", ".", "0"]))
            yield value
            continue
        value = (rng.choice(YEARS) + rng.choice(["-", "-", "-", "/", "."]) + rng.choice(MONTHS)
                 + rng.choice(["-", "-", "-", "/"]) + rng.choice(DAYS))
        if rng.random() < 0.85:
            value += rng.choice(SEPS) + rng.choice(TIMES) + rng.choice(SECONDS) + rng.choice(TAILS)
        if rng.random() < 0.1:
            value = rng.choice([" ", "\n", "x", "Am "]) + value
        if rng.random() < 0.1:
            value += rng.choice([" ", "\t", " text", "Z"])
        yield value


def test_read_date_as_the_forms_loop():
    rng = random.Random(3)
    for value in _values(rng, 40000):
        assert dp.read_date(value) == _reference_read_date(value), value


def test_read_date_without_c_as_with_it():
    rng = random.Random(4)
    values = list(_values(rng, 10000))
    with_c = [dp.read_date(v) for v in values]
    saved = walk.ENABLED
    walk.ENABLED = False
    try:
        without = [dp.read_date(v) for v in values]
    finally:
        walk.ENABLED = saved
    assert with_c == without


def test_iso_stamp_twins():
    if _native is None:
        return
    rng = random.Random(5)
    for value in _values(rng, 40000):
        value = value.strip()
        if value.isascii():
            assert _native.iso_stamp(value, dp._TODAY_YEAR + 1) == dp._iso_stamp(value), value
