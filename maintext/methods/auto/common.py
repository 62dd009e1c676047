"""Small helpers shared by the ``auto`` stages: the chosen region, block weights, the
prose test and explain records.

Takes blocks of the one segmentation (:mod:`maintext.html.segment`), gives numbers and
records.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from ...html.segment import Block, Container
from .heuristics import AutoHeuristics

try:  # scoring_at_least in C (maintext/methods/auto/_select.pxi); callers pick it when _walk.ENABLED
    c_scoring_at_least = importlib.import_module(f"{__package__}._score").scoring_at_least
except (ImportError, AttributeError):
    c_scoring_at_least = None


@dataclass
class Region:
    """The chosen main container and the block ranges [start, end) taken from the page."""

    top: Container | None
    ranges: list[tuple[int, int]]
    why: str
    headline: int | None = None  # block index of the heading the <title> repeats


def _weight(blocks: list[Block]) -> float:
    return sum(b.weight for b in blocks)


def _weight_below(blocks: list[Block], limit: float) -> float:
    """:func:`_weight` of ``blocks`` when it is below ``limit``; else some sum of at least
    ``limit`` (summed in order only that far: a caller that compares it with ``limit``
    alone, or reads it only below, gets the same answers from a long article's first blocks)."""
    total = 0.0
    for b in blocks:
        total += b.weight
        if total >= limit:
            break
    return total


def scoring_at_least(ranked: list[tuple[float, int]], floor: float) -> list[int]:
    """The ids of the ``(score, id)`` pairs of ``ranked`` whose score is at least ``floor``, in
    order (the twin of ``_score.scoring_at_least``: ``ranked`` holds every scored container
    of the page, and the peers and rivals of the winner are read off it)."""
    return [cid for score, cid in ranked if score >= floor]


def _is_prose(h: AutoHeuristics, block: Block) -> bool:
    return block.weight >= h.min_prose_weight and block.link_density <= h.link_density_max


def plain_number(x: Any) -> bool:
    """A heuristic number auto's compiled loops (_score) may read as a double and give the
    same comparisons and sums: a float, or an int below 2**53."""
    return type(x) is float or (type(x) is int and abs(x) < 2 ** 53)


# plain_heuristics' answers: (numbers, ints) -> (the heuristics object last asked, its answer)
_PLAIN_MEMO: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Any, bool]] = {}


def plain_heuristics(h: AutoHeuristics, numbers: tuple[str, ...], ints: tuple[str, ...] = ()) -> bool:
    """Whether the fields ``numbers`` of ``h`` are :func:`plain_number` and the fields ``ints``
    ints: what a compiled loop of auto's takes as doubles and C integers. Remembered per
    heuristics object and field list (heuristics are frozen: asked on every page, checked once)."""
    key = (numbers, ints)
    got = _PLAIN_MEMO.get(key)
    if got is None or got[0] is not h:
        ok = all(plain_number(getattr(h, name)) for name in numbers) and all(
            type(getattr(h, name)) is int for name in ints)
        got = _PLAIN_MEMO[key] = (h, ok)
    return got[1]


def _explain(b: Block, decision: str, reason: str) -> dict[str, Any]:
    text = b.text
    return {"block": f"<{b.tag}>", "text": text[:80] + ("…" if len(text) > 80 else ""),
            "words": round(b.weight, 1), "link_density": round(b.link_density, 2),
            "decision": decision, "reason": reason, "container": b.chain[-1] if b.chain else None,
            "_index": b.index}


def bring_back(kept: list[Block], back: list[tuple[Block, int]], explain: list[dict[str, Any]] | None,
               reason: str) -> list[Block]:
    """``kept`` plus the dropped blocks of ``back`` (each with its place in ``explain``, or
    -1), in page order, each noted as kept for ``reason``."""
    if not back:
        return kept
    seen = {b.index for b in kept}
    for b, at in back:
        if explain is not None and at >= 0:
            explain[at] = _explain(b, "keep", reason)
    return sorted(kept + [b for b, _ in back if b.index not in seen], key=lambda x: x.index)


def final_decisions(explain: list[dict[str, Any]]) -> None:
    """One entry per block, in place: a later step's decision (a kept block dropped by the
    edge trimming) replaces the earlier one, in the place of the first."""
    final: dict[Any, dict[str, Any]] = {}
    for n, entry in enumerate(explain):
        index = entry.pop("_index", None)
        final[("block", index) if index is not None else ("entry", n)] = entry  # keeps 1st place
    explain[:] = final.values()


def locate_explained(explain: list[dict[str, Any]], seg: Any, root: Any, page: Any,
                     region: "Region | None") -> None:
    """--explain: each record's container id becomes ``path``, the XPath of the block's
    innermost block element in the cleaned tree (the annotated view outlines it), and the
    main container's path goes to ``page.extra["auto"]["main_path"]``."""
    final_decisions(explain)
    tree = root.getroottree()
    containers = seg.containers
    for record in explain:
        cid = record.pop("container", None)
        if cid is not None and containers[cid].el is not None:
            record["path"] = tree.getpath(containers[cid].el)
    top = region.top if region is not None else None
    if top is not None and top.el is not None:
        page.extra.setdefault("auto", {})["main_path"] = tree.getpath(top.el)
