"""Stage 3 of ``auto``, lists: the list items dropped for their links that come back.

Takes the segmentation, the kept blocks and the blocks dropped for link text; gives the kept
blocks plus the items of the article's own lists: items of a mostly kept list, sentences
about a link, a list introduced by a paragraph ending in a colon, a list of cited bare
addresses, a table of contents of the article's headings (each decision recorded when
explaining).
"""

from __future__ import annotations

import importlib
import re
from bisect import bisect_left
from collections.abc import Callable
from typing import Any

from ...html import walk as _walk
from ...html.segment import Block, Container, Segmentation
from .common import bring_back
from .heuristics import AutoHeuristics

try:  # the kept blocks' loop in C (_select.pxi, in _score), else _list_words; _innermost_list's walk
    _c_list_words = importlib.import_module(f"{__package__}._score").list_words
    _c_innermost_list = importlib.import_module(f"{__package__}._score").innermost_list
except (ImportError, AttributeError):
    _c_list_words = _c_innermost_list = None


def _innermost_list(seg: Segmentation, b: Block) -> int | None:
    """The innermost ``<ul>``/``<ol>`` around ``b`` with only item, paragraph, div or span
    boxes between (in C, ``_score.innermost_list``, when built and enabled)."""
    if _c_innermost_list is not None and _walk.ENABLED:
        return _c_innermost_list(b, seg.containers)
    for cid in reversed(b.chain):
        tag = seg.containers[cid].tag
        if tag in ("ul", "ol"):
            return cid
        if tag not in ("li", "p", "div", "span"):
            return None
    return None


def _list_words(seg: Segmentation, blocks: list[Block]) -> dict[int, float]:
    """Innermost list id -> the words of ``blocks`` inside it (ids in the order first met).
    The reference of the native twin ``_score.list_words``."""
    words: dict[int, float] = {}
    for b in blocks:
        cid = _innermost_list(seg, b)
        if cid is not None:
            words[cid] = words.get(cid, 0.0) + b.weight
    return words


def _by_list(seg: Segmentation, linked: list[tuple[Block, int]],
             wanted: Callable[[Block], bool]) -> dict[int, list[tuple[Block, int]]]:
    """The ``wanted`` blocks of ``linked`` (each with its explain place), by innermost list."""
    lists: dict[int, list[tuple[Block, int]]] = {}
    for b, at in linked:
        cid = _innermost_list(seg, b) if wanted(b) else None
        if cid is not None:
            lists.setdefault(cid, []).append((b, at))
    return lists


def _keep_list_mates(h: AutoHeuristics, seg: Segmentation, kept: list[Block],
                     linked: list[tuple[Block, int]], explain: list[dict[str, Any]] | None) -> list[Block]:
    """``kept`` plus the linked items of lists whose other items are mostly kept: the items
    of one list share its fate (a list of links has no kept item to bring the others back)."""
    kept_words = (_c_list_words(kept, seg.containers, Container) if _c_list_words is not None and _walk.ENABLED
                  else _list_words(seg, kept))
    back = []
    totals: dict[int, float] = {}  # words of each list, summed once (a list of 100,000 links)
    for b, at in linked:
        cid = _innermost_list(seg, b)
        if cid is None or cid not in kept_words:
            continue
        total = totals.get(cid)
        if total is None:
            c = seg.containers[cid]
            total = totals[cid] = sum(x.weight for x in seg.blocks[c.start:c.end])
        if kept_words[cid] >= h.list_kept_share * total:
            back.append((b, at))
    return bring_back(kept, back, explain, "item of a kept list")


def _first_link_text(seg: Segmentation, b: Block) -> str:
    """The text of the first ``<a>`` that starts in ``b`` ("" when none does)."""
    i = bisect_left(seg.anchors, b.index, key=lambda x: x[0])
    if i < len(seg.anchors) and seg.anchors[i][0] == b.index:
        return " ".join(seg.anchor_element(i).text_content().split())
    return ""


