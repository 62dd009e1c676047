from __future__ import annotations

import pytest

from maintext.html.document import Document, drop_script_bodies, parse_html
from maintext.errors import ParseError


def test_tree_is_parsed_once_and_shared():
    doc = Document("<html><body><p>x</p></body></html>")
    assert doc.tree is doc.tree
    assert doc.fresh_tree() is not doc.tree


def test_comments_are_not_text():
    root = parse_html("<html><body><!-- hidden --><p>shown</p></body></html>")
    assert "hidden" not in "".join(root.itertext())


def test_fragment_and_broken_html_parse():
    root = parse_html("<p>one<div>two</span></b>three")
    text = "".join(root.itertext())
    assert "one" in text and "three" in text


def test_meta_charset_does_not_override_decoded_text():
    html = '<html><head><meta charset="gb2312"></head><body><p>中文 café</p></body></html>'
    root = parse_html(html)
    assert "中文 café" in "".join(root.itertext())


def test_xml_declaration_is_accepted():
    root = parse_html('<?xml version="1.0" encoding="utf-8"?><html><body><p>ok</p></body></html>')
    assert "ok" in "".join(root.itertext())


def test_comment_only_page_gives_an_empty_tree():
    root = parse_html("<!-- only a comment -->")
    assert "".join(root.itertext()).strip() == ""


def test_whitespace_only_is_a_parse_error():
    with pytest.raises(ParseError):
        parse_html("   \n ")


def test_deep_nesting_keeps_the_text_and_what_follows():
    html = "<html><body>" + "<div>" * 10000 + "deep" + "</div>" * 10000 + "<p>after</p></body></html>"
    root = parse_html(html)
    text = "".join(root.itertext())
    assert "deep" in text and "after" in text
    depth = max(sum(1 for _ in el.iterancestors()) for el in root.iter())
    assert depth <= 1001


def test_depth_limit_unwraps_only_the_deeper_elements():
    root = parse_html("<b><i><u>x</u>y</i>z</b>", max_depth=4)  # html, body, b, i
    body = root.find("body")
    assert [el.tag for el in body.iter()] == ["body", "b", "i"]
    assert "".join(body.itertext()) == "xyz"


def test_very_deep_big_pages_are_unnested_before_parsing_in_linear_time():
    import time

    html = "<html><body>" + "<div>" * 60000 + "deep" + "</div>" * 60000 + "<p>after</p></body></html>"
    start = time.process_time()
    root = parse_html(html)
    assert time.process_time() - start < 5  # the HTML5 parse alone: about 10 s
    assert "".join(root.itertext()) == "deepafter"


def test_the_depth_scan_is_linear_on_lonely_lt():
    import time

    start = time.process_time()
    parse_html("<a" * 150000)  # one start tag never closed (the fuzz harness's lonely_lt)
    assert time.process_time() - start < 5


def test_unnest_counts_the_depth_as_the_parser_builds_it():
    from maintext.html.document import _unnest

    assert _unnest("<div><span><b>x</b></span></div>", 4) == "<div><span>x</span></div>"
    # elements closed by their siblings, void and self-closing ones do not nest
    flat = "<div>" + "<p>a<li>b<br><img src=x/><td>c" * 50 + "</div>"
    assert _unnest(flat, 5) is flat
    # an end tag closes what was opened since its element; <a> never nests in <a>
    assert _unnest("<div><span><i>a</div><div>b</div>", 4) == "<div><span>a</div><div>b</div>"
    assert _unnest("<a>1<a>2<a>3</a>", 3) == "<a>1<a>2<a>3</a>"


def test_stray_end_body_before_the_article_keeps_both():
    html = ("<html><body><div>before</div></body></html><div><p>the article</p></div>")
    root = parse_html(html)
    assert [el.tag for el in root.find("body")] == ["div", "div"]  # as a browser builds it


def test_stray_end_html_mid_page_does_not_lose_the_rest():
    filler = "<p>" + "filler text " * 500 + "</p>"
    html = ("<html><body><div>before</div></html>" + filler
            + "<div><p>the article after a stray end tag</p></div></body></html>")
    text = "".join(parse_html(html).itertext())
    assert "before" in text and "the article after a stray end tag" in text


