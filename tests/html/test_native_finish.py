"""Segmentation.finish's container loops in C (maintext/html/_walk.pyx) against their Python
twins (segmentation._boxes_to_weigh, segmentation._skip_exempt_owners)."""

from __future__ import annotations

import random

import pytest

from maintext.html import walk
from maintext.html.segmentation import Container, _boxes_to_weigh, _skip_exempt_owners

native = pytest.mark.skipif(not walk.NATIVE_AVAILABLE, reason="native walk not built")


class _Box:
    """A container of another class (no slot offsets): the C loops read its attributes."""

    def __init__(self, c: Container) -> None:
        self.id, self.boiler, self.owner = c.id, c.boiler, c.owner
        self.start, self.end = c.start, c.end


def _boxes(rnd: random.Random, plain: bool) -> list:
    """Random nested boxes: each owner is an earlier box (parents come first) or None."""
    reasons = [None, None, "", "navigation", "comments", "image caption"]
    out: list = []
    for cid in range(rnd.randint(0, 30)):
        owner = rnd.choice([None, *range(cid)]) if cid else None
        c = Container(cid, "div", 0, None, (rnd.choice(reasons), False, False), owner)
        out.append(_Box(c) if plain else c)
    return out


def _copy(boxes: list) -> list:
    return [_Box(c) if isinstance(c, _Box) else Container(c.id, "div", 0, None, (c.boiler, False, False), c.owner)
            for c in boxes]


@native
@pytest.mark.parametrize("plain", [False, True])
def test_skip_exempt_owners_same_in_c_and_python(plain):
    """Owners rewritten past chains of exempt boxes (exempt owners of exempt owners), the
    owners before given back, on both kinds of container."""
    rnd = random.Random(7)
    rewritten = 0
    for _ in range(400):
        boxes = _boxes(rnd, plain)
        exempt = {c.id for c in boxes if rnd.random() < 0.4}
        twin = _copy(boxes)
        walked = walk.native.skip_exempt_owners(boxes, Container, exempt)
        assert walked == _skip_exempt_owners(twin, exempt)
        assert [c.owner for c in boxes] == [c.owner for c in twin]
        assert all(c.owner is None or c.owner not in exempt for c in boxes)
        rewritten += sum(1 for c, o in zip(boxes, walked) if c.owner != o)
    assert rewritten > 100


@native
@pytest.mark.parametrize("plain", [False, True])
def test_boxes_to_weigh_same_in_c_and_python(plain):
    """The boxes kept for the other tests and the wrapper boxes made exempt, on random block
    ranges, running-text sums (ties with the floor included), wrapper shares and weighed sets."""
    rnd = random.Random(5)
    kept = exempted = 0
    for _ in range(400):
        n = rnd.randint(0, 20)
        running, chars = [0.0], [0]
        for _ in range(n):
            running.append(running[-1] + rnd.choice([0.0, 0.5, 1.0, 7.0, 25.0, 1 / 3]))
            chars.append(chars[-1] + rnd.choice([0, 3, 40, 400]))
        boxes = _boxes(rnd, False)
        for c in boxes:
            c.start = rnd.randint(0, n)
            c.end = rnd.randint(c.start, n)
        boxes = [_Box(c) for c in boxes] if plain else boxes
        floor = rnd.choice([0.0, 1.0, 7.0, 25, 50.0, running[-1]])
        total = chars[-1] if rnd.random() < 0.9 else 0
        wrapper = 0.6 * total
        weighed = {c.id for c in boxes if rnd.random() < 0.2}
        exempt_c: set[int] = set()
        exempt_py: set[int] = set()
        found = walk.native.boxes_to_weigh(boxes, Container, running, chars, floor, wrapper, bool(total), weighed,
                                           exempt_c)
        expected = _boxes_to_weigh(boxes, running, chars, floor, wrapper, total, weighed, exempt_py)
        assert len(found) == len(expected) and all(x is y for x, y in zip(found, expected))
        assert exempt_c == exempt_py
        kept += len(found)
        exempted += len(exempt_c)
    assert kept > 50 and exempted > 50