def _keep_led_items(h: AutoHeuristics, seg: Segmentation, kept: list[Block],
                    linked: list[tuple[Block, int]], explain: list[dict[str, Any]] | None) -> list[Block]:
    """``kept`` plus the list items dropped for their links that are sentences about a link:
    at least ``led_item_min_weight`` words, opening with ``led_item_min_lead`` unlinked words
    before the first link ("bigiri has <a>a patch to move ...</a>"), in a list that kept
    running text follows. A linked title opens with its link; a list after the article's
    last paragraph is a teaser list ("More great stories": "📱 Torn between phones? Check
    out <a>our guide</a>")."""
    kept_ids = {b.index for b in kept}
    last_prose: int | None = None  # (found when first needed: most linked items fail sooner)
    back = []
    for b, at in linked:
        if b.index in kept_ids or b.weight < h.led_item_min_weight:
            continue
        cid = _innermost_list(seg, b)
        if cid is None:
            continue
        if last_prose is None:
            last_prose = max((k.index for k in kept if k.is_running_text()), default=-1)
        if seg.containers[cid].end > last_prose:
            continue  # (a list after the article's last prose is a trailing teaser list)
        link = _first_link_text(seg, b)
        at_link = b.text.find(link) if link else -1
        if at_link <= 0 or len(b.text[:at_link].split()) < h.led_item_min_lead:
            continue
        back.append((b, at))
    return bring_back(kept, back, explain, "list item: a sentence about a link")


BARE_URL = re.compile(r"(?:https?://|www\.)\S+")  # a line that is an address and nothing else


def _keep_cited_sources(seg: Segmentation, kept: list[Block], linked: list[tuple[Block, int]],
                        explain: list[dict[str, Any]] | None) -> list[Block]:
    """``kept`` plus the lists dropped for their links whose items are all bare addresses
    ("https://nodejs.org/api/inspector.html"): the article's cited sources. Navigation and
    teaser lists name their links, they never show the address."""
    back = []
    for cid, items in _by_list(seg, linked, lambda b: BARE_URL.fullmatch(b.text) is not None).items():
        c = seg.containers[cid]
        if c.end - c.start == len(items):
            back += items
    return bring_back(kept, back, explain, "list of cited sources (bare addresses)")


INTRO_ENDS = (":", "\uff1a")  # a paragraph ending so introduces what follows (ASCII, full-width)


def _keep_introduced_lists(h: AutoHeuristics, seg: Segmentation, kept: list[Block],
                           linked: list[tuple[Block, int]], explain: list[dict[str, Any]] | None) -> list[Block]:
    """``kept`` plus the lists dropped for their links (items kept otherwise aside) whose block just before is a
    kept paragraph ending in a colon ("More games news:"): the article's text introduces the
    list, it is part of it. At most ``introduced_list_max_items`` items, each dropped for
    its links or already kept."""
    kept_ids = {b.index for b in kept}
    back = []
    for cid, items in _by_list(seg, linked, lambda b: b.index not in kept_ids).items():
        c = seg.containers[cid]
        own = len(items) + sum(1 for x in seg.blocks[c.start:c.end] if x.index in kept_ids)
        if c.start == 0 or c.end - c.start != own or own > h.introduced_list_max_items:
            continue  # (an item dropped for another reason: not a list of the text)
        intro = seg.blocks[c.start - 1]
        if intro.index not in kept_ids or intro.heading or not intro.text.rstrip().endswith(INTRO_ENDS):
            continue
        back += items
    return bring_back(kept, back, explain, "list introduced by a paragraph ending in a colon")


def _keep_contents(seg: Segmentation, kept: list[Block], linked: list[tuple[Block, int]],
                   explain: list[dict[str, Any]] | None) -> list[Block]:
    """``kept`` plus the article's table of contents: items dropped for their links, whose
    text is a kept heading of the region, in a list whose links all point inside the page
    (``href="#..."``): the list names the article's own sections."""
    headings = {b.text.casefold() for b in kept if b.heading}
    if not headings:
        return kept
    back = []
    for cid, items in _by_list(seg, linked, lambda b: b.text.casefold() in headings).items():
        c = seg.containers[cid]
        hrefs = [(seg.anchor_element(k).get("href") or "").strip() for k, (index, _) in enumerate(seg.anchors)
                 if c.start <= index < c.end]
        if all(href.startswith("#") and len(href) > 1 for href in hrefs):
            back += items
    return bring_back(kept, back, explain, "table of contents (in-page links to kept headings)")