@pytest.mark.parametrize("html, expected", [
    # a plain script loses its code, keeps its newlines (source lines stay right)
    (b'<p>a</p><script>var x = "<b>";\nf();</script><p>b</p>', b'<p>a</p><script>\n</script><p>b</p>'),
    # JSON-LD is read by metadata: kept
    (b'<script type="application/ld+json">{"a":1}</script>', b'<script type="application/ld+json">{"a":1}</script>'),
    (b'<script type="Application/LD+JSON">{"a":1}</script>', b'<script type="Application/LD+JSON">{"a":1}</script>'),
    # other JSON data (framework state) is read by nobody: emptied
    (b'<script type="application/json">{"a":1}</script>', b'<script type="application/json"></script>'),
    # not a script element
    (b'<scripts>keep</scripts><script src="x.js"></script>', b'<scripts>keep</scripts><script src="x.js"></script>'),
    # a ">" inside an attribute: left to the parser, and so is everything after it
    (b'<script data-x="a>b">code</script><script>x</script>', b'<script data-x="a>b">code</script><script>x</script>'),
    (b"<script>never closed", b"<script>never closed"),
    # "<script" in a string (document.write) does not change where the script ends: the
    # first end tag does, in any case, even inside a string (as in a browser)
    (b'<script>document.write("<script src=x><\\/script>")</script><script>y</script><p>b</p>',
     b'<script></script><script></script><p>b</p>'),
    # a "<script" out of a string may be a real start tag (this one being none: in an
    # attribute value holding a ">"): the body is left as it is, up to the end tag
    (b'<p title="x>y <script>">t</p><script>z</script><script>w</script>',
     b'<p title="x>y <script>">t</p><script>z</script><script></script>'),
    # ... nor does one in a comment, or in an attribute value: no script starts there
    (b'<!-- <script> --><p>t</p><script>x</script>', b'<!-- <script> --><p>t</p><script></script>'),
    (b'<p title="<script>">t</p><script>x</script>', b'<p title="<script>">t</p><script></script>'),
    (b'<script>a</SCRIPT><p>b</p><script>c</Script >', b'<script></SCRIPT><p>b</p><script></Script >'),
    (b'<script>w("</script>x")</script>', b'<script></script>x")</script>'),
    # "</scripts" is no end tag: the body runs on to the real one
    (b'<script>a</scripts>b</script><p>c</p>', b'<script></script><p>c</p>'),
    # "<!--" in a script changes where parsers end it: left alone from there on
    (b'<script>a</script><script><!-- document.write("x") //--></script><script>b</script>',
     b'<script></script><script><!-- document.write("x") //--></script><script>b</script>'),
    # style sheets are emptied too, newlines kept
    (b'<style>p{color:red}\n.a{}</style><p>b</p>', b'<style>\n</style><p>b</p>'),
    (b'<styles>keep</styles><style media="x">a{}</style>', b'<styles>keep</styles><style media="x"></style>'),
    # markup inside a style (or a "<style" that is not one): left alone, scripts after it still emptied
    (b'<style><!-- a{} --></style><script>x</script>', b'<style><!-- a{} --></style><script></script>'),
    (b'<p title="<style>">t</p></style><script>x</script>', b'<p title="<style>">t</p></style><script></script>'),
    # the tokenizer reads <title>, <textarea>, <xmp>, <iframe>, <noembed>, <noframes> as
    # text to their end tag (in any case): a "<script" there starts nothing
    (b'<title>a <script> b</title><p>c</p><script>x</script>', b'<title>a <script> b</title><p>c</p><script></script>'),
    (b'<TEXTAREA placeholder="don\'t">a<script>x</TEXTAREA><p>c</p><script>y</script>',
     b'<TEXTAREA placeholder="don\'t">a<script>x</TEXTAREA><p>c</p><script></script>'),
    (b'<iframe src=x><script>a</script></iframe><script>b</script>', b'<iframe src=x><script>a</script></iframe><script></script>'),
    (b'<xmp><style>a</xmp><script>b</script>', b'<xmp><style>a</xmp><script></script>'),
    (b'<title>never closed<script>x</script>', b'<title>never closed<script>x</script>'),
    (b'<plaintext><script>x</script>', b'<plaintext><script>x</script>'),  # text to the end
    # in <svg> and <math> a script holds markup: emptied only when it holds none
    (b'<svg><script>a<b>c</script></svg><script>x<y</script>', b'<svg><script>a<b>c</script></svg><script></script>'),
    (b'<svg><script>f()</script><style>.a{}</style></svg>', b'<svg><script></script><style></style></svg>'),
    (b'<svg/><script>a<b</script>', b'<svg/><script></script>'),  # no content: HTML after it
    (b'<svg x=a/><script>a<b</script>', b'<svg x=a/><script>a<b</script>'),  # ("a/": a value, not "/>")
    (b'<SVG><svg></svg><script>a<b</script>', b'<SVG><svg></svg><script>a<b</script>'),  # one still open
    (b'<svg><![CDATA[</svg>]]><script>x</script>', b'<svg><![CDATA[</svg>]]><script>x</script>'),  # text there
    (b'<![CDATA[ x ]]><script>y</script>', b'<![CDATA[ x ]]><script></script>'),  # (a bogus comment in HTML)
    # a bogus comment ("<?", "<!x") ends at the first ">": what it holds starts nothing
    (b'<?x <script>a</script><p>b</p><script>c</script>', b'<?x <script>a</script><p>b</p><script></script>'),
    (b'<?x<!--><p>a</p><script>x</script>', b'<?x<!--><p>a</p><script></script>'),
])
def test_drop_script_bodies(html, expected):
    assert drop_script_bodies(html) == expected


