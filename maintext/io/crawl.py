"""A polite crawler for ``maintext batch --crawl URL``, with its frontier in SQLite.

Takes start URLs, :class:`~maintext.options.Options` (``options.discover``: delay, per-host
and total concurrency, page and depth limits, same-host rule, robots) and a frontier file;
gives the fetched pages one by one (:class:`Crawled`: URL, body, or the error).

* Politeness: robots.txt obeyed (:mod:`maintext.io.robots`; a disallowed URL is never
  fetched), at least ``crawl_delay`` seconds between two requests to one host (the host's
  ``Crawl-delay`` when longer, up to ``max_crawl_delay``), at most ``crawl_per_host``
  requests in flight per host and ``crawl_threads`` in all.
* Scope: ``max_pages`` pages, ``max_depth`` link hops, only the start host's links unless
  ``same_host`` is off; links to obvious non-pages (images, archives, media) are skipped.
* URLs are normalised (:func:`normalize_url`) before they enter the seen-set, which is the
  frontier table itself: every URL ever queued has one row and a state (queued, fetching,
  done, failed, skipped, disallowed).
* Resume: the frontier lives in SQLite (WAL); a crawl that stops (Ctrl-C, kill) and is run
  again with the same file goes on from its queue (rows left "fetching" are queued again),
  and its page limit counts the pages done before.
"""

from __future__ import annotations

import posixpath
import sqlite3
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

from ..errors import FetchError, MaintextError
from ..options import Options
from .fetch import Session, fetch_with

# Links with these endings are not pages: never queued.
SKIP_SUFFIXES = (".jpg", ".jpeg", ".png", ".gif", ".webp", ".svg", ".ico", ".bmp", ".tif", ".tiff", ".pdf",
                 ".zip", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".rar", ".tar", ".mp3", ".mp4", ".m4a", ".avi",
                 ".mov", ".webm", ".ogg", ".wav", ".css", ".js", ".json", ".woff", ".woff2", ".ttf", ".eot",
                 ".exe", ".dmg", ".apk", ".iso", ".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx", ".rss")
# Query parameters that only track the visitor: dropped so one page has one URL.
TRACKING_PARAMS = ("utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "fbclid", "gclid",
                   "mc_cid", "mc_eid")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def normalize_url(url: str, base: str | None = None) -> str | None:
    """Canonical form of an http(s) URL (None when it is not one): scheme and host lower
    case, default port and fragment dropped, dot segments resolved, empty path ``/``,
    tracking parameters dropped."""
    try:
        return _normalize(url, base)
    except (ValueError, UnicodeError):  # malformed hosts, ports, lone surrogates
        return None


def _normalize(url: str, base: str | None) -> str | None:
    try:
        joined = urljoin(base, url.strip()) if base else url.strip()
        parts = urlsplit(joined)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower().rstrip(".")
    if scheme not in _DEFAULT_PORTS or not host or any(c in joined for c in "\x00\r\n\t "):
        return None
    if ":" in host:
        host = f"[{host}]"
    netloc = host if port in (None, _DEFAULT_PORTS[scheme]) else f"{host}:{port}"
    path = parts.path or "/"
    if "/." in path:
        trailing = path.endswith("/")
        path = posixpath.normpath(path)
        path = "/" + path.lstrip("/")
        if trailing and not path.endswith("/"):
            path += "/"
    query = parts.query
    if query:
        pairs = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k.lower() not in TRACKING_PARAMS]
        query = urlencode(pairs, doseq=True)
    return urlunsplit((scheme, netloc, path, query, ""))


