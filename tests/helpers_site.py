"""A small local news site (127.0.0.1, ephemeral port) for discovery, crawl and sibling tests.

Pages share a template (navigation, a "popular" box, a footer) around each article's own
paragraphs. ``SiteServer.template`` switches to a redesigned template (another layout and
boilerplate), for the template store's refresh test. Paths: ``/`` (home), ``/news/2024/
article-N.html`` (N = 1..ARTICLES), ``/about.html``, ``/private/secret.html`` (disallowed by
robots.txt), ``/robots.txt``, ``/sitemap_index.xml`` -> ``/sitemap-news.xml`` +
``/sitemap-pages.xml.gz``, ``/sitemap.txt``, ``/feed.rss``, ``/feed.atom``, ``/photo.jpg``.
"""

from __future__ import annotations

import gzip
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ARTICLES = 8
WORDS = ("river harbour council budget school library festival museum railway market orchard bridge "
         "engineer teacher farmer doctor summer winter morning evening village city coast valley").split()


# A template paragraph inside the article's own container: kept by a method alone, removed
# once the page is compared with its siblings.
BOILERPLATE = {1: "Subscribe to the Example News newsletter for the best local stories delivered every morning.",
               2: "Support independent journalism today and become a member of Example News Daily right now."}


def sentence(n: int, k: int) -> str:
    words = [WORDS[(n * 7 + k * 3 + i * 5) % len(WORDS)] for i in range(14)]
    return f"Article {n} paragraph {k}: the " + " ".join(words) + " were discussed at length by residents."


def article_body(n: int) -> list[str]:
    return [sentence(n, k) for k in range(4)]


def _nav(version: int) -> str:
    links = "".join(f'<li><a href="/news/2024/article-{i}.html">Story {i}</a></li>' for i in (1, 2, 3))
    if version == 1:
        return (f'<div id="header"><a href="/">Example News</a><ul class="nav">{links}'
                '<li><a href="/about.html">About us</a></li><li><a href="/private/secret.html">Staff</a></li></ul></div>')
    return (f'<header class="top"><span>Example News Daily, redesigned edition</span><nav><ol>{links}</ol>'
            '<a href="/about.html">Who we are</a></nav></header>')


def _aside(version: int) -> str:
    if version == 1:
        return ('<div class="sidebar"><h3>Popular stories</h3><p>Readers enjoyed the harbour festival coverage '
                'and the railway bridge series this week.</p></div>')
    return ('<aside><h4>Trending now</h4><p>Everyone is talking about the new museum wing and the winter '
            'market opening downtown.</p></aside>')


def _footer(version: int) -> str:
    if version == 1:
        return '<div id="footer"><p>Copyright Example News 2024, all rights reserved. Contact the newsroom.</p></div>'
    return '<footer><p>(c) Example News Daily Group. Terms, privacy and cookie settings apply.</p></footer>'


def article_html(n: int, version: int = 1) -> str:
    paras = "".join(f"<p>{p}</p>" for p in article_body(n))
    related = "".join(f'<a href="/news/2024/article-{(n + d - 1) % ARTICLES + 1}.html">Related {d}</a> '
                      for d in (1, 2))
    main = (f'<div class="content"><h1>Headline of article {n}</h1>{paras}<p>{BOILERPLATE[version]}</p>'
            f'<div class="related">{related}<a href="/photo.jpg">photo</a></div></div>')
    if version == 1:
        body = f'<body>{_nav(1)}<div id="main">{main}{_aside(1)}</div>{_footer(1)}</body>'
    else:
        body = f'<body>{_nav(2)}<main><section>{_aside(2)}<article>{main}</article></section></main>{_footer(2)}</body>'
    return f"<html><head><title>Article {n} - Example News</title></head>{body}</html>"


def home_html(version: int = 1) -> str:
    items = "".join(f'<li><a href="/news/2024/article-{i}.html">Story {i}</a></li>' for i in range(1, ARTICLES + 1))
    return (f"<html><head><title>Example News</title></head><body>{_nav(version)}<ul>{items}</ul>"
            f'<a href="/private/secret.html">secret</a><a href="http://other.invalid/x.html">elsewhere</a>'
            f"{_footer(version)}</body></html>")


