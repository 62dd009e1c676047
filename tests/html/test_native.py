"""The native segmentation walk gives what the Python walk gives; the hot path stays linear."""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import random
from dataclasses import asdict
from pathlib import Path

import pytest

import maintext
from maintext.html import document, segment as seg_mod, walk
from maintext.html.clean import clean_tree
from maintext.html.document import parse_html
from maintext.textutil import _CJK_RANGES, has_cjk, text_weight

from ..conftest import DATASETS

PAGES = Path(__file__).resolve().parents[1] / "pages"
native = pytest.mark.skipif(not walk.NATIVE_AVAILABLE, reason="native walk not built")


def _output(data: bytes, url: str | None, flag: bool) -> tuple[str, str]:
    try:
        page = maintext.extract(data, url=url, native=flag, with_metadata=False)
    except maintext.MaintextError as exc:
        return type(exc).__name__, ""
    return page.text, json.dumps([asdict(b) for b in page.blocks], ensure_ascii=False, sort_keys=True)


def _segmentation(root, flag: bool) -> list[tuple]:
    seg = seg_mod.segment_cleaned(root, seg_mod.SKIP_REASONS, native=flag)
    return ([(b.raw, b.text, b.tag, b.chain, b.link_chars, b.in_table, b.owner, b.boiler, b.weight,
              b.commas, b.marked) for b in seg.blocks]
            + [(c.tag, c.start, c.end, c.parent, c.boiler, c.owner, c.id_end, c.el.tag) for c in seg.containers]
            + [(i, el.tag) for i, el in seg.anchors] + [len(seg.spans), len(seg.images), tuple(seg.skipped)])


def test_native_walk_built_where_required():
    """CI sets MAINTEXT_REQUIRE_NATIVE=1: there a compiler is present, so `pip install -e .`
    must have built the extension (a silent fall-back to Python would hide a broken build)."""
    if os.environ.get("MAINTEXT_REQUIRE_NATIVE") == "1":
        assert walk.NATIVE_AVAILABLE, "the native walk was not built (see pip's build output)"