@pytest.mark.parametrize("html, expected", [
    # an <svg> of drawing elements alone: its body emptied, its text (white space between tags) kept
    (b'<p>a<svg viewBox="0 0 24 24"><path d="M0 0h24v24"/>\n <g fill=red><circle r=1></circle></g></svg>b</p>',
     b'<p>a<svg viewBox="0 0 24 24">\n </svg>b</p>'),
    (b'<SVG class=icon><PATH D="M1 1"></Path ></Svg ><script>x</script>', b'<SVG class=icon></Svg ><script></script>'),
    (b"<svg><use xlink:href='#i'/></svg><svg><defs><lineargradient><stop offset=0 /></lineargradient></defs></svg>",
     b"<svg></svg><svg></svg>"),
    # its <title> and <desc> are kept as they are (the first <title> may be the page's title,
    # and their text is a link's text, ``<a><svg><title>Share</title>...``)
    (b'<a href=x><svg> <title id=t>Share &amp; like</title> <path d="M0 0"/><desc/></svg></a>',
     b'<a href=x><svg> <title id=t>Share &amp; like</title> <desc/></svg></a>'),
    (b'<svg><symbol id=i><title>T</title><path/></symbol></svg>', b'<svg><title>T</title></svg>'),
    (b'<svg><title>T<b>x</b></title></svg>', b'<svg><title>T<b>x</b></title></svg>'),  # (markup in it)
    (b'<svg><title>T</titlex></svg>', b'<svg><title>T</titlex></svg>'),
    # a CR and a LF around what is emptied would make one line break of two
    (b'<svg>\r<path/>\n</svg>', b'<svg>\r<path/>\n</svg>'),
    (b'<svg>\r<!-- c -->\n</svg>', b'<svg>\r<!-- c -->\n</svg>'),
    (b'<svg>\r\n<path/>\r\n<path/>\r</svg>', b'<svg>\r\n\r\n\r</svg>'),
    # comments are in no tree (their white space around is kept)
    (b'<svg>\n<!-- Generator: x <b> --> <path/><!--><!---> </svg>', b'<svg>\n  </svg>'),
    (b'<svg><!-- never closed <path/></svg>', b'<svg><!-- never closed <path/></svg>'),
    # other attributes are not even copied by the record build
    (b'<svg><path data-v-1a2b d="M0 0" fill-rule=evenodd/><animate attributeName=x dur=1s /></svg>', b'<svg></svg>'),
    # anything else in the body leaves the <svg> to the parser: a <title> (the page's title
    # when <head> has none), <a>, <text>, text, a comment, an attribute a pass may read
    # (itemprop, style, href...), an HTML tag, a nested <svg>, no end tag, a tag read otherwise
    (b'<svg><a href="/x"><path d="M0 0"/></a></svg>', b'<svg><a href="/x"><path d="M0 0"/></a></svg>'),
    (b'<svg><text>t</text></svg>', b'<svg><text>t</text></svg>'),
    (b'<svg><path d="M0 0"/>x</svg>', b'<svg><path d="M0 0"/>x</svg>'),
    (b'<svg><path/>&#32;</svg>', b'<svg><path/>&#32;</svg>'),
    (b'<svg><path class="author" d="M0 0"/></svg>', b'<svg><path class="author" d="M0 0"/></svg>'),
    (b'<svg><use href="#i"/></svg>', b'<svg><use href="#i"/></svg>'),
    (b'<svg><path ItemProp=x/></svg>', b'<svg><path ItemProp=x/></svg>'),
    (b'<svg><g ID=x-Author-y><path/></g></svg>', b'<svg><g ID=x-Author-y><path/></g></svg>'),
    (b'<svg><path class="icon &#98;yline"/></svg>', b'<svg><path class="icon &#98;yline"/></svg>'),
    # an id or class marking no author box (metadata.authors reads them) is read by no pass
    (b'<svg><defs><clipPath id="a"><rect/></clipPath></defs><g class="st0 auth" id=Layer_1><path/></g></svg>',
     b'<svg></svg>'),
    (b'<svg><path id=a style="display:none"/></svg>', b'<svg><path id=a style="display:none"/></svg>'),
    (b'<svg><path/><p>t</p></svg>', b'<svg><path/><p>t</p></svg>'),
    (b'<svg><svg><path/></svg></svg>', b'<svg><svg><path/></svg></svg>'),
    (b'<svg><path d="M0 0"/>', b'<svg><path d="M0 0"/>'),
    (b'<svg><path d="M0 0"/></svgx></svg>', b'<svg><path d="M0 0"/></svgx></svg>'),
    (b'<svg ="a>"><path/></svg>', b'<svg ="a>"><path/></svg>'),  # (its attribute name is ="a)
    (b'<svg><path d="1"fill=x/></svg>', b'<svg><path d="1"fill=x/></svg>'),
    (b'<svg><path d=a"b/></svg>', b'<svg><path d=a"b/></svg>'),
    (b'<svg></path x></svg>', b'<svg></path x></svg>'),
    (b'<math><svg><path/></svg></math>', b'<math><svg><path/></svg></math>'),  # (in foreign content)
    # an end tag closes the nearest open element of its name, also one around the <svg>
    (b'<g><svg><path d="M0 0"/></g><path/></svg>', b'<g><svg><path d="M0 0"/></g><path/></svg>'),
    (b'<svg><g><path></g></path></svg>', b'<svg><g><path></g></path></svg>'),
    (b'<svg><g><path d=a/></path></g></svg>', b'<svg></svg>'),  # ("a/": a value, not "/>")
    (b'<svg>' + b'<g>' * 16 + b'</g>' * 16 + b'</svg>', b'<svg></svg>'),
    (b'<svg>' + b'<g>' * 17 + b'</g>' * 17 + b'</svg>', b'<svg>' + b'<g>' * 17 + b'</g>' * 17 + b'</svg>'),
])
def test_drop_script_bodies_with_drawings(html, expected):
    """``drawings``: <svg> bodies of drawing elements alone are emptied too (auto's builds)."""
    from maintext.html.document import _drop_bodies

    assert drop_script_bodies(html, drawings=True) == expected
    assert _drop_bodies(html, True) == expected
    assert drop_script_bodies(html).count(b"<") == html.count(b"<")  # (not without drawings)


