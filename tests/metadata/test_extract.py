"""The metadata pass end to end: <meta> priorities, bad input, real pages, declared URLs."""

from __future__ import annotations

import pytest

from maintext.html.document import Document
from maintext.metadata.extract import extract_metadata
from maintext.result import Page
from tests.conftest import page_bytes, read_gold
from tests.metadata.helpers import meta_of


def test_opengraph_and_meta_priorities():
    html = """<html lang="en-GB"><head><title>Site title</title>
    <meta property="og:title" content="OG title">
    <meta name="description" content="plain description">
    <meta property="og:description" content="og description">
    <meta property="article:modified_time" content="2019-01-01T00:00:00Z">
    <meta property="article:published_time" content="2018-05-06T07:08:09Z">
    <meta name="keywords" content="alpha, beta;gamma, Alpha">
    <meta property="og:site_name" content="The Site">
    <meta name="twitter:creator" content="@handle">
    </head><body><p>text</p></body></html>"""
    page = meta_of(html)
    assert page.title == "Site title"
    assert page.headline == "OG title"  # no h1: the og:title is the content title
    assert page.description == "og description"
    assert page.date == "2018-05-06T07:08+00:00"
    assert page.keywords == ["alpha", "beta", "gamma"]  # split, deduplicated
    assert page.sitename == "The Site"
    assert page.author is None  # a handle is not a name
    assert page.language == "en-gb"


def test_no_head_at_all():
    page = meta_of("<p>Only a paragraph, 2019-08-27, no head, no body tag.</p>")
    assert page.title == "" and page.date == "2019-08-27"


@pytest.mark.parametrize("html", ["", "   ", "<!-- only a comment -->", "\x00\x01garbage",
                                  "<html><head><title></title></head></html>"])
def test_empty_or_garbage_input_gives_empty_metadata(html):
    page = meta_of(html)
    assert page.date is None and page.author is None and page.keywords == []


def test_deeply_nested_page_does_not_recurse():
    html = "<div>" * 5000 + "<h1>Deep</h1><p>2020-01-02</p>" + "</div>" * 5000
    page = meta_of(html)
    assert page.date == "2020-01-02"


def test_gne_cn_pages_have_date_and_headline():
    gold = read_gold("gne-cn")
    ids = [g["id"] for g in gold if g["id"] in ("163-1", "ifeng-1", "sina-1", "thepaper-1", "qq-qq")]
    assert ids
    for pid in ids:
        doc = Document(page_bytes("gne-cn", pid).decode("utf-8", "replace"))
        page = Page()
        extract_metadata(doc, page)
        assert page.date and page.date[:4] in ("2019", "2020"), (pid, page.date)
        assert page.headline, pid


def test_declared_url_is_used_when_none_is_given():
    import maintext

    html = ("<html><head><link rel='canonical' href='https://news.example/2024/story'>"
            "<meta property='og:url' content='https://other.example/'></head>"
            "<body><p>text <a href='/about'>About</a> <a href='next'>Next</a></p></body></html>")
    page = maintext.extract(html, method="lineblock")
    assert page.url == "https://news.example/2024/story"
    assert [link.url for link in page.links] == ["https://news.example/about", "https://news.example/2024/next"]
    given = maintext.extract(html, url="https://mirror.example/x", method="lineblock")
    assert given.url == "https://mirror.example/x"
    assert given.links[0].url == "https://mirror.example/about"


def test_declared_url_must_be_absolute_http():
    import maintext

    html = "<html><head><link rel='canonical' href='/relative'></head><body><p>x</p></body></html>"
    assert maintext.extract(html, method="lineblock").url is None
