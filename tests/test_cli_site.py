"""Site templates from the command line: ``extract --site-page`` and ``batch --site-pages``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from maintext.cli import main

from .helpers_http import LocalServer

SITE = Path(__file__).resolve().parent / "fixtures" / "site"
STORIES = sorted(SITE.glob("story-*.html"))


def cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def read_jsonl(path: Path) -> dict[str, dict]:
    return {r["id"]: r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())}


def test_extract_with_site_pages():
    code, out, err = cli("extract", str(STORIES[0]), "-m", "dompath",
                         "--site-page", str(STORIES[1]), "--site-page", str(STORIES[2]))
    assert code == 0, err
    assert out.startswith("River towns prepare for record spring floods\n")
    assert "independent newsroom" not in out and "Copyright" not in out
    code, out, err = cli("extract", str(STORIES[0]), "-m", "dompath", "--format", "json", "--explain",
                         "--site-page", str(STORIES[1]))
    data = json.loads(out)
    assert data["extra"]["dompath"]["template_removal"] == "compared with 1 other page(s) of the site"
    assert any(r["why"] == "site template" for r in data["explain"])


def test_extract_without_site_pages_says_template_step_skipped():
    code, out, err = cli("extract", str(STORIES[0]), "-m", "dompath", "--format", "json")
    assert code == 0
    assert "template removal skipped" in json.loads(out)["reason"]


def test_extract_site_page_errors_are_one_line(tmp_path: Path):
    code, _, err = cli("extract", str(STORIES[0]), "-m", "dompath", "--site-page", str(tmp_path / "nope.html"))
    assert code == 1 and err.startswith("maintext: error: no such file") and "Traceback" not in err
    code, _, err = cli("extract", str(STORIES[0]), "-m", "nope", "--site-page", str(STORIES[1]))
    assert code == 1 and "unknown method" in err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_batch_site_pages_groups_by_declared_url(tmp_path: Path, workers: str):
    folder = tmp_path / "in"
    folder.mkdir()
    for story in STORIES:
        shutil.copy(story, folder / story.name)
    (folder / "lonely.html").write_text(
        "<html><head><link rel=canonical href='https://elsewhere.example/x'></head>"
        "<body><p>A page alone on its site, with a paragraph of its own text.</p></body></html>")
    out = tmp_path / "out.jsonl"
    code, _, err = cli("batch", str(folder), "-m", "dompath", "--site-pages", "2", "-o", str(out),
                       "--workers", workers, "--no-progress")
    assert code == 0, err
    assert "3 pages compared with others of their site, 1 alone" in err
    records = read_jsonl(out)
    assert set(records) == {"story-1", "story-2", "story-3", "lonely"}
    for page_id, headline in [("story-1", "River towns"), ("story-2", "City council"), ("story-3", "Local library")]:
        rec = records[page_id]
        assert rec["text"].startswith(headline) and "independent newsroom" not in rec["text"]
        assert rec["extra"]["dompath"]["template_removal"] == "compared with 2 other page(s) of the site"
    assert records["lonely"]["extra"]["dompath"]["template_removal"].startswith("skipped")


def test_batch_site_pages_resume_and_limit(tmp_path: Path):
    out = tmp_path / "out.jsonl"
    code, _, err = cli("batch", str(SITE), "-m", "dompath", "--site-pages", "2", "-o", str(out),
                       "--workers", "1", "--no-progress", "--limit", "1")
    assert code == 0, err
    assert len(read_jsonl(out)) == 1
    code, _, err = cli("batch", str(SITE), "-m", "dompath", "--site-pages", "2", "-o", str(out),
                       "--workers", "1", "--no-progress")
    assert code == 0 and "already done" in err
    records = read_jsonl(out)
    assert len(records) == 3  # pages done earlier still served as site pages of the others
    assert all(r["extra"]["dompath"]["template_removal"].startswith("compared with 2") for r in records.values())


def test_batch_site_pages_online(tmp_path: Path):
    with LocalServer() as server:
        urls = tmp_path / "urls.txt"
        urls.write_text("\n".join([server.url("/page/1"), server.url("/page/2"), server.url("/page/3"),
                                   server.url("/missing")]) + "\n")
        out = tmp_path / "online.jsonl"
        code, _, err = cli("batch", "--urls", str(urls), "-m", "dompath", "--site-pages", "2", "-o", str(out),
                           "--workers", "1", "--no-progress", "--retries", "0", "--allow-private")
        assert code == 4, err  # /missing failed: exit status 4
    records = read_jsonl(out)
    assert len(records) == 4
    assert records[server.url("/missing")]["error"].startswith("FetchError")
    page = records[server.url("/page/2")]
    assert page["extra"]["dompath"]["template_removal"] == "compared with 2 other page(s) of the site"
    assert page["url"] == server.url("/page/2") and page["text"]


def test_declared_url_of_saved_pages(tmp_path: Path):
    import gzip

    from maintext.batch.run import _declared_url_of_file
    from maintext.options import Options

    head = "<html><head><meta property='og:url' content='https://a.example/n/1'></head><body>x</body></html>"
    (tmp_path / "a.html.gz").write_bytes(gzip.compress(head.encode()))
    (tmp_path / "b.html").write_bytes(head.encode("utf-16"))
    (tmp_path / "c.html").write_text("<p>no address</p>")
    options = Options()
    assert _declared_url_of_file(str(tmp_path / "a.html.gz"), options) == "https://a.example/n/1"
    assert _declared_url_of_file(str(tmp_path / "b.html"), options) == "https://a.example/n/1"
    assert _declared_url_of_file(str(tmp_path / "c.html"), options) is None
    assert _declared_url_of_file(str(tmp_path / "missing.html"), options) is None
