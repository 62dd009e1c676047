"""The HTML5 parse (maintext.html.html5): the C tree builder against its Python twin, and the
rules both follow for what lxml cannot hold."""

from __future__ import annotations

import random

import pytest
from lxml import etree

from maintext.html import html5
from maintext.html.document import _PARSER

from ..conftest import dataset_dir, read_gold

needs_native = pytest.mark.skipif(not html5.NATIVE_AVAILABLE, reason="C tree builder not built")
BUILDERS = [pytest.param(True, marks=needs_native, id="c"), pytest.param(False, id="python")]

NASTY = [
    '<a"b>quoted name</a"b> after',
    "<div 1x=2 a\"b=3 {ns}x=4 data>attributes</div>",
    "<fb:like href=x>prefixed</fb:like><o:p></o:p><svg xlink:href=a viewBox=0><foreignObject>f</foreignObject></svg>",
    "<p>controls &#1;&#2;&#3;&#0;\x0c&#12;&#x1f;&#xfffe;&#xffff; kept</p><p title='a&#1;b'>t</p>",
    "<p>a<!-- comment -->b<?pi x?>c</p><!-- after -->",
    "<template><p>inert</p></template><p>shown</p>",
    "<table>loose<tr><td>cell</td></tr>text</table><select><option>o</select>",
    "<title>unclosed title<meta charset=utf-8>" + "<p>story text</p>" * 40,
    "<div>" * 3000 + "deep text" + "</div>" * 3000 + "<p>after</p>",
    "<b>" * 50 + "formatting" + "<p>reopened</p>" * 5,
    "</body></html><p>after the end tags</p>",
    "<p id=a id=b ID=c class='x y'>dup</p><svg viewbox=1 viewBox=2 XLINK:HREF=a xlink:href=b></svg>",
    "<noscript><div></noscript><p>swallowed by noscript</p>",
    "<frameset><frame src=x></frameset>",
    "<plaintext><p>all text</p>",
    "<math><mi>x</mi><annotation-xml encoding='text/html'><p>h</p></annotation-xml></math>",
    "<p>\u4e2d\u6587 caf\u00e9 \U0001f600 \ufffd</p>",
]


def _dump(root: etree._Element) -> list:
    """Everything the trees can differ in: per element its tag, attributes (in order),
    text and tail."""
    return [(el.tag, list(el.attrib.items()), el.text, el.tail) for el in root.iter()]


def _build(html: str, max_depth: int, native: bool) -> etree._Element:
    root = etree.fromstring(b"<html></html>", _PARSER)
    return html5.build(html.encode("utf-8"), root, max_depth, native)


def _both(html: str, max_depth: int = 1000) -> tuple[list, list]:
    return _dump(_build(html, max_depth, True)), _dump(_build(html, max_depth, False))


def _pruned(html: str, max_depth: int, native: bool) -> tuple[list, int]:
    root = etree.fromstring(b"<html></html>", _PARSER)
    pruned = html5.build_pruned(html.encode("utf-8"), root, max_depth, native)
    return _dump(root), pruned


def _both_pruned(html: str, max_depth: int = 1000) -> tuple[tuple, tuple]:
    return _pruned(html, max_depth, True), _pruned(html, max_depth, False)


@needs_native
@pytest.mark.parametrize("html", NASTY)
def test_c_builder_is_the_python_builder_on_nasty_pages(html):
    c, py = _both(html)
    assert c == py
    c, py = _both(html, max_depth=5)
    assert c == py
    for depth in (1000, 5):
        c, py = _both_pruned(html, depth)
        assert c == py


PRUNING = [
    ("<html lang=en data-x=1><head><title>T</title><meta property=og:type content=article data-y=2>"
     "<link rel=canonical href=/c><script>var a</script><style>p{}</style></head>"
     "<body><script type='application/ld+json'>{}</script><svg><title>icon</title><path d=x /></svg>"
     "<p class=c onclick=x>a <span>b</span> <span style='display:none'>c</span> <span hidden>d</span>"
     "<span aria-hidden=false>e</span><font style='color:red'>f</font><span style='&#1;NONE'>g</span></p>"
     "<nav><span>n</span><svg><path/></svg><button>menu</button></nav><noscript><iframe src=x></iframe></noscript>"
     "<select><option>one<option>two</select><button>Go &#1;\x0c</button><label>L</label>"
     "<form><input name=q></form><dialog>d</dialog><math><mi>x</mi></math></body></html>"),
    ("<body><svg><title>first</title><script type=application/ld+json>{\"a\":1}</script></svg>"
     "<svg><title>second</title></svg><p>text</p></body>"),
    ("<head><meta property=OG:Type content=a><meta property='' name=og:url content=u><meta name=x>"
     "<meta property=og:t&#1;ype content=b><meta property=x name=og:type><link rel=Canonical href=c>"
     "<link rel=stylesheet href=s><link rel='can\u00f3nical' href=d><meta name='\u212a'><link href=e></head><p>t</p>"),
    "<nav><p>" + "menu text " * 120 + "</p><svg><title>t</title></svg></nav><p>short</p>",
    ("<nav><p>" + "menu text " * 120 + "</p><button>b</button></nav><p>" + "story " * 400 + "</p>"
     "<menu>" + "<li>item</li>" * 150 + "</menu><noscript><div>" + "x" * 1001 + "</div></noscript>"),
    ("<a class=g id=i href=h style=x><div class=d>x</div></a><a class=c href=h2>y</a><span class=s><div>z</div></span>"
     "<x-box role=r class=w data-x=1><b class=b><p itemprop=articleBody>p</p></b></x-box><img class=i src=s>"),
    "<p>" + "<span>" * 20 + "deep" + "</span>" * 20 + "<button>" * 3 + "b" + "</button>" * 3 + "</p>",
]


