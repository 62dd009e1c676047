"""Same-site pages fetched on demand for dompath/lcs/auto, and the site template store
(reuse without fetching, refresh when stale, several processes), on a local site."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest
from click.testing import CliRunner

import maintext
from maintext.cli import main
from maintext.io.netguard import BlockedAddressError
from maintext.site.siblings import rank_candidates, url_pattern, url_similarity
from maintext.site.store import TemplateStore

from ..helpers_site import BOILERPLATE, SiteServer, article_url as article

ALL = ("dompath", "lcs", "auto")




def test_url_similarity_ranks_same_template_links_first():
    page = "http://h.test/news/2024/05/article-123.html"
    assert url_similarity(page, "http://h.test/news/2024/06/article-456.html") == 0.8125 + 0.0625  # 3.5 / 4
    assert url_similarity(page, "http://h.test/news/") < 0.5
    assert url_similarity(page, "http://other.test/news/2024/05/article-9.html") == 0.0
    links = ["/about.html", "/news/2024/06/article-456.html", "#top", page, "/news/2024/05/photo.jpg",
             "/news/2024/05/article-124.html", "/news/"]
    ranked = [u for _, u in rank_candidates(page, links, 0.5, 5)]
    assert ranked == ["http://h.test/news/2024/05/article-124.html", "http://h.test/news/2024/06/article-456.html"]
    assert url_pattern(page) == "h.test/news/9/9/article-9.html"


def test_candidates_articles_before_section_fronts_and_tracking_queries_dropped():
    page = "https://www.bbc.test/news/business-48405481"
    links = ["/news/science_and_environment", "/news/world-middle-east-40880420?cid=x",
             "/news/world-middle-east-40880420?cid=y", page + "?maca=rss", "/news/health-45511362"]
    ranked = [u for _, u in rank_candidates(page, links, 0.5, 5)]
    assert ranked == ["https://www.bbc.test/news/world-middle-east-40880420", "https://www.bbc.test/news/health-45511362",
                      "https://www.bbc.test/news/science_and_environment"]  # the page itself not a candidate
    with_query = "https://h.test/story.php?id=12"
    assert [u for _, u in rank_candidates(with_query, ["/story.php?id=13"], 0.5, 5)] == ["https://h.test/story.php?id=13"]
    folder = "https://h.test/2019/05/12/us/some-story/"
    assert url_similarity(folder, "https://h.test/2019/05/13/us/other-story/index.html") == url_similarity(
        folder, "https://h.test/2019/05/13/us/other-story/")


@pytest.mark.parametrize("method", ALL)
def test_siblings_fetched_and_template_removed(site: SiteServer, method: str):
    alone = maintext.extract(article(site, 3), method=method, allow_private=True, site={"fetch_siblings": 0})
    page = maintext.extract(article(site, 3), method=method, allow_private=True, explain=True,
                            site={"methods": ALL})
    assert "Article 3 paragraph 2" in page.text and BOILERPLATE[1] not in page.text
    if method == "dompath":
        assert BOILERPLATE[1] in alone.text  # the template paragraph is only removed with siblings
    if method == "lcs":
        assert alone.text == "" and "needs similar pages" in alone.reason
    used = page.extra["site_pages"]
    assert used["source"] == "fetched" and used["fetches"] == 2
    assert used["urls"] == [article(site, 1), article(site, 2)]  # ranked by URL pattern, in link order
    assert article(site, 1) in page.reason and any(e.get("block") == "site pages" for e in page.explain)
    assert "/private/secret.html" not in site.hits and "/about.html" not in site.hits


def test_default_methods_and_refusals(site: SiteServer):
    page = maintext.extract(article(site, 3), method="auto", allow_private=True)
    assert "site_pages" not in page.extra  # auto fetches siblings only when opted in
    with pytest.raises(BlockedAddressError):
        maintext.extract(article(site, 3), method="dompath")


def test_store_reused_then_refreshed(site: SiteServer, tmp_path: Path):
    opts = {"store_path": str(tmp_path / "templates.sqlite"), "methods": ALL}
    first = maintext.extract(article(site, 3), method="dompath", allow_private=True, site=opts)
    assert first.extra["site_pages"]["source"] == "fetched" and TemplateStore(opts["store_path"]).count() == 1
    for method in ALL:  # later pages of the site: no sibling fetched
        site.reset()
        page = maintext.extract(article(site, 6), method=method, allow_private=True, site=opts)
        assert site.log == ["/news/2024/article-6.html"], method
        assert page.extra["site_pages"]["source"] == "store" and page.extra["site_pages"]["match"] == 1.0
        assert "Article 6 paragraph 1" in page.text and BOILERPLATE[1] not in page.text
    site.template = 2  # the site is redesigned: the stored template stops matching
    site.reset()
    page = maintext.extract(article(site, 7), method="dompath", allow_private=True, site=opts)
    info = page.extra["site_pages"]
    assert info["source"] == "fetched" and "stale" in info["note"] and info["fetches"] == 2
    assert BOILERPLATE[2] not in page.text and "Article 7 paragraph 3" in page.text
    site.reset()
    page = maintext.extract(article(site, 8), method="lcs", allow_private=True, site=opts)
    assert site.log == ["/news/2024/article-8.html"] and page.extra["site_pages"]["source"] == "store"
    assert BOILERPLATE[2] not in page.text and "Article 8 paragraph 0" in page.text


def _worker(args):
    path, n = args
    store = TemplateStore(path)
    for i in range(20):
        store.save("site.test", f"p{n}", frozenset({f"s{n}{i}", "x", "y"}), [("http://site.test/a", "<p>a</p>" * 50)])
        got = store.lookup("site.test", f"p{n}")
        assert got is not None and got.pattern == f"p{n}"
        store.touch("site.test", f"p{n}")
    return n


def test_store_is_safe_with_several_processes(tmp_path: Path):
    path = str(tmp_path / "shared.sqlite")
    TemplateStore(path)
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        assert sorted(pool.map(_worker, [(path, n) for n in range(4)])) == [0, 1, 2, 3]
    assert TemplateStore(path).count() == 4


def test_cli_extract_names_the_site_pages(site: SiteServer, tmp_path: Path):
    store = tmp_path / "s.sqlite"
    args = ["extract", article(site, 4), "-m", "dompath", "--allow-private", "--explain", "--site-store", str(store)]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0 and "Article 4 paragraph 0" in result.output
    assert "fetched 2 site page(s)" in result.output and article(site, 1) in result.output
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert "from the template store" in result.output


def test_batch_siblings_with_store(site: SiteServer, tmp_path: Path):
    import json

    urls = tmp_path / "urls.txt"
    urls.write_text("\n".join(article(site, n) for n in (3, 5, 7)) + "\n")
    out = tmp_path / "o.jsonl"
    args = ["batch", "--urls", str(urls), "-m", "lcs", "-o", str(out), "--allow-private", "--workers", "2",
            "--no-progress", "--siblings", "2", "--site-store", str(tmp_path / "t.sqlite")]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    records = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    for n in (3, 5, 7):
        rec = records[article(site, n)]
        assert f"Article {n} paragraph 2" in rec["text"] and BOILERPLATE[1] not in rec["text"]
    sources = sorted(r["extra"]["site_pages"]["source"] for r in records.values())
    assert sources.count("fetched") >= 1 and sources.count("store") >= 1  # 2 workers may both start fresh


def test_unusable_store_is_skipped_with_a_note(site: SiteServer, tmp_path: Path):
    bad = tmp_path / "not-a-db.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    page = maintext.extract(article(site, 3), method="dompath", allow_private=True, site={"store_path": str(bad)})
    assert page.extra["site_pages"]["source"] == "fetched" and "not used" in page.reason
    assert BOILERPLATE[1] not in page.text


def test_store_books_request_slots_across_processes(tmp_path: Path):
    store = TemplateStore(tmp_path / "s.sqlite")
    waits = [store.reserve("h.test", 0.5) for _ in range(3)]
    assert waits[0] == 0.0 and 0 < waits[1] <= 0.5 and waits[1] + 0.4 < waits[2] <= 1.0  # slots 0.5 s apart
    assert TemplateStore(tmp_path / "s.sqlite").reserve("other.test", 0.5) == 0.0


def test_sibling_requests_are_paced(site: SiteServer):
    maintext.extract(article(site, 3), method="dompath", allow_private=True, site={"sibling_delay": 0.4})
    times = [t for t, path in zip(site.times, site.log) if path.startswith("/news/") and path != "/news/2024/article-3.html"]
    assert len(times) == 2 and times[1] - times[0] >= 0.38