def test_script_bodies_do_not_change_the_tree_text():
    html = ("<html><head><script type='application/ld+json'>{\"headline\": \"H\"}</script>"
            "<script>if (a < b) { document.title = 'x'; }</script></head>"
            "<body><p>one</p><script>\nvar s = '</p>';\n</script><p>two</p></body></html>")
    root = parse_html(html)
    assert [p.text for p in root.iter("p")] == ["one", "two"]
    assert next(root.iter("script")).text == '{"headline": "H"}'


def test_style_sheets_are_not_text_of_their_parent():
    html = '<html><body><p><a href="/x"><svg><style>.st0{fill:#000}</style></svg>Home</a></p></body></html>'
    root = parse_html(html)
    assert next(root.iter("a")).text_content() == "Home"


def test_setting_html_replaces_the_saved_input_bytes():
    from maintext.api import load_document

    doc = load_document(b"<html><body><p>old text</p></body></html>")
    assert doc.utf8 is not None
    doc.html = "<html><body><p>new text</p></body></html>"
    assert doc.utf8 is None and doc.tree.text_content() == "new text"


def test_unclosed_or_misspelt_title_does_not_swallow_the_page():
    import maintext

    para = "<p>" + "The council voted on the budget for the school year, and the mayor said it would pass. " * 4 + "</p>"
    for head in ("<title>News story<meta charset=utf-8>", "<title>News story</titel>"):
        page = maintext.extract(f"<html><head>{head}</head><body><h1>Budget</h1>{para * 3}</body></html>")
        assert "council voted" in page.text and page.title == "News story"
    # a well-formed page is parsed once and left alone
    fine = f"<html><head><title>News story</title></head><body>{para}</body></html>"
    assert "council voted" in maintext.extract(fine).text


