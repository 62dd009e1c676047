"""auto's list rules (maintext/methods/auto/lists.py) on lists of many items."""

from __future__ import annotations

import lxml.html

from maintext.html.segment import segment
from maintext.methods.auto.heuristics import AutoHeuristics
from maintext.methods.auto.lists import _keep_list_mates


class _CountingBlocks(list):
    """The segmentation's blocks, counting the slices taken of them."""

    slices = 0

    def __getitem__(self, key):
        if isinstance(key, slice):
            type(self).slices += 1
        return super().__getitem__(key)


def test_list_mates_sum_each_list_once():
    """A fuzzed page (a sibling flood: tens of thousands of linked items in one list) took
    17 s CPU in _keep_list_mates, which summed the whole list's words again for every linked
    item; now each list is summed once and the kept items are the same."""
    items = "".join(f'<li>Item {i} of the list <a href="/{i}">link {i}</a></li>' for i in range(300))
    root = lxml.html.document_fromstring(f"<html><body><ul>{items}</ul></body></html>")
    seg = segment(root)
    blocks = _CountingBlocks(seg.blocks)
    seg.blocks = blocks
    kept = list(blocks[:250])
    linked = [(b, -1) for b in blocks[250:]]
    _CountingBlocks.slices = 0
    out = _keep_list_mates(AutoHeuristics(), seg, kept, linked, None)
    assert _CountingBlocks.slices == 1
    assert len(out) == 300 and [b.index for b in out] == sorted(b.index for b in out)
