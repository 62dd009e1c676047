"""The Block-List view of the one segmentation, and the block distribution (seed 002).

Takes a :class:`~maintext.html.segment.Segmentation` (built in one pass over the tag
events with a stack of open block tags: the paper's Block-List construction) and gives a
:class:`BlockList`: one block per block tag, holding the text directly under it ("hello
world" for ``<div>hello<table>123</table>world</div>``, "123" for the table), with its
parent, depth and subtree range read off the segmentation's containers. Also here, shared
by the ``blocklist`` method and the page-type classifier: the block distribution
``D = (n1 .. nk)`` and its features, and the region selection rule.

Page signals (``og:type``, JSON-LD types, canonical URL from ``<head>``; counts of
paragraphs, ``<article>``, ``<h1>``, forms, anchors and images from the segmentation) are
read by :func:`head_signals` before cleaning and completed by :func:`block_list`.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ..textutil import has_cjk, text_weight, tokens
from . import walk as _walk
from .blockregion import (  # noqa: F401 - the region selection, re-exported (its callers import it from here)
    HEADLINE_TAGS, common_ancestor, core_indexes, is_content, is_core, main_container, main_region, select_blocks)
from .markers import MARK_BR

if TYPE_CHECKING:
    from .segment import Segmentation

FORM_TAG = "form"  # blocks inside a form are flagged in_form (search boxes, comment forms)
# textutil.tokens of ASCII text (no CJK character: words are \w runs)
_ASCII_WORDS = re.compile(r"\w+").findall
_LD_TYPE = re.compile(r'"@type"\s*:\s*(?:\[\s*)?"([A-Za-z]+)"')


@dataclass(slots=True, eq=False)  # blocks compare by identity
class Block:
    """One block of the Block-List: the text directly under one block tag."""

    index: int  # position in the Block-List = document order of the opening tag
    tag: str
    depth: int  # number of enclosing blocks
    parent: int  # index of the enclosing block, -1 for the first one
    in_form: bool = False
    in_comments: bool = False  # inside a block whose class/id names a comment section
    end: int = -1  # index of the last block opened inside this one (its subtree is index..end)
    parts: list[str] = field(default_factory=list, repr=False)
    link_chars: int = 0  # non-space characters of text inside <a>
    links: int = 0  # number of <a> elements whose text landed here
    text: str = ""  # filled by finish(): whitespace collapsed, BR kept as "\n"
    chars: int = 0  # non-space characters of text
    weight: float = 0.0  # words, a CJK character counting 1/1.7 (textutil.text_weight)

    @property
    def link_density(self) -> float:
        return self.link_chars / self.chars if self.chars else 0.0

    def finish(self, weigh: Callable[[str], float] | None = None) -> None:
        """Text, sizes and weight from the text runs in ``parts`` (lines joined by "\\n");
        ``weigh``: the compiled :func:`~maintext.textutil.text_weight` (the same figure)."""
        parts = self.parts
        text = parts[0] if len(parts) == 1 else " ".join(parts)
        self.parts = []
        self.text = text
        # collapsed: the only whitespace left is single spaces and newlines
        self.chars = len(text) - text.count(" ") - text.count("\n")
        # text_weight(text), without its scan for CJK characters where there are none
        if not self.chars:
            self.weight = 0.0
        elif weigh is not None:
            self.weight = weigh(text)
        elif text.isascii():
            self.weight = float(len(_ASCII_WORDS(text)))
        else:
            self.weight = text_weight(text) if has_cjk(text) else float(len(tokens(text)))
        if self.link_chars > self.chars:
            self.link_chars = self.chars


@dataclass(slots=True)
class PageSignals:
    """Cheap page-level facts gathered during the same pass (used by the classifier)."""

    og_type: str = ""
    ld_types: list[str] = field(default_factory=list)
    canonical: str = ""
    article_tags: int = 0
    anchors: int = 0
    paragraphs: int = 0  # <p> elements
    h1: int = 0
    forms: int = 0
    images: int = 0


@dataclass(slots=True)
class BlockList:
    blocks: list[Block]
    signals: PageSignals
    skip_boxes: bool = False  # built from the segmentation that skips small boilerplate boxes
    seg: "Segmentation | None" = None  # the segmentation it is a view of

    def runs(self, chosen: Iterable[Block]) -> list[Any]:
        """The segmentation's text runs of the ``chosen`` Block-List blocks, in page order
        (block ``i + 1`` is container ``i``; block 0 holds runs outside any container)."""
        if self.seg is None:
            return []
        wanted = {b.index for b in chosen}
        return [r for r in self.seg.blocks if (r.chain[-1] + 1 if r.chain else 0) in wanted]

    def text_blocks(self) -> list[Block]:
        return [b for b in self.blocks if b.chars]




def head_signals(root: Any, ld_texts: Iterable[str | None] = ()) -> PageSignals:
    """``og:type``, canonical URL and JSON-LD ``@type`` values, read from ``<head>`` (the
    root or its ``<head>`` element, which may have been cut off the tree by cleaning) and
    the JSON-LD script texts (no walk of the body)."""
    sig = PageSignals()
    head = root if root is None or root.tag == "head" else (
        root.find("head") if root.tag == "html" else None)
    nodes = _walk.native_nodes()
    links = nodes.head_links(head) if nodes is not None and head is not None else _head_links(head)
    for key, value in links:
        if key == "og:type":
            sig.og_type = (value or "").strip().lower()
        elif key == "og:url":
            if not sig.canonical:
                sig.canonical = (value or "").strip()
        else:
            sig.canonical = (value or "").strip() or sig.canonical
    ld = " ".join(filter(None, ld_texts))  # (the texts that are not empty or None: no generator a page)
    if ld:
        sig.ld_types = _LD_TYPE.findall(ld)
    return sig


def _head_links(head: Any) -> list[tuple[str, str | None]]:
    """("og:type" / "og:url", content) of the ``<meta>`` elements whose property (else name)
    is that key in any case, ("canonical", href) of the ``<link rel=canonical>``, in document
    order (the Python twin of ``_nodes.head_links``)."""
    out: list[tuple[str, str | None]] = []
    for el in head.iter("meta", "link") if head is not None else ():
        if el.tag == "meta":
            key = (el.get("property") or el.get("name") or "").lower()
            if key in ("og:type", "og:url"):
                out.append((key, el.get("content")))
        elif (el.get("rel") or "").lower() == "canonical":
            out.append(("canonical", el.get("href")))
    return out


def _container_blocks(containers: list) -> list[Block]:
    """The root block, then block ``i + 1`` for container ``i`` under its parent's block."""
    root = Block(0, "#root", 0, -1, end=len(containers))
    blocks = [root]
    append = blocks.append  # this runs on every page auto classifies: positional, no lookups
    for c in containers:
        parent = blocks[c.parent + 1] if c.parent is not None else root
        tag = c.tag
        append(Block(c.id + 1, tag, parent.depth + 1, parent.index,
                     parent.in_form or tag == FORM_TAG,
                     parent.in_comments or c.boiler == "comments", c.id_end))
    return blocks