@native
def test_identity_script_on_a_sample():
    """benchmarks/identity.py itself (every shared page in a full run) on a sample: the
    golden pages and the first pages of each shared set present."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "identity.py"
    spec = importlib.util.spec_from_file_location("maintext_identity", path)
    identity = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(identity)
    cases = [(p.name, (p / "source.html").read_bytes(), None) for p in sorted(PAGES.iterdir())
             if (p / "source.html").exists()]
    if identity.DATASETS.is_dir():
        sets = sorted(p.name for p in identity.DATASETS.iterdir() if (p / "gold.jsonl").exists())
        cases += list(identity.pages(sets, 3))
    assert len(cases) >= 30
    differ = [key for key, data, url in cases
              if identity.digest(data, url, native=True) != identity.digest(data, url, native=False)]
    assert not differ


@native
@pytest.mark.parametrize("case", sorted(p.name for p in PAGES.iterdir() if (p / "source.html").exists()))
def test_golden_pages_same_on_both_walks(case):
    data = (PAGES / case / "source.html").read_bytes()
    assert _output(data, None, True) == _output(data, None, False)


def _sample(name: str, n: int) -> list[tuple[bytes, str | None]]:
    gold = DATASETS / name / "gold.jsonl"
    if not gold.is_file():
        pytest.skip(f"shared dataset {name} not present")
    rows = [json.loads(line) for line in open(gold, encoding="utf-8")]
    rows = random.Random(10).sample(rows, min(n, len(rows)))
    return [(gzip.open(DATASETS / name / r["file"]).read(), r.get("url")) for r in rows]


@native
@pytest.mark.parametrize("name", ["aeb", "gne-cn", "dragnet", "cleaneval-dev", "trafilatura"])
def test_dataset_sample_same_on_both_walks(name):
    """A sample of every kind of page (benchmarks/identity.py checks all shared pages)."""
    for data, url in _sample(name, 12):
        assert _output(data, url, True) == _output(data, url, False), url
        root = parse_html(data.decode("utf-8", "replace"))
        clean_tree(root)
        assert _segmentation(root, True) == _segmentation(root, False), url


@native
def test_native_text_weight_is_textutil_text_weight():
    walk.native.set_cjk_ranges(_CJK_RANGES)
    rnd = random.Random(7)
    for _ in range(3000):
        text = "".join(chr(rnd.choice([rnd.randrange(32, 0x3000), rnd.randrange(0x3000, 0xB000),
                                       rnd.randrange(0x10000, 0x32000), 95, 32]))
                       for _ in range(rnd.randrange(0, 30)))
        assert walk.native.text_weight(text) == text_weight(text), repr(text)
        assert walk.native.has_cjk(text) == has_cjk(text), repr(text)


@native
def test_native_text_length_is_len_of_text_content():
    for case in sorted(PAGES.iterdir())[:20]:
        if not (case / "source.html").exists():
            continue
        root = parse_html((case / "source.html").read_bytes().decode("utf-8", "replace"))
        for el in root.iter():
            if isinstance(el.tag, str):
                assert walk.native.text_length(el) == len(el.text_content()), case.name


def _nested(depth: int) -> bytes:
    boxes = ("sidebar", "related-posts", "comments", "widget-area")
    para = "<p>Some words of running text, long enough to count as a sentence here.</p>\n"
    return ("<html><body>" + "".join(f'<div class="{boxes[d % 4]}">{para}' for d in range(depth))
            + "</div>" * depth + "</body></html>").encode()


@pytest.mark.parametrize("flag", [True, False])
def test_nested_boxes_measured_once(flag, monkeypatch):
    """Nested boilerplate boxes: each box's text is not measured again by every box above it."""
    if flag and not walk.NATIVE_AVAILABLE:
        pytest.skip("native walk not built")
    calls = []
    real = seg_mod.BoxSizes.size

    def size(self, el):
        calls.append(el)
        return real(self, el)

    root = parse_html(_nested(300).decode())
    clean_tree(root)
    from maintext.html import boxsize

    measured = []
    real_sub = boxsize.subtree_sizes
    monkeypatch.setattr(boxsize, "subtree_sizes", lambda box: measured.append(box) or real_sub(box))
    monkeypatch.setattr(seg_mod.BoxSizes, "size", size)
    seg = seg_mod.segment(root, skip=seg_mod.SKIP_REASONS, native=flag)
    assert len(seg.blocks) == 210 and len(measured) <= 1  # the innermost 30% skipped
    assert all(b.owner is not None for b in seg.blocks)


def test_big_page_parsed_once(monkeypatch):
    """Past libxml2's 65535-line cap the page is not parsed a second time."""
    # 80,000 lines in 800 paragraphs (the line count matters, not the elements: the pure-Python
    # builder of MAINTEXT_NATIVE=0 takes minutes over 80,000 elements)
    body = ("<p>" + "line of text\n" * 100 + "</p>\n") * 800
    html = f"<html><body>{body}</body></html>\n" + "<!-- trailer -->\n" * 400
    assert html.count("\n") > 80_000
    calls = []
    real = document._parse
    monkeypatch.setattr(document, "_parse", lambda *a: calls.append(1) or real(*a))
    root = parse_html(html)
    assert len(calls) == 1 and len(root.find("body")) == 800


def test_text_only_computes_no_metadata_and_no_links(monkeypatch):
    from maintext.metadata import extract as meta

    data = (PAGES / "boilerplate-around-article" / "source.html").read_bytes() if (
        PAGES / "boilerplate-around-article").exists() else next(PAGES.glob("*/source.html")).read_bytes()
    full = maintext.extract(data)

    def fail(*a, **k):
        raise AssertionError("metadata or links computed for a text-only extraction")

    monkeypatch.setattr(meta, "extract_metadata", fail)
    monkeypatch.setattr(meta, "extract_links", fail)
    page = maintext.extract(data, fields=("text",))
    assert page.text == full.text and page.links == [] and page.author is None


