"""``_nodes.strip_elements_hiding`` and ``_nodes.strip_tags`` (cleaning's stripping passes in C)
against lxml's ``strip_elements(root, *names, with_tail=False)`` + ``_scan.hiding_attributes``
and ``strip_tags(root, *names)``: the same nodes after, text node by text node (no text merged
where lxml merges none), on random trees with tails, nested matches, comments, entities and
processing instructions, with element proxies held inside what is removed (left alive and
unchanged, as lxml leaves them), on namespaced trees (left to lxml), and on real pages."""

from __future__ import annotations

import copy
import random

import lxml.etree as etree
import lxml.html
import pytest

from maintext.html import clean, document, walk
from tests.conftest import spread_pages

pytestmark = pytest.mark.skipif(walk.scan is None or not getattr(walk.nodes, "STRIP_BOUND", False),
                                reason="native scans not built")

_DROP = clean.DROP_TAGS
_UNWRAP = clean.UNWRAP_TAGS
_TAGS = ["div", "p", "a", "b", "li", "script", "nav", "head", "span", "font", "svg", "input",
         "SPAN", "Script", "x-span", "spanx", "time", "meta", "noscript", "i"]
_TEXTS = [None, "", "t", " x ", "\u00e9t\u00e9", "a\nb"]
_NODE = etree.XPath("node()")
_VALUES = ["display:none", "DISPLAY: NoNe", "visibility:hidden", "color:red", "HIDDEN", "n one", "\u00f1one",
           "true", " TRUE ", "\t\r\ntrue ", "truE\t", "tru", "true1", "tr\u00fce", "\u00a0true", "", "x"]


def _random_tree(rng: random.Random, size: int) -> etree._Element:
    """A tree of ``size`` nodes: random tags (some to drop, some to unwrap, some with hiding
    attributes), texts and tails, comments, entity references and PIs anywhere."""
    root = etree.Element("html")
    elements = [root]
    for _ in range(size):
        parent = rng.choice(elements)
        kind = rng.random()
        if kind < 0.08:
            node = etree.Comment(rng.choice(["c", "span"]))
        elif kind < 0.12:
            node = etree.Entity(rng.choice(["amp", "nbsp", "x"]))
        elif kind < 0.14:
            node = etree.ProcessingInstruction("pi", "x")
        else:
            node = etree.Element(rng.choice(_TAGS))
            if rng.random() < 0.2:
                node.set(rng.choice(["style", "hidden", "aria-hidden", "class"]), rng.choice(_VALUES))
            node.text = rng.choice(_TEXTS)
            elements.append(node)
        node.tail = rng.choice(_TEXTS)
        parent.insert(rng.randint(0, len(parent)), node)
    return root


def _dump(el) -> list:
    """Every node under ``el``, text nodes one by one (XPath ``node()`` gives each apart)."""
    out = []
    for node in _NODE(el):
        if isinstance(node, str):
            out.append(("text", str(node)))
        elif isinstance(node.tag, str):
            out.append((node.tag, sorted(node.attrib.items()), _dump(node)))
        else:
            out.append((str(node.tag), node.text))
    return out


def _state(node) -> tuple:
    """A node as a held proxy reads it: tag, text, tail, attributes, the nodes under it."""
    if not isinstance(node.tag, str):
        return str(node.tag), node.text, node.tail
    return node.tag, node.text, node.tail, sorted(node.attrib.items()), _dump(node)


def _path(root: etree._Element, el: etree._Element) -> tuple[int, ...]:
    """Where ``el`` is under ``root``: the child positions from it up."""
    steps = []
    while el is not root:
        parent = el.getparent()
        steps.append(parent.index(el))
        el = parent
    return tuple(steps)


def _hiding(root, found) -> list:
    return [(_path(root, el), name, value) for el, name, value in found]


def _may_hide(found) -> list:
    """The entries of ``hiding_attributes`` clean_tree's loop does not pass over at its first
    test for sure (of a non-ASCII value, the C lists leave that test to the loop)."""
    return [(el, name, value) for el, name, value in found
            if name == "hidden" or not value.isascii()
            or (clean.may_hide(value) if name == "style" else value.strip().lower() == "true")]


