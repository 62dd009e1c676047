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
