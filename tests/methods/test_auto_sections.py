"""``auto`` keeps every section of an article cut into repeated section boxes (Medium-like
pages): image boxes between sections and the winner's plain wrapper do not end it."""

from __future__ import annotations

import maintext
from maintext.options import Options

S1 = " ".join(f"The first part explains step {i} of the setup, with details, caveats, and numbers." for i in range(12))
S2 = ("The second part measures the result on real traffic, and the numbers, which are "
      "noisy, show a clear gain over the old setup in every region we looked at.")
S3 = ("The last part lists what is left to do, and which tools helped most, so that other "
      "teams can repeat the work without the mistakes we made along the way.")
OTHER = ("This is a reader's note about another story entirely, long enough to look like prose, "
         "with commas, clauses, and a full stop at the end of the sentence.")


def _auto(body: str) -> maintext.Page:
    html = f"<html><head><title>Profiling in production</title></head><body>{body}</body></html>"
    return maintext.extract(html, method="auto", options=Options())


def _figure(caption: str) -> str:
    return f'<div class="hr"><div class="n"><figure><img src="a.png"><figcaption>{caption}</figcaption></figure></div></div>'


def test_image_box_between_sibling_sections_does_not_end_the_article():
    page = _auto(f"""<h1>Profiling in production</h1><main><div class="wrap"><div class="sections">
      <div class="inner"><h2>Setup</h2><p>{S1}</p><p>{S1}</p></div>
      {_figure("A slide from the talk about our profiling tools and charts")}
      <div class="inner"><h3>Results</h3><p>{S2}</p></div></div></div>
      <div class="foot"><p>{OTHER}</p></div></main>""")
    assert "Results" in page.text and S2 in page.text
    assert OTHER not in page.text


def test_later_section_boxes_of_the_wrappers_kind_join():
    page = _auto(f"""<article><h1>Profiling in production</h1><section>
      <div class="part"><div class="body"><h2>Setup</h2><p>{S1}</p></div></div>
      {_figure("Flame graph of one request through the whole service stack")}
      <div class="part"><div class="body"><h2>Results</h2><p>{S2}</p></div></div>
      <hr><div class="part"><div class="body"><h2>Next steps</h2><ul><li>{S3}</li></ul></div></div>
    </section></article>""")
    assert S2 in page.text and S3 in page.text
    kinds = [(b.kind, b.text) for b in page.blocks]
    assert ("heading", "Next steps") in [(k, t) for k, t in kinds]


def test_a_box_of_the_same_kind_right_under_the_article_is_not_joined():
    # no break (<hr>, image) before it: a press release's "About the company" box
    page = _auto(f"""<article><h1>Profiling in production</h1><section>
      <div class="part"><div class="body"><p>{S1}</p></div></div>
      <div class="part"><div class="body"><p>{OTHER}</p></div></div>
    </section></article>""")
    assert S1 in page.text and OTHER not in page.text


def test_a_box_of_another_kind_after_the_wrapper_is_not_joined():
    page = _auto(f"""<article><h1>Profiling in production</h1><section>
      <div class="part"><div class="body"><h2>Setup</h2><p>{S1}</p></div></div>
      <div class="note"><p>{OTHER}</p></div>
      <div class="part"><div class="body"><p>{S2}</p></div></div>
    </section></article>""")
    assert S1 in page.text
    assert OTHER not in page.text and S2 not in page.text


def _toc_page(hrefs: tuple[str, str]) -> str:
    return f"""<h1>Profiling in production</h1><main><div class="post">
      <p>{S1}</p>
      <ul><li><a href="{hrefs[0]}">Measuring the gain</a></li><li><a href="{hrefs[1]}">What is left</a></li></ul>
      <h2 id="gain">Measuring the gain</h2><p>{S2}</p>
      <h2 id="left">What is left</h2><p>{S3}</p></div></main>"""


def test_table_of_contents_of_in_page_links_is_kept_as_a_list():
    page = _auto(_toc_page(("#gain", "#left")))
    items = [b.text for b in page.blocks if b.kind == "list_item"]
    assert items == ["Measuring the gain", "What is left"], [(b.kind, b.text) for b in page.blocks]


def test_list_of_links_to_other_pages_named_like_headings_stays_out():
    page = _auto(_toc_page(("/gain.html", "#left")))
    assert not [b for b in page.blocks if b.kind == "list_item"]


def test_a_short_line_box_after_a_rule_is_not_a_section():
    page = _auto(f"""<h1>Profiling in production</h1><main><div class="sections">
      <div class="part"><div class="body"><p>{S1}</p><p>{S1}</p></div></div>
      <hr><div class="part"><div class="body"><p>Thanks for reading, and see you all next week.</p></div></div>
      </div></main>""")
    assert S1 in page.text and "Thanks for reading" not in page.text


def test_sections_joined_on_the_text_only_walk_too():
    """The text alone (the walk without elements: widen reads Segmentation.element) joins
    the same later sections as the full record, natively and on the Python walk."""
    html = (f"""<html><head><title>Profiling in production</title></head><body><article>
      <h1>Profiling in production</h1><section>
      <div class="part"><div class="body"><h2>Setup</h2><p>{S1}</p></div></div>
      {_figure("Flame graph of one request through the whole service stack")}
      <div class="part"><div class="body"><h2>Results</h2><p>{S2}</p></div></div>
      <hr><div class="part"><div class="body"><h2>Next steps</h2><ul><li>{S3}</li></ul></div></div>
    </section></article></body></html>""")
    for native in (True, False):
        text = maintext.extract(html, fields=("text",), native=native).text
        assert S2 in text and S3 in text
        assert text == maintext.extract(html, native=native).text
