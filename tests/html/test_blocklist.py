"""The Block-List view of the one segmentation (seed 002): blocks, signals, distribution."""

from __future__ import annotations

import pytest

import maintext
from maintext.html.blocklist import build_blocks, dev, distribution, document_blocks, length_class, ratio_spread
from maintext.html.document import Document

from tests.conftest import FIXTURES

FIX = FIXTURES / "blocklist"


def texts(html: str) -> list[tuple[str, str]]:
    """(tag, text) of the blocks that hold text, in Block-List order."""
    return [(b.tag, b.text) for b in build_blocks(html).blocks if b.text]


def test_paper_example_div_table():
    # the paper's own example: text after the TABLE returns to the DIV block (its "123"
    # written in a cell: text right inside <table> is moved before the table by browsers)
    assert texts("<DIV>hello<TABLE><TR><TD>123</TD></TR></TABLE>world</DIV>") == \
        [("div", "hello world"), ("td", "123")]


def test_inline_tags_do_not_split_blocks():
    assert texts("<p>one <b>bold</b> <span>and <font>font</font></span> te<i>xt</i></p>") == \
        [("p", "one bold and font text")]


def test_script_style_and_widgets_skipped():
    html = ("<div>keep<script>var x = '<p>no</p>';</script><style>p{}</style>"
            "<select><option>menu</option></select> this</div>")
    assert texts(html) == [("div", "keep this")]


def test_link_text_is_counted():
    blocks = [b for b in build_blocks('<p>read <a href="/x">the full story</a> now</p>').blocks if b.text]
    (p,) = blocks
    assert p.text == "read the full story now"
    assert p.link_chars == len("thefullstory")
    assert p.links == 1
    assert 0.5 < p.link_density < 0.7


def test_br_is_a_line_break_inside_the_block():
    assert texts("<div>first line<br>second line<br/><br>third</div>") == \
        [("div", "first line\nsecond line\nthird")]


def test_hr_is_a_block_of_its_own_and_the_text_around_it_stays_in_its_box():
    assert texts("<div>before the rule<hr>after the rule</div>") == [("div", "before the rule after the rule")]


def test_form_is_a_block_and_flags_its_content():
    blist = build_blocks("<div>outside<form><p>inside form</p><input value=x></form></div>")
    by_text = {b.text: b for b in blist.blocks if b.text}
    assert not by_text["outside"].in_form
    assert by_text["inside form"].in_form
    assert blist.signals.forms == 1


def test_signals_collected_in_the_same_pass():
    blist = build_blocks((FIX / "news.html").read_text(encoding="utf-8"))
    sig = blist.signals
    assert sig.og_type == "article"
    assert sig.ld_types == ["NewsArticle"]
    assert sig.canonical.endswith("/2021/04/12/river-town-rebuilds-old-stone-bridge")
    assert sig.article_tags == 1 and sig.h1 == 1


def test_distribution_bins():
    bins = (2, 5, 10)
    assert length_class(0, bins) == 0
    assert length_class(2, bins) == 0
    assert length_class(3, bins) == 1
    assert length_class(10, bins) == 2
    assert length_class(11, bins) == 3
    html = "<p>one</p><p>two words</p><p>three small words here</p><p>" + "word " * 30 + "</p>"
    blocks = [b for b in build_blocks(html).blocks if b.chars]
    assert distribution(blocks, bins) == [2, 1, 0, 1]


def test_distribution_features():
    # Dev: adding blocks to the first class lowers it (the property stated in the paper)
    assert dev([1, 2, 3]) > dev([5, 2, 3])
    assert dev([0, 0, 4]) == 1.0 and dev([4, 0, 0]) == 0.0
    assert ratio_spread([4, 4, 4]) == 0.0
    assert ratio_spread([10, 1, 10]) > ratio_spread([10, 5, 3])


