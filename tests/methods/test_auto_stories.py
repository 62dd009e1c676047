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


def _article_with(extra: str) -> str:
    body = "".join(f"<p>Paragraph {i} of the report tells the reader what happened, where, and why it "
                   f"matters to the people of the town.</p>" for i in range(8))
    return (f"<html><head><title>The report</title></head><body><h1>The report</h1><div class='wrap'>"
            f"<article>{extra}<div class='body'><div class='inner'><div class='text'>{body}</div></div></div>"
            f"</article></div></body></html>")


def test_article_widens_over_its_link_free_lead_caption():
    caption = ("The town square seen from the church tower on the morning after the storm, with the fallen "
               "trees still lying across the road and the market stalls closed while workers cleared the way "
               "for the fire engines that came from the next valley to help")
    text = maintext.extract(_article_with(f"<div class='slide'><div>{caption}</div></div>"), method="auto").text
    assert text.startswith("The town square seen") and "Paragraph 7" in text


def test_article_does_not_widen_over_a_lone_byline_or_a_linked_box():
    text = maintext.extract(_article_with("<div class='who'><div>Jane Doe, staff reporter</div></div>"),
                            method="auto").text
    assert "Jane Doe" not in text
    linked = ("<div class='more'><div>Read also: <a href='/x'>what the mayor said about the storm, the trees "
              "and the roads, and what the town will do about the market stalls next year</a> and more</div></div>")
    text = maintext.extract(_article_with(linked), method="auto").text
    assert "Read also" not in text
