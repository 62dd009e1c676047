"""The `fields` selection: what is computed and what a record holds."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import maintext
from maintext.cli import main
from maintext.output.fields import parse_fields, record

PAGE = """<html><head><title>Story | Site</title><meta name="author" content="A. B."></head><body>
<nav><a href="/x">Home</a></nav>
<article><h1>Story</h1>
<p>The first paragraph of the story is long enough to be kept, with commas, and more words.</p>
<h2>Part two</h2>
<p>The second paragraph of the story is long enough as well, and it has <a href="/l">a link</a>.</p>
<ul><li>First item of a list inside the article text</li><li>Second item of the list</li></ul>
<p>The third paragraph closes the story with a last sentence, and a comma or two.</p>
</article></body></html>"""


def test_parse_fields():
    assert parse_fields("text, markdown,text") == ("text", "markdown")
    assert parse_fields(None) is None
    with pytest.raises(ValueError, match="unknown field"):
        parse_fields("text,pdf")


def test_default_record_is_unchanged():
    page = maintext.extract(PAGE)
    data = record(page, None)
    assert data["text"] and data["title"] and "links" in data
    assert not {"markdown", "html", "comments", "blocks"} & set(data)


def test_fields_compute_only_what_is_asked():
    page = maintext.extract(PAGE, fields=("text", "markdown"))
    assert page.markdown and page.html is None and page.comments is None
    assert page.links == [] and page.author is None  # no link and no metadata pass
    data = record(page, ("text", "markdown"))
    assert set(data) == {"url", "method", "reason", "text", "markdown"}
    page = maintext.extract(PAGE, fields="metadata,links,html,blocks,comments")
    data = record(page, ("metadata", "links", "html", "blocks", "comments"))
    assert data["author"] == "A. B." and data["links"] and data["html"].startswith("<article>")
    assert data["blocks"][0]["kind"] and data["comments"] == ""


def test_cli_extract_formats_and_fields(tmp_path):
    f = tmp_path / "p.html"
    f.write_text(PAGE, encoding="utf-8")
    run = CliRunner().invoke
    out = run(main, ["extract", str(f), "--format", "html"]).output
    assert out.startswith("<article>")
    out = run(main, ["extract", str(f), "--format", "json", "--fields", "text,markdown"]).output
    assert set(json.loads(out)) == {"url", "method", "reason", "text", "markdown"}
    assert json.loads(run(main, ["extract", str(f), "--format", "blocks"]).output)[0]["kind"]
    res = run(main, ["extract", str(f), "--fields", "text,nope"])
    assert res.exit_code == 2 and "unknown field" in res.output
    res = run(main, ["extract", str(f), "--favor-precision", "--favor-recall"])
    assert res.exit_code == 2


def test_cli_batch_fields(tmp_path):
    pages = tmp_path / "in"
    pages.mkdir()
    (pages / "p.html").write_text(PAGE, encoding="utf-8")
    out = tmp_path / "o.jsonl"
    res = CliRunner().invoke(main, ["batch", str(pages), "-o", str(out), "-j", "1", "--no-progress",
                                    "--fields", "markdown,comments"])
    assert res.exit_code == 0, res.output
    rec = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert set(rec) == {"id", "url", "method", "reason", "markdown", "comments", "source"}
    assert "First item" in rec["markdown"]


HEADLINE_PAGE = ("<html><head><title>Bridge opens - Town News</title></head><body><main><article>"
                 "<h1>The new bridge opens</h1>"
                 "<p>The new bridge over the river opened on Monday morning, two years after the works began, "
                 "and the first buses crossed it before seven o'clock.</p>"
                 "<p>Residents on both banks said the trip to the market now takes ten minutes instead of forty, "
                 "and the shops near the old ferry expect more customers.</p></article></main></body></html>")


def test_markdown_opens_with_the_headline_when_asked():
    page = maintext.extract(HEADLINE_PAGE, fields=("text", "markdown"), headline_heading=True)
    assert page.markdown.startswith("# The new bridge opens\n\nThe new bridge over the river")
    assert "The new bridge opens" not in page.text  # the plain text is unchanged
    plain = maintext.extract(HEADLINE_PAGE, fields=("markdown",))
    assert plain.markdown.startswith("The new bridge over the river")


def test_the_headline_is_not_repeated_when_the_body_opens_with_it():
    page = maintext.extract(HEADLINE_PAGE, fields=("markdown",), headline_heading=True,
                            auto={"include_headline": True})
    assert page.markdown.count("The new bridge opens") == 1
    assert page.markdown.startswith("# The new bridge opens\n")


def test_cli_title_heading(tmp_path):
    f = tmp_path / "p.html"
    f.write_text(HEADLINE_PAGE, encoding="utf-8")
    run = CliRunner().invoke
    out = run(main, ["extract", str(f), "--format", "markdown", "--title-heading"]).output
    assert out.startswith("# The new bridge opens\n")
    assert not run(main, ["extract", str(f), "--format", "markdown"]).output.startswith("#")
    assert "The new bridge opens" not in run(main, ["extract", str(f), "--title-heading"]).output