def _held(root: etree._Element, rng: random.Random, share: float) -> list[int]:
    """Positions (in ``root.iter()``) of the nodes whose proxies a test keeps."""
    return [i for i in range(len(list(root.iter()))) if rng.random() < share]


def _check(root: etree._Element, rng: random.Random, share: float, drop=_DROP, unwrap=_UNWRAP) -> None:
    """Strip a copy with lxml and ``root`` with the C twins, holding the proxies of the same
    nodes in both; the trees, the hiding attributes and the held nodes must agree."""
    want = copy.deepcopy(root)
    positions = _held(root, rng, share)
    got_nodes = list(root.iter())
    want_nodes = list(want.iter())
    held_got = [got_nodes[i] for i in positions]
    held_want = [want_nodes[i] for i in positions]
    del got_nodes, want_nodes
    found = walk.nodes.strip_elements_hiding(root, tuple(drop))
    etree.strip_elements(want, *drop, with_tail=False)
    assert found is not None
    found, texts = found
    assert texts is None or texts == walk.scan.text_runs(want)[0]
    assert _hiding(root, found) == _hiding(want, _may_hide(walk.scan.hiding_attributes(want)))
    assert _dump(root) == _dump(want)
    del found
    assert walk.nodes.strip_tags(root, tuple(unwrap)) is True
    etree.strip_tags(want, *unwrap)
    assert _dump(root) == _dump(want)
    for got_el, want_el in zip(held_got, held_want):  # (alive, and as lxml left them)
        assert (got_el.getparent() is None) == (want_el.getparent() is None)
        assert _state(got_el) == _state(want_el)


def test_random_trees():
    rng = random.Random(19)
    for _ in range(600):
        root = _random_tree(rng, rng.randint(0, 60))
        _check(root, rng, rng.choice([0.0, 0.1, 0.5]))


def test_random_names():
    """Other name sets: the top never matched, names the document lacks, repeated names."""
    rng = random.Random(5)
    for _ in range(200):
        root = _random_tree(rng, rng.randint(0, 40))
        drop = tuple(rng.sample(_TAGS + ["html", "nothere"], rng.randint(1, 6)))
        unwrap = tuple(rng.sample(_TAGS + ["html", "nothere"], rng.randint(1, 6)))
        _check(root, rng, 0.2, drop + drop[:1], unwrap)


def test_parsed_pages():
    """Trees of both builds (lexbor's, libxml2's HTML parser), random and real pages."""
    rng = random.Random(7)
    pages = [data for data, _ in spread_pages(("aeb", "gne-cn", "dragnet"), 15)]
    for _ in range(100):
        pages.append("".join(f"<{t}>{rng.choice(['x', '&amp;', '<!--c-->', ''])}"
                             for t in rng.choices(_TAGS + ["/span", "/div", "/nav"], k=60)).encode())
    for value in _VALUES + ["\x1ctrue\x1f", "\x85true", "true\x0b", "&#x54;rue", "none&amp;", "\x00none"]:
        for name in ("style", "aria-hidden", "hidden"):
            pages.append(f"<div><span {name}='{value}'>a</span>b<p {name}=\"{value}\">c</p></div>".encode())
    for data in pages:
        text = data.decode("utf-8", "replace")
        _check(document.parse_html(text), rng, 0.05)
        _check(lxml.html.document_fromstring(text or "<p></p>"), rng, 0.05)


def test_nested_matches_and_tails():
    root = etree.fromstring("<r>a<span>b<span>c<i>d</i>e</span>f<script>s<span>x</span></script>g"
                            "</span>h<nav>n<nav>m</nav></nav>i<head/>j</r>")
    found = walk.nodes.strip_elements_hiding(root, ("script", "nav", "head"))
    assert found == ([], 10)
    assert walk.nodes.strip_tags(root, ("span",)) is True
    assert etree.tostring(root) == b"<r>abc<i>d</i>efghij</r>"
    # the texts stay apart, as lxml leaves them (a, b, c / e, f, g, h, i, j)
    assert [s for s in _NODE(root) if isinstance(s, str)] == ["a", "b", "c", "e", "f", "g", "h", "i", "j"]


