"""The C link and href readers read str data by its kind (1, 2 or 4 bytes a character): the
same links and joined hrefs as the Python loops, for hrefs and texts of every kind."""

from __future__ import annotations

import random

import pytest

from maintext.html import walk
from maintext.html.document import parse_html
from maintext.metadata import collect as collect_mod
from maintext.metadata import native as native_mod
from maintext.metadata.collect import collect

native = pytest.mark.skipif(native_mod._native is None, reason="metadata natives not built")

HREFS = ["http://a.org/X", "https://b.org/Y", "http:", "https:", "http:/", "https:/", "httpx://c.org", "HTTP://d.org",
         "http://\u00e9.org/\u00c4", "https://\u4e2d.org/", "http://\U0001f600.org/", "https\u00e9://x", "/R", "",
         "/Tag/A", "/@[`{/Z", "\u00e9", "hTTps://e.org", "https://f.org/\u3000"]
TEXTS = ["a b", "a  b", " a", "b ", "\u00e9 \u00e0", "\u00e9\u00a0\u00e0", "\u4e2d \u6587", "\u4e2d\u3000\u6587",
         "\U0001f600 x", "\U0001f600  x", "x\u2003y", "\u0085a", "a\u0085", "a\tb", ""]


def _page(rng) -> str:
    return "<html><body>" + "".join(f"<a href='{rng.choice(HREFS)}'>{rng.choice(TEXTS)}</a>"
                                    for _ in range(rng.randint(0, 12))) + "</body></html>"


@native
def test_links_of_every_kind_of_text_same_in_c_and_python(monkeypatch):
    from maintext.metadata.links import extract_links

    rng = random.Random(13)
    for _ in range(500):
        root = parse_html(_page(rng))
        got = collect(root)
        url = rng.choice([None, "http://site.org/a/", "https://\u4e2d.org/b"])
        results = []
        for enabled in (True, False):
            monkeypatch.setattr(walk, "ENABLED", enabled)
            links = extract_links(root, url, anchors=got.anchors, base_href=got.base, records=got.records)
            results.append([(ln.url, ln.text) for ln in links])
        assert results[0] == results[1]


@native
def test_href_index_lowers_every_ascii_capital_only():
    native_fn = native_mod._native.href_index
    every = "".join(map(chr, range(1, 128)))
    rng = random.Random(17)
    for _ in range(500):
        records = [("".join(rng.choice(every) for _ in range(rng.randint(0, 20))) if rng.random() < 0.9 else None,
                    rng.choice([None, "", "tag"]), None) for _ in range(rng.randint(0, 6))]
        assert native_fn(records) == collect_mod.href_index(records), records
    assert native_fn([(every, None, None)])[0] == every.lower()
    assert native_fn([("/A", None, None), ("/\u00c4", None, None)]) == ("/a\0", [], [1])


@pytest.mark.skipif(native_mod._native is None, reason="metadata natives not built")
def test_space_lead_bytes_start_every_white_space_beyond_ascii():
    """_labelled.pxi reads a character beyond ASCII as white space only after one of these
    bytes: every str.isspace character beyond ASCII starts with one of them in UTF-8."""
    import sys

    leads = {chr(c).encode("utf-8")[0] for c in range(128, sys.maxunicode + 1) if chr(c).isspace()}
    assert leads <= set(native_mod._native.SPACE_LEAD_BYTES)
    assert not any(chr(c).isspace() for c in range(256, 0x1680))  # (_shown.pxi's _collapsed_len skips them)
