"""The page-type features assembled with their numeric part in C (``_totals.numeric_features``,
via ``classifier._assemble_native``) are the Python ones (``classifier._assemble``), bit for bit:
on the shared pages and on random figures."""

from __future__ import annotations

import math
import random

import pytest

import maintext
from maintext.html import walk
from maintext.html.blocklist import PageSignals
from maintext.pagetype import classifier
from maintext.pagetype.classifier import _assemble, _assemble_native, _Totals

from tests.conftest import spread_pages

needs_native = pytest.mark.skipif(not classifier._native_features or not walk.ENABLED, reason="native code not built")
_URLS = ["", "https://example.org/2021/05/04/the-old-stadium-seen-from-the-north.html", "https://e.org/news/",
         "https://e.org/a/b?id=12345", "http://[bad/x", "https://e.org/é/old-stadium-north",
         "https://e.org/x/old-stadium-seen-north?ref=1#frag", "http://e.org/news/the_old+stadium.shtml",
         "https://e.org:8080/OLD-Stadium-North/", "HTTPS://E.ORG/old-stadium-north-2", "https://e.org/a b/old-x-y"]
# headlines: ASCII (letters, digits, punctuation), not ASCII, none
_H1S = ["", "The Old Stadium Seen From The North", "old-stadium: 2021 North!", "Le vieux stade — old stadium north",
        "OLD STADIUM NORTH NORTH", "北京 old stadium north"]


def _bits(feats: dict) -> dict:
    return {k: (type(v).__name__, float(v).hex()) for k, v in feats.items()}


def _same(totals, region, counts, signals, url) -> None:
    expected = _assemble(_Totals(*totals), region, counts, signals, url)
    assert _bits(_assemble_native(totals, region, counts, signals, url)) == _bits(expected)


@needs_native
def test_shared_pages(monkeypatch) -> None:
    seen = []
    native = classifier._assemble_native

    def checked(totals, region, counts, signals, url):
        _same(totals, region, counts, signals, url)
        seen.append(url)
        return native(totals, region, counts, signals, url)

    monkeypatch.setattr(classifier, "_assemble_native", checked)
    sample = spread_pages(("aeb", "gne-cn", "dragnet", "cleaneval-dev", "readability-dev", "webmainbench-sample"), 15)
    for data, url in sample:
        maintext.extract(data, url=url, fields=("text", "metadata", "links"))
    pages = len(sample)
    if not pages:
        pytest.skip("no shared dataset")
    assert len(seen) > pages // 2


def _random_figures(rnd: random.Random) -> tuple:
    nb = rnd.choice([1, 2, 3, 8, 12])
    dist = [rnd.choice([0, 0, 1, 2, 5, 40]) for _ in range(nb)]
    w = lambda: rnd.choice([0.0, 1.0, 0.5882352941176471, rnd.uniform(0, 5000), float(rnd.randint(0, 900))])
    totals = (w(), rnd.choice([0, 1, rnd.randint(0, 10**6)]), rnd.randint(0, 5000), rnd.randint(0, 50), rnd.randint(0, 30),
              w(), w(), rnd.randint(0, 9), rnd.randint(0, 9), rnd.randint(0, 40), w(), w(), dist)
    region = (w(), rnd.randint(0, 90))
    counts = (w() or 1.0, rnd.randint(0, 30), w(), rnd.randint(0, 9), rnd.choice([0, rnd.randint(1, 40)]), w(),
              float(rnd.randint(0, 20)), w(), rnd.randint(0, 30), rnd.choice(_H1S))
    signals = PageSignals(og_type=rnd.choice(["", "article", "website", "NewsArticle"]),
                          ld_types=rnd.choice([[], ["NewsArticle"], ["CollectionPage"], ["WebPage", "BlogPosting"]]),
                          anchors=rnd.randint(0, 400), paragraphs=rnd.randint(0, 40), images=rnd.randint(0, 20),
                          article_tags=rnd.choice([0, 1, 3]), h1=rnd.choice([0, 1, 2]))
    return totals, region, counts, signals, rnd.choice(_URLS)


@needs_native
@pytest.mark.parametrize("seed", range(4))
def test_random_figures(seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(2000):
        _same(*_random_figures(rnd))


def test_log1p_of_zero_keeps_its_sign() -> None:  # (what _totals._log1p copies)
    assert math.copysign(1.0, math.log1p(-0.0)) == -1.0


@needs_native
def test_native_decide_is_decision_of_probability() -> None:
    """_totals.decide (classify_with_links' answer in C) against decision(probability(...))
    bit for bit: logits of every size and sign, infinities, NaN, the shipped threshold and
    calibration and others."""
    model = classifier.load_model()
    rnd = random.Random(9)
    zs = [0.0, -0.0, 1e-300, -1e-300, 700.0, -700.0, 800.0, -800.0, float("inf"), float("-inf"), float("nan")]
    zs += [rnd.uniform(-40, 40) for _ in range(3000)]
    cals = [model["calibration"], {"a": 1.0, "b": 0.0}, {"a": -3.5, "b": 800.0}, {"a": 1e-3, "b": -750.0}]
    for z in zs:
        for threshold in (model["threshold"], 0.5, 1e-12, 0.999999999):
            for cal in cals:
                p = classifier.probability({}, {"features": [], "mean": [], "scale": [], "coef": [], "intercept": z})
                answer, confidence = classifier.decision(p, threshold, cal)
                got = classifier._native.decide(z, threshold, cal["a"], cal["b"])
                assert (got[0], float(got[1]).hex()) == (answer, float(confidence).hex()), (z, threshold, cal)
