"""The ``auto`` method's heuristics: one named, commented table of every threshold.

Takes nothing, gives constants. Each name says what it bounds and its comment why;
the values were chosen by measurement on the shared dev sets (benchmarks/auto_eval.py).
Scoring reads the first section, widening the second, block filtering and the edge
trimming the third.
"""

from __future__ import annotations

import re


# Initial score of a container by tag (readability's table): generic boxes are likely
# containers, list/heading parts are unlikely ones.
_TAG_PRIOR: dict[str, float] = {
    "div": 5.0, "article": 8.0, "main": 5.0, "section": 3.0, "td": 3.0, "blockquote": 3.0,
    "pre": 3.0, "form": -3.0, "ol": -3.0, "ul": -3.0, "dl": -3.0, "dd": -3.0, "dt": -3.0,
    "li": -3.0, "address": -3.0, "th": -5.0, "h1": -5.0, "h2": -5.0, "h3": -5.0,
    "h4": -5.0, "h5": -5.0, "h6": -5.0, "body": -5.0, "html": -10.0,
}

# --- container scoring ---
CLASS_WEIGHT = 25.0  # readability's +-25 for content / boilerplate class words
SEMANTIC_BONUS = 30.0  # <article>, <main>, role=main, itemprop=articleBody
# Ancestor levels a block's score reaches, with their share (readability: 1, 1/2, 1/3 ...).
LEVEL_SHARE: tuple[float, ...] = (1.0, 0.5, 1 / 3.0, 0.25)
# A prose block scores 1 + commas + weight / LENGTH_UNIT (at most LENGTH_CAP).
LENGTH_UNIT = 15.0
LENGTH_CAP = 3.0
MIN_PROSE_WEIGHT = 5.0  # words (CJK-aware) for a block to count as prose when scoring
# Score factor of a container inside a boilerplate container (comments, side column):
# a soft penalty, as a layout wrapper may carry an unlucky class name.
INSIDE_BOILER_FACTOR = 0.5
# A container that holds the first <h1> or starts at most HEADLINE_REACH blocks after it.
HEADLINE_BONUS = 15.0
HEADLINE_REACH = 8
# The headline is the first heading of these tags whose text (at least this long) is part of
# the page's <title>; without one, the first <h1>.
TITLE_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4"})
TITLE_HEADING_MIN_CHARS = 8
# Hint bonuses (content class, headline) add at most this multiple of the score
# the container's own text earns: a small box with a lucky class name does not win.
BONUS_CAP = 1.0
RIVAL_SHARE = 0.7  # a separate container within this share of the best score is a rival

# --- widening ---
SIBLING_SHARE = 0.2  # a sibling container joins with this share of the winner's score
SPACER_WEIGHT = 5.0  # a sibling box with less text is skipped over when widening
# Before the winner, a short box of title lines (fewer words than TITLE_BOX_WEIGHT, little
# link text, no sentence end, not the page's <h1>) is passed over and joined when the box
# beyond it holds TITLE_BOX_PROSE words of sentences and joins: a quoted article's source,
# headline and byline after the poster's comment on it. Not after the winner: there such a
# box opens something else (the next post, a notice). Not the <h1>: the article starts there.
TITLE_BOX_WEIGHT = 40.0
TITLE_BOX_LINK_DENSITY = 0.1
TITLE_BOX_PROSE = 15.0
# Widening to an ancestor: at most UP_LEVELS up, when the ancestor adds running text of
# at least UP_EXTRA_SHARE of the winner's, with link density at most UP_LINK_DENSITY_MAX.
UP_LEVELS = 4
# Separate containers scoring at least this share of the winner's score are parts of the
# same article: the region widens to their common ancestor.
PEER_SHARE = 0.5
PEER_MIN_PROSE = 25.0  # words of running text a peer holds (not a list of teasers)
LIST_TAGS = frozenset({"ul", "ol", "dl", "li", "dd", "dt"})
UP_EXTRA_SHARE = 1.0  # (0.5 before peers were joined: measured 1.0 better on 6 of 7 sets)
UP_LINK_DENSITY_MAX = 0.25
WEAK_RESULT_WEIGHT = 25.0  # below this many words the result falls back to all prose
# Boilerplate reasons that come from layout words rather than from other content: page
# builders wrap every box, the article's too, in a "widget". Prose in such boxes is taken
# only when nothing else on the page is left (the last fallback).
LAST_RESORT_REASONS = frozenset({"widget", "post metadata"})

