"""Fetching over HTTP against a local server: redirects, errors, retries, timeouts, types."""

from __future__ import annotations

import pytest

from maintext.errors import FetchError
from maintext.io.fetch import check_url, fetch
from maintext.io.loading import load

from ..helpers_http import LocalServer


@pytest.fixture(scope="module")
def server():
    with LocalServer() as srv:
        yield srv


def test_fetch_page_and_redirect(server: LocalServer):
    got = fetch(server.url("/page/7"), allow_private=True)
    assert got.status == 200 and b"local article 7" in got.content
    assert got.content_type.startswith("text/html")
    got = fetch(server.url("/redirect"), allow_private=True)
    assert got.url == server.url("/page/redirected")


def test_http_errors_and_non_html(server: LocalServer):
    with pytest.raises(FetchError, match="404"):
        fetch(server.url("/missing"), retries=0, allow_private=True)
    with pytest.raises(FetchError, match="not an HTML page"):
        fetch(server.url("/image"), retries=0, allow_private=True)
    with pytest.raises(FetchError, match="TooManyRedirects"):
        fetch(server.url("/loop"), retries=0, allow_private=True)


def test_retry_after_503(server: LocalServer):
    got = fetch(server.url("/flaky"), retries=1, allow_private=True)
    assert b"flaky" in got.content and server.hits["/flaky"] == 2


def test_timeout(server: LocalServer):
    with pytest.raises(FetchError, match="Timeout"):
        fetch(server.url("/slow"), timeout=0.3, retries=0, allow_private=True)


def test_only_http_and_https():
    for url in ("ftp://example.org/a.html", "file:///etc/passwd", "javascript:alert(1)"):
        with pytest.raises(FetchError, match="only http and https"):
            check_url(url)


def test_load_uses_http_charset(server: LocalServer):
    loaded = load(server.url("/gbk"), allow_private=True)
    assert "中文正文内容" in loaded.html and loaded.encoding == "gb18030"
    assert loaded.url == server.url("/gbk")


def test_extract_honours_fetch_retries():
    import maintext
    from maintext.errors import FetchError as Err

    with LocalServer() as server, pytest.raises(Err):  # the first answer is a 503 and no retry is allowed
        maintext.extract(server.url("/flaky"), method="lineblock", fetch_retries=0, allow_private=True)
    with LocalServer() as server:  # a new server: the first hit is a 503 again
        page = maintext.extract(server.url("/flaky"), method="lineblock", fetch_retries=1, allow_private=True)
        assert page.url == server.url("/flaky") and server.hits["/flaky"] == 2
