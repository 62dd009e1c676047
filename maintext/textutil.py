"""Text helpers shared by the methods: whitespace, CJK-aware lengths and tokens."""

from __future__ import annotations

import re

_WS = re.compile(r"\s+")
_INLINE_WS = re.compile(r"[ \t\r\f\v\u00a0\u2000-\u200b\u3000\ufeff]+")
# Han, Hiragana, Katakana, Hangul: each character is one token, as in the official scorer.
_CJK_CLASS = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\u1100-\u11ff\u3130-\u318f"
_CJK = re.compile(f"[{_CJK_CLASS}]")
_TOKEN = re.compile(f"[{_CJK_CLASS}]|[^\\W{_CJK_CLASS}]+")
_WORD = re.compile(r"\w+")  # the same tokens on text without CJK characters, ~4x faster
# Sentence punctuation of Latin and CJK scripts; dense in prose, rare in menus.
PUNCTUATION = frozenset(".,;:!?。，、；：！？…「」『』（）()《》“”\"'")


def collapse_ws(text: str) -> str:
    """All whitespace runs to one space, stripped."""
    return _WS.sub(" ", text).strip()


def clean_inline(text: str) -> str:
    """Collapse spaces inside a line (keeps newlines)."""
    return _INLINE_WS.sub(" ", text).strip()


def nonspace_len(text: str) -> int:
    """Number of non-whitespace characters (the CX block length)."""
    return len(text) - sum(text.count(c) for c in " \t\n\r\f\v\u00a0\u3000")


def tokens(text: str) -> list[str]:
    """Word tokens; each CJK character is a token (as in ``shared/bench/score.py --cjk``)."""
    if text.isascii() or _CJK.search(text) is None:
        return _WORD.findall(text)
    return _TOKEN.findall(text)


def token_count(text: str) -> int:
    return len(tokens(text))


def cjk_ratio(text: str) -> float:
    """Share of CJK characters among the non-space characters."""
    n = nonspace_len(text)
    return len(_CJK.findall(text)) / n if n else 0.0


def text_weight(text: str) -> float:
    """A length comparable across scripts: words for Latin text, ~1/1.7 per CJK char.

    A Chinese character carries about as much as 0.6 English words, so thresholds written
    in words work for both scripts.
    """
    cjk = len(_CJK.findall(text))
    other = len(_TOKEN.findall(text)) - cjk
    return other + cjk / 1.7


def punctuation_count(text: str) -> int:
    return sum(1 for c in text if c in PUNCTUATION)
