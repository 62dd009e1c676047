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


def test_may_have_href_is_false_only_when_no_href_matches():
    import random

    from maintext.html.document import parse_html
    from maintext.metadata.authors import AUTHOR_HREF
    from maintext.metadata.collect import collect
    from maintext.metadata.extras import CATEGORY_HREF, TAG_HREF

    rng = random.Random(7)
    parts = ["/", "tag", "TAG", "Tags", "author", "AUTHOR", "kategorie", "\u212aategorie", "x", "?", "#",
             "https://e.com", "ſchlagwort", "a", "-", "label"]
    seen = {True: 0, False: 0}
    for _ in range(600):
        hrefs = ["".join(rng.choice(parts) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(0, 4))]
        root = parse_html("<html><body>" + "".join(f'<a href="{h}">x</a>' for h in hrefs) + "</body></html>")
        got = collect(root)
        for pattern in (AUTHOR_HREF, CATEGORY_HREF, TAG_HREF):
            any_match = any(pattern.search(h) for h, _, _ in got.anchor_records() if h)
            maybe = got.may_have_href(pattern)
            assert maybe or not any_match, hrefs
            seen[maybe] += 1
    assert seen[False] and seen[True]
