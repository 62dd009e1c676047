"""classifier._path_and_query gives urlsplit's path and query (and its ValueError)."""

import random
from urllib.parse import urlsplit

from maintext.pagetype.classifier import _path_and_query


def _split(url):
    try:
        parts = urlsplit(url)
        return parts.path, parts.query
    except ValueError:
        return "error"


def _fast(url):
    try:
        return _path_and_query(url)
    except ValueError:
        return "error"


def test_same_as_urlsplit():
    rng = random.Random(1)
    alphabet = "ab/?#:[]% \t\n.-_=&1x\x7f\u00e9@"
    for prefix in ("http://", "https://", "HTTP://", "http:/", "https:", "ftp://", " http://", "http:///", ""):
        for _ in range(3000):
            url = prefix + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
            assert _fast(url) == _split(url), url


def test_common_urls():
    for url in ("https://www.example.com/news/2019/05/27/a-slug.html?id=12345#top", "http://example.com",
                "https://example.com?x=1", "https://[::1]:80/a?b", "https://ex.com/a b/?q#f?g"):
        assert _fast(url) == _split(url), url


def test_native_fast_path_is_urlsplit():
    """_totals.web_path_and_query (classifier._assemble_native's reading of a plain web URL)
    gives urlsplit's path and query where it answers, and answers the common URLs."""
    import pytest

    native = pytest.importorskip("maintext.pagetype._totals")
    rng = random.Random(2)
    alphabet = "ab/?#:[]% \t\n.-_=&1x\x7f\u00e9@"
    answered = 0
    for prefix in ("http://", "https://", "HTTP://", "http:/", "https:", "ftp://", " http://", "http:///", ""):
        for _ in range(3000):
            url = prefix + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
            got = native.web_path_and_query(url)
            if got is not None:
                assert got == _split(url), url
                answered += 1
    assert answered > 1000
    for url in ("https://www.example.com/news/2019/05/27/a-slug.html?id=12345#top", "http://example.com",
                "https://example.com?x=1", "https://ex.com/a/?q#f?g", "https://ex.com#x?y/z"):
        assert native.web_path_and_query(url) == _split(url), url
    assert native.web_path_and_query("https://[::1]:80/a?b") is None
