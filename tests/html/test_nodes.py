"""The C tree scans of the metadata pass (maintext/html/_nodes.pyx) find what the Python loops find."""

from __future__ import annotations

import random

import pytest

from maintext.html import walk
from maintext.html.document import parse_html
from maintext.metadata import authors, dates, visible
from tests.helpers_pages import random_page

pytestmark = pytest.mark.skipif(walk.nodes is None, reason="native scans not built")

PAGE = ("<html><head><title>t</title></head><body><article> lead <!-- a comment --><?pi stuff?>"
        "<div class='x-Author' id='main'><script>var x = 1;</script>tail<p itemprop='datePublished'>"
        "1 May 2020</p><style>p{}</style><span rel='author'>Jane Doe</span> mid </div>"
        "<meta property='article:published_time' content='2020-05-01'>"
        "<time property='dcterms:modified'>2 May 2020</time><meta property='dc:date' content='2020'>"
        "<x:tag xmlns:x='u' id='an-author'>ns &amp; text</x:tag><noscript>hidden</noscript>"
        "<p id='byline-author'>Datum: 03.05.2020</p><select><option>o</option></select>"
        "<b class='byline'>By Jo Roe</b> end</article></body></html>")
PIECES = ["<div>", "</div>", "<p class='author'>", "</p>", "<script>s</script>", "<style>x</style>",
          "<!--c-->", "text ", "  ", "\u4e2d\u6587", "<br>", "<i itemprop='dateModified'>d</i>",
          "<a rel='author' href='/a'>A B</a>", "<span id='authorbox'>", "</span>", "&amp;", "<?p x?>",
          "<meta property='og:updated_time' content='2020'>", "<option>o</option>", "<b class='Byline'>"]


def _pages():
    yield parse_html(PAGE)
    rng = random.Random(3)
    for _ in range(300):
        yield random_page(rng, PIECES, 40)


def test_subtree_texts_same_pieces_in_the_same_order():
    for root in _pages():
        for el in [root, *root.iter()]:
            for with_tail in (False, True):
                expected = list(visible.subtree_texts(el, with_tail=with_tail))
                got = walk.nodes.subtree_texts(el, visible._SKIP_TEXT_TAGS, with_tail)
                assert got == expected


@pytest.mark.parametrize("stripped", [False, True])
def test_subtree_texts_cut_after_the_piece_over_the_limit(stripped):
    for root in _pages():
        full = list(visible.subtree_texts(root))
        for limit in (0, 3, 10, 25):
            got = walk.nodes.subtree_texts(root, visible._SKIP_TEXT_TAGS, False, limit, stripped)
            size, n = 0, 0
            for n, text in enumerate(full, 1):
                size += len(text.strip() if stripped else text)
                if size > limit:
                    break
            assert got == full[:n]


def test_prop_elements_and_author_boxes_same_elements(monkeypatch):
    for root in _pages():
        native = (dates._prop_elements(root), authors.byline_author(root))
        boxes = walk.nodes.author_boxes(root, 20)
        monkeypatch.setattr(walk, "ENABLED", False)
        assert (dates._prop_elements(root), authors.byline_author(root)) == native
        assert boxes == [el for el in root.iterdescendants() if isinstance(el.tag, str)
                         and authors.is_author_box(el)][:20]
        monkeypatch.setattr(walk, "ENABLED", True)


def test_metadata_dates_and_authors_same_without_the_scans(monkeypatch):
    root = parse_html(PAGE)
    body = root.find("body")
    native = (visible.labelled_date(root, "published"), visible.visible_date(root),
              authors.labelled_byline(root), dates.itemprop_dates(root))
    assert native[0] == "2020-05-03"
    monkeypatch.setattr(walk, "ENABLED", False)
    assert (visible.labelled_date(root, "published"), visible.visible_date(root),
            authors.labelled_byline(root), dates.itemprop_dates(root)) == native
    assert list(visible.body_texts(body, 10)) == list(visible.subtree_texts(body))


def test_anchor_records_are_the_attributes_and_whole_text():
    from maintext.metadata.collect import text_content

    for root in _pages():
        anchors = list(root.iter("a")) + [root.find("body")]
        expected = [(a.get("href"), a.get("rel"), text_content(a)) for a in anchors]
        assert walk.nodes.anchor_records(anchors) == expected
    root = parse_html("<p><a href='/x' rel='Tag'>a <b>b</b><!--c--> &amp; <i>d</i>e</a><a>f</a><a href=''></a></p>")
    assert walk.nodes.anchor_records(list(root.iter("a"))) == [("/x", "Tag", "a b & de"), (None, None, "f"), ("", None, "")]


def test_whole_record_same_without_the_scans(monkeypatch):
    from dataclasses import asdict

    import maintext

    page = PAGE.replace("</article>", "<a href='/tag/x' rel='tag'>X</a><a href='https://creativecommons.org/"
                        "licenses/by/4.0/' rel='license'>cc</a><a href='/category/news/'>News</a></article>")
    native = asdict(maintext.extract(page, url="https://example.org/a"))
    assert native["keywords"] == ["X"] and native["license"] == "CC BY 4.0" and native["links"]
    monkeypatch.setattr(walk, "ENABLED", False)
    assert asdict(maintext.extract(page, url="https://example.org/a")) == native


ID_PIECES = ["post", "Post", "12345", "-", "_", " ", "comments", "Comments", "COMMENTS", "meta", "entry",
             "has", "sidebar", "navBar", "aB", "xY", "nav", "é", "\u212a", "İ", "ad", "share", "Content",
             "ß", "\u4e2d", "0", "z", "Z", ":", "widget", "mainNav", "postComments"]


