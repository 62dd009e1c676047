"""Authors: structured sources, bylines near the headline, archive links, several names."""

from __future__ import annotations

import pytest

from maintext.html.document import Document
from maintext.metadata.authors import AUTHOR_CANDIDATES, clean_author, is_author_box
from maintext.result import Page
from tests.metadata.helpers import meta_of


def test_author_from_byline_class_near_headline():
    html = """<html><body><article><header><h1>Post title</h1>
    <span class="byline">By <a rel="author" href="/u/ann">Ann Lee</a></span></header>
    <p>Text.</p><div class="comments"><span class="comment-author">Spammer</span></div>
    </article></body></html>"""
    assert meta_of(html).author == "Ann Lee"


def test_comment_authors_are_not_the_author():
    html = """<html><body><article><h1>Post title</h1><p>Text.</p>
    <div id="comments"><span class="comment-author">Spammer</span></div></article></body></html>"""
    assert meta_of(html).author is None


def test_site_name_as_author_only_when_nobody_else_is_named():
    head = '<html><head><meta name="author" content="National Geographic"></head>'
    url = "https://www.nationalgeographic.co.uk/2020/01/goats"
    with_byline = head + """<body><article><h1>Goats</h1><p class="byline">By Michael Hingston</p>
    <p>Text.</p></article></body></html>"""
    assert meta_of(with_byline, url=url).author == "Michael Hingston"
    assert meta_of(head + "<body><h1>Goats</h1><p>Text.</p></body></html>", url=url).author == \
        "National Geographic"


def test_author_archive_link():
    html = """<html><body><h1>Post</h1><p>Text.</p><footer>
    <a href="https://blog.example/author/tim-anderson/">Tim Anderson</a></footer>
    <ol class="commentlist"><li><a href="/author/troll/">Troll</a></li></ol></body></html>"""
    assert meta_of(html).author == "Tim Anderson"


@pytest.mark.parametrize("raw, name", [
    ("By Jane Doe", "Jane Doe"), ("von Max Muster", "Max Muster"), ("作者：张三", "张三"),
    ("Dieter Sieckmeyer", "Dieter Sieckmeyer"), ("Posted on", None), ("@someone", None),
    ("https://facebook.com/someone", None), ("Name *", None), ("Ann says", None), ("", None),
    ("By", None), ("Veröffentlicht von HansG", "HansG"), ("9 articles", None),
    ("cipha[at]cipha.net", None),
])
def test_clean_author(raw, name):
    assert clean_author(raw) == name


def test_author_candidates_keep_only_author_and_byline_boxes():
    from maintext.html.document import parse_html

    root = parse_html('<div><span class="post-Author">A</span><span class="coauthorx">B</span>'
                      '<span class="xuthor">C</span><span class="Byline">D</span><span class="skyline">E</span>'
                      '<a rel="author">F</a><span id="author-box">G</span></div>')
    kept = [el.text for el in AUTHOR_CANDIDATES(root) if is_author_box(el)]
    assert kept == ["A", "B", "D", "F", "G"]


def test_several_authors_are_a_list_and_author_stays_one_string():
    html = """<html><head><meta name="author" content="Jane Doe and John Roe"></head>
    <body><h1>T</h1><p>x</p></body></html>"""
    page = meta_of(html)
    assert page.author == "Jane Doe and John Roe"
    assert page.authors == ["Jane Doe", "John Roe"]
    byline = """<html><body><article><h1>T</h1><div class="byline">
    <span itemprop="name">Ann Lee</span>, <span itemprop="name">Bo Chan</span></div></article></body></html>"""
    page = meta_of(byline)
    assert page.authors == ["Ann Lee", "Bo Chan"] and page.author == "Ann Lee, Bo Chan"
    single = '<html><head><meta name="author" content="Müller, Hans"></head><body></body></html>'
    assert meta_of(single).authors == ["Müller, Hans"]  # not two one-word "names"


@pytest.mark.parametrize("value, names", [
    ("Jane Doe & John Roe", ["Jane Doe", "John Roe"]),
    ("Max Muster und Erika Mustermann", ["Max Muster", "Erika Mustermann"]),
    ("张三、李四", ["张三", "李四"]),
    ("Tom and Jerry", ["Tom and Jerry"]),
])
def test_split_names(value, names):
    from maintext.metadata.authors import split_names

    assert split_names(value) == names


@pytest.mark.parametrize("raw, name", [
    ("AuthorAndreas Kalt", "Andreas Kalt"), ("Veröffentlicht vonChris Jung", "Chris Jung"),
    ("lupa am 26/10/13, 03:48 pm", "lupa"), ("Günter W. Kienitz at 18:52", "Günter W. Kienitz"),
    ("Redaktion: Eberhard Fuhr (Pressesprecher)", "Eberhard Fuhr"), ("~ Cem Basman", "Cem Basman"),
    ("Vonnegut Kurt", "Vonnegut Kurt"), ("Textor Hans", "Textor Hans"), ("DiCaprio Leo", "DiCaprio Leo"),
])
def test_clean_author_glued_prefixes_and_tails(raw, name):
    assert clean_author(raw) == name


