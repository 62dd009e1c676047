"""Lexbor's freed blocks are kept for the next page (maintext/html/_stash.pxi): the same trees
with and without, a big page's blocks taken back by the next big page (nothing kept grows
page after page), the warm budget, selectolax's own parsers and threads unaffected."""

from __future__ import annotations

import threading

import pytest
from lxml import etree

from maintext.html import html5

from .test_html5 import _build, _dump
from .test_lexbor_nodes import trees_switched

needs_native = pytest.mark.skipif(not html5.NATIVE_AVAILABLE, reason="C tree builder not built")
MB = 1 << 20


@pytest.fixture
def lexbor():
    from maintext.html import _lexbor

    if not _lexbor.stash(True):
        pytest.skip("lexbor's allocator cannot be wrapped here (no lexbor_memory_setup, or not glibc)")
    _lexbor.keep_chunks(0)  # the library's budget (a test before may have run a worker's setup)
    yield _lexbor
    _lexbor.stash(True)
    _lexbor.keep_chunks(0)


def _big_page(paragraphs: int) -> str:
    return "<html><body>" + "".join(f"<div class='c{i % 7}'><p title='t{i}'>paragraph {i} of a long page "
                                    f"<a href='/{i}'>link {i}</a></p></div>" for i in range(paragraphs)) + "</body></html>"


@needs_native
def test_kept_blocks_give_the_trees_of_lexbors_own_allocation(lexbor):
    kept, freed = trees_switched(lexbor.stash)
    assert freed == kept


@needs_native
def test_long_tokens_and_texts_grow_lexbors_buffers_alike(lexbor):
    # one text node of 1 MB and a 300 KB attribute value: lexbor's buffers grow (realloc)
    # past the kept blocks' sizes, then take them back on the next page
    html = f"<p title='{'v' * 300_000}'>{'word ' * 200_000}</p><div>{'&amp;x' * 50_000}</div>"
    first = _dump(_build(html, 1000, True))
    again = _dump(_build(html, 1000, True))
    lexbor.stash(False)
    assert _dump(_build(html, 1000, True)) == first == again


@needs_native
def test_a_big_page_takes_back_the_blocks_the_last_big_page_left(lexbor):
    html = _big_page(20_000)  # ~2 MB: lexbor takes ~15 MB in blocks of ~34 KB
    _build(html, 1000, True)
    after_one = lexbor.stash_state()
    assert after_one["total"] > 8 * MB  # kept, beyond the warm budget
    assert after_one["warm"] <= after_one["keep"] == 2 * MB
    for _ in range(3):
        _build(html, 1000, True)
        state = lexbor.stash_state()
        # every block the page asked for came back from those kept: none more is kept
        assert state["takes"] - after_one["takes"] >= after_one["blocks"] - 16
        assert state["blocks"] == after_one["blocks"] and state["total"] == after_one["total"]
        after_one = state


@needs_native
def test_the_warm_budget_follows_a_workers_and_goes_back(lexbor):
    html = _big_page(20_000)
    lexbor.keep_chunks(64)
    _build(html, 1000, True)
    state = lexbor.stash_state()
    assert state["keep"] == 64 * MB and 8 * MB < state["warm"] <= 64 * MB
    lexbor.keep_chunks(4)  # a small worker's budget: at most that kept, warm or not
    state = lexbor.stash_state()
    assert state["keep"] == state["most"] == 4 * MB and state["warm"] <= state["total"] <= 4 * MB
    _build(html, 1000, True)
    assert lexbor.stash_state()["total"] <= 4 * MB
    lexbor.keep_chunks(0)  # the library's: 2 MiB warm, beyond given back, up to LS_MAX kept
    state = lexbor.stash_state()
    assert state["keep"] == 2 * MB and state["warm"] <= 2 * MB and state["most"] == 256 * MB
    _build(html, 1000, True)
    assert lexbor.stash_state()["total"] > 8 * MB
    lexbor.stash(False)  # and switching off frees every kept block
    assert lexbor.stash_state()["blocks"] == 0 and lexbor.stash_state()["total"] == 0


@needs_native
def test_selectolax_parsers_made_before_and_after_are_freed_as_before(lexbor):
    from selectolax.lexbor import LexborHTMLParser

    html = _big_page(3_000)
    lexbor.stash(False)
    before = [LexborHTMLParser(html) for _ in range(3)]  # blocks from glibc, freed through the stash
    lexbor.stash(True)
    after = [LexborHTMLParser(html) for _ in range(3)]
    texts = {p.css_first("div p").text() for p in before + after}
    assert texts == {"paragraph 0 of a long page link 0"}
    del before, after
    assert LexborHTMLParser(html).css("a")[-1].attributes["href"] == "/2999"


@needs_native
def test_threads_build_trees_and_parse_with_selectolax_side_by_side(lexbor):
    from selectolax.lexbor import LexborHTMLParser

    html = _big_page(2_000)
    want = etree.tostring(_build(html, 1000, True))
    errors = []

    def work():
        try:
            for _ in range(8):
                if etree.tostring(_build(html, 1000, True)) != want:
                    errors.append("differs")
                if len(LexborHTMLParser(html).css("p")) != 2_000:
                    errors.append("selectolax differs")
        except Exception as e:  # pragma: no cover - reported below
            errors.append(repr(e))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


@needs_native
@pytest.mark.parametrize("size", [16 << 10, 34_000, 300_000])
def test_a_kept_block_comes_back_zeroed_from_calloc(lexbor, size):
    assert lexbor.stash_roundtrip(size) == (True, True)
    assert lexbor.stash_roundtrip(1000)[1]  # a small block: glibc's calloc
