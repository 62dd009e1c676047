"""Categories, tags, lead image, licence and canonical URL."""

from __future__ import annotations

import pytest

from maintext.metadata.extras import cc_name
from tests.metadata.helpers import meta_of

BLOG = """<html><head><link rel="canonical" href="/2015/04/barcamp/">
<meta property="og:image" content="/img/lead.jpg"></head><body><article><h1>Barcamp</h1>
<p>Text.</p><footer>Kategorien: <a href="/category/politik/" rel="category tag">Politik</a>,
<a href="/category/kultur/" rel="category tag">Freie Kultur</a>
Schlagworte: <a href="/tag/graz/" rel="tag">Graz</a> <a href="/tag/barcamp/" rel="tag">Barcamp</a></footer>
</article><div id="comments"><a href="/category/spam/" rel="category tag">Spam</a></div>
<footer><a rel="license" href="http://creativecommons.org/licenses/by/3.0/at/"><img alt="CC"></a></footer>
</body></html>"""


def test_blog_categories_tags_licence_image_canonical():
    page = meta_of(BLOG, url="https://blog.example/2015/04/barcamp/?utm=x")
    assert page.categories == ["Politik", "Freie Kultur"]  # not the comment area's
    assert page.keywords == ["Graz", "Barcamp"]  # no keyword <meta>: the tag links
    assert page.license == "CC BY 3.0 AT"
    assert page.image == "https://blog.example/img/lead.jpg"
    assert page.canonical_url == "https://blog.example/2015/04/barcamp/"


def test_structured_sections_win_and_meta_section():
    html = """<html><head><meta property="article:section" content="Wirtschaft">
    <script type="application/ld+json">{"@type": "NewsArticle", "articleSection": "Politik",
    "image": ["https://i.example/1.jpg"], "license": "https://example.org/terms"}</script>
    </head><body><a href="/category/x/" rel="category">X</a></body></html>"""
    page = meta_of(html)
    assert page.categories == ["Politik"]
    assert page.image == "https://i.example/1.jpg"
    assert page.license == "https://example.org/terms"
    assert meta_of(html.replace('"articleSection": "Politik",', "")).categories == ["Wirtschaft"]


def test_no_extras_on_a_bare_page():
    page = meta_of("<html><body><p>Nothing declared.</p></body></html>")
    assert (page.categories, page.image, page.license, page.canonical_url) == ([], None, None, None)


@pytest.mark.parametrize("url, name", [
    ("https://creativecommons.org/licenses/by-nc-nd/3.0/de/", "CC BY-NC-ND 3.0 DE"),
    ("http://creativecommons.org/licenses/by-sa/4.0/deed.de", "CC BY-SA 4.0"),
    ("https://creativecommons.org/licenses/by/2.0", "CC BY 2.0"),
    ("https://creativecommons.org/publicdomain/zero/1.0/", "CC0 1.0"),
    ("https://example.org/licence", None),
    (None, None),
])
def test_creative_commons_names(url, name):
    assert cc_name(url) == name


def test_licence_from_a_plain_cc_link_in_any_case():
    page = meta_of('<html><body><a href="/\u00e4">x</a><a href="HTTPS://CreativeCommons.org/licenses/by/4.0/">'
                   'CC</a></body></html>')  # not all ASCII: the hrefs are lower-cased here
    assert page.license == "CC BY 4.0"
    page = meta_of('<html><body><a href="/x">x</a><a href="HTTPS://CreativeCommons.org/licenses/by-sa/4.0/">'
                   'CC</a></body></html>')
    assert page.license == "CC BY-SA 4.0"
    page = meta_of('<html><body><a href="https://creativecommons.org/about">about</a></body></html>')
    assert page.license is None
