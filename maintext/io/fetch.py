"""Fetching pages over HTTP (online mode), with httpx.

Only ``http``/``https`` URLs are fetched; redirects are followed (at most 10), errors are
retried with a short back-off, and the body is read with a size limit.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..errors import DocumentTooLargeError, FetchError

_RETRY_STATUS = frozenset({429, 500, 502, 503, 504})
_HTML_TYPES = ("text/html", "application/xhtml", "text/plain", "application/xml", "text/xml")


@dataclass(slots=True)
class Fetched:
    url: str  # final URL after redirects
    status: int
    content_type: str | None
    content: bytes


def check_url(url: str) -> None:
    scheme = urlsplit(url).scheme.lower()
    if scheme not in ("http", "https"):
        raise FetchError(f"only http and https URLs are fetched, not {scheme or 'no scheme'}: {url}")


def fetch(url: str, *, timeout: float = 20.0, retries: int = 2, max_bytes: int = 32 * 1024 * 1024,
          user_agent: str | None = None, client=None) -> Fetched:
    """Fetch one URL; raises :class:`FetchError` on failure."""
    import httpx

    check_url(url)
    own = client is None
    if own:
        client = httpx.Client(follow_redirects=True, timeout=timeout, max_redirects=10,
                              headers={"User-Agent": user_agent or "maintext/0.1"})
    try:
        last: str = ""
        for attempt in range(retries + 1):
            if attempt:
                time.sleep(min(0.5 * 2 ** (attempt - 1), 4.0))
            try:
                return _get(client, url, max_bytes)
            except _Retryable as exc:
                last = str(exc)
            except httpx.HTTPError as exc:
                last = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
                if isinstance(exc, (httpx.TooManyRedirects, httpx.UnsupportedProtocol, httpx.InvalidURL)):
                    break
        raise FetchError(f"{url}: {last}")
    finally:
        if own:
            client.close()


class _Retryable(Exception):
    pass


def _get(client, url: str, max_bytes: int) -> Fetched:
    with client.stream("GET", url) as resp:
        check_url(str(resp.url))
        if resp.status_code in _RETRY_STATUS:
            raise _Retryable(f"HTTP {resp.status_code}")
        if resp.status_code >= 400:
            raise FetchError(f"{url}: HTTP {resp.status_code}")
        ctype = resp.headers.get("content-type")
        if ctype and not ctype.lower().startswith(_HTML_TYPES):
            raise FetchError(f"{url}: not an HTML page ({ctype.split(';')[0]})")
        chunks: list[bytes] = []
        size = 0
        for chunk in resp.iter_bytes():
            size += len(chunk)
            if size > max_bytes:
                raise DocumentTooLargeError(f"{url}: body exceeds the limit of {max_bytes} bytes")
            chunks.append(chunk)
        return Fetched(str(resp.url), resp.status_code, ctype, b"".join(chunks))
