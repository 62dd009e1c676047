"""The one declared-URL finder (used by metadata, site grouping and batch runs)."""

from __future__ import annotations

from maintext.metadata.urls import absolute, declared_url, first_declared


def test_declared_url_canonical_then_og_url():
    html = ("<head><meta property='og:url' content='https://b.example/og'>"
            "<link rel='canonical' href='https://a.example/c'></head>")
    assert declared_url(html) == "https://a.example/c"
    assert declared_url("<link rel='canonical' href='/rel'><meta name='og:url' content='http://b.org/y'>") \
        == "http://b.org/y"
    assert declared_url("<p>nothing</p>") is None


def test_first_declared_needs_absolute_http_with_host():
    assert first_declared(None, " ", "ftp://x.example/", "https:///nohost", "https://ok.example/p") == \
        "https://ok.example/p"
    assert first_declared("https://a b.example/") is None  # white space inside


def test_site_group_and_batch_use_the_same_finder():
    from maintext.metadata import urls
    from maintext.site import group

    assert group.declared_url is urls.declared_url


def test_absolute():
    assert absolute("/img/a.jpg", "https://x.example/p/q") == "https://x.example/img/a.jpg"
    assert absolute("data:image/png;base64,xx", "https://x.example/") is None
    assert absolute("a.jpg", None) == "a.jpg"


def test_white_space_test_is_str_isspace_for_every_character():
    import sys

    for code in range(sys.maxunicode + 1):  # (is_absolute_http's test: str.split finds white space)
        c = chr(code)
        assert (("a" + c).split(None, 1) != ["a" + c]) == c.isspace(), hex(code)
