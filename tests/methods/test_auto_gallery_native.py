"""gallery_containers' loop in C (``_nodes.gallery_hits``) finds the galleries its Python loop
finds, on random pages of nested lists with gallery words at every level (in any case, non-ASCII
names, names too long for the C test, comments among the children) and on real pages, over the walk with and without the
containers' elements."""

from __future__ import annotations

import gzip
import json
import os
import random
from pathlib import Path

import pytest

from maintext.html import clean, segment as seg_mod, walk
from maintext.html.document import parse_html
from maintext.methods.auto import gallery
from maintext.methods.auto.heuristics import AutoHeuristics

pytestmark = pytest.mark.skipif(walk.nodes is None or not walk.NATIVE_AVAILABLE, reason="native code not built")

_SHARED = Path(os.environ.get("MAINTEXT_SHARED", "/work/shared")) / "datasets"
_NAMES = ["gallery", "Slider", "box", "carousel-x", "thumbs", "ſlider", "\u212aarousel", "LightBox", "", "post",
          # (names longer than the C test's buffer: read in Python)
          "x" * 300 + "Gallery", "y" * 600]


def _box(rnd: random.Random, depth: int) -> str:
    attrs = "".join(f" {a}='{rnd.choice(_NAMES)}'" for a in ("class", "id") if rnd.random() < 0.5)
    if depth == 0 or rnd.random() < 0.3:
        return f"<p{attrs}>caption words {rnd.randint(0, 9)}</p>"
    tag = rnd.choice(["ul", "div", "section"])
    item = rnd.choice(["li", "div", "figure"])
    kids = "".join((f"<{item}>{_box(rnd, depth - 1)}</{item}>" if rnd.random() < 0.8 else rnd.choice(["<!--c-->", "t "]))
                   for _ in range(rnd.randint(0, 14)))
    return f"<{tag}{attrs}>{kids}</{tag}>"


def _found(root, h: AutoHeuristics, native: bool, monkeypatch, box_elements: bool = True) -> set[int]:
    seg = seg_mod.segment_cleaned(root, frozenset(), native=True, box_elements=box_elements)
    with monkeypatch.context() as m:
        if not native:
            m.setattr(walk, "native_nodes", lambda: None)
        return gallery.gallery_containers(h, seg)


def test_gallery_hits_as_the_python_loop(monkeypatch):
    rnd = random.Random(12)
    galleries = 0
    for i in range(400):
        root = parse_html(f"<html><body>{_box(rnd, 4)}{_box(rnd, 3)}</body></html>")
        h = AutoHeuristics(gallery_min_items=rnd.choice([1, 3, 8]), gallery_reach=rnd.choice([0, 1, 4]))
        expected = _found(root, h, False, monkeypatch)
        assert _found(root, h, True, monkeypatch) == expected
        assert _found(root, h, True, monkeypatch, box_elements=False) == expected
        galleries += len(expected)
    assert galleries > 50


def test_gallery_hits_on_real_pages(monkeypatch):
    h = AutoHeuristics()
    for name in ("aeb", "gne-cn", "dragnet"):
        gold = _SHARED / name / "gold.jsonl"
        if not gold.exists():
            continue
        for line in open(gold, encoding="utf-8").readlines()[:40]:
            data = gzip.open(_SHARED / name / json.loads(line)["file"]).read()
            root = parse_html(data.decode("utf-8", "replace"))
            clean.clean_tree(root)
            assert _found(root, h, True, monkeypatch) == _found(root, h, False, monkeypatch)
