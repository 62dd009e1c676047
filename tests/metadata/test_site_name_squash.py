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
