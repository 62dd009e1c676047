"""Every segmentation-based method fills ``Page.blocks`` with typed blocks of its text."""

from __future__ import annotations

import pytest

import maintext

WORDS = ("roads", "schools", "the library", "the bridge", "the park")
P = [f"The council met on Tuesday evening to discuss the new budget, which sets aside money for "
     f"{w}, and the mayor said that work on {w} would begin before the end of the summer." for w in WORDS]
PAGE = ("<html><head><title>Budget</title></head><body><div id='main'><article><h1>Budget</h1>"
        f"<p>{P[0]}</p><h2>Next steps</h2><p>{P[1]} <a href='/x'>More</a> here.</p>"
        f"<ul><li>{P[2]}</li><li>{P[3]}</li></ul><p>{P[4]}</p></article></div></body></html>")


@pytest.mark.parametrize("method", ["auto", "vote", "lqf", "blocklist"])
def test_method_fills_typed_blocks_with_its_text(method):
    page = maintext.extract(PAGE, url="https://example.org/2024/05/budget", method=method,
                            blocklist={"use_classifier": False})
    assert page.text and page.blocks
    words = " ".join(b.text for b in page.blocks).split()
    assert words == page.text.split()  # the same text, cut into typed blocks
    kinds = {b.kind for b in page.blocks}
    assert "list_item" in kinds


def test_no_typed_blocks_when_the_record_has_none():
    """`maintext batch` without --fields writes no blocks and asks auto for none
    (Options.with_blocks=False): same text, no structure work."""
    import maintext
    from maintext.options import Options

    html = ("<html><body><article><h1>Title of it</h1>"
            + "".join(f"<p>Paragraph {i} of the article, with enough words to count as prose "
                      f"for the extractor to keep it in the text.</p>" for i in range(6))
            + "<ul><li>first item of a list</li><li>second item of a list</li></ul>"
            + "</article></body></html>")
    full = maintext.extract(html, method="auto")
    bare = maintext.extract(html, method="auto", options=Options(with_blocks=False))
    assert full.blocks and not bare.blocks
    assert bare.text == full.text
