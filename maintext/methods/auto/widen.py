"""Stage 2 of ``auto``: widening the winning container.

Takes the segmentation and the winning container; gives the container widened out of a
list, to the common ancestor of peers scoring nearly as well, to an ancestor adding much
link-free running text, and the block ranges of sibling containers holding good prose.
"""

from __future__ import annotations

import importlib
from bisect import bisect_left
from functools import partial

from ...html import walk as _walk
from ...html.tags import SENTENCE_END
from ...html.segment import Container, Segmentation
from ...options import AutoOptions
from .common import _weight_below, c_scoring_at_least, plain_heuristics, scoring_at_least
from .heuristics import AutoHeuristics

try:  # _sibling_verdict, _story and Segmentation.children in C (maintext/methods/auto/_select.pxi)
    _c_widen = importlib.import_module(f"{__package__}._score")
    _c_sibling_verdict, _c_story_of, _c_child_ids = _c_widen.sibling_verdict, _c_widen.story_of, _c_widen.child_ids
    _c_widen_up, _c_into_article = _c_widen.widen_up, _c_widen.into_article
    _c_holds_other_story = _c_widen.holds_other_story
except (ImportError, AttributeError):
    _c_sibling_verdict = _c_story_of = _c_child_ids = _c_widen_up = _c_into_article = _c_holds_other_story = None


def _join_peers(h: AutoHeuristics, seg: Segmentation, ranked: list[tuple[float, int]], top: Container,
                story: Container | None) -> Container:
    """The common ancestor of ``top`` and the separate containers scoring nearly as well
    (an article cut by a page builder into one box per section), when that ancestor has
    little link text; else ``top``. (``story``: ``_story(seg, top)``.)"""
    floor = h.peer_share * (top.score or 0.0)
    at_least = c_scoring_at_least if c_scoring_at_least is not None and _walk.ENABLED else scoring_at_least
    containers = seg.containers
    top_id, top_end = top.id, top.id_end  # (neither holds the other: Container.contains inlined;
    # the first test leaves out top itself)
    peers = [p for p in map(containers.__getitem__, at_least(ranked, floor))
             if not top_id <= p.id < top_end and not p.id <= top_id < p.id_end
             and seg.prose(p.start, p.end) >= h.peer_min_prose and not _other_story(seg, story, p)]
    if not peers:
        return top
    common = top
    for peer in peers:
        while not common.contains(peer):
            if common.parent is None:
                return top
            common = seg.containers[common.parent]
    if seg.link_density(common.start, common.end) > h.up_link_density_max:
        return top
    return common


def _story(seg: Segmentation, c: Container) -> Container | None:
    """The ``<article>`` around ``c`` (or ``c``) when it holds its own ``<h1>``: one story.
    (In C, ``_score.story_of``, when built and enabled.)"""
    if _c_story_of is not None and _walk.ENABLED:
        return _c_story_of(seg.containers, c, seg.blocks_of("h1"))
    k: Container | None = c
    while k is not None:
        if k.tag == "article":
            return k if _has_h1(seg, k) else None
        k = seg.containers[k.parent] if k.parent is not None else None
    return None


def _has_h1(seg: Segmentation, c: Container) -> bool:
    return seg.has_block_of("h1", c.start, c.end)


def _other_story(seg: Segmentation, story: Container | None, c: Container) -> bool:
    """``c`` is or lies in another story than ``story`` (another <article> with its <h1>)."""
    if story is None or story.contains(c) or c.contains(story):
        return False
    other = _story(seg, c)
    return other is not None and other is not story


