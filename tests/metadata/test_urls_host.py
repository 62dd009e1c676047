"""``urls.is_absolute_http`` reads the host name without ``urlsplit`` where it can: the
same answer as ``urlsplit(url).hostname`` on random URLs."""

from __future__ import annotations

import random
from urllib.parse import urlsplit

import re

from maintext.metadata.urls import is_absolute_http

_SPACE = re.compile(r"\s")  # what is_absolute_http told white space by before (re's Unicode \s)
_NETLOC = re.compile(r"[^/?#]*")  # ... and the netloc after the "//"

PIECES = ["http://", "https://", "HTTPS://", "hTtp://", "//", "/", "?", "#", "@", ":", "[", "]", "::1",
          "example.com", "a", "user:pw", "80", "ü", "％", "ｅ", "x.y", "%41", "", "-", "\u212a", "/path",
          " ", "\t", "\x1c", "\xa0", "\u3000", "\u0130", "\u03a3", "H", "S"]


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


def test_string_forms_same_as_the_patterns_they_replace():
    """The white-space test (``str.split``), the scheme read from the first 8 characters
    and the netloc cut by ``str.split`` give what the regexes and ``url.lower()`` gave."""
    assert not [c for c in range(0x110000) if (_SPACE.search("a" + chr(c) + "b") is None)
                != (("a" + chr(c) + "b").split(None, 1) == ["a" + chr(c) + "b"])]
    assert not [c for c in range(128, 0x110000) if set(chr(c).lower()) & set("https:/")]
    rng = random.Random(12)
    for _ in range(20000):
        url = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 7)))
        if url:  # (is_absolute_http asks only after the scheme: never of "")
            assert (_SPACE.search(url) is None) == (url.split(None, 1) == [url]), url
        assert url[:8].lower().startswith(("http://", "https://")) == url.lower().startswith(("http://", "https://"))
        at = url.find("//") + 2
        assert url[at:].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0] == _NETLOC.match(url, at).group(), url
