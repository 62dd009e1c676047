"""Stage 3 of ``auto``: block filtering inside the chosen region.

Takes the segmentation and the region; gives the kept blocks in document order: link
lists, boilerplate boxes inside the region, furniture lines and repeated copies are
dropped (each decision recorded when explaining).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from functools import partial
from itertools import compress
from typing import Any, NamedTuple

from ...html.tags import SENTENCE_END
from ...html import walk as _walk
from ...html.lines import (CAPTION_MAX_CHARS, FURNITURE_MAX_CHARS, FURNITURE_PREFILTER, POST_LINE_MAX_CHARS,
                           is_credit_line, is_furniture_line, is_post_line)
from ...html.markers import MARK_BR
from ...html.segment import Block, Container, Segmentation
from ...options import AutoOptions
from .common import Region, _explain, _weight, bring_back, plain_number
from .heuristics import _SENTENCE_BREAK, AutoHeuristics
from .lists import _keep_cited_sources, _keep_contents, _keep_introduced_lists, _keep_led_items, _keep_list_mates

try:  # the selection loops in C (maintext/methods/auto/_select.pxi, in _score), else the Python ones
    _c_select = importlib.import_module(f"{__package__}._score")
    _c_select_region, _c_repeat_runs = _c_select.select_region, _c_select.repeat_runs
    _c_boiler_inside = _c_select.boiler_inside  # (the twin of _boiler_inside)
except (ImportError, AttributeError):
    _c_select_region = _c_repeat_runs = _c_boiler_inside = None


def select_blocks(h: AutoHeuristics, seg: Segmentation, region: Region, opts: AutoOptions,
                  explain: list[dict[str, Any]] | None, figures: bool = False) -> list[Block]:
    """The blocks of ``region`` that are article text, in order (with ``figures``, the
    figures inside it too: images were asked for, they come with their captions)."""
    inside = bytearray(len(seg.blocks))
    for start, end in region.ranges:
        inside[start:end] = b"\x01" * (end - start)
    top = region.top
    limits, plain = _limits_of(h, opts)
    if explain is None and plain and _c_select_region is not None and _walk.ENABLED:
        kept, linked, cells = _c_select_region(
            seg.blocks, inside, Block, limits, figures, FIGURE_REASONS, h.section_header_after,
            _region_tests(h, seg, top), seg.containers, Container, seg._chars, seg._links, FURNITURE_PREFILTER)
    else:
        kept, linked, cells = _select_loop(h, seg, top, inside, opts, explain, figures)
    if cells and kept:
        kept = _keep_row_mates(h, seg, kept, cells, explain)
    if not (linked and kept):
        return kept
    kept = _keep_led_items(h, seg, _keep_list_mates(h, seg, kept, linked, explain), linked, explain)
    kept = _keep_cited_sources(seg, kept, linked, explain)
    return _keep_contents(seg, _keep_introduced_lists(h, seg, kept, linked, explain), linked, explain)


def _select_loop(h: AutoHeuristics, seg: Segmentation, top: Container | None, inside: bytearray,
                 opts: AutoOptions, explain: list[dict[str, Any]] | None, figures: bool
                 ) -> tuple[list[Block], list[tuple[Block, int]], list[tuple[Block, int]]]:
    """(kept, linked, cells): the blocks of the region kept by the drop rule, those dropped as
    link text and the table cells dropped as furniture lines, each with its explain entry
    (-1 without explain). The reference of the native twin ``_score.select_region``."""
    drop_reason = _drop_rule(h, seg, top, opts)
    kept: list[Block] = []
    seen_h1 = False  # the region's first <h1> is the headline, a later one a section heading
    linked: list[tuple[Block, int]] = []  # (block dropped for its links, its explain entry)
    words = 0.0  # words kept so far
    cells: list[tuple[Block, int]] = []  # (table cell dropped as a furniture line, its explain entry)
    # (without explain, only the blocks inside the region are visited: b.index is i)
    for b in seg.blocks if explain is not None else compress(seg.blocks, inside):
        if explain is not None and not inside[b.index]:
            explain.append(_explain(b, "drop", "outside main container"))
            continue
        reason = drop_reason(b)
        if figures and reason in FIGURE_REASONS:
            reason = None
        if reason and words >= h.section_header_after and _section_heading(h, seg, b, top):
            reason = None
        if reason == HEADLINE_REASON:
            reason, seen_h1 = (None if seen_h1 else reason), True
        if reason:
            if explain is not None:
                explain.append(_explain(b, "drop", reason))
            if reason.startswith(LINK_REASONS):
                linked.append((b, len(explain) - 1 if explain is not None else -1))
            elif reason == FURNITURE_REASON and b.in_table:
                cells.append((b, len(explain) - 1 if explain is not None else -1))
            continue
        kept.append(b)
        words += b.weight
        if explain is not None:
            explain.append(_explain(b, "keep", "in main container"))
    return kept, linked, cells


def _plain_limits(limits: "DropLimits", section_after: Any) -> bool:
    """The thresholds are plain numbers the compiled selection reads as doubles and ints
    (small ints: the same comparisons); it runs only then (and built and enabled)."""
    return (plain_number(section_after) and all(plain_number(x) for x in limits[3:11])
            and all(type(x) is int for x in limits[11:14]) and plain_number(limits[14]) and type(limits[15]) is int)


# (heuristics, option flags) last read by _limits_of, their DropLimits and _plain_limits' answer
# (one tuple, swapped whole: a page on another thread never reads half of it)
_LIMITS: tuple[Any, ...] = (None, None, None, False)


def _limits_of(h: AutoHeuristics, opts: AutoOptions) -> "tuple[DropLimits, bool]":
    """(drop_limits(h, opts), _plain_limits of them): read once per heuristics object and
    option flags, not per page (the heuristics are frozen; the flags are all drop_limits
    reads of the options)."""
    flags = (opts.favor_precision, opts.favor_recall, opts.include_comments, opts.include_headline,
             opts.include_tables)
    global _LIMITS
    cached = _LIMITS
    if cached[0] is not h or cached[1] != flags:
        limits = drop_limits(h, opts)
        cached = _LIMITS = (h, flags, limits, _plain_limits(limits, h.section_header_after))
    return cached[2], cached[3]


def _region_tests(h: AutoHeuristics, seg: Segmentation, top: Container | None) -> tuple[Callable[..., Any], ...]:
    """The Python tests the native selection asks of a few blocks (see ``_score.select_region``)."""
    # (partials, not lambdas: called from C, a partial adds no Python frame of its own;
    # _boiler_inside's twin in C when built: no Python frame at all)
    boiler_inside = (partial(_c_boiler_inside, seg.boiler_memo, seg.containers, Container, seg.exempt, seg.weighed,
                             seg._chars, top)
                     if _c_boiler_inside is not None else partial(_boiler_inside, seg, top=top))
    return (boiler_inside, partial(_linked_prose, h), is_furniture_line,
            _all_furniture_lines, is_post_line, is_credit_line, partial(_section_heading, h, seg, top=top))


HEADLINE_REASON = "headline (page.headline)"
FURNITURE_REASON = "furniture line"
FIGURE_REASONS = ("inside <figure>", "inside <figcaption>")  # kept when images are asked for
# Drop reasons of link text; a list item dropped for one of them comes back when most of
# its list is kept (an article's list with a linked item: "See the release notes").
LINK_REASONS = ("link text", "list of links")


def _section_heading(h: AutoHeuristics, seg: Segmentation, b: Block, top: Container | None) -> bool:
    """``b`` is the heading of a later section of the article, in the section's own header
    (``<section><header><h2>``): a heading (not an <h1>) whose boilerplate boxes inside
    the main container are all headers (no teaser box around a promoted story's header)."""
    if not b.heading or b.tag == "h1":
        return False
    boilers = list(_boilers_inside(seg, b, top))
    return bool(boilers) and all(x in h.heading_boiler_ok for x in boilers)


def _innermost_row(seg: Segmentation, b: Block) -> int | None:
    for cid in reversed(b.chain):
        tag = seg.containers[cid].tag
        if tag == "tr":
            return cid
        if tag == "table":
            return None
    return None


def _keep_row_mates(h: AutoHeuristics, seg: Segmentation, kept: list[Block],
                    cells: list[tuple[Block, int]], explain: list[dict[str, Any]] | None) -> list[Block]:
    """``kept`` plus the table cells dropped as furniture lines ("Comment", "Date" in a header
    row) whose row holds at least row_mates_min other blocks, all kept and short: a row of a
    data table is kept whole (a layout row around the article has a long cell)."""
    kept_ids = {b.index for b in kept}
    back = []
    for b, at in cells:
        cid = _innermost_row(seg, b)
        if cid is None:
            continue
        c = seg.containers[cid]
        mates = [x for x in seg.blocks[c.start:c.end] if x is not b]
        if len(mates) >= h.row_mates_min and all(x.index in kept_ids and x.weight < h.long_block_weight
                                                  for x in mates):
            back.append((b, at))
    return bring_back(kept, back, explain, "cell of a kept table row")


def _drop_repeats(h: AutoHeuristics, kept: list[Block], explain: list[dict[str, Any]] | None) -> list[Block]:
    """Runs of at least repeat_run paragraphs (of repeat_min_weight words or more) that all
    repeat earlier kept ones, holding repeat_share of the kept words: the page holds the
    article twice (a print copy, a second template), the copy is dropped. A repeated pull
    quote or the repeated items of a plan stay."""
    drop = (_c_repeat_runs(kept, h.repeat_min_weight, h.repeat_run)
            if _c_repeat_runs is not None and _walk.ENABLED and plain_number(h.repeat_min_weight)
            and type(h.repeat_run) is int else _repeat_runs(h, kept))
    if not drop or sum(kept[i].weight for i in drop) < h.repeat_share * _weight(kept):
        return kept  # repeated items of a list or plan, not a second copy
    if explain is not None:
        for i in sorted(drop):
            explain.append(_explain(kept[i], "drop", "repeats an earlier run of paragraphs"))
    return [b for i, b in enumerate(kept) if i not in drop]


def _repeat_runs(h: AutoHeuristics, kept: list[Block]) -> set[int]:
    """Positions in ``kept`` of the runs of at least repeat_run paragraphs (of
    repeat_min_weight words or more) that all repeat earlier ones. The reference of the
    native twin ``_score.repeat_runs``."""
    seen: set[str] = set()
    long_ids = []  # positions in kept of the long paragraphs, and whether each is a repeat
    for i, b in enumerate(kept):
        if b.weight >= h.repeat_min_weight:
            long_ids.append((i, b.text in seen))
            seen.add(b.text)
    drop: set[int] = set()
    run: list[int] = []
    for i, repeat in long_ids + [(-1, False)]:
        if repeat:
            run.append(i)
            continue
        if len(run) >= h.repeat_run:
            drop.update(run)
        run = []
    return drop


def _boiler_inside(seg: Segmentation, b: Block, top: Container | None) -> str | None:
    """The reason of the innermost boilerplate container around ``b`` that lies inside the
    main container ``top``. Boilerplate classes on ``top`` or its ancestors are ignored, and
    so is a non-comment box holding most of ``top``'s text (``paywall`` around the rest
    of the article)."""
    if b.owner is None:  # in no boilerplate box (most blocks)
        return None
    memo = seg.boiler_memo
    top_id = -1 if top is None else top.id
    seen: list[int] = []  # owners passed over: their answer is the one found further up
    found: str | None = None
    containers, exempt = seg.containers, seg.exempt
    owner: int | None = b.owner
    # (seg.owners(b) and c.contains(top), inlined: this runs for every block in a box)
    while owner is not None:
        key = (owner, top_id)
        if key in memo:
            found = memo[key]
            break
        seen.append(owner)
        c = containers[owner]
        if owner in exempt:
            owner = c.owner
            continue
        if top is None:
            found = c.boiler
            break
        if c.id <= top_id < c.id_end:
            break
        if (c.boiler != "comments" and owner not in seg.weighed
                and seg.chars(c.start, c.end) > 0.5 * seg.chars(top.start, top.end)):
            owner = c.owner
            continue  # (a box read only to weigh its text, and found wanting, stays out)
        found = c.boiler
        break
    for owner in seen:  # nested boxes share their chain: each owner is answered once
        memo[(owner, top_id)] = found
    return found


def _boilers_inside(seg: Segmentation, b: Block, top: Container | None) -> Iterator[str | None]:
    """The reasons of all the boilerplate containers around ``b`` inside ``top``, innermost
    first, passed over as :func:`_boiler_inside` does (asked only for the few headings in a
    header box, so not memoised)."""
    for owner in seg.owners(b):
        if owner in seg.exempt:
            continue
        c = seg.containers[owner]
        if top is None:
            yield c.boiler
            return
        if c.contains(top):
            return
        if c.boiler != "comments" and seg.chars(c.start, c.end) > 0.5 * seg.chars(top.start, top.end):
            continue
        yield c.boiler


def _in_link_list(h: AutoHeuristics, seg: Segmentation, b: Block) -> bool:
    """``b`` is an item of a list (ul/ol) that is mostly links ("More stories" lists)."""
    for cid in reversed(b.chain[-h.boiler_inside_levels:]):
        c = seg.containers[cid]
        if c.tag in ("ul", "ol"):
            return seg.link_density(c.start, c.end) > h.list_link_density_max
    return False


class DropLimits(NamedTuple):
    """What the drop rule reads of the heuristics and options, read once a page: the one
    table of both twins (``_drop_rule`` and the compiled ``_score.select_region``)."""

    keep_comments: bool
    keep_headline: bool
    keep_tables: bool
    headline_max: float  # (numbers: ints and floats, compared as Python compares them)
    long_weight: float
    line_max: float  # furniture_line_max_weight
    lines_max: float  # furniture_lines_weight
    credit_min: float
    short_limit: float  # link density of a short block, of a long one
    long_limit: float
    caption_max: int  # lines.CAPTION_MAX_CHARS
    mark_br: int  # markers.MARK_BR
    post_max: int  # lines.POST_LINE_MAX_CHARS
    list_levels: int  # boiler_inside_levels
    list_density_max: float
    furniture_max: int  # lines.FURNITURE_MAX_CHARS


def drop_limits(h: AutoHeuristics, opts: AutoOptions) -> DropLimits:
    short_limit, long_limit = h.link_density_max, h.long_link_density_max  # link density, short/long blocks
    if opts.favor_precision:
        short_limit *= h.precision_link_factor
        long_limit *= h.precision_link_factor
    elif opts.favor_recall:
        short_limit = min(0.9, short_limit * h.recall_link_factor)
        long_limit = min(0.9, long_limit * h.recall_link_factor)
    return DropLimits(bool(opts.include_comments), bool(opts.include_headline), bool(opts.include_tables),
                      h.headline_max_chars, h.long_block_weight, h.furniture_line_max_weight,
                      h.furniture_lines_weight, h.credit_line_min_chars, short_limit, long_limit,
                      CAPTION_MAX_CHARS, MARK_BR, POST_LINE_MAX_CHARS, h.boiler_inside_levels,
                      h.list_link_density_max, FURNITURE_MAX_CHARS)


def _drop_rule(h: AutoHeuristics, seg: Segmentation, top: Container | None,
               opts: AutoOptions) -> Callable[[Block], str | None]:
    """The reason to drop a block of the region (None: keep it), as a function of the block:
    the heuristics and options are read once, select_blocks asks it of every block."""
    (keep_comments, keep_headline, keep_tables, headline_max, long_weight, line_max, lines_max, credit_min,
     short_limit, long_limit, *_) = drop_limits(h, opts)

    def drop_reason(b: Block) -> str | None:
        boiler = _boiler_inside(seg, b, top) if b.owner is not None else None
        if boiler and not (keep_comments and boiler == "comments"):
            return f"inside {boiler}"
        weight = b.weight
        if b.tag == "h1" and not keep_headline and len(b.text) < headline_max:
            return HEADLINE_REASON
        density = b.link_density
        if density > (short_limit if weight < long_weight else long_limit) and not b.heading \
                and not _linked_prose(h, b):
            return f"link text {density:.0%}"
        if b.link_chars and weight < long_weight and _in_link_list(h, seg, b):
            return "list of links"
        if weight < line_max and is_furniture_line(b.text, dates=not b.in_table):
            return FURNITURE_REASON
        # (several lines need a <br>: a block without one is a single line, checked above)
        if weight < lines_max and b.marked & MARK_BR and _all_furniture_lines(b):
            return "furniture lines"
        if weight < long_weight and is_post_line(b.text):
            return "post footer line"
        # (shorter lines were checked as furniture lines above)
        if (weight >= line_max or b.chars > credit_min) and b.chars <= CAPTION_MAX_CHARS and is_credit_line(b.text):
            return "image caption or credit"
        if b.in_table and not keep_tables:
            return "table"
        return None

    return drop_reason


def _linked_prose(h: AutoHeuristics, b: Block) -> bool:
    """A paragraph of several full sentences set in one link (a note pointing to details, a
    teaser of a listing page): prose, not a list of links. One line (a <br> list of linked
    titles is a link list), almost all of it link text, ending with a sentence end."""
    if b.weight < h.long_block_weight or b.link_density < h.linked_prose_min_density or b.text[-1:] not in SENTENCE_END:
        return False
    sentences = len(_SENTENCE_BREAK.findall(b.text))
    return (sentences >= h.linked_prose_sentences and b.weight / sentences >= h.linked_prose_sentence_weight
            and len(b.lines()) == 1)


def _all_furniture_lines(b: Block) -> bool:
    """A block of several ``<br>`` lines that are all furniture ("Updated: 2:52 pm",
    "March 12, 2009", "Posted: 2:51 pm")."""
    lines = b.lines()
    return len(lines) > 1 and all(is_furniture_line(line, dates=not b.in_table) for line in lines)
