"""The heads of a path pattern (maintext.metadata.hrefheads) and the C head search against its
Python twin, on random texts and on the hrefs of pages of the shared sets."""

from __future__ import annotations

import gzip
import json
import os
import random
import re
from pathlib import Path

import pytest

from maintext.metadata import native as native_mod
from maintext.metadata.authors import AUTHOR_HREF
from maintext.metadata.collect import _cased
from maintext.metadata.extras import CATEGORY_HREF, TAG_HREF
from maintext.metadata.hrefheads import head_hits, literal_heads

native = pytest.mark.skipif(native_mod._native is None, reason="metadata natives not built")

PATH_PATTERNS = (AUTHOR_HREF, CATEGORY_HREF, TAG_HREF)
PARTS = ["/", "tag", "tags", "author", "kategorie", "categories", "x", "?", "#", "https://e.com", "\0",
         "a", "-", "label", "/tag/", "/author/x", "/category/", "/profile/author/", "autor", "t", "\0\0"]


def test_heads_of_the_path_patterns():
    assert literal_heads(_cased(TAG_HREF)) == ("/tag/", "/tags/", "/schlagwort/", "/schlagworte/",
                                               "/etiqueta/", "/label/", "/stichwort/")
    assert "/profile/author/" in literal_heads(_cased(AUTHOR_HREF))


def test_heads_only_where_every_match_starts_with_one():
    cases = {r"/(?:a|bc)x\d": ("/ax", "/bcx"), r"ab(?:c|d(?:e|fg))g*": ("abc", "abde", "abdfg"), r"ab(?:c|d(?:e|f))": ("abc", "abd"),
             r"q(?:|r)s": ("qs", "qrs"), r"(?:x|y)*z": None, r"[ab]c": None, r"a?b": None,
             r"(?:a|)": None, r"x(?i:y)": ("x",), "a\0b": None}
    for text, heads in cases.items():
        assert literal_heads(re.compile(text)) == heads, text
    assert literal_heads(re.compile("(?:a|b)(?:c|d)(?:e|f)(?:g|h)(?:i|j)(?:k|l)")) is None  # 64 heads


def test_every_match_starts_with_a_head():
    rng = random.Random(5)
    patterns = [re.compile(p) for p in (r"/(?:tag|tags)/[^/?#]*", r"a-?/", r"/(?:x|y/z)+", r"t(?:a|ag)s?")]
    patterns += [_cased(p) for p in PATH_PATTERNS]
    for _ in range(2000):
        text = "".join(rng.choice(PARTS) for _ in range(rng.randint(0, 12)))
        for pattern in patterns:
            heads = literal_heads(pattern)
            assert heads is not None
            for m in pattern.finditer(text):
                assert text.startswith(heads, m.start()), (text, pattern)


def _compare(low: str, heads: tuple[str, ...]) -> None:
    from maintext.metadata._native import head_hits as c_head_hits

    assert c_head_hits(low, heads) == head_hits(low, heads), (low, heads)


@native
def test_head_hits_in_c_same_as_python_on_random_texts():
    rng = random.Random(9)
    head_sets = [literal_heads(_cased(p)) for p in PATH_PATTERNS]
    head_sets += [("/tag",), ("x", "/a"), ("t",), ("\0",), ("", "a"), ("é", "a"), ("ta", "t", "tags"), ()]
    for _ in range(3000):
        low = "".join(rng.choice(PARTS) for _ in range(rng.randint(0, 14)))
        for heads in head_sets:
            _compare(low, heads)


@native
def test_head_hits_in_c_refuses_text_that_is_not_ascii():
    from maintext.metadata._native import head_hits as c_head_hits

    with pytest.raises(ValueError):
        c_head_hits("/tag/\u00e9", ("/tag/",))


@native
def test_head_hits_in_c_same_as_python_on_real_pages():
    data = Path(os.environ.get("MAINTEXT_SHARED", "/work/shared")) / "datasets"
    if not data.is_dir():
        pytest.skip("no shared data sets")
    from maintext.html.document import parse_html
    from maintext.metadata.collect import collect

    checked = 0
    for name in ("aeb", "dragnet", "gne-cn"):
        gold = data / name / "gold.jsonl"
        if not gold.is_file():
            continue
        for line in gold.read_text(encoding="utf-8").splitlines()[:25]:
            page = gzip.open(data / name / json.loads(line)["file"]).read().decode("utf-8", "replace")
            got = collect(parse_html(page))
            low = got.hrefs()[0]  # (hrefs not in ASCII as "")
            for pattern in PATH_PATTERNS:
                heads = literal_heads(_cased(pattern))
                _compare(low, heads)
                hits = set(got.href_hits(pattern))
                assert all(i in hits for i, (h, _, _) in enumerate(got.records) if pattern.search(h or ""))
                checked += 1
    assert checked


def test_href_hits_hold_every_href_not_in_ascii(monkeypatch):
    """An href not in ASCII is a hit of every pattern with heads (its case-blind matches,
    "/\u017fchlagwort/", "/Tag/\u4e2d", are not read from the lower-cased text); the ASCII
    hrefs are hits as before; the hits hold every href the pattern finds."""
    from maintext.html import walk
    from maintext.html.document import parse_html
    from maintext.metadata.collect import collect

    hrefs = ["/tag/x", "/Tag/\u4e2d", "/\u017fchlagwort/y", "/ta\u212a/", "/autor/\u0131", "/x", "/AUTHOR/a",
             "/\u4e2d\u6587", "", "/label/\u00e9", "/categories/z"]
    rng = random.Random(13)
    for _ in range(300):
        chosen = [rng.choice(hrefs) for _ in range(rng.randint(0, 8))]
        html = "<html><body>" + "".join(f"<a href='{h}'>a</a>" for h in chosen) + "</body></html>"
        for enabled in (True, False):
            monkeypatch.setattr(walk, "ENABLED", enabled)
            got = collect(parse_html(html))
            records = got.records
            wide = [i for i, (h, _, _) in enumerate(records) if h and not h.isascii()]
            for pattern in PATH_PATTERNS:
                hits = got.href_hits(pattern)
                assert hits == sorted(set(hits)) and set(wide) <= set(hits)
                assert all(i in hits for i, (h, _, _) in enumerate(records) if pattern.search(h or ""))
            low, _, wide_read = got.hrefs()
            assert wide_read == wide
            if not wide:
                assert low == "\0".join(h or "" for h, _, _ in records).lower()
