"""The native skip rule counts the page's text only as far as a decision needs
(_walk_skip.pxi: _SkipRule.holds_much): a box is skipped or read as the Python rule decides
with the whole page's text length (BoxSizes.total), wherever the box stands, whatever its
share of the page (around SKIP_MAX_SHARE too), box after box."""

from __future__ import annotations

import random

import pytest

from maintext.html import segment as seg_mod
from maintext.html import walk
from maintext.html.boxskip import SKIP_MAX_SHARE
from maintext.html.clean import clean_tree
from maintext.html.document import parse_html

pytestmark = pytest.mark.skipif(not walk.NATIVE_AVAILABLE, reason="native walk not built")

LINK = '<li><a href="/x">{}</a></li>'


def _box(chars: int, reason: str = "sidebar") -> str:
    """A boilerplate box of about ``chars`` characters of link text."""
    words = "menu " * max(1, chars // 5)
    return f'<div class="{reason}"><ul>{LINK.format(words.strip())}</ul></div>'


def _paragraphs(chars: int, wide: bool) -> str:
    word = "\u4e2d\u6587\u5b57 " if wide else "words "
    return "".join(f"<p>{word * 20}</p>" for _ in range(max(0, chars // (len(word) * 20))))


def _skipped(html: str, native: bool) -> tuple:
    root = parse_html(html)
    clean_tree(root)
    seg = seg_mod.segment(root, skip=seg_mod.SKIP_REASONS, native=native)
    return tuple(seg.skipped), [b.text for b in seg.blocks]


def test_boxes_before_after_and_around_the_share():
    text = 30_000
    for wide in (False, True):
        body = _paragraphs(text, wide)
        total = len(parse_html(f"<html><body>{body}</body></html>").text_content())
        for share in (0.01, 0.2, 0.29, 0.3, 0.31, 0.45, 0.9):
            box = _box(int(share * total / (1 - share)) if share < 1 else total)
            for html in (f"<html><body>{box}{body}</body></html>",  # counted from the start
                         f"<html><body>{body}{box}</body></html>",  # the whole page counted first
                         f"<html><body>{box}{body[:len(body) // 2]}{box}{body[len(body) // 2:]}{box}</body></html>"):
                assert _skipped(html, True) == _skipped(html, False), (wide, share)


def test_random_boxes_in_random_pages():
    rnd = random.Random(5)
    for _ in range(120):
        parts = []
        for _ in range(rnd.randint(1, 12)):
            if rnd.random() < 0.4:
                parts.append(_box(rnd.choice([5, 50, 400, 3000, 20_000]),
                                  rnd.choice(["sidebar", "nav", "related-posts", "comments"])))
            else:
                parts.append(_paragraphs(rnd.choice([0, 100, 2000, 10_000]), rnd.random() < 0.3))
        html = "<html><body>" + "".join(parts) + "</body></html>"
        assert _skipped(html, True) == _skipped(html, False)


def test_share_constant_is_what_the_rule_reads():
    assert seg_mod.SKIP_RULE[0] == SKIP_MAX_SHARE
