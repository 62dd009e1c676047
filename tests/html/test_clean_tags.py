"""``_scan.tag_names`` (the tags cleaning gives lxml's strip functions) against its Python
twin, and clean_tree with it against clean_tree without it, on random and real pages."""

from __future__ import annotations

import copy
import random

import lxml.etree as etree
import pytest

from maintext.html import clean, document, walk
from tests.conftest import spread_pages

pytestmark = pytest.mark.skipif(walk.scan is None, reason="native scans not built")

_TAGS = ["div", "p", "span", "script", "style", "nav", "noscript", "b", "i", "a", "font", "input",
         "label", "menu", "svg", "iframe", "form", "meta", "link", "SPAN", "Div", "x-y"]


def _random_html(rng: random.Random) -> bytes:
    out = []
    for _ in range(rng.randint(0, 200)):
        tag = rng.choice(_TAGS)
        attrs = rng.choice(["", ' style="display:none"', ' hidden', ' aria-hidden="true"', ' class="a"'])
        out.append(f"<{tag}{attrs}>{rng.choice(['text ', '', 'x' * 1200])}")
        if rng.random() < 0.6:
            out.append(f"</{tag}>")
    return "".join(out).encode()


def _pages() -> list[bytes]:
    rng = random.Random(5)
    real = [data for data, _ in spread_pages(("aeb", "gne-cn", "dragnet"), 15)]
    return [_random_html(rng) or b"<p>x</p>" for _ in range(300)] + real


def test_tag_names_twin():
    for data in _pages():
        root = document.parse_html(None, utf8=data)
        assert walk.scan.tag_names(root) == clean._tags_present_py(root)
        for el in list(root.iter())[:20]:  # from any element: itself and its descendants
            assert walk.scan.tag_names(el) == clean._tags_present_py(el)


def test_tag_names_many_names_gives_up():
    root = etree.fromstring("<r>" + "".join(f"<t{i}/>" for i in range(600)) + "</r>")
    assert walk.scan.tag_names(root) is None
    root = etree.fromstring("<r>" + "".join(f"<t{i}/>" for i in range(400)) + "</r>")
    assert walk.scan.tag_names(root) == clean._tags_present_py(root)


def test_clean_tree_same_with_the_tags_present(monkeypatch):
    trees = [document.parse_html(None, utf8=data) for data in _pages()]
    with_names = [copy.deepcopy(t) for t in trees]
    removed = [clean.clean_tree(t) for t in with_names]
    monkeypatch.setattr(clean, "_tags_present", lambda root, native: None)
    for tree, done, why in zip(trees, with_names, removed):
        assert clean.clean_tree(tree) == why
        assert etree.tostring(tree) == etree.tostring(done)
