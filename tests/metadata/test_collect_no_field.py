"""``collect`` passes ``_META_TARGETS`` to ``_native.collect_nodes``, which leaves out the
``<meta>`` whose key it maps to None (no field): the Collected values are those of the
Python walk, on random pages read twice (the second time with the keys remembered)."""

from __future__ import annotations

import random

import pytest

from maintext.html import walk
from maintext.html.document import parse_html
from maintext.metadata import collect as collect_mod
from maintext.metadata import native as native_mod

native = pytest.mark.skipif(native_mod._native is None, reason="metadata natives not built")

METAS = ["<meta name='viewport' content='width=device-width'>", "<meta name='robots' content='index'>",
         "<meta property='og:title' content='OG'>", "<meta name='title' content='T'>",
         "<meta name='author' content='A B'>", "<meta name='keywords' content='k1, k2'>",
         "<meta name=' Keywords ' content='k3'>", "<meta name='KEYWORDS' content='k4'>",
         "<meta name='description' content='D'>", "<meta name='Viewport' content='x'>",
         "<meta itemprop='datePublished' content='2021-02-03'>", "<meta name='x-odd' content='o'>",
         "<meta property='article:section' content='S'>", "<meta name='twitter:image' content='/i.png'>",
         "<meta name='description'>", "<meta name='generator' content='WP'>"]


def _values(got):
    return got.meta, got.lists


@native
def test_collect_with_known_keys_same_as_python(monkeypatch):
    rng = random.Random(3)
    for _ in range(300):
        head = "".join(rng.choice(METAS) for _ in range(rng.randint(0, 12)))
        html = f"<html><head>{head}</head><body><p>x</p></body></html>"
        root = parse_html(html)
        monkeypatch.setattr(walk, "ENABLED", False)
        want = _values(collect_mod.collect(root))
        monkeypatch.setattr(walk, "ENABLED", True)
        for _ in range(2):  # the first walk may fill _META_TARGETS, the second reads it
            assert _values(collect_mod.collect(root)) == want, head


@native
def test_collect_nodes_leaves_out_only_keys_of_no_field():
    html = "<html><head>" + "".join(METAS) + "</head><body></body></html>"
    root = parse_html(html)
    every = native_mod._native.collect_nodes(root, 60)[2]
    no_field = {"viewport": None, "robots": None, "title": ("title", 1), "Viewport": None}
    kept = native_mod._native.collect_nodes(root, 60, no_field)[2]
    assert kept == [(k, v) for k, v in every if no_field.get(k, k) is not None]
    assert native_mod._native.collect_nodes(root, 60, {})[2] == every


LINKS = ["<link rel='stylesheet' href='/s.css'>", "<link rel='canonical' href='/c'>", "<link rel='icon' href='/i'>",
         "<link rel='Canonical image_src' href=' /x '>", "<link href='/none'>", "<link rel='license' href=''>",
         "<link rel='preload'>", "<link rel='image_src' href='/img.png'>"]
DATED = ["<span itemprop='datePublished'>2020-01-02</span>", "<meta property='dc:date' content='2020-01-03'>",
         "<div property='schema:dateModified' itemprop='x'>2021-01-01</div>", "<p itemprop='dateModified'>y</p>",
         "<meta itemprop='dateCreated' content='2019-05-05'>", "<b property='dc:date' itemprop='name'>2018-01-01</b>",
         "<i id='x'>z</i>", "<span property='datePublished' itemprop='dateUpdate'>2017-02-02</span>"]


@native
def test_collect_skips_links_of_no_field_and_reads_the_dated_elements(monkeypatch):
    """The <link> left out by ``_LINK_FIELDS`` change no Collected value; the date elements
    read in the C walk are those ``dates._prop_elements`` finds."""
    from maintext.metadata import dates
    rng = random.Random(5)
    for _ in range(200):
        head = "".join(rng.choice(LINKS + METAS[:3]) for _ in range(rng.randint(0, 8)))
        body = "".join(rng.choice(DATED) for _ in range(rng.randint(0, 6)))
        root = parse_html(f"<html><head>{head}</head><body>{body}</body></html>")
        monkeypatch.setattr(walk, "ENABLED", False)
        want = collect_mod.collect(root).links, dates._prop_elements(root)
        monkeypatch.setattr(walk, "ENABLED", True)
        assert dates._prop_elements(root) == want[1]
        for _ in range(2):  # the first walk may fill _LINK_FIELDS, the second reads it
            got = collect_mod.collect(root)
            assert (got.links, got.dated) == want, (head, body)


@native
def test_collect_same_when_no_key_is_remembered(monkeypatch):
    """With ``_META_TARGETS`` full (nothing remembered), the inline loop of
    ``collect`` (the C walk) looks every key up itself: the same values."""
    rng = random.Random(7)
    monkeypatch.setattr(collect_mod, "_META_TARGETS", {})
    monkeypatch.setattr(collect_mod, "_REMEMBERED", 0)
    for _ in range(200):
        head = "".join(rng.choice(METAS) for _ in range(rng.randint(0, 12)))
        root = parse_html(f"<html><head>{head}</head><body><p>x</p></body></html>")
        monkeypatch.setattr(walk, "ENABLED", False)
        want = _values(collect_mod.collect(root))
        monkeypatch.setattr(walk, "ENABLED", True)
        assert _values(collect_mod.collect(root)) == want, head
        assert collect_mod._META_TARGETS == {}
