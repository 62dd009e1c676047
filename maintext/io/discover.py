"""URL discovery from sitemaps and feeds (``maintext batch --sitemap URL`` / ``--feed URL``).

Takes a URL and :class:`~maintext.options.Options` (limits in ``options.discover``); gives
the page URLs listed, in document order, without duplicates. Everything is fetched with
:func:`maintext.io.fetch.fetch` (address checks, size caps, deadlines).

* Sitemaps: XML ``urlset`` and ``sitemapindex`` (followed to ``max_sitemap_depth``, at most
  ``max_sitemaps`` files), gzip-compressed files (``.xml.gz``, bounded), plain-text
  sitemaps (one URL a line), and RSS/Atom feeds given as sitemaps. A robots.txt URL, or a
  site's root URL, is read for its ``Sitemap:`` lines (the root falls back to
  ``/sitemap.xml``). Listed URLs of another site are dropped (``same_site``), as the
  sitemap protocol requires.
* Feeds: RSS 2.0 / 0.9x (``item/link``, else a permalink ``guid``), RSS 1.0 (RDF) and Atom
  (``entry/link`` with rel ``alternate`` or none; relative links resolved against the feed URL).

XML is parsed by lxml without entity expansion, DTD loading or network access (no
billion-laughs or external-entity tricks), in recover mode for the usual broken feeds.
We parse feeds ourselves rather than with feedparser: lxml is already a dependency, the
link is all we need, and the hardened parser settings are ours to choose. Measured on a
1000-item feed: lxml 13 ms / feedparser 272 ms (RSS), 21 / 494 ms (RSS with a bare ``&``
and a missing end tag), 17 / 117 ms (Atom, relative links); the same 1000 links each time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from urllib.parse import urljoin, urlsplit

from ..errors import DocumentTooLargeError, FetchError, LoadError
from ..options import Options
from .fetch import Session, check_url, fetch_with
from .httpbody import decode_body

_ANY_TYPE = None


def host_of(url: str) -> str:
    """The lower-case host of a URL ("" when it has none or is malformed)."""
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def site_key(url: str) -> str:
    """The site of a URL: its host without a leading ``www.``."""
    host = host_of(url)
    return host[4:] if host.startswith("www.") else host


def _join(base: str, link: str) -> str:
    """``urljoin`` that gives "" for a malformed link instead of raising."""
    try:
        return urljoin(base, link)
    except ValueError:
        return ""


def _is_http(url: str) -> bool:
    try:
        parts = urlsplit(url)
        return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
    except ValueError:
        return False


def _gunzip_capped(body: bytes, max_bytes: int, name: str) -> bytes:
    out: list[bytes] = []
    size = 0
    for piece in decode_body([body], "gzip"):
        size += len(piece)
        if size > max_bytes:
            raise DocumentTooLargeError(f"{name}: decompressed sitemap exceeds {max_bytes} bytes")
        out.append(piece)
    return b"".join(out)


def _xml_root(body: bytes):
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             recover=True, remove_comments=True, remove_pis=True)
    try:
        return etree.fromstring(body, parser)
    except etree.XMLSyntaxError:
        return None


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _children_text(root, outer: str, inner: str) -> list[str]:
    found: list[str] = []
    for el in root.iter():
        if _local(el.tag) != outer:
            continue
        for child in el:
            if _local(child.tag) == inner and child.text and child.text.strip():
                found.append(child.text.strip())
                break
    return found


def parse_feed_root(root, base_url: str) -> list[str]:
    """Entry links of an RSS or Atom document (an lxml root)."""
    kind = _local(root.tag)
    links: list[str] = []
    if kind == "feed":  # Atom
        for entry in root.iter():
            if _local(entry.tag) != "entry":
                continue
            best = None
            for link in entry:
                if _local(link.tag) != "link" or not link.get("href"):
                    continue
                rel = (link.get("rel") or "alternate").lower()
                if rel == "alternate":
                    best = link.get("href")
                    break
            if best:
                base = entry.base or root.base or base_url  # xml:base
                links.append(_join(base if _is_http(base or "") else base_url, best.strip()))
        return links
    for item in root.iter():  # RSS 0.9x/2.0 and RSS 1.0 (RDF)
        if _local(item.tag) != "item":
            continue
        link = guid = None
        for child in item:
            name = _local(child.tag)
            if name == "link" and child.text and child.text.strip():
                link = child.text.strip()
            elif name == "guid" and child.text and (child.get("isPermaLink") or "true").lower() == "true":
                guid = child.text.strip()
        if link is None and item.get("{http://www.w3.org/1999/02/22-rdf-syntax-ns#}about"):
            link = item.get("{http://www.w3.org/1999/02/22-rdf-syntax-ns#}about")
        chosen = link or guid
        if chosen:
            links.append(_join(base_url, chosen))
    return links


def parse_sitemap(body: bytes, base_url: str) -> tuple[str, list[str]]:
    """(kind, URLs) of a sitemap body: kind ``urlset``, ``index``, ``feed`` or ``text``."""
    head = body.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if head == b"<":
        root = _xml_root(body)
        if root is not None:
            kind = _local(root.tag)
            if kind == "sitemapindex":
                return "index", _children_text(root, "sitemap", "loc")
            if kind == "urlset":
                return "urlset", _children_text(root, "url", "loc")
            if kind in ("rss", "rdf", "feed", "channel"):
                return "feed", parse_feed_root(root, base_url)
            return "unknown", []
    text = body.decode("utf-8", "replace")
    return "text", [line.strip() for line in text.splitlines() if _is_http(line.strip())]


class _Collector:
    """Ordered, deduplicated, capped URL list with the same-site rule."""

    def __init__(self, site: str | None, cap: int) -> None:
        self.site, self.cap = site, cap
        self.urls: list[str] = []
        self._seen: set[str] = set()

    def add(self, url: str) -> bool:
        """False once the cap is reached."""
        if len(self.urls) >= self.cap:
            return False
        if not _is_http(url) or url in self._seen:
            return True
        if self.site is not None and site_key(url) != self.site:
            return True
        self._seen.add(url)
        self.urls.append(url)
        return len(self.urls) < self.cap


def _fetch_body(url: str, options: Options, session: Session | None) -> bytes:
    got = fetch_with(url, options, session=session, accept_types=_ANY_TYPE)
    body = got.content
    if body[:2] == b"\x1f\x8b":
        body = _gunzip_capped(body, options.max_input_bytes, url)
    return body


def robots_sitemaps(url: str, options: Options, session: Session | None = None) -> list[str]:
    """``Sitemap:`` lines of the robots.txt of ``url``'s host."""
    from .robots import ROBOTS_MAX_BYTES, parse_robots, robots_url

    got = fetch_with(robots_url(url), options, session=session, accept_types=_ANY_TYPE, max_bytes=ROBOTS_MAX_BYTES)
    rules = parse_robots(got.content.decode("utf-8", "replace"), options.user_agent)
    return [s for s in rules.sitemaps if _is_http(s)]


