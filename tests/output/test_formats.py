"""Rendering pages as txt, JSON, Markdown and the folder layout."""

from __future__ import annotations

import json

import pytest

from maintext.output.formats import folder_text, render, safe_filename, to_markdown
from maintext.result import Page


def sample() -> Page:
    page = Page(url="https://example.org/a", method="t", title="Site | Story", headline="The story",
                date="2024-05-01", author="A. Writer", keywords=["x", "y"])
    page.set_paragraphs(["First paragraph.", "# not a heading", "- not a list", "2. not numbered", "Last."])
    return page


def test_txt_is_the_body_only():
    assert render(sample(), "txt") == "First paragraph.\n# not a heading\n- not a list\n2. not numbered\nLast.\n"
    assert render(Page(), "txt") == ""


def test_json_round_trips_and_hides_explain_unless_asked():
    page = sample()
    page.explain = [{"block": 0, "keep": True}]
    data = json.loads(render(page, "json"))
    assert data["headline"] == "The story" and data["keywords"] == ["x", "y"] and "explain" not in data
    assert json.loads(render(page, "json", with_explain=True))["explain"] == [{"block": 0, "keep": True}]


def test_markdown_is_the_blocks_only_with_leading_marks_escaped():
    md = to_markdown(sample())
    blocks = md.rstrip("\n").split("\n\n")
    assert blocks == ["First paragraph.", "\\# not a heading", "\\- not a list", "2\\. not numbered", "Last."]


def test_markdown_of_an_empty_page():
    assert to_markdown(Page(title="Only title")) == ""
    assert to_markdown(Page()) == ""


def test_unknown_format():
    with pytest.raises(ValueError, match="unknown output format"):
        render(sample(), "pdf")


def test_folder_layout_title_keywords_date_body():
    record = {"id": "a", **sample().to_dict()}
    text = folder_text(record)
    assert text == ("Title: The story\nKeywords: x, y\nDate: 2024-05-01\n\n"
                    "First paragraph.\n# not a heading\n- not a list\n2. not numbered\nLast.\n")
    assert folder_text({"id": "e", "title": "T\n  x", "text": ""}) == "Title: T x\nKeywords: \nDate: \n\n"


def test_safe_filenames_are_unique_and_safe():
    assert safe_filename("abc-1.2") == "abc-1.2.txt"
    a = safe_filename("https://example.org/a?b=1")
    b = safe_filename("https://example.org/a?b=2")
    assert a != b and "/" not in a and "?" not in a and a.endswith(".txt")
    assert "/" not in safe_filename("../../etc/passwd")
    assert len(safe_filename("x" * 500)) < 120
    assert safe_filename("中文") != safe_filename("日本")


def test_json_survives_odd_values():
    import datetime

    page = Page(method="t")
    page.set_paragraphs(["bad \ud800 surrogate"])
    page.extra = {"when": datetime.date(2021, 3, 4)}
    out = render(page, "json")
    out.encode("utf-8")
    data = json.loads(out)
    assert data["extra"]["when"] == "2021-03-04" and data["text"] == "bad \ud800 surrogate"
