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
