"""Choosing the publication and modification dates among the page's sources."""

from __future__ import annotations

import pytest

from maintext.html.document import Document
from maintext.metadata.extract import extract_metadata
from maintext.result import Page
from tests.metadata.helpers import meta_of


def test_modified_date_only_as_last_resort():
    html = """<html><head><meta property="article:modified_time" content="2019-01-02">
    </head><body><p>no date anywhere else</p></body></html>"""
    assert meta_of(html).date == "2019-01-02"


def test_utc_timestamp_after_midnight_yields_to_permalink_day():
    html = """<html><head><meta property="article:published_time" content="2020-02-25T02:25:00Z">
    </head><body><p>x</p></body></html>"""
    assert meta_of(html, url="https://p.example/2020/02/24/story/").date == "2020-02-24"
    assert meta_of(html, url="https://p.example/story/").date == "2020-02-25T02:25+00:00"
    local = html.replace("Z", "+01:00")  # a local time is the local day
    assert meta_of(local, url="https://p.example/2020/02/24/story/").date == "2020-02-25T02:25+01:00"


def test_date_from_url_when_no_structured_date():
    html = "<html><body><h1>Post</h1><p>Text without a date.</p></body></html>"
    assert meta_of(html, url="https://b.example/2014/05/18/post/").date == "2014-05-18"


def test_chinese_byline_date_after_headline():
    html = """<html><head><title>标题_网易新闻</title></head><body>
    <div class="nav"><a href="/a">新闻</a> <a href="/b">体育</a></div>
    <div class="post_main"><h1>标题</h1>
    <div class="post_info">2019-08-27 10:30:00 来源：<a href="/s">新华网</a></div>
    <p>正文第一段，提到了2018年1月1日的事情。</p></div></body></html>"""
    page = meta_of(html)
    assert page.date == "2019-08-27T10:30"
    assert page.headline == "标题"


def test_chinese_date_split_over_spans():
    html = """<html><body><h1>儿歌</h1><div class="info"><span>2019</span><span>09/07</span>
    <span>19:02</span><a>作者</a></div><p>正文说的是2009年5月14日的事。</p></body></html>"""
    assert meta_of(html).date == "2019-09-07T19:02"


def test_byline_date_before_headline():
    html = """<html><body><div class="date">27.08.2019</div><h1>Titel</h1>
    <p>Text.</p></body></html>"""
    assert meta_of(html).date == "2019-08-27"


def test_time_element_marked_as_published():
    html = """<html><body><time datetime="2020-01-01">sidebar</time><article>
    <time class="entry-date published" datetime="2019-07-28T12:00:00+02:00">28. Juli</time>
    </article></body></html>"""
    assert meta_of(html).date == "2019-07-28T12:00+02:00"


def test_htmldate_fallback_option():
    html = "<html><body><p>No date we can read.</p></body></html>"
    assert meta_of(html).date is None
    # the option only adds a source; a page with no date anywhere still has none
    assert meta_of(html, metadata={"htmldate_fallback": True}).date is None


def test_date_assigned_in_an_inline_script():
    html = """<html><head><script>var ct = "2019-08-27 10:30:00"; var other = "2001-01-01";</script>
    </head><body><h1>标题</h1><p>正文。</p></body></html>"""
    assert meta_of(html).date == "2019-08-27T10:30"
    stamp = """<html><head><script>window.DATA = {"publishTime": 1566870000, "id": 1234567890};</script>
    </head><body><p>x</p></body></html>"""
    assert meta_of(stamp).date == "2019-08-27T01:40+00:00"
    unrelated = "<html><head><script>var start = '2019-08-27';</script></head><body><p>x</p></body></html>"
    assert meta_of(unrelated).date is None  # a variable not named for a date of the page


