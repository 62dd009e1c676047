"""Fetching pages over HTTP (online mode), safely.

Takes a URL and limits; gives a :class:`Fetched` (final URL, status, content type, body)
or raises :class:`~maintext.errors.FetchError` (:class:`~maintext.errors.DocumentTooLargeError`
for a body over the size cap). What "safely" means here:

* only ``http``/``https`` URLs (any letter case); any malformed URL, control character,
  or a redirect to another scheme (``javascript:``, ``data:``, ``file:``) is a FetchError;
* every connection goes through :mod:`maintext.io.netguard`: the host is resolved once,
  every address checked (no loopback, private, link-local, metadata... unless
  ``allow_private``), and the socket opened to a checked address; redirects are followed
  here, one hop at a time (at most ``max_redirects``), so each new host is checked again;
* the body is decoded by :mod:`maintext.io.httpbody` in bounded pieces against
  ``max_bytes`` (no decompression bombs, whatever the Content-Encoding);
* one total ``deadline`` covers the whole fetch (retries, redirects, a server dripping a
  byte a second), on top of ``timeout`` for each connect/read;
* 429/5xx answers are retried (at most ``retries`` times) after a short back-off or the
  server's ``Retry-After`` when that is at most ``max_retry_after`` seconds and fits in
  the deadline; a longer Retry-After fails at once.

:class:`Session` keeps one connection pool for many fetches (batch, crawler); it is
thread-safe. Proxies from the environment are not used (the address check would then
see only the proxy).
"""

from __future__ import annotations

import email.utils
import time
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from ..errors import DocumentTooLargeError, FetchError, MaintextError
from .httpbody import accept_encoding, decode_body
from .netguard import DEADLINE

_RETRY_STATUS = frozenset({429, 500, 502, 503, 504})
_REDIRECT_STATUS = frozenset({301, 302, 303, 307, 308})
HTML_TYPES = ("text/html", "application/xhtml", "text/plain", "application/xml", "text/xml")
DEFAULT_USER_AGENT = "maintext/0.1"


@dataclass(slots=True)
class Fetched:
    url: str  # final URL after redirects
    status: int
    content_type: str | None
    content: bytes


@dataclass(frozen=True, slots=True)
class FetchLimits:
    """Limits of one fetch (the defaults of :func:`fetch`)."""

    timeout: float = 20.0  # each connect / read / write
    deadline: float = 60.0  # the whole fetch, retries and redirects included
    retries: int = 2
    max_bytes: int = 32 * 1024 * 1024  # decoded body
    max_redirects: int = 10
    max_retry_after: float = 10.0  # longer Retry-After answers are not waited for


def check_url(url: str) -> str:
    """``url`` if it is a well-formed http(s) URL with a host; FetchError otherwise."""
    if not isinstance(url, str) or not url:
        raise FetchError("empty URL")
    if any(ord(c) < 0x21 or ord(c) == 0x7F for c in url):
        raise FetchError(f"URL contains a control character or space: {url[:200]!r}")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as exc:
        raise FetchError(f"malformed URL {url[:200]!r}: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise FetchError(f"only http and https URLs are fetched, not {scheme or 'no scheme'}: {url[:200]}")
    if not parts.hostname:
        raise FetchError(f"URL has no host: {url[:200]}")
    import httpx

    try:
        httpx.URL(url)
    except (httpx.InvalidURL, ValueError, TypeError) as exc:
        raise FetchError(f"malformed URL {url[:200]!r}: {exc}") from None
    return url


class Session:
    """A guarded httpx client (connection pool) shared by many fetches; thread-safe."""

    def __init__(self, *, allow_private: bool = False, user_agent: str | None = None,
                 max_connections: int = 16) -> None:
        import httpx

        from .netguard import GuardedTransport

        self.allow_private = allow_private
        limits = httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_connections)
        self.client = httpx.Client(
            transport=GuardedTransport(allow_private=allow_private, limits=limits),
            follow_redirects=False, trust_env=False,
            headers={"User-Agent": user_agent or DEFAULT_USER_AGENT, "Accept-Encoding": accept_encoding()},
        )

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def fetch(url: str, *, timeout: float = 20.0, retries: int = 2, max_bytes: int = 32 * 1024 * 1024,
          user_agent: str | None = None, client: object = None, allow_private: bool = False,
          deadline: float | None = None, max_redirects: int = 10, max_retry_after: float = 10.0,
          accept_types: tuple[str, ...] | None = HTML_TYPES) -> Fetched:
    """Fetch one URL; raises :class:`FetchError` on failure.

    ``client``: a :class:`Session` to reuse (anything else is ignored: only a guarded
    session fetches). ``deadline``: seconds for the whole fetch (default: 3 x timeout).
    ``accept_types``: content-type prefixes accepted (None: any type).
    """
    limits = FetchLimits(timeout=timeout, deadline=deadline if deadline is not None else 3 * timeout,
                         retries=retries, max_bytes=max_bytes, max_redirects=max_redirects,
                         max_retry_after=max_retry_after)
    check_url(url)
    own = not isinstance(client, Session) or client.allow_private != allow_private
    session = Session(allow_private=allow_private, user_agent=user_agent) if own else client
    token = DEADLINE.set(time.monotonic() + limits.deadline)
    try:
        return _fetch_with_retries(session, url, limits, accept_types)
    except MaintextError:
        raise
    except Exception as exc:  # noqa: BLE001 - the network boundary: every failure is a FetchError
        raise FetchError(f"{url}: {type(exc).__name__}: {exc}") from exc
    finally:
        DEADLINE.reset(token)
        if own:
            session.close()


