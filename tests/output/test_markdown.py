"""Markdown of typed blocks: one test per block kind, on hand-built TextBlocks."""

from __future__ import annotations

from maintext.output.markdown import MarkdownStyle, to_markdown_blocks
from maintext.result import Span
from maintext.result import TextBlock as T


def md(*blocks: T, **style: bool) -> str:
    return to_markdown_blocks(list(blocks), MarkdownStyle(**style))


def test_headings_keep_their_levels():
    assert md(T("heading", "Top", level=1), T("heading", "Sub", level=3)) == "# Top\n\n### Sub\n"
    assert md(T("heading", "No level")) == "## No level\n"


def test_paragraphs_escape_marks_and_inline_markup():
    assert md(T("paragraph", "# no"), T("paragraph", "3. no"), T("paragraph", "a *b* [c] x_y _z_")) == \
        "\\# no\n\n3\\. no\n\na \\*b\\* \\[c\\] x_y \\_z\\_\n"


def test_line_breaks_in_a_paragraph_are_hard_breaks():
    assert md(T("paragraph", "line one\nline two")) == "line one\\\nline two\n"


def test_nested_and_numbered_lists():
    out = md(T("list_item", "a", list_kind="ul", depth=1, item_start=True),
             T("list_item", "a1", list_kind="ol", depth=2, number=1, item_start=True),
             T("list_item", "a2", list_kind="ol", depth=2, number=2, item_start=True),
             T("paragraph", "more of a2", list_kind="ol", depth=2),
             T("list_item", "b", list_kind="ul", depth=1, item_start=True),
             T("paragraph", "after"))
    assert out == "- a\n  1. a1\n  2. a2\n\n     more of a2\n\n- b\n\nafter\n"


def test_ordered_list_keeps_its_start_number():
    out = md(T("list_item", "nine", list_kind="ol", depth=1, number=9, item_start=True),
             T("list_item", "ten", list_kind="ol", depth=1, number=10, item_start=True))
    assert out == "9. nine\n10. ten\n"


def test_list_block_without_its_first_block_still_gets_a_mark():
    assert md(T("paragraph", "orphan", list_kind="ul", depth=2)) == "  - orphan\n"


def test_code_keeps_exact_lines_and_language():
    code = "def f(x):\n    if x:\n\n        return ```\n"
    out = md(T("code", code, language="python"))
    assert out == "````python\ndef f(x):\n    if x:\n\n        return ```\n````\n"


def test_code_inside_a_list_item_is_indented():
    out = md(T("list_item", "step", list_kind="ol", depth=1, number=1, item_start=True),
             T("code", "make\n  all", list_kind="ol", depth=1))
    assert out == "1. step\n\n   ```\n   make\n     all\n   ```\n"


def test_quotes_nest():
    out = md(T("quote", "outer", quote_depth=1), T("quote", "outer 2", quote_depth=1),
             T("quote", "inner", quote_depth=2))
    assert out == "> outer\n>\n> outer 2\n>\n> > inner\n"


def test_table_header_delimiter_and_escaped_pipes():
    cells = [T("table_cell", "Name", table=0, row=0, col=0, header=True),
             T("table_cell", "A|B", table=0, row=0, col=1, header=True),
             T("table_cell", "x", table=0, row=1, col=0), T("table_cell", "1", table=0, row=1, col=1)]
    assert md(*cells) == "| Name | A\\|B |\n| --- | --- |\n| x | 1 |\n"


def test_merged_cells_keep_their_text_once():
    cells = [T("table_cell", "h1", table=0, row=0, col=0), T("table_cell", "h2", table=0, row=0, col=1),
             T("table_cell", "h3", table=0, row=0, col=2),
             T("table_cell", "wide", table=0, row=1, col=0, colspan=2), T("table_cell", "c", table=0, row=1, col=2),
             T("table_cell", "tall", table=0, row=2, col=0, rowspan=2), T("table_cell", "d", table=0, row=2, col=1),
             T("table_cell", "e", table=0, row=2, col=2),
             T("table_cell", "f", table=0, row=3, col=1), T("table_cell", "g", table=0, row=3, col=2)]
    assert md(*cells).splitlines() == ["| h1 | h2 | h3 |", "| --- | --- | --- |", "| wide |  | c |",
                                       "| tall | d | e |", "|  | f | g |"]


def test_one_column_table_is_layout():
    cells = [T("table_cell", "only", table=0, row=0, col=0), T("table_cell", "column", table=0, row=1, col=0)]
    assert md(*cells) == "only\n\ncolumn\n"


def test_images_only_when_asked():
    img = T("image", "", src="https://e.org/a b.png", alt="A [pic]")
    assert md(img) == ""
    assert md(img, images=True) == "![A \\[pic\\]](https://e.org/a%20b.png)\n"


def test_links_and_emphasis_only_when_asked_inline_code_always():
    b = T("paragraph", "Read the docs now with x()", spans=[
        Span(5, 13, "link", "https://e.org/d"), Span(0, 4, "strong"), Span(14, 17, "em"),
        Span(23, 26, "code")])
    assert md(b) == "Read the docs now with `x()`\n"
    assert md(b, links=True, formatting=True) == "**Read** [the docs](https://e.org/d) *now* with `x()`\n"


def test_crossing_spans_are_dropped_not_their_text():
    b = T("paragraph", "abc def ghi", spans=[Span(0, 7, "strong"), Span(4, 11, "em")])
    assert md(b, formatting=True) == "**abc def** ghi\n"


def test_no_blocks_no_markdown():
    assert md() == ""


def test_every_line_of_a_multiline_paragraph_is_escaped():
    assert md(T("paragraph", "+ one\n+ two\n1. three")) == "\\+ one\\\n\\+ two\\\n1\\. three\n"


def test_lone_list_marks_are_escaped():
    assert md(T("paragraph", "01."), T("paragraph", "-")) == "01\\.\n\n\\-\n"


def test_a_nested_ordered_list_not_starting_at_one_gets_a_blank_line():
    out = md(T("list_item", "top", list_kind="ol", depth=1, number=1, item_start=True),
             T("list_item", "seventh", list_kind="ol", depth=2, number=7, item_start=True))
    assert out == "1. top\n\n   7. seventh\n"


def test_entity_like_text_stays_literal():
    assert md(T("paragraph", "write &amp; for & in HTML")) == "write \\&amp; for & in HTML\n"
