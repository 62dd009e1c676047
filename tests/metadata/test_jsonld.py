"""The one JSON-LD reader: article objects first, broken scripts tolerated, one parse shared."""

from __future__ import annotations

import pytest

from maintext.html.document import Document
from maintext.metadata.extract import extract_metadata
from maintext.metadata.jsonld import JsonLdBody, article_body, parse_json_ld, read_json_ld
from maintext.result import Page
from tests.metadata.helpers import meta_of


JSON_LD_PAGE = """<html><head><title>Big news | Example Times</title>
<script type="application/ld+json">
{"@context": "https://schema.org", "@graph": [
  {"@type": "Organization", "name": "Example Times", "author": "Not The Author"},
  {"@type": "NewsArticle", "headline": "Big news", "datePublished": "2021-03-04T05:06:07+01:00",
   "dateModified": "2022-01-01", "author": [{"@type": "Person", "name": "Ann Lee"},
   {"@type": "Person", "name": "Bo Chan"}], "keywords": ["politics", "budget"],
   "publisher": {"@type": "Organization", "name": "Example Times"},
   "articleBody": "The body as the publisher declares it."}]}
</script></head><body><h1>Big news</h1><p>Text.</p></body></html>"""


def test_json_ld_article_fields_win_over_other_objects():
    page = meta_of(JSON_LD_PAGE)
    assert page.title == "Big news | Example Times"
    assert page.headline == "Big news"
    assert page.date == "2021-03-04T05:06+01:00"  # published, not modified; offset kept
    assert page.date_modified == "2022-01-01"
    assert page.authors == ["Ann Lee", "Bo Chan"]
    assert page.author == "Ann Lee, Bo Chan"  # the article's, not the organisation's
    assert page.keywords == ["politics", "budget"]
    assert page.sitename == "Example Times"


def test_json_ld_article_body_is_cached_and_available():
    body = "The body as the publisher declares it. " * 3  # a teaser under 80 characters is no body
    html = JSON_LD_PAGE.replace("The body as the publisher declares it.", body)
    doc = Document(html)
    extract_metadata(doc, Page())
    assert article_body(doc) == article_body(Document(html)) == body
    assert article_body(Document(JSON_LD_PAGE)) is None


def test_json_ld_is_one_typed_value_shared_with_methods():
    body = "The body as the publisher declares it, long enough to count as an article body here."
    html = JSON_LD_PAGE.replace("The body as the publisher declares it.", body)
    doc = Document(html)
    extract_metadata(doc, Page())
    assert len(doc.ld_script_texts) == 1 and '"articleBody"' in doc.ld_script_texts[0]
    assert doc.json_ld is read_json_ld(doc) and doc.json_ld["headline"] == "Big news"
    # a method reads the same body whether metadata ran first or not, also after the
    # scripts are gone from the tree (the texts are taken when the reader is made)
    fresh = Document(html)
    reader = JsonLdBody(fresh)
    for script in list(fresh.tree.iter("script")):
        script.getparent().remove(script)
    assert JsonLdBody(doc).body() == reader.body() == body


def test_longest_article_body_anywhere_and_short_ones_ignored():
    long_body = "word " * 40
    texts = ['{"@type": "WebPage", "hasPart": [{"@type": "Article", "articleBody": "%s"}]}' % long_body,
             '{"@type": "NewsArticle", "articleBody": "too short"}']
    assert parse_json_ld(texts)["articleBody"] == long_body


def test_json_ld_sections_image_license_url():
    ld = parse_json_ld(['{"@type": "BlogPosting", "articleSection": ["Politik", "Inland"],'
                        ' "image": {"@type": "ImageObject", "url": "https://i.example/a.jpg"},'
                        ' "license": "https://creativecommons.org/licenses/by-sa/4.0/",'
                        ' "author": {"name": "Ann Lee"}}'])
    assert ld["articleSection"].split("\x1f") == ["Politik", "Inland"]
    assert ld["image"] == "https://i.example/a.jpg"
    assert ld["license"].endswith("/by-sa/4.0/")
    assert ld["author"] == "Ann Lee"


def test_broken_json_ld_is_ignored_and_other_sources_used():
    html = """<html><head><title>T</title>
    <script type="application/ld+json">{"@type": "Article", "headline": "x", </script>
    <script type="application/ld+json">{"@type": "Article", "datePublished": "2020-02-03",
    "description": "a line
    break inside a string"}</script>
    <meta name="author" content="By Jane Roe"></head><body><p>x</p></body></html>"""
    page = meta_of(html)
    assert page.date == "2020-02-03"  # the second block, repaired (raw line break)
    assert page.author == "Jane Roe"  # "By " removed


def test_article_body_found_under_an_escaped_key():
    from maintext.metadata.jsonld import parse_json_ld

    body = "Body text. " * 30
    for key in ("articleBody", "article\\u0042ody", "\\u0061rticleBody"):
        text = '{"@type": "NewsArticle", "headline": "H", "%s": "%s"}' % (key, body)
        assert parse_json_ld([text])["articleBody"] == body, key
    assert "articleBody" not in parse_json_ld(['{"@type": "NewsArticle", "headline": "H", "text": "%s"}' % body])


def test_json_loads_same_value_or_error_as_json_loads():
    """``jsonld._json_loads`` calls the decoder's scan directly: the value json.loads gives,
    or an error where it raises one (white space, a BOM, extra data, broken JSON)."""
    import json
    import random

    from maintext.metadata.jsonld import _json_loads

    pieces = ['{"a": 1}', '[1, 2]', '"x"', "1", "null", " ", "\t", "\n", "\r", "\x1c", "\ufeff", "{", "}", "[", "]",
              ",", ":", '"a"', "x", "NaN", "-", "0", "\\", '"\\u00e9"', "true"]
    rng = random.Random(21)
    for _ in range(30000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 5)))
        try:
            want = ("value", json.loads(text))
        except ValueError:
            want = ("error",)
        try:
            got = ("value", _json_loads(text))
        except ValueError:
            got = ("error",)
        assert repr(got) == repr(want), text
