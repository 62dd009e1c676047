from __future__ import annotations

import time

import pytest

import maintext
from maintext.api import mark_links_in_text
from maintext.result import Link

ARTICLE = (
    "<html><head><title>Water on Europa - Science</title></head><body>"
    "\n<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>\n\n\n\n"
    "<article><h1>Water on Europa</h1>\n"
    + "".join(
        f"<p>Paragraph {i} tells how the team measured water vapour above the moon's surface, "
        f"as reported by <a href='/nasa'>the space agency</a> in its statement.</p>\n"
        for i in range(6)
    )
    + "</article>\n\n\n\n<footer>Copyright</footer></body></html>"
)


def test_extract_merges_metadata_and_marks_links_in_main():
    page = maintext.extract(ARTICLE, url="https://example.org/a/b", method="lineblock")
    assert page.title == "Water on Europa - Science"
    assert page.method == "lineblock"
    by_text = {link.text: link for link in page.links}
    assert by_text["the space agency"].url == "https://example.org/nasa"
    assert by_text["the space agency"].in_main is True
    assert by_text["Home"].in_main is False


def test_auto_marks_the_links_whose_element_is_in_the_main_text():
    # "News" is a word of the article too: word matching would call the nav link main text
    html = ARTICLE.replace("as reported by", "in the News as reported by")
    page = maintext.extract(html, url="https://example.org/a/b")
    by_text = {link.text: link for link in page.links}
    assert by_text["the space agency"].in_main is True
    assert by_text["News"].in_main is False and by_text["Home"].in_main is False
    precise = maintext.extract(html, url="https://example.org/a/b", auto={"favor_precision": True})
    assert precise.text and any(link.in_main for link in precise.links)


def test_mark_links_is_word_aligned_and_handles_long_anchors():
    links = [Link("u1", "cat"), Link("u2", "concatenate"), Link("u3", "a b c d e f g h"),
             Link("u4", "x"), Link("u5", "中文")]
    mark_links_in_text(links, "A B C D E f g h; the cat sat. 中文的")
    assert [link.in_main for link in links] == [True, False, True, False, True]


def test_mark_links_is_linear_on_pages_with_many_links():
    body = " ".join(f"word{i}" for i in range(200_000))
    links = [Link(f"https://e/{i}", f"word{i} word{i + 1}") for i in range(0, 120_000, 2)]
    start = time.perf_counter()
    mark_links_in_text(links, body)
    elapsed = time.perf_counter() - start
    assert all(link.in_main for link in links)
    assert elapsed < 10, f"took {elapsed:.1f} s"


def test_empty_result_has_a_reason():
    page = maintext.extract("<html><body><nav><a href='/'>Home</a></nav></body></html>", method="lineblock")
    assert page.text == "" and page.reason


@pytest.mark.parametrize("bad, error", [
    (b"", maintext.EmptyDocumentError),
    (b"   \n\t ", maintext.EmptyDocumentError),
    (b"\x89PNG\r\n\x1a\n" + bytes(200), maintext.BinaryContentError),
])
def test_bad_input_raises_documented_errors(bad, error):
    with pytest.raises(error):
        maintext.extract(bad, method="lineblock")


def test_input_over_the_size_limit():
    with pytest.raises(maintext.DocumentTooLargeError):
        maintext.extract(b"<p>" + b"x" * 2000, method="lineblock", max_input_bytes=1000)


def test_a_document_can_be_extracted_again_with_cleared_caches():
    doc = maintext.load_document(ARTICLE, url="https://example.org/a/b")
    first = maintext.extract_document(doc)
    doc.drop_tree()  # what a benchmark does to drop the parsed tree
    second = maintext.extract_document(doc, "lineblock")
    assert first.text and second.text
    assert {link.text for link in second.links if link.in_main} == {"the space agency"}


def test_options_of_a_plain_call_are_built_once_per_fields():
    from maintext import api

    text_only = api._call_options(None, ("text",), {})
    assert api._call_options(None, ["text"], {}) is text_only
    assert api._call_options(None, "text", {}) is api._call_options(None, "text", {})
    assert not text_only.with_metadata and not text_only.with_links and text_only.fields == ("text",)
    assert api._call_options(None, None, {}) is api._call_options(None, None, {})
    mine = maintext.Options(with_links=False)
    assert api._call_options(mine, None, {}) is mine  # a caller's options are used as given
    assert api._call_options(None, None, {"with_links": False}).with_links is False
    with pytest.raises(ValueError):
        api._call_options(None, ("nope",), {})
