"""The C tree builder cuts its nodes from chunks (maintext/html/_arena.pxi) and libxml2 frees
them through maintext's xmlFree: the same trees as with libxml2's allocator, nodes that live
on wherever lxml moves them, chunks given back once nothing cut from them is left, and
every other libxml2 block freed as before (threads included)."""

from __future__ import annotations

import copy
import gc
import os
import threading

import pytest
from lxml import etree

from maintext.html import html5

from .test_html5 import _build
from .test_lexbor_nodes import trees_switched

needs_native = pytest.mark.skipif(not html5.NATIVE_AVAILABLE, reason="C tree builder not built")


@pytest.fixture
def lexbor():
    from maintext.html import _lexbor

    assert _lexbor.own_nodes(True) and _lexbor.arena(True)  # found and installed here
    _lexbor.keep_chunks(0)  # the library's budget (a test before may have run a worker's setup)
    yield _lexbor
    _lexbor.arena(True)
    _lexbor.keep_chunks(0)


def _page(n: int) -> str:
    return "".join(f"<div class='c{i}'><p title='t{i}'>text {i} {'x' * (i % 50)}<a href='/{i}'>a{i}</a></p></div>"
                   for i in range(n))


@needs_native
def test_nodes_from_chunks_give_the_trees_of_libxml2s_allocator(lexbor):
    chunks, allocated = trees_switched(lexbor.arena)
    assert allocated == chunks


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
    errors = []

    def work():
        try:
            trees = []
            for i in range(40):
                trees.append(_build(_page(60), 1000, True))
                if i % 3 == 0:
                    trees.pop(0)
                etree.fromstring("<r><e>lxml's own</e></r>")
            if any(etree.tostring(t) != want for t in trees):
                errors.append("differs")
        except Exception as e:  # pragma: no cover - reported below
            errors.append(repr(e))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
