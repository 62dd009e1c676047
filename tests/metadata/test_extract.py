"""Page metadata: structured data, meta tags, bylines, dates in many forms, bad markup."""

from __future__ import annotations

import pytest

from maintext.html.document import Document
from maintext.metadata.extract import (
    clean_author,
    extract_links,
    extract_metadata,
    json_ld_article_body,
    parse_date,
    url_date,
)
from maintext.options import Options
from maintext.result import Page
from tests.conftest import page_bytes, read_gold


def meta_of(html: str, url: str | None = None, **overrides) -> Page:
    options = Options().updated(**overrides) if overrides else Options()
    page = Page()
    extract_metadata(Document(html, url=url, options=options), page)
    return page


# --- JSON-LD -----------------------------------------------------------------------------

JSON_LD_PAGE = """<html><head><title>Big news | Example Times</title>
<script type="application/ld+json">
{"@context": "https://schema.org", "@graph": [
  {"@type": "Organization", "name": "Example Times", "author": "Not The Author"},
  {"@type": "NewsArticle", "headline": "Big news", "datePublished": "2021-03-04T05:06:07+01:00",
   "dateModified": "2022-01-01", "author": [{"@type": "Person", "name": "Ann Lee"},
   {"@type": "Person", "name": "Bo Chan"}], "keywords": ["politics", "budget"],
   "publisher": {"@type": "Organization", "name": "Example Times"},
   "articleBody": "The body as the publisher declares it."}]}
</script></head><body><h1>Big news</h1><p>Text.</p></body></html>"""


def test_json_ld_article_fields_win_over_other_objects():
    page = meta_of(JSON_LD_PAGE)
    assert page.title == "Big news | Example Times"
    assert page.headline == "Big news"
    assert page.date == "2021-03-04T05:06"  # published, not modified
    assert page.author == "Ann Lee, Bo Chan"  # the article's, not the organisation's
    assert page.keywords == ["politics", "budget"]
    assert page.sitename == "Example Times"


def test_json_ld_article_body_is_cached_and_available():
    doc = Document(JSON_LD_PAGE)
    extract_metadata(doc, Page())
    assert json_ld_article_body(doc) == "The body as the publisher declares it."
    assert json_ld_article_body(Document(JSON_LD_PAGE)) == "The body as the publisher declares it."


def test_json_ld_script_texts_are_shared_with_auto():
    from maintext.methods.auto import JsonLdHint

    body = "The body as the publisher declares it, long enough to count as an article body here."
    html = JSON_LD_PAGE.replace("The body as the publisher declares it.", body)
    doc = Document(html)
    extract_metadata(doc, Page())
    shared = doc.ld_script_texts
    assert len(shared) == 1 and '"articleBody"' in shared[0]
    # the hint reads the same texts whether metadata collected them or it walks the tree
    assert JsonLdHint(doc.tree, shared).body() == JsonLdHint(Document(html).tree).body() == body


def test_broken_json_ld_is_ignored_and_other_sources_used():
    html = """<html><head><title>T</title>
    <script type="application/ld+json">{"@type": "Article", "headline": "x", </script>
    <script type="application/ld+json">{"@type": "Article", "datePublished": "2020-02-03",
    "description": "a line
    break inside a string"}</script>
    <meta name="author" content="By Jane Roe"></head><body><p>x</p></body></html>"""
    page = meta_of(html)
    assert page.date == "2020-02-03"  # the second block, repaired (raw line break)
    assert page.author == "Jane Roe"  # "By " removed


# --- OpenGraph and other <meta> ----------------------------------------------------------

def test_opengraph_and_meta_priorities():
    html = """<html lang="en-GB"><head><title>Site title</title>
    <meta property="og:title" content="OG title">
    <meta name="description" content="plain description">
    <meta property="og:description" content="og description">
    <meta property="article:modified_time" content="2019-01-01T00:00:00Z">
    <meta property="article:published_time" content="2018-05-06T07:08:09Z">
    <meta name="keywords" content="alpha, beta;gamma, Alpha">
    <meta property="og:site_name" content="The Site">
    <meta name="twitter:creator" content="@handle">
    </head><body><p>text</p></body></html>"""
    page = meta_of(html)
    assert page.title == "Site title"
    assert page.headline == "OG title"  # no h1: the og:title is the content title
    assert page.description == "og description"
    assert page.date == "2018-05-06T07:08"
    assert page.keywords == ["alpha", "beta", "gamma"]  # split, deduplicated
    assert page.sitename == "The Site"
    assert page.author is None  # a handle is not a name
    assert page.language == "en-gb"


def test_modified_date_only_as_last_resort():
    html = """<html><head><meta property="article:modified_time" content="2019-01-02">
    </head><body><p>no date anywhere else</p></body></html>"""
    assert meta_of(html).date == "2019-01-02"


