"""The annotated view: decisions placed on the page's own elements, the main container
marked, and nothing in the view that runs or loads (scripts, handlers, outside URLs)."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from maintext.cli import main
from maintext.serve.annotate import annotate, reason_category
from maintext.serve.settings import Settings
from maintext.serve.viewer import standalone_html

from .conftest import EXAMPLE

PAGE = """<html><head><title>A test page</title>
<link rel="stylesheet" href="https://cdn.example.org/site.css">
<style>@import url("https://fonts.example.org/f.css"); body { background: url(https://x.example/b.png) }</style>
<script>alert(1)</script><meta http-equiv="refresh" content="0;url=https://example.org/">
</head><body onload="alert(2)">
<nav class="menu"><ul><li><a href="/a">Home</a></li><li><a href="/b">News</a></li></ul></nav>
<div id="content"><h1>A test headline for the page</h1>
<p>First paragraph of the article, long enough to be kept, with commas, and a full stop.</p>
<p onclick="alert(3)">Second paragraph of the article, again long enough, with commas, and a stop.</p>
<p>Third paragraph of the article: <a href="javascript:alert(4)">a link</a> in running text, more words.</p>
<img src="https://img.example.org/p.jpg" srcset="https://img.example.org/p2.jpg 2x" alt="a picture">
<div style="background-image: url('https://x.example/y.png')">Styled box with some words in it.</div>
</div>
<iframe src="https://ads.example.org/"></iframe>
<footer class="footer"><p>Copyright notice and footer links of the site.</p></footer>
</body></html>"""


def test_decisions_on_elements():
    view = annotate(PAGE.encode())
    assert view.page.text.startswith("First paragraph")
    assert view.main_found and view.outlined >= 3
    html = view.html
    kept = re.findall(r'<p[^>]*data-mt="keep"[^>]*>', html)
    assert len(kept) == 3
    assert html.count("data-mt-main") >= 1
    assert 'data-mt="drop"' in html
    assert any(item["category"] == "kept" and item["count"] >= 3 for item in view.legend)
    assert "data-mt-n" not in html  # the stamps are gone


def test_view_is_inert():
    html = annotate(PAGE.encode()).html.lower()
    for bad in ("<script", "onload=", "onclick=", "javascript:", "<iframe", "<link", "http-equiv=\"refresh\"",
                ' src="http', " srcset=", "url(", "@import"):
        assert bad not in html, bad
    assert "content-security-policy" in html and "default-src 'none'" in html


def test_other_method_has_no_outlines():
    view = annotate(PAGE.encode(), method="lineblock")
    assert view.outlined == 0 and not view.main_found and view.page.text


def test_reason_category():
    assert reason_category("drop", "not read: navigation (36 characters)") == "not read: navigation"
    assert reason_category("keep", "in main container") == "kept"


def test_standalone_embeds_result_safely():
    record = {"title": "</script><script>alert(1)</script>", "text": "x", "view": {"html": "<p>x</p>"}}
    html = standalone_html(record)
    assert "</script><script>alert(1)" not in html
    payload = html.split("window.MAINTEXT_RESULT = ", 1)[1].split(";</script>", 1)[0]
    assert json.loads(payload)["title"] == record["title"]
    assert "/static/" not in html  # everything inlined


def test_cli_explain_html(tmp_path):
    out = tmp_path / "explain.html"
    result = CliRunner().invoke(main, ["extract", str(EXAMPLE), "--explain", "--format", "html", "-o", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert "window.MAINTEXT_RESULT" in html and 'data-mt=\\"keep\\"' in html
    result = CliRunner().invoke(main, ["extract", str(EXAMPLE), "--format", "html"])
    if result.exit_code:
        assert result.exit_code == 1 and "needs --explain" in result.output


def test_cli_serve_help_and_settings_env():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0 and "--workers" in result.output
    settings = Settings(timeout=3.5, api_key="k", allow_private=True, concurrency=2)
    again = Settings.from_env(settings.to_env())
    assert again == settings
