"""``auto`` on an infinite-scroll page: the next full articles, each an ``<article>`` with its
own ``<h1>``, are other stories, not more of the first one."""

from __future__ import annotations

import maintext
from maintext.options import Options


def _story(n: int, paragraphs: int = 6) -> str:
    text = "".join(f"<p>Story {n} paragraph {i} tells the reader about the events, the people, and the "
                   f"reasons, in some detail.</p>" for i in range(paragraphs))
    return f"<article class='post'><header><h1>Headline of story {n}</h1></header><div class='body'>{text}</div></article>"


def test_next_stories_of_an_infinite_scroll_page_are_left_out():
    html = (f"<html><head><title>Headline of story 1</title></head><body><div class='feed'>"
            f"{_story(1)}{_story(2)}{_story(3)}</div></body></html>")
    text = maintext.extract(html, method="auto", options=Options()).text
    assert text.count("Story 1 paragraph") == 6
    assert "Story 2" not in text and "Story 3" not in text


def test_sections_of_one_article_still_join():
    """Boxes of one <article> (no second <h1>) are one story: widening is unchanged."""
    parts = "".join(f"<section class='part'><h2>Part {k}</h2>"
                    + "".join(f"<p>Part {k} paragraph {i} goes on about the work, the tools, and the results.</p>"
                              for i in range(4)) + "</section>" for k in range(3))
    html = f"<html><head><title>One long story</title></head><body><article><h1>One long story</h1>{parts}</article></body></html>"
    text = maintext.extract(html, method="auto", options=Options()).text
    assert all(f"Part {k} paragraph 3" in text for k in range(3))
