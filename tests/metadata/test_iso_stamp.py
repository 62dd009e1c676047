"""``dateparse.read_date`` reads an ISO date at the start of a value at once
(``_iso_stamp``, in C ``_native.iso_stamp``): the same dates as the forms' loop before it
(read_date with the shortcut off, :func:`_forms_loop`), on random ISO-like values."""

from __future__ import annotations

import random

from maintext.html import walk
from maintext.metadata import dateparse as dp
from maintext.metadata.native import _native


def _forms_loop(values):
    """read_date's dates of ``values`` with its ISO shortcut off (``_iso_stamp`` finding
    nothing, the C one not asked): the forms' loop alone, as the reader was before it."""
    saved = walk.ENABLED, dp._iso_stamp
    walk.ENABLED, dp._iso_stamp = False, lambda value: None
    try:
        return [dp.read_date(value) for value in values]
    finally:
        walk.ENABLED, dp._iso_stamp = saved


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
    values = list(_values(rng, 40000))
    for value, read, reference in zip(values, [dp.read_date(v) for v in values], _forms_loop(values)):
        assert read == reference, value


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
