"""Text-only ``auto`` builds its tree pruned (maintext.html.html5.build_pruned); on broken,
mis-encoded, empty and deeply nested pages its text (or its error) is the one the full
build gives (``fields=("text", "links")`` keeps the full build)."""

from __future__ import annotations

import pytest

import maintext
from maintext.errors import MaintextError

ARTICLE = ("<html><head><title>T</title><meta property='og:type' content='article'></head><body>"
           "<nav><a href='/'>Home</a> <a href='/news'>News</a></nav><article><h1>Headline here</h1>"
           + "".join(f"<p>Paragraph {i} of the story, with <span>enough words</span> to be read as "
                     "running text by the extractor.</p>" for i in range(20))
           + "<svg><title>icon</title><path d='M0 0'/></svg></article><footer>Footer text</footer></body></html>")

BROKEN = {
    "truncated mid-tag": ARTICLE[: len(ARTICLE) // 2] + "<div class='x",
    "unclosed noscript swallows the page": ARTICLE.replace("<article>", "<noscript><div><article>"),
    "unclosed nav swallows the page": ARTICLE.replace("</nav>", ""),
    "stray end tags": ARTICLE.replace("<article>", "</body></html></div><article>"),
    "control characters": ARTICLE.replace("enough", "en\x01ou\x0bgh &#1; &#xFFFE;"),
    "empty body": "<html><head><title>T</title></head><body></body></html>",
    "only hidden text": "<html><body><div style='display:none'><p>" + "hidden words " * 200 + "</p></div></body></html>",
    "deep nesting": "<div>" * 3000 + "<p>" + "deep words " * 50 + "</p>" + "</div>" * 3000,
    "nested boxes": "<div class='sidebar'>" * 300 + "<p>" + "boxed words " * 60 + "</p>" + "</div>" * 300,
}
BROKEN_BYTES = {
    "invalid UTF-8": ARTICLE.encode().replace(b"Paragraph 3", b"Paragraph \xff\xfe 3"),
    "latin-1 with a UTF-8 label": ARTICLE.replace("<head>", "<head><meta charset='utf-8'>")
    .replace("story", "histoire \u00e9t\u00e9").encode("latin-1"),
    "BOM then UTF-8": b"\xef\xbb\xbf" + ARTICLE.encode(),
    "NUL bytes": ARTICLE.encode().replace(b"running", b"run\x00ning"),
}


def _text(data, fields):
    try:
        return maintext.extract(data, fields=fields).text
    except MaintextError as exc:
        return type(exc).__name__


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_pruned_text_is_the_full_build_text_on_broken_pages(name):
    for data in (BROKEN[name], BROKEN[name].encode()):
        assert _text(data, ("text",)) == _text(data, ("text", "links")), name


@pytest.mark.parametrize("name", sorted(BROKEN_BYTES))
def test_pruned_text_is_the_full_build_text_on_misencoded_bytes(name):
    data = BROKEN_BYTES[name]
    assert _text(data, ("text",)) == _text(data, ("text", "links")), name


def test_the_article_is_read_through_the_pruned_build():
    text = maintext.extract(ARTICLE, fields=("text",)).text
    assert "Paragraph 19 of the story" in text and "Footer text" not in text and "Home" not in text
