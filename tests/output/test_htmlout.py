"""Minimal HTML of typed blocks, and the Markdown read back by the shared scorer."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from maintext.output.htmlout import to_html_blocks
from maintext.output.markdown import MarkdownStyle, to_markdown_blocks
from maintext.result import Span
from maintext.result import TextBlock as T

SCORE = Path("/work/shared/bench/score.py")

SAMPLE = [
    T("heading", "Title & more", level=2),
    T("paragraph", "See <docs> here.", spans=[Span(4, 10, "link", "https://e.org/?a=1&b=2")]),
    T("list_item", "one", list_kind="ol", depth=1, number=1, item_start=True),
    T("list_item", "inner", list_kind="ul", depth=2, item_start=True),
    T("list_item", "two", list_kind="ol", depth=1, number=2, item_start=True),
    T("code", "x < 1\n  y", language="js"),
    T("quote", "said", quote_depth=1),
    T("table_cell", "k", table=0, row=0, col=0, header=True), T("table_cell", "v", table=0, row=0, col=1, header=True),
    T("table_cell", "both", table=0, row=1, col=0, colspan=2),
    T("caption", "A caption"),
]


def test_html_elements_per_kind():
    out = to_html_blocks(SAMPLE, MarkdownStyle(links=True))
    assert out.startswith("<article>\n<h2>Title &amp; more</h2>")
    assert '<p>See <a href="https://e.org/?a=1&amp;b=2">&lt;docs&gt;</a> here.</p>' in out
    assert "<ol>\n<li>\none\n<ul>\n<li>\ninner\n</li></ul>\n</li>\n<li>\ntwo\n</li></ol>" in out
    assert '<pre><code class="language-js">x &lt; 1\n  y</code></pre>' in out
    assert "<blockquote>\n<p>said</p>\n</blockquote>" in out
    assert ('<table><thead><tr><th>k</th><th>v</th></tr></thead><tbody><tr><td colspan="2">both</td>'
            "</tr></tbody></table>") in out
    assert "<figcaption>A caption</figcaption>" in out and out.endswith("</article>\n")
    assert to_html_blocks([]) == ""


@pytest.mark.skipif(not SCORE.exists(), reason="shared score.py not present")
def test_scorer_reads_back_the_same_blocks_from_markdown_and_html():
    spec = importlib.util.spec_from_file_location("score", SCORE)
    score = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(score)

    def kinds(blocks):
        return [(b.kind, b.text) for b in blocks]

    from_md = kinds(score.markdown_blocks(to_markdown_blocks(SAMPLE)))
    from_html = kinds(score.html_blocks(to_html_blocks(SAMPLE)))
    expected = [("heading", "Title & more"), ("paragraph", "See <docs> here."), ("list", "one"),
                ("list", "inner"), ("list", "two"), ("code", "x < 1\n  y"), ("quote", "said"),
                ("table", "k"), ("table", "v"), ("table", "both"), ("paragraph", "A caption")]
    assert from_md == expected
    assert from_html == expected
