"""``auto.mark_main_links``' loop in C (``_walk.main_links``, on the elements or, after a walk
without elements, on the recorded nodes) sets the same ``in_main`` as its Python twin
``auto._main_links``: on the full record of real pages, and on random inputs."""

from __future__ import annotations

import importlib
import random
from types import SimpleNamespace

import pytest

import maintext
from maintext.html import walk as _walk
from maintext.result import Link
from tests.conftest import spread_pages

auto = importlib.import_module("maintext.methods.auto")
needs_native = pytest.mark.skipif(not _walk.ENABLED, reason="native code not built")


_MAIN_LINKS = _walk.native.main_links if _walk.ENABLED else None  # (test_real_pages wraps the module's)


def _C(kept, anchors, pairs):
    return _MAIN_LINKS(kept, anchors, pairs)


def _at(kept, anchors, nodes, pairs):
    return _MAIN_LINKS(kept, anchors, pairs, nodes)


def _both(kept, anchors, pairs) -> None:
    """Run the C loop, then the Python one on copies of the links; they must agree."""
    before = [link.in_main for _, link in pairs]
    copies = [(el, Link(link.url, link.text, link.in_main)) for el, link in pairs]
    handled = _C(kept, anchors, pairs)
    if handled:
        auto._main_links(kept, anchors, copies)
        assert [link.in_main for _, link in pairs] == [link.in_main for _, link in copies]
    else:  # nothing set: the Python loop decides
        assert [link.in_main for _, link in pairs] == before


@needs_native
def test_real_pages(monkeypatch) -> None:
    calls = []
    native = _walk.native

    def checked(kept, anchors, pairs, nodes=None):
        """main_links against the Python loop (given the elements of the recorded nodes)."""
        calls.append(len(pairs))
        if nodes is None:
            _both(kept, anchors, pairs)
            return True
        root = seen_roots[-1]
        elements = [native.element_at(root, nodes, i) for i in range(len(anchors))]
        copies = [(el, Link(link.url, link.text, link.in_main)) for el, link in pairs]
        assert _at(kept, anchors, nodes, pairs)
        auto._main_links(kept, anchors, copies, elements)
        assert [link.in_main for _, link in pairs] == [link.in_main for _, link in copies]
        return True

    seen_roots = []
    segment = auto.segment_cleaned

    def segment_kept(root, *args, **kwargs):
        seen_roots.append(root)
        return segment(root, *args, **kwargs)

    monkeypatch.setattr(native, "main_links", checked)
    monkeypatch.setattr(auto, "segment_cleaned", segment_kept)
    pages = spread_pages(("aeb", "gne-cn", "dragnet", "cleaneval-dev", "readability-dev"), 12)
    for data, url in pages:
        maintext.extract(data, url=url, fields=("text", "metadata", "links"))
    seen = len(pages)
    if not seen:
        pytest.skip("no shared dataset")
    assert len(calls) > seen // 2 and sum(calls) > 0


@needs_native
@pytest.mark.parametrize("seed", range(5))
def test_random_inputs(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        n = rng.randint(0, 40)
        kept = [SimpleNamespace(index=i) for i in sorted(rng.sample(range(n), rng.randint(0, n)))]
        elements = [object() for _ in range(rng.randint(0, 30))]
        anchors = [(rng.randint(0, n + 5), rng.choice(elements)) for _ in range(rng.randint(0, 30))] if elements else []
        pairs = [(rng.choice(elements) if elements and rng.random() < 0.8 else object(),
                  Link(f"https://e.org/{k}", "x", rng.random() < 0.5)) for k in range(rng.randint(0, 30))]
        _both(kept, anchors, pairs)


@needs_native
def test_odd_indexes_left_to_python() -> None:
    pair = (object(), Link("https://e.org/", "x", True))
    assert _C([SimpleNamespace(index=-1)], [], [pair]) is False
    assert _C([SimpleNamespace(index=1.0)], [], [pair]) is False
    assert _C([], [(-2, pair[0])], [pair]) is False
    assert pair[1].in_main is True  # nothing set


@needs_native
def test_links_of_another_class_set_as_attributes() -> None:
    el = object()
    links = [SimpleNamespace(in_main=None), Link("https://e.org/", "x"), SimpleNamespace(in_main=True)]
    assert _C([SimpleNamespace(index=0)], [(0, el)], [(el, links[0]), (el, links[1]), (object(), links[2])])
    assert [link.in_main for link in links] == [True, True, False]


@needs_native
def test_main_links_on_nodes_refuses_what_it_cannot_read() -> None:
    """Nodes not one per anchor, odd indexes: nothing set (the Python loop decides); an object
    that is not lxml's element is none of the anchors', as in the Python loop."""
    from maintext.html.document import parse_html
    root = parse_html("<p><a href='/x'>x</a></p>")
    a = root.find(".//a")
    pair = (a, Link("https://e.org/", "x", True))
    assert _at([SimpleNamespace(index=0)], [(0, None)], b"", [pair]) is False
    assert _at([SimpleNamespace(index=-1)], [(0, None)], bytes(8), [pair]) is False
    assert pair[1].in_main is True
    other = Link("https://e.org/", "x", True)
    assert _at([SimpleNamespace(index=0)], [(0, None)], bytes(8), [(object(), other)])
    assert other.in_main is False
