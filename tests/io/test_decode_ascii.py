"""decode_deferred names the declared charset for an all-ASCII page (told from the UTF-8
length: one byte a character) and UTF-8 for any other valid UTF-8 page, with and without the
C check."""

from __future__ import annotations

import random

import pytest

from maintext.io import decode


@pytest.fixture(params=[True, False], ids=["native", "python"])
def native(request, monkeypatch):
    if not request.param:
        monkeypatch.setattr(decode, "_native_scan", lambda: None)
    return request.param


def test_ascii_page_takes_the_declared_charset(native):
    page = b'<html><head><meta charset="iso-8859-1"></head><body><p>plain</p></body></html>'
    text, codec, length = decode.decode_deferred(page)
    assert codec == "cp1252" and length == len(page)


def test_non_ascii_utf8_page_is_utf8(native):
    page = '<html><head><meta charset="iso-8859-1"></head><body><p>caf\u00e9 \u4e2d</p></body></html>'.encode()
    text, codec, length = decode.decode_deferred(page)
    assert codec == "utf-8" and length == len(page.decode())


def test_codec_matches_isascii_on_random_pages(native):
    rng = random.Random(3)
    chars = ["a", "<", ">", " ", "\u00e9", "\u4e2d", "\U0001f600", "\n"]
    head = '<meta charset="windows-1252">'
    for _ in range(500):
        page = (head + "".join(rng.choice(chars) for _ in range(rng.randint(1, 60)))).encode()
        _, codec, _ = decode.decode_deferred(page)
        assert codec == ("cp1252" if page.isascii() else "utf-8"), page