@pytest.mark.parametrize("native", BUILDERS)
def test_pruned_build_keeps_marks_on_boxes_and_the_elements_above_them(native):
    dump, _ = _pruned(PRUNING[-2], 1000, native)
    attributes = {tag: attrs for tag, attrs, _, _ in dump}
    assert attributes["a"] == [("href", "h2")]  # the last <a>: no box in it
    assert attributes["x-box"] == [("role", "r"), ("class", "w")] and attributes["b"] == [("class", "b")]
    assert attributes["p"] == [("itemprop", "articleBody")] and attributes["img"] == []
    assert dump[3][:2] == ("a", [("href", "h"), ("style", "x"), ("class", "g"), ("id", "i")])


@needs_native
@pytest.mark.parametrize("html", PRUNING)
def test_pruned_c_builder_is_the_python_builder(html):
    for depth in (1000, 3, 4, 6):
        c, py = _both_pruned(html, depth)
        assert c == py, depth


@needs_native
def test_c_builder_is_the_python_builder_on_random_pages():
    pieces = ["<div>", "</div>", "<p>", "</p>", "<table>", "<tr>", "<td>", "</table>", "<b>", "</b>", "<i>",
              "text ", "\n", "<!--c-->", "<br>", "<a href='/x'>", "</a>", "<ul><li>", "<li>", "&amp;", "&#1;",
              "<span class=s>", "</span>", "<template>", "</template>", "<svg>", "</svg>", "<h2>", "</h2>",
              "\u4e2d", "<a\"b>", "<x 1y=2>", "</body>", "<title>", "</title>", "<script>", "</script>",
              "<select>", "<option>", "<noscript>", "</noscript>", "<form>", "</form>", "<frameset>", "\x0c",
              "<span style='display:none'>", "<span hidden>", "<font aria-hidden=true>", "<nav>", "</nav>",
              "<script type=application/ld+json>", "<button>", "</button>", "<head>", "<meta name=x>",
              "<small onclick=x>", "</small>", "<svg><title>", "<p data-x=1 id=i>", "<u>", "</u>"]
    rng = random.Random(31)
    for _ in range(1500):
        body = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 60)))
        html = "<html><body>" + body + "</body></html>"
        depth = rng.choice([1000, 2, 3, 4, 6])
        c, py = _both(html, depth)
        assert c == py, (html, depth)
        c, py = _both_pruned(html, depth)
        assert c == py, (html, depth)



@pytest.mark.parametrize("native", BUILDERS)
def test_names_lxml_refuses_are_unwrapped_or_skipped(native):
    root = _build('<div 1x=2 a"b=3 {ns}y=4 ok=5><a"b>text <i>kept</i></a"b></div>', 1000, native)
    div = root.find("body/div")
    assert list(div.attrib.items()) == [("1x", "2"), ("ok", "5")]
    assert [el.tag for el in div.iter()] == ["div", "i"] and div.text_content() == "text kept"


@pytest.mark.parametrize("native", BUILDERS)
def test_prefixed_names_are_plain_names(native):
    root = _build("<html xmlns:og='http://ogp.me/ns#' xml:lang=de><body><fb:like>x</fb:like></body></html>",
                  1000, native)
    assert root.get("xml:lang") == "de" and root.get("xmlns:og") == "http://ogp.me/ns#"
    assert root.find("body")[0].tag == "fb:like"


@pytest.mark.parametrize("native", BUILDERS)
def test_control_characters_are_removed_from_text_and_values(native):
    root = _build("<p title='a&#2;b'>x&#1;y&#12;z&#xffff;</p>", 1000, native)
    p = root.find("body/p")
    assert p.text == "xy z" and p.get("title") == "ab"


@pytest.mark.parametrize("native", BUILDERS)
def test_comments_and_template_content_are_not_in_the_tree(native):
    root = _build("<p>a<!--c-->b</p><template><p>inert</p></template>", 1000, native)
    assert "".join(root.itertext()) == "ab"
    template = root.find(".//template")
    assert template is not None and len(template) == 0 and not template.text