# --- block filtering ---
LINK_DENSITY_MAX = 0.5  # a short block with more link text than this is a link list
# A long block (a paragraph of prose) is kept with more link text than a short one: news
# digests link every sentence, a link list has short items.
LONG_BLOCK_WEIGHT = 25.0
LONG_LINK_DENSITY_MAX = 0.7
LIST_LINK_DENSITY_MAX = 0.35  # a list with more link text is a list of links
# ... and a paragraph wholly in one link (link density at least LINKED_PROSE_MIN_DENSITY)
# is kept when it holds LINKED_PROSE_SENTENCES or more sentences of at least
# LINKED_PROSE_SENTENCE_WEIGHT words each on average: a linked note ("* Click here for the
# rates to other countries. Rates are good 24 hours a day.") or the teasers of a listing
# page are prose; linked headlines are short and have no full stop.
LINKED_PROSE_MIN_DENSITY = 0.9
LINKED_PROSE_SENTENCES = 2
LINKED_PROSE_SENTENCE_WEIGHT = 8.0
_SENTENCE_BREAK = re.compile(r"[.!?。！？…](?:\s|$)")
# AutoOptions.favor_precision / favor_recall scale the link-density limits by these.
PRECISION_LINK_FACTOR = 0.66
RECALL_LINK_FACTOR = 1.3
# At most this many calls to action ("Follow us on ...", newsletter) end an article.
PROMO_TAIL = 3
PROMO_HEAD = 2  # ... and at most this many notices (affiliate links, "Anzeige") open it
# A call to action among the last PITCH_REACH paragraphs (each shorter than PITCH_MAX_WEIGHT
# words) ends the article with the pitch that follows it (a paywall's "subscribe" and its
# list of offers), when the article before it is PITCH_ARTICLE_SHARE times longer.
PITCH_REACH = 6
PITCH_MAX_WEIGHT = 60.0
PITCH_ARTICLE_SHARE = 2.0
TRAIL_WEIGHT = 6.0
FURNITURE_LINES_WEIGHT = 40.0  # a block of several furniture lines (dates, credits) is at most this long  # shorter trailing lines without a sentence end are furniture
RELATED_CUT_AFTER = 30.0  # words of article text before a "Related" heading may end it
# Tags of a "Comments" heading that ends the article: headings, and the short lines themes
# use instead (``<div class="comments-title">``, ``<p><b>3 Comments</b></p>``).
COMMENT_HEADING_TAGS = frozenset({"div", "p", "span", "strong", "b", "dt", "legend", "caption"})
# Characters that end a sentence, closing quotes included: ” (English), “ (German), » and «
# (German and French guillemets), ’.
from ...html.tags import SENTENCE_END  # noqa: E402 - the one set (maintext.html.tags)
# A lead (standfirst) between the headline and the main container: a sentence of at least
# LEAD_MIN_WEIGHT words with little link text, outside boxes other than the article header.
LEAD_MIN_WEIGHT = 12.0
LEAD_LINK_DENSITY_MAX = 0.2
LEAD_BOILER_OK = frozenset({None, "<header>"})
# Runs of REPEAT_RUN kept paragraphs, each at least REPEAT_MIN_WEIGHT words, that repeat
# earlier ones are a second copy of the article when they hold REPEAT_SHARE of its words.
REPEAT_MIN_WEIGHT = 10.0
REPEAT_RUN = 3
REPEAT_SHARE = 0.3
# Without a headline nearby: the lead paragraphs among at most LEAD_BACK blocks right before
# the first kept block, over furniture between them (share buttons, bylines, dates, an audio
# player: furniture lines, shorter than LEAD_SKIP_WEIGHT words or mostly links); long ones (LONG_BLOCK_WEIGHT) right
# before it also outside the box below.
LEAD_BACK = 8
LEAD_SKIP_WEIGHT = 10.0
# ... and inside the box this many levels above the main container, or inside the nearest
# <article> around it at most LEAD_SEMANTIC_LEVELS up (not in a side column that comes
# first in the page's source).
LEAD_UP_LEVELS = 4
LEAD_SEMANTIC_LEVELS = 8

# --- inline thresholds (named here so that every number of the method is in this table) ---
HEADLINE_MAX_CHARS = 300  # an <h1> longer than this is not a headline (a whole box in one tag)
LD_WALK_BUDGET = 10_000  # JSON-LD nodes looked at per script (bounded walk of hostile data)
LD_BODY_MIN_CHARS = 80  # a JSON-LD articleBody shorter than this is a teaser, not the body
# A block of at least HINT_BLOCK_MIN_WEIGHT words whose first HINT_PREFIX_CHARS characters
# occur in the JSON-LD articleBody belongs to the article it declares.
HINT_BLOCK_MIN_WEIGHT = 8.0
HINT_PREFIX_CHARS = 60
# Furniture lines ("Share this", datelines) are shorter than this many words; a credit or
# caption line is judged as such only from that length or CREDIT_LINE_MIN_CHARS characters.
FURNITURE_LINE_MAX_WEIGHT = 12.0
CREDIT_LINE_MIN_CHARS = 70
SECTION_HEADING_MAX_WEIGHT = 10.0  # "Related stories" / "3 Comments" headings are shorter
BOILER_INSIDE_LEVELS = 3  # enclosing containers looked at for a boilerplate box inside the region
# A list item dropped for its link text comes back when the kept items of its list hold at
# least this share of the list's words (readability-dev text F1 .918 -> .922, lists .651 ->
# .654; the seven dev sets unchanged or up).
LIST_KEPT_SHARE = 0.5