def test_malformed_html():
    html = "<div><p>unclosed para<div>inner</span></td></table>text after strays</div><li>item"
    got = texts(html)
    assert ("p", "unclosed para") in got
    assert any("inner" in t for _, t in got)
    assert any("item" in t for _, t in got)


def test_ten_thousand_nested_divs():
    html = "<div>" * 10000 + "deep text" + "</div>" * 10000
    blist = build_blocks(html)
    assert [b.text for b in blist.blocks if b.text] == ["deep text"]
    assert max(b.depth for b in blist.blocks) >= 1000  # parse_html flattens below max_tree_depth


def test_empty_and_garbage_input():
    assert texts("") == []
    assert texts("   ") == []
    # control characters: no exception, and whatever text survives is the visible text
    got = texts("\x00\x01binary\x02 junk")
    assert len(got) == 1 and got[0][1].endswith("binary junk")
    assert not any(c in got[0][1] for c in "\x00\x01\x02")
    page = maintext.extract(b"<html><body></body></html>", method="blocklist")
    assert page.text == "" and page.reason


def test_document_blocks_cached_on_the_document():
    doc = Document("<p>hello there</p>")
    assert document_blocks(doc) is document_blocks(doc) is doc.blocklist




def test_block_weight_same_with_the_compiled_text_weight():
    import random

    from maintext.html import walk
    from maintext.html.blocklist import Block

    weigh = walk.native_weigh()
    if weigh is None:
        pytest.skip("native code not built")
    rng = random.Random(2)
    alphabet = ["word", " ", "\n", "中", "。", "1", "_", "é", "-", "\u3000", "\U00020000", "ア", "한", ","]
    for _ in range(3000):
        parts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))) for _ in range(rng.randint(1, 3))]
        a, b = Block(0, "p", 0, -1, parts=list(parts)), Block(0, "p", 0, -1, parts=list(parts))
        a.finish()
        b.finish(weigh)
        assert (a.weight, a.chars, a.text) == (b.weight, b.chars, b.text), parts


def test_container_blocks_same_in_c_and_python():
    from dataclasses import astuple

    from maintext.html import walk
    from maintext.html.blocklist import Block, FORM_TAG, _container_blocks
    from maintext.html.document import parse_html
    from maintext.html.segment import segment

    if walk.blocks is None:
        pytest.skip("native code not built")
    html = ("<html><body><div class='comments'><form><p>a</p><div><p>b</p></div></form></div>"
            "<table><tr><td>c</td></tr></table><ul><li>d<li><form>e</form></ul><p>f</p></body></html>")
    seg = segment(parse_html(html))
    native = walk.blocks.container_blocks(seg.containers, Block, FORM_TAG)
    python = _container_blocks(seg.containers)
    assert [astuple(b) for b in native] == [astuple(b) for b in python]
    assert any(b.in_form for b in native) and any(b.in_comments for b in native) and len(native) > 8


def _random_page(rnd) -> str:
    """Nested block and inline tags, links, breaks, forms, comment boxes, Latin and CJK text."""
    words = ["word", "Wort,", "中文", "。", "x_y", "é", "  ", "\u3000", "12", "ß", "한국", "a.b"]
    out = []
    for _ in range(rnd.randint(1, 60)):
        r = rnd.random()
        if r < 0.2:
            out.append(rnd.choice(["<div>", "<p>", "<ul><li>", "<form>", "<div class='comments'>", "<td>",
                                   "<article>", "<h1>", "<table><tr><td>"]))
        elif r < 0.35:
            out.append(rnd.choice(["</div>", "</p>", "</li></ul>", "</form>", "</td>", "</article>", "</h1>"]))
        elif r < 0.45:
            out.append(f"<a href='/x'>{rnd.choice(words)} {rnd.choice(words)}</a>")
        elif r < 0.5:
            out.append(rnd.choice(["<br>", "<img src=x>", "<b>", "</b>"]))
        else:
            out.append(" ".join(rnd.choice(words) for _ in range(rnd.randint(1, 12))))
    return "<html><body>" + "".join(out) + "</body></html>"