def test_id_words_are_the_python_marks_of_the_value():
    from maintext.html.vocab import _attr_marks

    rng = random.Random(5)
    values = ["postComments bottom-bar", "post-12345", "entry-meta", "has-sidebar", "aBC", "abCdE",
              "A", "1", "x-\u212aommentsy", "Kommentare"]
    values += ["".join(rng.choice(ID_PIECES) for _ in range(rng.randint(1, 6))) for _ in range(20000)]
    for value in values:
        assert walk.nodes.id_words(value) == _attr_marks.__wrapped__(value), value


def test_value_bytes_words_are_the_words_of_the_value():
    """The walk's one-pass reading of a value's bytes (id_words' too) gives the Python marks
    on ASCII values (None on an empty one) and hands the others over ("wide")."""
    from maintext.html.vocab import _attr_marks

    rng = random.Random(7)
    pieces = ID_PIECES + ["x" * 60, "navigation" * 5, "Nav1", "1Nav", "footerWidget", "ABC", "\t", "\x7f"]
    values = ["", "postComments bottom-bar", "post-12345", "nav sidebar comments", "Comments-é-nav"]
    values += ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 6))) for _ in range(20000)]
    for value in values:
        got = walk.nodes.value_bytes_words(value.encode())
        if not value.isascii():
            assert got == "wide", value
        else:
            assert got == (_attr_marks.__wrapped__(value) if value else None), value


def test_container_marks_of_are_the_python_marks():
    from maintext.html.vocab import _MARKS_CACHE_MAX, container_marks, marks, marks_by_words

    rng = random.Random(6)
    attrs = ["class", "id", "role", "itemprop", "data-x"]
    cache: dict = {}
    words_cache: dict = {}
    for _ in range(3000):
        tag = rng.choice(["div", "aside", "article", "section", "main"])
        html = "".join(f' {rng.choice(attrs)}="{"".join(rng.choice(ID_PIECES) for _ in range(rng.randint(0, 4)))}"'
                       for _ in range(rng.randint(0, 5)))
        el = parse_html(f"<html><body><{tag}{html}>x</{tag}></body></html>").find(".//body/" + tag)
        got = walk.nodes.container_marks_of(el, tag, cache, marks_by_words, _MARKS_CACHE_MAX, words_cache)
        # (no cache by values: the walk's call, the class and id words read from the bytes)
        by_words = walk.nodes.container_marks_of(el, tag, None, marks_by_words, _MARKS_CACHE_MAX, words_cache)
        values = dict(el.items())
        assert got == by_words == marks(tag, el.items()) == container_marks(
            tag, values.get("class"), values.get("id"), values.get("role"), values.get("itemprop")), html


LD_PIECES = ["<script type='application/ld+json'>{\"a\": 1}</script>", "<script type='application/ld+json'></script>",
             "<script type='text/javascript'>var ld = 1;</script>", "<script>{\"ld+json\": 0}</script>",
             "<script type='APPLICATION/LD+JSON'>{}</script>", "<script type=\"application/ld+json\"> </script>",
             "<script type='ld+json' type='x'>{\"b\": 2}</script>", "<div>", "</div>", "<svg>", "</svg>",
             "<script type='application/ld+json'><!-- x -->{\"c\": 3}</script>", "text", "<p>", "</p>",
             "<x:script xmlns:x='u' type='application/ld+json'>{\"ns\": 1}</x:script>", "<noscript>n</noscript>"]


def test_ld_script_texts_are_the_python_list():
    """_nodes.ld_script_texts gives jsonld.script_texts' list: the text of every <script> whose
    type holds "ld+json" and that has text, in page order (the root itself included)."""
    def python(root):
        return [s.text for s in root.iter("script") if s.text and "ld+json" in (s.get("type") or "")]

    rng = random.Random(21)
    found = 0
    for _ in range(1500):
        root = random_page(rng, LD_PIECES, 25)
        assert walk.nodes.ld_script_texts(root) == python(root)
        found += bool(python(root))
    assert found > 500
    script = parse_html("<html><head><script type='application/ld+json'>{}</script></head></html>").find(".//script")
    assert walk.nodes.ld_script_texts(script) == ["{}"] == python(script)


def test_author_boxes_single_attribute_scan_matches_is_author_box():
    """Random attribute sets: the words in any place and case, split by entities (a value
    in several nodes), namespaced and look-alike names, values without the words."""
    rng = random.Random(14)
    names = ["class", "id", "rel", "itemprop", "data-x", "xml:lang", "cls", "ids", "r", "item"]
    words = ["author", "Author", "AUTHOR", "byline", "Byline", "bYline", "autho", "uthor", "aauthor",
             "by&amp;line", "au&#116;hor", "x", "", " ", "\u00e4uthor", "byl"]
    for _ in range(200):
        body = []
        for _ in range(rng.randint(1, 12)):
            attrs = " ".join(f"{rng.choice(names)}='{''.join(rng.choices(words, k=rng.randint(0, 3)))}'"
                             for _ in range(rng.randint(0, 4)))
            body.append(f"<div {attrs}>t</div>")
        root = parse_html("<html><body><section>" + "".join(body) + "</section></body></html>")
        scope = root.find(".//section")
        for limit in (1, 3, 20):
            assert walk.nodes.author_boxes(scope, limit) == [
                el for el in scope.iterdescendants() if authors.is_author_box(el)][:limit]
