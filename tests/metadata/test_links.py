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


def test_origin_same_as_the_pattern():
    """``_origin`` reads an ASCII scheme with string calls: what ``_ORIGIN`` gives."""
    import random

    from maintext.metadata import links

    def reference(base):
        m = links._ORIGIN.match(base) if base else None
        return (None, None) if m is None else (m.group(1).lower(), m.group(1).lower() + ":" + m.group(2))

    pieces = ["http", "https", "HTTP", "hTtPs", "httpſ", "ſ", ":", "//", "/", "?", "#", "s", "x", "", "ü",
              "example.com", "K", "\u212a", " ", "@"]
    rng = random.Random(3)
    for _ in range(20000):
        base = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        assert links._origin(base) == reference(base), base


def test_utc_suffix_searched_from_the_end_same():
    """``local_day`` searches ``_UTC_SUFFIX`` in the last 6 characters: the same answer."""
    import random

    from maintext.metadata.dates import _UTC_SUFFIX, _UTC_SUFFIX_CHARS

    pieces = ["2019-08-27", "T10:30", ":00", "Z", "z", "GMT", "utc", "+00:00", "-0000", "+0100", "00", " ", "\n", "x"]
    rng = random.Random(4)
    for _ in range(20000):
        raw = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6))).strip()
        assert bool(_UTC_SUFFIX.search(raw, len(raw) - _UTC_SUFFIX_CHARS)) == bool(_UTC_SUFFIX.search(raw)), raw