# Pieces of <svg> bodies, emptied or not (drawing elements, attributes of any kind, tags
# read strictly or not, text, references, nested and HTML elements).
_SVG_PIECES = [
    b"<svg>", b"<svg viewBox='0 0 1 1'>", b"<SVG width=1 height=\"2\">", b"</svg>", b"</SVG >", b"</svg", b"</svg/>",
    b"<path d='M0 0'/>", b"<path d=\"M1 1\">", b"</path>", b"<g>", b"</g>", b"<G FILL=red>", b"<circle r=1 />",
    b"<use xlink:href='#a'/>", b"<path class=x/>", b"<path id='a'>", b"<text>", b"</title>", b"<a href=x>",
    b"<lineargradient>", b"<stop offset=0>", b"&amp;", b"<path", b"<path d=a/b>", b"<path =x>", b"<path d='>'>",
    b"<path\x00>", b"<svg ='a>'>", b"<div>", b"<rect/><rect/>", b"<path d= 'x'/>", b"<path d =x>", b"<path D='1'>",
    b"<path d='1'fill=x>", b"<path d=`>", b"<feGaussianBlur stdDeviation=2/>", b"<path/ d=1>", b"<path d=>",
    b"<polygon points=\"1,2 3,4\"/>", b"<svgx>", b"<path-x/>", b"<path d>", b" d", b"d=1",
    b"<path id=author/>", b"<g class='x Byline'>", b"<g id=a>", b"<g class=\"st0\">", b"<path id='&amp;'/>",
    b"<path id=uthor>", b"<path CLASS=Author>", b"<g id=byline>", b"<path class=authorship/>", b"<g class='b yline'>",
    b"<!-- c -->", b"<!-->", b"<!--->", b"--!>", b"<!--", b"<title>T</title>", b"<desc>d &amp; e</desc>", b"<title/>",
    b"</desc>", b"<TITLE id=a>x", b"</Title >", b"<desc", b"<title>", b"\r", b"\r\n", b"\n",
]


