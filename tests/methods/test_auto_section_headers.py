"""``auto`` keeps the heading a later section of the article holds in its own ``<header>``,
and keeps a list whole when the trim of trailing short lines would stop inside it."""

from __future__ import annotations

import maintext
from maintext.options import Options

S1 = " ".join(f"The tools panel shows step {i} of the build, with its timing, its output, and its errors." for i in range(8))
S2 = ("Examine the markup and the styles of any page, and change the layout of the page "
      "while it runs, to see what each rule does.")
S3 = ("Step through the code of the page and look at its state, which helps to find the "
      "place where a value goes wrong.")
TEASER = "Friday deals on lamps and pillows"


def _auto(body: str) -> maintext.Page:
    html = f"<html><head><title>Developer tools</title></head><body>{body}</body></html>"
    return maintext.extract(html, method="auto", options=Options())


def _kinds(page: maintext.Page) -> list[tuple[str, str]]:
    return [(b.kind, b.text) for b in page.blocks]


def test_heading_in_a_later_sections_header_is_kept():
    page = _auto(f"""<main><section><h2>Overview</h2><p>{S1}</p></section>
      <section><header><h2>Features and tools</h2></header>
        <h3>Inspector</h3><p>{S2}</p><h3>Debugger</h3><p>{S3}</p></section></main>""")
    assert ("heading", "Features and tools") in _kinds(page)


def test_the_articles_own_header_before_the_text_stays_out():
    # the title in the article's header, before any text: the headline, not a section
    page = _auto(f"""<main><article><header><h2>Developer tools</h2><p>By A. Writer</p></header>
      <p>{S1}</p><p>{S2}</p></article></main>""")
    assert "heading" not in [k for k, _ in _kinds(page)]
    assert S1 in page.text


def test_a_teasers_header_inside_an_aside_stays_out():
    page = _auto(f"""<main><section><p>{S1}</p>
      <aside><div><header><h2>{TEASER}</h2></header><a href="/deals">Read on</a></div></aside>
      <p>{S2}</p></section></main>""")
    assert TEASER not in page.text
    assert S2 in page.text


def test_a_list_is_not_cut_by_the_trailing_trim():
    items = "".join(f"<li><h2>{name}</h2><p>{text}</p><a href='/{name}'>Learn more about {name}</a></li>"
                    for name, text in (("Inspector", S2), ("Debugger", S3)))
    page = _auto(f"<main><section><p>{S1}</p><ul>{items}</ul></section></main>")
    assert "Learn more about Debugger" in page.text
    assert "Learn more about Inspector" in page.text


def test_a_header_cell_named_like_furniture_stays_in_its_row():
    rows = "".join(f"<tr><td><p>state {i}</p></td><td><p>timeout {i}</p></td><td><p>retry the task {i}</p></td></tr>"
                   for i in range(4))
    page = _auto(f"""<main><section><p>{S1}</p><table>
      <tr><td><p><b>Status</b></p></td><td><p><b>Trigger</b></p></td><td><p><b>Comment</b></p></td></tr>
      {rows}</table><p>{S2}</p></section></main>""")
    cells = [b.text for b in page.blocks if b.kind == "table_cell"]
    assert "Comment" in cells and "Status" in cells


def test_a_furniture_cell_beside_a_long_cell_stays_out():
    # a layout row: the article in one cell, a "Share" cell beside it
    page = _auto(f"""<table><tr><td><p>{S1}</p><p>{S2}</p></td><td><p>Share</p></td>
      <td><p>Print</p></td></tr></table>""")
    assert S1 in page.text
    assert "Share" not in page.text