@native
def test_native_text_weight_on_latin1_text():
    """Text of code points below 256 is weighed with a table (the one-byte fast path)."""
    walk.native.set_cjk_ranges(_CJK_RANGES)
    for i in range(256):
        for text in (chr(i), f"a{chr(i)}b", f"{chr(i)}{chr(i)} x_y", f"{chr(i)}\u4e2d"):
            assert walk.native.text_weight(text) == text_weight(text), repr(text)
    rnd = random.Random(11)
    for _ in range(5000):
        text = "".join(chr(rnd.choice([rnd.randrange(0, 256), 32, 95, rnd.randrange(48, 123)]))
                       for _ in range(rnd.randrange(0, 40)))
        assert walk.native.text_weight(text) == text_weight(text), repr(text)


@native
def test_finish_sums_same_in_c_and_python():
    """Segmentation.finish's prefix sums from _walk.finish_sums equal its Python twin's
    (_sums) on random blocks: running text or not, CJK punctuation (negative weights), empty
    text, commas, headings, link text."""
    from maintext.html.segmentation import Block, Segmentation
    from maintext.html.tags import SENTENCE_END

    rnd = random.Random(5)
    words = ["word", "words,", "end.", "。", "，", "中文", "x", "\"", "link", "?"]
    kinds = set()
    for _ in range(500):
        seg = Segmentation()
        for _ in range(rnd.randint(0, 30)):
            text = " ".join(rnd.choice(words) for _ in range(rnd.randint(0, 20)))
            b = Block(text, rnd.choice(["p", "div", "h2"]), (0,), rnd.randint(0, 40), False, None)
            seg.blocks.append(b)
            kinds.add(b.is_running_text())
        native = walk.native.finish_sums(seg.blocks, SENTENCE_END)
        running_weight, running, weights = seg._sums(True)
        assert native == (seg._chars, seg._links, running_weight, running, weights)
        heads: list[int] = []  # (Segmentation.headings found in the same pass)
        assert walk.native.finish_sums(seg.blocks, SENTENCE_END, heads) == native
        assert heads == seg.headings() == [i for i, b in enumerate(seg.blocks) if b.heading]
        for tag in ("h2", "h1", "p"):  # (Segmentation.blocks_of among the headings)
            assert walk.native.blocks_with_tag(seg.blocks, heads, tag) == [i for i in heads if seg.blocks[i].tag == tag]
    assert kinds == {True, False}


@native
def test_native_block_text_and_counts_are_the_python_blocks():
    """The walk's one-pass text of a block (markers removed, white space collapsed, spaces,
    commas, CJK) gives the Block the Python constructor gives, on random raw text of every
    string width, with and without each marker bit."""
    from maintext.html.segmentation import Block

    walk.native.set_cjk_ranges(_CJK_RANGES)
    rnd = random.Random(9)
    pieces = ["a", "word", " ", "  ", "\t", "\n", "\x00", "\x01", "\x02", "\x03", "\x1c", "\x85", "\xa0", "é", "ß",
              ",", "，", "、", "中", "文", "。", "\u3000", "\u2028", "’", "—", "\U0001F600", "\U00020000", "x,y"]
    seen = set()
    for _ in range(20000):
        raw = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 14)))
        marked = rnd.randrange(8)
        nat = walk.native.block_of(raw, marked)
        py = Block(raw, "p", (), 0, False, None, marked, weigh=text_weight)
        assert nat == (py.text, py.chars, py.weight, py.commas, py.text.isascii()), (raw, marked)
        seen.add((py.text.isascii(), has_cjk(py.text), py.commas > 0, py.text == ""))
    assert len(seen) == 7  # every combination that can occur