def _holds_other_story(seg: Segmentation, story: Container, c: Container) -> bool:
    """``c`` holds an <article> with its own <h1> beside ``story`` (the next full articles of
    an infinite-scroll page). (Found from the few <h1> blocks in ``c``: each is walked up to
    ``c``, and an <article> on the way holds it; no list of the page's articles is made.)"""
    h1s = seg.blocks_of("h1")
    blocks, containers = seg.blocks, seg.containers
    # (Container.contains inlined: ids of a container's descendants are in [id + 1, id_end))
    c_id, c_end, story_id, story_end = c.id, c.id_end, story.id, story.id_end
    for i in h1s[bisect_left(h1s, c.start):bisect_left(h1s, c.end)]:
        chain = blocks[i].chain
        k = containers[chain[-1]] if chain else c
        while k is not c and c_id <= k.id < c_end:  # (the boxes below c around the block)
            if k.tag == "article" and not k.id <= story_id < k.id_end and not story_id <= k.id < story_end:
                return True
            k = containers[k.parent]
    return False


def _out_of_list(h: AutoHeuristics, seg: Segmentation, top: Container) -> Container:
    """A list is a part of an article, not all of it: a winning list (or list item) gives
    way to the box around it when that box is not a link list."""
    c = top
    while c.tag in h.list_tags and c.parent is not None:
        parent = seg.containers[c.parent]
        if seg.link_density(parent.start, parent.end) > h.link_density_max:
            break
        c = parent
    return c


# the numbers the compiled walk up reads as doubles
_UP_NUMBERS = ("up_extra_share", "up_link_density_max", "long_block_weight", "article_extra_share")


def _widen_up(h: AutoHeuristics, seg: Segmentation, top: Container, opts: AutoOptions,
              story: Container | None) -> Container:
    """An ancestor of ``top`` when it adds much running text at a low link density: the
    winner was one post of a thread, one section of a long page (all running text of
    the page is the content). (``story``: ``_story(seg, top)``.)"""
    share = h.up_extra_share / 2 if opts.favor_recall else h.up_extra_share
    if (_c_widen_up is not None and _walk.ENABLED  # (the walk in C: the same sums and tests)
            and plain_heuristics(h, _UP_NUMBERS, ("up_levels",))):
        best = _c_widen_up(seg.containers, top, h.up_levels, seg._prose, seg._chars, seg._links, share,
                           h.up_link_density_max, story,
                           partial(_c_holds_other_story, seg.blocks, seg.containers, seg.blocks_of("h1"), story)
                           if story is not None else None)
        return _c_into_article(seg.blocks, seg.containers, best, h.up_levels, h.long_block_weight,
                               h.article_extra_share)
    best = top
    base = seg.prose(top.start, top.end)
    c = top
    for _ in range(h.up_levels):
        if c.parent is None:
            break
        c = seg.containers[c.parent]
        if story is not None and c.contains(story) and _holds_other_story(seg, story, c):
            break  # the next stories of an infinite-scroll page, each an <article> with its <h1>
        extra = seg.prose(c.start, c.end) - base
        share = h.up_extra_share / 2 if opts.favor_recall else h.up_extra_share
        if extra >= share * base and seg.link_density(c.start, c.end) <= h.up_link_density_max:
            best = c
    return _into_article(h, seg, best)


def _into_article(h: AutoHeuristics, seg: Segmentation, top: Container) -> Container:
    """The ``<article>`` element around ``top`` (at most up_levels up) when all it adds comes
    before ``top`` and is link-free text outside boilerplate boxes, less of it than ``top``
    holds, with a long block among it: the article's own lead image caption or standfirst
    beside its body box. Not a lone byline or notice line (the sets' gold leaves those out),
    nor what follows the body inside <article> (an "about the company" box, a note)."""
    c = top
    for _ in range(h.up_levels):
        if c.tag == "article" or c.parent is None:
            break
        c = seg.containers[c.parent]
    if c is top or c.tag != "article":
        return top
    extra = seg.blocks[c.start:top.start]
    if top.end < c.end or not extra or any(b.link_chars or b.boiler is not None for b in extra) \
            or max(b.weight for b in extra) < h.long_block_weight:
        return top
    if sum(b.weight for b in extra) > h.article_extra_share * sum(b.weight for b in seg.blocks[top.start:top.end]):
        return top
    return c


