"""``_nodes.clean_scan`` (cleaning's first walk on a tree that is not pruned) against what it
replaces, ``_scan.tag_names``, :func:`maintext.html.clean._swallowing_candidates` and the text
count of ``_scan.text_runs`` (never fewer after cleaning), and
clean_tree with it against clean_tree with the Python twins, on random and real pages."""

from __future__ import annotations

import copy
import random

import lxml.etree as etree
import pytest

from maintext.html import clean, document, walk
from tests.conftest import spread_pages

pytestmark = pytest.mark.skipif(walk.scan is None or walk.nodes is None, reason="native scans not built")

_TAGS = ["div", "p", "span", "script", "nav", "noscript", "menu", "NAV", "Menu", "svg", "math",
         "a", "b", "template", "x-nav", "navx", "li", "ul"]


def _random_html(rng: random.Random) -> bytes:
    out = []
    for _ in range(rng.randint(0, 200)):
        tag = rng.choice(_TAGS)
        attrs = rng.choice(["", ' style="display:none"', ' hidden', ' class="a"'])
        out.append(f"<{tag}{attrs}>{rng.choice(['text ', '', '<!--c-->', '&amp;', 'x' * 1200])}")
        if rng.random() < 0.5:
            out.append(f"</{tag}>")
    return "".join(out).encode()


def _pages() -> list[bytes]:
    rng = random.Random(12)
    real = [data for data, _ in spread_pages(("aeb", "gne-cn", "dragnet", "cleaneval-dev"), 25)]
    return [_random_html(rng) or b"<p>x</p>" for _ in range(400)] + real


def _expected(root: etree._Element, tags: tuple[str, ...]) -> tuple:
    return walk.scan.tag_names(root), clean._swallowing_candidates(root, tags)


def test_clean_scan_twin():
    for data in _pages():
        root = document.parse_html(data.decode("utf-8", "replace"))
        for tags in (clean.SWALLOWING_TAGS, ("nav",), ("menu", "svg", "b")):  # (never none: iter() is all)
            names, found, texts = walk.nodes.clean_scan(root, tags)
            want_names, want_found = _expected(root, tags)
            assert names == want_names
            assert [id(el) for el in found] == [id(el) for el in want_found]  # the same proxies, in order
            assert texts == walk.scan.text_runs(root)[0]
        for el in list(root.iter())[:15]:  # from any element (comments too): itself and below
            names, _found, texts = walk.nodes.clean_scan(el, clean.SWALLOWING_TAGS)
            assert names == walk.scan.tag_names(el)
            assert texts is None or (el is root and texts == walk.scan.text_runs(root)[0])
        # cleaning never adds a text node (clean_tree then need not count them again)
        before = walk.nodes.clean_scan(root, clean.SWALLOWING_TAGS)[2]
        clean.clean_tree(root, True)
        assert walk.scan.text_runs(root)[0] <= before


def test_clean_scan_many_names():
    names = "".join(f"<t{i}><nav><p>x</p></nav></t{i}>" for i in range(700)).encode()
    root = document.parse_html(None, utf8=names)
    got, found, texts = walk.nodes.clean_scan(root, clean.SWALLOWING_TAGS)
    assert texts == walk.scan.text_runs(root)[0]
    assert got is None and walk.scan.tag_names(root) is None
    assert found == clean._swallowing_candidates(root)
    assert len(found) == 700


def test_clean_tree_same_with_python_twins():
    for data in _pages():
        native = document.parse_html(data.decode("utf-8", "replace"))
        python = copy.deepcopy(native)
        removed = clean.clean_tree(native, True)
        assert removed == clean.clean_tree(python, False)
        assert _dump(native) == _dump(python)


def _dump(root: etree._Element) -> list:
    """Every node's tag, attributes, text and tail, in order (tostring refuses some pages' text)."""
    return [(str(el.tag), list(el.items()) if isinstance(el.tag, str) else None, el.text, el.tail)
            for el in root.iter()]


def _swallowing_py(root: etree._Element, candidates: list, big: int) -> list:
    """clean._unwrap_swallowing's choice among ``candidates`` (its test, its measures)."""
    page = walk.scan.text_length(root)
    return [el for el in candidates if (size := walk.scan.text_length(el)) > big and size * 2 > page]


def test_clean_scan_decides_swallowing():
    """``clean_scan(root, tags, big)``: the candidates _unwrap_swallowing would unwrap, the
    same proxies in order, for thresholds that leave many candidates to the page test."""
    rng = random.Random(3)
    pages = _pages()
    pages += [b"<nav><p>" + b"x" * rng.randint(1, 3000) + b"</p></nav><p>" + b"y" * rng.randint(0, 3000)
              + b"</p><menu><li>" + b"z" * rng.randint(0, 2000) + b"<noscript><div>w</div>" * 3
              for _ in range(100)]
    for data in pages:
        root = document.parse_html(data.decode("utf-8", "replace"))
        for big in (0, 3, 40, clean.BIG_HIDDEN_CHARS):
            names, found, texts = walk.nodes.clean_scan(root, clean.SWALLOWING_TAGS, big)
            want_names, candidates, want_texts = walk.nodes.clean_scan(root, clean.SWALLOWING_TAGS)
            assert (names, texts) == (want_names, want_texts)
            assert [id(el) for el in found] == [id(el) for el in _swallowing_py(root, candidates, big)]
