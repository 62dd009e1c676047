"""The C builder's cleaning test (``_is_clean``: 16, 8 or 4 bytes at a time, the last
blocks overlapping) keeps and cleans what the Python builder does: every C0 control, tab,
newline, carriage return and 0xEF-led character at every place of a word, in texts and
attribute values."""

from __future__ import annotations

import random

import pytest

from maintext.html import html5

from .test_html5 import _both, _both_pruned

needs_native = pytest.mark.skipif(not html5.NATIVE_AVAILABLE, reason="C tree builder not built")

ALPHABET = [chr(c) for c in range(1, 0x20)] + ["a", "b", " ", "\x7f", "\u00e9", "\u4e2d", "\uff0c", "\ufeff",
                                              "\ufffe", "\uffff", "\uffef", "\u2028"]


@needs_native
def test_every_control_at_every_place():
    for c in ALPHABET:
        for at in range(17):
            text = "x" * at + c + "y" * (16 - at)
            html = f"<p title='{text}'>{text}<b>{text}{text}</b></p>"
            got, want = _both(html)
            assert got == want, repr(text)


@needs_native
def test_every_length_around_the_blocks():
    # texts of 1 to 48 bytes: every block size and overlap of _is_clean, the character anywhere
    for c in ["\x01", "\x0c", "\x1f", "\ufffe", "\uff0c", "\t"]:
        for n in range(1, 49):
            for at in range(n):
                text = "x" * at + c + "y" * (n - at - 1)
                got, want = _both(f"<p title='{text}'>{text}</p>")
                assert got == want, repr(text)


@needs_native
def test_random_words():
    rng = random.Random(21)
    weights = [1] * len(ALPHABET)
    for i in range(len(ALPHABET)):
        if ALPHABET[i] in "ab \t\n\r":
            weights[i] = 20
    for _ in range(400):
        text = "".join(rng.choices(ALPHABET, weights, k=rng.randint(0, 40)))
        html = f"<p title='{text}'>{text}</p><div class='{text[::-1]}'>{text[::-1]}</div>"
        c, py = _both(html)
        assert c == py, repr(text)
        c, py = _both_pruned(html)
        assert c == py, repr(text)


@needs_native
def test_left_out_text_counted_at_every_length():
    # the pruned build counts the text it leaves out (a <nav>) when it copies a swallowing
    # candidate: _clean_length's 16-byte blocks, the character anywhere in 1 to 48 characters
    swallowing = "<noscript><div>" + "n" * 1001 + "</noscript><p>after</p>"
    for c in ["\x01", "\x0c", "\ufffe", "\uffff", "\uff0c", "\u00e9", "\U0001f600"]:
        for n in range(1, 49):
            for at in range(n):
                text = "x" * at + c + "y" * (n - at - 1)
                got, want = _both_pruned(f"<nav>z{text}</nav>" + swallowing)
                assert got == want and got[1].chars > 0, repr(text)