def _widen(h: AutoHeuristics, seg: Segmentation, top: Container, story: Container | None) -> list[tuple[int, int]]:
    """Block ranges of ``top`` and of the neighbouring sibling containers that hold good
    prose (an article body split into several boxes), in document order. The walk goes
    outwards from ``top`` over spacers (boxes with almost no text: images, ad slots) and
    stops at the first substantial box that does not qualify. (``story``: ``_story(seg, top)``.)"""
    ranges = [(top.start, top.end)]
    threshold = max(10.0, (top.score or 0.0) * h.sibling_share)
    alone = _outermost_alone(seg, top)
    # (Segmentation.children, in C when built and enabled)
    children = partial(_c_child_ids, seg.containers) if _c_child_ids is not None and _walk.ENABLED else seg.children
    # (the wrapper's siblings, listed once: the walk before the winner and _section_mates read them)
    around = children(alone.parent) if alone.parent is not None else []
    for step in (-1, 1):
        # Before the winner, the article's opening parts may sit beside a plain wrapper
        # of the winner; after it, only the winner's own siblings are considered (what
        # follows a wrapper is usually the page's furniture).
        box = alone if step < 0 else top
        if box.parent is None:
            continue
        siblings = around if box is alone else children(box.parent)
        pos = siblings.index(box.id)
        i = pos + step
        while 0 <= i < len(siblings):
            sib = seg.containers[siblings[i]]
            if _other_story(seg, story, sib):
                break  # the next (or previous) story of an infinite-scroll page
            verdict = _sibling_verdict(h, seg, sib, threshold)
            if verdict == "join":
                ranges.append((sib.start, sib.end))
            elif verdict == "stop" and step < 0 and _title_box(h, seg, sib) \
                    and _prose_joins(h, seg, siblings, i + step, step, threshold):
                ranges.append((sib.start, sib.end))
            elif verdict == "stop" and not _inline_teaser(h, seg, sib, siblings, i + step, threshold):
                break
            i += step
    ranges += _section_mates(h, seg, top, alone, around, threshold)
    ranges.sort()
    return ranges


def _section_mates(h: AutoHeuristics, seg: Segmentation, top: Container, box: Container, siblings: list[int],
                   threshold: float) -> list[tuple[int, int]]:
    """After the winner's plain wrapper ``box`` (``_outermost_alone(seg, top)``, among
    ``siblings``): the following sibling boxes of the wrapper's own kind
    (same tag and class) set off from the part before by a break (an ``<hr>`` or an image
    box): the next sections of one article cut into repeated section boxes. They must hold
    good prose; any other box ends the walk, so what merely follows a wrapper (comments,
    related posts, a press release's "about the company" box right under it) is not joined."""
    box_el = seg.element(box.id) if box is not top and box.parent is not None else None
    if box_el is None:
        return []
    kind = (box.tag, box_el.get("class"))
    joined: list[tuple[int, int]] = []
    spacer = False
    for cid in siblings[siblings.index(box.id) + 1:]:
        sib = seg.containers[cid]
        verdict = _sibling_verdict(h, seg, sib, threshold)
        if verdict == "skip":
            spacer = True
            continue
        sib_el = seg.element(cid)
        before = sib_el.getprevious() if sib_el is not None else None
        broken = spacer or (before is not None and before.tag == "hr")
        if verdict != "join" or not broken or (sib.tag, sib_el.get("class")) != kind \
                or seg.prose(sib.start, sib.end) < h.section_mate_prose:
            break
        joined.append((sib.start, sib.end))
        spacer = False
    return joined


def _inline_teaser(h: AutoHeuristics, seg: Segmentation, sib: Container, siblings: list[int], after: int,
                   threshold: float) -> bool:
    """``sib`` is a box of links (a teaser or ad for another page) set into the article: the
    sibling beyond it holds good prose that joins, so the walk passes over it."""
    if sib.boiler or seg.link_density(sib.start, sib.end) <= h.link_density_max or not 0 <= after < len(siblings):
        return False
    return _sibling_verdict(h, seg, seg.containers[siblings[after]], threshold) == "join"