class _Handler(BaseHTTPRequestHandler):
    server_version = "SiteServer"

    def log_message(self, *args):
        pass

    def _send(self, status: int, body: bytes | str, ctype: str = "text/html; charset=utf-8") -> None:
        data = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            self.wfile.write(data)
        except OSError:
            pass

    def do_GET(self):  # noqa: N802
        site: SiteServer = self.server.site  # type: ignore[attr-defined]
        path = self.path.split("?")[0]
        with site.lock:
            site.hits[path] = site.hits.get(path, 0) + 1
            site.log.append(path)
            site.times.append(time.monotonic())
        base = f"http://127.0.0.1:{site.port}"
        v = site.template
        if path == "/":
            self._send(200, home_html(v))
        elif path.startswith("/news/2024/article-") and path.endswith(".html"):
            n = int(path.rsplit("-", 1)[1].split(".")[0])
            self._send(200, article_html(n, v)) if 1 <= n <= ARTICLES else self._send(404, "missing")
        elif path == "/about.html":
            self._send(200, f"<html><body>{_nav(v)}<p>About the newsroom.</p>{_footer(v)}</body></html>")
        elif path == "/private/secret.html":
            self._send(200, "<html><body><p>secret</p></body></html>")
        elif path == "/robots.txt":
            self._send(200, f"User-agent: *\nDisallow: /private/\nSitemap: {base}/sitemap_index.xml\n", "text/plain")
        elif path == "/sitemap_index.xml":
            self._send(200, '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                            f"<sitemap><loc>{base}/sitemap-news.xml</loc></sitemap>"
                            f"<sitemap><loc>{base}/sitemap-pages.xml.gz</loc></sitemap></sitemapindex>",
                       "application/xml")
        elif path == "/sitemap-news.xml":
            locs = "".join(f"<url><loc>{base}/news/2024/article-{i}.html</loc></url>" for i in range(1, 5))
            self._send(200, '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                            f"{locs}<url><loc>http://elsewhere.invalid/not-ours.html</loc></url></urlset>",
                       "application/xml")
        elif path == "/sitemap-pages.xml.gz":
            xml = ('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                   f"<url><loc>{base}/about.html</loc></url><url><loc>{base}/news/2024/article-5.html</loc></url>"
                   "</urlset>")
            self._send(200, gzip.compress(xml.encode()), "application/x-gzip")
        elif path == "/sitemap.txt":
            self._send(200, f"{base}/news/2024/article-1.html\n\n{base}/about.html\nnot a url\n", "text/plain")
        elif path == "/feed.rss":
            items = "".join(f"<item><title>Story {i}</title><link>{base}/news/2024/article-{i}.html</link>"
                            f"<guid isPermaLink=\"false\">id-{i}</guid></item>" for i in (6, 7))
            self._send(200, f'<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>{items}'
                            "</channel></rss>", "application/rss+xml")
        elif path == "/feed.atom":
            entries = "".join(f'<entry><title>Story {i}</title><link rel="alternate" href="/news/2024/article-{i}.html"/>'
                              f'<link rel="enclosure" href="/photo.jpg"/><id>urn:{i}</id></entry>' for i in (2, 8))
            self._send(200, f'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>News</title>'
                            f"{entries}</feed>", "application/atom+xml")
        elif path == "/photo.jpg":
            self._send(200, b"\xff\xd8\xff" + b"\x00" * 32, "image/jpeg")
        else:
            self._send(404, "not found")


class SiteServer:
    def __init__(self) -> None:
        self.hits: dict[str, int] = {}
        self.log: list[str] = []
        self.times: list[float] = []
        self.lock = threading.Lock()
        self.template = 1
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.httpd.daemon_threads = True
        self.httpd.site = self  # type: ignore[attr-defined]
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def reset(self) -> None:
        with self.lock:
            self.hits.clear()
            self.log.clear()
            self.times.clear()

    def __enter__(self) -> "SiteServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def article_url(site: "SiteServer", n: int) -> str:
    """The address of article ``n`` on a running :class:`SiteServer`."""
    return site.url(f"/news/2024/article-{n}.html")
