"""maintext.extract_site (maintext.api): a collection of pages, each compared with other pages
of its site from the collection."""

from pathlib import Path

import pytest

import maintext
from maintext.api import extract_site
from maintext.errors import LoadError

SITE = Path(__file__).resolve().parent / "fixtures" / "site"
STORIES = sorted(SITE.glob("story-*.html"))


def test_extract_site_removes_the_template_of_every_page():
    pages = extract_site(STORIES, method="dompath")
    assert [p.paragraphs[0] for p in pages] == [
        "River towns prepare for record spring floods", "City council approves new tram line",
        "Local library reopens after renovation"]
    assert all("independent newsroom" not in p.text and "Copyright" not in p.text for p in pages)
    assert all(p.extra["dompath"]["template_removal"].startswith("compared with 2") for p in pages)
    assert maintext.extract_site is extract_site


def test_extract_site_urls_pages_alone_and_bad_sources():
    html = [p.read_bytes() for p in STORIES]
    urls = ["https://one.example/a/1", "https://one.example/a/2", "https://two.example/a/1"]
    pages = extract_site(html, urls=urls, site_pages=2, method="dompath")
    assert pages[0].extra["dompath"]["template_removal"] == "compared with 1 other page(s) of the site"
    assert pages[2].extra["dompath"]["template_removal"].startswith("skipped")
    pages = extract_site([html[0], b"", html[1]], method="dompath")
    assert pages[1].text == "" and pages[1].reason.startswith("cannot load")
    assert pages[0].extra["dompath"]["template_removal"] == "compared with 1 other page(s) of the site"
    with pytest.raises(maintext.MaintextError):
        extract_site([b""], on_error="raise")
    with pytest.raises(ValueError):
        extract_site(html, urls=urls[:1])
    with pytest.raises(maintext.UnknownMethodError):
        extract_site(html, method="nope")
    assert issubclass(LoadError, maintext.MaintextError)


def test_extract_site_defaults_to_auto():
    pages = extract_site(STORIES)
    assert [p.method for p in pages] == ["auto"] * 3
    assert pages[1].text.startswith("After two years of debate the city council")
    assert all("Copyright" not in p.text for p in pages)
