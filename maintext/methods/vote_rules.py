"""The rule table of the voting method (seed 001): one scorer per row.

A rule is a small function ``(block, ctx) -> raw score`` plus one :class:`Rule` row in
:data:`RULES` with the raw score's declared range. The voting method maps every raw score
linearly onto [0, 1] through that range (clamping), so a rule that scores 0..1000 weighs
no more than one that scores 0..10 -- the textbook's warning about rules "dominating by
scale". Weights (``VoteOptions.weights``) then set each rule's say on purpose. Every
number a rule uses (bins, zones, saturation points, weights) is a ``VoteOptions`` field,
read through the page context.

Adding a rule = one function + one row with a comment saying why it exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ..html.blocks import TextBlock
from ..paper_options import VoteOptions
from ..textutil import punctuation_count, text_weight

# A CJK character counts as one "字"; a word of alphabetic text as about 1.7 (the ratio
# text_weight() uses). The textbook's length bins are written in 字.
CHARS_PER_WORD = 1.7


@dataclass(slots=True)
class PageContext:
    """Page-level quantities some rules need (computed once per page)."""

    blocks: list[TextBlock]
    units: list[float]  # length of each block in 字-equivalents
    plain_before: list[int]  # non-link characters before each block
    plain_total: int  # non-link characters of the whole page
    opts: VoteOptions  # the rules' numbers (bins, zones, saturation points)


def build_context(blocks: list[TextBlock], opts: VoteOptions | None = None) -> PageContext:
    units = [text_weight(b.text) * CHARS_PER_WORD for b in blocks]
    before = []
    seen = 0
    for b in blocks:
        before.append(seen)
        seen += b.chars - b.link_chars
    return PageContext(blocks, units, before, seen, opts if opts is not None else VoteOptions())


# --- rule 1: length (textbook) --------------------------------------------------------
# The textbook's bins (VoteOptions.length_bins): <10 字 -> 0, 10-50 -> 5, 50-250 -> 8, more -> 10.
def length_score(block: TextBlock, ctx: PageContext) -> float:
    units = ctx.units[block.index]
    bins = ctx.opts.length_bins
    for bound, score in bins:
        if units < bound:
            return score
    return bins[-1][1]


# --- rule 2: position (textbook, approximated) ----------------------------------------
# Without a rendered layout we cannot know where a block is drawn. We approximate from
# document order: the usual source order of a page is header, left column, main column,
# right column, footer; and we measure the position in *non-link* text, of which the
# main column holds most (zones: VoteOptions.position_zones).
def position_zone(block: TextBlock, ctx: PageContext) -> tuple[float, str]:
    zones = ctx.opts.position_zones
    if ctx.plain_total <= 0:
        return zones[2][1], zones[2][2]
    plain = block.chars - block.link_chars
    where = (ctx.plain_before[block.index] + plain / 2) / ctx.plain_total
    for bound, score, zone in zones:
        if where < bound:
            return score, zone
    return zones[-1][1], zones[-1][2]


def position_score(block: TextBlock, ctx: PageContext) -> float:
    return position_zone(block, ctx)[0]


# --- rule 3: link density ---------------------------------------------------------------
def plain_share_score(block: TextBlock, ctx: PageContext) -> float:
    """Share of the block's text that is not link text (menus and link lists score 0)."""
    return 1.0 - block.link_density


# --- rule 4: punctuation density ------------------------------------------------------
def punctuation_score(block: TextBlock, ctx: PageContext) -> float:
    """Sentence punctuation per word-equivalent: prose has a comma or stop every ~10 words."""
    weight = ctx.units[block.index] / CHARS_PER_WORD
    if weight <= 0:
        return 0.0
    return punctuation_count(block.text) / max(weight, 3.0)