def test_itemprop_date_update_is_the_modified_date():
    html = """<html><body><h1>Titel</h1><span itemprop="datePublished">01.02.2020</span>
    <span itemprop="dateUpdate">03.02.2020 12:15</span><p>Text.</p></body></html>"""
    page = meta_of(html)
    assert page.date == "2020-02-01"
    assert page.date_modified == "2020-02-03T12:15"
    only_update = html.replace('<span itemprop="datePublished">01.02.2020</span>', "")
    assert meta_of(only_update).date == "2020-02-03T12:15"  # a modified date as last resort


def test_modified_date_from_meta_and_time_element():
    html = """<html><head><meta property="og:updated_time" content="2021-05-06T07:08:00+02:00">
    </head><body><p>x</p></body></html>"""
    assert meta_of(html).date_modified == "2021-05-06T07:08+02:00"
    html = """<html><body><article><time class="published" datetime="2020-01-01">1.1.</time>
    <time class="updated" datetime="2020-03-04">4.3.</time></article></body></html>"""
    page = meta_of(html)
    assert (page.date, page.date_modified) == ("2020-01-01", "2020-03-04")


def test_relative_byline_date_needs_a_reference_time():
    html = """<html><body><h1>Überschrift</h1><div class="meta">vor 3 Tagen</div>
    <p>Ein langer Text ohne Datum.</p></body></html>"""
    assert meta_of(html).date is None  # no reference: not guessed from today's clock
    page = meta_of(html, metadata={"reference_time": "2026-11-23T08:00:00+01:00"})
    assert page.date == "2026-11-20"
    cn = "<html><body><h1>标题</h1><div class='info'>昨天 10:30 来源：新华网</div><p>正文。</p></body></html>"
    assert meta_of(cn, metadata={"reference_time": "2026-11-23T08:00:00+08:00"}).date == \
        "2026-11-22T10:30+08:00"


def test_utc_day_follows_the_byline_or_a_stored_local_midnight():
    head = '<html><head><meta property="article:published_time" content="{}"></head>'
    byline = head + "<body><h1>Titel</h1><p class='date'>04.05.2022</p><p>Text.</p></body></html>"
    assert meta_of(byline.format("2022-05-05T01:25:00Z")).date == "2022-05-04"  # the day readers see
    assert meta_of(byline.format("2022-05-05T12:25:00Z")).date == "2022-05-05T12:25+00:00"  # midday: kept
    bare = head + "<body><p>x</p></body></html>"
    assert meta_of(bare.format("2020-02-25T23:00:00Z")).date == "2020-02-26"  # CET midnight in UTC
    assert meta_of(bare.format("2020-02-25T23:07:00Z")).date == "2020-02-25T23:07+00:00"


def test_utc_written_as_gmt_yields_to_the_local_day_shown():
    html = """<html><head><script type="application/ld+json">{"@type": "NewsArticle",
    "datePublished": "Wed, 04 May 2022 00:25:56 GMT"}</script></head><body>
    <h1>Titular de la nota</h1><p class="date">3 de mayo de 2022 21:25</p><p>Texto.</p></body></html>"""
    assert meta_of(html).date[:10] == "2022-05-03"


def test_script_date_at_utc_evening_midnight_is_the_next_local_day():
    html = """<html><head><script>var publishTime = "2020-02-25T23:00:00Z";</script></head>
    <body><h1>Titel</h1><p>Text ohne Datum.</p></body></html>"""
    assert meta_of(html).date == "2020-02-26"


def test_generic_meta_date_yields_to_the_date_by_the_headline():
    html = """<html><head><meta name="date" content="2020-04-29T11:52:23"></head><body>
    <h1>Daten gehackt</h1><div class="byline">Stand: 28.04.2020 18:00 Uhr</div>
    <p>Text.</p></body></html>"""
    assert meta_of(html).date == "2020-04-28T18:00"
    marked = html.replace('name="date"', 'property="article:published_time"')
    assert meta_of(marked).date == "2020-04-29T11:52"  # a publication key keeps its date


