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
