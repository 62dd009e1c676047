"""Stage 4 of ``auto``: the edges of the kept text.

Takes the kept blocks; gives them with the lead (standfirst) before them added and the
trailing furniture, calls to action, "Related" and comment sections cut off the end.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from ...html.tags import SENTENCE_END
from ...html.tags import HEADING_TAGS
from ...html import walk as _walk
from ...html.lines import (
    COMMENTS_ASCII_FIRST, COMMENTS_OPENING, COMMENTS_HEADING_MAX_CHARS, FURNITURE_MAX_CHARS, RELATED_ASCII_FIRST,
    RELATED_OPENING, RELATED_HEADING_MAX_CHARS, is_comments_heading, is_credit_line, is_furniture_line, is_related_heading, is_signoff_line)
from ...html.promo import is_disclosure_line, is_promo_line
from ...html.segment import Block, Container, Segmentation
from .common import _explain, _weight_below, plain_heuristics
from .lists import BARE_URL, INTRO_ENDS, _innermost_list
from .heuristics import AutoHeuristics

try:  # the scans for related and comments headings in C (_select.pxi, in _score), else the Python ones
    _c_edges = importlib.import_module(f"{__package__}._score")
    _c_next_related, _c_next_comments = _c_edges.next_related, _c_edges.next_comments
    _c_skipped_starts, _c_headline_before = _c_edges.skipped_starts, _c_edges.headline_before
    _c_promo_pitch = _c_edges.promo_pitch
except (ImportError, AttributeError):
    _c_next_related = _c_next_comments = _c_skipped_starts = _c_headline_before = _c_promo_pitch = None


def _lead_blocks(h: AutoHeuristics, seg: Segmentation, first: int, top: Container | None,
                 explain: list[dict[str, Any]] | None, headline: int | None = None) -> list[Block]:
    """The article's lead (standfirst) between the headline and the first kept block,
    often in the article's ``<header>``: prose blocks after the nearest ``<h1>`` (or the
    ``headline``, the heading the <title> repeats) before the first kept block when it lies
    at most headline_reach blocks before it (a subheading right after the headline is the
    lead even without a full stop)."""
    stop = max(-1, first - 1 - h.headline_reach)
    h1 = (_c_headline_before(seg.blocks, first, stop, headline)
          if _c_headline_before is not None and _walk.ENABLED and type(stop) is int
          else _headline_before(seg.blocks, first, stop, headline))
    if h1 is not None:
        lead = [b for b in seg.blocks[h1 + 1:first]
                if _is_lead(h, b) or _is_summary_item(h, b)
                or (b.index == h1 + 1 and b.heading and _is_lead(h, b, sentence=False))]
    else:  # no headline nearby: the paragraphs before the first kept block, over furniture
        lead = []
        box_start = _lead_box_start(h, seg, top)
        next_to = True  # no block between this one and the first kept block was passed over
        for i in range(first - 1, max(-1, first - 1 - h.lead_back), -1):
            b = seg.blocks[i]
            if _is_lead(h, b) and (i >= box_start or (next_to and b.weight >= h.long_block_weight)):
                lead.insert(0, b)
                continue
            next_to = False
            if i < box_start or (b.weight >= h.lead_skip_weight and b.link_density <= h.link_density_max
                                 and not is_furniture_line(b.text)):
                break  # a headline or other text: the lead is not further up
    if explain is not None:
        for b in lead:
            explain.append(_explain(b, "keep", "lead between headline and main container"))
    return lead


def _headline_before(blocks: list[Block], first: int, stop: int, headline: int | None) -> int | None:
    """The nearest of ``blocks`` before ``first`` (going back, down to ``stop`` excluded) that is
    an <h1> or the ``headline`` index; else None (the twin of ``_score.headline_before``)."""
    for i in range(first - 1, stop, -1):
        if blocks[i].tag == "h1" or i == headline:
            return i
    return None


def _lead_box_start(h: AutoHeuristics, seg: Segmentation, top: Container | None) -> int:
    """First block of the box a lead before the main container may sit in: the container
    lead_up_levels above it, or the nearest ``<article>``/``<main>`` around it."""
    if top is None:
        return 0
    start = top.start
    c = top
    for level in range(h.lead_semantic_levels):
        if c.parent is None:
            break
        c = seg.containers[c.parent]
        if level < h.lead_up_levels or c.semantic:
            start = c.start
        if c.semantic:
            break
    return start


def _is_lead(h: AutoHeuristics, b: Block, sentence: bool = True) -> bool:
    return (b.weight >= h.lead_min_weight and b.link_density < h.lead_link_density_max and b.tag != "li"
            and b.boiler in h.lead_boiler_ok and (not sentence or b.text[-1:] in SENTENCE_END)
            and _neither_furniture_nor_credit(b.text))


def _neither_furniture_nor_credit(text: str) -> bool:
    """``not is_furniture_line(text) and not is_credit_line(text)``: a line short enough for
    is_furniture_line to read was asked is_credit_line's question by it already (with dates
    or without, the same credit test), so only a longer one is asked again."""
    return not is_furniture_line(text) and (len(text) <= FURNITURE_MAX_CHARS or not is_credit_line(text))


_CLOCK = re.compile(r"\d:\d\d")  # a time of day: a dateline set as a list item, not a highlight


def _is_summary_item(h: AutoHeuristics, b: Block) -> bool:
    """An item of a summary list between the headline and the body ("Story highlights"):
    a link-free list item of a few words that is no furniture line."""
    return (b.tag == "li" and b.link_chars == 0 and b.weight >= h.lead_item_min_weight
            and b.text[-1:] not in SENTENCE_END and not _CLOCK.search(b.text) and b.boiler in h.lead_boiler_ok
            and _neither_furniture_nor_credit(b.text))


def _is_tail_furniture(h: AutoHeuristics, b: Block) -> bool:
    """A short line without sentence punctuation, a heading, or a link line: what trails an
    article ("Mehr zum Thema", "PDF", "Related stories", "Tags: ..."). A list item that is a
    bare address is a cited source, not furniture."""
    if b.tag == "li" and BARE_URL.fullmatch(b.text):
        return False
    if b.heading or (b.link_density > 0.3 and b.weight < 2 * h.trail_weight):
        return True
    return b.weight < h.trail_weight and b.text[-1:] not in SENTENCE_END


def trim_edges(h: AutoHeuristics, seg: Segmentation, kept: list[Block], top: Container | None,
               explain: list[dict[str, Any]] | None, *, cut_comments: bool = True) -> list[Block]:
    """Drop readers' comments and "Related stories" sections that follow running text,
    then the run of furniture lines after the last line of running text."""
    drop: dict[int, str] = _comments_section(h, seg, kept, top) if cut_comments else {}
    i, seen = _find_related(h, kept, 0, 0.0)
    while i >= 0:
        b = kept[i]
        start, end = _related_section(seg, b, top)
        if end >= len(seg.blocks):
            end = _widget_end(h, seg, kept, i, end)
        for j in range(i, len(kept)):
            if kept[j].index >= end:
                break
            drop[j] = "section under a 'related' heading"
        if end >= len(seg.blocks):
            break
        i, seen = _find_related(h, kept, i + 1, seen)
    end = len(kept)
    promo = 0
    promos: dict[int, bool] = {}  # position in kept -> is_promo_line (asked again by _promo_pitch)
    while end > 0:
        b = kept[end - 1]
        if end - 1 in drop or (_is_tail_furniture(h, b) and not (b.tag == "p" and is_signoff_line(b.text))):
            end -= 1
        elif promo < h.promo_tail and _is_promo(kept, end - 1, promos):
            promo += 1
            end -= 1
        else:
            break
    if end == 0:  # nothing but short lines: keep them all
        return kept
    teasers = _teaser_tail(h, kept, end)
    if teasers is not None:
        for j in range(teasers, end):
            drop.setdefault(j, "teaser list after the article")
        end = teasers
    pitch = (_c_promo_pitch(kept, end, h.pitch_reach, h.pitch_max_weight, h.trail_weight, h.pitch_article_share,
                            promos, is_promo_line)
             if _native_pitch(h) else _promo_pitch(h, kept, end, promos))
    if pitch is not None:
        for j in range(pitch, end):
            drop.setdefault(j, "call to action and its pitch after the article")
        end = pitch
    end = _list_tail(seg, kept, end, drop)
    for j in range(end, len(kept)):
        drop.setdefault(j, "trailing short line after the article")
    for j in range(min(h.promo_head, end - 1)):
        if not is_disclosure_line(kept[j].text):
            break
        drop.setdefault(j, "notice before the article")
    if not drop:
        return kept
    if explain is not None:
        for j in sorted(drop):
            explain.append(_explain(kept[j], "drop", drop[j]))
    return [b for j, b in enumerate(kept) if j not in drop]


_EDGE_NUMBERS = ("related_cut_after", "section_heading_max_weight")  # what the compiled scans take
_PITCH_NUMBERS = ("pitch_max_weight", "trail_weight", "pitch_article_share")  # ... and _promo_pitch's


def _native_edges(h: AutoHeuristics) -> bool:
    """Whether the compiled scans run: built and enabled, the thresholds plain numbers."""
    return _c_next_related is not None and _walk.ENABLED and plain_heuristics(h, _EDGE_NUMBERS)


def _native_pitch(h: AutoHeuristics) -> bool:
    """Whether the compiled _promo_pitch runs: built and enabled, its numbers plain."""
    return (_c_promo_pitch is not None and _walk.ENABLED
            and plain_heuristics(h, _PITCH_NUMBERS, ("pitch_reach",)))


def _find_related(h: AutoHeuristics, kept: list[Block], i: int, seen: float) -> tuple[int, float]:
    """_next_related, in C when it can."""
    if _native_edges(h):
        return _c_next_related(kept, i, seen, h.related_cut_after, h.section_heading_max_weight,
                               RELATED_HEADING_MAX_CHARS, is_related_heading, RELATED_ASCII_FIRST, RELATED_OPENING)
    return _next_related(h, kept, i, seen)


def _next_related(h: AutoHeuristics, kept: list[Block], i: int, seen: float) -> tuple[int, float]:
    """(position, words): the first of ``kept[i:]`` that is a "related" heading after at
    least related_cut_after words (``seen``, plus the words of the blocks passed), or -1.
    The reference of the native twin ``_score.next_related``."""
    cut_after, max_weight = h.related_cut_after, h.section_heading_max_weight
    for j in range(i, len(kept)):
        b = kept[j]
        if seen >= cut_after and b.weight < max_weight and is_related_heading(b.text):
            return j, seen
        seen += b.weight
    return -1, seen


def _teaser_tail(h: AutoHeuristics, kept: list[Block], end: int) -> int | None:
    """Start of a run of teasers ending at ``end``: at least teaser_min_items linked titles
    (short, mostly link text), each followed by at most one short summary and at least half
    of them by one (a list of links followed by one paragraph is a list in the article,
    the paragraph its next paragraph), not introduced by a colon, after at least
    related_cut_after words of article: the cards of other stories after the article."""
    j, items, summaries = end, 0, 0
    while j > 0:
        if _is_teaser_title(h, kept[j - 1]):
            j -= 1
        elif j > 1 and _is_teaser_summary(h, kept[j - 1]) and _is_teaser_title(h, kept[j - 2]):
            j -= 2
            summaries += 1
        else:
            break
        items += 1
    if items < h.teaser_min_items or summaries * 2 < items \
            or _weight_below(kept[:j], h.related_cut_after) < h.related_cut_after:
        return None
    if j > 0 and kept[j - 1].text.rstrip().endswith(INTRO_ENDS):
        return None  # the article introduces what follows ("More council news:"): its own list
    return j


def _is_teaser_title(h: AutoHeuristics, b: Block) -> bool:
    return b.weight < h.long_block_weight and b.link_chars * 2 > b.chars


def _is_teaser_summary(h: AutoHeuristics, b: Block) -> bool:
    return b.weight <= h.teaser_summary_max_weight and b.link_chars * 2 <= b.chars and not b.heading


def _list_tail(seg: Segmentation, kept: list[Block], end: int, drop: dict[int, str]) -> int:
    """``end`` moved past the items of a list whose earlier items are kept: the trim of short
    trailing lines stopped inside a list, which is kept whole ("Learn more about X" as the
    last item of a list of tools whose other items end the same way)."""
    if end == 0 or end >= len(kept):
        return end
    cid = _innermost_list(seg, kept[end - 1])
    while cid is not None and end < len(kept) and end not in drop and _innermost_list(seg, kept[end]) == cid:
        end += 1
    return end


def _is_promo(kept: list[Block], j: int, promos: dict[int, bool]) -> bool:
    """``is_promo_line`` of ``kept[j]``, remembered in ``promos``."""
    hit = promos.get(j)
    if hit is None:
        hit = promos[j] = is_promo_line(kept[j].text)
    return hit


def _promo_pitch(h: AutoHeuristics, kept: list[Block], end: int, promos: dict[int, bool]) -> int | None:
    """Start of a call to action among the last pitch_reach short paragraphs before ``end``
    ("To view the full story, please subscribe" and the pitch that follows it): the position
    of the call, when the article before it is at least pitch_article_share times longer.
    (``promos``: the answers of ``is_promo_line`` known so far, by position.)"""
    tail = 0.0
    for j in range(end - 1, max(-1, end - 1 - h.pitch_reach), -1):
        b = kept[j]
        if b.weight >= h.pitch_max_weight:
            return None
        tail += b.weight
        if not (b.heading and b.weight < h.trail_weight) and _is_promo(kept, j, promos):  # not a heading's name
            article = h.pitch_article_share * tail
            return j if _weight_below(kept[:j], article) >= article else None
    return None


def _comments_section(h: AutoHeuristics, seg: Segmentation, kept: list[Block], top: Container | None) -> dict[int, str]:
    """Positions in ``kept`` of the readers' comments: the blocks after a "Comments" /
    "Leave a reply" / "12 responses to ..." heading that follows the article text (the
    heading itself is often dropped as a furniture line, so all blocks between the first
    and the last kept one are looked at)."""
    drop: dict[int, str] = {}
    if not kept:
        return drop
    # a heading marked as the comments' (<h2 id="comments">) is not read: where it stood
    # is known from its container
    containers = seg.containers
    marks = (_c_skipped_starts(seg.skipped, containers, Container, "comments", HEADING_TAGS)
             if _c_skipped_starts is not None and _walk.ENABLED
             else _skipped_starts(seg.skipped, containers, "comments", HEADING_TAGS))
    seen = 0.0
    j = 0  # position in kept of the first block at or after the current one
    i, hi = kept[0].index, kept[-1].index + 1
    while True:
        i = _find_comments_heading(h, seg.blocks, i, hi, marks)
        if i < 0:
            break
        b = seg.blocks[i]
        while j < len(kept) and kept[j].index < b.index:
            seen += kept[j].weight
            j += 1
        if seen < h.related_cut_after:
            i += 1
            continue
        if b.index in marks:
            start, end = b.index, len(seg.blocks)
        else:
            start, end = _related_section(seg, b, top)
        for k in range(j, len(kept)):
            if kept[k].index >= end:
                break
            drop[k] = "readers' comments"
        break
    return drop


def _skipped_starts(skipped: list[tuple[int, int]], containers: list[Container], reason: str,
                    tags: Any) -> set[int]:
    """The first block of each container the walk did not read (``Segmentation.skipped``)
    whose boilerplate reason is ``reason`` and whose tag is in ``tags`` (the twin of
    ``_score.skipped_starts``: where a heading marked as the comments' stood)."""
    return {containers[cid].start for cid, _ in skipped
            if containers[cid].boiler == reason and containers[cid].tag in tags}


def _find_comments_heading(h: AutoHeuristics, blocks: list[Block], lo: int, hi: int, marks: set[int]) -> int:
    """_next_comments_heading, in C when it can."""
    if _native_edges(h):
        return _c_next_comments(blocks, lo, hi, marks, h.section_heading_max_weight, h.comment_heading_tags,
                                COMMENTS_HEADING_MAX_CHARS, is_comments_heading, COMMENTS_ASCII_FIRST,
                                COMMENTS_OPENING)
    return _next_comments_heading(h, blocks, lo, hi, marks)


def _next_comments_heading(h: AutoHeuristics, blocks: list[Block], lo: int, hi: int, marks: set[int]) -> int:
    """Position of the first of ``blocks[lo:hi]`` that is marked as the comments' heading
    (its index in ``marks``) or reads as one, or -1. (A pure test: asked before the words
    above it are counted, the same answer.) The reference of ``_score.next_comments``."""
    max_weight, tags = h.section_heading_max_weight, h.comment_heading_tags
    for i in range(max(lo, 0), min(hi, len(blocks))):
        b = blocks[i]
        if b.index in marks or (b.weight < max_weight and (b.heading or b.tag in tags)
                                and is_comments_heading(b.text)):
            return i
    return -1


def _is_body_prose(h: AutoHeuristics, b: Block) -> bool:
    return b.weight >= h.related_prose_weight and b.link_density < h.lead_link_density_max


def _widget_end(h: AutoHeuristics, seg: Segmentation, kept: list[Block], i: int, end: int) -> int:
    """End (block index) of the section under the box-less related heading ``kept[i]``: the
    rest of the page, unless its items (short linked lines, or none left: a widget whose
    list box was not read) are followed by body prose of at least ``related_resume_words``
    words with no linked teaser after it (the article goes on after an in-article widget)."""
    j = i + 1
    while j < len(kept) and not _is_body_prose(h, kept[j]):
        j += 1
    if j >= len(kept):
        return end  # nothing after the widget
    if sum(b.weight for b in kept[j:] if _is_body_prose(h, b)) < h.related_resume_words:
        return end
    later = seg.blocks[kept[j].index:kept[-1].index + 1]
    if any(b.link_density > 0.5 and b.weight <= h.related_prose_weight * 2 for b in later):
        return end  # more linked items later on: teasers with their excerpts, not the article
    return kept[j].index


def _related_section(seg: Segmentation, heading: Block, top: Container | None) -> tuple[int, int]:
    """Block range of the box a "related" heading opens: the outermost container below
    the main one that starts with the heading; without one, the rest of the page."""
    found = None
    for cid in reversed(heading.chain):
        c = seg.containers[cid]
        if c.start != heading.index or (top is not None and c.contains(top)):
            break
        found = c
    if found is not None and found.end > heading.index + 1:
        return found.start, found.end
    return heading.index, len(seg.blocks)
