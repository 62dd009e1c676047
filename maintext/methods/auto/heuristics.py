"""The ``auto`` method's heuristics: one named, commented table of every threshold.

Takes nothing, gives :class:`AutoHeuristics`, reachable as ``Options().auto.heuristics``
(so a run can tune any of them: ``extract(html, auto={"heuristics": {"class_weight": 20}})``). Each name says what it bounds and its comment why;
the values were chosen by measurement on the shared dev sets (benchmarks/auto_eval.py).
Scoring reads the first section, widening the second, block filtering and the edge
trimming the third.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...html.tags import SENTENCE_END  # noqa: F401 - the one set (maintext.html.tags)

_SENTENCE_BREAK = re.compile(r"[.!?。！？…](?:\s|$)")


@dataclass(frozen=True)
class AutoHeuristics:
    """Every threshold of the ``auto`` method, with why (one commented table)."""

    # Initial score of a container by tag (readability's table): generic boxes are likely
    # containers, list/heading parts are unlikely ones.
    tag_prior: dict[str, float] = field(default_factory=lambda: {
        "div": 5.0, "article": 8.0, "main": 5.0, "section": 3.0, "td": 3.0, "blockquote": 3.0,
        "pre": 3.0, "form": -3.0, "ol": -3.0, "ul": -3.0, "dl": -3.0, "dd": -3.0, "dt": -3.0,
        "li": -3.0, "address": -3.0, "th": -5.0, "h1": -5.0, "h2": -5.0, "h3": -5.0,
        "h4": -5.0, "h5": -5.0, "h6": -5.0, "body": -5.0, "html": -10.0,
    })
    # --- container scoring ---
    class_weight: float = 25.0  # readability's +-25 for content / boilerplate class words
    semantic_bonus: float = 30.0  # <article>, <main>, role=main, itemprop=articleBody
    # Ancestor levels a block's score reaches, with their share (readability: 1, 1/2, 1/3 ...).
    level_share: tuple[float, ...] = (1.0, 0.5, 1 / 3.0, 0.25)
    # A prose block scores 1 + commas + weight / length_unit (at most length_cap).
    length_unit: float = 15.0
    length_cap: float = 3.0
    min_prose_weight: float = 5.0  # words (CJK-aware) for a block to count as prose when scoring
    # Score factor of a container inside a boilerplate container (comments, side column):
    # a soft penalty, as a layout wrapper may carry an unlucky class name.
    inside_boiler_factor: float = 0.5
    # A container that holds the first <h1> or starts at most headline_reach blocks after it.
    headline_bonus: float = 15.0
    headline_reach: int = 8
    # The headline is the first heading of these tags whose text (at least this long) is part of
    # the page's <title>; without one, the first <h1>.
    title_heading_tags: frozenset[Any] = frozenset({"h1", "h2", "h3", "h4"})
    title_heading_min_chars: int = 8
    # Hint bonuses (content class, headline) add at most this multiple of the score
    # the container's own text earns: a small box with a lucky class name does not win.
    bonus_cap: float = 1.0
    rival_share: float = 0.7  # a separate container within this share of the best score is a rival
    # --- widening ---
    sibling_share: float = 0.2  # a sibling container joins with this share of the winner's score
    spacer_weight: float = 5.0  # a sibling box with less text is skipped over when widening
    # After the winner's plain wrapper, a following box of the wrapper's tag and class, set off
    # by an <hr> or an image box, is the article's next section when it holds this many words
    # of running text (a one-line copyright box of the same kind is not).
    section_mate_prose: float = 15.0
    # Before the winner, a short box of title lines (fewer words than title_box_weight, little
    # link text, no sentence end, not the page's <h1>) is passed over and joined when the box
    # beyond it holds title_box_prose words of sentences and joins: a quoted article's source,
    # headline and byline after the poster's comment on it. Not after the winner: there such a
    # box opens something else (the next post, a notice). Not the <h1>: the article starts there.
    title_box_weight: float = 40.0
    title_box_link_density: float = 0.1
    title_box_prose: float = 15.0
    # Widening to an ancestor: at most up_levels up, when the ancestor adds running text of
    # at least up_extra_share of the winner's, with link density at most up_link_density_max.
    up_levels: int = 4
    # Separate containers scoring at least this share of the winner's score are parts of the
    # same article: the region widens to their common ancestor.
    peer_share: float = 0.5
    peer_min_prose: float = 25.0  # words of running text a peer holds (not a list of teasers)
    list_tags: frozenset[Any] = frozenset({"ul", "ol", "dl", "li", "dd", "dt"})
    up_extra_share: float = 1.0  # (0.5 before peers were joined: measured 1.0 better on 6 of 7 sets)
    up_link_density_max: float = 0.25
    # The winner widens to its <article> element when all the article adds is link-free text
    # outside boilerplate boxes, at most this share of the winner's words, one block of it at
    # least long_block_weight words: the article's own lead caption or standfirst beside the
    # body box inside <article> (a lone byline or notice line is not enough: aeb's gold
    # leaves those out; measured on the 7 dev sets).
    article_extra_share: float = 0.5
    weak_result_weight: float = 25.0  # below this many words the result falls back to all prose
    # Boilerplate reasons that come from layout words rather than from other content: page
    # builders wrap every box, the article's too, in a "widget". Prose in such boxes is taken
    # only when nothing else on the page is left (the last fallback).
    last_resort_reasons: frozenset[Any] = frozenset({"widget", "post metadata"})
    # A box named for boilerplate by a class/id word of these kinds is read anyway when it has
    # evidence_min_chars characters or more and at most evidence_link_density_max link text,
    # and is content when it holds evidence_min_running words of running text (sentences, few
    # links) making evidence_running_share of its words: the word is evidence weighed against
    # the text, not a veto (``section-and-ad``, ``js-pagination``, ``sharing-with-...`` around
    # the article). Not comments (running text too, never the article), footers, side columns.
    evidence_reasons: frozenset[Any] = frozenset({
        "advertising", "navigation", "share bar", "promotion", "related links", "toolbar",
        "print only", "pop-up"})
    evidence_min_chars: int = 600
    evidence_link_density_max: float = 0.2
    evidence_min_running: float = 100.0
    evidence_running_share: float = 0.7
    # ... unless most of that running text is teaser summaries, each right after a linked
    # title shorter than long_block_weight words (a list of other stories, "Posts related
    # to ...", is what its name says). A box read only to weigh its text and found wanting
    # keeps its name firmly: it is not passed over as "most of the main container".
    evidence_teaser_share_max: float = 0.5
    # --- embedded galleries (maintext.methods.auto.gallery) ---
    gallery_min_items: int = 8  # sibling items of one tag that make a slide list (fewer: a plain list)
    gallery_reach: int = 4  # levels above the slide list where the gallery class/id may sit
    caption_share: float = 0.2  # a caption's share of a prose block's score (50 slides must not outscore the article)
    # Captions are dropped only when the region keeps this many words outside the gallery
    # (an article around it); a slideshow that is the page (a listicle) keeps its captions.
    gallery_min_article_weight: float = 150.0
    # --- block filtering ---
    link_density_max: float = 0.5  # a short block with more link text than this is a link list
    # A long block (a paragraph of prose) is kept with more link text than a short one: news
    # digests link every sentence, a link list has short items.
    long_block_weight: float = 25.0
    long_link_density_max: float = 0.7
    list_link_density_max: float = 0.35  # a list with more link text is a list of links
    # A list item dropped for its link text comes back when the kept items of its list hold
    # at least this share of the list's words (readability-dev text F1 .918 -> .922, lists
    # .651 -> .654; the seven dev sets unchanged or up).
    list_kept_share: float = 0.5
    # A list dropped whole for its links comes back when the kept block just before it is a
    # paragraph ending in a colon ("More games news:", "Sources:"): the article introduces
    # it. Only lists of at most introduced_list_max_items items (a long one is navigation).
    introduced_list_max_items: int = 12
    # A list item dropped for its links comes back when it is a sentence about a link: it
    # opens with led_item_min_lead unlinked words before its first link ("bigiri has <a>a
    # patch to move ...</a>") and holds at least led_item_min_weight words; a linked title
    # opens with its link.
    led_item_min_lead: int = 1
    led_item_min_weight: float = 8.0
    # ... and a paragraph wholly in one link (link density at least linked_prose_min_density)
    # is kept when it holds linked_prose_sentences or more sentences of at least
    # linked_prose_sentence_weight words each on average: a linked note ("* Click here for the
    # rates to other countries. Rates are good 24 hours a day.") or the teasers of a listing
    # page are prose; linked headlines are short and have no full stop.
    linked_prose_min_density: float = 0.9
    linked_prose_sentences: int = 2
    linked_prose_sentence_weight: float = 8.0
    # A heading (not an <h1>) inside boxes of these kinds only, inside the main container and
    # after section_header_after words of kept text, is the heading of a later section of the
    # article (<section><header><h2>), kept; the article's own header before the text (its
    # title, a deck) stays out.
    heading_boiler_ok: frozenset[Any] = frozenset({"<header>"})
    section_header_after: float = 30.0
    # A table cell dropped as a furniture line ("Comment" in a header row) comes back when its
    # row holds at least row_mates_min other blocks, all kept and shorter than long_block_weight.
    row_mates_min: int = 2
    # AutoOptions.favor_precision / favor_recall scale the link-density limits by these.
    precision_link_factor: float = 0.66
    recall_link_factor: float = 1.3
    # At most this many calls to action ("Follow us on ...", newsletter) end an article.
    promo_tail: int = 3
    promo_head: int = 2  # ... and at most this many notices (affiliate links, "Anzeige") open it
    # A call to action among the last pitch_reach paragraphs (each shorter than pitch_max_weight
    # words) ends the article with the pitch that follows it (a paywall's "subscribe" and its
    # list of offers), when the article before it is pitch_article_share times longer.
    pitch_reach: int = 6
    pitch_max_weight: float = 60.0
    pitch_article_share: float = 2.0
    trail_weight: float = 6.0
    # A run of at least teaser_min_items teasers ends the article: a linked title (shorter than
    # long_block_weight words, mostly link text), each followed by at most one summary of at
    # most teaser_summary_max_weight words (the cards of other stories after the article).
    teaser_min_items: int = 3
    teaser_summary_max_weight: float = 60.0
    furniture_lines_weight: float = 40.0  # a block of several furniture lines (dates, credits) is at most this long  # shorter trailing lines without a sentence end are furniture
    related_cut_after: float = 30.0  # words of article text before a "Related" heading may end it
    # A "Related"/"Most popular" heading without a box of its own ends the article only when no
    # body prose follows its widget: when at least related_resume_words words of paragraphs
    # (>= related_prose_weight words, little link text) follow its short linked items, only the
    # heading and the items are dropped (an in-article widget).
    related_resume_words: float = 150.0
    related_prose_weight: float = 15.0
    # Tags of a "Comments" heading that ends the article: headings, and the short lines themes
    # use instead (``<div class="comments-title">``, ``<p><b>3 Comments</b></p>``).
    comment_heading_tags: frozenset[Any] = frozenset({"div", "p", "span", "strong", "b", "dt", "legend", "caption"})
    # A lead (standfirst) between the headline and the main container: a sentence of at least
    # lead_min_weight words with little link text, outside boxes other than the article header.
    lead_min_weight: float = 12.0
    lead_link_density_max: float = 0.2
    lead_boiler_ok: frozenset[Any] = frozenset({None, "<header>"})
    # ... and the items of a summary list there ("Story highlights" bullets): link-free list
    # items of at least this many words, without a full stop.
    lead_item_min_weight: float = 5.0
    # Runs of repeat_run kept paragraphs, each at least repeat_min_weight words, that repeat
    # earlier ones are a second copy of the article when they hold repeat_share of its words.
    repeat_min_weight: float = 10.0
    repeat_run: int = 3
    repeat_share: float = 0.3
    # Without a headline nearby: the lead paragraphs among at most lead_back blocks right before
    # the first kept block, over furniture between them (share buttons, bylines, dates, an audio
    # player: furniture lines, shorter than lead_skip_weight words or mostly links); long ones (long_block_weight) right
    # before it also outside the box below.
    lead_back: int = 8
    lead_skip_weight: float = 10.0
    # ... and inside the box this many levels above the main container, or inside the nearest
    # <article> around it at most lead_semantic_levels up (not in a side column that comes
    # first in the page's source).
    lead_up_levels: int = 4
    lead_semantic_levels: int = 8
    # --- inline thresholds (named here so that every number of the method is in this table) ---
    headline_max_chars: int = 300  # an <h1> longer than this is not a headline (a whole box in one tag)
    # A block of at least hint_block_min_weight words whose first hint_prefix_chars characters
    # occur in the JSON-LD articleBody belongs to the article it declares.
    hint_block_min_weight: float = 8.0
    hint_prefix_chars: int = 60
    # Furniture lines ("Share this", datelines) are shorter than this many words; a credit or
    # caption line is judged as such only from that length or credit_line_min_chars characters.
    furniture_line_max_weight: float = 12.0
    credit_line_min_chars: int = 70
    section_heading_max_weight: float = 10.0  # "Related stories" / "3 Comments" headings are shorter
    boiler_inside_levels: int = 3  # enclosing containers looked at for a boilerplate box inside the region


HEURISTICS = AutoHeuristics()  # the defaults
