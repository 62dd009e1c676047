"""``auto``'s structure rules: a link list the article introduces ("More news:") is kept,
a heading whose section was dropped is not, and an <h1> too long for a headline is a
heading of the text rather than the dropped headline."""

from __future__ import annotations

import maintext
from maintext.options import Options

S1 = " ".join(f"The committee reviewed part {i} of the plan, with its costs, its risks, and its schedule." for i in range(8))
S2 = ("The members then discussed the new bridge over the river, which should open next spring "
      "if the weather allows the works to continue.")
S3 = ("Finally, the mayor thanked the residents who came to the meeting and answered their "
      "questions about the parking fees in the centre.")
LINKS = ("Council approves the budget for schools", "New bus lines start in the spring",
         "The library reopens after two years of works")


def _auto(body: str) -> maintext.Page:
    html = f"<html><head><title>Town council</title></head><body><main><article>{body}</article></main></body></html>"
    return maintext.extract(html, method="auto", options=Options())


def _link_list() -> str:
    return "<ul>" + "".join(f'<li><a href="/news/{i}">{t}</a></li>' for i, t in enumerate(LINKS)) + "</ul>"


def test_a_link_list_introduced_by_a_colon_is_kept_as_a_list():
    page = _auto(f"<p>{S1}</p><p>{S2}</p><p>More council news:</p>{_link_list()}<p>{S3}</p>")
    items = [b.text for b in page.blocks if b.list_kind == "ul"]
    assert items == list(LINKS)
    assert LINKS[0] in page.text


def test_a_link_list_without_an_introduction_stays_out():
    page = _auto(f"<p>{S1}</p><p>{S2}</p><p>The meeting ended late.</p>{_link_list()}<p>{S3}</p>")
    assert LINKS[0] not in page.text
    assert S3 in page.text


def test_a_box_heading_whose_content_was_dropped_is_dropped():
    box = f'<h2>Weekend events</h2><div class="sidebar">{_link_list()}</div>'
    page = _auto(f"<h2>The plan</h2><p>{S1}</p>{box}<h2>The bridge</h2><p>{S2}</p><p>{S3}</p>")
    headings = [b.text for b in page.blocks if b.kind == "heading"]
    assert headings == ["The plan", "The bridge"]
    assert "Weekend events" not in page.text


def test_an_empty_section_of_the_page_itself_stays():
    # nothing dropped between the part title and its first chapter's heading
    page = _auto(f"<h2>Part one</h2><h2>The plan</h2><p>{S1}</p><h2>The bridge</h2><p>{S2}</p>")
    assert [b.text for b in page.blocks if b.kind == "heading"] == ["Part one", "The plan", "The bridge"]


def test_a_subheading_after_a_dropped_block_stays():
    page = _auto(f'<h2>The plan</h2><div class="advert">Advertisement</div><h3>Costs</h3><p>{S1}</p><p>{S2}</p>')
    assert [b.text for b in page.blocks if b.kind == "heading"] == ["The plan", "Costs"]


def test_a_trailing_heading_whose_box_was_dropped_is_dropped():
    page = _auto(f'<h2>The plan</h2><p>{S1}</p><p>{S2}</p><h2>Weekend events</h2><div class="sidebar">{_link_list()}</div>')
    assert [b.text for b in page.blocks if b.kind == "heading"] == ["The plan"]


def test_an_h1_too_long_for_a_headline_is_kept():
    caption = " ".join(["The rocket stands on the launch pad before the flight to the station."] * 6)
    page = _auto(f"<div><h1>{caption}</h1></div><p>{S1}</p><p>{S2}</p>")
    assert caption in page.text
    assert ("heading", caption) in [(b.kind, b.text) for b in page.blocks]


NOTES = (("Anna", "fixed a crash in the print preview when the page has no margins"),
         ("Omar", "moved the settings store off the old file library"),
         ("Lena", "made the toolbar load later in the startup window"))


def test_list_items_that_are_sentences_about_a_link_are_kept():
    items = "".join(f'<li>{who} <a href="/bug/{i}">{what}</a></li>' for i, (who, what) in enumerate(NOTES))
    page = _auto(f"<h2>Performance</h2><p>{S1}</p><ul>{items}</ul><p>{S2}</p>")
    assert [b.text for b in page.blocks if b.list_kind] == [f"{who} {what}" for who, what in NOTES]


def test_list_items_of_linked_titles_stay_out():
    items = "".join(f'<li><a href="/news/{i}">{who} {what}</a></li>' for i, (who, what) in enumerate(NOTES))
    page = _auto(f"<h2>Performance</h2><p>{S1}</p><ul>{items}</ul><p>{S2}</p>")
    assert not [b for b in page.blocks if b.list_kind]


def test_an_introduced_list_with_an_item_kept_otherwise_comes_back_whole():
    items = ('<li><a href="/shop/book">The baking book</a></li>'
             '<li><a href="/shop/pan">Quarter sheet pan</a></li>'
             '<li>Acetate collars (I bought <a href="/shop/roll">an enormous roll of them</a> for the cakes)</li>')
    page = _auto(f"<p>{S1}</p><p>Here are the tools you will need:</p><ul>{items}</ul><p>{S2}</p><p>{S3}</p>")
    assert [b.text for b in page.blocks if b.list_kind][:2] == ["The baking book", "Quarter sheet pan"]


SOURCES = ("https://example.org/docs/inspector.html", "https://example.net/blog/profiling-in-production")


def test_a_closing_list_of_bare_addresses_is_kept_as_cited_sources():
    items = "".join(f'<li><a href="{u}">{u}</a></li>' for u in SOURCES)
    page = _auto(f"<p>{S1}</p><p>{S2}</p><h2>Sources</h2><ul>{items}</ul>")
    assert [b.text for b in page.blocks if b.list_kind] == list(SOURCES)
    assert ("heading", "Sources") in [(b.kind, b.text) for b in page.blocks]


def test_a_closing_list_of_named_links_stays_out():
    page = _auto(f"<p>{S1}</p><p>{S2}</p><h2>Read more</h2>{_link_list()}")
    assert not [b for b in page.blocks if b.list_kind]
    assert "Read more" not in page.text
