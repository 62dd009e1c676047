"""clean's merge of long runs of adjacent text nodes: which elements it rebuilds (the C walk
of maintext/html/_scan_tree.pxi and its Python twin agree), and what it leaves alone."""

from __future__ import annotations

import random

import lxml.etree as etree
import pytest

from maintext.html import clean, walk
from maintext.html.clean import _long_runs, _long_runs_py, clean_tree, merge_text_runs
from maintext.html.document import parse_html

PARTS = ["<span>a</span>", "<span>b</span>", "<font>c</font>", "<b>d</b>", "<p>e</p>", "<div>", "</div>",
         " ", "f", "<i>g</i>", "<span><span>h</span></span>", "<br>", "<!-- c -->", "<span></span>"]


def _runs_tree(rng: random.Random):
    root = parse_html("<html><body>" + "".join(rng.choice(PARTS) for _ in range(rng.randint(0, 60)))
                      + "</body></html>")
    etree.strip_tags(root, "span", "font")  # leaves their texts as adjacent text nodes
    return root


@pytest.mark.skipif(walk.scan is None, reason="native scans not built")
def test_the_c_walk_finds_the_elements_the_python_twin_finds():
    rng = random.Random(3)
    found = set()
    for _ in range(400):
        root = _runs_tree(rng)
        for length in (1, 2, 3, 4, 6, 9):
            expected = _long_runs_py(root, length)
            assert walk.scan.long_text_runs(root, length) == expected, etree.tostring(root)
            found.add(len(expected))
    assert len(found) > 3


def _longest_run(root) -> int:
    longest = 0
    for el in root.getroottree().iter():
        run = 0
        for node in clean._CHILD_NODES(el):
            run = run + 1 if isinstance(node, str) else 0
            longest = max(longest, run)
    return longest


@pytest.mark.skipif(walk.scan is None, reason="native scans not built")
def test_text_runs_counts_the_texts_and_the_longest_run():
    rng = random.Random(4)
    longest = set()
    for _ in range(300):
        root = _runs_tree(rng)
        expected = (int(clean._COUNT_TEXTS(root)), _longest_run(root))
        assert walk.scan.text_runs(root) == expected, etree.tostring(root)
        longest.add(expected[1])
    assert len(longest) > 4


def _tree(body: str):
    root = parse_html("<html><body>" + body + "</body></html>")
    clean_tree(root)
    return root


@pytest.mark.parametrize("native", [False, True])
def test_an_element_of_many_separate_texts_is_not_rebuilt(native, monkeypatch):
    if native and walk.scan is None:
        pytest.skip("native scans not built")
    # 1,500 paragraphs, each text apart from the next: the XPath's candidates, not a run
    root = _tree("<article>" + "\n<p>para <b>bold</b> end</p>" * 1500 + "</article>")
    article = root.find(".//article")
    assert clean._HAS_TEXTS(root, n=clean._LONG_RUN) == [article]
    assert _long_runs(root, native) == []
    rebuilt = []
    monkeypatch.setattr(clean.etree, "tostring", lambda el, **kw: rebuilt.append(el) or etree.tostring(el, **kw))
    merge_text_runs(root, native)
    assert rebuilt == [] and root.find(".//article") is article


@pytest.mark.parametrize("native", [False, True])
def test_a_long_run_of_adjacent_texts_is_joined(native):
    if native and walk.scan is None:
        pytest.skip("native scans not built")
    root = parse_html("<html><body><div>" + "<span>w</span> <b>x</b>" + "<span>a</span>" * 25_000
                      + "<i>y</i></div></body></html>")
    etree.strip_tags(root, "span")
    div = root.find(".//div")
    assert _long_runs(root, native) == [div]
    merge_text_runs(root, native)
    div = root.find(".//div")
    assert [len(div.xpath("text()")), div.text, div[0].tail, div[1].tail] == [2, "w ", "a" * 25_000, None]