# --- rule 5: tag and class/id semantics -----------------------------------------------
# The block's own tag: authors mark prose with these.
PROSE_TAGS = frozenset({"p", "pre", "blockquote"})
# (pattern, score) searched in the hints (tag, class, id, role) of the block's ancestors
# level by level from the block outwards; the nearest level that matches decides, so a
# "comments" box inside the "content" column counts as comments. A level that matches
# both kinds ("comment-entry", "widget-post-content") is undecided and the walk goes on
# outwards.
SEMANTIC_HINTS: tuple[tuple[re.Pattern[str], float], ...] = (
    # HTML5 boilerplate containers
    (re.compile(r"^(?:nav|footer|aside|menu)\b"), -2.0),
    # class/id names of navigation, page furniture and ads
    (re.compile(r"\b(?:nav\w*|menu\w*|footer|sidebar|side|breadcrumbs?|copyright|banner|promo\w*|"
                r"ads?|advert\w*|sponsor\w*|widget|share|social|related|recommend\w*|"
                r"subscribe|newsletter|login|signup|cookie\w*|popup|toolbar|pager|pagination)\b"),
     -2.0),
    # reader comments are not the article
    (re.compile(r"\b(?:comments?|commentlist|reply|respond|disqus)\b"), -2.0),
    # HTML5 content containers and the class/id names sites give their article column
    # ("body" only as a class/id word such as "post-body": the <body> tag itself says nothing)
    (re.compile(r"\b(?:article|main|content|post|entry|story|text|blog)\b|(?<!^)\bbody\b"), 1.0),
)


def semantics_score(block: TextBlock, ctx: PageContext) -> float:
    score = 1.0 if block.tag in PROSE_TAGS else 0.0
    for hint in reversed(block.hints):
        values = {value for pattern, value in SEMANTIC_HINTS if pattern.search(hint)}
        if len(values) == 1:
            return score + values.pop()
        # no match, or a level that says both: ask the next level out
    return score


# --- rule 6: neighbourhood ------------------------------------------------------------
def neighbours_score(block: TextBlock, ctx: PageContext) -> float:
    """Mean non-link length of the nearby blocks (``VoteOptions.neighbours`` on each side):
    main text comes in runs of paragraphs, so a short block between long prose blocks is
    likely part of it."""
    i = block.index
    reach = ctx.opts.neighbours
    lo, hi = max(0, i - reach), min(len(ctx.blocks), i + reach + 1)
    total = 0.0
    count = 0
    for j in range(lo, hi):
        if j == i:
            continue
        other = ctx.blocks[j]
        total += ctx.units[j] * (1.0 - other.link_density)
        count += 1
    return total / count if count else 0.0


@dataclass(frozen=True, slots=True)
class Rule:
    name: str
    score: Callable[[TextBlock, PageContext], float]
    low: float  # raw score mapped to 0
    high: float  # raw score mapped to 1


def rules(opts: VoteOptions) -> tuple[Rule, ...]:
    """The rule table; each rule's range follows the settings its scorer reads."""
    return (
        # textbook rule 1: long blocks are prose; its bins give 0/5/8/10
        Rule("length", length_score, 0.0, max(score for _, score in opts.length_bins)),
        # textbook rule 2: where the block sits (right 0, top 3, left 5, middle 10), approximated
        Rule("position", position_score, 0.0, max(zone[1] for zone in opts.position_zones)),
        # hub blocks and link-laden text are navigation, not content
        Rule("link_density", plain_share_score, 0.0, 1.0),
        # prose is punctuated; menus, tag clouds and bylines are not
        Rule("punctuation", punctuation_score, 0.0, opts.punctuation_saturation),
        # what the page's author called the containers (p/article vs nav/footer/comments):
        # the range of SEMANTIC_HINTS' scores; weighted 3 by default (VoteOptions.weights)
        Rule("semantics", semantics_score, -2.0, 2.0),
        # content comes in runs: long link-free neighbours
        Rule("neighbours", neighbours_score, 0.0, opts.neighbour_saturation),
    )


RULES: tuple[Rule, ...] = rules(VoteOptions())  # the table at the default settings


def normalise(rule: Rule, raw: float) -> float:
    """Map ``raw`` through the rule's declared range onto [0, 1]."""
    if rule.high == rule.low:
        return 0.0
    value = (raw - rule.low) / (rule.high - rule.low)
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else value
