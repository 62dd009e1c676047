"""``limits._runaway_cut_utf8``: whether cap_runaway_tags cuts a text, told from its UTF-8
bytes (the load then keeps a page with a long ``>``-free stretch undecoded), agrees with
cap_runaway_tags on the text; and the byte scans it uses agree with their text twins.
The size thresholds are made small so that random pages reach them."""

from __future__ import annotations

import gzip
import random

import pytest

from maintext.io import limits

from ..conftest import dataset_dir, read_gold

needs_scan = pytest.mark.skipif(limits._scan is None, reason="C scans not built")

PIECES = ["<a ", "<b x", "x=1 ", "=", "=", "y='>' ", ">", "<", "< ", "</p>", "text ", "\u00e9", "\u4e2d\u4e2d",
          "\U0001f600", " ", "\n", '"', "'"]


def _pages(rng: random.Random) -> list[str]:
    pages = []
    for _ in range(400):
        pages.append("".join(rng.choice(PIECES) for _ in range(rng.randint(0, 120))))
    return pages


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(limits, "_RUNAWAY_CHARS", 20)
    monkeypatch.setattr(limits, "_RUNAWAY_MIN_CHARS", 40)


@needs_scan
def test_byte_decision_is_cap_runaway_tags(small):
    rng = random.Random(12)
    cut = 0
    for text in _pages(rng):
        data = text.encode("utf-8")
        for cap in (1, 2, 3, 5):
            expected = len(text) >= limits._RUNAWAY_MIN_CHARS and limits.cap_runaway_tags(text, cap) is not text
            got = len(text) >= limits._RUNAWAY_MIN_CHARS and limits._runaway_cut_utf8(data, cap)
            assert got == expected, (text, cap)
            cut += expected
    assert cut > 50  # the random pages reach both answers


@needs_scan
def test_bound_utf8_lt_leaves_only_what_bound_markup_leaves(small):
    rng = random.Random(5)
    kept = 0
    for text in _pages(rng):
        data = text.encode("utf-8")
        for cap in (1, 2, 4):
            lt = limits.bound_utf8_lt(data, len(text), cap, 0)
            if lt >= 0:
                kept += 1
                assert limits.bound_markup(text, cap, 0) is text
                assert lt == text.count("<")
    assert kept > 100


@needs_scan
def test_long_runs_and_first_start_tag_on_bytes():
    scan = limits._scan
    rng = random.Random(7)
    for text in _pages(rng):
        data = text.encode("utf-8")
        at = [len(text[:i].encode("utf-8")) for i in range(len(text) + 1)]  # character -> byte
        for min_len in (1, 5, 20):
            want = [(at[s], at[e]) for s, e in scan.long_runs(text, ">", min_len)]
            assert scan.long_runs_utf8(data, min_len) == want
            # tagged: the runs with a start tag only (told before the characters are counted)
            assert scan.long_runs_utf8(data, min_len, True) == [
                (s, e) for s, e in want if scan.first_start_tag_bytes(data, s, e) >= 0]
        for s in range(0, len(text), 7):
            e = min(len(text), s + 30)
            found = scan.first_start_tag(text, s, e)
            assert scan.first_start_tag_bytes(data, at[s], at[e]) == (at[found] if found >= 0 else -1)


@needs_scan
def test_real_pages_with_long_stretches_stay_undecoded():
    """aeb's pages with a long ``>``-free stretch (a large script) and no runaway tag: the
    bytes' decision is the text's, and the count is the page's."""
    checked = 0
    for gold in read_gold("aeb"):
        data = gzip.open(dataset_dir("aeb") / gold["file"]).read()
        if len(data) < limits._RUNAWAY_MIN_CHARS:
            continue
        text = data.decode("utf-8")
        assert limits._runaway_cut_utf8(data, 256) == (limits.cap_runaway_tags(text, 256) is not text)
        lt = limits.bound_utf8_lt(data, len(text), 256, 250_000)
        if lt >= 0:
            assert lt == data.count(b"<") and limits.bound_markup(text, 256, 250_000) is text
        checked += 1
    assert checked >= 5
