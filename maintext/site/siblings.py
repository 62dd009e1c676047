"""Similar pages of the same site, chosen from a page's own links (seed 003's step).

Takes a page (its URL and parsed tree) and gives candidate sibling URLs ranked by URL-pattern
similarity, then fetches the best ones politely (robots.txt obeyed, a delay between two
requests, the usual fetch limits and address checks) until K pages are in hand.

Song et al. (2011) get the target's similar pages "by analysing the target page's links";
the paper does not say how. Our reading: pages made from one template sit under the same
path shape (``/news/2024/05/article-123.html`` and ``/news/2024/06/article-456.html``), so
a link is ranked by how well its path lines up with the target's, segment by segment:

=========================================================  =====
segment pair                                               score
=========================================================  =====
equal                                                      1
same shape (digit runs as one digit)                       0.75
same token ends (kinds of the first and last tokens        0.6
between ``-_.,``: digits, letters, mixed), same extension
both slug-like, same extension                             0.4
otherwise                                                  0
=========================================================  =====

divided by the longer path's segment count (a missing segment scores 0), and 0 for another
host. The token ends tell an article (``world-middle-east-40880420`` next to
``business-48405481``: a word first, an id last) from a section front in the same folder
(``science_and_environment``: words only), which is another template. A trailing
``index.html`` (``index.htm``, ``index.php``...) counts as the folder itself, so
``/2019/05/12/us/story/`` and ``/2019/05/13/us/other/index.html`` line up.

Links to the page itself, to non-pages (images, archives...) and fragments are skipped.
When the page's own URL has no query, candidate links are compared and fetched without
theirs (``?cid=...``, ``?maca=...``: the site addresses its pages by path, the query only
tracks the click), so one page linked twice with two tracking queries, or the page itself
with one, is not fetched as a sibling.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from ..errors import MaintextError
from ..io.crawl import SKIP_SUFFIXES, normalize_url
from ..io.discover import host_of
from ..io.fetch import Session, fetch_with
from ..io.robots import ROBOTS_MAX_BYTES, RobotsCache
from ..options import Options

_DIGITS = re.compile(r"\d+")
_SLUG = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+){1,}")
_TOKEN_SPLIT = re.compile(r"[-_.,]+")
_INDEX = re.compile(r"(?:index|default)\.(?:html?|shtml|php|aspx?|jsp)")


def _segments(url: str) -> list[str]:
    try:
        path = urlsplit(url).path
    except ValueError:
        return []
    segments = [s for s in path.lower().split("/") if s]
    if segments and _INDEX.fullmatch(segments[-1]):
        segments.pop()  # /a/b/index.html is the folder /a/b/
    return segments


def _kind(token: str) -> str:
    return "d" if token.isdigit() else ("a" if token.isalpha() else "x")


def _token_shape(segment: str) -> str:
    """The kinds of a segment's first and last tokens (between ``-_.,``; d digits, a
    letters, x mixed) and whether it has one token or several:
    ``world-middle-east-40880420`` -> ``a..d``, ``science_and_environment`` -> ``a..a``."""
    tokens = [t for t in _TOKEN_SPLIT.split(segment.rsplit(".", 1)[0]) if t]
    if not tokens:
        return ""
    return _kind(tokens[0]) if len(tokens) == 1 else f"{_kind(tokens[0])}..{_kind(tokens[-1])}"


def _shape(segment: str) -> str:
    return _DIGITS.sub("9", segment)


def _ext(segment: str) -> str:
    return segment.rsplit(".", 1)[1] if "." in segment else ""


def _segment_score(a: str, b: str) -> float:
    if a == b:
        return 1.0
    if _shape(a) == _shape(b):
        return 0.75
    if _ext(a) != _ext(b):
        return 0.0
    shape_a, shape_b = _token_shape(a), _token_shape(b)
    if shape_a == shape_b and shape_a:
        return 0.6
    if _SLUG.fullmatch(a.rsplit(".", 1)[0]) and _SLUG.fullmatch(b.rsplit(".", 1)[0]):
        return 0.4
    return 0.0


def url_similarity(a: str, b: str) -> float:
    """URL-pattern similarity of two URLs (0..1; see the module docstring)."""
    if not host_of(a) or host_of(a) != host_of(b):
        return 0.0
    sa, sb = _segments(a), _segments(b)
    n = max(len(sa), len(sb))
    if n == 0:
        return 1.0
    return sum(_segment_score(x, y) for x, y in zip(sa, sb)) / n


def url_pattern(url: str) -> str:
    """A key for the pages of one template: host and path shape (``news/9/article-9.html``)."""
    segments = [_shape(s) for s in _segments(url)]
    return f"{host_of(url)}/{'/'.join(segments)}"


def rank_candidates(page_url: str, links: list[str], min_similarity: float, limit: int) -> list[tuple[float, str]]:
    """The ``limit`` best sibling candidates among ``links``: (similarity, URL), best first."""
    own = normalize_url(page_url)
    by_path = bool(own) and not urlsplit(own).query  # the site addresses pages by path alone
    seen: set[str] = set()
    ranked: list[tuple[float, int, str]] = []
    for order, link in enumerate(links):
        url = normalize_url(link, page_url)
        if url and by_path:
            url = url.split("?", 1)[0]
        if not url or url == own or url in seen or urlsplit(url).path.lower().endswith(SKIP_SUFFIXES):
            continue
        seen.add(url)
        sim = url_similarity(page_url, url)
        if sim >= min_similarity:
            ranked.append((sim, order, url))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    return [(sim, url) for sim, _, url in ranked[:limit]]


@dataclass
class SiblingFetch:
    """What fetching siblings did: pages got (URL, bytes, content type) and every attempt."""

    pages: list[tuple[str, bytes, str | None]] = field(default_factory=list)
    tried: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    disallowed: list[str] = field(default_factory=list)
    candidates: int = 0


_ROBOTS: dict[tuple[bool, str], RobotsCache] = {}
_ROBOTS_LOCK = threading.Lock()


def _robots(options: Options, session: Session) -> RobotsCache:
    """A process-wide robots.txt cache (per address policy and user agent)."""
    key = (options.allow_private, options.user_agent)
    with _ROBOTS_LOCK:
        cache = _ROBOTS.get(key)
        if cache is None:
            def fetch_text(url: str) -> tuple[int, str]:
                with Session(allow_private=options.allow_private, user_agent=options.user_agent) as own:
                    got = fetch_with(url, options, session=own, accept_types=None, max_bytes=ROBOTS_MAX_BYTES)
                return got.status, got.content.decode("utf-8", "replace")

            cache = _ROBOTS[key] = RobotsCache(fetch_text, options.user_agent)
        return cache


def fetch_siblings(page_url: str, links: list[str], options: Options, k: int,
                   reserve: Callable[[str, float], float] | None = None) -> SiblingFetch:
    """Fetch up to ``k`` sibling pages of ``page_url`` chosen among ``links``.

    Requests are ``sibling_delay`` seconds apart (the site's robots.txt ``Crawl-delay`` when
    longer, up to ``options.discover.max_crawl_delay``); ``reserve(host, delay)`` (the
    template store's) books them across processes, else they are paced here."""
    cfg = options.site
    result = SiblingFetch()
    ranked = rank_candidates(page_url, links, cfg.min_similarity, cfg.max_candidates)
    result.candidates = len(ranked)
    if not ranked or k <= 0:
        return result
    with Session(allow_private=options.allow_private, user_agent=options.user_agent) as session:
        robots = _robots(options, session)
        last = 0.0
        for _, url in ranked:
            if len(result.pages) >= k:
                break
            if not robots.can_fetch(url):
                result.disallowed.append(url)
                continue
            delay = max(cfg.sibling_delay, min(robots.rules(url).crawl_delay or 0.0, options.discover.max_crawl_delay))
            if reserve is not None:
                wait = reserve(host_of(url), delay)
            else:
                wait = last + delay - time.monotonic() if last else 0.0
            if wait > 0:
                time.sleep(wait)
            result.tried.append(url)
            try:
                got = fetch_with(url, options, session=session)
            except MaintextError as exc:
                result.failures.append(f"{url}: {exc}")
                continue
            finally:
                last = time.monotonic()  # the delay runs from the end of the previous request
            result.pages.append((got.url, got.content, got.content_type))
    return result
