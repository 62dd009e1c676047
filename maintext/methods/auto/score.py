"""Stage 1 of ``auto``: container scoring.

Takes the segmentation, the JSON-LD hint and the page title; gives a
:class:`~maintext.methods.auto.common.Region`: the best-scoring container (readability's
scoring, CJK-aware, with semantic, class and headline bonuses, checked against the
JSON-LD ``articleBody``), widened by :mod:`maintext.methods.auto.widen`.
"""

from __future__ import annotations

import importlib

from ...html import walk as _walk
from ...html.document import head_title
from ...html.segment import Block, Container, Segmentation
from ...options import AutoOptions
from .common import Region, _is_prose, c_scoring_at_least, plain_number, scoring_at_least
from .widen import _join_peers, _out_of_list, _story, _widen, _widen_up
from .gallery import in_gallery
from .heuristics import AutoHeuristics
from ...metadata.jsonld import JsonLdBody

try:  # the two scoring loops in C (maintext/methods/auto/_score.pyx), else the Python ones
    # (an extension module, imported by name: it needs nothing of the package's __init__,
    # which imports this module)
    _c_score = importlib.import_module(f"{__package__}._score")
    _c_block_scores, _c_rank_containers = _c_score.block_scores, _c_score.rank_containers
    _c_title_heading = _c_score.title_heading  # (and _title_heading's loop over the headings)
except (ImportError, AttributeError):
    _c_block_scores = _c_rank_containers = _c_title_heading = None


def _page_title(root) -> str:
    """The text of the page's ``<title>``, casefolded and with collapsed white space."""
    scan = _walk.native_scan()
    if scan is not None:  # (head_title's text read in C: no element proxy)
        text = scan.head_title_text(root)
    else:
        el = head_title(root)  # where it is on all but broken pages: no walk of the body
        text = el.text if el is not None else False
    if text is False:  # (no <title> in <head>)
        el = root.find(".//title")
        text = el.text if el is not None else None
    return " ".join((text or "").split()).casefold()


def _title_heading(h: AutoHeuristics, seg: Segmentation, title: str) -> int | None:
    """Index of the first heading whose text is part of the page title (the article's own
    headline, also when the page's <h1> is the site name): a blog names its post in an
    <h2>/<h3> and the <title> repeats it. (The twin of ``_score.title_heading``.)"""
    if not title:
        return None
    blocks = seg.blocks
    for i in seg.headings():
        b = blocks[i]
        if b.tag in h.title_heading_tags and h.title_heading_min_chars <= b.chars <= len(title) \
                and b.text.casefold() in title:
            return b.index
    return None


def choose_region(h: AutoHeuristics, seg: Segmentation, opts: AutoOptions, hint: JsonLdBody, title: str = "",
                  galleries: frozenset[int] | set[int] = frozenset()) -> Region:
    """The main container (plus joined siblings) of the page; a caption in a gallery
    (:mod:`maintext.methods.auto.gallery`) scores a reduced share."""
    native = _native_score(h)
    scores = (_c_block_scores(seg.blocks, Block, h.min_prose_weight, h.link_density_max, h.length_unit,
                                  h.length_cap, tuple(h.level_share), galleries or None, h.caption_share)
              if native else block_scores(h, seg, galleries))
    if not scores:
        return Region(None, [(0, len(seg.blocks))], "no prose block: whole page")
    headline = (_c_title_heading(seg.blocks, seg.headings(), h.title_heading_tags, h.title_heading_min_chars, title)
                if native else _title_heading(h, seg, title))
    h1s = seg.blocks_of("h1")
    h1 = headline if headline is not None else (h1s[0] if h1s else None)
    if native:
        ranked, best_id = _c_rank_containers(
            scores, seg.containers, Container, seg._chars, seg._links, h1, h.headline_reach, h.headline_bonus,
            h.class_weight, h.tag_prior, h.bonus_cap, h.semantic_bonus, h.inside_boiler_factor)
    else:
        ranked, best_id = rank_containers(h, seg, scores, h1)
    best_id = _verify_with_hint(h, seg, ranked, best_id, hint)
    top = seg.containers[best_id]
    why = f"container <{top.tag}> score {top.score:.1f}"
    top = _out_of_list(h, seg, top)
    story = _story(seg, top)  # (the widening steps' story: found again only when the box changes)
    wider = joined = top
    if not opts.favor_precision:
        joined = _join_peers(h, seg, ranked, top, story)
        if joined is not top:
            story = _story(seg, joined)
        wider = _widen_up(h, seg, joined, opts, story)
    if wider is not top:
        why += f", widened to <{wider.tag}>"
        if wider is not joined:
            story = _story(seg, wider)
        top = wider
    return Region(top, _widen(h, seg, top, story), why, headline)


