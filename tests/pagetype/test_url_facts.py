"""The page-type URL features from one C pass (``_totals.url_facts``, read by
``classifier._url_parts``) equal those of the regular expressions (``classifier._url_features``,
``features._slug_words`` and ``features._url_shape``, the reference and the fallback): on the
URLs of the shared sets and on random URLs made to hit every pattern's edges."""

from __future__ import annotations

import json
import random

import pytest

from maintext.html import walk
from maintext.pagetype import classifier
from maintext.pagetype.classifier import _url_features, _url_parts
from maintext.pagetype.features import _slug_words, _url_shape

from tests.conftest import DATASETS

needs_native = pytest.mark.skipif(classifier._native is None or not walk.ENABLED, reason="native code not built")

# pieces that make dates, ids, extensions, slugs and query ids (and near misses of each)
_PIECES = ["/", "/", "-", "_", "+", ".", ",", "19", "20", "2019", "201", "05", "13", "0", "1", "12", "31", "9",
           "12345", "1234", "a", "Z", "story", "news", "html", ".html", ".SHTML", ".shtm", ".htm", ".php", ".aspx",
           ".asp", ".jsp", ".cms", ".Cms", ".pdf", ".x", "id", "ID", "Id", "_id", "=", "&", "?", "#", ";", "%20",
           "é", "٣", "\u212a", "\n", " ", "..", "//"]

_DATE_PIECES = ["19", "20", "2019", "2020", "05", "1", "0", "12", "13", "3", "/", "-", "_", ".", "x", "7"]
_QUERY_PIECES = ["id", "ID", "iD", "x", "_", "=", "123", "12", "4", "&", "a", "é", "uid", "&&"]


def _random_url(rnd: random.Random) -> str:
    kind = rnd.random()
    if kind < 0.4:
        body = "".join(rnd.choice(_PIECES) for _ in range(rnd.randint(0, 14)))
    elif kind < 0.7:  # dates and near misses
        body = "/" + "".join(rnd.choice(_DATE_PIECES) for _ in range(rnd.randint(0, 12)))
    else:  # query ids and near misses
        body = "/a?" + "".join(rnd.choice(_QUERY_PIECES) for _ in range(rnd.randint(0, 8)))
    return rnd.choice(["https://example.org", "http://x.y", "https://a.b/", ""]) + body


def _reference(url: str) -> tuple:
    words = _slug_words(url) if url else ()
    return _url_features(url), words, _url_shape(url, words)


def _check(url: str) -> None:
    assert _url_parts(url) == _reference(url), url


def _dataset_urls() -> list[str]:
    urls = []
    for gold in sorted(DATASETS.glob("*/gold.jsonl")):
        with open(gold, encoding="utf-8") as f:
            urls += [json.loads(line).get("url") or "" for line in f]
    return urls


@needs_native
def test_shared_urls() -> None:
    urls = _dataset_urls()
    if not urls:
        pytest.skip("no shared data sets")
    for url in urls:
        _check(url)


@needs_native
@pytest.mark.parametrize("seed", range(4))
def test_random_urls(seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(10000):
        _check(_random_url(rnd))


@needs_native
def test_edges() -> None:
    for url in ["", "http://[bad/x", "https://e.org", "https://e.org/", "https://e.org/2019/05/", "https://e.org/2019-0512-",
                "https://e.org/x/20190527", "https://e.org/201905", "https://e.org/2019/13/", "https://e.org/a/b.HTML",
                "https://e.org/a?uid=123", "https://e.org/a?x=1&story_ID=999", "https://e.org/a?id=12",
                "https://e.org/é/a-b-c", "https://e.org/a-b-c?q=é", "https://e.org/--/", "https://e.org/a.b.c.shtml",
                "https://e.org/news/the-old-stadium/12345.html", "https://e.org/-/+/_"]:
        _check(url)


def test_python_path_when_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(walk, "ENABLED", False)
    for url in ["https://e.org/2019/05/27/a-b-c.html?id=123", ""]:
        assert _url_parts(url) == _reference(url)