def test_svg_tables_in_c_are_the_python_ones():
    from maintext.html import document, walk

    if walk.raw is None:
        pytest.skip("native code not built")
    # (the C twin takes document's tables at its import: use_svg_tables)
    assert walk.raw._ELEMENTS_SORTED == tuple(sorted(document._SVG_DRAWING))
    assert walk.raw._ATTRIBUTES_SORTED == tuple(sorted(document._SVG_READ_ATTRIBUTES))
    assert document._SVG_MARKS <= document._SVG_READ_ATTRIBUTES
    assert frozenset(walk.raw._SVG_KEPT) == document._SVG_KEPT
    assert all(name == name.lower() for name in document._SVG_DRAWING | document._SVG_READ_ATTRIBUTES)
    with pytest.raises(ValueError):  # (a table too big for the C arrays, refused before any is changed)
        walk.raw.use_svg_tables([b"e%d" % i for i in range(200)], document._SVG_READ_ATTRIBUTES, document._SVG_MARKS)
    assert walk.raw._ELEMENTS_SORTED == tuple(sorted(document._SVG_DRAWING))


def test_svg_bodies_are_emptied_in_the_record_build_of_counted_pages_only():
    page = b"<html><body><p>t</p><svg><title>T</title> <path d='M0 0'/></svg></body></html>"
    lt = page.count(b"<")

    def paths(**kw) -> int:
        root = parse_html(None, utf8=page, **kw)
        assert [t.text for t in root.iter("title")] == ["T"]
        return len(list(root.iter("path")))

    assert paths(lt_count=lt, record=True) == 0
    assert paths(lt_count=lt) == 1  # the full build (other methods): every drawing element
    assert paths(lt_count=-1, record=True) == 1  # "<" not counted
    assert paths(lt_count=20000, record=True) == 1  # _unnest decides on the page's count


def test_svg_marks_allowed_make_no_author_box():
    """An id or class that _may_mark lets through never makes an author box (the one
    reader of them on any element before cleaning)."""
    import lxml.html

    from maintext.html.document import _AUTHOR_BOX_WORDS, _may_mark
    from maintext.metadata.authors import is_author_box

    words = [w.decode() for w in _AUTHOR_BOX_WORDS] + ["AUTHOR", "byLine", "x", "st0", "auth", "-", " "]
    values = [a + b + c for a in words for b in words for c in ("", "s", "_1")]
    for value in values:
        for name in ("id", "class"):
            el = lxml.html.fromstring(f'<p {name}="{value}">t</p>')
            if is_author_box(el):
                assert _may_mark(b'"' + value.encode() + b'"'), (name, value)


def test_drop_script_bodies_in_c_is_the_python_function_on_svg():
    """Random <svg> bodies: the twins agree, and many bodies are emptied."""
    import random

    from maintext.html import walk
    from maintext.html.document import _drop_bodies

    if walk.raw is None:
        pytest.skip("native code not built")
    pieces = _SVG_PIECES + [b" ", b"\n", b"\t", b"x", b"=", b"'", b'"', b"<", b">", b"/", b"<!--", b"-->",
                            b"<script>", b"</script>", b"<style>", b"</style>", b"<math>", b"</math>", b"<p>"]
    rng = random.Random(11)
    emptied = 0
    for _ in range(30000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 25)))
        for drawings in (False, True):
            got, expected = walk.raw.drop_script_bodies(data, drawings), _drop_bodies(data, drawings)
            assert got == expected, data
            assert (got is data) == (expected is data), data
        emptied += got.count(b"<") < data.count(b"<") and b"<script>" not in data and b"<style>" not in data
    assert emptied > 40


def test_svg_tags_of_odd_bytes_are_read_alike_in_c():
    """Random names, values and bytes in <svg> tags (white space the tokenizer does not
    take as such, NUL, bytes of UTF-8 sequences, quotes, "="...): the twins agree."""
    import random

    from maintext.html import walk
    from maintext.html.document import _drop_bodies

    if walk.raw is None:
        pytest.skip("native code not built")
    alphabet = [b"a", b"d", b"Z", b"0", b"9", b":", b".", b"-", b"_", b"`", b"=", b'"', b"'", b" ", b"\t", b"\x0b",
                b"\x00", b"\x80", b"\xff", b"/", b">", b"<", b"&", b"\n", b"\r", b"\x0c", b"id", b"class", b"style",
                b"author"]
    heads = [b"<svg>", b"<svg ", b"<svg><path ", b"<svg><g ", b"<svg><title ", b"<svg><path d="]
    tails = [b"/></svg>", b"></svg>", b"></path></svg>", b">", b" /></svg>", b">x</title></svg>"]
    rng = random.Random(5)
    emptied = 0
    for _ in range(30000):
        data = rng.choice(heads) + b"".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) + rng.choice(tails)
        got = walk.raw.drop_script_bodies(data, True)
        assert got == _drop_bodies(data, True), data
        emptied += got != data
    assert emptied > 1000


