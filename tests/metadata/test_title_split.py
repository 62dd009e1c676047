"""title.split_title (the separator pattern tried only where a separator can start) gives
``TITLE_SEPARATORS.split``'s parts, on random titles and on the titles of the shared sets."""

from __future__ import annotations

import random
import re

import pytest

from maintext.metadata.title import TITLE_SEPARATORS, split_title
from tests.conftest import spread_pages

# Separator characters, the white space the pattern reads (also the Unicode kinds), CJK
# characters (the hyphen rule), letters, and the multi-character separators.
ALPHABET = list("ab -|–—»«·•/:_.") + ["新", "闻", "\u3000", "\t", "\n", "\u00a0", "\x1c", "::", "//", "--", "x y"]
_TITLE = re.compile(rb"<title[^>]*>(.*?)</title", re.IGNORECASE | re.DOTALL)


def test_random_titles_split_as_the_pattern_does():
    rng = random.Random(12)
    for _ in range(60_000):
        title = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 16)))
        assert split_title(title) == TITLE_SEPARATORS.split(title), repr(title)


@pytest.mark.parametrize("title", ["", "-", " - ", "Post - Site", "标题_网易财经", "新闻-新华网", "a -b", "a- b",
                                   "a  --  b", "a :: b", "a // b", "x | | y", "新 -闻", "Ä » B « C"])
def test_known_titles(title):
    assert split_title(title) == TITLE_SEPARATORS.split(title)


def test_titles_of_the_shared_sets():
    pages = spread_pages(("aeb", "dragnet", "gne-cn"), 120)
    if not pages:
        pytest.skip("no shared data sets here")
    for data, _ in pages:
        m = _TITLE.search(data)
        if m is None:
            continue
        title = m.group(1).decode("utf-8", "replace")
        assert split_title(title) == TITLE_SEPARATORS.split(title), repr(title)


def test_random_titles_split_alike_without_c():
    """The separator characters found in C (``_native.char_positions``) or by the pattern
    ``_SEPARATOR_CHARS``: the same parts."""
    from maintext.html import walk
    rng = random.Random(14)
    titles = ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 16))) for _ in range(5000)]
    saved = walk.ENABLED
    walk.ENABLED = False
    try:
        without = [split_title(t) for t in titles]
    finally:
        walk.ENABLED = saved
    assert without == [split_title(t) for t in titles] == [TITLE_SEPARATORS.split(t) for t in titles]


def test_char_positions_as_finditer():
    from maintext.metadata.native import _native
    from maintext.metadata.title import _SEPARATOR_CHARS, _SEPARATOR_TEXT
    if _native is None:
        return
    rng = random.Random(15)
    pool = ALPHABET + ["\u00ff", "\u0100", "\U0001f600", "\u2013\u2014", "\u00b7", "\u2022"]
    for _ in range(20000):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 24)))
        assert _native.char_positions(text, _SEPARATOR_TEXT) == [m.start() for m in _SEPARATOR_CHARS.finditer(text)]
    assert _SEPARATOR_CHARS.pattern != "[]" and set(_SEPARATOR_TEXT) == set("-|–—»«·•/:_")
