"""``names.may_open_byline`` is False only where ``BYLINE_PREFIX`` cannot match (the check
spares the pattern's match on most text pieces), and ``NAME_JOINERS`` splits as the pattern
without its one-character lookahead."""

import random
import re
import sys

from maintext.metadata import names as N


def test_lead_is_the_pattern_run():
    lead = {chr(c) for c in range(sys.maxunicode + 1) if re.match(r"\s", chr(c))} | set("~·•|–—-")
    assert set(N._BYLINE_LEAD) == lead


def test_no_match_is_missed():
    firsts = [chr(c) for c in range(0x3100)] + list("作记责编来文撰")
    for ch in firsts:
        for text in (ch, " " + ch + "on X", "- " + ch + "y Jane", ch + "edaktion: X", ch + "者：张三",
                     ch + "uthor Jane", ch + "ritten by X"):
            assert not N.BYLINE_PREFIX.match(text) or N.may_open_byline(text), repr(text)
    alpha = list("ByVvoOnNmMPpaArRdDiIeEtTxXwW作者记 \t-–|~:：İı") + ["Von ", "By ", "Autor", "written by "]
    rng = random.Random(2)
    for _ in range(20000):
        text = "".join(rng.choice(alpha) for _ in range(rng.randint(0, 8)))
        assert not N.BYLINE_PREFIX.match(text) or N.may_open_byline(text), repr(text)


def test_name_joiners_lookahead():
    plain = re.compile(N.NAME_JOINERS.pattern.split(")", 1)[1], re.IGNORECASE)
    alpha = list("aAeEiIuUyYnNdDtT ,;&/、，\t\u00a0İıſK-_.x1") + ["and", "und", "et", "en", " y ", " e ", "AND"]
    rng = random.Random(1)
    for _ in range(20000):
        text = "".join(rng.choice(alpha) for _ in range(rng.randint(0, 12)))
        assert N.NAME_JOINERS.split(text) == plain.split(text), repr(text)
