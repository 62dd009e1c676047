"""The C pre-check of the attribute cap (maintext/html/_scan.pyx) finds what the pattern finds."""

from __future__ import annotations

import random
import re

import pytest

from maintext.html import walk
from maintext.io import loading
from maintext.io.loading import _ATTR_TOKEN, cap_attributes

pytestmark = pytest.mark.skipif(walk.scan is None, reason="native scans not built")


def _pattern_start(html: str, cap: int) -> int:
    m = re.compile(r"<[a-zA-Z][^\s<>/]*+(?=%s{%d})" % (_ATTR_TOKEN, cap + 1)).search(html)
    return m.start() if m else -1


PIECES = ["<", ">", "=", '"', "'", "/", " ", "\t", "\n", "\u3000", "\xa0", "\x1c", "\x85", "a", "Z",
          "1", "-", "\u4e2d", "\U0001f600", "x=y", ' c="d>e" ', "<p ", "<a b c d e ", "=>", "a= b"]


def test_same_first_match_as_the_pattern_on_random_markup():
    rng = random.Random(7)
    for _ in range(20000):
        html = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 40)))
        for cap in (0, 1, 2, 4):
            assert walk.scan.first_long_tag(html, cap) == _pattern_start(html, cap), (html, cap)


@pytest.mark.parametrize("html", [
    "<p a=1 b='2' c=\"3\" d>x</p>" * 3,
    "<div " + " ".join(f"a{i}" for i in range(300)) + ">x</div>",
    "<div " + "".join(f'a{i}="v"' for i in range(300)) + ">x</div>",
    "<div\u3000" + "\u3000".join(f"a{i}" for i in range(300)) + ">中文</div>",
    "<div " + " ".join(f"a{i}" for i in range(255)) + ">x</div>",
])
def test_cap_attributes_same_with_and_without_the_pre_check(html, monkeypatch):
    with_check = cap_attributes(html, 256)
    monkeypatch.setattr(loading, "_scan", None)
    assert cap_attributes(html, 256) == with_check