@native
def test_native_walk_same_as_python_on_random_pages():
    """Both walks give the same segmentation of random pages whose text runs start, end or
    consist of white space of every kind (ASCII, no-break space, line separator, ideographic
    space), inside and outside links, with CJK and accented text, comments and CDATA-like
    text between elements."""
    rnd = random.Random(13)
    texts = [" ", "  \n", "\xa0", "\u2028", "\u3000", "\x1c", "word", " word ", "é à", "中文，", "\xa0x\xa0",
             "x\u2028", "\t\tab c", "’quote’", "&nbsp;", "&amp;", "a\u00ad"]
    tags = ["<div>", "</div>", "<p>", "</p>", "<a href=x>", "</a>", "<b>", "</b>", "<br>", "<img src=i>",
            "<ul><li>", "</li></ul>", "<!-- c -->", "<span>", "</span>", "<h2>", "</h2>", "<td>"]
    for _ in range(600):
        body = "".join(rnd.choice(texts) if rnd.random() < 0.55 else rnd.choice(tags)
                       for _ in range(rnd.randint(1, 40)))
        html = f"<html><body>{body}</body></html>"
        assert _segmentation(parse_html(html), True) == _segmentation(parse_html(html), False), html


@native
def test_native_walk_with_more_tag_names_than_its_table():
    """Past the walk's table of tag names (600) the names go to a dict: same segmentation."""
    body = "".join(f"<x{i}>text {i} <a href=y>link</a></x{i}><div>block {i}</div>" for i in range(900))
    html = f"<html><body>{body}<p>end</p></body></html>"
    assert _segmentation(parse_html(html), True) == _segmentation(parse_html(html), False)


@native
def test_native_link_text_length_is_the_python_sum():
    """_walk.link_text_length equals BoxSizes' Python sum over el.iter("a") on random boxes
    (nested links, a link as the box, CJK and accented text, comments)."""
    from maintext.html.boxsize import _link_text_length

    rnd = random.Random(12)
    parts = ["<a href=x>", "</a>", "text ", "中文", "é", "<b>", "</b>", "<!-- c -->", "<div>", "</div>", "<br>"]
    seen = set()
    for _ in range(400):
        body = "".join(rnd.choice(parts) for _ in range(rnd.randint(0, 30)))
        root = parse_html(f"<html><body><div>{body}</div></body></html>")
        for el in root.iter():
            if isinstance(el.tag, str):
                expected = _link_text_length(el)
                assert walk.native.link_text_length(el) == expected
                seen.add(expected)
    assert len(seen) > 10


@native
def test_native_needles_are_the_substring_loops():
    """_text.Needles.any_in is ``any(word in text for word in words)``: the promo and credit
    tables on random lines mixing their words, and random tables (non-ASCII first characters,
    more of them than its array holds, words longer than the text, the empty word)."""
    from maintext.html import lines, promo
    from maintext.html._text import Needles

    rng = random.Random(5)
    alphabet = "ab cd-éü新闻çß.:|'xyz"
    tables = [promo._PROMO_NEEDS, lines._CREDIT_NEEDS, ("",), (), ("ü", "üx", "aa", "新闻", "a"),
              tuple(chr(0x4e00 + k) + "x" for k in range(40)), ("abc" * 50,)]
    for _ in range(200):
        tables.append(tuple("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4)))
                            for _ in range(rng.randint(1, 30))))
    words = [w for t in tables[:2] for w in t]
    for table in tables:
        needles = Needles(table)
        for _ in range(60):
            parts = [rng.choice(words) if rng.random() < 0.2 else "".join(rng.choice(alphabet)
                     for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(0, 12))]
            text = " ".join(parts)
            if rng.random() < 0.3:
                text = text[:rng.randint(0, len(text))]
            if rng.random() < 0.2:
                text += chr(rng.choice((0x1F600, 0x4e00 + 40)))  # a four-byte kind, a CJK character
            assert needles.any_in(text) == any(w in text for w in table), (table, text)


@native
def test_native_needles_one_byte_loop():
    """The 1-byte loop of _text.Needles.any_in (ASCII and Latin-1 texts: its pair table, a word
    going on with a non-ASCII character, a word of one character, words at the text's end,
    words holding a character wider than Latin-1) is the substring loop, and gives what the
    general loop gives for the same words in a text of a wider kind."""
    from maintext.html._text import Needles

    rng = random.Random(18)
    alphabet = "asíeé únx-ü.ñ"
    for _ in range(300):
        table = tuple("".join(rng.choice(alphabet + "新") for _ in range(rng.randint(1, 4)))
                      for _ in range(rng.randint(1, 12)))
        if rng.random() < 0.2:
            table += ("síguenos", "únete", "s")
        needles = Needles(table)
        for _ in range(40):
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
            if rng.random() < 0.3 and table:
                word = rng.choice(table)
                text = text + word if rng.random() < 0.5 else word + text
            expected = any(w in text for w in table)
            assert needles.any_in(text) == expected, (table, text)
            # (the same words in a text of 2-byte kind: the general loop)
            wide = text + "\u0100"
            assert needles.any_in(wide) == any(w in wide for w in table), (table, wide)


