"""names.clean_author (remembered for short values, the byline prefix cut by an anchored
match) gives what the reading written with ``BYLINE_PREFIX.sub(count=1)`` gives, every time
a value is read again too."""

from __future__ import annotations

import html as htmllib
import random

from maintext.metadata import names as N
from maintext.textutil import collapse_ws

PIECES = ["By ", "von ", "Von", "Autor:", "作者：", "~ ", "| ", "Jane", "Doe", "Max", "Müller", " ", "  ", ",",
          "(CNN)", " am 3.4.2020", "&amp;", "Redaktion", "written by ", "AuthorAndreas", "Kalt", "\n", "\u3000",
          "2019", "@x", "/SP-X", " und ", "x" * 90, "Mo", "says", "PhD"]


def _reference(value):
    if not value:
        return None
    text = collapse_ws(htmllib.unescape(value) if "&" in value else value)
    text = N.BYLINE_PREFIX.sub("", text, count=1)
    text = N.NAME_TAIL.sub("", text).strip(" ,;:|-–—·~")
    words = text.split()
    if len(words) >= 3 and len(words[-1].rstrip(".,")) <= 3 and words[-1].lower().rstrip(".,") in N.WEEKDAYS:
        text = " ".join(words[:-1])
    if not text or len(text) > N.MAX_NAME_CHARS or N._NOT_A_NAME.search(text):
        return None
    if text.lower() in N.NOT_A_NAME_LABELS or text.lower().endswith((" says", " sagt", " said")):
        return None
    if not any(c.isalpha() for c in text):
        return None
    return text


def test_clean_author_reads_as_the_sub_form_did():
    rng = random.Random(7)
    values = ["".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8))) for _ in range(30_000)]
    for value in values + values[:2000]:  # the second time from the cache
        expected = _reference(value)
        assert N.clean_author(value) == expected, repr(value)
        if value:
            assert N.read_author(value) == expected, repr(value)
    assert N.clean_author(None) is None
