"""auto's container scoring: the compiled loops (maintext/methods/auto/_score.pyx) against
their Python twins (score.block_scores, score.rank_containers) on random pages."""

from __future__ import annotations

import dataclasses
import random

import pytest

from maintext.html.segment import Block, Container, segment_cleaned
from maintext.methods.auto import score
from maintext.methods.auto.heuristics import AutoHeuristics
from tests.helpers_pages import random_page

native = pytest.importorskip("maintext.methods.auto._score")

WORDS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "kappa", "lambda", "mu")
CJK = "新闻报道今天记者发表了文章内容"


def _prose(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 40))]
    for _ in range(rng.randint(0, 4)):
        words.insert(rng.randint(0, len(words)), rng.choice((",", "<a href='/x'>linked words here</a>", "，")))
    text = " ".join(words)
    if rng.random() < 0.3:
        text = "".join(rng.choice(CJK) for _ in range(rng.randint(3, 120)))
    return text + rng.choice((".", "", "!", "。"))


def _pieces(rng: random.Random) -> list[str]:
    out = []
    for _ in range(40):
        body = _prose(rng)
        out += [f"<p>{body}</p>", f"<div>{body}</div>", f"<li>{body}</li>", f"<h2>{body[:40]}</h2>",
                f"<h1>{body[:30]}</h1>", f"<td>{body}</td>"]
    out += ["<div class='article-body'>", "<div class='sidebar'>", "<div class='comments'>", "<article>",
            "<section>", "<div itemprop='articleBody'>", "<ul>", "<nav>", "</div>", "</div>", "</article>",
            "</section>", "</ul>", "</nav>", "<div class='gallery'>", "<figure>", "</figure>",
            "<div><a href='/a'>Home</a> <a href='/b'>News</a></div>", "<table><tr>", "</tr></table>"]
    return out


def _both(h: AutoHeuristics, seg, galleries, h1):
    py_scores = score.block_scores(h, seg, galleries)
    py_ranked, py_best = score.rank_containers(h, seg, py_scores, h1)
    py_box = [c.score for c in seg.containers]
    for c in seg.containers:
        c.score = None
    c_scores = native.block_scores(seg.blocks, Block, h.min_prose_weight, h.link_density_max, h.length_unit,
                                   h.length_cap, tuple(h.level_share), galleries or None, h.caption_share)
    c_ranked, c_best = native.rank_containers(
        c_scores, seg.containers, Container, seg._chars, seg._links, h1, h.headline_reach, h.headline_bonus,
        h.class_weight, h.tag_prior, h.bonus_cap, h.semantic_bonus, h.inside_boiler_factor)
    c_box = [c.score for c in seg.containers]
    return (list(py_scores.items()), py_ranked, py_best, py_box), (list(c_scores.items()), c_ranked, c_best, c_box)


@pytest.mark.parametrize("seed", range(3))
def test_native_scoring_matches_python(seed: int) -> None:
    rng = random.Random(seed)
    pieces = _pieces(rng)
    heuristics = [AutoHeuristics(),
                  dataclasses.replace(AutoHeuristics(), length_unit=7, length_cap=2, headline_reach=3,
                                      level_share=(1, 0.7, 0.2), min_prose_weight=2, bonus_cap=0.3)]
    scored = 0
    for _ in range(400):
        root = random_page(rng, pieces, 30)
        seg = segment_cleaned(root)
        if not seg.blocks:
            continue
        h = rng.choice(heuristics)
        ids = [c.id for c in seg.containers]
        galleries = frozenset(rng.sample(ids, min(len(ids), rng.randint(0, 3)))) if rng.random() < 0.4 else frozenset()
        h1 = rng.choice([None, 0, rng.randrange(len(seg.blocks))])
        py, c = _both(h, seg, galleries, h1)
        assert c == py
        assert [type(x) for x in c[3]] == [type(x) for x in py[3]]
        scored += bool(py[0])
    assert scored > 200  # the pages gave prose to score


def test_native_scoring_edge_cases() -> None:
    h = AutoHeuristics()
    for html in ("<p></p>", "<p><a href='/x'>all of it linked text here now</a></p>",
                 "<div class='sidebar'><p>one two three four five six, seven.</p></div>",
                 "<h1>a headline of some words</h1><p>one two three four five six seven.</p>"):
        seg = segment_cleaned(_page(html))
        for h1 in (None, 0):
            py, c = _both(h, seg, frozenset(), h1)
            assert c == py


def _page(html: str):
    from maintext.html.document import parse_html

    return parse_html("<html><body>" + html + "</body></html>")


def test_native_used_only_for_plain_numbers(monkeypatch) -> None:
    monkeypatch.setattr(score._walk, "ENABLED", True)  # (the same answer under MAINTEXT_NATIVE=0)
    h = AutoHeuristics()
    assert score._native_score(h) and score._c_block_scores is native.block_scores
    odd = dataclasses.replace(AutoHeuristics(), class_weight=True)  # a bool: the Python loops decide
    assert not score._native_score(odd)
    monkeypatch.setattr(score._walk, "ENABLED", False)
    assert not score._native_score(AutoHeuristics())


def test_plain_heuristics_per_object_and_fields() -> None:
    """common.plain_heuristics (the compiled edges, pitch, walk up and sibling verdict ask it):
    each heuristics object and field list answered for itself, not from the last one asked."""
    from maintext.methods.auto.common import plain_heuristics

    plain = AutoHeuristics()
    odd = dataclasses.replace(plain, trail_weight=True, up_levels=2.0)  # a bool; a float where an int goes
    for h, want in ((plain, True), (odd, False), (plain, True)):
        assert plain_heuristics(h, ("pitch_max_weight", "trail_weight"), ("pitch_reach",)) is want
        assert plain_heuristics(h, ("up_extra_share",), ("up_levels",)) is want
        assert plain_heuristics(h, ("spacer_weight",)) is True  # (a field list the odd one keeps plain)