def test_written_out_byline_after_the_headline():
    html = """<html><body><h1>Die Pandemie</h1><div><p>VON <a href="/autoren/x">MORITZ GATHMANN</a>
    am 21. April 2020</p></div><p>Von Anfang an war klar, dass es lange dauern würde.</p></body></html>"""
    assert meta_of(html).author == "MORITZ GATHMANN"
    cn = "<html><body><h1>标题</h1><p>正文第一段。</p><span>责任编辑： 焦鹏 </span></body></html>"
    assert meta_of(cn).author == "焦鹏"
    prose = "<html><body><h1>T</h1><p>Von allen Seiten kamen Menschen.</p></body></html>"
    assert meta_of(prose).author is None  # a sentence, not a name


def test_json_ld_author_given_by_reference():
    html = """<html><head><script type="application/ld+json">{"@graph": [
    {"@type": "Article", "headline": "T", "author": {"@id": "https://d.example/#author"}},
    {"@type": "Person", "@id": "https://d.example/#author", "name": "Doris Schuppe"}]}</script>
    </head><body><h1>T</h1></body></html>"""
    assert meta_of(html).author == "Doris Schuppe"


def test_labelled_author_anywhere_in_the_body():
    html = """<html><body><h1>Haubenfahrzeuge</h1><p>Ein langer Text über Fahrzeuge.</p>
    <p><strong>Text:</strong> Klausmartin Friedrich</p><p><strong>Fotos:</strong> Archiv</p></body></html>"""
    assert meta_of(html).author == "Klausmartin Friedrich"
    box = "<html><body><h1>T</h1><p>x</p><aside><h4>Autor</h4><p><a href='/p/n'>Nikolai Huke</a></p></aside></body></html>"
    assert meta_of(box).author == "Nikolai Huke"


def test_name_with_date_or_degree_after_a_comma():
    assert clean_author("Janic Cathomen, 01.12.2021") == "Janic Cathomen"
    assert clean_author("Grant Tinsley, PhD") == "Grant Tinsley"
    assert clean_author("Interview: Julia Lauter") == "Julia Lauter"
    assert clean_author("Erstellt von Andri Bryner") == "Andri Bryner"


@pytest.mark.parametrize("raw, name", [
    ("Auteur: Anna Kubišta", "Anna Kubišta"),
    ("Redacci&oacute;n Diario", "Redacción Diario"),
    ("Williams Perdomo @wperdomod", "Williams Perdomo"),
    ("Tomas Spahn Fr", "Tomas Spahn"),
    ("Moritz So", "Moritz So"),  # a two-word name keeps its last word
    ("Isabella Bia am Samstag", "Isabella Bia"),
    ("Peter Maahn/SP-X", "Peter Maahn"),
    ("Rob Picheta, CNN", "Rob Picheta"),
    ("Jens Bergmann Foto: Michael Hudler", "Jens Bergmann"),
    ("Glen Owen For The Mail On Sunday", "Glen Owen For The Mail On Sunday"),
    ("Veröffentlicht am", None),
])
def test_clean_author_tails_and_labels(raw, name):
    assert clean_author(raw) == name


def test_handle_and_first_name_completed_by_a_later_source():
    html = """<html><head><script type="application/ld+json">{"@type": "Article",
    "author": {"@type": "Person", "name": "%s"}}</script></head><body><article>
    <h1>Titel des Beitrags</h1><div class="byline">Von Robert Stitz</div><p>Text.</p>
    </article></body></html>"""
    assert meta_of(html % "robert.stitz").author == "Robert Stitz"
    assert meta_of(html % "Robert").author == "Robert Stitz"
    assert meta_of(html % "Anna Weber").author == "Anna Weber"  # a full name stays


def test_single_structured_name_completed_by_a_byline_naming_more():
    html = """<html><head><meta name="author" content="Rudolf Fischer"></head><body><article>
    <h1>Test</h1><div class="author">Rudolf Fischer, Simon Kohler</div><p>Text.</p>
    </article></body></html>"""
    page = meta_of(html)
    assert page.authors == ["Rudolf Fischer", "Simon Kohler"]


def test_copyright_holder_of_a_site_named_after_a_person():
    html = """<html><body><h1>Mercurial's journey</h1><p>Text.</p>
    <div id="footer"><p>Copyright (c) 2012- Gregory Szorc. All rights reserved.</p></div></body></html>"""
    assert meta_of(html, url="https://gregoryszorc.com/blog/post/").author == "Gregory Szorc"
    assert meta_of(html, url="https://news.example/post/").author is None


def test_author_links_side_by_side_are_one_byline():
    html = """<html><body><article><h1>La agenda</h1><p>Texto.</p><div class="meta">
    <a href="/autor/isabel-caro/">Isabel Caro</a><a href="/autor/rocio-latorre/">Rocío Latorre</a>
    </div><div class="more"><a href="/autor/otra-persona/">Otra Persona</a></div>
    </article></body></html>"""
    assert meta_of(html).authors == ["Isabel Caro", "Rocío Latorre"]


