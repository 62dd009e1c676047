"""The C tree builder cuts its nodes from chunks (maintext/html/_arena.pxi) and libxml2 frees
them through maintext's xmlFree: the same trees as with libxml2's allocator, nodes that live
on wherever lxml moves them, chunks given back once nothing cut from them is left, and
every other libxml2 block freed as before (threads included). Lexbor's freed blocks are kept
for the next page (maintext/html/_stash.pxi): the same trees with and without, a big page's
blocks taken back by the next big page (nothing kept grows page after page), the warm budget,
selectolax's own parsers and threads unaffected."""

from __future__ import annotations

import copy
import gc
import os

import pytest
from lxml import etree

from maintext.html import html5

from .test_html5 import _build, _dump
from .test_lexbor_nodes import page_of_boxes as _page, side_by_side, trees_switched

needs_native = pytest.mark.skipif(not html5.NATIVE_AVAILABLE, reason="C tree builder not built")


@pytest.fixture
def lexbor():
    from maintext.html import _lexbor

    assert _lexbor.own_nodes(True) and _lexbor.arena(True)  # found and installed here
    _lexbor.keep_chunks(0)  # the library's budget (a test before may have run a worker's setup)
    yield _lexbor
    _lexbor.arena(True)
    _lexbor.stash(True)
    _lexbor.keep_chunks(0)


@pytest.fixture
def stashing(lexbor):
    if not lexbor.stash(True):
        pytest.skip("lexbor's allocator cannot be wrapped here (no lexbor_memory_setup, or not glibc)")
    return lexbor


@needs_native
@pytest.mark.parametrize("switch", ["arena", "stash"])
def test_node_chunks_and_kept_blocks_give_the_trees_of_the_allocators(lexbor, switch):
    # arena: nodes cut from chunks or from libxml2's allocator; stash: lexbor's freed
    # blocks kept for the next page or freed at once
    if switch == "stash" and not lexbor.stash(True):
        pytest.skip("lexbor's allocator cannot be wrapped here")
    on, off = trees_switched(getattr(lexbor, switch))
    assert off == on


@needs_native
def test_a_built_tree_is_cut_from_chunks(lexbor):
    root = _build(_page(50), 1000, True)
    *_, owned, live = lexbor.arena_state(root.find("body"))
    assert owned and 0 < live
    assert not lexbor.arena_state(root)[-2]  # <html> itself: made by lxml's parser
    lexbor.arena(False)
    assert not lexbor.arena_state(_build(_page(5), 1000, True).find("body"))[-2]


@needs_native
def test_a_node_moved_to_another_document_outlives_its_first_document(lexbor):
    root = _build(_page(200), 1000, True)
    moved = root.find("body")[100]  # a <div> of the built tree, in a chunk
    assert lexbor.arena_state(moved)[-2]
    other = etree.fromstring("<root/>")
    other.append(moved)  # lxml moves the node itself into the other document
    del root
    gc.collect()
    for _ in range(30):  # the first document's blocks are freed, more pages reuse chunks
        _build(_page(300), 1000, True)
    assert lexbor.arena_state(moved)[-1] > 0  # its chunk still counts it
    moved.set("title", "changed")
    moved[0].text = "new text " * 50
    assert etree.tostring(other, encoding="unicode").startswith('<root><div class="c100" title="changed"><p')
    del moved, other
    gc.collect()


@needs_native
def test_a_node_kept_by_a_proxy_outlives_its_tree(lexbor):
    root = _build(_page(100), 1000, True)
    p = root.find("body")[50][0]
    p.getparent().remove(p)  # unlinked, still alive through its proxy
    del root
    gc.collect()
    for _ in range(10):
        _build(_page(300), 1000, True)
    assert p.text == "text 50 " and p[0].get("href") == "/50"
    assert etree.tostring(copy.deepcopy(p), encoding="unicode").startswith('<p title="t50">')


