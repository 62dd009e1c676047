"""segment(box_elements=False), the walk of auto's full record: everything as the walk with
elements (the spans, images, links and raw kept) but no element in ``Container.el``;
Segmentation.element gives the same proxies, in the native walk and its Python twin; and
auto asks for the containers' elements exactly when it reads them (typed blocks, explain)."""

from __future__ import annotations

import random

import pytest

from maintext import Options
from maintext.html import segment as seg_mod, walk
from maintext.methods.auto import _reads_box_elements

from ..helpers_pages import random_page

PIECES = ["<div>", "</div>", "<p>", "</p>", "<a href=x>", "</a>", "<b>", "</b>", "<em>", "</em>", "<br>",
          "<img src=i>", "<ul><li>", "</li></ul>", "<code>", "</code>", "<h2>", "</h2>", "word ", "more words, ",
          " ", "中文", "<div class=nav>", "<div class=comments>", "<aside>", "</aside>",
          "<div class=sidebar id=x1>", "<section role=navigation>", "</section>"]


def _view(seg) -> tuple:
    return ([(b.raw, b.text, b.chain, b.link_chars, b.owner, b.boiler, b.marked) for b in seg.blocks],
            [(c.tag, c.start, c.end, c.owner, c.boiler, c.content_hint, seg.element(c.id)) for c in seg.containers],
            [(index, el, seg.anchor_element(k)) for k, (index, el) in enumerate(seg.anchors)],
            seg.spans, seg.images, seg.skipped)


@pytest.mark.parametrize("native", [False, True])
def test_without_box_elements_the_same_segmentation(native):
    if native and not walk.NATIVE_AVAILABLE:
        pytest.skip("native walk not built")
    rnd = random.Random(12)
    boxes = 0
    for _ in range(300):
        root = random_page(rnd, PIECES, 40)
        full = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=native)
        lean = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=native, box_elements=False)
        assert _view(lean) == _view(full)
        assert all(c.el is None for c in lean.containers) and all(c.el is not None for c in full.containers)
        assert all(el is not None for _, el in lean.anchors)
        assert all(el is not None for el in lean.spans + lean.images)
        assert all(b.raw is not None for b in lean.blocks)
        # with elements=False box_elements has nothing left to change
        alone = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=native, elements=False, box_elements=False)
        other = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=native, elements=False)
        assert [seg_mod_view for seg_mod_view in _view(alone)[1]] == _view(other)[1]
        boxes += len(full.containers)
    assert boxes > 1000


@pytest.mark.skipif(not walk.NATIVE_AVAILABLE, reason="native walk not built")
def test_native_and_python_walks_agree_without_box_elements():
    rnd = random.Random(5)
    for _ in range(200):
        root = random_page(rnd, PIECES, 50)
        native = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=True, box_elements=False)
        python = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=False, box_elements=False)
        assert _view(native) == _view(python)


def test_auto_reads_box_elements_only_for_typed_blocks_or_explain():
    assert not _reads_box_elements(Options(fields=("text", "metadata", "links")))
    assert not _reads_box_elements(Options(fields=("text",)))
    assert _reads_box_elements(Options(explain=True))
    assert _reads_box_elements(Options(fields=("text", "blocks"))) == Options(fields=("text", "blocks")).with_blocks