def test_drop_script_bodies_in_c_is_the_python_function():
    import gzip
    import json
    import os
    import random
    from pathlib import Path

    from maintext.html import walk
    from maintext.html.document import _drop_bodies

    if walk.raw is None:
        pytest.skip("native code not built")
    pieces = [b"<script>", b"</script>", b"<script type='application/ld+json'>", b"<script src=\"a>b\">",
              b"<style>", b"</style>", b"<style media='x'>", b"<styles>", b"<scripts>", b"<SCRIPT>",
              b"<!--", b"-->", b"\n", b"var a = '<b>';", b"x", b"'", b'"', b"<", b">", b"/", b"LD+JSON",
              b"<p>text</p>", b"</script", b"<style", b"<script", b" ", b"\xe4\xb8\xad", b"</SCRIPT",
              b"</Script>", b"</scripts>", b"</script/", b"\t", b"<!-", b"--", b"<title>", b"</TITLE>",
              b"<textarea placeholder=\"don't\">", b"</textarea>", b"<iframe>", b"</iframe >", b"<xmp>",
              b"</xmp>", b"<noembed>", b"</noframes>", b"<plaintext>", b"<svg>", b"</SVG>", b"<svg/>",
              b"<svg x=a/>", b"<math>", b"</math>", b"<![CDATA[", b"<?x", b"<!x", b"=", b"= '", b"<s", b"<t", b"</"]
    pieces += _SVG_PIECES
    rng = random.Random(4)
    for _ in range(20000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 25)))
        for drawings in (False, True):
            got, expected = walk.raw.drop_script_bodies(data, drawings), _drop_bodies(data, drawings)
            assert got == expected, data
            assert (got is data) == (expected is data), data
    datasets = Path(os.environ.get("MAINTEXT_SHARED", "/nonexistent")) / "datasets" / "aeb"
    if (datasets / "gold.jsonl").exists():
        for line in open(datasets / "gold.jsonl", encoding="utf-8").readlines()[:20]:
            data = gzip.open(datasets / json.loads(line)["file"]).read()
            assert walk.raw.drop_script_bodies(data) == _drop_bodies(data)
            assert walk.raw.drop_script_bodies(data, True) == _drop_bodies(data, True)


