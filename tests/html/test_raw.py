"""The source scans of maintext/html/_raw.pyx give what their Python twins give."""

from __future__ import annotations

import random

import pytest

from maintext.html import walk
from maintext.metadata import dates

pytestmark = pytest.mark.skipif(walk.raw is None, reason="native scans not built")

PIECES = ["var ", "pubDate", "pub_date", "PUB-TIME", "ct", " = ", ":", "=", '"', "'", " ", "\t", "\n",
          "2019-08-27 10:30", "1566870000", "a.", "$", "x", "_", "-", "\u212a", "\u0130", "é", "\u4e2d",
          "datePublished", "1", "Z", "abcdefghijklmnopqrstuvwxyz0123456789", "{", ",", "\u00b2"]


def test_assigned_name_is_the_python_reading_at_every_position():
    rng = random.Random(4)
    scripts = ['var ct = "2019-08-27";', '{"datePublished": "x"}', "a.pubDate='y'", "\u0130x='1'", "\u212aab=1"]
    scripts += ["".join(rng.choice(PIECES) for _ in range(rng.randint(0, 30))) for _ in range(3000)]
    for script in scripts:
        for end in range(len(script) + 1):
            assert walk.raw.assigned_name(script, end, dates.MAX_SCRIPT_NAME) == dates._assigned_name(script, end), \
                (script, end)


def test_script_dates_same_without_the_scan(monkeypatch):
    html = ("<script>var pubDate = '2019-08-27 10:30'; window.x = {\"updateTime\": 1566870000}</script>"
            "<script>a.ct = '2020-01-01'; b_ct='bad'</script>")
    native = dates.script_dates(html)
    monkeypatch.setattr(walk, "ENABLED", False)
    assert dates.script_dates(html) == native
    assert native["published"] and native["modified"]
