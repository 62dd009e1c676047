"""The one segmentation: a (cleaned) tree in, text blocks and block containers out, in one walk.

Every segmenting method reads it: ``auto`` directly, Block-List and the page-type
classifier through its container view (:mod:`maintext.html.blocklist`), vote and LQF
through its element view (:mod:`maintext.html.blocks`), and the typed blocks of any of
them come from it (:mod:`maintext.html.structure`). Tags are those of
:mod:`maintext.html.tags`.

A *block* is a run of text between block-level tag boundaries (as in Block-List, seed
002): ``<div>hello<p>big</p>world</div>`` gives the blocks "hello", "big", "world".
Inline tags (``a``, ``span``, ``b``...) do not split blocks; ``<a>`` text is counted as
link text; ``<br>`` splits a block into lines but not into blocks.

A *container* is a block-level element. Each container records the range of blocks it
holds, ``[start, end)`` in document order, so the text and link totals of any container
are O(1) from prefix sums, without walking the tree again. The walk is iterative
(``lxml.etree.iterwalk``), so 10,000 nested ``<div>`` cannot overflow the stack. Inline
span tags (links, strong/em, code), line breaks and images leave markers in a block's raw
text; its ``text`` is the plain text.

The types are in :mod:`maintext.html.segmentation` and the rules that skip boilerplate
boxes unread in :mod:`maintext.html.boxskip`; this module builds a segmentation, with the
compiled walk (:mod:`maintext.html.walk`) or its Python twin, and exports all three.
"""

from __future__ import annotations

from typing import Any

import lxml.etree as etree

from .vocab import NO_MARKS as _NO_MARKS, SPECIAL_TAGS as _SPECIAL_TAGS, marks as _marks
from .markers import BR as _BR, IMAGE, MARK_BR, MARK_IMAGE, MARK_SPAN, SPAN_CLOSE, SPAN_OPEN
from . import walk as _walk
from .boxsize import BoxSizes
from .boxskip import SKIP_REASONS, SKIP_RULE, skip_box, weighing_skip_box
from .evidence import RunningEvidence
from .segmentation import Block, Container, Segmentation
from .tags import BLOCK_TAGS, HEADING_TAGS, IMAGE_TAG, PARAGRAPH_TAGS, SPAN_TAGS
from ..textutil import _CJK_RANGES as CJK_RANGES

__all__ = ["Block", "Container", "RunningEvidence", "SKIP_REASONS", "Segmentation", "segment",
           "segment_cleaned"]

CHAIN_KEEP = 6  # containers kept per block for scoring (innermost first levels)
# A block of prose for segment_cleaned(): at least this many words, at most this link share.
PROSE_WORDS = 5.0
PROSE_LINK_DENSITY = 0.5
_BLANK = " \t\n\r\f\v\x00\x01\x02\x03\u00a0\u3000"  # what a block of no text holds
_MARK_TAGS = frozenset(SPAN_TAGS) | {"br", IMAGE_TAG}  # inline tags that leave a marker


def segment_cleaned(root: etree._Element, skip: frozenset[str] = frozenset(),
                    native: bool | None = None, evidence: RunningEvidence | None = None,
                    elements: bool = True, box_elements: bool = True) -> Segmentation:
    """:func:`segment` of a cleaned tree, skipping the boxes whose reason is in ``skip``;
    walked again without skipping when nothing but those boxes held prose (a block of at
    least PROSE_WORDS words with little link text)."""
    seg = segment(root, skip=skip, native=native, evidence=evidence, elements=elements, box_elements=box_elements)
    if seg.skipped:
        # (a loop, not any() over a generator: it often passes several blocks before a prose one)
        for b in seg.blocks:
            if b.weight >= PROSE_WORDS and b.link_density <= PROSE_LINK_DENSITY:
                break
        else:  # everything was in skipped boxes: read them after all
            seg = segment(root, native=native, evidence=evidence, elements=elements, box_elements=box_elements)
    return seg