def sitemap_urls(url: str, options: Options | None = None, session: Session | None = None,
                 log: Callable[[str], None] | None = None) -> list[str]:
    """Page URLs of the sitemap(s) at ``url`` (a sitemap, an index, robots.txt or a site root)."""
    opts = options or Options()
    cfg = opts.discover
    path = urlsplit(check_url(url)).path
    if path.lower().endswith("/robots.txt"):
        starts = robots_sitemaps(url, opts, session)
        if not starts:
            raise LoadError(f"{url} lists no Sitemap: lines")
    elif path in ("", "/"):
        try:
            starts = robots_sitemaps(url, opts, session)
        except FetchError:
            starts = []
        starts = starts or [urljoin(url, "/sitemap.xml")]
    else:
        starts = [url]
    out = _Collector(site_key(url) if cfg.same_site else None, cfg.max_urls)
    todo: list[tuple[str, int]] = [(s, 0) for s in starts]
    seen_maps: set[str] = set()
    errors = 0
    while todo and len(seen_maps) < cfg.max_sitemaps:
        current, depth = todo.pop(0)
        if current in seen_maps:
            continue
        seen_maps.add(current)
        try:
            kind, found = parse_sitemap(_fetch_body(current, opts, session), current)
        except (FetchError, DocumentTooLargeError) as exc:
            if current == url:
                raise
            errors += 1
            if log:
                log(f"sitemap {current} skipped: {exc}")
            continue
        if kind == "index":
            todo.extend((child, depth + 1) for child in found if depth + 1 <= cfg.max_sitemap_depth and _is_http(child))
            continue
        if not all(out.add(u) for u in found):
            break
    if log:
        log(f"sitemaps: {len(seen_maps)} read ({errors} failed), {len(out.urls)} URLs")
    return out.urls


def feed_urls(url: str, options: Options | None = None, session: Session | None = None) -> list[str]:
    """Entry URLs of the RSS or Atom feed at ``url``."""
    opts = options or Options()
    body = _fetch_body(url, opts, session)
    root = _xml_root(body)
    if root is None or _local(root.tag) not in ("rss", "rdf", "feed", "channel"):
        raise LoadError(f"{url} is not an RSS or Atom feed")
    out = _Collector(None, opts.discover.max_urls)  # feeds may link other hosts (feed proxies, CDNs)
    for link in parse_feed_root(root, url):
        if not out.add(link):
            break
    return out.urls


def iter_discovered(sitemaps: list[str], feeds: list[str], options: Options,
                    log: Callable[[str], None] | None = None) -> Iterator[str]:
    """URLs from every ``--sitemap`` and ``--feed`` given, deduplicated."""
    seen: set[str] = set()
    with Session(allow_private=options.allow_private, user_agent=options.user_agent) as session:
        for source, func in [(s, sitemap_urls) for s in sitemaps] + [(f, feed_urls) for f in feeds]:
            kwargs = {"log": log} if func is sitemap_urls else {}
            for u in func(source, options, session, **kwargs):
                if u not in seen:
                    seen.add(u)
                    yield u
