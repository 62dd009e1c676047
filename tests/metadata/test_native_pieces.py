"""The C readers of a body's text pieces (maintext/metadata/_native.pyx: ``subtree_pieces``,
``label_followers``) give what their Python twins give, on random pages
and on pages of the shared sets."""

from __future__ import annotations

import gzip
import json
import os
import random
from pathlib import Path

import pytest

from maintext.html import walk
from maintext.metadata import native as native_mod
from maintext.metadata.visible import _SKIP_TEXT_TAGS, first_date, subtree_texts
from tests.helpers_pages import random_page

native = pytest.mark.skipif(native_mod._native is None, reason="metadata natives not built")

PIECES = ["<div>", "</div>", "<p>", "</p>", "Autor", "Autor:", "AUTOR\uff1a", " Text : ", "Von", "by", "\u4f5c\u8005",
          "Jane Doe", "jane doe", "Max M\u00fcller", "<b>Author</b>", "<span>Jo Roe</span>", "  ", "\n", "\t\x1c",
          "<script>Autor</script>", "<style>x</style>", "<noscript>Von</noscript>", "<!--Autor-->", "x" * 85,
          "y" * 30, "\u3000Redaktion\u3000", "REDA\u212aTION", "<br>", "<a href='/a'>A B</a>", "Geschrieben von ",
          "\u00e9" * 90, " " + "q" * 88 + " ", "\u00a0Von\u00a0", "&amp;", "&#169; 2019 Jane Doe", "01.02.2020",
          "<?pi x?>", "<![CDATA[Autor]]>", "Verfasst von:", "WRITTEN BY ::", "z" * 70 + ":", "Datum: 3. 4. 2021"]
SETS = ("aeb", "dragnet", "gne-cn")


def _not_blank(pieces: list[str]) -> list[str]:
    return [t for t in pieces if not (t.isascii() and t.isspace())]


def _cut(pieces: list[str], budget: int) -> list[str]:
    """``pieces`` up to the one at which their whitespace-collapsed length exceeds ``budget``."""
    out, size = [], 0
    for text in pieces:
        out.append(text)
        size += len(" ".join(text.split()))
        if size > budget:
            break
    return out


def _label_followers(body, limit: int, max_label: int, labels: frozenset, strip: str, max_name: int) -> list[str]:
    """The pieces ``authors.labelled_byline``'s Python loop tries as names."""
    out, seen, label_seen = [], 0, False
    for text in subtree_texts(body):
        piece = text.strip()
        if not piece:
            continue
        seen += len(piece)
        if seen > limit:
            break
        if label_seen and len(piece) <= max_name:
            out.append(piece)
        label_seen = len(piece) <= max_label and piece.lower().rstrip(strip) in labels
    return out


def _check(el, rng: random.Random) -> None:
    c = native_mod._native
    pieces = _not_blank(list(subtree_texts(el)))
    for budget in (0, rng.randint(1, 200), 6000):
        got = c.subtree_pieces(el, _SKIP_TEXT_TAGS, budget)
        assert got == _cut(pieces, budget)
        assert first_date(got, budget) == first_date(subtree_texts(el), budget)
    labels = frozenset({"autor", "author", "text", "von", "by", "verfasst von", "written by", "redaktion",
                        "\u4f5c\u8005", "z" * 70})
    for limit, max_label, max_name in ((100_000, 20, 80), (rng.randint(0, 300), rng.randint(0, 90), rng.randint(0, 90))):
        assert (c.label_followers(el, _SKIP_TEXT_TAGS, limit, max_label, labels, ":\uff1a ", max_name)
                == _label_followers(el, limit, max_label, labels, ":\uff1a ", max_name))


@native
def test_text_readers_in_c_same_as_python_on_random_pages():
    rng = random.Random(101)
    for _ in range(600):
        root = random_page(rng, PIECES, 40)
        body = root.find("body")
        _check(body, rng)
        for el in list(body.iter("div", "p", "b"))[:3]:
            _check(el, rng)


@native
def test_text_readers_in_c_same_as_python_on_real_pages():
    data = Path(os.environ.get("MAINTEXT_SHARED", "/work/shared")) / "datasets"
    if not data.is_dir():
        pytest.skip("no shared data sets")
    from maintext.html.document import parse_html

    rng = random.Random(103)
    for name in SETS:
        gold = data / name / "gold.jsonl"
        if not gold.is_file():
            continue
        for line in gold.read_text(encoding="utf-8").splitlines()[:15]:
            page = gzip.open(data / name / json.loads(line)["file"]).read().decode("utf-8", "replace")
            body = parse_html(page).find("body")
            if body is not None:
                _check(body, rng)


def test_text_readers_answer_as_before_without_natives(monkeypatch):
    """With the native code off the readers use the Python loops (the reference)."""
    from maintext.metadata import authors, visible

    root = random_page(random.Random(107), PIECES, 40)
    body = root.find("body")
    answers = []
    for enabled in (True, False):
        monkeypatch.setattr(walk, "ENABLED", enabled)
        answers.append((authors.labelled_byline(root),
                        visible.first_date(visible.body_texts(body, 100), 100)))
    assert answers[0] == answers[1]


SPACES = [chr(c) for c in range(0x110000) if chr(c).isspace()]


@native
def test_labelled_text_in_c_collapses_every_white_space(monkeypatch):
    """``collapsed_text`` collapses the joined bytes itself: every character ``str.split``
    splits at (Unicode white space beyond ASCII too), and none else (their neighbours)."""
    from maintext.metadata import visible

    near = ["\u0084", "\u0086", "\u009f", "\u00a1", "\u1681", "\u200b", "\u200c", "\u2027", "\u202a", "\u205e",
            "\u2060", "\u3001", "\u2fff", "x", "\u00e9", "\u4e2d", "\U0001f600"]
    rng = random.Random(109)
    for n in range(800):
        parts = []
        for _ in range(rng.randint(0, 25)):
            word = "".join(rng.choice(SPACES + near) for _ in range(rng.randint(1, 6)))
            parts.append(rng.choice(["<p>%s</p>", "%s", "<b>%s</b> ", "<script>%s</script>"]) % word)
        root = random_page(rng, ["".join(parts)], 1)
        if n % 100 == 0:
            monkeypatch.setattr(visible, "LABELLED_DATE_CHARS", rng.choice([rng.randint(0, 30), 300_000]))
        monkeypatch.setattr(walk, "ENABLED", True)
        fast = visible.labelled_text(root)
        monkeypatch.setattr(walk, "ENABLED", False)
        assert visible.labelled_text(root) == fast