def test_byline_outlet_after_the_name_is_no_co_author():
    html = """<html><head><meta name="author" content="Elizabeth Chuck"></head><body><article>
    <h1>Test</h1><div class="byline">Elizabeth Chuck, NBC News</div><p>Text.</p>
    </article></body></html>"""
    assert meta_of(html).authors == ["Elizabeth Chuck"]


def test_name_tail_cuts_what_it_cut_without_its_lookahead():
    import random
    import re

    from maintext.metadata.names import NAME_TAIL

    assert NAME_TAIL.pattern.startswith("(?=[\\s,(/])(?:") and NAME_TAIL.pattern.endswith(")")
    reference = re.compile(NAME_TAIL.pattern[len("(?=[\\s,(/])(?:"):-1], NAME_TAIL.flags)
    pieces = ["Jane", " Doe", " am", " AM", " on", " at", " 26/10/13", ", 3", ",", " (Redaktion)", " | Bild", " \u2013 x",
              ", PhD", ", md", " am Samstag", " on monday.", " um", " @jdoe", " Fotos: x", ", CNN", "/SP-X", "/dpa",
              "  ", "\t", "\xa0", "(", "/", "x", "J\u00f6rg", " Photo :y", " le 3"]
    rng = random.Random(71)
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 7)))
        assert NAME_TAIL.sub("", text) == reference.sub("", text), text


def test_short_pieces_skip_white_space_as_collapsing_would():
    """_short_pieces skips a piece by str.isspace() before collapsing it: the same pieces,
    as str.split() takes the same characters for white space (every code point)."""
    import sys

    from maintext.metadata.authors import _short_pieces

    assert all((c.split() == []) == c.isspace() for c in map(chr, range(sys.maxunicode + 1)))
    texts = ["", " \n\t", "\u3000\xa0", "By  Jane\nDoe", "\u200b", " x ", "\x1c\x1d\x1e\x1f\x85"]
    assert _short_pieces(texts) == ["By Jane Doe", "\u200b", "x"]


def test_may_open_byline_same_on_a_text_and_on_it_collapsed():
    """visible_byline tests may_open_byline on a piece before collapsing it: the lead it
    skips holds every white-space character, so collapsing changes nothing it reads."""
    import random

    from maintext.metadata.names import may_open_byline
    from maintext.textutil import collapse_ws

    pieces = [" ", "\n", "\xa0", "\u3000", "\u2009", "~", "|", "\u2013", "-", "By", "by", "\u0130", "\u0131",
              "x", "Von", "\u4f5c\u8005", "\u200b", "\x85", "\x1c", "Jane", ".", ":"]
    rng = random.Random(83)
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        assert may_open_byline(text) == may_open_byline(collapse_ws(text)), text


@pytest.mark.parametrize("native", [True, False])
def test_author_boxes_found_lazily_are_the_first_twenty(monkeypatch, native):
    """The boxes byline_author reads (``authors._author_boxes``; with the compiled scans, the
    first box alone, then the others): the same elements in the same order as the
    author-like descendants cut at MAX_BYLINE_BOXES."""
    from maintext.html import walk
    from maintext.html.document import parse_html
    from maintext.metadata import authors

    monkeypatch.setattr(walk, "ENABLED", native and walk.ENABLED)
    nodes = authors.native_nodes()
    if native and nodes is None:
        pytest.skip("the compiled scans are not built")
    for count in (0, 1, 2, 25):
        boxes = "".join(f"<span class='author'>A{i}</span><p>x</p>" for i in range(count))
        root = parse_html(f"<html><body><article><h1>T</h1><p rel='author'>B</p>{boxes}</article></body></html>")
        scope = root.find(".//article")
        want = [el for el in scope.iterdescendants() if is_author_box(el)][:authors.MAX_BYLINE_BOXES]
        if native:
            assert nodes.author_boxes(scope, 1) == want[:1]
            assert nodes.author_boxes(scope, authors.MAX_BYLINE_BOXES) == want
        else:
            assert list(authors._author_boxes(scope)) == want


def test_author_sources_read_in_order_and_only_when_needed(monkeypatch):
    """``_AuthorSources.names_of`` reads the sources most reliable first; a source is read only when
    the ones before it named nobody (here: none names anyone until the fourth)."""
    from maintext.metadata import authors
    read = []
    for n, name in enumerate(("byline_author", "visible_byline", "author_link", "labelled_byline",
                              "copyright_holder")):
        monkeypatch.setattr(authors, name, lambda *a, n=n + 2: read.append(n) or ("Jane Doe" if n == 4 else None))

    class Values(dict):
        def get(self, fld, default=None):
            read.append(1)
            return None

    class Got:
        anchors = []
        records = []
        values = Values()

    assert authors.AUTHOR_SOURCES == 7
    assert authors.page_authors({}, Got(), None, None, ()) == ("Jane Doe", ["Jane Doe"])
    assert read[:4] == [1, 2, 3, 4]
