"""The compiled text length (maintext.html._text.text_length, the box sizes of the walk)
counts code points 8 bytes at a time: it is len(el.text_content()) for texts of every
length (across the 255-word sums) and character width."""

from __future__ import annotations

import random

import pytest
import lxml.html

from maintext.html import walk

needs_native = pytest.mark.skipif(walk.native is None, reason="native walk not built")


@needs_native
def test_text_length_counts_code_points_of_texts_of_every_length_and_width():
    rng = random.Random(11)
    alphabet = ["a", " ", "\n", "\u00e9", "\u4e2d", "\uff0c", "\U0001f600", "\u0080", "\u07ff", "\u0800"]
    for n in list(range(0, 40)) + [255 * 8 - 1, 255 * 8, 255 * 8 + 9, 3000, 4500]:
        for _ in range(3):
            text = "".join(rng.choice(alphabet) for _ in range(n))
            el = lxml.html.fragment_fromstring(f"<div>{text}<b>{text[:n // 3]}</b>{text[n // 2:]}</div>")
            assert walk.native.text_length(el) == len(el.text_content()), n
