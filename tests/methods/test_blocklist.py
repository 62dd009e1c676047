"""Block-List (seed 002): extraction with the ``blocklist`` method (the Block-List view
itself is tested in tests/html/test_blocklist.py)."""

from __future__ import annotations

import maintext
from maintext.html.document import Document
from maintext.options import Options

from tests.conftest import FIXTURES

FIX = FIXTURES / "blocklist"


def test_extracts_article_from_news_page():
    page = maintext.extract(FIX / "news.html", method="blocklist")
    assert page.is_content_page is True
    assert 0.5 <= page.content_confidence <= 1.0
    assert page.paragraphs[0] == "River town rebuilds its old stone bridge"
    assert "Funding from the regional heritage fund" in page.paragraphs  # subheading kept
    assert page.paragraphs[-1].startswith("Engineers expect the first arch")
    for noise in ("Related stories", "Flood closes the old bridge", "Copyright", "Search", "Home"):
        assert noise not in page.text
    assert "tracking" not in page.text


def test_hub_page_gives_empty_text_with_reason():
    page = maintext.extract(FIX / "hub.html", method="blocklist")
    assert page.is_content_page is False
    assert page.text == ""
    assert page.reason.startswith("not a content page (confidence ")


def test_hub_page_without_classifier_has_no_long_block():
    page = maintext.extract(FIX / "hub.html", method="blocklist", blocklist={"use_classifier": False})
    assert page.is_content_page is False  # always set, even when not used
    assert page.text == ""


def test_explain_lists_block_decisions():
    page = maintext.extract(FIX / "news.html", method="blocklist", explain=True)
    kept = [e for e in page.explain if e["keep"]]
    dropped = [e for e in page.explain if not e["keep"]]
    assert any(e["tag"] == "h2" for e in kept)
    assert dropped and not any(e["text"].startswith("Flood closes") for e in kept)  # related box


def test_options_change_the_region():
    html = (FIX / "news.html").read_text(encoding="utf-8")
    strict = Options().updated(blocklist={"long_block_words": 1000, "use_classifier": False,
                                          "min_block_chars": 100000})
    page = maintext.api.extract_document(Document(html, options=strict), "blocklist")
    assert page.text == ""


COMMENT = ("<div class='comment-body'><p>I have lived by this bridge for forty years and I remember "
           "the last time the arches were repaired, in the dry summer when the river nearly vanished "
           "and we children walked across the stones without wetting our feet at all.</p></div>")


def test_comment_section_is_left_out():
    html = (FIX / "news.html").read_text(encoding="utf-8")
    # comments inside the article box, where the container rule alone cannot drop them
    with_comments = html.replace("</article>",
                                 f'<div id="comments"><h3>3 comments</h3>{COMMENT * 3}</div></article>')
    page = maintext.extract(with_comments, method="blocklist")
    assert page.paragraphs[-1].startswith("Engineers expect the first arch")
    assert "forty years" not in page.text
    kept = maintext.extract(with_comments, method="blocklist", blocklist={"skip_comment_boxes": False})
    assert "forty years" in kept.text


def test_comment_hint_on_a_page_wrapper_is_ignored():
    html = (FIX / "news.html").read_text(encoding="utf-8")
    wrapped = html.replace('<div id="main">', '<div id="main" class="has-comments">')
    page = maintext.extract(wrapped, method="blocklist", blocklist={"use_classifier": False})
    assert page.paragraphs[-1].startswith("Engineers expect the first arch")


def test_classifier_reads_the_page_not_the_callers_url(monkeypatch):
    import importlib

    module = importlib.import_module("maintext.methods.blocklist")
    seen: list[str | None] = []
    real = module.classify_blocks

    def spy(blist, url=None):
        seen.append(url)
        return real(blist, url)

    monkeypatch.setattr(module, "classify_blocks", spy)
    url = "https://example.org/2019/05/27/river-town-rebuilds-its-old-stone-bridge.html"
    maintext.extract(FIX / "news.html", method="blocklist", url=url)
    maintext.extract(FIX / "news.html", method="blocklist", url=url, blocklist={"classify_url": True})
    assert seen == [None, url]