@needs_native
def test_chunks_are_given_back_and_kept_for_later_pages(lexbor):
    for _ in range(5):
        _build(_page(2000), 1000, True)  # freed at once: their chunks are free again
    gc.collect()
    kept, cold, mapped, most, *_ = lexbor.arena_state()
    assert 0 < kept <= most and kept + cold < mapped
    root = _build(_page(2000), 1000, True)  # the kept chunks serve the next page
    assert lexbor.arena_state()[0] < kept and lexbor.arena_state()[2] == mapped
    del root


def _resident_mb() -> float:
    """Resident memory less what the system may take back at will (MADV_FREE: LazyFree)."""
    with open("/proc/self/statm") as f:
        resident = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    lazy = 0.0
    if os.path.exists("/proc/self/smaps_rollup"):
        with open("/proc/self/smaps_rollup") as f:
            lazy = sum(int(line.split()[1]) for line in f if line.startswith("LazyFree:")) / 1024
    return resident - lazy


@needs_native
@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads Linux's /proc")
def test_the_pages_of_a_big_trees_chunks_go_back_to_the_system(lexbor):
    root = _build(_page(30000), 1000, True)  # more chunks than are kept
    mapped = lexbor.arena_state()[2]
    with_tree = _resident_mb()
    del root
    gc.collect()
    kept, cold, _, most, *_ = lexbor.arena_state()
    assert kept == most and cold > 0
    assert _resident_mb() < with_tree - (mapped - most - 16) * 64 / 1024 * 0.8  # (16: one slab spare)
    _build(_page(30000), 1000, True)  # the next big page takes the same chunks: none mapped
    assert lexbor.arena_state()[2] == mapped


@needs_native
def test_a_workers_budget_keeps_a_big_trees_chunks_warm(lexbor):
    from maintext import heap

    _build(_page(30000), 1000, True)  # its chunks mapped (kept or cold after it)
    heap._keep_node_chunks(64)  # what heap.keep_freed_memory does in a worker
    assert lexbor.arena_state()[3] == 64 * 16
    root = _build(_page(30000), 1000, True)
    used = lexbor.arena_state()[2] - lexbor.arena_state()[0] - lexbor.arena_state()[1]
    del root
    gc.collect()
    kept, cold, *_ = lexbor.arena_state()
    assert kept >= used - 1 > 32  # all kept warm for the next big page
    lexbor.keep_chunks(0)  # back to the library's 2 MiB: the rest go back to the system now
    assert lexbor.arena_state()[0] == 32 and lexbor.arena_state()[1] == cold + kept - 32


@needs_native
def test_other_libxml2_blocks_are_freed_as_before(lexbor):
    for _ in range(200):
        doc = etree.fromstring("<r>" + "<e a='1'>t</e>" * 50 + "</r>")
        doc.set("x", "y" * 100)
        copy.deepcopy(doc)
        etree.tostring(doc)
    root = _build(_page(20), 1000, True)
    twin = copy.deepcopy(root)  # copies come from libxml2's allocator
    assert not lexbor.arena_state(twin.find("body"))[-2] and lexbor.arena_state(root.find("body"))[-2]


@needs_native
def test_threads_build_and_free_trees_side_by_side(lexbor):
    want = etree.tostring(_build(_page(60), 1000, True))

    def work():
        trees = []
        for i in range(40):
            trees.append(_build(_page(60), 1000, True))
            if i % 3 == 0:
                trees.pop(0)
            etree.fromstring("<r><e>lxml's own</e></r>")
        return ["differs"] if any(etree.tostring(t) != want for t in trees) else []

    assert side_by_side(work) == []


# ---- lexbor's freed blocks kept for the next page (maintext/html/_stash.pxi)

MB = 1 << 20