@native
def test_line_tables_same_with_and_without_needles(monkeypatch):
    """is_promo_line and is_credit_line give the same answers on the native needle test and
    on the Python loops (MAINTEXT_NATIVE=0)."""
    from maintext.html import lines, promo

    rng = random.Random(9)
    pool = list(promo._PROMO_NEEDS) + list(lines._CREDIT_NEEDS) + ["Foto:", "Getty Images", "Follow us on X",
                                                                    "the", "news", "today", "©", "Subscribe"]
    texts = [" ".join(rng.choice(pool) for _ in range(rng.randint(1, 8))) for _ in range(2000)]
    on = [(promo.is_promo_line(t), lines.is_credit_line(t)) for t in texts]
    monkeypatch.setattr(walk, "ENABLED", False)
    off = [(promo.is_promo_line(t), lines.is_credit_line(t)) for t in texts]
    assert on == off
    assert any(p for p, _ in on) and any(c for _, c in on)


def _reference_weight(text: str, ranges: tuple[tuple[int, int], ...]) -> float:
    """textutil.text_weight written out for any CJK table (its _TOKEN rule: a CJK word
    character alone, other word characters in runs; CJK characters weigh 1/1.7)."""
    def cjk(c: str) -> bool:
        return any(lo <= ord(c) <= hi for lo, hi in ranges)

    tokens = n_cjk = 0
    in_run = False
    for c in text:
        word = c.isalnum() or c == "_"
        if cjk(c):
            n_cjk += 1
            tokens += word
            in_run = False
        elif word:
            tokens += not in_run
            in_run = True
        else:
            in_run = False
    return (tokens - n_cjk) + n_cjk / 1.7


@native
def test_native_weight_of_cjk_text_is_textutil_text_weight():
    """The weight of CJK text (classes of each code point read once, then from a table):
    ideographs, kana, hangul, CJK marks that are no word characters, full-width
    punctuation and digits, the supplementary planes, "_" and Latin runs next to them."""
    walk.native.set_cjk_ranges(_CJK_RANGES)
    from maintext.html.segmentation import Block

    pool = ["中", "文", "の", "カ", "한", "국", "々", "〇", "〆", "〃", "〜", "ｶ", "ﾞ", "。", "，", "、", "「", "」", "：",
            "１", "Ａ", "\u3000", " ", "_", "a", "word", "é", "9", "\U00020000", "\U0002A6DF", "\U0001B000",
            "\U0001F600", "\u9fff", "\u4e00", "\u3400", "\u2e80", "\u2fd5", "\u1100", "\ud7ff", "\uf900", "\x01", "\x03"]
    rnd = random.Random(21)
    for _ in range(6000):
        text = "".join(rnd.choice(pool) for _ in range(rnd.randint(0, 25)))
        assert walk.native.text_weight(text) == text_weight(text), repr(text)
        assert walk.native.has_cjk(text) == has_cjk(text), repr(text)
        marked = rnd.randrange(8)
        py = Block(text, "p", (), 0, False, None, marked, weigh=text_weight)
        assert walk.native.block_of(text, marked) == (py.text, py.chars, py.weight, py.commas, py.text.isascii())


