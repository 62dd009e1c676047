"""The teaser words of a box read off the page's prefix sums (nested boxes) equal its own reading."""

from __future__ import annotations

import random
from types import SimpleNamespace

from maintext.html import segmentation
from maintext.html.evidence import teaser_prefix_sums, teaser_words
from maintext.html.segmentation import Segmentation


def _block(rng: random.Random, whole: bool = True) -> SimpleNamespace:
    """A block of random weight and links; running text or a (linked) title at random."""
    weight = float(rng.randint(1, 40)) if whole else rng.uniform(1, 40)
    chars = int(weight * 6) + 1
    running = rng.random() < 0.5
    return SimpleNamespace(weight=weight, chars=chars, link_chars=rng.choice((0, chars // 2, chars)),
                           is_running_text=lambda running=running: running)


def test_prefix_sums_give_every_range_as_read_in_order() -> None:
    rng = random.Random(5)
    for _ in range(200):
        blocks = [_block(rng) for _ in range(rng.randint(0, 30))]
        sums = teaser_prefix_sums(blocks, 12)
        assert sums is not None and len(sums) == len(blocks) + 1
        for start in range(len(blocks)):
            for end in range(start + 1, len(blocks) + 1):
                assert sums[end] - sums[start + 1] == teaser_words(blocks[start:end], 12)


def test_prefix_sums_refused_for_weights_not_whole() -> None:
    rng = random.Random(6)
    blocks = [_block(rng) for _ in range(5)] + [_block(rng, whole=False)]
    assert teaser_prefix_sums(blocks, 12) is None


def _segmentation(blocks: list) -> Segmentation:
    seg = Segmentation()
    seg.blocks = blocks
    return seg


def test_nested_boxes_read_once_past_the_bound_and_answer_the_same() -> None:
    rng = random.Random(7)
    blocks = [_block(rng) for _ in range(300)]
    seg = _segmentation(blocks)
    ranges = [(d, 300 - d) for d in range(0, 150)]  # boxes nested in each other
    got = [seg._teaser_words(start, end, 12) for start, end in ranges]
    assert got == [teaser_words(blocks[start:end], 12) for start, end in ranges]
    assert seg._teaser_sums  # the bound was passed: the page's sums were made
    assert seg._teaser_reads <= segmentation.TEASER_READS_PER_BLOCK * 300 + segmentation.TEASER_READS_FREE + 300


def test_weights_not_whole_are_read_box_by_box() -> None:
    rng = random.Random(8)
    blocks = [_block(rng, whole=False) for _ in range(100)]
    seg = _segmentation(blocks)
    ranges = [(d, 100 - d) for d in range(0, 50)]
    assert [seg._teaser_words(s, e, 12) for s, e in ranges] == [teaser_words(blocks[s:e], 12) for s, e in ranges]
    assert seg._teaser_sums == []  # tried once, refused: every box read in order


def test_a_few_boxes_are_read_without_sums() -> None:
    rng = random.Random(9)
    blocks = [_block(rng) for _ in range(100)]
    seg = _segmentation(blocks)
    assert seg._teaser_words(10, 60, 12) == teaser_words(blocks[10:60], 12)
    assert seg._teaser_sums is None
