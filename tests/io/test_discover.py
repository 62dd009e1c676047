"""Sitemaps (index, gzip child, text, robots.txt) and feeds (RSS, Atom) from a local site."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from maintext.cli import main
from maintext.errors import FetchError, LoadError
from maintext.io.discover import feed_urls, parse_sitemap, sitemap_urls
from maintext.io.netguard import BlockedAddressError
from maintext.options import Options

from ..helpers_site import SiteServer

OPTS = Options(allow_private=True, fetch_retries=0)


@pytest.fixture(scope="module")
def site():
    with SiteServer() as srv:
        yield srv


def test_sitemap_index_with_gzipped_child(site: SiteServer):
    urls = sitemap_urls(site.url("/sitemap_index.xml"), OPTS)
    assert urls == [site.url(f"/news/2024/article-{i}.html") for i in range(1, 5)] + [
        site.url("/about.html"), site.url("/news/2024/article-5.html")]  # other-site URL dropped


def test_sitemap_from_robots_and_site_root(site: SiteServer):
    expected = sitemap_urls(site.url("/sitemap_index.xml"), OPTS)
    assert sitemap_urls(site.url("/robots.txt"), OPTS) == expected
    assert sitemap_urls(site.url("/"), OPTS) == expected


def test_text_sitemap(site: SiteServer):
    assert sitemap_urls(site.url("/sitemap.txt"), OPTS) == [site.url("/news/2024/article-1.html"), site.url("/about.html")]


def test_rss_and_atom_feeds(site: SiteServer):
    assert feed_urls(site.url("/feed.rss"), OPTS) == [site.url(f"/news/2024/article-{i}.html") for i in (6, 7)]
    assert feed_urls(site.url("/feed.atom"), OPTS) == [site.url(f"/news/2024/article-{i}.html") for i in (2, 8)]
    with pytest.raises(LoadError):
        feed_urls(site.url("/sitemap.txt"), OPTS)


def test_discovery_obeys_address_policy(site: SiteServer):
    with pytest.raises(BlockedAddressError):
        sitemap_urls(site.url("/sitemap_index.xml"), Options())
    with pytest.raises(FetchError):
        feed_urls(site.url("/missing.rss"), OPTS)


def test_hostile_xml_is_not_expanded():
    bomb = (b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
            b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY x SYSTEM "file:///etc/passwd">]>'
            b'<urlset><url><loc>http://a.test/&c;&x;</loc></url><url><loc>http://a.test/ok</loc></url></urlset>')
    kind, urls = parse_sitemap(bomb, "http://a.test/")
    assert kind == "urlset" and "http://a.test/ok" in urls
    assert all("root:" not in u and "aaaaaaaaaaaaaaaaaaaa" not in u for u in urls)


def test_batch_sitemap_and_feed(site: SiteServer, tmp_path: Path):
    out = tmp_path / "o.jsonl"
    result = CliRunner().invoke(main, ["batch", "--sitemap", site.url("/sitemap_index.xml"), "--feed",
                                       site.url("/feed.atom"), "-o", str(out), "--allow-private", "--workers", "1",
                                       "--no-progress", "--retries", "0"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    ids = {r["id"] for r in records}
    assert site.url("/news/2024/article-8.html") in ids and site.url("/about.html") in ids and len(ids) == 7
    art = next(r for r in records if r["id"] == site.url("/news/2024/article-3.html"))
    assert "Article 3 paragraph 1" in art["text"]


def test_malformed_links_in_sitemaps_and_feeds_are_skipped():
    from lxml import etree

    from maintext.io.discover import parse_feed_root

    kind, urls = parse_sitemap(b"<urlset><url><loc>http://[::1</loc></url><url><loc>http://a.test/ok</loc></url>"
                               b"</urlset>", "http://a.test/")
    assert "http://a.test/ok" in urls
    root = etree.fromstring(b'<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="http://[x"/></entry>'
                            b'<entry><link href="/fine"/></entry></feed>')
    assert "http://a.test/fine" in parse_feed_root(root, "http://a.test/feed")
    with pytest.raises(FetchError):
        sitemap_urls("http://[::1", OPTS)
