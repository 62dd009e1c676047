"""DSC baseline (maintext/methods/dsc.py)."""

from __future__ import annotations

import maintext
from maintext.methods.dsc import slopes

MENU = "".join(f'<li><a href="/{i}"><span>m{i}</span></a></li>' for i in range(15))
TEXT1 = " ".join(f"alpha{i}" for i in range(50))
TEXT2 = " ".join(f"beta{i}" for i in range(50))
PAGE = f"<html><body><ul>{MENU}</ul><p>{TEXT1}</p><ul>{MENU}</ul><p>{TEXT2}</p><ul>{MENU}</ul></body></html>"


def test_slope_is_tag_share_of_the_window():
    values = [-1, -1, -1, -1, 1, 1, 1, 1, 1, 1, 1, 1]
    s = slopes(values, 4)
    assert s[0] > 0.5  # inside the tags
    assert s[-1] == 0.0  # flat: only words around
    assert all(0.0 <= x <= 1.0 for x in s)


def test_keeps_every_flat_region_not_only_the_best():
    page = maintext.extract(PAGE, method="dsc")
    assert TEXT1 in page.paragraphs and TEXT2 in page.paragraphs  # two regions, unlike BTE
    assert "m3" not in page.text.split()
    bte = maintext.extract(PAGE, method="bte")
    assert not (TEXT1 in bte.text and TEXT2 in bte.text)


def test_window_parameter_matters():
    narrow = maintext.extract(PAGE, method="dsc", baselines={"dsc_window": 2, "dsc_max_slope": 0.9})
    assert "m3" in narrow.text.split()  # a 2-token window sees single words between tags as flat


def test_big_page_is_linear():
    import time

    html = "<html><body>" + "<div><a href=x>m</a></div>" * 20_000 + f"<p>{TEXT1 * 40}</p></body></html>"
    started = time.process_time()
    page = maintext.extract(html, method="dsc")
    assert time.process_time() - started < 10
    assert "alpha0" in page.text and "m" not in page.text.split()
