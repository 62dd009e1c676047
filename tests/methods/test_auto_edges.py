"""``auto``'s edges (maintext.methods.auto.edges): what trails the article is cut, the
article's own last paragraphs are not."""

from __future__ import annotations

import maintext
from maintext.options import Options

PARAS = [f"Paragraph {i} of the report describes the harbour works, the costs, and what the council decided next."
         for i in range(8)]


def _auto(body: str) -> maintext.Page:
    html = f"<html><head><title>Harbour works</title></head><body>{body}</body></html>"
    return maintext.extract(html, method="auto", options=Options())


def _teasers(n: int, summary: bool = True) -> str:
    cards = []
    for i in range(n):
        card = f'<h3><a href="/story/{i}">Another story number {i} from the coast</a></h3>'
        if summary:
            card += f"<p>A short summary of story {i}, which is about something else entirely.</p>"
        cards.append(card)
    return "".join(cards)


def test_run_of_teaser_cards_after_the_article_is_cut():
    article = "".join(f"<p>{p}</p>" for p in PARAS)
    page = _auto(f"<h1>Harbour works</h1><div class='story'>{article}{_teasers(4)}</div>")
    assert PARAS[-1] in page.text
    assert "Another story" not in page.text and "A short summary" not in page.text


def test_two_linked_cards_are_no_teaser_run():
    article = "".join(f"<p>{p}</p>" for p in PARAS)
    page = _auto(f"<h1>Harbour works</h1><div class='story'>{article}{_teasers(2)}</div>")
    assert "A short summary of story 1" in page.text  # fewer than teaser_min_items: left alone


def test_paragraphs_after_a_linked_subheading_are_the_article():
    """A linked subheading followed by long paragraphs is a section of the article."""
    body = "".join(f"<p>{p}</p>" for p in PARAS[:4])
    body += '<h3><a href="/harbour">The harbour</a></h3>' + "".join(f"<p>{p} {p}</p>" for p in PARAS[4:])
    page = _auto(f"<h1>Harbour works</h1><div class='story'>{body}</div>")
    assert all(p in page.text for p in PARAS)


def test_in_article_most_popular_widget_does_not_end_the_article():
    """A "Most Popular" heading inside the article whose list box is not read (a related-links
    box) is followed by more of the article: only the heading goes."""
    first = "".join(f"<p>{p}</p>" for p in PARAS[:4])
    rest = [f"Later paragraph {i} goes on with the story of the harbour, the costs, the council, and "
            f"the people who use the ferry every day of the week." for i in range(8)]
    widget = ('<h3>Most Popular</h3><ul class="popular-list">'
              + "".join(f'<li><a href="/p/{i}">Popular story {i}</a></li>' for i in range(5)) + "</ul>")
    body = first + widget + "".join(f"<p>{p}</p>" for p in rest)
    page = _auto(f"<h1>Harbour works</h1><div class='story'>{body}</div>")
    assert all(p in page.text for p in rest)
    assert "Most Popular" not in page.text and "Popular story" not in page.text