def test_keywords_cjk_spaces_and_broken_markup():
    page = meta_of('<html><head><meta name="keywords" content="华为 任正非 美国"></head><body></body></html>')
    assert page.keywords == ["华为", "任正非", "美国"]
    many = " ".join(["校长", "宏志班", "学生", "陈立群"] * 6)  # longer than one keyword may be
    page = meta_of(f'<html><head><meta name="keywords" content="{many}"></head><body></body></html>')
    assert page.keywords == ["校长", "宏志班", "学生", "陈立群"]
    page = meta_of('<html><head><meta name="keywords" content="<meta name="></head><body></body></html>')
    assert page.keywords == []


# --- dates -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("2019-08-27T10:30:00+08:00", "2019-08-27T10:30"),
    ("2019-08-27 10:30:00 来源：新华网", "2019-08-27T10:30"),
    ("2019年08月27日 10:30", "2019-08-27T10:30"),
    ("2019年8月7日", "2019-08-07"),
    ("发布时间：2019/08/27", "2019-08-27"),
    ("27.08.2019", "2019-08-27"),
    ("08/27/2019", "2019-08-27"),  # impossible as day-first: month-first
    ("Published 27. August 2019 um 10:30", "2019-08-27T10:30"),
    ("Aug. 27, 2019", "2019-08-27"),
    ("le 1er mai 2019", "2019-05-01"),
    ("27 de agosto de 2019", "2019-08-27"),
    ("20190827", "2019-08-27"),
    ("2019 09/07 19:02", "2019-09-07T19:02"),
    ("Tue, 27 Aug 2019 10:30:00 GMT", "2019-08-27T10:30"),
    ("2019-02-30", None),  # not a date
    ("version 2019", None),
    ("", None),
    (None, None),
])
def test_parse_date_forms(text, expected):
    assert parse_date(text) == expected


def test_url_dates():
    assert url_date("https://blog.example/2014/05/18/alles-neue/") == "2014-05-18"
    assert url_date("https://news.example/20190827/story.html") == "2019-08-27"
    assert url_date("https://news.example/2019/43/story") is None
    assert url_date(None) is None


def test_utc_timestamp_after_midnight_yields_to_permalink_day():
    html = """<html><head><meta property="article:published_time" content="2020-02-25T02:25:00Z">
    </head><body><p>x</p></body></html>"""
    assert meta_of(html, url="https://p.example/2020/02/24/story/").date == "2020-02-24"
    assert meta_of(html, url="https://p.example/story/").date == "2020-02-25T02:25"
    local = html.replace("Z", "+01:00")  # a local time is the local day
    assert meta_of(local, url="https://p.example/2020/02/24/story/").date == "2020-02-25T02:25"


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
    assert meta_of(html).date == "2019-07-28T12:00"


def test_htmldate_fallback_option():
    html = "<html><body><p>No date we can read.</p></body></html>"
    assert meta_of(html).date is None
    # the option only adds a source; a page with no date anywhere still has none
    assert meta_of(html, metadata={"htmldate_fallback": True}).date is None


# --- authors -----------------------------------------------------------------------------

def test_author_from_byline_class_near_headline():
    html = """<html><body><article><header><h1>Post title</h1>
    <span class="byline">By <a rel="author" href="/u/ann">Ann Lee</a></span></header>
    <p>Text.</p><div class="comments"><span class="comment-author">Spammer</span></div>
    </article></body></html>"""
    assert meta_of(html).author == "Ann Lee"


def test_comment_authors_are_not_the_author():
    html = """<html><body><article><h1>Post title</h1><p>Text.</p>
    <div id="comments"><span class="comment-author">Spammer</span></div></article></body></html>"""
    assert meta_of(html).author is None


def test_site_name_as_author_only_when_nobody_else_is_named():
    head = '<html><head><meta name="author" content="National Geographic"></head>'
    url = "https://www.nationalgeographic.co.uk/2020/01/goats"
    with_byline = head + """<body><article><h1>Goats</h1><p class="byline">By Michael Hingston</p>
    <p>Text.</p></article></body></html>"""
    assert meta_of(with_byline, url=url).author == "Michael Hingston"
    assert meta_of(head + "<body><h1>Goats</h1><p>Text.</p></body></html>", url=url).author == \
        "National Geographic"


def test_author_archive_link():
    html = """<html><body><h1>Post</h1><p>Text.</p><footer>
    <a href="https://blog.example/author/tim-anderson/">Tim Anderson</a></footer>
    <ol class="commentlist"><li><a href="/author/troll/">Troll</a></li></ol></body></html>"""
    assert meta_of(html).author == "Tim Anderson"


@pytest.mark.parametrize("raw, name", [
    ("By Jane Doe", "Jane Doe"), ("von Max Muster", "Max Muster"), ("作者：张三", "张三"),
    ("Dieter Sieckmeyer", "Dieter Sieckmeyer"), ("Posted on", None), ("@someone", None),
    ("https://facebook.com/someone", None), ("Name *", None), ("Ann says", None), ("", None),
    ("By", None), ("Veröffentlicht von HansG", "HansG"), ("9 articles", None),
    ("cipha[at]cipha.net", None),
])
def test_clean_author(raw, name):
    assert clean_author(raw) == name


# --- headline ----------------------------------------------------------------------------

