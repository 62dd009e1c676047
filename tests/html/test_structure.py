"""Typed blocks from the one segmentation (``maintext.html.structure``)."""

from __future__ import annotations

from maintext.html.clean import clean_tree
from maintext.html.document import parse_html
from maintext.html.segment import segment
from maintext.html.structure import typed_blocks


def _typed(html: str, url: str | None = "http://example.com/dir/page.html"):
    root = parse_html(html)
    clean_tree(root)
    seg = segment(root)
    return seg, typed_blocks(seg.blocks, seg, url)


def test_headings_paragraphs_and_inline_spans():
    _, blocks = _typed('<h2>Title</h2><p>A <b>bold</b> and <em>em</em> <a href="x.html">link</a> '
                       '<code>f()</code>.</p>')
    head, para = blocks
    assert (head.kind, head.level, head.text) == ("heading", 2, "Title")
    assert para.kind == "paragraph" and para.text == "A bold and em link f()."
    got = [(para.text[s.start:s.end], s.kind, s.href) for s in para.spans]
    assert got == [("bold", "strong", None), ("em", "em", None),
                   ("link", "link", "http://example.com/dir/x.html"), ("f()", "code", None)]


def test_list_items_kind_depth_and_numbers_honour_start_and_value():
    _, blocks = _typed('<ol start="4"><li>four</li><li value="9">nine</li><li>ten'
                       '<ul><li>inner</li></ul></li></ol>')
    assert [(b.text, b.list_kind, b.depth, b.number) for b in blocks] == [
        ("four", "ol", 1, 4), ("nine", "ol", 1, 9), ("ten", "ol", 1, 10), ("inner", "ul", 2, None)]
    assert all(b.kind == "list_item" and b.item_start for b in blocks)


def test_list_item_with_two_blocks_marks_only_the_first():
    _, blocks = _typed("<ul><li><p>one</p><p>two</p></li></ul>")
    assert [(b.text, b.item_start) for b in blocks] == [("one", True), ("two", False)]


def test_table_cells_rows_columns_headers_and_spans():
    _, blocks = _typed('<table><thead><tr><td>h1</td><th colspan="2">h2</th></tr></thead>'
                       '<tr><td rowspan="2">a</td><td>b</td><td>c</td></tr></table>'
                       '<table><tr><td>second</td></tr></table>')
    cells = [(b.text, b.table, b.row, b.col, b.header, b.colspan, b.rowspan) for b in blocks]
    assert cells == [("h1", 0, 0, 0, True, 1, 1), ("h2", 0, 0, 1, True, 2, 1),
                     ("a", 0, 1, 0, False, 1, 2), ("b", 0, 1, 1, False, 1, 1),
                     ("c", 0, 1, 2, False, 1, 1), ("second", 1, 0, 0, False, 1, 1)]


def test_cells_under_a_rowspan_move_right():
    _, blocks = _typed('<table><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></table>')
    assert [(b.text, b.row, b.col) for b in blocks] == [("a", 0, 0), ("b", 0, 1), ("c", 1, 1)]
    assert all(b.kind == "table_cell" for b in blocks)


def test_code_keeps_whitespace_and_language():
    src = "def f(x):\n    if x:\n\n        return  1"
    _, blocks = _typed(f'<pre><code class="lang-py">{src}</code></pre><pre class="language-rust">fn a()</pre>')
    assert [(b.kind, b.text, b.language) for b in blocks] == [("code", src, "py"), ("code", "fn a()", "rust")]


def test_quote_figure_caption_and_image():
    _, blocks = _typed('<blockquote><p>Said <i>so</i>.</p><blockquote>deeper</blockquote></blockquote>'
                       '<figure><img src="/p.png" alt="A cat"><figcaption>The cat</figcaption></figure>')
    assert [(b.kind, b.text, b.quote_depth) for b in blocks[:2]] == [("quote", "Said so.", 1), ("quote", "deeper", 2)]
    image, caption = blocks[2:]
    assert (image.kind, image.src, image.alt) == ("image", "http://example.com/p.png", "A cat")
    assert (caption.kind, caption.text) == ("caption", "The cat")


def test_line_breaks_stay_as_newlines_and_text_matches_the_block():
    seg, blocks = _typed("<p>one <b>two</b><br>  three<br><br>four</p>")
    assert blocks[0].text == "one two\nthree\nfour"
    assert seg.blocks[0].text == "one two three four"
    assert seg.blocks[0].lines() == ["one two", "three", "four"]


def test_span_crossing_a_block_boundary_ends_with_the_block():
    _, blocks = _typed('<div><a href="/a">start<p>inside</p>after</a> tail</div>')
    texts = [b.text for b in blocks]
    assert texts == ["start", "inside", "after tail"]
    assert [(s.start, s.end) for s in blocks[0].spans] == [(0, 5)]
