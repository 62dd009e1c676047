"""Forward links: resolving, filtering, anchor text."""

from __future__ import annotations

import pytest

from maintext.html.document import Document
from maintext.metadata.links import extract_links
from maintext.result import Page
from tests.metadata.helpers import meta_of


def test_links_resolved_and_filtered():
    html = """<html><head><base href="https://ex.example/dir/"></head><body>
    <a href="https://other.example/x"> Other
      site </a><a href="/root">Root</a><a href="rel.html"><b>Rel</b> link</a>
    <a href="//cdn.example/y">CDN</a><a href="../up/./z">Up</a><a href="#top">Top</a>
    <a href="mailto:a@b.c">Mail</a><a href="javascript:void(0)">JS</a><a>No href</a>
    <a href="ftp://files.example/f">FTP</a></body></html>"""
    links = meta_of(html, url="https://ex.example/page").links
    assert [(l.url, l.text) for l in links] == [
        ("https://other.example/x", "Other site"),
        ("https://ex.example/root", "Root"),
        ("https://ex.example/dir/rel.html", "Rel link"),
        ("https://cdn.example/y", "CDN"),
        ("https://ex.example/up/z", "Up"),
    ]


def test_links_without_base_url_kept_as_written():
    root = Document('<html><body><a href="a/b.html">x</a></body></html>').tree
    assert [l.url for l in extract_links(root, None)] == ["a/b.html"]