def block_scores(h: AutoHeuristics, seg: Segmentation, galleries: frozenset[int] | set[int]) -> dict[int, float]:
    """Container id -> score of the prose blocks under it (readability's scoring): each prose
    block (no heading) adds ``1 + commas + min(weight / length_unit, length_cap)`` (a
    gallery's caption its caption_share of that) times level_share[k] to its container k
    levels up. The reference of the native twin (``_score.block_scores``)."""
    scores: dict[int, float] = {}
    unit, cap, levels = h.length_unit, h.length_cap, tuple(enumerate(h.level_share))  # (read once: every block)
    for b in seg.blocks:
        if b.heading or not _is_prose(h, b):
            continue
        s = 1.0 + b.commas + min(b.weight / unit, cap)
        if galleries and in_gallery(b, galleries):
            s *= h.caption_share
        chain = b.chain
        # a paragraph tag's own element is not a container: start at its parent
        top = len(chain) - 1 - (1 if b.paragraph else 0)
        for level, share in levels:
            idx = top - level
            if idx < 0:
                break
            cid = chain[idx]
            scores[cid] = scores.get(cid, 0.0) + s * share
    return scores


def rank_containers(h: AutoHeuristics, seg: Segmentation, scores: dict[int, float],
                    h1: int | None) -> tuple[list[tuple[float, int]], int]:
    """([(score, id)] of the scored containers, the best id): each raw score plus the tag
    prior, the headline and class bonuses (capped by the raw score), the semantic bonus,
    less the boilerplate penalty, halved inside a boilerplate box and scaled by the
    container's non-link share; ``Container.score`` set. The reference of the native twin
    (``_score.rank_containers``)."""
    ranked: list[tuple[float, int]] = []
    best, best_id = float("-inf"), -1
    for cid, raw in scores.items():
        c = seg.containers[cid]
        bonus = 0.0
        if h1 is not None and c.start - h.headline_reach <= h1 < c.end:
            bonus += h.headline_bonus  # the article follows its headline
        if c.content_hint:
            bonus += h.class_weight
        score = raw + h.tag_prior.get(c.tag, 0.0) + min(bonus, h.bonus_cap * raw)
        if c.semantic:
            score += h.semantic_bonus
        if c.boiler:
            score -= h.class_weight
        if c.owner is not None:  # inside a comment section, side column, ...
            score *= h.inside_boiler_factor
        score *= 1.0 - seg.link_density(c.start, c.end)
        c.score = score
        ranked.append((score, cid))
        if score > best or (score == best and cid < best_id):  # on a tie the first in the page
            best, best_id = score, cid
    return ranked, best_id


_NUMBERS = ("min_prose_weight", "link_density_max", "length_unit", "length_cap", "caption_share",
            "headline_bonus", "class_weight", "bonus_cap", "semantic_bonus", "inside_boiler_factor",
            "title_heading_min_chars")


_CHECKED: list = [None, False]  # the heuristics last checked by _native_score and its answer


def _native_score(h: AutoHeuristics) -> bool:
    """Whether the compiled scoring loops run: built and enabled (``MAINTEXT_NATIVE``), and
    the heuristics are plain numbers they take as doubles (small ints: the same figures).
    (Checked once per heuristics object: options are never changed in place.)"""
    if _c_block_scores is None or not _walk.ENABLED:
        return False
    if _CHECKED[0] is not h:
        numbers = [getattr(h, name) for name in _NUMBERS] + list(h.level_share) + list(h.tag_prior.values())
        _CHECKED[:] = [h, all(map(plain_number, numbers))
                       and type(h.headline_reach) is int and len(h.level_share) <= 16 and bool(h.length_unit)]
    return _CHECKED[1]


def _verify_with_hint(h: AutoHeuristics, seg: Segmentation, ranked: list[tuple[float, int]], best_id: int,
                      hint: JsonLdBody) -> int:
    """When a separate container scores close to the winner, the page's JSON-LD
    ``articleBody`` (if any) decides: the container that holds its opening blocks wins."""
    top = seg.containers[best_id]
    floor = h.rival_share * (top.score or 0.0)
    # (neither holds the other: Container.contains inlined, on the ids; a container's own id
    # and its descendants' are [id, id_end): the first test leaves out best_id itself)
    top_end, containers = top.id_end, seg.containers
    at_least = c_scoring_at_least if c_scoring_at_least is not None and _walk.ENABLED else scoring_at_least
    rivals = [cid for cid in at_least(ranked, floor)
              if not best_id <= cid < top_end and not cid <= best_id < containers[cid].id_end]
    if not rivals or not hint.body():  # (the JSON-LD is parsed only when asked)
        return best_id
    span = _hint_span(h, seg, hint.body())
    if span is None or (top.start <= span[0] and top.end > span[1]):
        return best_id
    holders = [cid for cid in rivals
               if seg.containers[cid].start <= span[0] and seg.containers[cid].end > span[1]]
    return max(holders, key=lambda cid: seg.containers[cid].score or 0.0) if holders else best_id


def _hint_span(h: AutoHeuristics, seg: Segmentation, body: str) -> tuple[int, int] | None:
    """First and last block whose opening words appear in the JSON-LD ``articleBody``."""
    hint = " ".join(body.split())
    found = [i for i, b in enumerate(seg.blocks) if b.weight >= h.hint_block_min_weight and b.text[:h.hint_prefix_chars] in hint]
    return (found[0], found[-1]) if len(found) >= 2 else None
