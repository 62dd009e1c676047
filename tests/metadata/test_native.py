"""The C loops of the metadata pass (maintext/metadata/_native.pyx) give what their Python twins give."""

from __future__ import annotations

import os
import random
import re

import pytest

from maintext.html import walk
from maintext.html.document import parse_html
from maintext.metadata import collect as collect_mod
from maintext.metadata import native as native_mod
from maintext.metadata.collect import collect, text_content
from maintext.textutil import collapse_ws
from tests.helpers_pages import random_page

native = pytest.mark.skipif(native_mod._native is None, reason="metadata natives not built")

PIECES = [
    "<div>", "</div>", "<p class='x'>", "</p>", "text ", "  ", "\u4e2d\u6587", "&amp;", "<br>", "<!--c-->",
    "<a href='/a'>A <b>B</b></a>", "<a href=' http://x.org/y '>", "</a>", "<a rel='tag' href='/tag/t'>t</a>",
    "<a>no href</a>", "<a href=''></a>", "<A HREF='/up'>Up</A>", "<a rel='License nofollow' href='//cc'>L</a>",
    "<meta property='og:title' content='T'>", "<meta name='author' content=' Jane  Doe '>",
    "<meta itemprop='datePublished' content='2020-01-02'>", "<meta name='keywords' content='a, b;c'>",
    "<meta property='' name='description' content='d'>", "<meta name='x'>", "<meta content='no key'>",
    "<meta property='article:tag' content='k'>", "<meta name='Title' content='  '>",
    "<script type='application/ld+json'>{\"headline\": \"H\"}</script>", "<script>var a = 1;</script>",
    "<script type='text/ld+json'></script>", "<title>One</title>", "<title>Two</title>",
    "<h1>Head</h1>", "<h2>Sub <i>x</i></h2>", "<h3>Three</h3>", "<h4>Four</h4>", "<time datetime='2020'>t</time>",
    "<base href=''>", "<base href='http://b.org/'>", "<base>", "<link rel='canonical' href='/c'>",
    "<link rel='Image_src stylesheet' href=' /i.png '>", "<link rel='license' href=''>", "<link href='/x'>",
    "<svg:a href='/ns'>ns</svg:a>", "<abbr>ab</abbr>", "<header>h</header>", "<source><span>",
    "<meta name='author' content='J&amp;J &#233;t\u00e9 \u4e2d'>", "<meta name='description' content>",
    "<a href='/x?a=1&amp;b=2' rel>y</a>", "<link rel='canonical' href='/&#x4e2d;'>", "<meta property='og:url' content=\"\">",
]


def _pages():
    rng = random.Random(11)
    for _ in range(400):
        body = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 60)))
        head = "".join(rng.choice(PIECES[17:30]) for _ in range(rng.randint(0, 6)))
        yield parse_html(f"<html lang='de'><head>{head}</head><body>{body}</body></html>")


def _path(el):
    return None if el is None else el.getroottree().getpath(el)


def _summary(got):
    return (list(map(_path, got.anchors)), got.meta, got.lists, got.ld_texts, _path(got.title_el),
            list(map(_path, got.headings)), list(map(_path, got.times)), got.base, got.links)


def _records(got):
    return [(href, rel, text if text is not None else text_content(a))
            for a, (href, rel, text) in zip(got.anchors, got.records)]


@native
def test_collect_in_c_finds_what_the_python_loop_finds(monkeypatch):
    for root in _pages():
        for el in (root, root.find("body")):
            if el is None:
                continue
            monkeypatch.setattr(walk, "ENABLED", True)
            fast = collect(el)
            monkeypatch.setattr(walk, "ENABLED", False)
            slow = collect(el)
            monkeypatch.setattr(walk, "ENABLED", True)
            assert _summary(fast) == _summary(slow)
            assert _records(fast) == _records(slow)
            assert fast.records == _records(slow)  # the text read with the anchors


@native
def test_collect_keeps_at_most_max_headings():
    root = parse_html("<html><body>" + "<h2>x</h2>" * (collect_mod.MAX_HEADINGS + 5) + "</body></html>")
    assert len(collect(root).headings) == collect_mod.MAX_HEADINGS


def test_python_loops_when_native_is_off(monkeypatch):
    monkeypatch.setattr(walk, "ENABLED", False)
    assert native_mod.native_metadata() is None
    got = collect(parse_html("<html><body><a href='/a'>A</a></body></html>"))
    assert got.records == [("/a", None, None)]  # the Python fallback reads no text (None: read where asked)


def test_metadata_natives_built_where_required():
    """CI sets MAINTEXT_REQUIRE_NATIVE=1: there the metadata natives must be built too."""
    if os.environ.get("MAINTEXT_REQUIRE_NATIVE") == "1":
        assert native_mod._native is not None, "maintext/metadata/_native.pyx was not built"


