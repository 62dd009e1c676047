"""Block-List's region selection (seed 002), on the blocks of :mod:`maintext.html.blocklist`.

Takes the Block-List (blocks in document order, each with its parent, weight and link
characters) and the method's options; gives the main-content blocks: the core blocks (long,
few links) vote for their parent and grandparent, the best container is widened to the
common ancestor of rivals of similar weight, and the largest run of core blocks inside it
(with the content blocks between them and the headline just before) is the region. Used by
the ``blocklist`` method and by the page-type classifier (:mod:`maintext.pagetype`).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Protocol

if TYPE_CHECKING:
    from ..paper_options import BlockListOptions


class Block(Protocol):
    """What the selection reads of a Block-List block (maintext.html.blocklist.Block; not
    imported: blocklist imports this module)."""

    index: int
    tag: str
    depth: int
    parent: int
    end: int
    in_comments: bool
    chars: int
    link_chars: int
    weight: float

    @property
    def link_density(self) -> float: ...

HEADLINE_TAGS = frozenset({"h1", "h2"})


def is_core(block: Block, opts: "BlockListOptions") -> bool:
    """A long block with little link text: the seed of a content region."""
    return (block.weight >= opts.long_block_words and block.link_density <= opts.max_link_density
            and not (block.in_comments and opts.skip_comment_boxes))


def is_content(block: Block, opts: "BlockListOptions") -> bool:
    """A text block that may belong to the main text once inside the region."""
    return (block.chars >= 1 and block.link_density <= opts.max_link_density
            and not (block.in_comments and opts.skip_comment_boxes))


def core_indexes(blocks: list[Block], opts: "BlockListOptions") -> set[int]:
    """The ``index`` of each block of ``blocks`` that :func:`is_core` accepts (read once
    by :func:`select_blocks` for its three uses)."""
    long_words, max_density, skip = opts.long_block_words, opts.max_link_density, opts.skip_comment_boxes
    # is_core, inlined (this runs on every page auto classifies)
    return {b.index for b in blocks if b.weight >= long_words
            and (b.link_chars / b.chars if b.chars else 0.0) <= max_density and not (b.in_comments and skip)}


def main_region(blocks: list[Block], opts: "BlockListOptions",
                cores_at: set[int] | None = None) -> tuple[int, int] | None:
    """(first, last) positions in ``blocks`` (text blocks, document order) of the region
    (``cores_at``: :func:`core_indexes` of these blocks or more, when the caller has it)."""
    if cores_at is None:
        cores_at = core_indexes(blocks, opts)
    cores = [i for i, b in enumerate(blocks) if b.index in cores_at]
    if not cores:
        best = max(range(len(blocks)), default=None,
                   key=lambda i: blocks[i].weight * (1 - blocks[i].link_density))
        if best is None or blocks[best].chars < opts.min_block_chars \
                or blocks[best].link_density > opts.max_link_density:
            return None
        return best, best
    regions: list[list[int]] = [[cores[0]]]
    content = _content_test(opts)
    for prev, cur in zip(cores, cores[1:]):
        noise = sum(1 for b in blocks[prev + 1:cur] if not content(b))
        if noise <= opts.max_gap_blocks:
            regions[-1].append(cur)
        else:
            regions.append([cur])
    best_region = max(regions, key=lambda r: sum(blocks[i].weight for i in r))
    return best_region[0], best_region[-1]


def _content_test(opts: "BlockListOptions") -> Callable[[Block], bool]:
    """:func:`is_content` with the options read once."""
    max_density, skip = opts.max_link_density, opts.skip_comment_boxes
    return lambda b: (b.chars >= 1 and b.link_chars / b.chars <= max_density
                      and not (b.in_comments and skip))


def main_container(blocks: list[Block], opts: "BlockListOptions",
                   text_blocks: list[Block] | None = None,
                   cores_at: set[int] | None = None) -> Block | None:
    """The block whose subtree holds the main text.

    Each core block votes its weight for its parent block and ``grandparent_share`` of it
    for its grandparent; the best-scored block wins, the outer one on a tie. Paragraphs of
    one article share a parent, while comments and teasers each sit in a box of their own,
    so the article's container outscores a longer comment section. ``cores_at``: as for
    :func:`main_region`.
    """
    score: dict[int, float] = {}
    voters = blocks if text_blocks is None else text_blocks
    if cores_at is None:
        cores_at = core_indexes(voters, opts)
    for block in voters:
        if block.parent < 0 or block.index not in cores_at:
            continue
        score[block.parent] = score.get(block.parent, 0.0) + block.weight
        grand = blocks[block.parent].parent
        if grand >= 0 and opts.grandparent_share > 0:
            score[grand] = score.get(grand, 0.0) + opts.grandparent_share * block.weight
    if not score:
        return None
    best = max(score, key=lambda i: (score[i], -i))
    # Pages of several posts (blog fronts, forum threads) have rival containers of similar
    # weight: then the main text is all of them, held by their lowest common ancestor.
    rivals = [i for i, v in score.items() if v >= opts.rival_share * score[best] and i != best]
    rivals = sorted(rivals, key=lambda i: -score[i])[:opts.max_rivals]
    container = best
    for other in rivals:
        container = common_ancestor(blocks, container, other)
    return blocks[container]


def common_ancestor(blocks: list[Block], a: int, b: int) -> int:
    """Index of the lowest block enclosing both blocks ``a`` and ``b`` (iterative)."""
    while blocks[a].depth > blocks[b].depth:
        a = blocks[a].parent
    while blocks[b].depth > blocks[a].depth:
        b = blocks[b].parent
    while a != b:
        a, b = blocks[a].parent, blocks[b].parent
    return a


def _position(blocks: list[Block], block: Block) -> int:
    """Position of ``block`` in ``blocks`` (sorted by index): binary search."""
    return bisect_left(blocks, block.index, key=lambda b: b.index)


def select_blocks(blocks: list[Block], opts: "BlockListOptions",
                  text_blocks: list[Block] | None = None) -> list[Block]:
    """The main-content blocks, in document order (``blocks``: the whole Block-List;
    ``text_blocks``: its blocks that hold text, when the caller has them already)."""
    if text_blocks is None:
        text_blocks = [b for b in blocks if b.chars]
    cores_at = core_indexes(text_blocks, opts)
    if opts.skip_comment_boxes and not cores_at:
        # every long block sits in a "comment" box: the hint misfired (a page wrapper
        # named e.g. "has-comments"), so ignore it rather than return nothing
        opts = replace(opts, skip_comment_boxes=False)
        cores_at = core_indexes(text_blocks, opts)
    container = main_container(blocks, opts, text_blocks, cores_at) if opts.use_container else None
    if container is not None:
        inside = [b for b in text_blocks if container.index <= b.index <= container.end]
    else:
        inside = text_blocks
    region = main_region(inside, opts, cores_at)
    if region is None:
        return []
    first, last = region
    content = _content_test(opts)
    chosen = [b for b in inside[first:last + 1] if content(b)]
    first = _position(text_blocks, chosen[0]) if chosen else 0
    for pos in range(first - 1, max(-1, first - 1 - opts.headline_lookback), -1):
        candidate = text_blocks[pos]
        if candidate.tag in HEADLINE_TAGS and is_content(candidate, opts):
            chosen.insert(0, candidate)
            break
    return chosen
