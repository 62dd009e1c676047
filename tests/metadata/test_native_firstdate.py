"""The C loop of visible.first_date (maintext/metadata/_firstdate.pxi) gives what its Python
twin visible._first_date gives: random runs of pieces (dates split over short pieces, years
in other digits, relative dates, pieces past the budget) and the texts of shared-set pages."""

from __future__ import annotations

import random
from datetime import datetime, timezone

import pytest
from lxml import html as lxml_html

from maintext.metadata import native as native_mod
from maintext.metadata import visible
from maintext.metadata.dateparse import parse_date
from tests.conftest import spread_pages

pytestmark = pytest.mark.skipif(native_mod._native is None, reason="metadata natives not built")

PIECES = ["2019", "09/07", "19:02", "12.03.2021", " 3. ", "März", "2020", "am", "\u00a0", "  ", "", "\n",
          "vor 3 Tagen", "gestern", "2 hours ago", "昨天 10:30", "2021年3月4日", "１９９９", "20\u0662\u0663",
          "x" * 30, "Posted on March 3, 2018", "Jane Doe", "10:30", "1:2", "\u00b2019", "20", "19", "1999x",
          "Text " * 20 + "2017-05-06", "y" * 90 + " 2011-01-02", "2018-01-02T10:00Z", " 12 ", "Mai", "2016"]
REFERENCES = [None, datetime(2026, 11, 23, 8, 0, tzinfo=timezone.utc)]


def _both(texts, budget, reference, max_piece):
    got = native_mod._native.first_date(texts, budget, reference, max_piece, visible.DATE_SPAN,
                                        visible.RELATIVE_PIECE, visible.SHORT_PIECE, visible._piece_date,
                                        parse_date, visible._CLOCK.fullmatch)
    return got, visible._first_date(iter(texts), budget, reference, max_piece)


def test_random_piece_runs():
    rng = random.Random(11)
    for _ in range(20_000):
        texts = [rng.choice(PIECES) for _ in range(rng.randint(0, 9))]
        budget = rng.choice([0, 5, 20, 100, 600, 6000])
        got, expected = _both(texts, budget, rng.choice(REFERENCES), rng.choice([None, 24, 80]))
        assert got == expected, (texts, budget)


def test_texts_of_shared_pages():
    pages = spread_pages(("aeb", "dragnet", "gne-cn"), 25)
    if not pages:
        pytest.skip("no shared data sets here")
    for data, _ in pages:
        try:
            root = lxml_html.fromstring(data)
        except Exception:  # noqa: BLE001 - a page lxml cannot read is no case here
            continue
        body = root.find("body")
        if body is None:
            continue
        texts = list(visible.subtree_texts(body))
        for budget in (100, 1000, 6000):
            for reference in REFERENCES:
                got, expected = _both(texts, budget, reference, None)
                assert got == expected
        for h in root.iter("h1", "h2"):
            after = list(visible._texts_after(h, visible.AFTER_HEADLINE_ELEMENTS))
            got, expected = _both(after, visible.BYLINE_REACH_CHARS, None, visible.BYLINE_PIECE)
            assert got == expected