def test_cli_reference_time_resolves_a_relative_byline_date(tmp_path):
    import json

    from click.testing import CliRunner

    from maintext.cli import main

    page = tmp_path / "p.html"
    page.write_text("""<html><body><article><h1>Überschrift des Artikels</h1>
    <div class="meta">vor 3 Tagen</div><p>Ein Absatz mit genug Text für den Artikel, damit er
    als Haupttext gilt und nicht als Rest der Seite.</p></article></body></html>""", encoding="utf-8")
    args = ["extract", str(page), "--format", "json", "--fields", "metadata"]
    out = CliRunner().invoke(main, args + ["--reference-time", "2026-11-23T08:00:00Z"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["date"] == "2026-11-20"
    out = CliRunner().invoke(main, args)
    assert json.loads(out.output).get("date") is None


def test_a_huge_text_node_is_read_for_a_date_only_up_to_the_budget(monkeypatch):
    """One text node of a megabyte (a fuzzed page: digits and junk, no tags) was handed to
    parse_date whole: 4 s of regular expressions for a date that may only be read in the
    first VISIBLE_DATE_CHARS characters. Now the piece is cut at the budget plus one date's
    length, and a date just inside the budget is still found."""
    from maintext.metadata import visible

    seen: list[int] = []
    real = visible.parse_date

    def spy(value):
        seen.append(len(value))
        return real(value)

    monkeypatch.setattr(visible, "parse_date", spy)
    junk = "1 2019x " * 200_000
    assert visible.first_date([junk], 6000) is None
    assert max(seen) <= 6000 + visible.DATE_SPAN
    near_end = "x" * 5990 + " 12 March 2021 " + junk
    assert visible.first_date([near_end], 6000) == "2021-03-12"


def test_the_budget_cut_does_not_make_a_long_piece_short():
    """Cutting a piece at the budget is for the date search alone: a long prose piece stays
    long, so with ``max_piece`` it is read past and it is never read for a relative date."""
    from datetime import datetime

    from maintext.metadata import visible

    prose = "The council met on 12 March 2021 to discuss the plan for the new bridge. " * 3
    assert visible.first_date([prose], 1000, max_piece=visible.BYLINE_PIECE) is None
    assert visible.first_date(["x" * 950, prose], 1000, max_piece=visible.BYLINE_PIECE) is None
    long_relative = "vor 3 Tagen " + "und dann ging es weiter mit dem Text des Artikels " * 3
    assert visible.first_date(["x" * 990, long_relative], 1000, datetime(2024, 5, 10)) is None


def test_page_source_read_only_for_script_dates():
    """The page source (a function: reading ``Document.html`` may decode the page) is read
    only when the inline-script dates are asked for, and then once."""
    from maintext.metadata.collect import collect
    from maintext.metadata.dates import DateSources

    root = Document('<html><head><meta name="date" content="2021-03-04"></head><body><p>x</p></body></html>').tree
    reads = []

    def source() -> str:
        reads.append(1)
        return '<script>var datePublished = "2020-01-02";</script>'

    src = DateSources(root, {}, collect(root), None, None, source)
    src.itemprop("published")
    assert reads == []
    assert src.script("published") == "2020-01-02"
    assert src.script("modified") is None
    assert reads == [1]


def test_script_source_is_the_bytes_or_a_function_giving_the_text(monkeypatch):
    """``extract._script_source`` gives the page's UTF-8 bytes when the C scan reads them
    (what ``_source`` would give), else a function that gives ``_source``'s text lazily."""
    from maintext.html import walk
    from maintext.metadata import extract, native

    html = '<html><head><script>var datePublished = "2020-01-02";</script></head><body><p>x</p></body></html>'
    doc = Document(html.encode("utf-8").decode("utf-8"))
    doc_bytes = Document(html, utf8=html.encode("utf-8"))
    for enabled in (True, False):
        monkeypatch.setattr(walk, "ENABLED", enabled)
        for d in (doc, doc_bytes):
            given = extract._script_source(d)
            if d.utf8 is not None and native.native_metadata() is not None:
                assert given is d.utf8
            else:
                assert callable(given) and given() == extract._source(d)
