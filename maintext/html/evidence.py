"""When a box named for boilerplate is content after all: the class/id word weighed against text.

Takes the blocks of one box (from :mod:`maintext.html.segment`) and the caller's thresholds
(:class:`RunningEvidence`; ``auto`` builds them from ``AutoHeuristics.evidence_*``); gives
whether the box's running text outweighs the boilerplate word of its class or id
(``section-and-ad``, ``js-pagination``, ``sharing-with-...`` around an article).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol


class _Block(Protocol):
    """What the rule reads of a block (maintext.html.segmentation.Block; not imported: segmentation imports this)."""

    weight: float
    chars: int
    link_chars: int

    def is_running_text(self) -> bool: ...


class RunningEvidence(NamedTuple):
    """When a box named for boilerplate by a class/id word is content after all: its word is
    evidence weighed against the running text it holds (``section-and-ad``, ``js-pagination``
    or ``sharing-with-...`` around the article). The values come from the caller's options
    (``auto``: AutoHeuristics.evidence_*); without one the word decides alone."""

    reasons: frozenset[str]  # boilerplate reasons a class/id word gives that the rule weighs
    min_chars: int  # a smaller box is skipped unread (its word decides)
    link_density_max: float  # a box with more link text is what its word says (read or not)
    min_running: float  # words of running text (sentence-like, few links) the box must hold ...
    running_share: float  # ... making at least this share of its words ...
    teaser_share_max: float  # ... and at most this share of it teaser summaries (teaser_words())
    title_max_words: float  # a teaser's linked title is shorter than this


def outweighs_name(evidence: RunningEvidence, blocks: Sequence[_Block], running: float, words: float,
                   link_density: float, teasers: Callable[[], float] | None = None) -> bool:
    """A box of ``blocks`` with ``running`` words of running text out of ``words`` is content:
    enough running text, most of its words, few links, and not mostly teaser summaries
    (``teasers``: gives the box's teaser_words when the caller knows them cheaper, asked
    last, as the others; else read from ``blocks``)."""
    return (running >= evidence.min_running and running >= evidence.running_share * words
            and link_density <= evidence.link_density_max
            and (teasers() if teasers is not None else teaser_words(blocks, evidence.title_max_words))
            <= evidence.teaser_share_max * running)


def teaser_words(blocks: Sequence[_Block], title_max_words: float) -> float:
    """Words of the running-text blocks that come right after a linked title (a block of
    fewer than ``title_max_words`` words, mostly link text): the summaries of a teaser list,
    "headline, then a sentence or two about it", item after item."""
    words = 0.0
    titled = False
    for b in blocks:
        if b.is_running_text():
            if titled:
                words += b.weight
            titled = False
        else:
            titled = b.link_chars * 2 > b.chars and b.weight < title_max_words
    return words


def teaser_prefix_sums(blocks: Sequence[_Block], title_max_words: float) -> list[float] | None:
    """Prefix sums ``sums`` of the page's teaser words such that ``sums[end] - sums[start + 1]``
    is ``teaser_words(blocks[start:end])`` (a block's summary words count when the block
    before it in the page is a linked title; the box's first block has none before it), or
    None when a weight is not a whole number (the differences would then round otherwise
    than teaser_words' sum in order; whole numbers below 2**53 sum exactly)."""
    sums = [0.0]
    total = 0.0
    titled = False
    for b in blocks:
        weight = b.weight
        if not float(weight).is_integer():
            return None
        if b.is_running_text():
            if titled:
                total += weight
            titled = False
        else:
            titled = b.link_chars * 2 > b.chars and weight < title_max_words
        sums.append(total)
    return sums
