"""The compiled twin of ``_unnest`` (maintext/html/_scan_unnest.pxi) removes the tags the
Python scan of maintext.html.document removes, on str (three layouts) and UTF-8 bytes: none
when it removes none (so the parse can skip the Python scan), the same ones when it does."""

from __future__ import annotations

import random

import lxml.etree as etree
import pytest

from maintext.html import document, walk
from maintext.html.document import _kept_pieces, _unnest

pytestmark = pytest.mark.skipif(walk.scan is None, reason="native scans not built")


def _check(html: str, max_depth: int) -> bool:
    """Whether _unnest changes ``html``; fails when the twin's answer is not the same."""
    unnested = _unnest(html, max_depth)
    spans = walk.scan.unnest_spans(html, max_depth)
    assert bool(spans) is (unnested is not html), (html, max_depth)  # never "nothing" when it removes
    assert "".join(_kept_pieces(html, spans)) == unnested, (html, max_depth)
    data = html.encode("utf-8", errors="replace")
    spans = walk.scan.unnest_spans_utf8(data, max_depth)
    assert b"".join(_kept_pieces(data, spans)) == unnested.encode("utf-8", errors="replace"), (html, max_depth)
    return unnested is not html


PIECES = ["<div>", "</div>", "<DIV class=x>", "</Div >", "<p>", "</p>", "<p><p>", "<a>", "<a href=x>", "</a>",
          "<a><a>", "<button>", "</button>", "<form>", "<nobr>", "</nobr>", "<b>", "</b>", "<b/>", "</b/>",
          "<br>", "<img src=x/>", "<li>", "<td>", "<table>", "</table>", "<span", "<", ">", "/", "/>", "</",
          "< div>", "</ div>", "<1>", "<x-y:z>", "</X-Y:Z>", "<x-y:>", "<div title='a>b'>", '<div title="<">',
          "<!-- <div> -->", "<!--", "-->", "<![CDATA[<div>]]>", "<!doctype html>", "<?xml?>", "text", " ",
          "\n", "\u4e2d", "\U0001f600", "\ud800", "<section\n id=\u4e2d>", "</section>", "<span/ >", "<i\t/>"]


def test_same_answer_as_the_python_scan_on_random_markup():
    rng = random.Random(11)
    seen = set()
    for _ in range(6000):
        html = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 50)))
        for max_depth in (0, 1, 3, 4, 5, 7, 10):
            seen.add(_check(html, max_depth))
    assert seen == {True, False}


@pytest.mark.parametrize("html", [
    "<div>" * 100 + "x" + "</div>" * 100,  # deep nesting
    "<div>" * 100,  # never closed
    "<div><span>" * 50 + "</span>" * 200,  # end tags close what was opened since their element
    "<div>" + "<span>x</div><div>" * 100,  # unclosed inside closed ones: shallow
    "<p><p>" * 500, "<li><dd><td>" * 500,  # optional end tags do not nest
    "<a><a>" * 500, "<form><nobr><button>" * 500,  # neither do these
    "<a><b>" * 60,  # an <a> closes the <b> opened inside the previous <a>
    "<br/><img><hr/>" * 500, "<div/><span />" * 500,  # void and self-closing tags
    "<div title='<'>" * 200, '<div a="x>y">' * 200,  # a "<" in a value hides the tag; a ">" ends it
    "<!-- <div> -->" * 200, "<![CDATA[<div>]]>" * 200,  # no comment or CDATA grammar: tags inside count
    "<div" * 3000, "<div <div>" * 200, "</div" * 300,  # "<" never closed
    "<DIV>" * 50 + "</div>" * 50 + "<Div>" * 50,  # names in any case
    "<x-y:z>" * 100 + "</X-Y:Z>" * 100, "<h1-2>" * 100,
    "\u4e2d<div>\U0001f600" * 100, "<div \u4e2d=1>" * 100,
])
def test_same_answer_on_adversarial_markup(html):
    for max_depth in (0, 2, 3, 4, 20, 60, 99, 100, 101, 102, 103, 1000):
        _check(html, max_depth)


def test_many_distinct_names_grow_the_name_table():
    rng = random.Random(5)
    names = [f"n{k}" for k in range(3000)]
    for _ in range(20):
        tags = []
        for _ in range(4000):
            name = rng.choice(names)
            name = name.upper() if rng.random() < 0.3 else name
            tags.append(f"<{name}>" if rng.random() < 0.6 else f"</{name}>")
        html = "".join(tags)
        for max_depth in (50, 500, 1000, 2000, 3000):
            _check(html, max_depth)


@pytest.mark.parametrize("utf8", [False, True])
def test_the_parse_builds_the_same_tree_with_the_twin_and_without(utf8, monkeypatch):
    calls = []
    real = document._unnest
    monkeypatch.setattr(document, "_unnest", lambda text, depth: calls.append(text) or real(text, depth))
    shallow = "<html><body>" + "<div><p>x</p></div>" * 6000 + "</body></html>"
    deep = ("<html><body>" + "<div>\u4e2d<b>" * 3000 + "<p>deep\U0001f600" + "</b></div>" * 3000
            + "<a>1<a>2</a>" * 2000 + "</body></html>")
    trees = {}
    for native in (True, False):
        monkeypatch.setattr(walk, "ENABLED", native)
        for html in (shallow, deep):
            root = document.parse_html(None if utf8 else html, 1000, utf8=html.encode() if utf8 else None)
            trees[native, html] = etree.tostring(root)
    assert calls == [shallow, deep]  # the Python scan ran only without the twin
    assert trees[True, shallow] == trees[False, shallow] and trees[True, deep] == trees[False, deep]
    # 998 nested div and b elements stay (html, body above them): half of them <div>s
    assert trees[True, deep].count(b"<div>") == 998 // 2
