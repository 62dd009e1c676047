"""Title and the one headline decision."""

from __future__ import annotations

import pytest

from maintext.html.document import Document
from maintext.metadata.extract import extract_metadata
from maintext.result import Page
from tests.metadata.helpers import meta_of


def test_headline_skips_site_name_h1():
    html = """<html><head><title>seelenradio » Nummer zwei: Leo</title></head><body>
    <h1>seelenradio</h1><h2>Nummer zwei: Leo</h2><p>Text</p></body></html>"""
    page = meta_of(html, url="http://www.seelenradio.de/nummer-zwei-leo/")
    assert page.headline == "Nummer zwei: Leo"


def test_headline_from_title_part_without_heading():
    page = meta_of("<html><head><title>法国全国大罢工再次严重影响交通-新华网</title></head><body></body></html>")
    assert page.headline == "法国全国大罢工再次严重影响交通"


def test_one_headline_decision_shared_with_auto():
    import maintext
    from maintext.metadata.title import decide_headline

    html = """<html><head><title>法国全国大罢工再次严重影响交通_新闻中心_新华网</title></head><body>
    <div class="main"><h1>新闻中心</h1><h2>法国全国大罢工再次严重影响交通</h2>
    <p>新华社巴黎12月10日电 法国全国大罢工10日进入第六天，巴黎等地交通再次受到严重影响，多条地铁线路停运。</p>
    <p>据报道，法国国家铁路公司当天只开行了部分高速列车，大巴黎地区的公共交通也大幅减少。</p></div>
    </body></html>"""
    page = maintext.extract(html, method="auto")
    assert page.headline == "法国全国大罢工再次严重影响交通"  # not the section label of the region
    doc = Document(html)
    assert decide_headline(doc, "新闻中心") == "新闻中心"  # metadata did not run: the region's
    extract_metadata(doc, Page())
    assert decide_headline(doc, "新闻中心") == "法国全国大罢工再次严重影响交通"


def test_headline_shown_without_the_titles_suffix_when_no_heading_matches():
    html = """<html><head><title>顺德区大良街道一行到众创金融街开展调研工作 东区办事处_中山网</title></head>
    <body><div class="nav">首页 东区新闻</div><div class="title">顺德区大良街道一行到众创金融街开展调研工作</div>
    <p>2019年2月27日下午，佛山顺德区大良街道党工委委员一行到众创金融街开展调研工作，东区办事处相关负责人陪同调研，
    双方就金融街的建设运营、企业服务和产业发展等方面进行了深入的交流。</p>
    <p>发布日期：2019-03-06</p></body></html>"""
    page = meta_of(html)
    assert page.headline == "顺德区大良街道一行到众创金融街开展调研工作"
    assert page.date == "2019-03-06"  # labelled, not the date in the prose


def test_squash_is_the_non_alnum_removal():
    """squash_name's shortcut (white space dropped, then all letters and digits) gives what
    removing [\\W_] from the lower-cased text gives, on every kind of character."""
    import random
    import sys

    from maintext.metadata import names

    rng = random.Random(71)
    pool = "aZ9_ -.\t\n\xa0\u3000\u2028\xb2\u0660\u00e9\u00c9\u4e2d\u0130\u1e9e\U0001d7d8\u212a\u0345"
    pool += "".join(chr(rng.randrange(sys.maxunicode)) for _ in range(200))
    for _ in range(20000):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 12)))
        assert names.squash_name(text) == names._NON_ALNUM.sub("", text.lower()), repr(text)


def test_headline_reads_lower_heading_levels_only_when_needed(monkeypatch):
    from maintext.html.document import parse_html
    from maintext.metadata import title

    root = parse_html("<html><body><h2>Related</h2><h1>The Story</h1><h3>More</h3><h2>Also</h2>"
                      "<h1>Second</h1></body></html>")
    heads = list(root.iter("h1", "h2", "h3"))
    read = []
    real = title.text_content
    monkeypatch.setattr(title, "text_content", lambda el: read.append(el.tag) or real(el))
    el, text = title.headline(heads, None, "The Story | Site", ("site",), root)
    assert (el.tag, text, read) == ("h1", "The Story", ["h1", "h1"])
    read.clear()
    el, text = title.headline(heads, None, "Also - Site", ("site",), root)  # an <h2> matches
    assert (el.tag, text, sorted(read)) == ("h2", "Also", ["h1", "h1", "h2", "h2"])
    read.clear()
    assert title.headline(heads, None, "Nothing alike", (), root)[1] == "The Story"  # the first <h1>
    assert sorted(read) == ["h1", "h1", "h2", "h2", "h3"]
