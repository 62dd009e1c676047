"""CX line-block extractor: Ctext, the block distribution and the four boundary conditions."""

from __future__ import annotations

import pytest

import maintext
from maintext.html.document import Document
from maintext.methods.lineblock import block_lengths, ctext, distribution, find_regions
from maintext.options import LineBlockOptions, Options
from tests.conftest import dataset_dir, page_bytes, read_gold

PARA = "The committee met on Tuesday to discuss the proposed budget for the coming year."  # 67 non-space
LONG = PARA + " " + PARA  # 134 non-space characters: one line rises above 86 on its own


def _lines(*lines: str) -> str:
    return "\n".join(lines)


def _run(html: str, **opts) -> maintext.Page:
    return maintext.extract(html, method="lineblock", lineblock=opts) if opts else \
        maintext.extract(html, method="lineblock")


# --- Ctext -------------------------------------------------------------------------------

def test_ctext_keeps_every_line_and_blank():
    html = "<p>one</p>\n\n<div>  two <b>bold</b></div>\n"
    # every tag becomes one space: the lines and their non-space text are unchanged
    assert ctext(html) == " one \n\n   two  bold  \n"


def test_ctext_drops_scripts_styles_comments_with_their_lines():
    html = _lines("<html><head><title>T</title>", "<script>", "var x = '<p>no</p>';",
                  "</script></head>", "<body><!-- a", "comment --><style>p{}</style>text</body></html>")
    lines = ctext(html).split("\n")
    assert "".join(lines).strip() == "text"
    assert "no" not in ctext(html) and "comment" not in ctext(html)


def test_ctext_unescapes_entities_after_removing_tags():
    assert ctext("<p>a &lt;b&gt; &amp; &#39;c&#39;&nbsp;d &eacute;</p>").strip() == "a <b> & 'c'\xa0d é"


def test_ctext_missing_head_end_keeps_body():
    assert ctext("<head><meta charset=utf-8><body><p>kept</p>").strip() == "kept"


def test_ctext_unclosed_script_drops_the_rest():
    assert ctext("<p>before</p><script>x = 1; <p>after</p>").strip() == "before"


def test_ctext_uppercase_tags_and_crlf():
    assert ctext("<SCRIPT type=x>bad()</SCRIPT >\r\n<P>ok</P>\r\nmore") == "\n ok \nmore"


def test_ctext_lone_less_than_sign_is_text():
    assert ctext("<p>3 < 4 and 5 > 2</p>").strip() == "3 < 4 and 5 > 2"


def test_ctext_markup_inside_quoted_attributes_is_removed():
    html = '<input value="<b>News</b> | Photos" title=\'a>b\'><p data-x="{&quot;a&quot;:1}">text</p>'
    assert ctext(html).split() == ["text"]


def test_tags_do_not_glue_words_and_inline_spaces_are_tidied():
    page = _run("<div><p>" + PARA + "</p><p>Next <a href='/x'>link</a>. "
                "<b>中国</b>人民 " + PARA + "</p>\n<p>" + PARA + "</p></div>\n\n\n\n")
    assert page.paragraphs == [PARA + " Next link. 中国人民 " + PARA, PARA]


# --- distribution ------------------------------------------------------------------------

def test_block_lengths_sliding_window_sums_k_lines():
    assert block_lengths([1, 2, 3, 0, 5], 3) == [6, 5, 8, 5, 5]
    assert block_lengths([1, 2, 3, 0, 5], 1) == [1, 2, 3, 0, 5]
    assert block_lengths([], 3) == []


def test_block_length_ignores_all_whitespace():
    r = distribution("a b\tc\n\u3000\xa0\nd", LineBlockOptions(block_thickness=2))
    assert r.blocks == [3, 1, 1]


# --- the four boundary conditions --------------------------------------------------------

def test_condition1_rise_threshold():
    html = _lines("menu", "", "", "", PARA, PARA, "", "", "", "")
    r = distribution(html, LineBlockOptions())
    # block 2 (lines 2-4) = 67 does not rise; block 3 (lines 3-5) = 134 > 86 starts the body
    assert r.blocks[2:4] == [67, 134] and r.start == 3
    assert _run(html).paragraphs == [PARA, PARA]
    # ... but not when the threshold is above every block
    r = distribution(html, LineBlockOptions(rise_threshold=200))
    assert r.start is None and r.chosen == [] and "threshold" in r.reason
    assert _run(html, rise_threshold=200).text == ""


def test_condition2_followers_all_vs_any():
    # one long line followed by blank lines: its next K blocks are not all non-zero
    html = _lines("x", "", "", "", LONG, "", "", "", "", "")
    blocks = distribution(html, LineBlockOptions()).blocks
    assert find_regions(blocks, 3, 86, "all") == []
    assert find_regions(blocks, 3, 86, "any") == [(2, 5)]
    r = distribution(html, LineBlockOptions(rise_followers="all"))
    assert r.start is None and "condition 2" in r.reason
    assert _run(html, rise_followers="any").text == LONG


def test_condition2_rejects_unknown_mode():
    with pytest.raises(maintext.MaintextError):
        distribution("<p>x</p>", LineBlockOptions(rise_followers="most"))


