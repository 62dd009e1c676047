"""LQF baseline (maintext/methods/lqf.py)."""

from __future__ import annotations

import maintext
from maintext.html.document import parse_html
from maintext.methods.lqf import link_blocks

PROSE = "This paragraph is the article, written in sentences with no links at all in it."
PAGE = f"""<html><body>
<div id="menu"><ul><li><a href="/a">Alpha section</a></li><li><a href="/b">Beta section</a></li></ul></div>
<div id="main"><p>{PROSE}</p><p>{PROSE} See <a href="/more">more</a>.</p>
<table><tr><td><a href="/x">Related one</a> <a href="/y">Related two</a></td></tr></table></div>
<div id="foot">Contact: <a href="/c">mail us</a> or call the desk during office hours.</div>
</body></html>"""


def test_removes_link_lists_and_keeps_the_rest():
    page = maintext.extract(PAGE, method="lqf")
    assert PROSE in page.paragraphs
    assert "Alpha section" not in page.text and "Related one" not in page.text
    # under the quota: a block that mentions a link is kept
    assert "office hours" in page.text and f"{PROSE} See more." in page.paragraphs


def test_parent_is_judged_without_its_removed_link_blocks():
    links = "".join(f'<li><a href="/{i}">a rather long related headline number {i}</a></li>' for i in range(6))
    html = f'<html><body><div id="mix"><p>Short caption text.</p><ul>{links}</ul></div></body></html>'
    removed = link_blocks(parse_html(html).find("body"), 0.5, 1)
    assert [el.tag for el in removed] == ["li"] * 6  # innermost first
    assert "mix" not in {el.get("id") for el in removed}  # judged on what is left: no links
    assert maintext.extract(html, method="lqf").text == "Short caption text."


def test_quota_one_removes_nothing():
    page = maintext.extract(PAGE, method="lqf", baselines={"lqf_quota": 1.0})
    assert "Alpha section" in page.text


def test_big_and_deep_pages():
    import time

    menus = "<ul>" + "<li><a href='/x'>menu entry</a></li>" * 20_000 + "</ul>"
    deep = "<div>" * 5_000 + f"<p>{PROSE}</p>" + "</div>" * 5_000
    started = time.process_time()
    page = maintext.extract(f"<html><body>{menus}{deep}</body></html>", method="lqf")
    assert time.process_time() - started < 10
    assert page.text == PROSE