def test_held_proxy_kept_detached():
    root = etree.fromstring("<r><nav><p>x</p><b>y</b></nav>t<span>s<b>in</b></span></r>")
    p, span = root[0][0], root[1]
    walk.nodes.strip_elements_hiding(root, ("nav",))
    walk.nodes.strip_tags(root, ("span",))
    assert etree.tostring(root) == b"<r>ts<b>in</b></r>"
    assert p.getparent().tag == "nav" and p.getparent().getparent() is None
    assert span.getparent() is None and len(span) == 0 and span.text is None


def test_namespaces_left_to_lxml(monkeypatch):
    """A removed subtree with a namespace and a proxy held, or an element to unwrap declaring
    one: nothing changed, the answer tells the caller to run lxml's (clean_tree does)."""
    root = etree.fromstring('<r xmlns:s="urn:s"><nav><s:x/></nav><span xmlns:t="urn:t"><t:y/></span></r>')
    held = root[0][0]
    before = etree.tostring(root)
    assert walk.nodes.strip_elements_hiding(root, ("nav",)) is None
    assert walk.nodes.strip_tags(root, ("span",)) is False
    assert etree.tostring(root) == before
    want = copy.deepcopy(root)
    clean.clean_tree(root, True)
    with monkeypatch.context() as m:
        m.setattr(walk.nodes, "STRIP_BOUND", False)
        clean.clean_tree(want, True)
    assert etree.tostring(root) == etree.tostring(want) == b'<r xmlns:s="urn:s"><t:y xmlns:t="urn:t"/></r>'
    assert held.tag == "{urn:s}x"
    # namespaced elements are not matched by a plain name
    root = etree.fromstring('<r xmlns:s="urn:s"><s:nav>a</s:nav><nav>b</nav>c</r>')
    assert walk.nodes.strip_elements_hiding(root, ("nav",)) == ([], 2)
    assert etree.tostring(root) == b'<r xmlns:s="urn:s"><s:nav>a</s:nav>c</r>'


def _hidden_pages(rng: random.Random, count: int) -> list[bytes]:
    """Pages of nested elements to unwrap, drop and hide (texts with characters xml_safe
    removes, as the lexbor build lets in)."""
    pages = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(1, 30)):
            tag = rng.choice(["div", "p", "span", "b", "i", "font", "nav", "script", "small", "!--c--"])
            attr = rng.choice(["", " hidden", " style='display:none'", " aria-hidden=true", " style='x'",
                               " style='display\x1c:\x0bnone'", " style='visibility:\x1fhidden'",
                               " style='display\x00:none'", " style='DISPLAY: NONE'", " style='display:\x85none'"])
            text = rng.choice(["", "t", "a\x0bb", "c\x0cd", "e\x01", "&amp;", "long " * 30])
            parts.append(f"<{tag}{attr}>{text}" if tag[0] != "!" else f"<{tag}>{text}")
            if rng.random() < 0.5 and tag[0] != "!":
                parts.append(f"</{tag}>" + rng.choice(["", "tail", "x\x0by"]))
        pages.append("".join(parts).encode())
    return pages


def test_clean_tree_same_as_lxml_strip(monkeypatch):
    """clean_tree with the C stripping against clean_tree with lxml's (the rest native)."""
    pages = [data for data, _ in spread_pages(("aeb", "gne-cn", "dragnet", "cleaneval-dev"), 20)]
    pages += _hidden_pages(random.Random(31), 300)
    for data in pages:
        got = document.parse_html(data.decode("utf-8", "replace"))
        want = copy.deepcopy(got)
        removed = clean.clean_tree(got, True)
        with monkeypatch.context() as m:
            m.setattr(walk.nodes, "STRIP_BOUND", False)
            assert clean.clean_tree(want, True) == removed
        assert _dump(got) == _dump(want)


