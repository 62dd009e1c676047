"""Text-block segmentation and the raw tag stream (maintext/blocks.py)."""

from __future__ import annotations

import time

import lxml.html

from maintext.html.blocks import join_words, segment, tag_stream, word_tokens
from maintext.html.document import parse_html

PAGE = """<html><head><title>T</title><script>var x = "<p>not text</p>";</script></head>
<body><div class="nav"><ul><li><a href="/a">Home</a></li><li><a href="/b">News</a></li></ul></div>
<div id="content"><h1>Headline</h1><p>Hello <b>wor</b>ld, see <a href="/x">this link</a> now.
<img src="i.png" alt="a picture"></p>tail text<style>p{}</style><noscript>no</noscript></div>
</body></html>"""


def test_blocks_are_cut_at_block_tags_in_document_order():
    blocks = segment(parse_html(PAGE))
    assert [b.text for b in blocks] == [
        "Home", "News", "Headline", "Hello world, see this link now.", "tail text"]
    assert [b.tag for b in blocks] == ["li", "li", "h1", "p", "div"]
    assert [b.index for b in blocks] == [0, 1, 2, 3, 4]
    # offsets count the block text before each block
    assert blocks[1].offset == 4 and blocks[2].offset == 8


def test_blocks_record_links_images_paths_and_hints():
    blocks = segment(parse_html(PAGE))
    home, para, tail = blocks[0], blocks[3], blocks[4]
    assert home.link_chars == 4 and home.link_density == 1.0
    assert para.link_chars == len("this link") and 0 < para.link_density < 0.5
    assert [a.get("href") for a in para.anchors] == ["/x"]
    assert para.images == ["a picture"]
    assert para.path == ("body", "div", "p") and para.depth == 3
    assert "nav" in home.hint_text and "content" in para.hint_text
    assert para.hints[-1] == "p" and para.hints[-2] == "div content"
    assert tail.element.get("id") == "content"


def test_script_style_and_head_text_are_not_blocks():
    texts = " ".join(b.text for b in segment(parse_html(PAGE)))
    assert "not text" not in texts and "p{}" not in texts and "no" not in texts.split()
    assert "T" not in texts.split()


def test_ten_thousand_nested_divs_do_not_recurse():
    root = lxml.html.Element("html")
    node = lxml.html.etree.SubElement(root, "body")
    for i in range(10_000):
        node = lxml.html.etree.SubElement(node, "div")
        node.text = f"w{i} "
    started = time.process_time()
    blocks = segment(root)
    assert len(blocks) == 10_000
    assert blocks[-1].depth == 10_001 and len(blocks[-1].path) <= 12
    assert time.process_time() - started < 5


def test_tag_stream_keeps_code_as_single_pieces_and_unescapes_text():
    pieces = list(tag_stream('<p>a &amp; b<!-- x <b>y</b> --><script>if (a<b) {}</script>c</p>'))
    kinds = [(p.is_tag, p.text) for p in pieces]
    assert kinds[0] == (True, "<p>")
    assert kinds[1] == (False, "a & b")
    assert kinds[2][0] and kinds[2][1].startswith("<!--")
    assert kinds[3][0] and kinds[3][1].startswith("<script>")
    assert kinds[4] == (False, "c")
    assert sum(p.size for p in pieces) == len('<p>a &amp; b<!-- x <b>y</b> --><script>if (a<b) {}</script>c</p>')
    assert pieces[0].breaks and not any(p.breaks for p in pieces if not p.is_tag)


def test_tag_stream_survives_broken_markup():
    pieces = list(tag_stream("<div <p>x < y <!-- unterminated"))
    assert "".join(p.text for p in pieces if not p.is_tag).strip()
    assert [w.strip() for w in word_tokens(" a  b\nc ")] == ["a", "b", "c"]


def test_words_keep_spacing_and_split_cjk():
    words = word_tokens("中文， hello wor") + word_tokens("ld ") + word_tokens("안녕 하세요")
    assert [w.strip() for w in words] == ["中", "文", "，", "hello", "wor", "ld", "안", "녕", "하", "세", "요"]
    assert join_words(words) == "中文， hello world 안녕 하세요"
