"""The C builder stores every text of the nodes it makes itself in the node's own block
(from the properties field on; a longer text in a longer block): texts and attribute values
of every length around the node's end read, change, merge, copy, serialise and free as
those made by libxml2's constructors."""

from __future__ import annotations

import copy
import gc
import random

import pytest
from lxml import etree

from maintext.html import html5

from .test_html5 import _build

needs_native = pytest.mark.skipif(not html5.NATIVE_AVAILABLE, reason="C tree builder not built")

# lengths in bytes around 16 (libxml2's own inline room), 32 (the node's end) and beyond
LENGTHS = [0, 1, 15, 16, 17, 30, 31, 32, 33, 39, 40, 41, 47, 48, 63, 64, 65, 100, 127, 128, 129, 1000, 5000]


def _texts() -> list[str]:
    rng = random.Random(12)
    out = []
    for n in LENGTHS:
        out.append("x" * n)
        out.append("".join(rng.choice("ab \u00e9\u4e2d") for _ in range(n // 2)))
    return out


def _exercise(html: str) -> tuple[str, ...]:
    root = _build(html, 1000, True)
    texts = [t for t in root.itertext()]
    values = [v for el in root.iter() for v in el.attrib.values()]
    twin = copy.deepcopy(root)
    for el in root.iter("p", "b", "i"):
        el.set("title", (el.get("title") or "") + "*")
        el.text = (el.text or "") + "+"
        if el.tail:
            el.tail = el.tail[::-1]
    for b in list(root.iter("b")):
        b.drop_tag()  # merges the texts around it
    etree.strip_tags(root, "i")
    for p in list(root.iter("p"))[::3]:
        p.drop_tree()
    out = ("\x00".join(texts), "\x00".join(values), etree.tostring(root, encoding="unicode"),
           etree.tostring(twin, encoding="unicode"), etree.tostring(twin, method="c14n").decode(),
           "".join(root.xpath("//text()")), str(len(twin.xpath("//p[@title]"))))
    del root, twin
    gc.collect()  # freed by libxml2 (xmlFreeDoc)
    return out


def _page(texts: list[str]) -> str:
    return "".join(f"<p title='{t}' class='{t[::-1]}'>{t}<b id='{t}'>{t}</b>{t}<i>{t}</i> {t}</p>{t}"
                   for t in texts)


@needs_native
def test_texts_of_every_length_are_those_of_libxml2s_constructors():
    from maintext.html import _lexbor

    html = _page(_texts())
    assert _lexbor.own_nodes(True)
    own = _exercise(html)
    try:
        assert not _lexbor.own_nodes(False)
        assert _exercise(html) == own
    finally:
        _lexbor.own_nodes(True)
    assert all(t in own[0] for t in _texts())


@needs_native
def test_random_texts_survive_many_builds_and_frees():
    """Many trees built and freed in turn (the allocator reuses the longer blocks)."""
    rng = random.Random(3)
    for _ in range(40):
        texts = ["".join(rng.choice("xy\u00e9 ") for _ in range(rng.choice(LENGTHS))) for _ in range(30)]
        html = _page(texts)
        root = _build(html, 1000, True)
        got = [p.get("title") for p in root.iter("p")]
        assert got == texts
        assert [b.text for b in root.iter("b")] == [t or None for t in texts]
