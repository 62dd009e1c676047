"""``api._merge`` (each field written out) gives what the loop over the field names gave:
the method's value where it is truthy, else the metadata's (the same object), on random
pages."""

from __future__ import annotations

import random

from maintext.api import _merge
from maintext.result import Link, Page

STRINGS = ["title", "headline", "date", "author", "description", "sitename", "language", "date_modified",
           "image", "license", "canonical_url", "url", "method", "encoding"]
LISTS = ["keywords", "authors", "categories", "links"]


def _reference(meta: Page, page: Page) -> Page:
    page.url = page.url or meta.url
    page.method = page.method or meta.method
    page.encoding = page.encoding or meta.encoding
    for name in ("title", "headline", "date", "author", "description", "sitename", "language", "keywords",
                 "date_modified", "authors", "categories", "image", "license", "canonical_url", "links"):
        if not getattr(page, name):
            setattr(page, name, getattr(meta, name))
    if not page.text and page.reason is None:
        page.reason = "no main text found"
    return page


def _random_page(rng) -> Page:
    page = Page()
    for name in STRINGS:
        setattr(page, name, rng.choice([None, "", name + "!", " "]) if name != "method" else rng.choice(["", "auto"]))
    for name in LISTS:
        setattr(page, name, rng.choice([[], [Link("http://e.org/x", "x")] if name == "links" else ["a", "b"]]))
    return page


def test_merge_same_as_the_loop_over_field_names():
    rng = random.Random(2)
    for _ in range(2000):
        meta, page = _random_page(rng), _random_page(rng)
        want = _reference(meta, Page(**{f: getattr(page, f) for f in page.__dataclass_fields__}))
        got = _merge(meta, page, mark_links=False)
        for name in STRINGS + LISTS:
            assert getattr(got, name) is getattr(want, name), name
        assert got.reason == want.reason
