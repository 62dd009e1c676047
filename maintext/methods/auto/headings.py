"""Orphan headings of ``auto``'s kept blocks: a heading whose section was dropped.

Takes the segmentation and the kept blocks; gives the kept blocks without the headings
left alone by the filtering: a box heading ("Business news in pictures", a kicker over
the headline) whose own content was dropped as boilerplate, so that the next kept block
is a heading of the same or a higher rank (or nothing). A heading followed directly by
the next section's heading, with nothing dropped between them, is the page's own
structure (an empty section, a part title over its chapters) and stays.
"""

from __future__ import annotations

import importlib
from bisect import bisect_right
from typing import Any

from ...html import walk as _walk
from ...html.segment import Block, Segmentation
from .common import _explain

try:  # _heading_ends in C (maintext/methods/auto/_select.pxi)
    _c_heading_ends = importlib.import_module(f"{__package__}._score").heading_ends
except (ImportError, AttributeError):
    _c_heading_ends = None


def heading_rank(b: Block) -> int:
    """1-6 for <h1>-<h6>, 7 for another heading tag (ranked below all)."""
    tag = b.tag
    return int(tag[1]) if len(tag) == 2 and tag[0] == "h" and tag[1].isdigit() else 7


def _heading_ends(kept: list[Block]) -> list[int]:
    """The positions in ``kept`` of its headings outside tables that end it or are followed
    by another heading: where an orphan heading may be (the twin of
    ``_score.heading_ends``; most pages have none)."""
    last = len(kept) - 1
    return [i for i, b in enumerate(kept) if b.heading and not b.in_table and (i == last or kept[i + 1].heading)]


def drop_orphan_headings(seg: Segmentation, kept: list[Block],
                         explain: list[dict[str, Any]] | None) -> list[Block]:
    """``kept`` without its orphan headings: a heading (outside tables) whose next kept
    block is a heading of the same or higher rank, or which ends the kept text, with a
    block of the page dropped or a boilerplate box left unread between them (its section)."""
    skipped: list[int] | None = None  # starts of the unread boxes, sorted (when first needed)
    drop: set[int] = set()
    ends = _c_heading_ends(kept) if _c_heading_ends is not None and _walk.ENABLED else _heading_ends(kept)
    for i in ends:  # (the next kept block, if any, is a heading)
        b = kept[i]
        nxt = kept[i + 1] if i + 1 < len(kept) else None
        if nxt is not None and not heading_rank(nxt) <= heading_rank(b):
            continue
        end = nxt.index if nxt is not None else len(seg.blocks)
        if skipped is None:
            skipped = sorted(seg.containers[cid].start for cid, _ in seg.skipped)
        unread = bisect_right(skipped, end) > bisect_right(skipped, b.index)
        if end - b.index < 2 and not unread:
            continue  # nothing dropped after it: the page's own empty section
        drop.add(i)
    if not drop:
        return kept
    if explain is not None:
        for i in sorted(drop):
            explain.append(_explain(kept[i], "drop", "heading whose section was dropped"))
    return [b for i, b in enumerate(kept) if i not in drop]
