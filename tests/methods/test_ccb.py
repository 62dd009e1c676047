"""CCB baseline (maintext/methods/ccb.py)."""

from __future__ import annotations

from array import array

import maintext
from maintext.methods.ccb import blur, box_width, content_code_vector

PROSE = ("Content code blurring keeps long paragraphs of running text because the characters "
         "around each word are mostly text rather than markup, even with a <b>bold</b> word. ") * 4
MENU = "".join(f'<li class="menu-item"><a href="/section/{i}" title="section {i}">S{i}</a></li>'
               for i in range(30))
PAGE = f"<html><body><ul class='menu'>{MENU}</ul><div><p>{PROSE}</p></div><ul>{MENU}</ul></body></html>"


def test_vector_marks_text_one_and_markup_zero():
    vector, pieces = content_code_vector("<p>ab</p>", ignore_anchors=False)
    assert list(vector) == [0, 0, 0, 1, 1, 0, 0, 0, 0]
    assert pieces == [(3, "ab", True)]
    vector, _ = content_code_vector('<a href="x">ab</a>', ignore_anchors=True)
    assert list(vector) == [1, 1]


def test_blur_is_a_ratio_and_smooths():
    vector = array("q", [0] * 200 + [1] * 200 + [0] * 200)
    sums, scale = blur(vector, 20, 3)
    ratio = [s / scale for s in sums]
    assert len(ratio) == len(vector)
    assert all(0.0 <= r <= 1.0 for r in ratio)
    assert ratio[300] > 0.99 and ratio[100] < 0.01
    assert 0.3 < ratio[200] < 0.7  # the edge is blurred
    assert box_width(40, 3) % 2 == 1


def test_keeps_long_paragraph_drops_menu():
    page = maintext.extract(PAGE, method="ccb")
    assert "Content code blurring keeps long paragraphs" in page.text
    assert "S7" not in page.text.split()


def test_threshold_parameter():
    page = maintext.extract(PAGE, method="ccb", baselines={"ccb_threshold": 0.999})
    assert "S7" not in page.text.split()
    loose = maintext.extract(PAGE, method="ccb", baselines={"ccb_threshold": 0.0})
    assert "S7" in loose.text.split()
