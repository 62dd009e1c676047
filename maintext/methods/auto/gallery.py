"""Embedded galleries and slideshows inside an article: their captions are not its text.

Takes the segmentation; gives the ids of *gallery* containers and the blocks inside them.
A gallery is read from the page's structure: a box with many sibling items of one tag (the
slides) that is, or sits in, a box whose class/id names a gallery, slideshow or carousel.
The one word alone decides nothing: without the many repeated items there is no gallery.
Scoring counts a caption block at a reduced share (a 50-slide caption list must not
outscore the article around it), and the filter drops the captions when the region keeps
enough running text outside them.
"""

from __future__ import annotations

import importlib
import re
from itertools import compress
from operator import attrgetter

from ...html import walk as _walk
from ...html.segment import Block, Container, Segmentation
from .heuristics import AutoHeuristics

try:  # the containers loop in C (maintext/methods/auto/_score.pyx), else containers_holding
    _c_containers_holding = importlib.import_module(f"{__package__}._score").containers_holding
except ImportError:
    _c_containers_holding = None

# class/id words of a slide show box (a word inside a longer class name counts)
_GALLERY_WORDS = ("galler", "slideshow", "slide-show", "carousel", "slider", "lightbox")
_GALLERY_WORD = re.compile("|".join(map(re.escape, _GALLERY_WORDS)), re.I)
_ID = attrgetter("id")  # (Container's)


def _names_gallery(node) -> bool:
    """The element's class or id holds a gallery word, in any case (``_GALLERY_WORD``; for
    ASCII names, where IGNORECASE is lower-casing, as substrings of the lower-cased names)."""
    names = f"{node.get('class') or ''} {node.get('id') or ''}"
    if not names.isascii():
        return _GALLERY_WORD.search(names) is not None
    lower = names.lower()
    for word in _GALLERY_WORDS:
        if word in lower:
            return True
    return False


def gallery_containers(h: AutoHeuristics, seg: Segmentation) -> set[int]:
    """Ids of the containers that hold a slide list (see module docstring)."""
    found: set[int] = set()
    named: dict[object, bool] = {}  # element -> its class/id names a gallery (nested boxes share ancestors)
    min_items, levels = h.gallery_min_items, range(h.gallery_reach + 1)
    nodes = _walk.native_nodes()
    count = nodes.max_child_tag_count if nodes is not None else max_child_tag_count
    # (the cheapest test first: most boxes hold a few blocks)
    if nodes is not None and _c_containers_holding is not None:
        holding = _c_containers_holding(seg.containers, Container, min_items)
        if not holding:
            return found
        # the loop below in C (_nodes.gallery_hits: no proxy for the ancestors; after a native
        # walk without container elements, none for the boxes either: their recorded nodes)
        ids = list(map(_ID, holding))  # (lists made in C: no comprehension runs on every page)
        if isinstance(seg._nodes, bytes):
            hits = nodes.gallery_hits_at(seg._root, seg._nodes, ids, min_items,
                                         h.gallery_reach, _GALLERY_WORDS, _GALLERY_WORD.search)
        else:
            hits = nodes.gallery_hits(seg.elements(ids), min_items, h.gallery_reach,
                                      _GALLERY_WORDS, _GALLERY_WORD.search)
        return set(compress(ids, hits))
    holding = containers_holding(seg.containers, min_items)
    for c in holding:
        el = seg.element(c.id)
        # (len: all its children, never fewer than those sharing one tag)
        if el is None or len(el) < min_items:
            continue
        items = count(el)
        if not items or items < min_items:
            continue
        node = el
        for _ in levels:
            if node is None:
                break
            hit = named.get(node)
            if hit is None:
                hit = named[node] = _names_gallery(node)
            if hit:
                found.add(c.id)
                break
            node = node.getparent()
    return found


def containers_holding(containers: list[Container], min_blocks: int) -> list[Container]:
    """The containers holding at least ``min_blocks`` blocks, in order (the reference of the
    native twin ``_score.containers_holding``)."""
    return [c for c in containers if c.end - c.start >= min_blocks]


def max_child_tag_count(el) -> int:
    """The largest number of element children of ``el`` sharing one tag (0 without any)."""
    tags: dict[str, int] = {}
    for child in el:
        tag = child.tag
        if isinstance(tag, str):
            tags[tag] = tags.get(tag, 0) + 1
    return max(tags.values(), default=0)


def in_gallery(block: Block, galleries: set[int] | frozenset[int]) -> bool:
    """The block sits in one of the gallery containers."""
    return any(cid in galleries for cid in block.chain)


def drop_captions(h: AutoHeuristics, kept: list[Block], galleries: set[int], explain: list | None) -> list[Block]:
    """``kept`` without its gallery blocks, when what is left is an article
    (``gallery_min_article_weight`` words; a page that is a slideshow keeps its captions)."""
    rest = [b for b in kept if not in_gallery(b, galleries)]
    if len(rest) == len(kept) or sum(b.weight for b in rest) < h.gallery_min_article_weight:
        return kept
    if explain is not None:
        explain.extend({"block": f"<{b.tag}>", "text": b.text[:80], "decision": "drop",
                        "reason": "caption of an embedded gallery"} for b in kept if in_gallery(b, galleries))
    return rest
