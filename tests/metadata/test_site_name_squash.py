"""``title.is_site_name`` squashes a long text only until it is too long for any site name:
the same answer as squashing it whole, on random texts."""

from __future__ import annotations

import random

from maintext.metadata.names import squash_name
from maintext.metadata.title import is_site_name

WORDS = ["Site", "site.de", "News", "-", "|", ":", "İstanbul", "ß", "Straße", "新华网", "_", "x_y", "a.b.c",
         "2024", "Ⅻ", "café", "—", "DER", "spiegel", "Spiegel-Online", "", "   ", "\u0307", "ΣΑΣ", "e"]
NAMES = [(), ("site",), ("spiegel", "derspiegel"), ("新华网",), ("istanbul",), ("ab",), ("sitede", "news")]


def _whole(text: str, names: tuple[str, ...]) -> bool:
    squashed = squash_name(text)
    return bool(squashed) and any(name in squashed and len(squashed) <= len(name) + 4 for name in names)


def test_site_name_same_as_the_whole_squash():
    rng = random.Random(7)
    for _ in range(20000):
        text = rng.choice(["", " "]).join(rng.choice(WORDS) for _ in range(rng.randint(0, 9)))
        names = rng.choice(NAMES)
        assert is_site_name(text, names) == _whole(text, names), (text, names)


def test_site_name_of_long_texts():
    """Texts past the probe (:data:`title._SQUASH_PROBE` times the longest name): the same
    answer as the whole squash."""
    rng = random.Random(11)
    for _ in range(3000):
        text = " ".join(rng.choice(WORDS + ["-" * 50, "|| ", "Site"]) for _ in range(rng.randint(30, 160)))
        names = rng.choice(NAMES[1:])
        assert is_site_name(text, names) == _whole(text, names), (text, names)
    assert not is_site_name("-" * 300 + "site" + "x" * 5, ("site",))
    assert is_site_name("-" * 300 + "site.de", ("site",))


def test_letters_and_digits_lower_to_letters_and_digits():
    """What ``title.more_alnum``'s shortcut stands on: every character ``str.isalnum``
    takes lowers to at least one such character, and no other character to one (so a
    text's squash holds at least as many characters as it holds letters and digits)."""
    import sys
    for i in range(sys.maxunicode + 1):
        c = chr(i)
        assert any(map(str.isalnum, c.lower())) == c.isalnum(), hex(i)


def test_more_alnum_twins():
    """``_native.more_alnum`` answers as its Python twin ``title.more_alnum``."""
    from maintext.metadata.native import _native
    from maintext.metadata.title import more_alnum
    if _native is None:
        return
    rng = random.Random(5)
    pieces = WORDS + ["Σ", "ǅ", "²", "٣", "\xa0", "\xb5", "\xaa", "\xff", "é", "😀", "𝔘"]
    for _ in range(20000):
        text = rng.choice(["", " "]).join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        limit = rng.randint(0, 30)
        assert _native.more_alnum(text, limit) == more_alnum(text, limit), (text, limit)
        assert more_alnum(text, limit) == (sum(map(str.isalnum, text)) > limit)


def test_site_name_same_with_and_without_the_c_count():
    """``is_site_name`` gives the same answers with the C shortcut and without it."""
    from maintext.html import walk
    rng = random.Random(13)
    cases = []
    for _ in range(5000):
        text = rng.choice(["", " "]).join(rng.choice(WORDS) for _ in range(rng.randint(0, 12)))
        cases.append((text, rng.choice(NAMES)))
    with_c = [is_site_name(t, n) for t, n in cases]
    saved = walk.ENABLED
    walk.ENABLED = False
    try:
        without = [is_site_name(t, n) for t, n in cases]
    finally:
        walk.ENABLED = saved
    assert with_c == without == [_whole(t, n) for t, n in cases]
