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
