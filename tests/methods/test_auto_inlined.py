"""auto's tests with ``Container.contains`` and ``Segmentation.owners`` inlined (filter._boiler_inside,
widen._holds_other_story, widen._join_peers' and score._verify_with_hint's "neither holds the other")
against their former forms, kept here as the reference, on the segmentations of real pages of the
shared dev sets and of random pages: every block and container, the region's top and others."""

from __future__ import annotations

import importlib
import random

import pytest

import maintext
from maintext.methods.auto import filter as auto_filter, widen
from maintext.methods.auto import extract as _  # noqa: F401 - (the package itself, below)
from tests.conftest import spread_pages

_SETS = ("aeb", "gne-cn", "dragnet", "cleaneval-dev", "readability-dev")  # real pages spread over these

auto_pkg = importlib.import_module("maintext.methods.auto")


def _boiler_inside_ref(seg, b, top):
    """filter._boiler_inside before the inlining (a memo of its own)."""
    if b.owner is None:
        return None
    memo = seg._ref_memo
    top_id = -1 if top is None else top.id
    seen = []
    found = None
    for owner in seg.owners(b):
        key = (owner, top_id)
        if key in memo:
            found = memo[key]
            break
        seen.append(owner)
        if owner in seg.exempt:
            continue
        c = seg.containers[owner]
        if top is None:
            found = c.boiler
            break
        if c.contains(top):
            break
        if (c.boiler != "comments" and owner not in seg.weighed
                and seg.chars(c.start, c.end) > 0.5 * seg.chars(top.start, top.end)):
            continue
        found = c.boiler
        break
    for owner in seen:
        memo[(owner, top_id)] = found
    return found


def _holds_other_story_ref(seg, story, c):
    """widen._holds_other_story before the inlining."""
    from bisect import bisect_left
    h1s = seg.blocks_of("h1")
    blocks, containers = seg.blocks, seg.containers
    for i in h1s[bisect_left(h1s, c.start):bisect_left(h1s, c.end)]:
        chain = blocks[i].chain
        k = containers[chain[-1]] if chain else c
        while k is not c and c.contains(k):
            if k.tag == "article" and not k.contains(story) and not story.contains(k):
                return True
            k = containers[k.parent]
    return False


def _check(seg, region, rng: random.Random) -> int:
    containers = seg.containers
    tops = [None, region.top] + rng.sample(containers, min(6, len(containers)))
    asked = 0
    for top in tops:
        # (a fresh memo per top for both forms: the same blocks asked in the same order)
        seg.boiler_memo, seg._ref_memo = {}, {}
        order = list(seg.blocks)
        rng.shuffle(order)
        for b in order:
            assert auto_filter._boiler_inside(seg, b, top) == _boiler_inside_ref(seg, b, top)
            asked += 1
    stories = [c for c in containers if c.tag == "article"] + rng.sample(containers, min(4, len(containers)))
    for story in stories:
        for c in containers:
            assert widen._holds_other_story(seg, story, c) == _holds_other_story_ref(seg, story, c)
    for a in rng.sample(containers, min(30, len(containers))):
        for b in containers:  # the ids' test of "neither holds the other"
            inlined = not a.id <= b.id < a.id_end and not b.id <= a.id < b.id_end
            assert inlined == (not a.contains(b) and not b.contains(a))
            assert containers[b.id] is b  # (the test on ids reads a container's id as its position)
    return asked


class _Seen:
    def __init__(self, monkeypatch) -> None:
        self.segs = []
        real = auto_pkg.select_blocks

        def select_blocks(h, seg, region, opts, explain, figures=False):
            kept = real(h, seg, region, opts, explain, figures)
            self.segs.append((seg, region))
            return kept

        monkeypatch.setattr(auto_pkg, "select_blocks", select_blocks)


def test_inlined_tests_match_on_real_pages(monkeypatch) -> None:
    pages = spread_pages(_SETS, 8)
    if not pages:
        pytest.skip("no shared dataset")
    seen = _Seen(monkeypatch)
    rng = random.Random(18)
    asked = 0
    for data, url in pages:
        seen.segs.clear()
        maintext.extract(data, url=url, fields=("text", "metadata", "links"))
        for seg, region in seen.segs:
            asked += _check(seg, region, rng)
    assert asked > 1000


_BOXES = ("nav", "aside", "footer", "header", "article", "section", "div", "ul")
_CLASSES = ("comments", "related", "sidebar", "share", "content", "wrapper", "ad", "")


def _random_page(rng: random.Random, depth: int = 0) -> str:
    parts = []
    for _ in range(rng.randint(1, 5)):
        if depth < 5 and rng.random() < 0.5:
            tag = rng.choice(_BOXES)
            parts.append(f"<{tag} class='{rng.choice(_CLASSES)}'>{_random_page(rng, depth + 1)}</{tag}>")
        elif rng.random() < 0.2:
            parts.append(f"<h1>Headline {rng.randint(0, 9)} of a story</h1>")
        else:
            words = " ".join(rng.choice(("alpha", "beta", "gamma,", "delta.")) for _ in range(rng.randint(1, 40)))
            parts.append(f"<p>{words}</p>")
    return "".join(parts)


def test_inlined_tests_match_on_random_pages(monkeypatch) -> None:
    seen = _Seen(monkeypatch)
    rng = random.Random(1018)
    for _ in range(150):
        html = f"<html><body>{_random_page(rng)}</body></html>"
        seen.segs.clear()
        maintext.extract(html, fields=("text", "metadata", "links"))
        for seg, region in seen.segs:
            _check(seg, region, rng)


def test_neither_furniture_nor_credit_is_both_questions() -> None:
    """edges._neither_furniture_nor_credit (is_credit_line asked again only of lines longer
    than is_furniture_line reads) is ``not is_furniture_line and not is_credit_line``."""
    from maintext.methods.auto import edges
    from maintext.html.lines import is_credit_line, is_furniture_line

    rng = random.Random(19)
    pool = ["Share this", "Foto: dpa", "Getty Images", "(Image: GETTY)", "Abbildung 2: Der Aufbau", "jane@example.com",
            "June 25, 2009", "By Jane Doe, June 3, 2019", "Source: AP", "© 2019", "Advertisement", "Bild:", "AFP",
            "a sentence of the article.", "Quelle: Reuters", "picture alliance", "2019-08-27 来源：新华社", "x" * 40]
    hits = 0
    for _ in range(20000):
        text = rng.choice(["", " ", ": ", " / ", ", "]).join(rng.choice(pool) for _ in range(rng.randint(1, 6)))
        want = not is_furniture_line(text) and not is_credit_line(text)
        assert edges._neither_furniture_nor_credit(text) == want, text
        hits += want
    assert 0 < hits < 20000