def test_view_blocks_same_in_c_and_python(monkeypatch):
    """block_list's blocks and signals built in C (_blocks.view_blocks, tag_counts) equal its
    Python loops on random pages."""
    from dataclasses import astuple
    import random

    from maintext.html import walk
    from maintext.html.blocklist import block_list
    from maintext.html.document import parse_html
    from maintext.html.segment import segment

    if walk.blocks is None or walk.native is None:
        pytest.skip("native code not built")
    rnd = random.Random(4)
    seen = set()
    for _ in range(400):
        seg = segment(parse_html(_random_page(rnd)))
        monkeypatch.setattr(walk, "ENABLED", True)
        native = block_list(seg)
        monkeypatch.setattr(walk, "ENABLED", False)
        python = block_list(seg)
        assert [astuple(b) for b in native.blocks] == [astuple(b) for b in python.blocks]
        assert native.signals == python.signals
        seen.update(k for b in native.blocks for k, on in (("links", b.links), ("br", "\n" in b.text),
                    ("cjk", b.weight % 1), ("form", b.in_form and b.chars), ("comments", b.in_comments)) if on)
    assert seen == {"links", "br", "cjk", "form", "comments"}


def test_container_blocks_of_a_class_without_slots():
    """The direct slot stores of _blocks are used only for a class with those slots; any
    other class gets the same values through setattr."""
    from dataclasses import astuple, dataclass, fields

    from maintext.html import walk
    from maintext.html.blocklist import Block, FORM_TAG
    from maintext.html.document import parse_html
    from maintext.html.segment import segment

    if walk.blocks is None:
        pytest.skip("native code not built")

    @dataclass(eq=False)
    class Plain:  # the same fields, in a __dict__
        index: int = 0
        tag: str = ""
        depth: int = 0
        parent: int = 0
        in_form: bool = False
        in_comments: bool = False
        end: int = -1
        parts: list = None
        link_chars: int = 0
        links: int = 0
        text: str = ""
        chars: int = 0
        weight: float = 0.0

    assert [f.name for f in fields(Plain)] == [f.name for f in fields(Block)]
    seg = segment(parse_html("<div class='comments'><form><p>a <a href=x>b</a></p></form><p>c</p></div>"))
    slotted = walk.blocks.container_blocks(seg.containers, Block, FORM_TAG)
    plain = walk.blocks.container_blocks(seg.containers, Plain, FORM_TAG)
    assert [astuple(b) for b in slotted] == [astuple(b) for b in plain]
    assert any(b.in_form for b in plain) and any(b.in_comments for b in plain)


def test_head_links_same_in_c_and_python():
    """_nodes.head_links reads what the Python loop of head_signals reads, on random heads."""
    import random

    from maintext.html import walk
    from maintext.html.blocklist import _head_links
    from maintext.html.document import parse_html

    if walk.nodes is None:
        pytest.skip("native code not built")
    rnd = random.Random(6)
    tags = ["<meta property='og:type' content=' Article '>", "<meta name='OG:URL' content='https://a.b/c'>",
            "<meta property='' name='og:type' content='video'>", "<meta property='og:title' content='t'>",
            "<link rel='Canonical' href=' https://x.y/z '>", "<link rel='canonical'>", "<link href='/q'>",
            "<meta content='x'>", "<meta property='og:url'>", "<title>t</title>", "<!-- c -->",
            "<link rel='stylesheet' href='s.css'>", "<meta name='og:type' property='og:url' content='u'>"]
    seen = 0
    for _ in range(500):
        head_html = "".join(rnd.choice(tags) for _ in range(rnd.randint(0, 8)))
        root = parse_html(f"<html><head>{head_html}</head><body><p>x</p></body></html>")
        head = root.find("head")
        if head is None:
            continue
        expected = _head_links(head)
        assert walk.nodes.head_links(head) == expected, head_html
        seen += bool(expected)
    assert seen > 100
