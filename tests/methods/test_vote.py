"""The voting method and page object (maintext/methods/vote.py, vote_rules.py)."""

from __future__ import annotations

import pytest

import lxml.html

import maintext
from maintext.html.blocks import segment
from maintext.html.document import Document, parse_html
from maintext.methods import vote as vote_method
from maintext.methods.vote_rules import RULES, build_context, length_score, normalise
from maintext.options import Options

PROSE = ("The committee met on Tuesday to discuss the new budget, which had been delayed for "
         "several weeks. Members argued about the cost of the bridge, the school and the roads; "
         "in the end, they agreed to vote again next month.")

PAGE = f"""<html><head><title>City news</title></head><body>
<div id="header"><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></div>
<div class="nav"><ul><li><a href="/a">Politics</a></li><li><a href="/b">Business</a></li>
<li><a href="/c">Culture</a></li><li><a href="/d">Weather</a></li></ul></div>
<div class="article-body"><h1>Council delays budget vote</h1>
<p>{PROSE}</p>
<p>{PROSE.replace("Tuesday", "Friday")} Read the <a href="/report">full report</a> online.</p>
<figure><img src="bridge.jpg" alt="The old bridge"><figcaption>Bridge</figcaption></figure>
<p>{PROSE.replace("committee", "council")}</p></div>
<div class="footer"><a href="/about">About us</a> | <a href="/contact">Contact</a> | Copyright 2024</div>
</body></html>"""


def run(html: str, **overrides) -> maintext.Page:
    return maintext.extract(html, method="vote", url="https://example.org/story", **overrides)


def test_body_is_the_topic_blocks_in_document_order():
    page = run(PAGE)
    assert page.method == "vote"
    assert len(page.paragraphs) == 3
    assert page.paragraphs[0].startswith("The committee met on Tuesday")
    assert page.paragraphs[1].startswith("The committee met on Friday")
    assert page.paragraphs[2].startswith("The council met")
    for noise in ("Politics", "About us", "Home", "Bridge"):
        assert noise not in page.text


def test_page_object_title_content_title_and_forward_links():
    page = run(PAGE)
    assert page.title == "City news"
    assert page.headline == "Council delays budget vote"
    assert page.incoming_anchors == []  # anchor text: filled crawl-wide, not from one page
    by_text = {link.text: link for link in page.links}
    assert by_text["full report"].url == "https://example.org/report"
    assert by_text["full report"].in_main is True
    assert by_text["Politics"].in_main is False
    assert by_text["About us"].in_main is False


def test_block_types_hub_pic_topic():
    opts = Options().vote
    blocks = segment(parse_html(PAGE))
    types = {b.text: vote_method.block_type(b, opts) for b in blocks}
    assert types["Politics"] == "hub"
    assert types["Bridge"] == "pic"
    assert types[PROSE] == "topic"


def test_explain_lists_every_block_with_rule_scores():
    page = run(PAGE, explain=True)
    assert page.explain and len(page.explain) == len(segment(parse_html(PAGE)))
    kept = [e for e in page.explain if e["kept"]]
    assert len(kept) == 3
    entry = kept[0]
    assert set(entry["scores"]) == {rule.name for rule in RULES}
    assert all(0.0 <= v <= 1.0 for v in entry["scores"].values())
    assert 0.0 <= entry["total"] <= 1.0 and entry["type"] == "topic"
    menu = next(e for e in page.explain if e["text"] == "Politics")
    assert menu["type"] == "hub" and not menu["kept"]


def test_textbook_length_bins():
    html = "<html><body>" + "".join(f"<p>{'字' * n}</p>" for n in (5, 30, 100, 300)) + "</body></html>"
    blocks = segment(parse_html(html))
    ctx = build_context(blocks)
    assert [length_score(b, ctx) for b in blocks] == [0, 5, 8, 10]


def test_rule_numbers_are_read_through_the_options():
    html = "<html><body>" + "".join(f"<p>{'字' * n}</p>" for n in (5, 30, 100, 300)) + "</body></html>"
    blocks = segment(parse_html(html))
    opts = Options().updated(vote={"length_bins": ((20, 0), (float("inf"), 4))}).vote
    ctx = build_context(blocks, opts)
    assert [length_score(b, ctx) for b in blocks] == [0, 4, 4, 4]
    from maintext.methods.vote_rules import rules

    length = next(r for r in rules(opts) if r.name == "length")
    assert (length.low, length.high) == (0.0, 4)  # the range follows the bins
    assert Options().vote.weights["semantics"] == 3.0


def test_normalisation_keeps_every_rule_in_unit_range():
    for rule in RULES:
        assert normalise(rule, rule.low - 1000) == 0.0
        assert normalise(rule, rule.high + 1000) == 1.0
        assert normalise(rule, (rule.low + rule.high) / 2) == pytest.approx(0.5)