def test_emptied_script_bodies_leave_the_parsed_tree_alone():
    """Emptying raw-text bodies changes nothing a parser builds but those bodies: the
    browser-like parse of random markup, with and without them, has the same elements,
    attributes and text outside <script>/<style> (lexbor, the parser maintext uses), with
    elements read as text, <svg>/<math> and bogus comments among them (before these were
    handled, 700 of 1,650 random pages emptied this way changed)."""
    import random

    from selectolax.lexbor import LexborHTMLParser

    from maintext.html.document import _drop_bodies

    def in_svg(node) -> bool:
        node = node.parent
        while node is not None and node.tag != "svg":
            node = node.parent
        return node is not None

    def shape(data: bytes) -> list:
        """Elements with their attributes and texts in page order; in an <svg> (whose body
        may be emptied) its text alone, the pieces in one (each a run of white space)."""
        out = []
        for node in LexborHTMLParser(data).root.traverse(include_text=True):
            if node.tag == "-text":
                if node.parent is None or node.parent.tag not in ("script", "style"):
                    if in_svg(node) and out and out[-1][0] == "svg text":
                        out[-1] = ("svg text", out[-1][1] + node.text_content)
                    else:
                        out.append(("svg text" if in_svg(node) else "text", node.text_content))
            elif not in_svg(node):
                out.append((node.tag, tuple(node.attributes.items())))
        return out

    pieces = [b"<script>", b"</script>", b"</SCRIPT>", b"</Script >", b"</scripts>", b"<style>", b"</style>",
              b"<script type='application/ld+json'>", b"<!--", b"-->", b"document.write('<script src=x>')",
              b"'", b'"', b"<", b">", b"<p>text</p>", b"<a href='/x'>link</a>", b"\n", b"if (a < b) {}", b" ",
              # elements read as text to their end tag, foreign content, bogus comments
              b"<title>", b"</title>", b"<TEXTAREA>", b"</textarea>", b"<iframe>", b"</iframe>", b"<xmp>",
              b"</xmp>", b"<noembed>", b"</noembed>", b"<noframes>", b"</noframes>", b"<plaintext>",
              b"<title x='>'>", b"<svg>", b"</svg>", b"<math>", b"</math>", b"<svg/>", b"<svg x=a/>", b"<SVG>",
              b"</Svg>", b"<foreignObject>", b"<![CDATA[", b"]]>", b"<!x", b"<?x", b"<b>",
              # <svg> bodies, emptied when made of drawing elements alone
              b"<svg viewBox='0 0 1 1'>", b"<path d='M0 0'/>", b"<g>", b"</g>", b"<circle r=1>", b"</circle>",
              b"<use xlink:href='#a'/>", b"<path class=x/>", b"<table>", b"<td>", b"<select>", b"<option>",
              b"<svg><title>T</title>", b"<desc>d</desc>", b"<a href=x>"]
    rng = random.Random(7)
    for _ in range(6000):
        data = b"<html><body>" + b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 20)))
        for drawings in (False, True):
            emptied = _drop_bodies(data, drawings)
            if emptied is not data:
                assert shape(emptied) == shape(data), data


@pytest.mark.parametrize("data", [
    b"<script" * 20000,  # start tags never closed
    b"<script>" + b"'<script'" * 20000,  # a string's "<script" again and again, no end tag
    b"<!--" + b"-" * 100000,  # a comment never closed
    b"<style>" + b"<b>" * 20000 + b"</style>" + b"<script>x</script>",  # markup in a style sheet
    b"<p title='" + b"<script>" * 20000 + b"'>t</p><script>x</script>",  # starts inside a tag
    b"\xff\xfe<scr\x00ipt>\x80</SCRIPT",  # broken bytes around a half tag
    b"",
    b"<svg x='" * 20000 + b"<script>x</script>",  # foreign start tags, quotes never closed
    b"<svg><script>" * 20000 + b"<p>t</p>",  # scripts holding markup in foreign content
    b"<title>" + b"<script>" * 20000,  # read as text, never closed
    b"<textarea x='>'>" * 20000 + b"<p>t</p><script>x</script>",
    b"<![CDATA[" * 20000 + b"<script>x</script>",  # bogus comments never closed
    b"<svg><path d='" * 20000 + b"<p>t</p>",  # drawings, quotes never closed
    b"<svg>" + b"<g>" * 20000 + b"<p>t</p>",  # drawings never closed
    (b"<svg><path/><g></g>" * 20000 + b"</svg>") * 2 + b"<p>t</p>",
])
def test_drop_script_bodies_on_broken_input(data):
    """Broken, huge or truncated markup: the twins agree, nothing before the first raw-text
    start tag changes, and the text after them stays."""
    from maintext.html import walk
    from maintext.html.document import _drop_bodies

    out = _drop_bodies(data)
    first = min((i for i in (data.find(b"<script"), data.find(b"<style")) if i >= 0), default=len(data))
    assert len(out) <= len(data) and out[:first] == data[:first]  # nothing before the first start tag changes
    assert (b"t</p>" in out) == (b"t</p>" in data)  # text after raw-text elements stays
    if walk.raw is not None:
        assert walk.raw.drop_script_bodies(data) == out
        assert walk.raw.drop_script_bodies(data, True) == _drop_bodies(data, True)
