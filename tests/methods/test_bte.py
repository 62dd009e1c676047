"""BTE baseline (maintext/methods/bte.py)."""

from __future__ import annotations

import random
import time

import maintext
from maintext.methods.bte import best_span, tokenize

MENU = "".join(f'<li><a href="/{i}">item{i}</a></li>' for i in range(8))
TEXT = " ".join(f"word{i}" for i in range(60))
PAGE = f"<html><body><ul>{MENU}</ul><div><p>{TEXT}</p><p>{TEXT.upper()}</p></div><ul>{MENU}</ul></body></html>"


def brute_force(values):
    best = (0, 0, 0)
    for i in range(len(values)):
        s = 0
        for j in range(i, len(values)):
            s += values[j]
            if s > best[2]:
                best = (i, j + 1, s)
    return best


def test_span_maximises_words_inside_minus_tags_inside():
    rng = random.Random(7)
    for _ in range(200):
        values = [rng.choice((1, -1)) for _ in range(rng.randint(0, 40))]
        assert best_span(values)[2] == brute_force(values)[2]


def test_keeps_the_text_window_and_drops_menus():
    page = maintext.extract(PAGE, method="bte")
    assert page.paragraphs == [TEXT, TEXT.upper()]
    assert "item3" not in page.text


def test_tokens_are_tags_and_words():
    values, words = tokenize("<p>a b</p><br>c")
    assert values == [-1, 1, 1, -1, -1, 1]
    assert [w.strip() for w in words if w] == ["a", "b", "c"]


def test_cjk_characters_are_words():
    prose = "这是一段很长的中文正文，没有空格，但是每一个汉字都算一个词。" * 3
    menu = "".join(f'<li><a href="/{i}">栏目{i}</a></li>' for i in range(10))
    page = maintext.extract(f"<html><body><ul>{menu}</ul><p>{prose}</p><ul>{menu}</ul></body></html>",
                            method="bte")
    assert page.text == prose


def test_no_text_gives_empty_page_with_reason():
    page = maintext.extract("<html><body><div><span></span></div></body></html>", method="bte")
    assert page.text == "" and page.reason


def test_big_page_is_linear():
    html = "<html><body>" + "<div><a href=x>m</a></div>" * 20_000 + f"<p>{TEXT * 50}</p></body></html>"
    started = time.process_time()
    page = maintext.extract(html, method="bte")
    assert time.process_time() - started < 10
    assert page.text.startswith("word0")