@native
def test_native_cjk_classes_follow_the_table_set():
    """set_cjk_ranges forgets the classes read under the previous table: weights and the
    CJK test follow a new table, then textutil's again."""
    texts = ["中文ab", "カナ_x", "한국 어", "中_a", "々〇", "abc", "\U00020000x"]
    try:
        for ranges in (((0x4E00, 0x9FFF),), ((0x3040, 0x30FF), (0xAC00, 0xD7FF)), ()):
            walk.native.set_cjk_ranges(ranges)
            for text in texts:
                assert walk.native.text_weight(text) == _reference_weight(text, ranges), (ranges, text)
                assert walk.native.has_cjk(text) == any(lo <= ord(c) <= hi for c in text for lo, hi in ranges)
    finally:
        walk.native.set_cjk_ranges(_CJK_RANGES)
    for text in texts:
        assert walk.native.text_weight(text) == text_weight(text)


def _marks(root, flag: bool) -> list[tuple]:
    seg = seg_mod.segment(root, native=flag)
    return [(c.tag, c.boiler, c.content_hint, c.semantic) for c in seg.containers]


@native
def test_native_marks_cache_gives_the_python_marks():
    """The walk's cache of container marks (by the bytes of tag, class, id, role and
    itemprop, kept from page to page) gives every box the marks the Python walk reads:
    repeated and changing values, empty and absent attributes, duplicated names, entities,
    namespaced and non-ASCII values ("ÿ", whose code point is the byte marking an absent
    value), the same values on different tags."""
    rnd = random.Random(17)
    values = ["nav", "menu", "content", "article-body", "post", "sidebar widget", "", "x", "share-bar",
              "related", "comments", "main", "Nav Menu", "ad&amp;s", "navigation", "footer", "新闻", "caption",
              "\xff", "ÿ nav"]
    attrs = ["class", "id", "role", "itemprop", "style", "data-x", "xml:lang"]
    tags = ["div", "section", "aside", "p", "li", "nav", "footer", "figure", "header", "td", "article"]
    seen = set()
    for _ in range(300):
        parts = []
        for _ in range(rnd.randint(1, 30)):
            tag = rnd.choice(tags)
            items = " ".join(f'{rnd.choice(attrs)}="{rnd.choice(values)}"' if rnd.random() < 0.9
                             else rnd.choice(attrs) for _ in range(rnd.randint(0, 4)))
            parts.append(f"<{tag} {items}>text {rnd.choice(values)}</{tag}>")
            if rnd.random() < 0.3:
                parts.append(f"<div class=\"{rnd.choice(values)}\">" + parts.pop() + "</div>")
        html = "<html><body>" + "".join(parts) + "</body></html>"
        native_marks = _marks(parse_html(html), True)
        assert native_marks == _marks(parse_html(html), False), html
        seen.update(m[1:] for m in native_marks)
    assert len(seen) > 8


@native
def test_native_utf8_space_measures_are_str_isspace_and_strip():
    """The walk's white space test and stripped length of a text run, read off its UTF-8
    bytes: str.isspace() and len(str.strip()) on random text of ASCII, Unicode white space
    (no-break, ideographic, line separator, \\x85, \\x1c) and 2-, 3- and 4-byte characters."""
    from maintext.html._text import utf8_measures

    pool = [" ", "\t", "\n", "\x1c", "\x85", "\xa0", "\u2028", "\u3000", "\u2003", "a", "é", "中", "。", "\U00020000",
            "\U0001F600", "\u200b", "\ufeff", "x y"]
    rnd = random.Random(31)
    for _ in range(20000):
        text = "".join(rnd.choice(pool) for _ in range(rnd.randint(1, 10)))
        assert utf8_measures(text.encode()) == (text.isspace(), len(text.strip())), repr(text)


@native
def test_native_utf8_space_measures_of_long_indentation():
    """The same on long runs mostly of indentation (read 8 bytes at a time), with other
    bytes at every place: ASCII controls next to white space, other white space, text."""
    from maintext.html._text import utf8_measures

    pool = [" ", " ", "\t", "\n", "\r", "\n    ", "\x0b", "\x0c", "\x1f", "\x08", "\x0e", "\x00", "\x1a", "!", "a",
            "*", "\x85", "\xa0", "\u3000", "中", ")", "*", "-", "\x89"]
    rnd = random.Random(32)
    for _ in range(20000):
        text = " " * rnd.randint(0, 20) + "".join(rnd.choice(pool) for _ in range(rnd.randint(1, 40)))
        if rnd.random() < 0.5:
            text = "".join(c if rnd.random() < 0.9 else " " for c in text)
        assert utf8_measures(text.encode()) == (text.isspace(), len(text.strip())), repr(text)


