"""The native walk's skip rule (_walk_skip.pxi: boxskip.skip_box and its weighing closure in
C, for boxes BoxSizes measures alone) skips, reads and weighs the boxes the Python rule does:
random pages of boilerplate boxes of every size, link share and nesting depth (past
boxsize.DEEP, where the rule is asked in Python), with and without the evidence rule."""

from __future__ import annotations

import random

import pytest

from maintext.html import segment as seg_mod
from maintext.html import walk
from maintext.html.clean import clean_tree
from maintext.html.document import parse_html
from maintext.methods.auto import _evidence
from maintext.methods.auto.heuristics import AutoHeuristics

native = pytest.mark.skipif(not walk.NATIVE_AVAILABLE, reason="native walk not built")

BOXES = ["sidebar", "related-posts", "comments", "widget-area", "nav", "share-bar", "ad-slot", "promo",
         "footer", "toolbar", "print-only", "content", "story"]
SENTENCE = "Some words of running text, long enough to count as a sentence here. "


def _page(rnd: random.Random) -> str:
    parts, depth = [], 0
    for _ in range(rnd.randint(1, 45)):
        r = rnd.random()
        if r < 0.3:
            parts.append(f'<div class="{rnd.choice(BOXES)}">')
            depth += 1
        elif r < 0.45 and depth:
            parts.append("</div>")
            depth -= 1
        elif r < 0.6:
            parts.append("<p>" + SENTENCE * rnd.randint(1, 12) + "</p>")
        elif r < 0.8:
            parts.append("<ul>" + "<li><a href=x>" + "link words " * rnd.randint(1, 6) + "</a></li>" * rnd.randint(1, 8)
                         + "</ul>")
        else:
            parts.append(rnd.choice(["x", "\u4e2d\u6587" * rnd.randint(1, 300), "<br>", "<a href=y>short</a>"]))
    return "<html><body>" + "".join(parts) + "</div>" * depth + "</body></html>"


def _result(html: str, native: bool, evidence) -> tuple:
    root = parse_html(html)
    clean_tree(root)
    seg = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=native, evidence=evidence)
    return (tuple(seg.skipped), sorted(seg.weighed), sorted(seg.exempt),
            [(b.text, b.owner, b.boiler) for b in seg.blocks], [(c.start, c.end, c.owner) for c in seg.containers])


@native
@pytest.mark.parametrize("weighing", [False, True])
def test_c_skip_rule_is_the_python_rule_on_random_pages(weighing):
    evidence = _evidence(AutoHeuristics()) if weighing else None
    rnd = random.Random(21 + weighing)
    skipped = weighed = 0
    for _ in range(250):
        html = _page(rnd)
        c = _result(html, True, evidence)
        assert c == _result(html, False, evidence), html
        skipped += len(c[0])
        weighed += len(c[1])
    assert skipped > 50 and (weighed > 5 or not weighing)  # (the rule's branches were met)


@native
def test_c_skip_rule_past_deep_nesting_is_the_python_rule():
    from maintext.html.boxsize import DEEP

    para = "<p>" + SENTENCE * 3 + "</p>"
    for depth in (DEEP - 1, DEEP, DEEP + 1, 3 * DEEP):
        for inner in ("sidebar", "content"):
            html = ("<html><body>" + "".join(f'<div class="{BOXES[d % 4] if d % 3 else inner}">{para}'
                                             for d in range(depth))
                    + "</div>" * depth + "<p>" + SENTENCE * 40 + "</p></body></html>")
            for evidence in (None, _evidence(AutoHeuristics())):
                assert _result(html, True, evidence) == _result(html, False, evidence), (depth, inner)
