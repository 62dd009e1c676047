"""robots.txt rules per host, fetched once and cached (for the crawler and sibling fetches).

Takes a URL; gives whether it may be fetched, the host's crawl delay and its ``Sitemap:``
lines. Parsing is protego's (extra ``maintext[net]``: wildcards, ``$``, longest-match
precedence between Allow and Disallow, as Google and RFC 9309 read them); without it the
standard library's ``urllib.robotparser`` (first match wins, no wildcards) is used.
Fetch outcomes follow RFC 9309: 2xx parsed; 4xx means no rules (everything allowed);
5xx, a network failure or a refused address means everything disallowed for this run.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from ..errors import DocumentTooLargeError, FetchError

ROBOTS_MAX_BYTES = 512 * 1024  # Google reads the first 500 KiB


@dataclass
class HostRules:
    """What one host's robots.txt says (``allow_all``/``deny_all`` when there was none)."""

    parser: object | None = None
    allow_all: bool = False
    deny_all: bool = False
    sitemaps: list[str] = field(default_factory=list)
    crawl_delay: float | None = None

    def can_fetch(self, url: str, user_agent: str) -> bool:
        if self.deny_all:
            return False
        if self.allow_all or self.parser is None:
            return True
        return bool(self.parser.can_fetch(url, user_agent))


def parse_robots(text: str, user_agent: str) -> HostRules:
    """Rules from a robots.txt body."""
    token = user_agent.split("/", 1)[0].strip() or "*"
    try:
        from protego import Protego
    except ImportError:
        return _parse_stdlib(text, token)
    parser = Protego.parse(text)
    delay = parser.crawl_delay(token)
    return HostRules(parser=_ProtegoAdapter(parser, token), sitemaps=list(parser.sitemaps),
                     crawl_delay=float(delay) if delay is not None else None)


class _ProtegoAdapter:
    def __init__(self, parser, token: str) -> None:
        self.parser, self.token = parser, token

    def can_fetch(self, url: str, user_agent: str) -> bool:
        return self.parser.can_fetch(url, self.token)


def _parse_stdlib(text: str, token: str) -> HostRules:
    from urllib.robotparser import RobotFileParser

    parser = RobotFileParser()
    parser.parse(text.splitlines())
    delay = parser.crawl_delay(token)
    sitemaps = parser.site_maps() or []
    adapter = _StdlibAdapter(parser, token)
    return HostRules(parser=adapter, sitemaps=list(sitemaps), crawl_delay=float(delay) if delay else None)


class _StdlibAdapter:
    def __init__(self, parser, token: str) -> None:
        self.parser, self.token = parser, token

    def can_fetch(self, url: str, user_agent: str) -> bool:
        return self.parser.can_fetch(self.token, url)


def robots_url(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}/robots.txt"


class RobotsCache:
    """robots.txt of each host, fetched once through ``fetch_text`` (thread-safe)."""

    def __init__(self, fetch_text, user_agent: str) -> None:
        self._fetch_text = fetch_text  # url -> (status, text); raises FetchError
        self.user_agent = user_agent
        self._rules: dict[str, HostRules] = {}
        self._lock = threading.Lock()
        self._host_locks: dict[str, threading.Lock] = {}

    def rules(self, url: str) -> HostRules:
        key = robots_url(url)
        with self._lock:
            if key in self._rules:
                return self._rules[key]
            host_lock = self._host_locks.setdefault(key, threading.Lock())
        with host_lock:
            with self._lock:
                if key in self._rules:
                    return self._rules[key]
            rules = self._load(key)
            with self._lock:
                self._rules[key] = rules
            return rules

    def _load(self, key: str) -> HostRules:
        try:
            status, text = self._fetch_text(key)
        except DocumentTooLargeError:
            return HostRules(allow_all=True)  # an oversized file: RFC 9309 lets us ignore the rest
        except FetchError as exc:
            status = exc.status or 0
            return HostRules(allow_all=400 <= status < 500, deny_all=not 400 <= status < 500)
        if status >= 400:
            return HostRules(allow_all=status < 500, deny_all=status >= 500)
        return parse_robots(text, self.user_agent)

    def can_fetch(self, url: str) -> bool:
        return self.rules(url).can_fetch(url, self.user_agent)