def test_condition2_all_holds_when_text_continues():
    html = _lines(LONG, PARA, PARA, PARA, PARA, "", "", "", "")
    blocks = distribution(html, LineBlockOptions()).blocks
    assert find_regions(blocks, 3, 86, "all") == [(0, 5)]


def test_condition3_region_ends_at_two_zero_blocks():
    # a single blank line inside the body does not end it (blocks around it stay non-zero)
    html = _lines(PARA, PARA, "", PARA, "", "", "", "", "", "", "", "tail")
    r = distribution(html, LineBlockOptions())
    assert (r.start, r.end) == (0, 4)
    assert r.blocks[r.end] == 0 and r.blocks[r.end + 1] == 0
    assert _run(html).paragraphs == [PARA, PARA, PARA]


def test_condition3_body_at_end_of_text():
    html = _lines("", PARA, PARA)
    r = distribution(html, LineBlockOptions())
    assert (r.start, r.end) == (0, 3)
    assert _run(html).paragraphs == [PARA, PARA]


def test_condition4_region_must_hold_the_maximum():
    first = [PARA, PARA]  # a region with blocks up to 134
    body = [LONG, LONG, PARA]  # the body: blocks up to 335
    gap = [""] * 6
    html = _lines(*first, *gap, *body, *gap)
    r = distribution(html, LineBlockOptions())
    assert len(r.regions) == 2
    assert r.chosen == [r.regions[1]]
    assert r.blocks[r.maximum] == max(r.blocks) and r.start <= r.maximum < r.end
    page = _run(html)
    assert page.paragraphs == body
    # without condition 4 every region is taken (the author's public implementation)
    assert _run(html, require_maximum=False).paragraphs == first + body


def test_dense_navigation_list_loses_to_the_body():
    nav = "\n".join(f'<li><a href="/n{i}">Headline number {i} about the news of the day</a></li>' for i in range(12))
    body = "\n".join(f"<p>{LONG} {i}</p>" for i in range(6))
    html = f"<html><body><ul>\n{nav}\n</ul>\n\n\n\n\n<div>\n{body}\n</div>\n\n\n\n</body></html>"
    page = _run(html)
    assert page.paragraphs[0].startswith(PARA) and len(page.paragraphs) == 6
    assert "Headline number" not in page.text
    r = distribution(html, LineBlockOptions())
    assert len(r.regions) == 2  # the list is a region too, but without the maximum


def test_block_thickness_parameter():
    html = _lines(LONG, "", "", LONG, LONG, LONG, "", "", "")
    # K=1: the first line is isolated (its one follower block is empty: condition 2)
    assert distribution(html, LineBlockOptions(block_thickness=1)).regions == [(3, 6)]
    assert _run(html, block_thickness=1).paragraphs == [LONG, LONG, LONG]
    # K=3: blocks span the two blank lines, one region holds all four paragraphs
    r = distribution(html, LineBlockOptions(block_thickness=3))
    assert r.blocks == [134, 134, 268, 402, 268, 134, 0, 0, 0] and r.regions == [(0, 6)]
    assert _run(html, block_thickness=3).paragraphs == [LONG] * 4


def test_whitespace_collapsed_in_paragraphs():
    html = "<div>\n<p>  " + PARA.replace(" ", " \t ") + "</p>\n<p>" + PARA + "&nbsp;&nbsp;more</p>\n</div>"
    page = _run(html)
    assert page.paragraphs == [PARA, PARA + " more"]


# --- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("html", ["", "   \n\n", "<html><head></head><body></body></html>",
                                  "<script>only()</script>", "\x00\x01 garbage \x02", "<<<<>>>>"])
def test_empty_or_garbage_gives_empty_text_with_reason(html):
    page = maintext.extract_document(Document(html, options=Options()), "lineblock")
    assert page.text == "" and page.paragraphs == []
    assert page.reason


def test_short_page_below_threshold_has_reason():
    page = _run("<p>Just a short note.</p>")
    assert page.text == "" and "threshold" in page.reason


def test_linear_on_pathological_markup():
    html = ("<a" * 50_000 + "<script" * 20_000 + "<!--" * 20_000 + '<a "' + "x" * 100_000
            + "<b '" * 20_000 + '<i "<b \'' * 20_000)
    r = distribution(html, LineBlockOptions())  # must return quickly (pytest timeout guards it)
    assert r.chosen == []


def test_explain_records_regions():
    html = _lines(PARA, PARA, "", "", "", "", "", "", LONG, LONG, "", "", "")
    page = maintext.extract(html, method="lineblock", explain=True)
    assert [e["kept"] for e in page.explain] == [False, True]
    assert page.extra["start"] == 6  # block 6 = lines 6-8 already holds one LONG line


# --- real pages --------------------------------------------------------------------------

def test_chinese_news_page_body_and_metadata():
    gold = {g["id"]: g for g in read_gold("gne-cn")}
    page = maintext.extract(page_bytes("gne-cn", "163-1"), method="lineblock")
    assert "龙湖集团" in page.text
    assert page.title and page.date and page.date.startswith("2019-")
    assert gold["163-1"]["text"].splitlines()[1][:20] in page.text


def test_aeb_pages_give_text_or_reason():
    folder = dataset_dir("aeb")
    for g in read_gold("aeb")[:10]:
        page = maintext.extract(folder / g["file"], method="lineblock")
        assert page.text or page.reason