def block_list(seg: "Segmentation", signals: PageSignals | None = None) -> BlockList:
    """The Block-List of a segmentation: block 0 holds text outside any block tag, block
    ``i + 1`` is container ``i``; each holds the runs whose innermost container it is."""
    weigh = _walk.native_weigh()
    if weigh is not None and _walk.blocks is not None:  # the same blocks, built in C
        blocks = _walk.blocks.view_blocks(seg.blocks, seg.containers, seg.anchors, Block, FORM_TAG, weigh, MARK_BR)
    else:
        blocks = _view_blocks(seg, weigh)
    return BlockList(blocks, page_signals(seg, signals), seg=seg)


@dataclass(slots=True)
class PageView:
    """A segmentation and its page signals from ``<head>``: what :func:`block_list` would
    make a Block-List of, for a reader that sums the blocks without building them (the
    page-type classifier, which completes the signals with :func:`page_signals`)."""

    seg: "Segmentation"
    signals: PageSignals


def page_view(seg: "Segmentation", signals: PageSignals | None = None) -> PageView:
    """The view of ``seg`` with the ``<head>`` signals (or none)."""
    return PageView(seg, signals if signals is not None else PageSignals())


def page_signals(seg: "Segmentation", signals: PageSignals | None,
                 counts: tuple[int, int, int, int] | None = None) -> PageSignals:
    """``signals`` (or new ones) with the counts read off the segmentation (``counts``: those
    of the ``_COUNTED_TAGS`` containers, when the caller has them)."""
    if counts is None:
        containers = seg.containers
        if _walk.native_weigh() is not None and _walk.blocks is not None:
            counts = _walk.blocks.tag_counts(containers, _COUNTED_TAGS)
        else:
            tags = [c.tag for c in containers]
            counts = tuple(tags.count(t) for t in _COUNTED_TAGS)
    sig = signals if signals is not None else PageSignals()
    sig.paragraphs, sig.article_tags, sig.h1, sig.forms = counts
    sig.anchors = len(seg.anchors)
    sig.images = len(seg.images)
    return sig