def _title_box(h: AutoHeuristics, seg: Segmentation, sib: Container) -> bool:
    """``sib`` is a short box of title lines (a quoted article's source, headline and
    byline): a few link-free lines without sentence punctuation, outside boilerplate
    boxes, not the page's <h1>."""
    blocks = seg.blocks[sib.start:sib.end]
    return (not sib.boiler and sum(b.weight for b in blocks) < h.title_box_weight
            and not any(b.tag == "h1" for b in blocks)
            and seg.link_density(sib.start, sib.end) <= h.title_box_link_density
            and blocks[-1].text[-1:] not in SENTENCE_END)


def _prose_joins(h: AutoHeuristics, seg: Segmentation, siblings: list[int], at: int, step: int, threshold: float) -> bool:
    """The first sibling from position ``at`` on (going by ``step``) that is not a spacer
    joins and holds at least title_box_prose words of sentences (not a heading)."""
    while 0 <= at < len(siblings):
        sib = seg.containers[siblings[at]]
        verdict = _sibling_verdict(h, seg, sib, threshold)
        if verdict != "skip":
            return verdict == "join" and seg.prose(sib.start, sib.end) >= h.title_box_prose
        at += step
    return False


def _outermost_alone(seg: Segmentation, top: Container) -> Container:
    """The outermost ancestor of ``top`` that holds exactly the blocks of ``top`` (plain
    wrappers around the article body): its siblings are the article's other parts."""
    while top.parent is not None:
        parent = seg.containers[top.parent]
        if parent.start != top.start or parent.end != top.end:
            break
        top = parent
    return top


def _sibling_verdict(h: AutoHeuristics, seg: Segmentation, sib: Container, threshold: float) -> str:
    """"join", "skip" (a spacer: look further) or "stop". (In C, ``_score.sibling_verdict``,
    when built and enabled and the numbers are doubles: the same answers.)"""
    if (_c_sibling_verdict is not None and _walk.ENABLED and type(threshold) is float
            and plain_heuristics(h, ("spacer_weight",))):
        return _c_sibling_verdict(seg.blocks, sib, seg.containers, seg._walked_owner, seg._chars, seg._links,
                                  h.spacer_weight, threshold, SENTENCE_END, FIGURE_BOXES)
    blocks = seg.blocks[sib.start:sib.end]
    # the words, compared with spacer_weight and 30 alone: summed in order only up to the
    # larger (a long box's first blocks answer both)
    weight = _weight_below(blocks, max(h.spacer_weight, 30))
    if weight < h.spacer_weight or _only_figures(seg, blocks):
        return "skip"
    if sib.boiler:
        return "stop"
    if sib.score is not None and sib.score >= threshold:
        return "join"
    ld = seg.link_density(sib.start, sib.end)
    if ld >= 0.25:  # (neither join below: the prose one needs less, the short box none)
        return "stop"
    prose = 0.0  # (the words of sentences, as far as 15)
    for b in blocks:
        if b.text[-1:] in SENTENCE_END:
            prose += b.weight
            if prose >= 15:
                return "join"
    if weight < 30 and ld == 0 and blocks[-1].text[-1:] in SENTENCE_END:
        return "join"
    return "stop"


FIGURE_BOXES = frozenset({"<figure>", "<figcaption>"})  # boilerplate marks of an image and its caption


def _only_figures(seg: Segmentation, blocks: list) -> bool:
    """Every block sits in a <figure>/<figcaption>: an image box between two parts of the
    article (its caption is not a reason to end the article there)."""
    return bool(blocks) and all(any(seg.containers[o].boiler in FIGURE_BOXES for o in seg.all_owners(b)) for b in blocks)
