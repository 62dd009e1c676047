"""The record build (maintext.html.html5.build with ``record``, ``auto`` asked for the full
record): the full build's tree without the attributes outside html5.RECORD_ATTRIBUTES, and
the same full record as from the full build."""

from __future__ import annotations

import gzip
import json
import random
from dataclasses import asdict

import pytest
from lxml import etree

import maintext
import maintext.api
from maintext.html import html5
from maintext.html.clean import may_hide
from maintext.html.document import _PARSER, Document
from maintext.methods.auto import record_build
from maintext.options import Options

from ..conftest import dataset_dir, read_gold
from .test_html5 import NASTY, PRUNING

BUILDERS = [pytest.param(True, marks=pytest.mark.skipif(not html5.NATIVE_AVAILABLE, reason="C builder not built"),
                         id="c"), pytest.param(False, id="python")]
FULL_RECORD = ("text", "metadata", "links")
# every attribute name of RECORD_ATTRIBUTES and some others, on all kinds of elements
ATTRIBUTED = [
    "<html lang=de xml:lang=de dir=ltr data-x=1><head><meta property=og:title content=T name=n charset=x>"
    "<link rel=canonical href=/c media=all><script type=application/ld+json>{}</script></head>"
    "<body class=b id=i role=main itemprop=x style='display:none' hidden aria-hidden=true onclick=f>"
    "<time datetime=2020-01-01 pubdate title=t>d</time><img src=s alt=a width=1 height=2 srcset=x>"
    "<a href=/x rel=author target=_blank tabindex=1 aria-label=l>a</a><ol start=3><li value=4>l</li></ol>"
    "<td colspan=2 rowspan=3>c</td><p data-src=d class=''>p</p><input type=text name=q class=c lang=en>"
    "<span type=x name=y content=c>s</span><i style='color: red'>i</i><i style=''>i</i>"
    "<i style='VISIBILITY:Hidden'>i</i><i style='\u00e9'>i</i></body></html>",
]


def _dump(root: etree._Element) -> list:
    return [(el.tag, list(el.attrib.items()), el.text, el.tail) for el in root.iter()]


def _build(html: str, native: bool, record: bool, max_depth: int = 1000) -> list:
    root = etree.fromstring(b"<html></html>", _PARSER)
    return _dump(html5.build(html.encode("utf-8"), root, max_depth, native, record))


def _read_on(tag: str, name: str, value: str) -> bool:
    """RECORD_ATTRIBUTES' rule: a name of the table, on any element or on its one element; a
    style that may hide."""
    if name == "style":
        return may_hide(value)
    return name in html5.RECORD_ATTRIBUTES and html5.RECORD_ATTRIBUTES[name] in (None, tag)


def _without_unread(dump: list) -> list:
    """The full build's dump without the attributes the record build leaves out."""
    return [(tag, [(k, v) for k, v in attrs if _read_on(tag, k, v)], text, tail)
            for tag, attrs, text, tail in dump]


def _pages() -> list[str]:
    pieces = ["<div class=c data-v=1>", "</div>", "<p id=i title=t>", "</p>", "<a href=/x target=t rel=r>", "</a>",
              "<img src=s alt=a>", "<time datetime=d>", "</time>", "<meta name=n content=c property=p>",
              "<span style='display:none' onclick=x>", "</span>", "<p style='color:red'>", "<p style>", "<b hidden>", "</b>", "text ", "&#1;",
              "<x 1y=2 a\"b=3>", "<td colspan=2>", "<li value=3 itemprop=ip role=r aria-hidden=true>",
              "<script type=application/ld+json name=n>{}</script>", "<input type=t name=n lang=l>",
              "<svg><script type=t></script></svg>", "<html lang=x>"]
    rng = random.Random(7)
    return ["<html><body>" + "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40))) + "</body></html>"
            for _ in range(300)]


@pytest.mark.parametrize("native", BUILDERS)
def test_record_build_is_the_full_build_without_the_attributes_never_read(native):
    for html in NASTY + PRUNING + ATTRIBUTED + _pages():
        for depth in (1000, 3, 5):
            full = _build(html, native, False, depth)
            assert _build(html, native, True, depth) == _without_unread(full), (html, depth)
    dump = _build(ATTRIBUTED[0], native, True)
    assert dump[0][1] == [("lang", "de"), ("xml:lang", "de")]
    kept = {name for _, attrs, _, _ in dump for name, _ in attrs}
    assert kept == set(html5.RECORD_ATTRIBUTES)
    attributes = {tag: attrs for tag, attrs, _, _ in dump}
    assert [attrs for tag, attrs, _, _ in dump if tag == "i"] == [
        [], [], [("style", "VISIBILITY:Hidden")], [("style", "\u00e9")]]
    assert attributes["input"] == [("class", "c")] and attributes["span"] == [("content", "c")]


@pytest.mark.skipif(not html5.NATIVE_AVAILABLE, reason="C builder not built")
def test_record_c_builder_is_the_python_builder_on_shared_pages():
    for name in ("aeb", "gne-cn"):
        for gold in read_gold(name)[:10]:
            html = gzip.open(dataset_dir(name) / gold["file"]).read().decode("utf-8", "replace")
            c = _build(html, True, True)
            assert c == _build(html, False, True)
            assert c == _without_unread(_build(html, True, False))


def test_the_record_build_is_for_the_full_record_alone():
    doc = Document("<p>x</p>")
    assert record_build(doc, Options().updated(fields=FULL_RECORD))
    assert record_build(doc, Options().updated(fields=("text",)))
    assert not record_build(doc, Options())  # fields None: the whole Page, typed blocks included
    for fields in (("text", "markdown"), ("text", "html"), ("text", "blocks")):
        assert not record_build(doc, Options().updated(fields=fields))
    assert not record_build(doc, Options().updated(fields=FULL_RECORD, explain=True))
    assert not record_build(doc, Options().updated(fields=FULL_RECORD, with_comments=True))
    doc.site_docs = [Document("<p>y</p>")]
    assert not record_build(doc, Options().updated(fields=FULL_RECORD))


def _attributed_pages(per_set: int = 2) -> list[tuple[bytes, str | None]]:
    """The pages with the most attributes among the first 20 of a few sets."""
    out = []
    for name in ("aeb", "gne-cn", "dragnet", "trafilatura"):
        try:
            gold = read_gold(name)[:20]
        except pytest.skip.Exception:
            continue
        pages = [(gzip.open(dataset_dir(name) / g["file"]).read(), g.get("url")) for g in gold]
        out += sorted(pages, key=lambda p: p[0].count(b"="), reverse=True)[:per_set]
    return out


@pytest.mark.parametrize("native", BUILDERS)
def test_full_record_from_the_record_build_is_the_full_builds(native, monkeypatch):
    pages = _attributed_pages()
    if not pages:
        pytest.skip("no shared dataset here")
    builds = []
    original = html5.build

    def spy(*args, **kwargs):
        builds.append(args[4] if len(args) > 4 else kwargs.get("record", False))
        return original(*args, **kwargs)

    monkeypatch.setattr(html5, "build", spy)
    records = [json.dumps(asdict(maintext.extract(data, url=url, fields=FULL_RECORD, native=native)),
                          sort_keys=True, default=repr) for data, url in pages]
    assert builds and all(builds)  # the record build made them
    monkeypatch.setattr(maintext.api, "record_rule", lambda name: None)
    builds.clear()
    for (data, url), record in zip(pages, records):
        full = json.dumps(asdict(maintext.extract(data, url=url, fields=FULL_RECORD, native=native)),
                          sort_keys=True, default=repr)
        assert full == record, url
    assert builds and not any(builds)