def page_links(content: bytes, url: str, follow_nofollow: bool = False) -> list[str]:
    """Absolute, normalised link targets of an HTML page, in document order."""
    import lxml.html
    from lxml import etree

    try:
        doc = lxml.html.document_fromstring(content)
    except (etree.ParserError, ValueError):
        return []
    if not follow_nofollow:  # <meta name="robots" content="nofollow">: no link of the page is followed
        for directives in doc.xpath("//meta[translate(@name,'ROBTS','robts')='robots']/@content"):
            if "nofollow" in directives.lower() or "none" in directives.lower().replace(" ", "").split(","):
                return []
    base = url
    for href in doc.xpath("//base/@href")[:1]:
        base = normalize_url(href, url) or url
    links: list[str] = []
    for a in doc.iter("a", "area"):
        href = a.get("href")
        if not href or href.startswith(("#", "javascript:", "mailto:", "tel:", "data:")):
            continue
        if not follow_nofollow and "nofollow" in (a.get("rel") or "").lower().split():
            continue
        target = normalize_url(href, base)
        if target and not urlsplit(target).path.lower().endswith(SKIP_SUFFIXES):
            links.append(target)
    return links


class Frontier:
    """The crawl's queue and seen-set: one row per URL ever queued (SQLite, WAL)."""

    def __init__(self, path: str | Path) -> None:
        self.conn = sqlite3.connect(str(path), timeout=30, check_same_thread=False)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.executescript(
            "CREATE TABLE IF NOT EXISTS urls(url TEXT PRIMARY KEY, host TEXT NOT NULL, depth INTEGER NOT NULL,"
            " state TEXT NOT NULL DEFAULT 'queued', seq INTEGER NOT NULL, error TEXT);"
            "CREATE INDEX IF NOT EXISTS urls_queue ON urls(state, depth, seq);")
        self.conn.execute("UPDATE urls SET state='queued' WHERE state='fetching'")  # a stopped crawl
        self.conn.commit()
        self._seq = self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM urls").fetchone()[0]

    def add(self, urls: list[str], depth: int) -> int:
        rows = []
        for url in urls:
            self._seq += 1
            rows.append((url, urlsplit(url).hostname or "", depth, self._seq))
        with self.conn:
            before = self.conn.total_changes
            self.conn.executemany("INSERT OR IGNORE INTO urls(url, host, depth, seq) VALUES (?,?,?,?)", rows)
            return self.conn.total_changes - before

    def queued(self, limit: int) -> list[tuple[str, str, int]]:
        return self.conn.execute("SELECT url, host, depth FROM urls WHERE state='queued' ORDER BY depth, seq LIMIT ?",
                                 (limit,)).fetchall()

    def mark(self, url: str, state: str, error: str | None = None) -> None:
        with self.conn:
            self.conn.execute("UPDATE urls SET state=?, error=? WHERE url=?", (state, error, url))

    def count(self, *states: str) -> int:
        marks = ",".join("?" * len(states))
        return self.conn.execute(f"SELECT COUNT(*) FROM urls WHERE state IN ({marks})", states).fetchone()[0]

    def close(self) -> None:
        self.conn.close()


@dataclass(slots=True)
class Crawled:
    url: str  # the frontier's (normalised) URL: the page's id
    final_url: str | None = None
    content: bytes | None = None
    content_type: str | None = None
    depth: int = 0
    error: str | None = None


