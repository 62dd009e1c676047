"""The C tree builder makes its libxml2 nodes itself (maintext.html._lexbor.own_nodes) as
libxml2's constructors make them: the same trees (real and random pages, both builds), and
trees lxml and libxml2 read, change, copy, serialise and free as any other."""

from __future__ import annotations

import copy
import gzip
import random
import threading

import pytest
from lxml import etree

from maintext.html import html5

from ..conftest import dataset_dir, read_gold
from .test_html5 import NASTY, PRUNING, SHORT_TEXTS, _both, _both_pruned, _build

needs_native = pytest.mark.skipif(not html5.NATIVE_AVAILABLE, reason="C tree builder not built")


def _pages() -> list[str]:
    rng = random.Random(10)
    pieces = ["<div class=a>", "</div>", "<p id=x title='t&#1;'>", "</p>", "<a href=h>", "</a>", "text ",
              "\u4e2d" * 9, "x" * 40, "<nav>", "</nav>", "<span style='display:none'>", "</span>", "\n", "<br>",
              "<img src=i alt=a>", "<noscript>", "</noscript>", "<meta property=og:type content=x>"]
    pages = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 60))) for _ in range(150)]
    for name in ("aeb", "gne-cn"):
        for gold in read_gold(name)[:8]:
            pages.append(gzip.open(dataset_dir(name) / gold["file"]).read().decode("utf-8", "replace"))
    return pages + NASTY + PRUNING + ["".join(f"<p title='{t}'>{t}<b class='{t}'>{t}</b>{t}</p>"
                                              for t in SHORT_TEXTS)]


def page_of_boxes(n: int) -> str:
    """``n`` boxes, each a <div> holding a paragraph with a title and a link."""
    return "".join(f"<div class='c{i}'><p title='t{i}'>text {i} {'x' * (i % 50)}<a href='/{i}'>a{i}</a></p></div>"
                   for i in range(n))


def side_by_side(work, threads: int = 4) -> list[str]:
    """Run ``work`` (it returns what it found wrong) in ``threads`` threads at once: what all
    found wrong, and the errors they raised."""
    problems: list[str] = []

    def run():
        try:
            problems.extend(work())
        except Exception as e:  # pragma: no cover - reported by the caller's assertion
            problems.append(repr(e))

    running = [threading.Thread(target=run) for _ in range(threads)]
    for t in running:
        t.start()
    for t in running:
        t.join()
    return problems


def trees_switched(switch) -> tuple[list, list]:
    """Both builders' trees, full and pruned, of :func:`_pages` with ``switch(True)`` (as
    it is on entry) and with ``switch(False)``; switched back on after."""
    pages = _pages()
    on = [(_both(html), _both_pruned(html)) for html in pages]
    try:
        assert not switch(False)
        off = [(_both(html), _both_pruned(html)) for html in pages]
    finally:
        switch(True)
    return on, off


@needs_native
def test_own_nodes_give_the_trees_of_libxml2s_constructors():
    from maintext.html import _lexbor

    assert _lexbor.own_nodes(True)  # the libxml2 in use is the one the module was compiled for
    own, constructed = trees_switched(_lexbor.own_nodes)
    assert constructed == own
    for (c, py), (c_pruned, py_pruned) in own:
        assert c == py and c_pruned == py_pruned


@needs_native
def test_own_nodes_are_changed_copied_serialised_and_freed_as_others():
    from maintext.html import _lexbor

    html = "".join(f"<p title='{t}' class=c>{t}<b class='{t}' id=i>{t}</b>{t}</p>" for t in SHORT_TEXTS + ["y" * 50])
    out = []
    for own in (True, False):
        _lexbor.own_nodes(own)
        try:
            root = _build(html, 1000, True)
        finally:
            _lexbor.own_nodes(True)
        twin = copy.deepcopy(root)
        for el in root.iter("p", "b"):
            el.set("title", (el.get("title") or "") + "*")
            el.set("new", "v")
            del el.attrib["class"]
            el.text = (el.text or "") + "+"
        for b in list(root.iter("b")):
            b.drop_tag()
        out.append((etree.tostring(root, encoding="unicode"), etree.tostring(twin, encoding="unicode"),
                    etree.tostring(root, method="c14n")))
        del root, twin  # freed by libxml2 (xmlFreeDoc)
    assert out[0] == out[1]


@needs_native
def test_texts_and_values_are_cleaned_at_every_offset():
    """The C builder's cleaning test reads 8 bytes at a time: a character lxml refuses (or a
    line break, tab, or CJK punctuation sharing their first byte) at any offset of a text or
    attribute value, near word edges, is cleaned as the Python builder cleans it."""
    rng = random.Random(8)
    specials = ["\x01", "\x0c", "\x1f", "\t", "\n", "\r", "\ufffe", "\uffff", "\uff0c", "\ufeff", "\u4e2d", "e"]
    for _ in range(300):
        text = "".join(rng.choice(["a", "b", " "]) for _ in range(rng.randint(0, 40)))
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            chars.insert(rng.randint(0, len(chars)), rng.choice(specials))
        text = "".join(chars).replace("<", "").replace("&", "")
        value = text.replace("'", "")
        html = f"<p title='{value}'>{text}<b>{text[::-1]}</b>{text}</p>"
        c, py = _both(html)
        assert c == py, repr(html)
        c, py = _both_pruned(html)
        assert c == py, repr(html)
