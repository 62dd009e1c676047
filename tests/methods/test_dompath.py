import time
from pathlib import Path

import pytest

from maintext.api import extract_document, load_document
from maintext.html.document import Document, parse_html
from maintext.methods.dompath import PathIndex, path_similarity
from maintext.options import Options

SITE = Path(__file__).resolve().parents[1] / "fixtures" / "site"
STORIES = sorted(SITE.glob("story-*.html"))


def _docs(options: Options | None = None) -> list[Document]:
    return [load_document(p, options=options) for p in STORIES]


def test_path_similarity_formulas():
    assert path_similarity(3, 4, 6) == pytest.approx(0.5)  # c / max(nA, nB), the default
    assert path_similarity(3, 4, 6, "min") == pytest.approx(0.75)
    assert path_similarity(3, 4, 6, "mean") == pytest.approx(0.6)
    assert path_similarity(0, 0, 0) == 0.0
    with pytest.raises(ValueError):
        path_similarity(1, 2, 3, "cosine")


def test_common_prefix_of_node_and_tag_paths():
    root = parse_html("<html><body><div><p>a</p></div><div><p>b</p><p>c</p></div></body></html>")
    p_a, p_b, p_c = root.iter("p")
    nodes, tags = PathIndex("node"), PathIndex("tag")
    a, b, c = (nodes.info(p)[0] for p in (p_a, p_b, p_c))
    assert nodes.depth[a] == 4  # html, body, div, p
    assert nodes.common_prefix(a, b) == 2  # html, body: different divs
    assert nodes.common_prefix(b, c) == 3  # the same div
    ta, tb = (tags.info(p)[0] for p in (p_a, p_b))
    assert ta == tb and tags.common_prefix(ta, tb) == 4  # same tag names all the way
    with pytest.raises(ValueError):
        PathIndex("xpath")


def test_site_template_removed_and_story_found():
    docs = _docs()
    target = docs[0]
    target.site_docs = docs[1:]
    page = extract_document(target, "dompath")
    assert page.paragraphs[0] == "River towns prepare for record spring floods"
    assert "Residents of low streets were asked" in page.text and len(page.paragraphs) == 4
    for noise in ("About Example News", "independent newsroom", "Copyright", "Home", "Privacy"):
        assert noise not in page.text
    assert page.extra["dompath"]["template_removal"] == "compared with 2 other page(s) of the site"
    assert page.extra["dompath"]["template_leaves"] >= 9
    assert page.reason is None


def test_without_site_pages_clustering_alone_and_says_so():
    doc = _docs()[0]
    page = extract_document(doc, "dompath")
    assert page.text  # path clustering still picks a group
    assert page.extra["dompath"]["template_removal"].startswith("skipped: no other pages")
    assert "template removal skipped" in page.reason
    off = _docs(Options().updated(dompath={"template_removal": False}))
    off[0].site_docs = off[1:]
    assert extract_document(off[0], "dompath").extra["dompath"]["template_removal"] == "skipped: turned off"


def test_template_step_changes_the_choice_on_the_fixture():
    # the site-wide "About" column outweighs this short story: with the paper's plain choice
    # of the heaviest group (no title proximity) only the template step removes it
    docs = _docs(Options().updated(dompath={"title_power": 0}))
    alone = extract_document(docs[1], "dompath").text
    docs[1].site_docs = [docs[0], docs[2]]
    with_site = extract_document(docs[1], "dompath").text
    assert "independent newsroom" in alone and "tram line" not in alone
    assert with_site.startswith("City council approves new tram line")


def test_explain_names_template_leaves_and_the_main_group():
    docs = _docs(Options(explain=True))
    docs[2].site_docs = docs[:2]
    page = extract_document(docs[2], "dompath")
    by_text = {r["text"]: r for r in page.explain}
    assert by_text["Home"]["why"] == "site template" and by_text["Home"]["decision"] == "drop"
    story = by_text["Local library reopens after renovation"]
    assert story["decision"] == "keep" and story["why"].endswith("the main text")
    positions = [r["pos"] for r in page.explain]
    assert positions == sorted(positions)


def test_threshold_is_a_parameter():
    html = ("<html><body><div><div><p>" + "left column words here. " * 20 + "</p></div></div>"
            "<div><div><p>" + "right column text. " * 10 + "</p></div></div></body></html>")
    split = extract_document(Document(html), "dompath")
    assert "left column" in split.text and "right column" not in split.text
    merged = extract_document(Document(html, options=Options().updated(dompath={"threshold": 0.2})), "dompath")
    assert "left column" in merged.text and "right column" in merged.text


def test_deeply_nested_page():
    html = ("<html><body><p>menu</p>" + "<div>" * 10000 + "<p>deep story text</p>"
            + "</div>" * 10000 + "</body></html>")
    start = time.process_time()
    page = extract_document(Document(html), "dompath")
    assert time.process_time() - start < 5
    assert page.text == "deep story text"


def test_empty_body_gives_reason():
    page = extract_document(Document("<html><body><div> </div></body></html>"), "dompath")
    assert page.text == "" and page.reason


def test_big9_page_with_site_pages():
    from tests.conftest import page_bytes, read_gold

    gold = [g for g in read_gold("big9-2009") if g["site"] == "cnn.com"][:3]
    docs = [load_document(page_bytes("big9-2009", g["id"]), url=g["url"]) for g in gold]
    docs[0].site_docs = docs[1:]
    page = extract_document(docs[0], "dompath")
    longest = max(gold[0]["text"].splitlines(), key=len)
    assert longest[:80] in page.text
    assert page.extra["dompath"]["template_leaves"] > 20


def test_title_proximity_prefers_the_article_over_heavier_comments():
    comment = "<div class='c'><p>I think this is a long reader comment with many words in it, agreed.</p></div>"
    html = ("<html><head><title>Bridge reopens - Daily</title></head><body>"
            "<div id='main'><div class='story'><h1>Bridge reopens</h1>"
            "<div class='text'><p>The old bridge reopened on Monday after two years of repairs.</p>"
            "<p>Drivers will pay no toll during the first month.</p></div></div></div>"
            "<div id='talk'><div><div><div>" + comment * 6 + "</div></div></div></div></body></html>")
    page = extract_document(Document(html), "dompath")
    assert page.text.startswith("The old bridge reopened") and "reader comment" not in page.text
    assert page.extra["dompath"]["title_leaf"] == "Bridge reopens"
    plain = extract_document(Document(html, options=Options().updated(dompath={"title_power": 0})), "dompath")
    assert "reader comment" in plain.text and "title_leaf" not in plain.extra["dompath"]