class Crawler:
    """Iterate over the crawled pages (see the module docstring)."""

    def __init__(self, start_urls: list[str], options: Options, frontier_path: str | Path,
                 log=None) -> None:
        self.options, self.cfg, self.log = options, options.discover, log
        self.frontier = Frontier(frontier_path)
        starts = [u for u in (normalize_url(s) for s in start_urls) if u]
        if not starts:
            raise MaintextError(f"no http(s) start URL among {start_urls!r}")
        self.frontier.add(starts, 0)
        self.hosts = {urlsplit(u).hostname for u in starts}
        self.session = Session(allow_private=options.allow_private, user_agent=options.user_agent,
                               max_connections=max(2, self.cfg.crawl_threads))
        from .robots import ROBOTS_MAX_BYTES, RobotsCache

        def fetch_text(url: str) -> tuple[int, str]:
            got = fetch_with(url, options, session=self.session, accept_types=None, max_bytes=ROBOTS_MAX_BYTES)
            return got.status, got.content.decode("utf-8", "replace")

        self.robots = RobotsCache(fetch_text, options.user_agent)
        self._next_time: dict[str, float] = {}
        self._in_flight: dict[str, int] = {}
        self._delay: dict[str, float] = {}
        self.disallowed = 0

    def _host_delay(self, url: str) -> float:
        delay = self.cfg.crawl_delay
        if self.cfg.obey_robots:
            robots_delay = self.robots.rules(url).crawl_delay or 0.0
            delay = max(delay, min(robots_delay, self.cfg.max_crawl_delay))
        return delay

    def _fetch(self, url: str, depth: int) -> Crawled:
        try:
            got = fetch_with(url, self.options, session=self.session)
        except FetchError as exc:
            if exc.not_html:
                return Crawled(url, depth=depth, error="skip:" + str(exc))
            return Crawled(url, depth=depth, error=f"{type(exc).__name__}: {exc}")
        except MaintextError as exc:
            return Crawled(url, depth=depth, error=f"{type(exc).__name__}: {exc}")
        return Crawled(url, got.url, got.content, got.content_type, depth)

    def _ready(self, budget: int) -> list[tuple[str, str, int]]:
        """Queued URLs that may start now (robots, host delay and concurrency)."""
        now = time.monotonic()
        chosen: list[tuple[str, str, int]] = []
        for url, host, depth in self.frontier.queued(500):
            if len(chosen) >= budget:
                break
            if self._in_flight.get(host, 0) >= self.cfg.crawl_per_host or self._next_time.get(host, 0.0) > now:
                continue
            if self.cfg.obey_robots and not self.robots.can_fetch(url):
                self.frontier.mark(url, "disallowed")
                self.disallowed += 1
                continue
            self._in_flight[host] = self._in_flight.get(host, 0) + 1
            self._delay[host] = self._host_delay(url)
            self._next_time[host] = time.monotonic() + self._delay[host]
            self.frontier.mark(url, "fetching")
            chosen.append((url, host, depth))
        return chosen

    def __iter__(self) -> Iterator[Crawled]:
        done = self.frontier.count("done", "failed")
        pool = ThreadPoolExecutor(max_workers=max(1, self.cfg.crawl_threads), thread_name_prefix="maintext-crawl")
        running: dict[Future[Crawled], str] = {}
        try:
            while True:
                budget = min(self.cfg.crawl_threads - len(running), self.cfg.max_pages - done - len(running))
                if budget > 0:
                    for url, host, depth in self._ready(budget):
                        running[pool.submit(self._fetch, url, depth)] = host
                if not running:
                    if done >= self.cfg.max_pages or not self.frontier.count("queued"):
                        return
                    waits = [t - time.monotonic() for t in self._next_time.values()]
                    time.sleep(min(max(0.01, min(waits, default=0.05)), 0.5))
                    continue
                finished, _ = wait(list(running), timeout=0.5, return_when=FIRST_COMPLETED)
                for future in finished:
                    host = running.pop(future)
                    self._in_flight[host] -= 1
                    # the delay also runs from the end of a request (a slow answer is no reason to hurry)
                    self._next_time[host] = max(self._next_time[host], time.monotonic() + self._delay[host])
                    page = future.result()
                    if page.error and page.error.startswith("skip:"):
                        self.frontier.mark(page.url, "skipped", page.error[5:])
                        continue
                    self._queue_links(page)
                    self.frontier.mark(page.url, "failed" if page.error else "done", page.error)
                    done += 1
                    yield page
        finally:
            for future in running:
                future.cancel()
            pool.shutdown(wait=True, cancel_futures=True)
            if self.log:
                self.log(f"crawl: {done} pages done, {self.frontier.count('queued')} still queued, "
                         f"{self.disallowed} disallowed by robots.txt")

    def _queue_links(self, page: Crawled) -> None:
        if page.content is None or page.depth >= self.cfg.max_depth:
            return
        links = page_links(page.content, page.final_url or page.url, self.cfg.follow_nofollow)
        if self.cfg.same_host:
            links = [u for u in links if urlsplit(u).hostname in self.hosts]
        self.frontier.add(links, page.depth + 1)

    def close(self) -> None:
        self.session.close()
        self.frontier.close()