@native
def test_finish_blocks_same_in_c_and_python():
    """Segmentation.finish's block pass from _walk.finish_blocks equals its Python twin
    (_finish_blocks) on random nested boxes: owners exempt or not, chains of owners,
    blocks outside any box, running weights added in order."""
    from maintext.html.segmentation import Block, Container, Segmentation

    rnd = random.Random(23)
    reasons = [None, None, "navigation", "comments", "image caption"]
    kinds = set()
    for _ in range(400):
        segs = []
        for _copy in range(2):
            segs.append(Segmentation())
        n_boxes = rnd.randint(0, 12)
        owners: list[int | None] = []
        for cid in range(n_boxes):
            parent_owner = rnd.choice(owners + [None]) if owners else None
            owners.append(parent_owner if rnd.random() < 0.5 else cid)
        boilers = [rnd.choice(reasons) for _ in range(n_boxes)]
        blocks = [(rnd.choice(owners + [None]) if owners else None, rnd.random() * 20) for _ in range(rnd.randint(0, 25))]
        exempt = {cid for cid in range(n_boxes) if rnd.random() < 0.3}
        running_weight = [w if rnd.random() < 0.6 else 0.0 for _, w in blocks]
        for seg in segs:
            for cid in range(n_boxes):
                c = Container(cid, "div", 0, None, (boilers[cid], False, False), owners[cid] if owners[cid] != cid else None)
                seg.containers.append(c)
            for owner, w in blocks:
                seg.blocks.append(Block("text", "p", (), 0, False, owner))
        python = segs[0]._finish_blocks(exempt, running_weight)
        native = walk.native.finish_blocks(segs[1].blocks, segs[1].containers, exempt, running_weight)
        assert native == python
        assert [(b.index, b.boiler) for b in segs[1].blocks] == [(b.index, b.boiler) for b in segs[0].blocks]
        kinds.update(b.boiler for b in segs[0].blocks)
    assert len(kinds) == 4


@native
def test_native_marks_cache_emptied_when_full():
    """Past the marks cache's room (5400 keys) the table is emptied and filled again: the
    boxes of a page with more distinct attribute values than that keep the Python marks."""
    names = ["nav", "post", "sidebar", "content", "x"]
    body = "".join(f'<div id="{names[i % 5]}-{i}" class="{names[(i // 5) % 5]}">t {i}</div>' for i in range(7000))
    html = f"<html><body>{body}</body></html>"
    assert _marks(parse_html(html), True) == _marks(parse_html(html), False)


@native
def test_native_block_text_of_latin1_text_is_the_python_blocks():
    """Latin-1 text (one byte a character: its own loop in C) of every code point below 256,
    markers, white space (the C1 and no-break spaces too), commas, alone and among wider
    characters (whose strings take the Latin-1 words in a loop of their own): the Python Block."""
    from maintext.html.segmentation import Block

    rnd = random.Random(17)
    pool = [chr(c) for c in range(256)] + [" ", "  ", "word", ",", "\x00", "\x01", "\x02", "\x03"] * 8
    wide = ["中", "’", "\u3000", "，", "、", "\u2028", "\U0001F600", "\U00020000", "ｶ"]  # (2- and 4-byte text)
    for case in range(40000):
        raw = "".join(rnd.choice(pool) for _ in range(rnd.randint(0, 30)))
        if case % 2:  # the same Latin-1 words in a wider string: their own loop there too
            raw = "".join(rnd.choice(wide) if rnd.random() < 0.1 else ch for ch in raw) + rnd.choice(wide)
        marked = rnd.randrange(8)
        py = Block(raw, "p", (), 0, False, None, marked, weigh=text_weight)
        assert walk.native.block_of(raw, marked) == (py.text, py.chars, py.weight, py.commas, py.text.isascii()), \
            (raw, marked)
