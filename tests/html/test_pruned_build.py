"""The pruned build (maintext.html.html5.build_pruned, text-only auto): once cleaned, its tree
is the full build's cleaned tree (same elements, texts and tails; fewer attributes)."""

from __future__ import annotations

import random

import pytest

from maintext.html import html5
from maintext.html.clean import clean_tree
from maintext.html.document import parse_html, parse_pruned

from .test_html5 import NASTY, PRUNING

BUILDERS = [pytest.param(True, marks=pytest.mark.skipif(not html5.NATIVE_AVAILABLE, reason="C builder not built"),
                         id="c"), pytest.param(False, id="python")]

# A noscript/nav/menu is unwrapped by cleaning when it holds over 1000 characters and more
# than the rest of the page: on either side of both bounds.
SWALLOWING = [
    "<nav><p>" + "a" * 1200 + "</p></nav><p>" + "b" * 1200 + "</p>",  # as much as the rest: stripped
    "<nav><p>" + "a" * 1200 + "</p></nav><p>" + "b" * 1199 + "</p>",  # more: unwrapped
    "<nav><p>" + "a" * 1000 + "</p></nav><p>b</p>",  # not over 1000: stripped
    "<nav><p>" + "a" * 1001 + "</p></nav><p>b</p>",
    "<menu><li>" + "a " * 700 + "<button>" + "b" * 300 + "</button></menu><p>" + "c" * 1500 + "</p><svg><text>"
    + "d" * 300 + "</text></svg>",  # the left-out text counts on both sides
    "<p>x</p><noscript><div>" + "n" * 1100 + "<nav><span>" + "m" * 1050 + "</span></nav></div></noscript>",
    # the nav is measured against the whole page, the text left out (the svg's) included
    "<p>x</p><noscript><div>" + "n" * 1100 + "<nav><span>" + "m" * 1300 + "</span></nav></div></noscript>"
    "<svg><text>" + "s" * 1000 + "</text></svg>",
    "<div><nav><p>" + "a" * 1500 + "</p><script type=application/ld+json>{}</script></nav></div>"
    "<svg><title>t</title></svg><p>b</p>",
]


def _cleaned(root, pruned, native):
    clean_tree(root, native, pruned)
    return [(el.tag, el.text, el.tail) for el in root.iter()]


def _same_once_cleaned(html: str, native: bool, max_depth: int = 1000) -> None:
    full = _cleaned(parse_html(html, max_depth, native=native), None, native)
    root, pruned = parse_pruned(html, max_depth, native=native)
    assert _cleaned(root, pruned, native) == full, html


@pytest.mark.parametrize("native", BUILDERS)
def test_pruned_build_cleans_to_the_full_build(native):
    for html in SWALLOWING + PRUNING + NASTY:
        _same_once_cleaned(html, native)
        _same_once_cleaned(html, native, max_depth=5)


@pytest.mark.parametrize("native", BUILDERS)
def test_pruned_build_cleans_to_the_full_build_on_random_pages(native):
    pieces = ["<div>", "</div>", "<p>", "</p>", "<span>", "</span>", "<span style='display:none'>", "<nav>",
              "</nav>", "<noscript>", "</noscript>", "<svg>", "</svg>", "<title>", "</title>", "<button>", "</button>",
              "<head>", "<meta property=og:type content=x>", "<a class=c href=h>", "</a>", "<small hidden>",
              "</small>", "<script type=application/ld+json>", "</script>", "<menu>", "text ", "x" * 400, "\n",
              "<font aria-hidden=true>", "</font>", "<select><option>", "<b class=b>", "</b>", "&#1;", "<li>"]
    rng = random.Random(7)
    for _ in range(300):
        html = "<html><body>" + "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40))) + "</body></html>"
        _same_once_cleaned(html, native, rng.choice([1000, 3, 4, 6]))