def test_headline_skips_site_name_h1():
    html = """<html><head><title>seelenradio » Nummer zwei: Leo</title></head><body>
    <h1>seelenradio</h1><h2>Nummer zwei: Leo</h2><p>Text</p></body></html>"""
    page = meta_of(html, url="http://www.seelenradio.de/nummer-zwei-leo/")
    assert page.headline == "Nummer zwei: Leo"


def test_headline_from_title_part_without_heading():
    page = meta_of("<html><head><title>法国全国大罢工再次严重影响交通-新华网</title></head><body></body></html>")
    assert page.headline == "法国全国大罢工再次严重影响交通"


# --- links -------------------------------------------------------------------------------

def test_links_resolved_and_filtered():
    html = """<html><head><base href="https://ex.example/dir/"></head><body>
    <a href="https://other.example/x"> Other
      site </a><a href="/root">Root</a><a href="rel.html"><b>Rel</b> link</a>
    <a href="//cdn.example/y">CDN</a><a href="../up/./z">Up</a><a href="#top">Top</a>
    <a href="mailto:a@b.c">Mail</a><a href="javascript:void(0)">JS</a><a>No href</a>
    <a href="ftp://files.example/f">FTP</a></body></html>"""
    links = meta_of(html, url="https://ex.example/page").links
    assert [(l.url, l.text) for l in links] == [
        ("https://other.example/x", "Other site"),
        ("https://ex.example/root", "Root"),
        ("https://ex.example/dir/rel.html", "Rel link"),
        ("https://cdn.example/y", "CDN"),
        ("https://ex.example/up/z", "Up"),
    ]


def test_links_without_base_url_kept_as_written():
    root = Document('<html><body><a href="a/b.html">x</a></body></html>').tree
    assert [l.url for l in extract_links(root, None)] == ["a/b.html"]


# --- bad input ---------------------------------------------------------------------------

def test_no_head_at_all():
    page = meta_of("<p>Only a paragraph, 2019-08-27, no head, no body tag.</p>")
    assert page.title == "" and page.date == "2019-08-27"


@pytest.mark.parametrize("html", ["", "   ", "<!-- only a comment -->", "\x00\x01garbage",
                                  "<html><head><title></title></head></html>"])
def test_empty_or_garbage_input_gives_empty_metadata(html):
    page = meta_of(html)
    assert page.date is None and page.author is None and page.keywords == []


def test_deeply_nested_page_does_not_recurse():
    html = "<div>" * 5000 + "<h1>Deep</h1><p>2020-01-02</p>" + "</div>" * 5000
    page = meta_of(html)
    assert page.date == "2020-01-02"


# --- real pages --------------------------------------------------------------------------

def test_gne_cn_pages_have_date_and_headline():
    gold = read_gold("gne-cn")
    ids = [g["id"] for g in gold if g["id"] in ("163-1", "ifeng-1", "sina-1", "thepaper-1", "qq-qq")]
    assert ids
    for pid in ids:
        doc = Document(page_bytes("gne-cn", pid).decode("utf-8", "replace"))
        page = Page()
        extract_metadata(doc, page)
        assert page.date and page.date[:4] in ("2019", "2020"), (pid, page.date)
        assert page.headline, pid


def test_declared_url_is_used_when_none_is_given():
    import maintext

    html = ("<html><head><link rel='canonical' href='https://news.example/2024/story'>"
            "<meta property='og:url' content='https://other.example/'></head>"
            "<body><p>text <a href='/about'>About</a> <a href='next'>Next</a></p></body></html>")
    page = maintext.extract(html, method="lineblock")
    assert page.url == "https://news.example/2024/story"
    assert [link.url for link in page.links] == ["https://news.example/about", "https://news.example/2024/next"]
    given = maintext.extract(html, url="https://mirror.example/x", method="lineblock")
    assert given.url == "https://mirror.example/x"
    assert given.links[0].url == "https://mirror.example/about"


def test_declared_url_must_be_absolute_http():
    import maintext

    html = "<html><head><link rel='canonical' href='/relative'></head><body><p>x</p></body></html>"
    assert maintext.extract(html, method="lineblock").url is None


def test_anchor_text_of_nested_markup_equals_text_content():
    from maintext.html.document import parse_html
    from maintext.metadata.extract import _text_content

    root = parse_html('<p><a href="/x">Read <b>this <i>story</i></b>&nbsp;now<br>ok</a> tail</p>')
    a = next(root.iter("a"))
    assert _text_content(a) == a.text_content() == "Read this story\xa0nowok"


def test_author_candidates_keep_only_author_and_byline_boxes():
    from maintext.html.document import parse_html
    from maintext.metadata.extract import _AUTHOR_CANDIDATES, _is_author_box

    root = parse_html('<div><span class="post-Author">A</span><span class="coauthorx">B</span>'
                      '<span class="xuthor">C</span><span class="Byline">D</span><span class="skyline">E</span>'
                      '<a rel="author">F</a><span id="author-box">G</span></div>')
    kept = [el.text for el in _AUTHOR_CANDIDATES(root) if _is_author_box(el)]
    assert kept == ["A", "B", "D", "F", "G"]
