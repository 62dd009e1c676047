"""LCS matching of feature trees (seed 003): the site fixtures, CompareTwoCNode rule by
rule, the LCS table and its tie priority, clustering and scoring, pages without similar
pages, and huge pages within the cost budget."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from maintext.api import extract, extract_document, load_document
from maintext.cli import main
from maintext.html.document import Document, parse_html
from maintext.methods import lcs
from maintext.options import LcsOptions, Options
from maintext.site.group import attach_site_docs

from ..conftest import FIXTURES, page_bytes, read_gold

SITE = FIXTURES / "lcs"
NAMES = ("ferry", "library", "festival")
TEMPLATE_TEXT = ("Most read", "Winter ferry timetable", "Copyright 2011", "Contact us",
                 "Share this story", "weekly newsletter", "Privacy policy")
OPTS = LcsOptions()


def site_docs(options: Options | None = None) -> dict[str, Document]:
    docs = {n: load_document((SITE / f"{n}.html").read_bytes(),
                             url=f"http://gazette.example/news/{n}.html", options=options)
            for n in NAMES}
    return docs


def tree(html: str, opts: LcsOptions = OPTS, url: str | None = None) -> lcs.CTree:
    return lcs.build_ctree(parse_html(html), opts, url)


def node(t: lcs.CTree, tag: str, nth: int = 0) -> int:
    return [i for i in range(len(t)) if t.tag[i] == tag][nth]


# ----------------------------------------------------------------------------- the site

@pytest.mark.parametrize("k", [1, 2])
def test_article_found_on_each_page_of_the_site(k):
    docs = site_docs()
    attach_site_docs(docs.values(), k)
    for name, doc in docs.items():
        assert len(doc.site_docs) == k
        page = extract_document(doc, "lcs")
        assert page.method == "lcs"
        article = (SITE / f"{name}.html").read_text()
        headline = article.split("<h1>")[1].split("</h1>")[0]
        assert page.paragraphs[0] == headline
        assert page.paragraphs[1].startswith("By ")
        body = article.split('<div class="article">')[1].split("</div>")[0]
        assert len(page.paragraphs) == body.count("<p>") + 2  # + headline and byline
        for boiler in TEMPLATE_TEXT:
            assert boiler not in page.text, (name, boiler)
        assert page.extra["lcs"]["similar_pages"] == k
        assert page.reason is None


def test_explain_lists_candidates_clusters_and_scores():
    docs = site_docs(Options(explain=True))
    attach_site_docs(docs.values(), 2)
    page = extract_document(docs["ferry"], "lcs")
    kept = [e for e in page.explain if e["decision"] == "keep"]
    assert len(kept) == 1
    entry = kept[0]
    assert entry["candidates"][0] == "<h1> (depth 4)"
    assert "<p.byline> (depth 4)" in entry["candidates"]
    assert entry["reason"] == "score 25"  # first on all five content metrics, no links
    assert entry["metrics"]["link_rate"] == 0


def test_what_another_page_shares_is_template():
    docs = site_docs()
    # the festival page copies one paragraph of the ferry page: it is no longer "content"
    shared = ("The authority promised to review the timetable after the summer season.")
    festival = (SITE / "festival.html").read_text().replace(
        "<p>Volunteers can still", f"<p>{shared}</p>\n      <p>Volunteers can still")
    docs["festival"] = load_document(festival.encode(), url="http://gazette.example/news/festival.html")
    docs["ferry"].site_docs = [docs["festival"]]
    text = extract_document(docs["ferry"], "lcs").text
    assert "hybrid engines" in text and shared not in text


def test_candidate_share_combines_several_similar_pages():
    docs = site_docs()
    shared = "The authority promised to review the timetable after the summer season."
    festival = (SITE / "festival.html").read_text().replace(
        "<p>Volunteers can still", f"<p>{shared}</p>\n      <p>Volunteers can still")
    docs["festival"] = load_document(festival.encode(), url="http://gazette.example/news/festival.html")
    ferry = docs["ferry"]
    ferry.site_docs = [docs["festival"], docs["library"]]
    assert shared not in extract_document(ferry, "lcs").text  # default: unmatched in all
    ferry.options = Options().updated(lcs={"candidate_share": 0.5})
    assert shared in extract_document(ferry, "lcs").text  # unmatched in one page is enough


def test_comment_boxes_are_skipped_unless_disabled():
    docs = site_docs(Options(explain=True))
    comments = {"ferry": "Great boat!", "library": "About time.", "festival": "Can't wait."}
    for name, doc in docs.items():
        doc.html = doc.html.replace(
            '<div class="share">',
            f'<div id="comments"><p>{comments[name]} Posted by a reader who has a lot to say '
            f'about this, at great length, with many words and even more opinions.</p></div>'
            '<div class="share">')
    attach_site_docs(docs.values(), 2)
    page = extract_document(docs["ferry"], "lcs")
    assert "Great boat!" not in page.text and "hybrid engines" in page.text
    assert {"block": "<p> (depth 4)", "decision": "drop", "reason": "candidate in a comment box"} in page.explain
    for doc in docs.values():
        doc.options = Options(explain=True).updated(lcs={"skip_comment_boxes": False})
    page = extract_document(docs["ferry"], "lcs")
    # now a cluster of its own (outscored by the article here)
    assert any(e["block"].startswith("cluster") and e["text"].startswith("Great boat!")
               for e in page.explain)


# ----------------------------------------------------------------------------- no site pages

def test_without_site_pages_empty_text_and_reason():
    doc = site_docs()["ferry"]
    page = extract_document(doc, "lcs")
    assert page.text == "" and page.paragraphs == []
    assert page.reason == lcs.NO_SITE_PAGES


def test_without_site_pages_fallback_method():
    path = SITE / "ferry.html"
    page = extract(path, method="lcs", lcs={"fallback_method": "auto"})
    assert page.method == "lcs"
    assert "hybrid engines" in page.text
    assert page.reason.startswith(lcs.NO_SITE_PAGES) and "'auto'" in page.reason
    assert page.extra["lcs"]["fallback_method"] == "auto"


def test_cli_extract_without_site_pages():
    result = CliRunner().invoke(main, ["extract", "--method", "lcs", str(SITE / "ferry.html")],
                                catch_exceptions=False)
    assert result.exit_code == 0
    assert result.stdout.strip() == ""
    assert lcs.NO_SITE_PAGES in result.stderr


def test_identical_site_page_leaves_nothing():
    docs = site_docs()
    twin = Document(docs["ferry"].html, url="http://gazette.example/news/ferry-copy.html")
    docs["ferry"].site_docs = [twin]
    page = extract_document(docs["ferry"], "lcs")
    assert page.text == "" and page.reason == "every node of the page matched its similar pages"


def test_bad_proxy_option_is_rejected():
    with pytest.raises(ValueError, match="width_proxy"):
        lcs.feature_names(LcsOptions(width_proxy="pixels"))


# ----------------------------------------------------------------------------- feature tree

def test_feature_tree_level_order_and_features():
    t = tree('<body><div id="a" class="x  y"><p>one <b>two</b></p><p>three</p></div>'
             '<script>var x = "<p>no</p>";</script><ul><li>a</li></ul> tail</body>')
    assert t.tag == ["body", "div", "ul", "p", "p", "li", "b"]  # level order, no script
    assert t.depth == [0, 1, 1, 2, 2, 2, 3]
    assert t.parent == [-1, 0, 0, 1, 1, 2, 3]
    assert [list(t.children(i)) for i in (0, 1, 3)] == [[1, 2], [3, 4], [6]]
    assert t.ident[1] == "a" and t.cls[1] == "x y"
    p = 3
    assert t.own_text[p] == 3 and t.text_len[p] == 6
    assert t.text_rate(p) == pytest.approx(0.5)
    assert t.content[p]  # content tag
    assert not t.content[1]  # div without own text
    assert t.content[5]  # <li> with all of its text its own: rate 1 > 75%
    # features: id, class, depth, width (children), height (lines), top (lines before), left
    assert t.features[1] == ("a", "x y", 1, 2, 1, 0, 0)
    assert t.features[2][-1] == 1  # <ul> is the second child of <body>
    short = tree('<body><div><p>abc</p></div></body>', LcsOptions(width_proxy="none", top_proxy="none"))
    assert lcs.feature_names(LcsOptions(width_proxy="none", top_proxy="none")) == ("id", "class", "depth", "height", "left")
    assert len(short.features[1]) == 5


def test_inner_html_hash_ignores_layout_whitespace_and_resolves_urls():
    a = tree('<body><p>Hello <a href="/x">there</a></p></body>', url="http://s.example/a/1.html")
    b = tree('<body><p>Hello\n   <a href="http://s.example/x">there</a></p></body>', url="http://s.example/a/2.html")
    c = tree('<body><p>Hello <a href="/y">there</a></p></body>', url="http://s.example/a/1.html")
    p = node(a, "p")
    assert a.inner[p] == b.inner[node(b, "p")]
    assert a.inner[p] != c.inner[node(c, "p")]
    off = LcsOptions(absolutize_urls=False)
    assert (tree('<body><p><a href="/x">t</a></p></body>', off).inner[1]
            != tree('<body><p><a href="http://s.example/x">t</a></p></body>', off).inner[1])
    # in-page anchors stay as written (absolutised they would differ from page to page)
    d = tree('<body><p><a href="#top">Top</a></p></body>', url="http://s.example/a/1.html")
    e = tree('<body><p><a href="#top">Top</a></p></body>', url="http://s.example/a/2.html")
    assert d.inner[1] == e.inner[1]


# ----------------------------------------------------------------------------- CompareTwoCNode

TS = 0.5


def test_compare_different_tags_is_zero():
    a = tree('<body><div class="c">x</div></body>')
    b = tree('<body><section class="c">x</section></body>')
    assert lcs.compare_nodes(a, 1, b, 1, TS) == 0.0


def test_compare_both_roots_is_one():
    a = tree('<body id="one"><p>x</p></body>')
    b = tree('<body class="two"><div></div><div></div></body>')
    assert lcs.compare_nodes(a, 0, b, 0, TS) == 1.0


def test_compare_one_root_is_zero():
    # fragments are rooted at a <div>: the root div against a nested div of the same look
    a = lcs.build_ctree(parse_html("<div><div></div></div>").find(".//div"), OPTS)
    b = lcs.build_ctree(parse_html("<div><div></div></div>").find(".//div"), OPTS)
    assert a.tag[0] == b.tag[1] == "div"
    assert lcs.compare_nodes(a, 0, b, 1, TS) == 0.0
    assert lcs.compare_nodes(a, 1, b, 0, TS) == 0.0


def test_compare_parents_not_similar_is_zero():
    a = tree('<body><div id="news" class="wide"><p>Same words</p></div></body>')
    b = tree('<body><i></i><div id="ads" class="narrow"><p>Same words</p><i></i></div></body>')
    pa, pb = node(a, "p"), node(b, "p")
    da, db = node(a, "div"), node(b, "div")
    assert a.inner[pa] == b.inner[pb]
    # id, class, width (children), left (sibling index) differ: 3/7, not similar
    assert lcs.compare_nodes(a, da, b, db, TS) == pytest.approx(3 / 7)
    assert lcs.compare_nodes(a, pa, b, pb, TS) == 0.0
    c = tree('<body><div id="news" class="wide"><p>Same words</p></div></body>')
    assert lcs.compare_nodes(a, pa, c, node(c, "p"), TS) == 1.0


def test_compare_content_nodes_by_inner_html():
    a = tree('<body><div><p>Hello <b>world</b></p><h2>Title</h2></div></body>')
    b = tree('<body><div><p>Hello <b>world</b></p><h2>Other</h2></div></body>')
    c = tree('<body><div><p>Hello <i>world</i></p></div></body>')
    assert lcs.compare_nodes(a, node(a, "p"), b, node(b, "p"), TS) == 1.0
    assert lcs.compare_nodes(a, node(a, "h2"), b, node(b, "h2"), TS) == 0.0
    assert lcs.compare_nodes(a, node(a, "p"), c, node(c, "p"), TS) == 0.0  # same text, other markup
    # a <div> whose own text is over 75% of its text is a content node too
    d = tree('<body><div>Long own text of this box <a href="/">x</a></div></body>')
    e = tree('<body><div>Long own text of this box <a href="/">x</a></div></body>')
    assert d.content[1] and lcs.compare_nodes(d, 1, e, 1, TS) == 1.0


def test_compare_content_against_structure_is_zero():
    a = tree('<body><div>All of this text is the div\'s own text</div></body>')
    b = tree('<body><div><ul><li>a list</li></ul></div></body>')
    assert a.content[1] and not b.content[1]
    assert lcs.compare_nodes(a, 1, b, 1, TS) == 0.0
    assert lcs.compare_nodes(b, 1, a, 1, TS) == 0.0


def test_compare_structure_nodes_share_of_equal_features():
    a = tree('<body><div id="m" class="c"><i></i><i></i></div></body>')
    same = tree('<body><div id="m" class="c"><i></i><i></i></div></body>')
    other_class = tree('<body><div id="m" class="d"><i></i><i></i></div></body>')
    other_kids = tree('<body><div id="m" class="d"><i></i></div></body>')
    units = len(lcs.feature_names(OPTS))
    assert units == 7
    assert lcs.compare_nodes(a, 1, same, 1, TS) == 1.0
    assert lcs.compare_nodes(a, 1, other_class, 1, TS) == pytest.approx(6 / 7)
    assert lcs.compare_nodes(a, 1, other_kids, 1, TS) == pytest.approx(5 / 7)
    # without the layout proxies: id, class, depth
    dropped = LcsOptions(width_proxy="none", height_proxy="none", top_proxy="none", left_proxy="none")
    a3 = tree('<body><div id="m" class="c"><i></i></div></body>', dropped)
    b3 = tree('<body><div id="m" class="d"><i></i><i></i></div></body>', dropped)
    assert lcs.compare_nodes(a3, 1, b3, 1, TS) == pytest.approx(2 / 3)


# ----------------------------------------------------------------------------- LCS table

def test_lcs_table_is_a_similarity_weighted_lcs():
    # target A B C, other A' X C': A~A' (7), C~C' (7), B~X partly (2)
    rows = [{0: 7}, {1: 2}, {2: 7}]
    table = lcs.lcs_table(3, rows)
    assert table[-1][-1] == 16
    matched, unmatched = lcs.backtrack(table, rows, threshold=3.5)
    assert matched == [(0, 0), (2, 2)]
    assert unmatched == [1]  # substituted below Ts


def test_tie_prefers_diagonal():
    # one target node, two other nodes equally similar to it: the diagonal at the last
    # row wins over going up, so it pairs with the last one
    rows = [{0: 7}, {0: 7}]
    matched, unmatched = lcs.backtrack(lcs.lcs_table(1, rows), rows, threshold=3.5)
    assert matched == [(0, 1)] and unmatched == []
    # a zero-similarity diagonal tying with up and left is a substitution: a candidate
    rows = [{}, {}]
    matched, unmatched = lcs.backtrack(lcs.lcs_table(2, rows), rows, threshold=3.5)
    assert matched == [] and unmatched == [1, 0]


def test_tie_prefers_up_over_left():
    # target t0 t1, other o0 o1 with t1~o0 and t0~o1 (crossing): only one pair can be
    # kept; at the corner up and left tie, up (skipping o1) wins, so t1-o0 is kept
    rows = [{1: 7}, {0: 7}]
    table = lcs.lcs_table(2, rows)
    assert table[2][2] == 7 and table[1][2] == table[2][1] == 7
    matched, unmatched = lcs.backtrack(table, rows, threshold=3.5)
    assert matched == [(1, 0)]
    assert unmatched == [0]


def test_lcs_table_rows_without_similarity_are_shared():
    rows = [{}, {0: 3}, {}]
    table = lcs.lcs_table(2, rows)
    assert table[1] is table[0] and table[3] is table[2]
    assert table[2] == [0, 3, 3]


def test_match_trees_agrees_with_compare_nodes():
    docs = site_docs()
    t1 = lcs.build_ctree(docs["ferry"].tree, OPTS, docs["ferry"].url)
    t2 = lcs.build_ctree(docs["library"].tree, OPTS, docs["library"].url)
    matched, stats = lcs.match_trees(t1, t2, OPTS)
    assert stats.chunked_levels == 0
    ts = OPTS.similarity_threshold
    for i in range(len(t1)):
        partners = [j for j in range(len(t2)) if t2.depth[j] == t1.depth[i]
                    and lcs.compare_nodes(t1, i, t2, j, ts) > ts]
        if matched[i]:  # a match is a similar pair (nodes without partners never match)
            assert partners, t1.describe(i)
    unmatched = {t1.describe(i) for i in range(len(t1)) if not matched[i]}
    assert unmatched == {"h1", "p.byline", "p"}


# ----------------------------------------------------------------------------- clusters

def test_clusters_drop_descendants_and_group_siblings_and_nephews():
    t = tree('<body><div id="a"><p>1</p><p>2</p><div id="b"><p>3</p></div></div>'
             '<div id="c"><span>4</span></div><p>5</p></body>')
    ids = {t.describe(i) + str(t.depth[i]): i for i in range(len(t))}
    p3 = [i for i in range(len(t)) if t.tag[i] == "p" and t.depth[i] == 3][0]
    ps_a = [i for i in t.children(ids["div#a1"]) if t.tag[i] == "p"]
    span = [i for i in range(len(t)) if t.tag[i] == "span"][0]
    p5 = [i for i in t.children(0) if t.tag[i] == "p"][0]
    # p1 (first in level order) takes p2 (same parent) and p3 (grandparent = p1's parent)
    assert lcs.cluster(t, lcs.top_candidates(t, ps_a + [p3])) == [ps_a + [p3]]
    # the span's parent div#c is a candidate: the span goes
    tops = lcs.top_candidates(t, ps_a + [p3, span, ids["div#c1"]])
    assert span not in tops and set(tops) == set(ps_a + [p3, ids["div#c1"]])
    # now div#c comes first: p1 and p2 are its nephews (grandparent = its parent), p3 is not
    clusters = lcs.cluster(t, tops)
    assert clusters == [[ps_a[0], ps_a[1], ids["div#c1"]], [p3]]
    # a node without siblings or relatives among the candidates is a cluster of its own
    assert lcs.cluster(t, [p5]) == [[p5]]
    assert lcs.cluster(t, []) == []


def test_scores_rank_the_top_three_of_each_metric():
    def m(text, area, eff, tags, ratio, links):
        return {"text_length": text, "area": area, "effective_area": eff, "content_tags": tags,
                "text_code_ratio": ratio, "link_rate": links}

    metrics = [m(500, 10, 400, 8, 0.7, 0.0), m(40, 3, 0, 0, 0.2, 0.9),
               m(100, 4, 80, 2, 0.5, 0.1), m(60, 2, 30, 1, 0.3, 0.5)]
    scores = lcs.score_clusters(metrics)
    # cluster 0 first everywhere, no links; cluster 1: second link rate (-5), area 3rd...
    assert scores[0] == 25
    assert scores[1] == 0 + 1 + 0 + 0 + 0 - 5  # area 3rd, most links; 4th or zero elsewhere
    assert scores[2] == 3 + 3 + 3 + 3 + 3 - 1  # second on the content metrics, 3rd on links
    assert scores[3] == 1 + 0 + 1 + 1 + 1 - 3
    opts = LcsOptions(score_gap=2, max_clusters=3)
    assert lcs.select_clusters(scores, metrics, opts) == [0]
    assert lcs.select_clusters([10, 9, 8, 2], metrics, opts) == [0, 1, 2]
    assert lcs.select_clusters([10, 9, 8, 2], metrics, LcsOptions(score_gap=2, max_clusters=2)) == [0, 1]
    assert lcs.select_clusters([5], [m(0, 0, 0, 0, 0, 0)], opts) == []  # no text, nothing kept


def test_paragraphs_split_at_blocks_and_breaks():
    root = parse_html('<div><h2>Head</h2>one <b>bold</b><br>two<script>x()</script> three'
                      '<p>para</p></div>tail')
    div = root.find(".//div")
    assert lcs.paragraphs(div) == ["Head", "one bold", "two three", "para"]


# ----------------------------------------------------------------------------- big pages

def _page(body: str) -> str:
    return f"<html><body>{body}</body></html>"


def test_deep_page_does_not_crash():
    depth = 10_000
    pages = [_page("<div>" * depth + f"<p>{text} words of the deepest paragraph</p>" + "</div>" * depth)
             for text in ("First", "Second")]
    docs = [Document(h, url=f"http://deep.example/{i}.html") for i, h in enumerate(pages)]
    docs[0].site_docs = [docs[1]]
    start = time.process_time()
    page = extract_document(docs[0], "lcs")
    assert time.process_time() - start < 10
    assert "First words of the deepest paragraph" in page.text
    assert "Second" not in page.text


def test_wide_page_stays_within_the_budget():
    menu = "<ul>" + "".join(f'<li><a href="/t/{i}">topic {i}</a></li>' for i in range(3000)) + "</ul>"
    pages = [_page(f'<div id="menu">{menu}</div><div id="story"><p>{t}</p></div>')
             for t in ("A story about the river and its bridges, told at length.",
                       "Another story about trains, buses and the new timetable.")]
    opts = Options(explain=True).updated(lcs={"max_level_cost": 50_000, "max_page_cost": 200_000})
    docs = [Document(h, url=f"http://wide.example/{i}.html", options=opts) for i, h in enumerate(pages)]
    docs[0].site_docs = [docs[1]]
    start = time.process_time()
    page = extract_document(docs[0], "lcs")
    assert time.process_time() - start < 10
    info = page.extra["lcs"]
    assert info["chunked_levels"] >= 1
    assert "cell budget" in page.reason
    assert any(e["block"] == "alignment" and "cell budget" in e["reason"] for e in page.explain)
    # over the budget the cost is linear in the number of nodes
    assert info["cells"] + lcs.PAIR_COST * info["pairs"] < 200_000 + 40 * info["nodes"]
    assert page.text == "A story about the river and its bridges, told at length."
    # the default budget (9 million same-tag pairs under one list are over it too)
    docs = [Document(h, url=f"http://wide.example/{i}.html") for i, h in enumerate(pages)]
    docs[0].site_docs = [docs[1]]
    page = extract_document(docs[0], "lcs")
    assert page.text == "A story about the river and its bridges, told at length."
    assert page.extra["lcs"]["cells"] + lcs.PAIR_COST * page.extra["lcs"]["pairs"] < 2_000_000


# ----------------------------------------------------------------------------- real sites

def test_big9_site_pages():
    gold = [g for g in read_gold("big9-2009") if g["site"] == "arstechnica.com"][:4]
    docs = [load_document(page_bytes("big9-2009", g["id"]), url=g["url"]) for g in gold]
    attach_site_docs(docs, 2)
    for g, doc in zip(gold, docs):
        page = extract_document(doc, "lcs")
        words = set(g["text"].split())
        got = set(page.text.split())
        assert len(words & got) / len(words) > 0.8, g["id"]
        assert len(words & got) / max(1, len(got)) > 0.6, g["id"]


def _brute_force_matched(t1: lcs.CTree, t2: lcs.CTree, ts: float) -> list[bool]:
    """Per-level LCS over *all* nodes of each level, every cell from compare_nodes."""
    units = len(t1.features[0])
    matched = [False] * len(t1)
    for depth in range(max(t1.depth) + 1):
        cols = [i for i in range(len(t1)) if t1.depth[i] == depth]
        rows = [j for j in range(len(t2)) if t2.depth[j] == depth]
        row_sims = []
        for j in rows:
            sims = {}
            for k, i in enumerate(cols):
                s = round(lcs.compare_nodes(t1, i, t2, j, ts) * units)
                if s:
                    sims[k] = s
            row_sims.append(sims)
        pairs, _ = lcs.backtrack(lcs.lcs_table(len(cols), row_sims), row_sims, ts * units)
        for k, _r in pairs:
            matched[cols[k]] = True
    return matched


@pytest.mark.parametrize("pair", [("ferry", "library"), ("festival", "ferry")])
def test_level_matcher_equals_brute_force(pair):
    docs = site_docs()
    t1, t2 = (lcs.build_ctree(docs[n].tree, OPTS, docs[n].url) for n in pair)
    matched, _ = lcs.match_trees(t1, t2, OPTS)
    assert matched == _brute_force_matched(t1, t2, OPTS.similarity_threshold)


def test_level_matcher_equals_brute_force_on_real_pages():
    gold = [g for g in read_gold("big9-2005") if g["site"] == "bbc.co.uk"][:2]
    docs = [load_document(page_bytes("big9-2005", g["id"]), url=g["url"]) for g in gold]
    t1, t2 = (lcs.build_ctree(d.tree, OPTS, d.url) for d in docs)
    matched, stats = lcs.match_trees(t1, t2, OPTS)
    assert stats.chunked_levels == 0
    brute = _brute_force_matched(t1, t2, OPTS.similarity_threshold)
    differ = [i for i in range(len(t1)) if matched[i] != brute[i]]
    assert not differ, [t1.describe(i) for i in differ[:5]]


def test_stable_hash_takes_any_text():
    """The node digest reads lone surrogates (a page decoded with surrogateescape), control
    characters and empty parts without error, and tells different parts apart."""
    from maintext.methods.lcs.ctree import stable_hash

    odd = ("\udc80\x00text", 3, ("div", (("class", "a\udcff"),), 7), "")
    assert stable_hash(odd) == stable_hash(tuple(odd))
    assert stable_hash(()) != stable_hash(("",))
    assert stable_hash(("a", "b")) != stable_hash(("ab",))
    assert 0 <= stable_hash(odd) < 2 ** 64
