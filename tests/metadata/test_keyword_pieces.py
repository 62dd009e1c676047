"""``collect.split_keywords`` splits with plain string calls: the same keywords as the
regex it stands for (``_SPLIT_KEYWORDS``, ``_BROKEN_KEYWORD``, the CJK test), on random texts."""

from __future__ import annotations

import random

from maintext.metadata import collect
from maintext.textutil import _CJK, collapse_ws

PIECES = list(",;，；、| \t\n\u3000<>={}ab华为x") + ["foo", "新闻", "  ", "İ", "tag one", "a" * 61]


def _by_regex(value):
    if isinstance(value, list):
        return [collapse_ws(str(v)) for v in value if str(v).strip()]
    text = str(value)
    parts = [k.strip() for k in collect._SPLIT_KEYWORDS.split(text) if k.strip()]
    if len(parts) == 1 and _CJK.search(text) and " " in parts[0]:
        parts = parts[0].split()
    return [k for k in parts if len(k) <= collect._MAX_KEYWORD_CHARS and not collect._BROKEN_KEYWORD.search(k)]


def test_split_keywords_same_as_the_regex_split():
    rng = random.Random(5)
    for _ in range(30000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 24)))
        assert collect.split_keywords(text) == _by_regex(text), repr(text)
    assert collect.split_keywords("华为 任正非") == ["华为", "任正非"]
    assert collect.split_keywords("a,,b;|c，d") == ["a", "b", "c", "d"]
