"""The load's count of "<" (``Loaded.lt_count``, from the attribute cap's scan) handed to
the parse (``Document.lt_count``): it is ``utf8.count(b"<")``, and the parse given it
reads the same bytes and takes the same decision as the parse that counts."""

from __future__ import annotations

import gzip
import random

import pytest
from lxml import etree

from maintext.errors import MaintextError
from maintext.html import document, walk
from maintext.html.document import Document
from maintext.io.loading import load

from ..conftest import dataset_dir, read_gold


def _pages(name: str, count: int) -> list[bytes]:
    return [gzip.open(dataset_dir(name) / row["file"]).read() for row in read_gold(name)[:count]]


_PIECES = ["<p>", "</p>", "<div class='a<b'>", "a < b", "<script>x<y</script>", "<style>p{}</style>",
           "中文", "<!-- < -->", "<a href=x>t</a>", "text"]


def _random_page(rng: random.Random, markers: bool = False) -> bytes:
    pieces = _PIECES + (["\x01", "\x03<i>", "\x00"] if markers else [])
    return "".join(rng.choice(pieces) for _ in range(rng.randint(1, 60))).encode("utf-8")


@pytest.mark.skipif(walk.native_scan() is None, reason="the C scans are not built or are turned off")
def test_loaded_count_is_the_count_of_lt():
    rng = random.Random(7)
    pages = _pages("gne-cn", 20) + _pages("aeb", 20) + [_random_page(rng) for _ in range(300)]
    counted = 0
    for data in pages:
        loaded = load(data)
        if loaded.lt_count >= 0:
            counted += 1
            assert loaded.utf8 is data and loaded.lt_count == data.count(b"<")
        doc = Document.from_loaded(loaded)
        assert doc.lt_count == loaded.lt_count
    assert counted > 30


def test_page_bytes_same_with_the_count():
    rng = random.Random(8)
    pages = _pages("dragnet", 20) + [_random_page(rng, markers=True) for _ in range(300)]
    for data in pages:
        expected = document._page_bytes(None, data)
        lt = data.count(b"<")
        got = document._page_bytes(None, data, lt)
        assert got[0] == expected[0]
        assert (got[1] > document._DEEP_SCAN_TAGS) == (expected[1] > document._DEEP_SCAN_TAGS)


def test_new_text_forgets_the_count():
    data = b"<p>a</p>"
    doc = Document(None, utf8=data, lt_count=1)
    doc.html = "<p>b</p>"
    assert doc.lt_count == -1 and Document("<p>x</p>", lt_count=3).lt_count == -1


def _deep_page(depth: int) -> bytes:
    return ("<html><body>" + "<div>" * depth + "deep text" + "</div>" * depth + "</body></html>").encode()


def _script_heavy_page(scripts: int) -> bytes:  # many "<" inside script bodies, few outside
    return ("<html><body><p>kept</p>" + "<script>if (a<b) x();</script>" * scripts + "</body></html>").encode()


@pytest.mark.parametrize("data", [
    _deep_page(document._DEEP_SCAN_TAGS),  # over the bound: the tags nested too deep are removed
    _deep_page(document._DEEP_SCAN_TAGS // 2 - 3),  # just under it
    _script_heavy_page(document._DEEP_SCAN_TAGS // 2 - 10),  # over it before the bodies are emptied only
], ids=["deep", "under-bound", "scripts"])
def test_the_count_changes_no_tree_near_the_bound(data):
    """The count (or none) gives the same parse on pages around _DEEP_SCAN_TAGS."""
    lt = data.count(b"<")
    with_count = document.parse_html(None, utf8=data, lt_count=lt)
    without = document.parse_html(None, utf8=data)
    assert etree.tostring(with_count) == etree.tostring(without)


@pytest.mark.parametrize("data", [b"", b"   ", "<p>caf\xe9</p>".encode("latin-1"), b"\xff\xfe<\x00p\x00>\x00"])
def test_no_count_where_the_bytes_are_not_the_page(data):
    """Empty, blank, Latin-1 and UTF-16 pages: refused, or loaded with no count (-1) or one
    that is the count of their UTF-8 bytes."""
    try:
        loaded = load(data)
    except MaintextError:
        return
    assert loaded.lt_count == -1 or (loaded.utf8 is not None and loaded.lt_count == loaded.utf8.count(b"<"))
