"""Text helpers shared by the methods: whitespace, CJK-aware lengths and tokens."""

from __future__ import annotations

import re

_WS = re.compile(r"\s+")
# Han, Hiragana, Katakana, Hangul: each character is one token, as in the official scorer.
# Unicode blocks of the Han, Kana and Hangul scripts, where one character is one token
# (the same blocks as the official scorer's --cjk tokenisation, so lengths agree with it).
_CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK Radicals Supplement, Kangxi Radicals
    (0x3005, 0x3007),  # iteration mark, closing mark, ideographic zero
    (0x3021, 0x3029),  # Hangzhou numerals
    (0x3031, 0x3035),  # kana repeat marks
    (0x3038, 0x303C),  # more ideographic marks
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3130, 0x318F),  # Hangul Compatibility Jamo
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
    (0x3400, 0x4DBF),  # CJK Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xA960, 0xA97F),  # Hangul Jamo Extended-A
    (0xAC00, 0xD7FF),  # Hangul Syllables, Hangul Jamo Extended-B
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0xFF66, 0xFFDC),  # halfwidth Katakana and Hangul
    (0x1AFF0, 0x1B16F),  # Kana Extended-B, Kana Supplement, Extended-A, Small Kana
    (0x20000, 0x2A6DF),  # CJK Extension B
    (0x2A700, 0x2EE5F),  # CJK Extensions C to F and I
    (0x2F800, 0x2FA1F),  # CJK Compatibility Ideographs Supplement
    (0x30000, 0x323AF),  # CJK Extensions G, H
)
_CJK_CLASS = "".join(f"\\U{a:08X}-\\U{b:08X}" for a, b in _CJK_RANGES)
_CJK = re.compile(f"[{_CJK_CLASS}]")
# The same test, ~10x faster on text without CJK: the regex engine scans for one range of
# characters far faster than for many. The first block lies apart from all others (which
# sit above U+2E80, clear of the punctuation and symbols European text uses). The table
# above must stay sorted.
_CJK_FIRST = re.compile(f"[\\U{_CJK_RANGES[0][0]:08X}-\\U{_CJK_RANGES[0][1]:08X}]")
_CJK_SPAN = re.compile(f"[\\U{_CJK_RANGES[1][0]:08X}-\\U{_CJK_RANGES[-1][1]:08X}]")
_TOKEN = re.compile(f"(?=\\w)[{_CJK_CLASS}]|[^\\W{_CJK_CLASS}]+")  # CJK punctuation is no token
_WORD = re.compile(r"\w+")  # the same tokens on text without CJK characters, ~4x faster
# Sentence punctuation of Latin and CJK scripts; dense in prose, rare in menus.
PUNCTUATION = frozenset(".,;:!?。，、；：！？…「」『』（）()《》“”\"'")


def collapse_ws(text: str) -> str:
    """All whitespace runs to one space, stripped (``_WS.sub(" ", text).strip()``, in a
    third of the time: the pattern and ``str.split()`` take the same characters for space)."""
    return " ".join(text.split())


def nonspace_len(text: str) -> int:
    """Number of non-whitespace characters (the CX block length)."""
    return len(text) - sum(text.count(c) for c in " \t\n\r\f\v\u00a0\u3000")


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a character of a CJK block."""
    if text.isascii():
        return False
    m = _CJK_SPAN.search(text)
    if m is not None and _CJK.search(text, m.start()) is not None:
        return True
    return _CJK_FIRST.search(text) is not None


def tokens(text: str) -> list[str]:
    """Word tokens; each CJK character is a token (as in ``shared/bench/score.py --cjk``)."""
    if has_cjk(text):
        return _TOKEN.findall(text)
    return _WORD.findall(text)


def word_finder(sample: str):
    """A ``findall`` giving :func:`tokens` of any part of ``sample`` (e.g. of many texts
    tokenised one by one, joined): text without CJK characters gets the same tokens from
    the cheaper regex, so the CJK test is done once for all parts."""
    return _TOKEN.findall if has_cjk(sample) else _WORD.findall


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


# Characters lxml refuses in text written into a tree ("All strings must be XML
# compatible"): C0 controls other than tab, newline and carriage return, and the
# non-characters U+FFFE/U+FFFF. The parser keeps them in text it reads (a raw \x01 or a
# reference like &#1;), so text read from a tree may hold them.
_XML_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_XML_SPACE = {0x0B: " ", 0x0C: " "}


def xml_safe(text: str) -> str:
    """``text`` with the characters lxml refuses removed (vertical tab and form feed become
    spaces): use it for every text written back into a tree (``el.text = ...``)."""
    if _XML_UNSAFE.search(text) is None:
        return text
    return _XML_UNSAFE.sub(lambda m: _XML_SPACE.get(ord(m.group()), ""), text)
