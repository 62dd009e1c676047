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


def test_href_hits_name_every_anchor_whose_href_matches():
    import random
    import re

    from maintext.html.document import parse_html
    from maintext.metadata.authors import AUTHOR_HREF
    from maintext.metadata.collect import collect
    from maintext.metadata.extras import CATEGORY_HREF, TAG_HREF

    rng = random.Random(7)
    parts = ["/", "tag", "TAG", "Tags", "author", "AUTHOR", "kategorie", "\u212aategorie", "x", "?", "#",
             "https://e.com", "\u017fchlagwort", "a", "-", "label", "\n", "/tag/", "/Author/x"]
    patterns = (AUTHOR_HREF, CATEGORY_HREF, TAG_HREF, re.compile(r"/(?:tag|tags)/[^/?#]*", re.IGNORECASE),
                re.compile(r"x*", re.IGNORECASE), re.compile(r"a-?/", re.IGNORECASE))
    seen = {True: 0, False: 0}
    for _ in range(800):
        hrefs = ["".join(rng.choice(parts) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(0, 6))]
        root = parse_html("<html><body>" + "".join(f'<a href="{h}">x</a>' if h != "a" else "<a>no href</a>"
                                                   for h in hrefs) + "</body></html>")
        got = collect(root)
        for pattern in patterns:
            matching = [i for i, (h, _, _) in enumerate(got.records) if pattern.search(h or "")]
            hits = got.href_hits(pattern)
            if hits is not None:
                assert hits == sorted(set(hits)) and set(matching) <= set(hits), (hrefs, pattern)
            assert got.may_have_href(pattern) or not matching
            seen[hits is None] += 1
    assert seen[False] and seen[True]


def test_href_hits_only_for_patterns_whose_matches_do_not_look_around():
    import re

    from maintext.metadata.collect import _cased

    for text in (r"/tag/[^/?#]", r"/(?:a|bc)+\d{2,}", r"(?:x|y)*z."):
        assert _cased(re.compile(text, re.IGNORECASE)) is not None, text
    for text in (r"\bx", r"a(?=b)", r"a(?!b)", r"(?<=a)b", r"^a", r"a$", r"(a)\1", r"(?:x|y$)", r"/\S",
                 "/\u017f", r"(?:x(?:y|z(?!q)))+"):
        assert _cased(re.compile(text, re.IGNORECASE)) is None, text
    assert _cased(re.compile("/tag/")) is None  # case-sensitive: searched as it is


def test_meta_and_link_meanings_are_remembered_exactly_and_boundedly(monkeypatch):
    from maintext.metadata import collect as c

    monkeypatch.setattr(c, "_META_TARGETS", {})
    monkeypatch.setattr(c, "_LINK_FIELDS", {})
    keys = [" OG:Title ", "og:title", "DESCRIPTION", "viewport", "\u212a", "article:TAG", ""]
    rels = [None, "", "Canonical", "stylesheet canonical LICENSE", "icon", "image_src canonical"]
    for _ in range(2):  # the second time from what was remembered
        for key in keys:
            assert c._meta_target(key) == c.FIELD_OF.get(key.strip().lower()), key
        for rel in rels:
            assert c._link_fields(rel) == tuple(c.LINK_RELS[w] for w in (rel or "").lower().split()
                                                if w in c.LINK_RELS), rel
    for n in range(c._REMEMBERED + 50):
        c._meta_target(f"k{n}")
    assert len(c._META_TARGETS) == c._REMEMBERED
