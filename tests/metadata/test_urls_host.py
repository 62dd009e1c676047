"""``urls.is_absolute_http`` reads the host name without ``urlsplit`` where it can: the
same answer as ``urlsplit(url).hostname`` on random URLs."""

from __future__ import annotations

import random
from urllib.parse import urlsplit

from maintext.metadata.urls import _SPACE, is_absolute_http

PIECES = ["http://", "https://", "HTTPS://", "hTtp://", "//", "/", "?", "#", "@", ":", "[", "]", "::1",
          "example.com", "a", "user:pw", "80", "ü", "％", "ｅ", "x.y", "%41", "", "-", "\u212a", "/path"]


def _reference(url: str) -> bool:
    if not url.lower().startswith(("http://", "https://")) or _SPACE.search(url) is not None:
        return False
    try:
        return bool(urlsplit(url).hostname)
    except ValueError:
        return False


def test_host_read_directly_same_as_urlsplit():
    rng = random.Random(11)
    for _ in range(20000):
        url = rng.choice(PIECES[:4]) + "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))
        assert is_absolute_http(url) == _reference(url), url
