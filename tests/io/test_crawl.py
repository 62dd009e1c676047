"""The polite crawler against a local site: robots.txt, limits, delay, normalisation, resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from maintext.cli import main
from maintext.io.crawl import Crawler, Frontier, normalize_url, page_links
from maintext.options import Options

from ..helpers_site import ARTICLES, SiteServer


def opts(**discover) -> Options:
    settings = {"crawl_delay": 0.0, **discover}
    return Options(allow_private=True, fetch_retries=0).updated(discover=settings)


@pytest.fixture
def site():
    with SiteServer() as srv:
        yield srv


def test_normalize_url():
    assert normalize_url("HTTP://Example.ORG:80/a/./b/../c?utm_source=x&id=3#frag") == "http://example.org/a/c?id=3"
    assert normalize_url("https://example.org") == "https://example.org/"
    assert normalize_url("https://example.org:8443/x/") == "https://example.org:8443/x/"
    assert normalize_url("../up.html", "http://h.test/a/b/c.html") == "http://h.test/a/up.html"
    for bad in ("mailto:a@b", "javascript:x()", "ftp://h/x", "http://[::1", "http:///x"):
        assert normalize_url(bad) is None


def test_page_links_skip_nofollow_and_non_pages():
    html = (b'<a href="/a.html">a</a><a href="/b.html" rel="nofollow">b</a><a href="/c.pdf">c</a>'
            b'<a href="#top">t</a><a href="mailto:x@y">m</a><a href="/a.html#x">a again</a>')
    assert page_links(html, "http://h.test/") == ["http://h.test/a.html", "http://h.test/a.html"]
    assert page_links(b'<meta name="ROBOTS" content="noindex, nofollow">' + html, "http://h.test/") == []


def test_crawl_obeys_robots_limits_and_same_host(site: SiteServer, tmp_path: Path):
    crawler = Crawler([site.url("/")], opts(max_pages=50, max_depth=2), tmp_path / "f.sqlite")
    pages = list(crawler)
    crawler.close()
    urls = {p.url for p in pages}
    assert "/private/secret.html" not in site.hits  # disallowed: never fetched
    assert site.hits["/robots.txt"] == 1
    assert site.url("/") in urls and site.url(f"/news/2024/article-{ARTICLES}.html") in urls
    assert not any("other.invalid" in u for u in urls) and "/photo.jpg" not in site.hits
    assert all(n == 1 for path, n in site.hits.items())  # the seen-set: each URL once
    assert crawler.disallowed == 1


def test_depth_and_page_limits(site: SiteServer, tmp_path: Path):
    crawler = Crawler([site.url("/")], opts(max_depth=0), tmp_path / "d0.sqlite")
    assert [p.url for p in crawler] == [site.url("/")]
    crawler.close()
    crawler = Crawler([site.url("/")], opts(max_pages=3), tmp_path / "p3.sqlite")
    assert len(list(crawler)) == 3
    crawler.close()


def test_per_host_delay(site: SiteServer, tmp_path: Path):
    crawler = Crawler([site.url("/")], opts(max_pages=4, crawl_delay=0.3, crawl_threads=4), tmp_path / "f.sqlite")
    list(crawler)
    crawler.close()
    page_times = [t for t, path in zip(site.times, site.log) if path != "/robots.txt"]
    gaps = [b - a for a, b in zip(page_times, page_times[1:])]
    assert len(page_times) == 4 and min(gaps) >= 0.28


def test_stopped_crawl_resumes(site: SiteServer, tmp_path: Path):
    db = tmp_path / "frontier.sqlite"
    crawler = Crawler([site.url("/")], opts(max_pages=100), db)
    first = []
    for page in crawler:  # stop after 3 pages, as a killed crawl would
        first.append(page.url)
        if len(first) == 3:
            break
    crawler.close()
    assert Frontier(db).count("done") == 3
    crawler = Crawler([site.url("/")], opts(max_pages=100), db)
    rest = [p.url for p in crawler]
    crawler.close()
    assert not set(first) & set(rest)  # nothing fetched twice
    assert len(first) + len(rest) == ARTICLES + 2  # home, articles, about
    assert all(n == 1 for path, n in site.hits.items() if path != "/robots.txt")


def test_batch_crawl_cli_resumes(site: SiteServer, tmp_path: Path):
    out = tmp_path / "crawl.jsonl"
    args = ["batch", "--crawl", site.url("/"), "-o", str(out), "--allow-private", "--workers", "1", "--no-progress",
            "--crawl-delay", "0", "--retries", "0"]
    result = CliRunner().invoke(main, args + ["--max-pages", "4"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert len(out.read_text().splitlines()) == 4
    result = CliRunner().invoke(main, args + ["--max-pages", "20"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == ARTICLES + 2 and len({r["id"] for r in records}) == len(records)
    assert (tmp_path / "crawl.jsonl.crawl.sqlite").is_file()
    art = next(r for r in records if r["id"].endswith("article-2.html"))
    assert "Article 2 paragraph 0" in art["text"]


def test_crawl_refuses_private_host_by_default(site: SiteServer, tmp_path: Path):
    crawler = Crawler([site.url("/")], Options().updated(discover={"crawl_delay": 0}), tmp_path / "x.sqlite")
    pages = list(crawler)
    crawler.close()
    assert site.hits == {}  # robots.txt refused -> everything disallowed; no page fetched
    assert pages == []


def test_robots_outcomes_follow_rfc9309():
    from maintext.errors import FetchError
    from maintext.io.robots import RobotsCache

    def answer(status):
        def fetch_text(url):
            raise FetchError(f"{url}: HTTP {status}", status=status)
        return fetch_text

    assert RobotsCache(answer(404), "maintext/0.1").can_fetch("http://h.test/a")  # no robots.txt: allowed
    assert not RobotsCache(answer(503), "maintext/0.1").can_fetch("http://h.test/a")  # unreachable: disallowed
    rules = "User-agent: *\nDisallow: /*.php$\nAllow: /x/public\nDisallow: /x/\nCrawl-delay: 2\n"
    cache = RobotsCache(lambda url: (200, rules), "maintext/0.1")
    assert not cache.can_fetch("http://h.test/a/b.php") and cache.can_fetch("http://h.test/a/b.php?q=1")
    assert cache.can_fetch("http://h.test/x/public/1") and not cache.can_fetch("http://h.test/x/private")
    assert cache.rules("http://h.test/").crawl_delay == 2.0