def segment(root: etree._Element, *, skip: frozenset[str] = frozenset(),
            native: bool | None = None, evidence: RunningEvidence | None = None,
            elements: bool = True, box_elements: bool = True) -> Segmentation:
    """Blocks and containers of the whole (cleaned) tree: broken pages put text after a
    stray ``</body>`` outside ``<body>``, so the walk starts at the root.

    Boxes whose boilerplate reason is in ``skip`` (see :data:`SKIP_REASONS`) are not
    walked when they hold little of the page's text; they are listed in ``seg.skipped``.

    This is the one builder of blocks: a single pass over the tag events of the tree with
    a stack of open block tags (the Block-List construction of seed 002).

    ``native``: walk with the compiled twin of the Python walk (:mod:`maintext.html.walk`;
    None = its default); same result. ``evidence``: see :class:`RunningEvidence`.
    ``elements=False``: ``seg.spans``, ``seg.images`` and ``seg.anchors`` hold None for each
    element (their counts and positions only), and so does each container's ``el``:
    :meth:`Segmentation.element` and :meth:`Segmentation.anchor_element` give them (for a
    reader of the text alone, that does not change the tree after the walk: the native walk
    then makes no element proxy but for the boxes it weighs); and a block's ``raw`` is kept
    only when it holds a line break (:meth:`Block.lines` reads it), else None: its span and
    image markers serve only the element view and the typed blocks. ``box_elements=False``
    (with ``elements``): only each container's ``el`` is None (:meth:`Segmentation.element`
    gives it; for a reader that neither changes the tree after the walk nor reads
    ``Container.el``: auto without typed blocks or explain)."""
    seg = Segmentation()
    seg.evidence = evidence
    weighing = weighing_skip_box(seg, evidence) if evidence is not None and skip else None
    use_native = (_walk.ENABLED if native is None else native) and _walk.native is not None
    if use_native:
        sizes = BoxSizes(root, _walk.native.text_length, _walk.native.link_text_length)
        env = _native_env()
        if weighing is not None:  # (and its evidence, for the same rule in C)
            env = {**env, "skip_box": weighing, "skip_evidence": evidence}
        _walk.native.walk(root, skip, seg, sizes, env, elements, box_elements)
    else:
        _Walk(seg, skip, weighing or skip_box, BoxSizes(root), elements, box_elements).run(root)
    seg.finish(_walk.native if use_native else None)
    return seg


