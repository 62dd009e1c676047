"""segment(elements=False), the text-only walk: the same blocks, containers and anchors, the
spans and images counted without their elements, the containers' elements given by
Segmentation.element (the same proxies as the walk with elements); the native walk's blocks and containers
are left out of the cycle collector (they hold no reference that could close a cycle)."""

from __future__ import annotations

import gc
import random

import pytest

from maintext.html import segment as seg_mod, walk
from maintext.html.document import parse_html
from maintext.html.markers import MARK_BR

from ..helpers_pages import random_page

PIECES = ["<div>", "</div>", "<p>", "</p>", "<a href=x>", "</a>", "<b>", "</b>", "<em>", "</em>", "<br>",
          "<img src=i>", "<ul><li>", "</li></ul>", "<code>", "</code>", "<h2>", "</h2>", "word ", "more words, ",
          " ", "中文", "<div class=nav>", "<div class=comments>"]


def _view(seg) -> tuple:
    # (the walk for the text alone keeps a block's raw only when it holds a line break)
    return ([(b.raw if b.marked & MARK_BR else None, b.text, b.chain, b.link_chars, b.owner, b.boiler, b.marked) for b in seg.blocks],
            [(c.tag, c.start, c.end, c.owner, c.boiler, seg.element(c.id)) for c in seg.containers],
            [(index, seg.anchor_element(k)) for k, (index, _) in enumerate(seg.anchors)],
            len(seg.spans), len(seg.images), seg.skipped)


@pytest.mark.parametrize("native", [False, True])
def test_without_elements_the_same_segmentation(native):
    if native and not walk.NATIVE_AVAILABLE:
        pytest.skip("native walk not built")
    rnd = random.Random(17)
    counted = links = 0
    for _ in range(300):
        root = random_page(rnd, PIECES, 40)
        full = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=native)
        alone = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=native, elements=False)
        assert _view(alone) == _view(full)
        assert all((b.raw is None) == (not b.marked & MARK_BR) for b in alone.blocks)
        assert all(b.raw is not None for b in full.blocks)
        assert all(el is None for el in alone.spans + alone.images)
        assert all(el is not None for el in full.spans + full.images)
        assert all(el is None for _, el in alone.anchors) and all(el is not None for _, el in full.anchors)
        assert all(c.el is None for c in alone.containers) and all(c.el is not None for c in full.containers)
        counted += len(full.spans) + len(full.images)
        links += len(full.anchors)
    assert counted > 500 and links > 100


@pytest.mark.skipif(not walk.NATIVE_AVAILABLE, reason="native walk not built")
def test_native_blocks_and_containers_not_tracked_by_the_collector():
    root = parse_html("<html><body><div class=x><p>one <a href=y>two</a></p><p>three</p></div></body></html>")
    seg = seg_mod.segment(root, native=True)
    assert seg.blocks and seg.containers
    assert not any(gc.is_tracked(b) for b in seg.blocks)
    assert not any(gc.is_tracked(c) for c in seg.containers)
    python = seg_mod.segment(root, native=False)
    assert [b.text for b in python.blocks] == [b.text for b in seg.blocks]
