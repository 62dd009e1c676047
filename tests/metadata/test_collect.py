"""The collecting pass: <meta> values sorted into fields, keywords split, text of elements."""

from __future__ import annotations

import pytest

from maintext.html.document import Document
from maintext.metadata.collect import text_content
from maintext.result import Page
from tests.metadata.helpers import meta_of


def test_keywords_cjk_spaces_and_broken_markup():
    page = meta_of('<html><head><meta name="keywords" content="华为 任正非 美国"></head><body></body></html>')
    assert page.keywords == ["华为", "任正非", "美国"]
    many = " ".join(["校长", "宏志班", "学生", "陈立群"] * 6)  # longer than one keyword may be
    page = meta_of(f'<html><head><meta name="keywords" content="{many}"></head><body></body></html>')
    assert page.keywords == ["校长", "宏志班", "学生", "陈立群"]
    page = meta_of('<html><head><meta name="keywords" content="<meta name="></head><body></body></html>')
    assert page.keywords == []


def test_anchor_text_of_nested_markup_equals_text_content():
    from maintext.html.document import parse_html

    root = parse_html('<p><a href="/x">Read <b>this <i>story</i></b>&nbsp;now<br>ok</a> tail</p>')
    a = next(root.iter("a"))
    assert text_content(a) == a.text_content() == "Read this story\xa0nowok"
