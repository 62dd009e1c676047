"""The segmentation for the text alone keeps few Python objects per block (the cost of a big
page grows with the memory it touches: benchmarks/linearity.py): no raw text but for blocks
with a line break, one int object per count shared by the slots that hold it, one float per
whole word count, prefix sums shared while a block leaves them unchanged."""

from __future__ import annotations

import tracemalloc

import pytest

from maintext.html import segment as seg_mod
from maintext.html import walk
from maintext.html.document import parse_html

PARA = ('<p>The committee met on Tuesday to discuss the budget, and its members agreed that the '
        '<a href="/x{i}">new proposal</a> should be studied further before a vote.</p>\n')


def _page(n: int) -> str:
    return ("<html><body><nav><ul><li><a href=/a>Home</a></li></ul></nav><article><h1>Title</h1>"
            + "".join(PARA.replace("{i}", str(i)) for i in range(n)) + "</article></body></html>")


def _bytes_per_block(native: bool, elements: bool) -> float:
    root = parse_html(_page(3000))
    tracemalloc.start()
    try:
        seg = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=native, elements=elements)
        size = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(seg.blocks) > 3000
    return size / len(seg.blocks)


@pytest.mark.skipif(not walk.NATIVE_AVAILABLE, reason="native walk not built")
def test_native_text_alone_segmentation_is_small():
    # ~840 bytes a block of ~170 bytes of page (the text 190, the Block 176, its
    # container 144, the chain 96, ...); it was ~1,180 with every raw text and int apart
    assert _bytes_per_block(True, False) < 950


def test_text_alone_keeps_raw_only_with_a_line_break():
    root = parse_html("<html><body><p>one <a href=x>two</a></p><p>three<br>four</p><p>five</p></body></html>")
    for native in (False, True) if walk.NATIVE_AVAILABLE else (False,):
        alone = seg_mod.segment(root, native=native, elements=False)
        full = seg_mod.segment(root, native=native)
        assert [b.raw for b in alone.blocks] == [None, "three\x00four", None]
        assert [b.raw for b in full.blocks] == ["one \x01two\x02", "three\x00four", "five"]
        assert [b.lines() for b in alone.blocks] == [b.lines() for b in full.blocks]
        assert [b.index for b in alone.blocks] == [0, 1, 2]


@pytest.mark.skipif(not walk.NATIVE_AVAILABLE, reason="native walk not built")
def test_shared_numbers_are_the_python_walks_numbers():
    root = parse_html(_page(300))
    nat = seg_mod.segment(root, native=True, elements=False)
    py = seg_mod.segment(root, native=False, elements=False)
    for attr in ("id", "id_end", "start", "end", "parent", "owner"):
        assert [getattr(c, attr) for c in nat.containers] == [getattr(c, attr) for c in py.containers]
    for attr in ("weight", "index", "chars", "link_chars", "commas", "chain"):
        assert [getattr(b, attr) for b in nat.blocks] == [getattr(b, attr) for b in py.blocks]
    assert nat.anchors == py.anchors
    assert (nat._chars, nat._links, nat._prose) == (py._chars, py._links, py._prose)
    assert [type(b.weight) for b in nat.blocks] == [float] * len(nat.blocks)
