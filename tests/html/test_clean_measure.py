"""clean's compiled measures (maintext/html/_scan_tree.pxi, _nodes_clean.pxi) against their Python twins: the
text length of hidden elements and of the page, and the hiding attributes, on random pages
(long texts of one-, two-, three- and four-byte characters; near-miss attribute names)."""

from __future__ import annotations

import random

import lxml.etree as etree
import pytest

from maintext.html import clean, walk
from maintext.html.clean import _text_length, _text_measure, clean_tree
from maintext.html.document import parse_html

pytestmark = pytest.mark.skipif(walk.scan is None, reason="native scans not built")

WORDS = ["a", "word ", "é", "中文", "\U0001f600", "x" * 300, "中" * 200, "&amp;", "\n", " "]
TAGS = ["div", "p", "span", "b", "section"]
ATTRS = ["style='display:none'", "style='color:red'", "hidden", "aria-hidden='true'", "aria-label='x'",
         "styles='display:none'", "hiddenx", "s='display:none'", "h=1", "a=hidden", "src=x", "class=s",
         "STYLE='visibility: hidden'", "aria-hidden='TRUE '", "aria-hiddenx='true'"]


def _page(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(0, 30)):
        tag = rng.choice(TAGS)
        attrs = " ".join(rng.sample(ATTRS, rng.randint(0, 3)))
        text = "".join(rng.choice(WORDS) for _ in range(rng.randint(0, 12)))
        parts.append(f"<{tag} {attrs}>{text}" + ("" if rng.random() < 0.3 else f"</{tag}>"))
    return "<html><body>" + "".join(parts) + "</body></html>"


def test_the_compiled_text_length_is_len_of_text_content():
    rng = random.Random(9)
    measure = _text_measure(True)
    assert measure is walk.scan.text_length and _text_measure(False) is _text_length
    lengths = set()
    for _ in range(300):
        root = parse_html(_page(rng))
        for el in root.iter():
            expected = len(el.text_content())
            assert measure(el) == expected == _text_length(el)
            lengths.add(expected)
    assert max(lengths) > 2000


def test_the_bounded_text_length_is_exact_below_its_limit():
    """_nodes.text_length_within: the whole length below the limit, else at least the limit;
    _PageLength answers as the whole length would, limits asked in any order."""
    rng = random.Random(12)
    for _ in range(200):
        root = parse_html(_page(rng))
        for el in root.iter():
            whole = len(el.text_content())
            for limit in (0, 1, whole // 2, whole, whole + 1, 5000):
                got = walk.nodes.text_length_within(el, limit)
                assert got == whole if whole < limit else got >= limit
        whole = len(root.text_content())
        limits = [rng.randint(-5, 2 * whole + 5) for _ in range(6)]
        for native in (True, False):
            page = clean._PageLength(root, native)
            assert [page.below(x) for x in limits] == [whole < x for x in limits]


def test_clean_tree_removes_the_same_with_the_compiled_measures():
    rng = random.Random(10)
    removed = 0
    for _ in range(300):
        html = _page(rng)
        a, b = parse_html(html), parse_html(html)
        result = clean_tree(a, True)
        assert result == clean_tree(b, False)
        assert etree.tostring(a) == etree.tostring(b)
        removed += len(result)
    assert removed > 100


def test_hiding_attributes_pass_over_near_miss_names():
    rng = random.Random(11)
    for _ in range(300):
        root = parse_html(_page(rng))
        native = [(el, name, str(value)) for el, name, value in clean._hiding_attributes(root, True)]
        python = [(el, name, str(value)) for el, name, value in clean._hiding_attributes(root, False)]
        assert native == python
