"""A page given as valid UTF-8 bytes is not decoded until its text is read: the loaded
text, encoding, bytes and errors are those of the eager path (decode, then bound the text)."""

from __future__ import annotations

import random

import pytest

from maintext.html import walk
from maintext.html.document import Document
from maintext.io import decode, limits, loading
from maintext.io.loading import load

pytestmark = pytest.mark.skipif(walk.scan is None or not walk.ENABLED, reason="native scans off")

BODY = "<p>Grüße aus Köln, “quoted”, 北京时间今天上午。</p>"


def _page(body: str = BODY, head: str = "") -> str:
    return f"<html><head>{head}<title>t</title></head><body>{body}</body></html>"


def _outcome(data, **kw):
    try:
        got = load(data, **kw)
    except Exception as exc:  # noqa: BLE001 - the error is part of the outcome
        return type(exc), str(exc)
    return got.html, got.encoding, got.utf8


def _eager(monkeypatch, data, **kw):
    with monkeypatch.context() as m:
        m.setattr(decode, "_native_scan", lambda: None)  # decoded at once, bounded as text
        m.setattr(limits, "_scan", None)
        return _outcome(data, **kw)


CASES = [
    _page().encode("utf-8"),
    _page("plain ascii").encode("ascii"),
    _page("plain", '<meta charset="iso-8859-1">').encode("ascii"),  # the label names ASCII's codec
    _page(BODY, '<meta charset="gbk">').encode("utf-8"),  # a stale label
    _page("北京时间今天上午", '<meta charset="gbk">').encode("gbk"),
    _page("Grüße café", '<meta charset="windows-1252">').encode("cp1252"),
    _page("Grüße café").encode("cp1252"),  # invalid UTF-8, no label
    _page(BODY).encode("utf-8")[:-40] + b"\xe4\xb8" + b"</p></body></html>",  # a cut character
    _page(BODY).encode("utf-8") + b"\xed\xa0\x80",  # an encoded surrogate: not UTF-8
    b"\xef\xbb\xbf" + _page().encode("utf-8"),  # a BOM
    b"\xff\xfe" + _page().encode("utf-16-le"),
    _page().encode("utf-16-le"),  # UTF-16 without a BOM
    _page("a\x00b" + "x" * 300).encode("utf-8"),  # NUL characters removed
    "\xa0\u3000 \n\x1c".encode("utf-8"),  # nothing but white space
    "\u3000<p>x</p>".encode("utf-8"),
    _page("<div\u3000" + "\u3000".join(f"a{i}" for i in range(300)) + ">中文</div>").encode("utf-8"),
    _page("<div " + " ".join(f"a{i}" for i in range(300)) + ">x</div>" * 3).encode("utf-8"),
    _page("<p>" + "y" * 600_000 + "</p>").encode("utf-8"),  # a long run, nothing to cut
    _page("<div " + "a=1 " * 70_000 + "</div>" + "é" * 10).encode("utf-8"),  # long run and tag
    _page("<b>é</b>" * 3000).encode("utf-8"),
]


@pytest.mark.parametrize("data", CASES)
def test_loading_gives_what_the_eager_path_gives(data, monkeypatch):
    for kw in ({}, {"max_elements": 1000}, {"max_attributes": 2}, {"max_attributes": 0}):
        assert _outcome(data, **kw) == _eager(monkeypatch, data, **kw), kw


def test_the_text_of_valid_utf8_is_built_on_first_read():
    data = _page().encode("utf-8")
    got = load(data)
    assert got.decoded is None and got.utf8 is data
    assert got.html == data.decode("utf-8") and got.decoded is got.html
    doc = Document.from_loaded(load(data))
    assert doc.utf8 is data
    eager = Document(data.decode("utf-8"), utf8=data)
    assert doc.tree.xpath("string(//body)") == eager.tree.xpath("string(//body)")
    assert doc.html == eager.html


def test_a_document_needs_its_text_or_bytes():
    with pytest.raises(ValueError):
        Document(None)
    with pytest.raises(ValueError):
        loading.Loaded(None, "utf-8")


def test_element_cap_refused_from_the_bytes_as_from_the_text(monkeypatch):
    for data in ("<b>" * 2500 + "é" * 4000, "a<1" * 2000 + "é", "<i>é" * 1100, "é" * 1500 + "<i>" * 999):
        data = data.encode("utf-8")
        assert _outcome(data, max_elements=1000) == _eager(monkeypatch, data, max_elements=1000), data[:20]


def test_random_markup_loads_as_on_the_eager_path(monkeypatch):
    rng = random.Random(31)
    pieces = ["<", ">", "=", '"', "'", "/", " ", "\u3000", "\xa0", "\x85", "\u2028", "\x1c", "a", "é",
              "中", "\U0001f600", "<p ", "<a b c d ", "x=y", "</p>", "\x00", "\ufeff"]
    for _ in range(1500):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 80)))
        data = text.encode("utf-8")
        for kw in ({"max_attributes": 2, "max_elements": 5}, {"max_attributes": 1, "max_elements": 20}):
            assert _outcome(data, **kw) == _eager(monkeypatch, data, **kw), (text, kw)


def test_parsing_does_not_build_the_text():
    doc = Document.from_loaded(load(_page().encode("utf-8")))
    assert doc.tree is not None and doc._html is None
    assert doc.html == _page()


@pytest.mark.parametrize("html", [
    "<html><head><title>" + "x" * 300 + "<p>swallowed</p>" * 3,  # an unclosed title: repaired on the text
    "<html><body>" + "<div>" * 12_000 + "deep é" + "</div>" * 12_000,  # deep nesting on a big page
])
def test_the_parse_repairs_decode_the_text_when_they_need_it(html, monkeypatch):
    from maintext.html import document

    seen = []
    for name in ("close_title", "_unnest"):
        real = getattr(document, name)
        monkeypatch.setattr(document, name, lambda text, *a, real=real: seen.append(text) or real(text, *a))
    data = html.encode("utf-8")
    lazy = Document.from_loaded(load(data))
    eager = Document(html, utf8=data)
    assert lazy._html is None
    assert lazy.tree.xpath("string(/)") == eager.tree.xpath("string(/)")
    assert all(text == html for text in seen)
    # the compiled twin of _unnest reads the bytes (its Python scan, the text, is not run)
    assert seen or (walk.ENABLED and walk.scan is not None and "<div>" * 100 in html)