SCRIPT_PIECES = [
    "<script>", "</script>", "<SCRIPT type='x'>", "</Script >", "<\u017fcript>", "<scr\u0130pt>", "<scr\u0131pt>",
    "<scripts>", "<script_x>", "<script-x>", "<script", "</scr", ">", "<", "<p>", "text ",
    "var ", "pubDate", "publish_time", "PUBLISH-TIME", "updateTime", "ct", "mtime", "a.ct", "$ct", "x_ct",
    "\u0130", "\u212a", "\u00e9", "\u4e2d", "=", ":", " = ", ": ", "\u3000", "\n", "\t", " ", '"', "'",
    "'2019-08-27 10:30'", '"2020-01-01"', "'short'", "'" + "x" * 45 + "'", "'" + "y" * 40 + "'", '"' + "y" * 41 + "'", "'abcde'", "'abcdef'",
    "pubDate='" + "z" * 40 + "'", "ct = '" + "z" * 41 + "'", "ct:'abcde'", "ct:'abcdef\"", "'2019-08-27\n'",
    "1566870000", "1566870000123", "156687000012", "15668700001234", "\u0661" * 10, "\uff11" * 13,
    ",", ";", "{", "}", "(", "-", "_", "1", "Z", "\U0001f600",
]


@native
def test_script_assignments_in_c_same_as_the_python_scan(monkeypatch):
    from maintext.metadata import _native, dates

    rng = random.Random(23)
    for n in range(6000):
        html = "".join(rng.choice(SCRIPT_PIECES) for _ in range(rng.randint(0, 50)))
        if n % 3 == 0:
            html = "<script>" + html + "</script>"
        for max_html, max_script in ((1_000_000, 100_000), (40, 25), (len(html) // 2, 10)):
            monkeypatch.setattr(dates, "MAX_SCRIPT_HTML_CHARS", max_html)
            monkeypatch.setattr(dates, "MAX_SCRIPT_CHARS", max_script)
            expected = list(dates._script_assignments(html))
            got = _native.script_assignments(html, max_html, max_script, dates.MAX_SCRIPT_NAME, dates._SCRIPT_KIND)
            assert got == expected, (html, max_html, max_script)


# pieces of several UTF-8 lengths around names, values and the limits (2-, 3- and 4-byte
# letters, digits and spaces; "\u0661" Arabic-Indic and "\uff11" full-width digits)
UTF8_PIECES = SCRIPT_PIECES + [
    "pub\u00e9Date", "\u00e9ct", "ct\u00e9", "\u4e2dct", "x\U0001f600ct", "\u00a0", "\u2003", "\u0085",
    "'\u4e2d\u6587\u4e2d\u6587\u4e2d\u6587'", "'\U0001f600" * 3 + "abc'", "'" + "\u00e9" * 40 + "'",
    "'" + "\u00e9" * 41 + "'", "\u0661" * 13, "\U0001d7d8" * 10, "\u00e9" * 31 + "x", "\u00c9T",
    # whole assignments whose value is valid counted in characters, not in bytes
    "pubDate = '" + "\u00e9" * 25 + "'", "ct='" + "\u4e2d" * 6 + "'", "ptime: '\U0001f600\U0001f600abcd'",
    "mtime=" + "\u0661" * 10, "updateTime: " + "\uff11" * 13, "\u4e2d" * 20, "\u00e9" * 7,
]


@native
def test_script_assignments_from_utf8_same_as_from_the_text(monkeypatch):
    """The scan of the page's UTF-8 bytes gives what the scan of its text gives, whatever
    the characters' byte lengths, also where the limits (counted in characters) fall."""
    from maintext.metadata import _native, dates

    rng = random.Random(29)
    for n in range(6000):
        html = "".join(rng.choice(UTF8_PIECES) for _ in range(rng.randint(0, 50)))
        if n % 3 == 0:
            html = "<script>" + html + "</script>"
        data = html.encode("utf-8")
        for max_html, max_script in ((1_000_000, 100_000), (40, 25), (len(html) // 2, 10), (len(html) - 1, 30),
                                     (len(html) * 2 // 3, 60), (len(data) // 2, len(data) // 3)):
            expected = _native.script_assignments(html, max_html, max_script, dates.MAX_SCRIPT_NAME, dates._SCRIPT_KIND)
            got = _native.script_assignments_utf8(data, max_html, max_script, dates.MAX_SCRIPT_NAME, dates._SCRIPT_KIND)
            assert got == expected, (html, max_html, max_script)


def test_script_dates_of_bytes_are_those_of_the_text(monkeypatch):
    from maintext.metadata import dates

    html = ("<script>var \u00e9 = 1; pubDate = '2019-08-27 10:30'</script><p>\u4e2d\u6587</p>"
            "<SCRIPT>x = {\"updateTime\": 1566870000}</SCRIPT>")
    for enabled in (True, False):
        monkeypatch.setattr(walk, "ENABLED", enabled)
        assert dates.script_dates(html.encode("utf-8")) == dates.script_dates(html) == {
            "published": "2019-08-27T10:30", "modified": "2019-08-27T01:40+00:00"}


@native
def test_script_dates_same_in_c_and_python(monkeypatch):
    from maintext.metadata import dates

    html = ("<script>var pubDate = '2019-08-27 10:30'; window.x = {\"updateTime\": 1566870000}</script>"
            "<SCRIPT>a.ct = '2020-01-01'; b_ct='bad'; ptime = '2018-01-02'</SCRIPT>")
    monkeypatch.setattr(walk, "ENABLED", True)
    fast = dates.script_dates(html)
    assert dates._assignments(html) == list(dates._script_assignments(html))
    monkeypatch.setattr(walk, "ENABLED", False)
    assert dates.script_dates(html) == fast == {"published": "2019-08-27T10:30", "modified": "2019-08-27T01:40+00:00"}
    assert list(dates._assignments(html)) == [("published", "2019-08-27 10:30", None), ("modified", None, "1566870000"),
                                        ("published", "2018-01-02", None)]


HREFS = ["http://a.org/x", " https://b.org/y ", "HTTP://c.org", "http://[::1]:80/z", "http://[bad/", "//cdn.org/i",
         "/root", "/./dot", "/", "rel/page", "../up", "?q=1", "#frag", "javascript:void(0)", "mailto:x@y", "tel:1",
         "ftp://f.org", "skype:me", "  ", "", "\u3000/wide", "/\u4e2d", "https://d.org/\u00e9 ", "h", "http:/x",
         "//", " //sp.org/x ", "//\u4e2d.org/./y"]
TEXTS = ["Home", " Home ", "End ", "x y ", "a  b", "a\nb", "a b", "\u3000", "", "x\u00a0y", "\u4e2d\u6587", "<b>B</b> c", " <i>i</i>"]
BASES = [None, "http://site.org/a/b.html", "https://SITE.org", "ftp://x.org/", "http://[::1]:8080/p", "rel/only"]


def _link_page(rng) -> str:
    anchors = "".join(f"<p><a href='{rng.choice(HREFS)}'>{rng.choice(TEXTS)}</a>{rng.choice(TEXTS)}</p>"
                      if rng.random() < 0.9 else "<a>no href</a>" for _ in range(rng.randint(0, 25)))
    base = f"<base href='{rng.choice(HREFS)}'>" if rng.random() < 0.3 else ""
    return f"<html><head>{base}</head><body>{anchors}</body></html>"


@native
def test_link_rows_in_c_same_links_as_the_python_loop(monkeypatch):
    from maintext.metadata.links import extract_links

    rng = random.Random(31)
    for _ in range(600):
        root = parse_html(_link_page(rng))
        url = rng.choice(BASES)
        got = collect(root)
        main = {id(a) for a in got.anchors if rng.random() < 0.5} if rng.random() < 0.5 else None
        results = []
        for enabled, records in ((True, got.records), (False, None), (False, got.records)):
            monkeypatch.setattr(walk, "ENABLED", enabled)
            pairs = []
            links = extract_links(root, url, anchors=got.anchors, base_href=got.base, main_anchors=main,
                                  pairs=pairs, records=records)
            results.append(([(ln.url, ln.text, ln.in_main) for ln in links],
                            [(id(a), (ln.url, ln.text)) for a, ln in pairs]))
        assert results[0] == results[1] == results[2]



@native
def test_link_rows_in_c_reads_schemes_as_resolve_does(monkeypatch):
    """hrefs made of scheme-like pieces, capitals and characters past ASCII: the C loop's
    answer without ``_resolve`` (no base) and with it are the Python loop's."""
    from maintext.metadata.links import extract_links

    pieces = ["h", "H", "t", "T", "p", "P", "s", "S", ":", "/", "//", "x", "+", ".", "-", "1", "\u0130",
              "\u212a", " ", "?", "#", "http", "HTTPS", "ftp", "://"]
    rng = random.Random(16)
    hrefs = ["".join(rng.choices(pieces, k=rng.randint(1, 7))) for _ in range(3000)]
    anchors = [object() for _ in hrefs]
    records = [(href, None, "t") for href in hrefs]
    for url in (None, "http://site.org/a/b.html", "rel/only", ""):
        results = []
        for enabled in (True, False):
            monkeypatch.setattr(walk, "ENABLED", enabled)
            links = extract_links(None, url, anchors=anchors, records=records)
            results.append([ln.url for ln in links])
        assert results[0] == results[1]


@native
def test_link_rows_in_c_builds_the_links_their_class_builds(monkeypatch):
    """The C loop stores a Link's slots itself: the objects equal ``Link(url, text)`` in
    type, fields and repr, on random pages, with and without main anchors."""
    from dataclasses import astuple

    from maintext.metadata.links import extract_links
    from maintext.result import Link

    rng = random.Random(37)
    for n in range(150):
        root = random_page(rng, PIECES, 60)
        got = collect(root)
        main = {id(a) for a in got.anchors if rng.random() < 0.5} if n % 2 else None
        pairs = []
        links = extract_links(root, rng.choice(BASES), anchors=got.anchors, base_href=got.base,
                              main_anchors=main, pairs=pairs, records=got.records)
        assert [ln for _, ln in pairs] == links
        pairs_of = {id(ln): a for a, ln in pairs}
        for ln in links:
            twin = Link(ln.url, ln.text)
            if main is not None:
                twin.in_main = ln.in_main
            assert type(ln) is Link and astuple(ln) == astuple(twin) and repr(ln) == repr(twin)
            assert ln.in_main is (id(pairs_of[id(ln)]) in main if main is not None else False)


@native
def test_link_rows_in_c_calls_a_class_it_cannot_fill_itself():
    """A link class with a ``__post_init__``, other fields or no slots is called as written."""
    from dataclasses import dataclass

    from maintext.metadata.links import SKIP_HREF, _resolve, _valid_bracketed_host

    @dataclass(slots=True)
    class Checked:
        url: str
        text: str = ""
        in_main: bool = False

        def __post_init__(self):
            self.text = self.text.upper()

    @dataclass(slots=True)
    class Extra:
        url: str
        text: str = ""
        in_main: bool = False
        seen: int = 7

    class Plain:
        def __init__(self, url, text):
            self.url, self.text, self.in_main = url, text + "!", False

    root = parse_html("<html><body><a href='/a'>one two</a><a href='http://x.org/b'>b</a></body></html>")
    got = collect(root)
    for cls, texts in ((Checked, ["ONE TWO", "B"]), (Extra, ["one two", "b"]), (Plain, ["one two!", "b!"])):
        links = native_mod._native.link_rows(got.anchors, got.records, "http://e.org/", "http",
                                             "http://e.org", SKIP_HREF, _resolve, _valid_bracketed_host,
                                             text_content, cls, None, None)
        assert [type(ln) for ln in links] == [cls, cls]
        assert [ln.url for ln in links] == ["http://e.org/a", "http://x.org/b"]
        assert [ln.text for ln in links] == texts
        if cls is Extra:
            assert [ln.seen for ln in links] == [7, 7]



@native
def test_link_rows_in_c_collapses_long_and_latin1_texts_as_split_and_join():
    """Anchor texts on both sides of the C scratch buffer's size (512 characters), with
    every white space ``str.split`` knows in one byte, and characters past ASCII."""
    from maintext.metadata.links import SKIP_HREF, _resolve, _valid_bracketed_host
    from maintext.result import Link

    rng = random.Random(14)
    alphabet = " \t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0abc\u00e9\u00ff." + "x" * 6
    texts = ["".join(rng.choices(alphabet, k=rng.choice([1, 2, 40, 511, 512, 513, 600, 2000])))
             for _ in range(400)] + ["  ", "\xa0", "a" * 513, " " + "b " * 400]
    records = [("http://x.org/", None, text) for text in texts]
    links = native_mod._native.link_rows(texts, records, None, None, None, SKIP_HREF, _resolve,
                                         _valid_bracketed_host, text_content, Link, None, None)
    assert [ln.text for ln in links] == [" ".join(text.split()) for text in texts]
    assert all(ln.text.isascii() == (" ".join(text.split())).isascii() for ln, text in zip(links, texts))


TITLE_TAGS = ["div", "p", "span", "td", "strong", "b", "font", "h4", "li", "em", "h1", "section", "a"]
TITLE_TEXTS = ["", " ", "Breaking news", "Breaki", "Breakin", "  Breaking\n news  ", "Breaking news today here", "Breaking",
               "Break", "\u4e2d\u6587\u6807\u9898\u65b0\u95fb", " \u4e2d\u6587\u6807\u9898", "news", "B r e a k",
               "Breaking news today here and more words", "\u00e9t\u00e9 \u00e0 Paris", "\u3000Breaking news"]


@native
def test_shown_title_in_c_same_element_as_the_python_loop(monkeypatch):
    from maintext.metadata import title

    rng = random.Random(41)
    parts = ["Breaking news today here", "Breaking news", "Breaking", "Breaking n", " Breaking news", "\u4e2d\u6587\u6807\u9898\u65b0\u95fb\u7f51",
             "\u00e9t\u00e9 \u00e0 Paris cette ann\u00e9e", "short", "Breaking news today here and more words"]
    for n in range(800):
        items = []
        for _ in range(rng.randint(0, 30)):
            tag = rng.choice(TITLE_TAGS)
            items.append(f"<{tag}>{rng.choice(TITLE_TEXTS)}<i>{rng.choice(TITLE_TEXTS)}</i>"
                         f"{rng.choice(TITLE_TEXTS)}</{tag}>")
        root = parse_html("<html><body>" + "".join(items) + "</body></html>")
        if n % 50 == 0:
            monkeypatch.setattr(title, "SHOWN_TITLE_MAX_ELEMENTS", rng.randint(0, 5))
        part = rng.choice(parts)
        monkeypatch.setattr(walk, "ENABLED", True)
        fast = title._shown_title(root, part)
        monkeypatch.setattr(walk, "ENABLED", False)
        slow = title._shown_title(root, part)
        assert (fast is None) == (slow is None), (part, items)
        if fast is not None:
            assert fast[1] == slow[1] and fast[0] is slow[0], (part, items)


def test_copyright_holder_reads_the_footer_tail(monkeypatch):
    from maintext.metadata import authors

    html = ("<html><body><p>" + "Text. " * 5000 + "</p><footer>&copy; 2019 Jane Doe. All rights reserved."
            "</footer></body></html>")
    root = parse_html(html)
    assert authors.copyright_holder(root, ("janedoe",)) == "Jane Doe"
    monkeypatch.setattr(walk, "ENABLED", False)
    assert authors.copyright_holder(root, ("janedoe",)) == "Jane Doe"
    monkeypatch.setattr(authors, "COPYRIGHT_TAIL_CHARS", 10)
    assert authors.copyright_holder(root, ("janedoe",)) is None


COPYRIGHT_PIECES = ["\u00a9", "(c)", "(C)", "Copyright", "copyright", " 2019 ", "Jane Doe", "\u00fc", "\u4e2d\u6587",
                    "\U0001f600", "\n", "x", "(", "c", ")", "Copy", "right", "<p>", "</p>", "<b>", "</b>", "<!--(c)-->",
                    "<script>(c) Jane Doe</script>", "<br>", "&copy;", "<span>", "</span>"]


@native
def test_copyright_tail_of_one_long_text_node():
    """A text node far longer than the characters asked for (1 to 4 UTF-8 bytes each, the
    cut anywhere in one): only its end is read, and the text is the same as the tail of
    the body's text."""
    from maintext.metadata import authors

    rng = random.Random(61)
    chars = ["a", " ", "\u00e9", "\u4e2d", "\U0001f600", "\u00a9 2020 Jane Doe ", "(c) Ann Lee "]
    for _ in range(200):
        text = "".join(rng.choice(chars) for _ in range(rng.randint(2000, 6000)))
        body = parse_html(f"<html><body><p>before</p><div>{text}</div></body></html>").find("body")
        for limit in (1, 5, 17, 300):
            tail = text_content(body)[-limit:]
            got, starts = native_mod._native.copyright_tail(body, limit, authors._COPYRIGHT_OPENING_BYTES)
            first = [at for at in (tail.find(o) for o in authors._COPYRIGHT_OPENINGS) if at >= 0]
            assert (got is None) == (not first)
            if first:
                assert tail.endswith(got) and len(tail) - len(got) == max(min(first) - 1, 0)


@native
def test_footer_lines_in_c_same_as_the_text_tail(monkeypatch):
    """The C reader of the body's text end gives the matches of the text's last characters
    (cuts in a node, openings across nodes, characters of 1 to 4 UTF-8 bytes)."""
    from maintext.metadata import authors

    rng = random.Random(59)
    for _ in range(600):
        body = random_page(rng, COPYRIGHT_PIECES, 30).find("body")
        for limit in (1, 2, 3, 7, 13, 40, 20000):
            monkeypatch.setattr(authors, "COPYRIGHT_TAIL_CHARS", limit)
            tail = text_content(body)[-limit:]
            expected = [(m.group(0), m.group(1)) for m in authors.copyright_lines(tail)]
            found = authors._footer_lines(body)
            assert [(m.group(0), m.group(1)) for m in found] == expected, (tail, limit)
            text, starts = native_mod._native.copyright_tail(body, limit, authors._COPYRIGHT_OPENING_BYTES)
            assert (text is None) == (not starts)
            if starts:  # the text's end from the character before the first opening
                first = min(at for at in (tail.find(o) for o in authors._COPYRIGHT_OPENINGS) if at >= 0)
                assert tail.endswith(text) and len(tail) - len(text) == max(first - 1, 0)
                shift = len(tail) - len(text) if native_mod.native_metadata() is not None else 0
                assert [m.span() for m in found] == [(a - shift, b - shift) for a, b in  # (C path: in its text)
                                                     (m.span() for m in authors.copyright_lines(tail))]


def test_copyright_lines_are_the_pattern_matches():
    from maintext.metadata.authors import COPYRIGHT_LINE, copyright_lines

    pieces = ["\u00a9", "(c)", "(C)", "Copyright", "copyright", "xCopyright", " 2019", "-2020", "\u2013", " by ",
              "Jane", " Doe", " J.", " Site.de", " ", "\n", "All rights", "(c", "\u00e9", "Max M\u00fcller", ","]
    rng = random.Random(47)
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 25)))
        assert [m.span() for m in copyright_lines(text)] == [m.span() for m in COPYRIGHT_LINE.finditer(text)], text


def test_label_matches_are_the_pattern_matches():
    from maintext.metadata import visible

    pieces = ["Datum", "datum", "DATUM", "Date", "Posted", "po\u017fted", "Ver\u00f6ffentlicht", "VER\u00d6FFENTLICHT",
              "zuletzt aktualisiert", "Last  Updated", "mis \u00e0 jour", "\u53d1\u5e03\u65f6\u95f4", "\u66f4\u65b0\u65f6\u95f4",
              "Stand", "xdate", "_date", " am", " on", " AM", "  ", " ", "\n", "\u3000", ":", "\uff1a", " : ", "01.11.2023",
              "2019-08-27 10:30", "abc", "x" * 45, "2020", "Erschienen am:", "le", "el", "\u00e9", "1",
              "\u2019", "\u2026 ", "\u00a9", "\u0130", "DAT\u0130", "\u212a", "pub\u0130\u0307", "\u00d6"]
    rng = random.Random(53)
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        for kind in ("published", "modified"):
            expected = [(m.span(), m.group(1)) for m in visible._LABEL_FORMS[kind].finditer(text)]
            assert [(m.span(), m.group(1)) for m in visible.label_matches(text, kind)] == expected, (text, kind)


@native
def test_label_windows_in_c_same_as_the_python_loop(monkeypatch):
    from maintext.metadata import _native, visible

    pieces = ["Datum", "DATE", "Posted", "po\u017fted", "Ver\u00f6ffentlicht", "Last  Updated", "mis \u00e0 jour", "Stand",
              "\u53d1\u5e03\u65f6\u95f4", " am", " ON", "  ", " ", "\n", "\u3000", "\xa0", ":", "\uff1a", " : ", "01.11.2023",
              "abc", "x" * 45, "\u2019", "\u2026 ", "\u00a9", "\u0130", "\u212a", "\u24b6", "\u2167", "\U0001d400", "1",
              " " * 300, "\n \t" * 90]  # (stretches over 256 characters)
    args = (visible._COLONS, visible._LABEL_SPAN, visible._LABEL_AFTER_SPAN, visible._LABEL_VALUE_CHARS)
    rng = random.Random(73)
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        for kind in ("published", "modified"):
            labels = visible._ASCII_LABELS[kind]
            assert list(visible._label_windows_in_c(_native, text, kind)) == list(visible._label_windows(text, labels)), \
                text
            since = rng.randint(0, len(text) + 1)  # (and from any position)
            expected = next((w for w in visible._label_windows(text, labels) if w[0] >= since), None)
            assert _native.next_label_window(text, visible._ASCII_LABEL_BYTES[kind], *args[:1], since, *args[1:]) \
                == expected, (text, since)
    for enabled in (True, False):  # the matches, searched in the stretches of either twin
        monkeypatch.setattr(walk, "ENABLED", enabled)
        test_label_matches_are_the_pattern_matches()


def test_no_label_character_matches_a_non_ascii_character_that_is_no_letter_or_digit():
    """What visible._no_label relies on: a stretch whose non-ASCII characters are no letters
    or digits can hold a label (case-blind) only in its ASCII characters."""
    from maintext.metadata import visible

    chars = sorted({c for words in visible.DATE_LABELS.values() for w in words for c in w})
    any_label_char = re.compile("|".join(map(re.escape, chars)), re.IGNORECASE)
    others = "".join(chr(c) for c in range(128, 0x110000) if not 0xD800 <= c < 0xE000)
    others = visible._NON_ASCII_ALNUM.sub("", others)
    assert len(others) > 100_000 and not any(c.isalnum() for c in others)
    assert any_label_char.search(others) is None
    assert others.lower().isascii() is False and not any(c.isascii() for c in others.lower())  # (C lowers ASCII only)
    assert visible._ASCII_LABELS["published"] and all(map(str.isascii, visible._ASCII_LABELS["modified"]))


COMMENT_PIECES = ["<div>", "</div>", "<div class='comments'>", "<section id='respond'>", "<ul class='x Reply'>",
                  "</ul>", "</section>", "<form>", "</form>", "<p class='kommentar'>", "</p>", "<span class=''>",
                  "</span>", "<a class='comment-author' href='/a'>A</a>", "<a href='/b'>B</a>", "<b id='Comment'>",
                  "</b>", "text", "<li class='\u212aommentar'>", "</li>", "<article class='post'>", "</article>",
                  "<div class='re\u017fpond'>", "<div id='x-ReSpOnD' class='a'>", "<i class='REPLY-to' id='c'>", "</i>",
                  "<div class='comm ent' id='kommen'>", "<div class='\xe9 reply'>",
                  "<div class='" + "x" * 250 + " Comment'>", "<div id='" + "x" * 260 + "-respond'>",
                  "<div class='" + "x" * 255 + "'>"]  # values held in C's buffer and too long for it


@native
def test_in_comments_in_c_same_as_the_python_walk(monkeypatch):
    from maintext.metadata.authors import in_comments

    rng = random.Random(61)
    for _ in range(500):
        root = random_page(rng, COMMENT_PIECES, 30)
        for el in root.iter():
            for levels in (12, 0, 1, 3):
                monkeypatch.setattr(walk, "ENABLED", True)
                fast = in_comments(el, levels)
                monkeypatch.setattr(walk, "ENABLED", False)
                assert in_comments(el, levels) == fast, (levels, root.getroottree().getpath(el))


def test_comment_words_are_the_comment_area_pattern_on_ascii_text():
    """in_comments (C) tests an ASCII class/id by its lower-cased words instead of the
    case-blind pattern: the same answer on ASCII text."""
    from maintext.metadata.authors import _COMMENT_AREA, _COMMENT_WORDS

    assert _COMMENT_AREA.pattern == "|".join(_COMMENT_WORDS) and _COMMENT_AREA.flags & re.IGNORECASE
    rng = random.Random(67)
    letters = "commentrspdlykaCOMMENTRSPDLYKA -_1"
    for _ in range(20000):
        text = "".join(rng.choice(letters) for _ in range(rng.randint(0, 14)))
        text = rng.choice(["", "x "]) + rng.choice(["", *_COMMENT_WORDS, "REPLY", "Kommentar"]) + text
        assert any(w in text.lower() for w in _COMMENT_WORDS) == (_COMMENT_AREA.search(text) is not None), text


@native
def test_name_texts_in_c_same_as_the_element_path(monkeypatch):
    from maintext.metadata.authors import _name_texts

    pieces = ["<span itemprop='name'>Jane Doe</span>", "<b itemprop='Name'>x</b>", "<i itemprop='name'></i>",
              "<div itemprop='author'>", "</div>", "<a href='/a'>By <span itemprop='name'>Jo <b>Roe</b></span></a>",
              "text &amp; more", "<p>", "</p>", "\u4e2d\u6587", "<span itemprop=' name'>y</span>"]
    rng = random.Random(67)
    for _ in range(500):
        root = random_page(rng, pieces, 20)
        for el in root.iter():
            monkeypatch.setattr(walk, "ENABLED", True)
            fast = _name_texts(el)
            monkeypatch.setattr(walk, "ENABLED", False)
            assert _name_texts(el) == fast


AFTER_PIECES = ["<div>", "</div>", "<h1>Title</h1>", "<p>", "</p>", "Von ", "Jane Doe", " 12.03.2020 ", "\n  ",
                "<script>x</script>", "<style>s</style>", "<!--c-->", "<?pi p?>", "<noscript>n</noscript>", "<br>",
                "<span>By</span>", "<a href='/a'>Jo Roe</a>", "2019", "09/07", "19:02", "\u4e2d\u6587 \u6807\u9898",
                "word " * 30, "<select><option>o</option></select>", "&amp;", "\u3000", "\x1f\x0b\t \r\n", "\xa0 "]


def _not_blank(pieces: list[str]) -> list[str]:
    """The pieces the C readers give: without those of ASCII white space only (which every
    reader of them skips: they strip to nothing)."""
    return [t for t in pieces if not (t.isascii() and t.isspace())]


@native
def test_texts_after_in_c_is_the_generator_cut_at_the_budget(monkeypatch):
    from maintext.metadata import authors, visible

    rng = random.Random(71)
    for _ in range(400):
        root = random_page(rng, AFTER_PIECES, 40)
        monkeypatch.setattr(walk, "ENABLED", True)
        for el in root.iter():
            for max_nodes, budget in ((300, 600), (300, 1000), (2, 20), (5, 0)):
                full = list(visible._texts_after(el, max_nodes))
                got = visible.texts_after(el, max_nodes, budget)
                full_shown = _not_blank(full)
                assert got == full_shown[:len(got)]
                collapsed = sum(len(" ".join(t.split())) for t in got)
                assert got == full_shown or (collapsed > budget >= collapsed - len(" ".join(got[-1].split())))
                assert authors._short_pieces(got) == authors._short_pieces(full) if budget == 600 else True
                within = visible.texts_after(el, max_nodes, budget, past_budget=False)
                assert within == got[:len(within)] and len(got) - len(within) <= 1
                assert list(map(collapse_ws, (t for t in within if not t.isspace()))) == authors._short_pieces(
                    full) if budget == 600 else True
                assert visible.first_date(got, budget) == visible.first_date(iter(full), budget)
        headline = root.find(".//h1")
        if headline is not None:
            monkeypatch.setattr(walk, "ENABLED", True)
            fast = (visible.visible_date(root, headline), authors.visible_byline(headline))
            monkeypatch.setattr(walk, "ENABLED", False)
            assert (visible.visible_date(root, headline), authors.visible_byline(headline)) == fast


LABEL_PIECES = ["<div>", "</div>", "<p>", "</p>", "Autor", "Autor:", "AUTOR\uff1a", " Text: ", "Von", "by", "\u4f5c\u8005",
                "Jane Doe", "jane doe", "Max M\u00fcller", "<b>Author</b>", "<span>Jo Roe</span>", "  ", "\n",
                "<script>Autor</script>", "<noscript>Von</noscript>", "<!--Autor-->", "x" * 85, "y" * 30,
                "\u3000Redaktion\u3000", "<br>", "<a href='/a'>A B</a>", "Geschrieben von ",
                "\u00e9" * 90, "Aut" + "o" * 90 + "r", " " + "q" * 88 + " ", "1 " * 45, "\u00fc" + "v" * 85 + ".",
                "<i>" + "k" * 81 + "</i>", "a" + "\u00e9" * 85 + "b",
                "\xa0\u4f5c\u8005\xa0", "\u2003\u5f20\u4e09\u2003", "\u3000", "\u8bb0\u8005\uff1a",
                "\u4e2d\u6587" * 30, "\u200bJo Roe\u200b", "\x85Von\u2028", "\u00e9Max\u3000M\u00fcller\u00e9"]  # long pieces: counted from their bytes when their ends are plain ASCII


@native
def test_label_followers_in_c_give_the_same_byline(monkeypatch):
    from maintext.metadata import authors

    rng = random.Random(73)
    for n in range(1500):
        html = "<html><body>" + "".join(rng.choice(LABEL_PIECES) for _ in range(rng.randint(0, 30))) + "</body></html>"
        root = parse_html(html)
        if n % 100 == 0:
            monkeypatch.setattr(authors, "LABELLED_BYLINE_CHARS", rng.choice([rng.randint(0, 40), rng.randint(80, 400)]))
        monkeypatch.setattr(walk, "ENABLED", True)
        fast = authors.labelled_byline(root)
        monkeypatch.setattr(walk, "ENABLED", False)
        assert authors.labelled_byline(root) == fast, html


@native
def test_collapsed_text_in_c_is_the_labelled_text(monkeypatch):
    from maintext.metadata import visible

    pieces = LABEL_PIECES + ["\x1c", " \t", "\xa0", "<p>\n  </p>", "Datum: 01.02.2020", "\u00e9t\u00e9"]
    rng = random.Random(79)
    for n in range(1500):
        root = random_page(rng, pieces, 30)
        if n % 50 == 0:
            monkeypatch.setattr(visible, "LABELLED_DATE_CHARS", rng.randint(0, 60))
        monkeypatch.setattr(walk, "ENABLED", True)
        fast = visible.labelled_text(root)
        monkeypatch.setattr(walk, "ENABLED", False)
        assert visible.labelled_text(root) == fast


@native
def test_walks_in_c_skip_the_same_tags_on_pages_of_many_tag_names(monkeypatch):
    """The C walks remember which tag names to skip (the first 64 names in arrays, then a
    dict): pages of up to 150 names, the skipped ones met early and late."""
    from maintext.metadata import authors, visible

    names = [f"x{i}" for i in range(140)] + ["script", "style", "noscript", "select", "option", "template"]
    rng = random.Random(89)
    for _ in range(200):
        parts = []
        for _ in range(rng.randint(0, 120)):
            tag = rng.choice(names)
            parts.append(f"<{tag}>{rng.choice(['Autor', 'Jane Doe', 'Datum: 01.02.2020', ' ', 'text'])}</{tag}>")
        root = parse_html("<html><body><h1>Head</h1>" + "".join(parts) + "</body></html>")
        headline = root.find(".//h1")
        runs = []
        for enabled in (True, False):
            monkeypatch.setattr(walk, "ENABLED", enabled)
            runs.append((visible.labelled_text(root), authors.labelled_byline(root),
                         _not_blank(list(visible.texts_after(headline, 300, 10_000))),
                         visible.visible_date(root, headline)))
        assert runs[0] == runs[1]


@native
def test_label_links_in_c_same_as_the_python_loop():
    from maintext.metadata import _native, extras

    pieces = ["<a rel='tag' href='/tag/x'>x</a>", "<a rel='Tag Category' href='/c'>c</a>", "<a rel=' ' href='/tag/y'>y</a>",
              "<a rel='category' href='/category/z'>z</a>", "<a href='/TAG/w'>w</a>", "<a href='/kategorie/v'>v</a>",
              "<a rel='nofollow' href='/tag/u'>u</a>", "<a>t</a>", "<a href=''>s</a>", "<a rel='\u0130' href='/r'>r</a>",
              "<a href='/Category/\u212a'>k</a>", "<a rel='' href='/tags/'>e</a>", "<a href='/x/tag'>n</a>"]
    rng = random.Random(83)
    for _ in range(1000):
        root = random_page(rng, pieces, 15)
        got = collect(root)
        for rel, pattern in (("tag", extras.TAG_HREF), ("category", extras.CATEGORY_HREF), ("tag", None)):
            expected = extras._label_links(got, rel, pattern)
            assert _native.label_links(got.anchors, got.records, rel, pattern) == expected
            if pattern is not None:  # searching only the hrefs href_hits names finds the same links
                hits = got.href_hits(pattern)
                assert _native.label_links(got.anchors, got.records, rel, pattern, hits) == expected
                assert extras._label_links(got, rel, pattern, hits) == expected
                some = sorted(rng.sample(range(len(got.anchors)), len(got.anchors) // 2))
                assert _native.label_links(got.anchors, got.records, rel, pattern, some) == \
                    extras._label_links(got, rel, pattern, some)



@native
def test_label_links_in_c_reads_rel_words_as_lower_and_split():
    """Rel values of random words, capitals and white space (str.split's ASCII separators
    \\x1c-\\x1f among them, and non-ASCII ones, read by the Python fallback)."""
    from maintext.metadata import _native

    rng = random.Random(15)
    words = ["tag", "TAG", "Tag", "category", "CATEGORY", "Category", "categor", "categoryx", "tags", "ta",
             "nofollow", "\u0130", "t\u00e4g", "\u212aategory", "g"]
    spaces = [" ", "  ", "\t", "\n", "\x0b", "\x1c", "\x1f", "\x85", "\xa0", "\u3000"]
    for _ in range(3000):
        rel_value = "".join(rng.choice(spaces) + rng.choice(words) for _ in range(rng.randint(0, 4)))
        rel_value += rng.choice(spaces) if rng.random() < 0.5 else ""
        for rel in ("tag", "category", "Tag", "nofollow"):
            rels = rel_value.lower().split()
            marked = rel in rels and not (rel == "tag" and "category" in rels)
            expected = ([(0, "t")], []) if marked else ([], [(0, "t")] if not rels else [])
            assert _native.label_links([0], [("/tag/x", rel_value, "t")], rel, re.compile("/tag/")) == expected


@native
def test_texts_before_in_c_is_the_generator_cut_at_the_budget(monkeypatch):
    from maintext.metadata import visible

    rng = random.Random(89)
    monkeypatch.setattr(walk, "ENABLED", True)
    for _ in range(400):
        root = random_page(rng, AFTER_PIECES, 40)
        for el in root.iter():
            for max_siblings, budget in ((4, 600), (1, 10), (2, 0)):
                full = list(visible._texts_before(el, max_siblings))
                got = visible.texts_before(el, max_siblings, budget)
                full_shown = _not_blank(full)
                assert got == full_shown[:len(got)]
                collapsed = sum(len(" ".join(t.split())) for t in got)
                assert got == full_shown or (collapsed > budget >= collapsed - len(" ".join(got[-1].split())))
                assert visible.first_date(got, budget) == visible.first_date(iter(full), budget)


@native
def test_href_index_in_c_same_as_the_python_twin():
    native_fn = native_mod._native.href_index
    values = [None, "", "/a", "HTTP://X.org/Tag/1", "/\u00e4", "nofollow", " ", "tag category", "\u4e2d"]
    rng = random.Random(71)
    for _ in range(2000):
        records = [(rng.choice(values), rng.choice(values), rng.choice(values)) for _ in range(rng.randint(0, 8))]
        assert native_fn(records) == collect_mod.href_index(records), records
    for root in _pages():  # what collect reads from pages
        records = collect(root).records
        assert native_fn(records) == collect_mod.href_index(records)


def test_licence_link_found_among_the_anchors_with_a_rel_value():
    from maintext.metadata.extras import license_of

    root = parse_html("<html><body><a href='/a' rel='nofollow'>a</a><a href='/b'>b</a>"
                      "<a href='https://creativecommons.org/licenses/by/4.0/' rel='External License'>CC</a>"
                      "<a href='/terms' rel='license'>Terms</a></body></html>")
    got = collect(root)
    assert got.hrefs()[1] == [0, 2, 3]  # (the anchors with a rel value)
    assert license_of({}, got) == "CC BY 4.0"
    root = parse_html("<html><body><a href='/a' rel=''>a</a><a href='/terms' rel='license'>Our terms</a></body></html>")
    assert license_of({}, collect(root)) == "Our terms"
