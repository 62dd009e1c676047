"""``_native.link_rows`` against its Python loop: it tests ``startswith(skip)`` only for
hrefs whose first character starts one of the skipped prefixes (any skip tuple: empty
prefixes, non-ASCII first characters, case variants), and collapses a one-byte text's white
space itself (every character ``str.split`` splits at, and the kind of the result)."""

from __future__ import annotations

import random

import pytest

from maintext.html.document import parse_html
from maintext.metadata import links as links_mod
from maintext.metadata import native as native_mod
from maintext.metadata.collect import collect

native = pytest.mark.skipif(native_mod._native is None, reason="metadata natives not built")

HREFS = ["#top", "#", "javascript:x()", "JavaScript:x()", "mailto:a@b", "MAILTO:a@b", "tel:1", "data:,x",
         "sms:1", "whatsapp:x", "fax:1", "ftp://f.org", "/root", "//cdn.org/a", "rel/page", "?q", "\u00e9t\u00e9/x",
         "\u4e2d/x", "  #pad", " /sp", "wiki/x", "f", "d", "s", "http://a.org/x", "x:y", "\u00e9", "~u",
         "/a/./b", "/../x", "/x/.hidden", "/\u00e9/./x", "/x/."]
SKIPS = [links_mod.SKIP_HREF, (), ("",), ("#", ""), ("\u00e9t",), ("/",), ("wiki/", "\u4e2d", "#"), ("JavaScript:",),
         ("~",), ("x", "rel/", "?")]
BASES = [None, "http://site.org/a/b.html", "https://SITE.org/", "rel/only"]


def _python_rows(got, base, skip):
    scheme, origin = links_mod._origin(base)
    out = []
    for a, (href, _, text) in zip(got.anchors, got.records):
        if not href:
            continue
        if href.startswith(("http://", "https://")):
            url = href.strip()
            if "[" in url and not links_mod._valid_bracketed_host(url):
                continue
        else:
            href = href.strip()
            if not href or href.startswith(skip):
                continue
            if href[0] == "/" and href[1:2] != "/" and base and origin and "/." not in href:
                url = origin + href
            else:
                url = links_mod._resolve(href, base, scheme, origin)
                if url is None:
                    continue
        if text is None:
            text = links_mod.text_content(a)
        out.append((url, " ".join(text.split()) if text else ""))
    return out


@native
def test_link_rows_skip_filter_same_links_as_the_python_loop():
    rng = random.Random(5)
    c = native_mod._native
    for _ in range(400):
        hrefs = [rng.choice(HREFS) for _ in range(rng.randint(0, 20))]
        page = "".join(f"<a href='{h}'>t {i}</a>" for i, h in enumerate(hrefs))
        root = parse_html(f"<html><body>{page}</body></html>")
        got = collect(root)
        base, skip = rng.choice(BASES), rng.choice(SKIPS)
        scheme, origin = links_mod._origin(base)
        rows = c.link_rows(got.anchors, got.records, base, scheme, origin, skip, links_mod._resolve,
                           links_mod._valid_bracketed_host, links_mod.text_content, links_mod.Link, None, None)
        assert [(ln.url, ln.text) for ln in rows] == _python_rows(got, base, skip), (hrefs, base, skip)


# every Latin-1 white space of str.split, and neighbours of each kind
SPACES = [chr(c) for c in range(256) if chr(c).isspace()]
CHARS = SPACES + ["a", "B", "z", "\u00e9", "\u00ff", "\u00a1", "\x7f", "\x00", "1", "\u0100", "\u4e2d", "\U0001f600"]


@native
def test_link_rows_collapse_white_space_as_str_split():
    rng = random.Random(9)
    c = native_mod._native
    assert len(SPACES) == 12  # \t \n \v \f \r \x1c-\x1f space \x85 \xa0
    for _ in range(3000):
        pool = CHARS[:-3] if rng.random() < 0.8 else CHARS
        texts = ["".join(rng.choice(pool if rng.random() < 0.5 else SPACES + ["a", "\u00e9"])
                         for _ in range(rng.randint(0, 12))) for _ in range(rng.randint(1, 6))]
        records = [("http://e.org/%d" % i, None, t) for i, t in enumerate(texts)]
        rows = c.link_rows([None] * len(records), records, None, None, None, links_mod.SKIP_HREF,
                           links_mod._resolve, links_mod._valid_bracketed_host, links_mod.text_content,
                           links_mod.Link, None, None)
        for ln, t in zip(rows, texts):
            want = " ".join(t.split()) if t else ""
            assert ln.text == want and ln.text.isascii() == want.isascii(), (t, ln.text)
            assert max(map(ord, ln.text), default=0) == max(map(ord, want), default=0)


@native
def test_words_as_str_split_and_join():
    """``_native.words`` (collapse_ws of the metadata pass) is ``" ".join(text.split())``:
    the same text, the same kind of str, ``text`` itself when it is collapsed already."""
    rng = random.Random(10)
    c = native_mod._native
    for _ in range(20000):
        pool = CHARS[:-3] if rng.random() < 0.7 else CHARS + ["\u2028", "\u3000", "\u200b"]
        text = "".join(rng.choice(pool if rng.random() < 0.5 else SPACES + ["a", " "])
                       for _ in range(rng.randint(0, 40)))
        got, want = c.words(text), " ".join(text.split())
        assert got == want and type(got) is str, (text, got)
        assert max(map(ord, got), default=0) == max(map(ord, want), default=0)
        if want == text:
            assert got is text
