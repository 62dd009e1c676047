"""``names.read_author`` runs NAME_TAIL and _NOT_A_NAME only where their prechecks
(``_may_have_tail``, ``_may_be_no_name``) allow: the same names as running them always."""

from __future__ import annotations

import random

from maintext.metadata import names

PIECES = ["Jane", "Doe", " ", "am", "on", "um", "At", "12", "3", ",", "(", ")", "|", "-", "@", ":", "/", "Fotos",
          "Photo", "PhD", "MD", "CNN", "SP-X", "Montag", "Monday", "http://x.de", "www.", "[at]", "<", "{", "*", "By",
          "Von", "é", "ſ", "K", "٣", "\t", "\n", "\xa0", "Mo", "Fr.", "says", "•", "–", "am 26/10/13", "jane@x.de"]


def test_prechecks_keep_the_names(monkeypatch):
    rng = random.Random(9)
    texts = ["".join(rng.choice(PIECES) + rng.choice(["", " "]) for _ in range(rng.randint(1, 8)))
             for _ in range(20000)]
    guarded = [names.read_author(t) for t in texts]
    monkeypatch.setattr(names, "_may_have_tail", lambda text: True)
    monkeypatch.setattr(names, "_may_be_no_name", lambda text: True)
    assert [names.read_author(t) for t in texts] == guarded


def test_prechecks_rule_out_only_plain_names():
    assert not names._may_have_tail("Jane Doe") and not names._may_be_no_name("Jane Doe")
    assert names._may_have_tail("Jane Doe am") and names._may_have_tail("Jane Doe, CNN")
    assert names._may_have_tail("Jürgen Müller") and names._may_be_no_name("www.site.de")


JOIN_PIECES = ["Jane", "Doe", "and", "AND", "und", "et", "y", "Y", "e", "i", "I", "en", "En", "-", "_", "1", ",", ";",
               "&", "/", "、", "，", "é", "İ", "ı", "Rand", "Andy", " ", "  ", "\t"]


def test_join_precheck_keeps_the_splits(monkeypatch):
    rng = random.Random(12)
    texts = ["".join(rng.choice(JOIN_PIECES) + rng.choice(["", " ", "-"]) for _ in range(rng.randint(0, 7)))
             for _ in range(20000)]
    assert not names._may_join("Jane Doe") and names._may_join("Jane-and-Doe") and names._may_join("A, B")
    guarded = [names.split_names(t) for t in texts]
    monkeypatch.setattr(names, "_may_join", lambda value: True)
    assert [names.split_names(t) for t in texts] == guarded


def test_squash_name_same_as_every_character_tested():
    rng = random.Random(13)
    for _ in range(20000):
        name = "".join(rng.choice(JOIN_PIECES + [".", "'", "Ö", "ß", "\u0307", "Σ"]) for _ in range(rng.randint(0, 6)))
        assert names.squash_name(name) == "".join(c for c in name.lower() if c.isalnum()), repr(name)