@needs_native
def test_long_tokens_and_texts_grow_lexbors_buffers_alike(stashing):
    # one text node of 1 MB and a 300 KB attribute value: lexbor's buffers grow (realloc)
    # past the kept blocks' sizes, then take them back on the next page
    html = f"<p title='{'v' * 300_000}'>{'word ' * 200_000}</p><div>{'&amp;x' * 50_000}</div>"
    first = _dump(_build(html, 1000, True))
    again = _dump(_build(html, 1000, True))
    stashing.stash(False)
    assert _dump(_build(html, 1000, True)) == first == again


@needs_native
def test_a_big_page_takes_back_the_blocks_the_last_big_page_left(stashing):
    html = _page(20_000)  # ~2 MB: lexbor takes ~15 MB in blocks of ~34 KB
    _build(html, 1000, True)
    after_one = stashing.stash_state()
    assert after_one["total"] > 4 * MB  # kept (all but the last 8 MB freed), beyond the warm budget
    assert after_one["warm"] <= after_one["keep"] == 2 * MB
    for _ in range(3):
        _build(html, 1000, True)
        state = stashing.stash_state()
        # every block the page asked for came back from those kept: none more is kept
        assert state["takes"] - after_one["takes"] >= after_one["blocks"] - 16
        assert state["blocks"] == after_one["blocks"] and state["total"] == after_one["total"]
        after_one = state


@needs_native
def test_the_warm_budget_follows_a_workers_and_goes_back(stashing):
    html = _page(20_000)
    stashing.keep_chunks(64)
    _build(html, 1000, True)
    state = stashing.stash_state()
    assert state["keep"] == 64 * MB and 4 * MB < state["warm"] <= 64 * MB
    stashing.keep_chunks(4)  # a small worker's budget: at most that kept, warm or not
    state = stashing.stash_state()
    assert state["keep"] == state["most"] == 4 * MB and state["warm"] <= state["total"] <= 4 * MB
    _build(html, 1000, True)
    assert stashing.stash_state()["total"] <= 4 * MB
    stashing.keep_chunks(0)  # the library's: 2 MiB warm, beyond given back, up to LS_MAX kept
    state = stashing.stash_state()
    assert state["keep"] == 2 * MB and state["warm"] <= 2 * MB and state["most"] == 256 * MB
    _build(html, 1000, True)
    assert stashing.stash_state()["total"] > 4 * MB
    stashing.stash(False)  # and switching off frees every kept block
    assert stashing.stash_state()["blocks"] == 0 and stashing.stash_state()["total"] == 0


@needs_native
def test_selectolax_parsers_made_before_and_after_are_freed_as_before(stashing):
    from selectolax.lexbor import LexborHTMLParser

    html = _page(3_000)
    stashing.stash(False)
    before = [LexborHTMLParser(html) for _ in range(3)]  # blocks from glibc, freed through the stash
    stashing.stash(True)
    after = [LexborHTMLParser(html) for _ in range(3)]
    texts = {p.css_first("div p").text() for p in before + after}
    assert texts == {"text 0 a0"}
    del before, after
    assert LexborHTMLParser(html).css("a")[-1].attributes["href"] == "/2999"


@needs_native
def test_threads_build_trees_and_parse_with_selectolax_side_by_side(stashing):
    from selectolax.lexbor import LexborHTMLParser

    html = _page(2_000)
    want = etree.tostring(_build(html, 1000, True))

    def work():
        found = []
        for _ in range(8):
            if etree.tostring(_build(html, 1000, True)) != want:
                found.append("differs")
            if len(LexborHTMLParser(html).css("p")) != 2_000:
                found.append("selectolax differs")
        return found

    assert side_by_side(work) == []


@needs_native
@pytest.mark.parametrize("size", [16 << 10, 34_000, 300_000])
def test_a_kept_block_comes_back_zeroed_from_calloc(stashing, size):
    assert stashing.stash_roundtrip(size) == (True, True)
    assert stashing.stash_roundtrip(1000)[1]  # a small block: glibc's calloc