class _Walk:
    """The Python walk (the twin of the compiled ``_walk._Walk``): the open containers and
    boilerplate boxes, and the text parts of the block being read, with one method per
    kind of tag event. It runs only without the native walk, so it favours readability
    over the last per-event call it could save."""

    __slots__ = ("seg", "skip", "skip_box", "sizes", "walker", "blocks", "containers", "anchors",
                 "spans", "images", "stack", "owners", "parts", "link_chars", "link_depth",
                 "table_depth", "marked", "elements", "box_elements")

    def __init__(self, seg: Segmentation, skip: frozenset[str], skip_box: Any, sizes: BoxSizes,
                 elements: bool = True, box_elements: bool = True) -> None:
        self.seg, self.skip, self.skip_box, self.sizes = seg, skip, skip_box, sizes
        self.elements = elements  # False: None for each span, image, link and container element
        self.box_elements = elements and box_elements  # False: None for each container element
        if not self.box_elements:  # (the containers' elements, for Segmentation.element)
            seg._nodes, seg._root = [], None
        if not elements:  # (the links' elements, for Segmentation.anchor_element)
            seg._anchor_nodes = []
        self.walker: Any = None
        self.blocks, self.containers, self.anchors = seg.blocks, seg.containers, seg.anchors
        self.spans, self.images = seg.spans, seg.images
        self.stack: list[int] = []  # open containers
        self.owners: list[int] = []  # open boilerplate containers
        self.parts: list[str] = []
        self.link_chars = self.link_depth = self.table_depth = 0
        self.marked = 0  # markers the parts hold: MARK_BR | MARK_SPAN | MARK_IMAGE

    def run(self, root: etree._Element) -> None:
        """Walk the tree under ``root``. Whitespace-only text is kept only after other text
        (it may separate two words); leading indentation never starts a block, which saves
        most flushes."""
        walker = self.walker = etree.iterwalk(root, events=("start", "end"))
        if not self.box_elements:
            self.seg._root = root
        parts = self.parts
        for event, el in walker:
            tag = el.tag
            if tag.__class__ is not str:
                continue
            if event == "start":
                if tag in BLOCK_TAGS:
                    if self.open_block(el, tag):
                        continue  # skipped: its end event still comes, the box is closed there
                elif tag in _MARK_TAGS:
                    self.open_inline(el, tag)
                text = el.text
                if text and (parts or not text.isspace()):
                    self.add_text(text)
            else:
                if tag in BLOCK_TAGS:
                    self.close_block(tag)
                elif tag in SPAN_TAGS:
                    self.close_span(tag)
                if el is root:
                    break
                tail = el.tail
                if tail and (parts or not tail.isspace()):
                    self.add_text(tail)
        if parts:
            self.flush()

    def add_text(self, text: str) -> None:
        self.parts.append(text)
        if self.link_depth:
            self.link_chars += len(text.strip())

    def open_block(self, el: etree._Element, tag: str) -> bool:
        """Open the container of block element ``el``; True when its subtree is skipped."""
        if self.parts:
            self.flush()
        containers, stack, owners = self.containers, self.stack, self.owners
        cid = len(containers)
        items = el.items()
        c = Container(cid, tag, len(self.blocks), stack[-1] if stack else None,
                      _marks(tag, items) if items or tag in _SPECIAL_TAGS else _NO_MARKS,
                      owners[-1] if owners else None)
        if self.box_elements:
            c.el = el
        else:
            self.seg._nodes.append(el)
        containers.append(c)
        stack.append(cid)
        if tag == "table":
            self.table_depth += 1
        if c.boiler:
            owners.append(cid)
            if c.boiler in self.skip:
                size = self.skip_box(self.sizes, el, c)
                if size >= 0:
                    self.walker.skip_subtree()
                    self.seg.skipped.append((cid, size))
                    return True
                self.sizes.read(cid, el)
        return False

    def close_block(self, tag: str) -> None:
        if self.parts:
            self.flush()
        cid = self.stack.pop()
        c = self.containers[cid]
        c.end = len(self.blocks)
        c.id_end = len(self.containers)
        owners = self.owners
        if owners and owners[-1] == cid:
            owners.pop()
            self.sizes.close(cid)
        if tag == "table":
            self.table_depth -= 1

    def open_inline(self, el: etree._Element, tag: str) -> None:
        """A span (link, emphasis, code), line break or image: a marker in the text."""
        kept = el if self.elements else None
        if tag in SPAN_TAGS:
            if tag == "a":
                self.link_depth += 1
                self.anchors.append((len(self.blocks), kept))
                if not self.elements:
                    self.seg._anchor_nodes.append(el)
            self.parts.append(SPAN_OPEN)
            self.spans.append(kept)
            self.marked |= MARK_SPAN
        elif tag == "br":
            self.parts.append(_BR)
            self.marked |= MARK_BR
        elif tag == IMAGE_TAG:
            self.parts.append(IMAGE)
            self.images.append(kept)
            self.marked |= MARK_IMAGE

    def close_span(self, tag: str) -> None:
        if tag == "a":
            self.link_depth -= 1
        self.parts.append(SPAN_CLOSE)
        self.marked |= MARK_SPAN

    def flush(self) -> None:
        """End the block being read: a Block when its parts hold text."""
        parts = self.parts
        raw = "".join(parts)
        parts.clear()
        if raw.strip(_BLANK):
            stack, owners = self.stack, self.owners
            block = Block(raw, self.containers[stack[-1]].tag if stack else "body",
                          tuple(stack[-CHAIN_KEEP:]), self.link_chars, self.table_depth > 0,
                          owners[-1] if owners else None, self.marked)
            if not self.elements and not self.marked & MARK_BR:
                block.raw = None  # (the text alone: only Block.lines reads it, with a line break)
            self.blocks.append(block)
            self.marked = 0
        elif self.marked:  # a run without text: its spans are dropped, its images carried over
            n = raw.count(SPAN_OPEN)
            if n:
                spans = self.spans
                del spans[len(spans) - n:]
            n = raw.count(IMAGE)
            if n:
                parts.append(IMAGE * n)  # shown with the next block
                self.marked = MARK_IMAGE
            else:
                self.marked = 0
        self.link_chars = 0


_ENV: dict[str, Any] = {}


def _native_env() -> dict[str, Any]:
    """What the native walk takes from this module (the same tables and constructors)."""
    if not _ENV:
        _ENV.update(BLOCK_TAGS=BLOCK_TAGS, SPECIAL_TAGS=_SPECIAL_TAGS, SPAN_TAGS=SPAN_TAGS, BR=_BR,
                    SPAN_OPEN=SPAN_OPEN, SPAN_CLOSE=SPAN_CLOSE, IMAGE=IMAGE, IMAGE_TAG=IMAGE_TAG,
                    Container=Container, Block=Block, marks=_marks, NO_MARKS=_NO_MARKS,
                    skip_box=skip_box, BLANK=_BLANK, CHAIN_KEEP=CHAIN_KEEP,
                    PARAGRAPH_TAGS=PARAGRAPH_TAGS, HEADING_TAGS=HEADING_TAGS,
                    MARKS=(MARK_BR, MARK_SPAN, MARK_IMAGE), SKIP_RULE=SKIP_RULE)
        _walk.native.set_cjk_ranges(CJK_RANGES)
    return _ENV