class _Retryable(Exception):
    def __init__(self, message: str, wait: float | None = None, status: int = 0) -> None:
        super().__init__(message)
        self.wait, self.status = wait, status


def _fetch_with_retries(session: Session, url: str, limits: FetchLimits,
                        accept_types: tuple[str, ...] | None) -> Fetched:
    import httpx

    end = DEADLINE.get() or (time.monotonic() + limits.deadline)
    last, status = "", 0
    for attempt in range(limits.retries + 1):
        try:
            return _follow(session, url, limits, accept_types)
        except _Retryable as exc:
            last, wait, status = str(exc), exc.wait, exc.status
        except MaintextError:  # refused address, size cap, bad redirect, HTTP error status: final
            raise
        except httpx.HTTPError as exc:
            last = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            if time.monotonic() >= end:
                raise FetchError(f"{url}: total time limit of {limits.deadline:g} s reached ({last})") from None
            if isinstance(exc, (httpx.UnsupportedProtocol, httpx.InvalidURL, httpx.DecodingError,
                                httpx.ReadTimeout, httpx.WriteTimeout)):
                break  # a server that let a read wait `timeout` seconds is not asked again
            wait, status = None, 0
        except (httpx.InvalidURL, ValueError, UnicodeError) as exc:  # a malformed URL or Location header
            raise FetchError(f"{url}: malformed URL or redirect ({type(exc).__name__}: {exc})") from None
        if attempt == limits.retries:
            break
        wait = min(0.5 * 2 ** attempt, 4.0) if wait is None else wait
        if time.monotonic() + wait >= end:
            raise FetchError(f"{url}: {last}; no time left to retry within {limits.deadline:g} s")
        time.sleep(wait)
    if status:
        raise FetchError(f"{url}: {last}", status=status)
    raise FetchError(f"{url}: {last}")


def _follow(session: Session, url: str, limits: FetchLimits,
            accept_types: tuple[str, ...] | None) -> Fetched:
    """One attempt: follow redirects by hand, then read the body."""
    current = url
    for _ in range(limits.max_redirects + 1):
        request = session.client.build_request("GET", current, timeout=limits.timeout)
        resp = session.client.send(request, stream=True)
        try:
            if resp.status_code in _REDIRECT_STATUS and "location" in resp.headers:
                location = resp.headers["location"].strip()
                try:
                    current = check_url(urljoin(current, location))
                except ValueError as exc:
                    raise FetchError(f"{url}: redirect to a malformed URL ({exc})") from None
                except FetchError as exc:
                    raise FetchError(f"{url}: redirect refused: {exc}") from None
                continue
            return _read(resp, current, limits, accept_types)
        finally:
            resp.close()
    raise FetchError(f"{url}: TooManyRedirects: more than {limits.max_redirects} redirects")


def _retry_after(value: str | None, limits: FetchLimits) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (None: absent or unreadable)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


def _read(resp, url: str, limits: FetchLimits, accept_types: tuple[str, ...] | None) -> Fetched:
    status = resp.status_code
    if status in _RETRY_STATUS:
        wait = _retry_after(resp.headers.get("retry-after"), limits)
        if wait is not None and wait > limits.max_retry_after:
            raise FetchError(f"{url}: HTTP {status}, Retry-After {wait:.0f} s is over the limit of "
                             f"{limits.max_retry_after:g} s", status=status)
        raise _Retryable(f"HTTP {status}", wait, status)
    if status >= 400:
        raise FetchError(f"{url}: HTTP {status}", status=status)
    ctype = resp.headers.get("content-type")
    if accept_types is not None and ctype and not ctype.strip().lower().startswith(accept_types):
        raise FetchError(f"{url}: not an HTML page ({ctype.split(';')[0]})", not_html=True)
    declared = resp.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limits.max_bytes and not resp.headers.get("content-encoding"):
        raise DocumentTooLargeError(f"{url}: body of {declared} bytes exceeds the limit of {limits.max_bytes}")
    end = DEADLINE.get()
    chunks: list[bytes] = []
    size = 0
    for piece in decode_body(resp.iter_raw(64 * 1024), resp.headers.get("content-encoding")):
        size += len(piece)
        if size > limits.max_bytes:
            raise DocumentTooLargeError(f"{url}: body exceeds the limit of {limits.max_bytes} bytes")
        if end is not None and time.monotonic() > end:
            raise FetchError(f"{url}: total time limit of {limits.deadline:g} s reached while reading")
        chunks.append(piece)
    return Fetched(url, status, ctype, b"".join(chunks))


def fetch_with(url: str, options, *, session: Session | None = None,
               accept_types: tuple[str, ...] | None = HTML_TYPES, max_bytes: int | None = None) -> Fetched:
    """:func:`fetch` with the limits of an :class:`~maintext.options.Options`."""
    return fetch(url, timeout=options.fetch_timeout, retries=options.fetch_retries,
                 max_bytes=max_bytes or options.max_input_bytes, user_agent=options.user_agent,
                 client=session, allow_private=options.allow_private, deadline=options.fetch_deadline,
                 accept_types=accept_types)
