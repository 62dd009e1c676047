"""Which network addresses online mode may connect to, enforced where the socket is opened.

Takes a host name (or IP literal) and a port; gives a connected socket stream, or raises
:class:`BlockedAddressError`. Every address the host resolves to is checked (loopback,
private, link-local, unique-local, multicast, reserved, unspecified, shared and cloud
metadata addresses are refused unless ``allow_private``), and the connection is made to
one of the checked addresses itself, never to a second resolution of the name: a DNS
answer that changes between the check and the connect (DNS rebinding) cannot slip through.
TLS keeps the URL's host name for SNI and certificate checks (httpcore passes it to
``start_tls`` separately from the address connected to).

:class:`GuardedTransport` is an ``httpx.HTTPTransport`` whose connection pool uses this
backend. It also enforces the per-fetch total deadline at the socket: every read and write
gets at most the time left (see :data:`DEADLINE`), so a server dripping one byte a second,
in the headers or in the body, fails when the fetch's time is up.
"""

from __future__ import annotations

import contextvars
import ipaddress
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

import httpcore
import httpx

from ..errors import FetchError


class BlockedAddressError(FetchError):
    """A URL's host resolves to an address online mode does not connect to by default."""


# Monotonic time by which the current fetch must be done (None: no total deadline). Set by
# maintext.io.fetch around one fetch; read by every socket read/write of that fetch.
DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar("maintext_fetch_deadline", default=None)

# Named refusals, checked in this order (the first that matches is the reason given).
_BLOCKED_NETWORKS: tuple[tuple[str, str], ...] = (
    ("169.254.169.254/32", "cloud metadata"),
    ("fd00:ec2::254/128", "cloud metadata"),
    ("100.64.0.0/10", "shared (carrier-grade NAT)"),
    ("64:ff9b::/96", "NAT64"),  # embeds an IPv4 address: checked on the embedded one too
)
_FLAGS: tuple[tuple[str, str], ...] = (
    ("is_unspecified", "unspecified"),
    ("is_loopback", "loopback"),
    ("is_link_local", "link-local"),
    ("is_multicast", "multicast"),
    ("is_private", "private"),  # includes IPv6 unique-local fc00::/7
    ("is_reserved", "reserved"),
    ("is_site_local", "site-local"),
)


def address_problem(address: str) -> str | None:
    """Why ``address`` (an IP literal) is refused, or None when it is a public address."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return "not an IP address"
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if embedded is None and ip in ipaddress.ip_network("64:ff9b::/96"):
            embedded = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if embedded is not None:  # judged by the IPv4 address it carries
            inner = address_problem(str(embedded))
            return f"{inner} (inside {ip})" if inner else None
    for network, name in _BLOCKED_NETWORKS:
        if ip in ipaddress.ip_network(network):
            return name
    for flag, name in _FLAGS:
        if getattr(ip, flag, False):
            return name
    if not ip.is_global:
        return "not globally routable"
    return None


_RESOLVER = ThreadPoolExecutor(max_workers=4, thread_name_prefix="maintext-dns")


def _getaddrinfo(host: str, port: int, timeout: float | None) -> list:
    """``socket.getaddrinfo`` bounded by ``timeout`` (a resolver that hangs is left behind)."""
    future = _RESOLVER.submit(socket.getaddrinfo, host, port, type=socket.SOCK_STREAM)
    try:
        return future.result(timeout=timeout)
    except FutureTimeout:
        raise FetchError(f"resolving host {host!r} took longer than {timeout:g} s") from None


def resolve_checked(host: str, port: int, allow_private: bool, timeout: float | None = None) -> list[tuple[int, str]]:
    """(family, address) pairs of ``host``; raises when any of them is refused."""
    try:
        infos = _getaddrinfo(host.strip("[]"), port, timeout)
    except (OSError, UnicodeError, ValueError) as exc:  # gaierror is an OSError
        raise FetchError(f"cannot resolve host {host!r}: {exc}") from None
    addresses: list[tuple[int, str]] = []
    for family, _, _, _, sockaddr in infos:
        if family not in (socket.AF_INET, socket.AF_INET6):
            continue
        address = str(sockaddr[0])
        if not allow_private:
            problem = address_problem(address)
            if problem:
                raise BlockedAddressError(
                    f"host {host} resolves to {address}, a {problem} address; online mode does not "
                    "connect to such addresses unless private addresses are allowed (--allow-private)")
        if (family, address) not in addresses:
            addresses.append((family, address))
    if not addresses:
        raise FetchError(f"host {host!r} has no IPv4 or IPv6 address")
    return addresses


def _left(timeout: float | None) -> float | None:
    """``timeout`` shortened to the current fetch's time left; raises when none is left."""
    deadline = DEADLINE.get()
    if deadline is None:
        return timeout
    left = deadline - time.monotonic()
    if left <= 0:
        raise httpcore.ReadTimeout("the fetch's total time limit was reached")
    return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore.NetworkStream):
    """A socket stream whose every read and write ends by the fetch's deadline."""

    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _left(timeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _left(timeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context: Any, server_hostname: str | None = None,
                  timeout: float | None = None) -> httpcore.NetworkStream:
        return _DeadlineStream(self._inner.start_tls(ssl_context, server_hostname, _left(timeout)))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class GuardedBackend(httpcore.NetworkBackend):
    """Resolves once, checks every address, connects to a checked address."""

    def __init__(self, allow_private: bool = False) -> None:
        self.allow_private = allow_private
        self._sync = httpcore.SyncBackend()

    def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                    local_address: str | None = None, socket_options: Any = None) -> httpcore.NetworkStream:
        addresses = resolve_checked(host, port, self.allow_private, _left(timeout))
        last: Exception | None = None
        for _, address in addresses:
            try:
                stream = self._sync.connect_tcp(address, port, _left(timeout), local_address, socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                last = exc
                continue
            return _DeadlineStream(stream)
        assert last is not None
        raise last

    def connect_unix_socket(self, *args: Any, **kwargs: Any) -> httpcore.NetworkStream:
        raise FetchError("unix sockets are not fetched")

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


_SSL: list = []
_SSL_LOCK = threading.Lock()


def _ssl_context():
    """One verifying SSL context (certifi roots, as httpx builds it) for every session of the
    process: building one costs ~50 ms, and an SSLContext may be shared between threads."""
    with _SSL_LOCK:
        if not _SSL:
            _SSL.append(httpx.create_ssl_context(trust_env=False))
        return _SSL[0]


class GuardedTransport(httpx.HTTPTransport):
    """``httpx.HTTPTransport`` (no proxy, no unix socket) connecting through :class:`GuardedBackend`."""

    def __init__(self, *, allow_private: bool = False, limits: httpx.Limits | None = None) -> None:
        limits = limits or httpx.Limits()
        ssl_context = _ssl_context()
        super().__init__(verify=ssl_context, trust_env=False, limits=limits)
        self._pool.close()
        self._pool = httpcore.ConnectionPool(
            ssl_context=ssl_context,
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=GuardedBackend(allow_private),
        )