@pytest.mark.parametrize("native", BUILDERS)
def test_deep_nesting_loses_no_text_and_caps_the_depth(native):
    html = "<div>" * 5000 + "deep" + "<span>more</span>" + "</div>" * 5000 + "<p>after</p>"
    root = _build(html, 100, native)
    assert "".join(root.itertext()) == "deepmoreafter"
    assert max(sum(1 for _ in el.iterancestors()) for el in root.iter()) == 99


def test_python_builder_is_used_when_asked(monkeypatch):
    monkeypatch.setattr(html5, "build_py", lambda data, root, depth, record=False: "python")
    assert html5.build(b"<p>x</p>", etree.fromstring(b"<html></html>", _PARSER), 1000, False) == "python"


@needs_native
def test_c_builder_is_the_python_builder_on_shared_pages():
    import gzip

    for name in ("aeb", "gne-cn"):
        for gold in read_gold(name)[:15]:
            html = gzip.open(dataset_dir(name) / gold["file"]).read().decode("utf-8", "replace")
            c, py = _both(html)
            assert c == py
            c, py = _both_pruned(html)
            assert c == py


# Texts of 0 to 20 bytes (the C builder keeps those under 16 inside their node), with
# characters of 1 to 4 bytes around the bound.
SHORT_TEXTS = ["", "a", "abcdefghijklmn", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopqrst",
               "\u00e9" * 7, "\u00e9" * 8, "\u4e2d" * 5, "\u4e2d" * 6, "\U0001f600" * 3, "\U0001f600" * 4, "  \n\t "]


@pytest.mark.parametrize("native", BUILDERS)
def test_short_texts_read_change_and_copy_as_others(native):
    import copy

    html = "".join(f"<p title='{t}'>{t}<b class='{t}'>{t}</b>{t}</p>" for t in SHORT_TEXTS)
    root = _build(html, 1000, native)
    assert [(p.text, p.get("title"), p[0].text, p[0].get("class"), p[0].tail)
            for p in root.iter("p")] == [(t or None, t, t or None, t, t or None) for t in SHORT_TEXTS]
    twin = copy.deepcopy(root)
    for el in root.iter("p", "b"):
        el.text = (el.text or "") + "+"
        el.tail = (el.tail or "") + "-"
        el.set("title", el.get("title", "") + "*")
    for b in list(root.iter("b")):
        b.drop_tag()  # lxml joins the texts around it
    assert [p.text for p in root.iter("p")] == [f"{t}+{t}+{t}-" for t in SHORT_TEXTS]
    assert [p.get("title") for p in root.iter("p")] == [t + "*" for t in SHORT_TEXTS]
    assert etree.tostring(twin, encoding="unicode") == etree.tostring(_build(html, 1000, False), encoding="unicode")


@pytest.mark.parametrize("native", BUILDERS)
def test_pruned_build_counts_left_out_text_only_for_a_swallowing_candidate(native):
    left_out = "<nav>menu <b>more</b></nav><svg><text>\u4e2d\u6587&#1;</text></svg>"
    _, pruned = _pruned("<p>story</p>" + left_out, 1000, native)
    assert pruned.chars == 0 and "nav" not in pruned.tags  # cleaning does not read it then
    swallowing = "<noscript><div>" + "n" * 1001 + "</noscript><p>after</p>"
    _, pruned = _pruned(left_out + swallowing, 1000, native)
    assert "noscript" in pruned.tags and pruned.chars == len("menu more\u4e2d\u6587")


@needs_native
def test_c_builder_reads_lexbors_structs_as_its_functions_give_them():
    from maintext.html import _lexbor

    assert _lexbor.read_directly(True)  # the layout of the selectolax in use is the one declared
    pages = NASTY + PRUNING + ["<p>" + "\u4e2d" * 3000 + "<b>\x0cb</b>t&#1;" * 50 + "</p>"]
    direct = [(_both(html)[0], _both_pruned(html)[0]) for html in pages]
    try:
        assert not _lexbor.read_directly(False)
        assert [(_both(html)[0], _both_pruned(html)[0]) for html in pages] == direct
    finally:
        _lexbor.read_directly(True)


@needs_native
def test_a_page_parses_the_same_after_a_page_in_quirks_mode():
    """The C builder parses page after page in one lexbor document: a page without doctype
    (quirks mode: a <table> does not close an open <p>) does not change how the next is read."""
    table = "<p>a<table><tr><td>b</td></tr></table>c</p>"
    standard = "<!DOCTYPE html>" + table
    alone = _both(standard)[1]  # the Python builder: a new document
    for before in (table, '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN">' + table, standard):
        _build(before, 1000, True)
        assert _dump(_build(standard, 1000, True)) == alone, before
    assert _dump(_build(table, 1000, True)) != alone  # (quirks mode does read it otherwise)
