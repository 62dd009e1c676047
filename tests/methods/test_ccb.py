"""CCB baseline (maintext/methods/ccb.py)."""

from __future__ import annotations

import random

import maintext
from maintext.methods.ccb import Blur, box_width, content_code_vector, expand

PROSE = ("Content code blurring keeps long paragraphs of running text because the characters "
         "around each word are mostly text rather than markup, even with a <b>bold</b> word. ") * 4
MENU = "".join(f'<li class="menu-item"><a href="/section/{i}" title="section {i}">S{i}</a></li>'
               for i in range(30))
PAGE = f"<html><body><ul class='menu'>{MENU}</ul><div><p>{PROSE}</p></div><ul>{MENU}</ul></body></html>"


def reference_blur(vector: list[int], width: int, passes: int) -> list[float]:
    """Per-character box blurs of the zero-extended vector (the definition, quadratic)."""
    r = width // 2
    pad = passes * r + 1
    values = [0.0] * pad + [float(v) for v in vector] + [0.0] * pad
    for _ in range(passes):
        values = [sum(values[j] for j in range(x - r, x + r + 1) if 0 <= j < len(values)) / width
                  for x in range(len(values))]
    return values[pad: pad + len(vector)]


def test_vector_marks_text_one_and_markup_zero():
    runs, length, pieces = content_code_vector("<p>ab</p>", ignore_anchors=False)
    assert expand(runs, length) == [0, 0, 0, 1, 1, 0, 0, 0, 0]
    assert pieces == [(3, "ab", True)]
    runs, length, _ = content_code_vector('<a href="x">ab</a>', ignore_anchors=True)
    assert expand(runs, length) == [1, 1]


def test_run_encoded_blur_equals_the_per_character_definition():
    rng = random.Random(3)
    for passes in (1, 2, 3):
        vector = [v for _ in range(25) for v in [rng.randint(0, 1)] * rng.randint(1, 12)]
        runs = [(i, v) for i, v in enumerate(vector) if i == 0 or vector[i - 1] != v]
        blur = Blur(runs, len(vector), sigma=4, passes=passes)
        expected = reference_blur(vector, blur.width, passes)
        for x in range(-3, len(vector) + 3):
            want = expected[x] if 0 <= x < len(vector) else None
            if want is not None:
                assert abs(blur.ratio(x) - want) < 1e-9


def test_blur_is_a_ratio_and_smooths():
    vector = [0] * 200 + [1] * 200 + [0] * 200
    blur = Blur([(0, 0), (200, 1), (400, 0)], len(vector), 20, 3)
    ratio = [blur.ratio(x) for x in range(len(vector))]
    assert all(-1e-12 <= r <= 1 + 1e-12 for r in ratio)
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


def test_big_page_is_fast():
    import time

    html = f"<html><body><ul>{MENU * 300}</ul><p>{PROSE * 50}</p><ul>{MENU * 300}</ul></body></html>"
    assert len(html) > 1_000_000
    started = time.process_time()
    page = maintext.extract(html, method="ccb")
    assert time.process_time() - started < 10
    assert "Content code blurring" in page.text and "S7" not in page.text.split()