def test_weights_change_the_vote_and_unknown_rules_are_rejected():
    blocks = segment(parse_html(PAGE))
    base = Options().vote
    _, totals = vote_method.vote(blocks, base)
    only_length = Options().updated(vote={"weights": {r.name: 0.0 for r in RULES if r.name != "length"}}).vote
    _, length_totals = vote_method.vote(blocks, only_length)
    ctx = build_context(blocks)
    assert length_totals == [length_score(b, ctx) / 10 for b in blocks]
    assert length_totals != totals
    with pytest.raises(ValueError):
        vote_method.vote(blocks, Options().updated(vote={"weights": {"nope": 1.0}}).vote)


def test_unreachable_threshold_falls_back_to_the_best_voted_blocks():
    page = run(PAGE, vote={"topic_threshold": 1.01})
    assert page.paragraphs and all(p.startswith("The c") for p in page.paragraphs)
    assert "Politics" not in page.text
    strict = run(PAGE, vote={"topic_threshold": 1.01, "fallback_share": None})
    assert strict.text == "" and strict.reason


def test_deeply_nested_page():
    root = lxml.html.Element("html")
    node = lxml.html.etree.SubElement(root, "body")
    for _ in range(10_000):
        node = lxml.html.etree.SubElement(node, "div")
    node.text = PROSE
    doc = Document("<html></html>")
    doc.tree = root  # the shared parse, here built by hand 10,000 levels deep
    page = vote_method.extract(doc, Options())
    assert page.text == PROSE


def test_nearest_class_word_decides_comments_inside_the_content_column_are_dropped():
    comments = "".join(
        f'<li class="comment"><div class="comment-body"><p>{PROSE.replace("committee", f"reader {i}")}</p></div></li>'
        for i in range(3))
    html = PAGE.replace("</div>\n<div class=\"footer\">",
                        f'<div class="comments"><ol class="commentlist">{comments}</ol></div></div>\n<div class="footer">')
    assert "reader 1" in html
    page = run(html, vote={"region_penalty": None})  # the vote alone drops them
    assert len(page.paragraphs) == 3
    assert page.paragraphs[0].startswith("The committee met on Tuesday")
    assert "reader" not in page.text
    weightless = run(html, vote={"region_penalty": None, "weights": {"semantics": 0.0}})
    assert "reader 1" in weightless.text  # they are prose by every other rule


def test_best_region_keeps_the_article_container_only():
    sidebar = f'<div class="box"><p>{PROSE.replace("committee", "sidebar")}</p></div>'
    nav = "".join(f'<a href="/{i}">link number {i}</a> ' for i in range(40))
    html = (f'<html><body><div id="col1">{sidebar}<div>{nav}</div></div>'
            f'<div id="col2"><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p></div></body></html>')
    with_region = run(html)
    assert "sidebar" not in with_region.text and len(with_region.paragraphs) == 3
    anywhere = run(html, vote={"region_penalty": None})
    assert "sidebar" in anywhere.text


def test_malformed_links_are_skipped_not_fatal():
    page = run(f"<html><body><p>{PROSE}</p><a href='http://[::1'>broken</a><a href='javascript:x'>js</a>"
               "<a href='/ok'>fine</a></body></html>")
    assert [link.text for link in page.links] == ["fine"]


def test_big_page_is_linear():
    import time

    menu = "".join(f'<li><a href="/{i}">entry {i}</a></li>' for i in range(10_000))
    html = (f"<html><body><ul class='nav'>{menu}</ul><div class='content'>"
            + f"<p>{PROSE}</p>" * 1_000 + "</div></body></html>")
    doc = Document(html, url="https://example.org/")
    started = time.perf_counter()
    page = vote_method.extract(doc, Options())  # the method alone, without api's merge
    assert time.perf_counter() - started < 10
    assert len(page.paragraphs) == 1_000 and "entry 5" not in page.text
    assert len(page.links) == 10_000 and not any(link.in_main for link in page.links)


def test_semantics_reads_the_nearest_telling_container():
    from maintext.methods.vote_rules import semantics_score

    html = ("<html><body><div>plain</div><p>para</p><div class='post-body'><p>in post</p></div>"
            "<div class='content'><div class='comment-entry'><div class='comments'><p>c</p></div></div></div>"
            "<nav><p>in nav</p></nav></body></html>")
    blocks = segment(parse_html(html))
    ctx = build_context(blocks)
    scores = {b.text: semantics_score(b, ctx) for b in blocks}
    assert scores["plain"] == 0.0  # the <body> tag itself says nothing
    assert scores["para"] == 1.0  # a <p> is prose markup
    assert scores["in post"] == 2.0
    assert scores["c"] == -1.0  # "comments" is nearer than "content"
    assert scores["in nav"] == -1.0