_COUNTED_TAGS = ("p", "article", "h1", FORM_TAG)  # PageSignals.paragraphs, article_tags, h1, forms


def _view_blocks(seg: "Segmentation", weigh: Callable[[str], float] | None) -> list[Block]:
    """The blocks of :func:`block_list` (the Python twin of ``_blocks.view_blocks``)."""
    blocks = _container_blocks(seg.containers)
    root = blocks[0]
    for run in seg.blocks:
        chain = run.chain
        b = blocks[chain[-1] + 1] if chain else root
        text = run.text
        # "\n".join(run.lines()), which is the text itself for a run without <br>
        b.parts.append("\n".join(run.lines()) if run.marked & MARK_BR else text)
        # the run counts link characters with inner spaces; Block-List counts non-space ones
        if run.link_chars and text:
            b.link_chars += round(run.link_chars * (len(text) - text.count(" ")) / len(text))
    for index, _el in seg.anchors:
        run = seg.blocks[index] if index < len(seg.blocks) else None
        if run is not None and run.chain:
            blocks[run.chain[-1] + 1].links += 1
    for b in blocks:
        if b.parts:
            b.finish(weigh)
    return blocks


# --- block distribution -------------------------------------------------------------------

def length_class(weight: float, bins: tuple[int, ...]) -> int:
    """Index of the class of a block of ``weight``: first bin with weight <= bound."""
    return bisect_left(bins, weight)


def distribution(blocks: Iterable[Block], bins: tuple[int, ...]) -> list[int]:
    """D = (n1 .. nk): number of blocks per length class; k = len(bins) + 1.

    Class i holds blocks with ``bins[i-1] < weight <= bins[i]``; the last class holds the
    blocks longer than the last bound. Weight is in words (CJK characters count 1/1.7).
    """
    counts = [0] * (len(bins) + 1)
    for block in blocks:
        counts[bisect_left(bins, block.weight)] += 1
    return counts


def dev(dist: list[int]) -> float:
    """Deviation of D towards the long classes, in [0, 1].

    Our reading of the paper's Dev(D): the normalised mean class index. It has the
    property the paper states (adding k > 0 blocks to the first class lowers Dev).
    """
    total = sum(dist)
    if not total or len(dist) < 2:
        return 0.0
    return sum(i * n for i, n in enumerate(dist)) / ((len(dist) - 1) * total)


def ratio_spread(dist: list[int]) -> float:
    """max - min of the successive ratios r_i = n_(i+1) / n_i (add-one smoothed, log scale).

    The paper's second feature of D; the logarithm keeps one empty class from dominating.
    """
    if len(dist) < 2:
        return 0.0
    ratios = [math.log((dist[i + 1] + 1) / (dist[i] + 1)) for i in range(len(dist) - 1)]
    return max(ratios) - min(ratios)


def document_blocks(doc: Any, *, skip_boxes: bool = False) -> BlockList:
    """The Block-List of ``doc``: its tree cleaned and segmented by the one walk, kept in
    ``doc.blocklist`` (recomputed when asked for the other view).

    ``skip_boxes=False`` walks every box (the paper's Block-List, for the ``blocklist``
    method); ``skip_boxes=True`` is the view ``auto`` has of the page, small boilerplate
    boxes not walked (:data:`maintext.html.segment.SKIP_REASONS`): the page-type model is
    trained on it, since ``auto`` hands the classifier its own segmentation."""
    cached = doc.blocklist
    if cached is not None and cached.skip_boxes == skip_boxes:
        return cached
    from ..errors import ParseError
    from .clean import clean_tree
    from .segment import SKIP_REASONS, segment_cleaned

    try:
        root = doc.tree
    except ParseError:  # nothing to parse: no blocks
        return BlockList([Block(0, "#root", 0, -1)], PageSignals(), skip_boxes)
    ld = [s.text for s in root.iter("script") if "ld+json" in (s.get("type") or "")]
    signals = head_signals(root, ld)
    clean_tree(root)
    seg = segment_cleaned(root, SKIP_REASONS if skip_boxes else frozenset())
    doc.blocklist = result = block_list(seg, signals)
    result.skip_boxes = skip_boxes
    return result


def build_blocks(html: str) -> BlockList:
    """The Block-List of an HTML string (for callers without a Document)."""
    from .document import Document

    return document_blocks(Document(html))