def test_first_scan_drops():
    """``clean_scan(root, tags, big, drop)``: when no element swallowed the page, lxml's
    strip_elements and the hiding attributes after; else None and the tree as it was."""
    rng = random.Random(11)
    pages = [data for data, _ in spread_pages(("aeb", "gne-cn", "dragnet"), 15)]
    pages += [b"<nav><p>" + b"x" * rng.randint(1, 3000) + b"</p></nav><p style='display:none'>"
              + b"y" * rng.randint(0, 3000) + b"</p><menu><li>" + b"z" * rng.randint(0, 2000)
              + b"<script>s</script><noscript><div>w</div>" * 3 for _ in range(60)]
    swallowed = 0
    for data in pages:
        root = document.parse_html(data.decode("utf-8", "replace"))
        want = copy.deepcopy(root)
        names, found, texts, hiding, unwraps = walk.nodes.clean_scan(root, clean.SWALLOWING_TAGS,
                                                                     clean.BIG_HIDDEN_CHARS, clean.DROP_TAGS,
                                                                     clean.UNWRAP_TAGS)
        want_names, want_found, want_texts = walk.nodes.clean_scan(want, clean.SWALLOWING_TAGS,
                                                                   clean.BIG_HIDDEN_CHARS)
        assert (names, texts, [_path(root, el) for el in found]) == (None, want_texts,
                                                                     [_path(want, el) for el in want_found])
        if found:
            swallowed += 1
            assert hiding is None and unwraps is None
        else:
            etree.strip_elements(want, *clean.DROP_TAGS, with_tail=False)
            assert _hiding(root, hiding) == _hiding(want, _may_hide(walk.scan.hiding_attributes(want)))
            assert len(unwraps) == sum(1 for el in want.iter(*clean.UNWRAP_TAGS) if el is not want)
        assert _dump(root) == _dump(want)
        if not found:
            assert walk.nodes.strip_tags_found(root, unwraps, False) is True
            etree.strip_tags(want, *clean.UNWRAP_TAGS)
            assert _dump(root) == _dump(want)
    assert 0 < swallowed < len(pages)


def _hidden_pair(root: etree._Element, big: int, monkeypatch) -> None:
    """``_nodes.remove_hidden`` on ``root`` and clean's Python loop on a copy (the same
    hiding attributes, the same measure): the same trees, removed lists and removed elements."""
    want = copy.deepcopy(root)
    got_entries = walk.scan.hiding_attributes(root)
    want_entries = walk.scan.hiding_attributes(want)
    got_removed, want_removed = [], []
    monkeypatch.setattr(clean, "BIG_HIDDEN_CHARS", big)
    walk.nodes.remove_hidden(root, got_entries, big, got_removed, clean._style_hides, clean.xml_safe)
    clean._remove_hidden_py(want, want_entries, want_removed, walk.scan.text_length)
    assert got_removed == want_removed
    assert _dump(root) == _dump(want)
    assert [_state(el) for el, _n, _v in got_entries] == [_state(el) for el, _n, _v in want_entries]


def test_remove_hidden_random(monkeypatch):
    rng = random.Random(23)
    for _ in range(500):
        root = _random_tree(rng, rng.randint(0, 50))
        for el in root.iter():
            if isinstance(el.tag, str) and rng.random() < 0.3:
                el.set(rng.choice(["style", "aria-hidden", "hidden"]), rng.choice(_VALUES))
        _hidden_pair(root, rng.choice([0, 1, 3, 1000]), monkeypatch)


def test_remove_hidden_pages(monkeypatch):
    """Parsed pages (texts with characters xml_safe removes, as the lexbor build lets in)."""
    pages = [data for data, _ in spread_pages(("aeb", "gne-cn", "dragnet"), 10)]
    pages += _hidden_pages(random.Random(29), 150)
    for data in pages:
        for big in (0, 5, 1000):
            _hidden_pair(document.parse_html(data.decode("utf-8", "replace")), big, monkeypatch)


def test_remove_hidden_namespaced(monkeypatch):
    """A hidden element with a namespace in it: removed by lxml's remove (its namespace fix)."""
    root = etree.fromstring('<r xmlns:s="urn:s">a<p hidden="">x<s:y/></p>t<b/>u<i hidden="">z</i>v</r>')
    _hidden_pair(root, 1000, monkeypatch)
    assert etree.tostring(root) == b'<r xmlns:s="urn:s">at<b/>uv</r>'
