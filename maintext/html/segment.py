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
"""

from __future__ import annotations

from itertools import accumulate
from collections.abc import Callable, Iterator
from typing import Any

import lxml.etree as etree

from .vocab import NO_MARKS as _NO_MARKS, SPECIAL_TAGS as _SPECIAL_TAGS, marks as _marks
from .markers import BR as _BR, IMAGE, MARK_ALL, MARK_BR, MARK_IMAGE, MARK_SPAN, SPAN_CLOSE, SPAN_OPEN, plain
from . import walk as _walk
from .boxsize import BoxSizes
from .evidence import RunningEvidence, outweighs_name
from .tags import BLOCK_TAGS, HEADING_TAGS, SENTENCE_END, IMAGE_TAG, PARAGRAPH_TAGS, SPAN_TAGS
from ..textutil import _CJK_RANGES as CJK_RANGES, has_cjk, text_weight

COMMAS = frozenset(",，、")
CHAIN_KEEP = 6  # containers kept per block for scoring (innermost first levels)
# A boilerplate container holding more than this share of the page's text is a page
# wrapper with an unlucky class name (``has-sidebar``), not boilerplate.
WRAPPER_SHARE = 0.6
# Boilerplate reasons that name a box of short text (a caption, a header): such a box with
# at least SOFT_MAX_RUNNING words of running text is content under a misleading name.
SOFT_REASONS = frozenset({"image caption", "image credit", "<figure>", "<figcaption>", "<header>",
                          "byline", "post metadata"})
SOFT_MAX_RUNNING = 50.0
# A box named for a tool (share buttons, print, pop-up) holding this share of the page's
# running text (and at least SOFT_MAX_RUNNING words of it) is content under a misleading
# name (themes put "share" classes on the whole post).
TOOL_REASONS = frozenset({"share bar", "print only", "pop-up", "toolbar"})
RUNNING_SHARE = 0.4
# Reasons that name a box of links to elsewhere ("more", "related", "teaser"): such a box
# with little link text and at least SOFT_MAX_RUNNING words of running text is content
# under a misleading name (``<div id="read_more">`` holding the rest of the article).
LINK_BOX_REASONS = frozenset({"related links"})
LINK_BOX_MAX_DENSITY = 0.1
LINK_BOX_MIN_CHARS = 300  # smaller boxes are skipped without looking




class Container:
    __slots__ = ("id", "id_end", "tag", "start", "end", "parent", "content_hint",
                 "boiler", "semantic", "score", "owner", "el")

    def __init__(self, cid: int, tag: str, start: int, parent: int | None,
                 marks: tuple[str | None, bool, bool] = (None, False, False),
                 owner: int | None = None) -> None:
        self.id = cid
        self.id_end = cid + 1  # ids of descendants are in [id, id_end)
        self.tag = tag
        self.start = start
        self.end = start
        self.parent = parent
        self.boiler: str | None
        self.boiler, self.content_hint, self.semantic = marks  # see container_marks()
        self.score: float | None = None
        self.owner = owner  # innermost enclosing boilerplate container
        self.el: Any = None  # the element (set by the walk)

    def contains(self, other: "Container") -> bool:
        """``other`` is this container or one of its descendants."""
        return self.id <= other.id < self.id_end


class Block:
    """A run of text between block tag boundaries, with what scoring needs (chars, link
    chars, words, commas, enclosing containers) and what typing needs: ``raw``, with
    line-break/span/image markers when ``marked`` (the elements of its span and image
    markers are found with :meth:`Segmentation.first_elements`)."""

    __slots__ = ("raw", "text", "tag", "chain", "paragraph", "heading", "in_table", "chars",
                 "link_chars", "weight", "commas", "owner", "boiler", "index", "marked")

    def __init__(self, raw: str, tag: str, chain: tuple[int, ...], link_chars: int,
                 in_table: bool, owner: int | None, marked: int = MARK_ALL,
                 weigh: Callable[[str], float] = text_weight) -> None:
        self.raw = raw
        if marked:  # remove only the markers it holds (each a C scan of the text)
            if marked & MARK_BR:
                raw = raw.replace(_BR, " ")
            if marked & MARK_SPAN:
                raw = raw.replace(SPAN_OPEN, "").replace(SPAN_CLOSE, "")
            if marked & MARK_IMAGE:
                raw = raw.replace(IMAGE, "")
        self.text = text = " ".join(raw.split())
        self.marked = marked
        self.tag = tag
        self.chain = chain
        self.paragraph = tag in PARAGRAPH_TAGS
        self.heading = tag in HEADING_TAGS
        self.in_table = in_table
        self.chars = chars = len(text)
        self.link_chars = link_chars if link_chars < chars else chars
        # without CJK characters, words are whitespace runs (the common case, much cheaper)
        if text.isascii():
            self.weight = float(text.count(" ") + 1)
            self.commas = text.count(",")
        else:
            self.weight = weigh(text) if has_cjk(text) else float(text.count(" ") + 1)
            self.commas = text.count(",") + text.count("，") + text.count("、")
        # the innermost container with a boilerplate class/tag enclosing the block (the
        # others: Segmentation.owners; one id, not a tuple: nested boxes stay linear)
        self.owner = owner
        self.boiler: str | None = None
        self.index = -1  # position in Segmentation.blocks

    @property
    def link_density(self) -> float:
        return self.link_chars / self.chars if self.chars else 0.0

    def is_running_text(self) -> bool:
        """Some length, few links, sentence punctuation, not a heading."""
        return (self.weight >= 8 and self.link_chars * 10 < self.chars and not self.heading
                and (self.commas > 0 or self.text[-1:] in SENTENCE_END))

    def is_sentence_prose(self) -> bool:
        """Running text outside boilerplate boxes."""
        return self.boiler is None and self.is_running_text()

    def lines(self) -> list[str]:
        """The block's text, one line per ``<br>``-separated line."""
        if not self.marked & MARK_BR:
            return [self.text] if self.text else []
        return [t for t in (" ".join(plain(x).split()) for x in self.raw.split(_BR)) if t]


class Segmentation:
    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.containers: list[Container] = []
        self._chars: list[int] = [0]
        self._links: list[int] = [0]
        self.exempt: set[int] = set()  # boilerplate containers that are page wrappers
        self.skipped: list[tuple[int, int]] = []  # (container id, characters) not walked
        # (index of the block the anchor's text starts in, the <a> element), in page order:
        # which links sit in the main text, read off the blocks a method keeps
        self.anchors: list[tuple[int, Any]] = []
        # the elements of inline spans (a, strong/b, em/i, code) and of images, in page
        # order: one per SPAN_OPEN / IMAGE marker in the blocks' raw text, in order
        self.spans: list[Any] = []
        self.images: list[Any] = []
        self._firsts: list[tuple[int, int]] | None = None
        # each container's owner before finish() rewrote the links past exempt boxes
        # (None: nothing was rewritten)
        self._walked_owner: list[int | None] | None = None
        # (owner id, top container id) -> boilerplate reason (auto's filter, per region)
        self.boiler_memo: dict[tuple[int, int], str | None] = {}
        self.evidence: RunningEvidence | None = None  # see RunningEvidence (set by segment())
        # boxes read only to weigh their running text against their name (else skipped);
        # after finish(), those found to be what their name says (their name holds firm)
        self.weighed: set[int] = set()

    def owners(self, b: Block) -> Iterator[int]:
        """The boilerplate containers enclosing ``b``, innermost first: its own owner, then
        the chain of non-exempt owners above it (after :meth:`finish`)."""
        containers = self.containers
        o = b.owner
        while o is not None:
            yield o
            o = containers[o].owner

    def all_owners(self, b: Block) -> Iterator[int]:
        """Every boilerplate container enclosing ``b``, innermost first, exempt ones included."""
        walked = self._walked_owner
        if walked is None:
            yield from self.owners(b)
            return
        o = b.owner
        while o is not None:
            yield o
            o = walked[o]

    def first_elements(self, index: int) -> tuple[int, int]:
        """(first span element, first image element) of block ``index``: counted from the
        markers of the blocks before it, once per segmentation (only typing needs it)."""
        firsts = self._firsts
        if firsts is None:
            firsts = self._firsts = []
            n_spans = n_images = 0
            for b in self.blocks:
                firsts.append((n_spans, n_images))
                if b.marked:
                    raw = b.raw
                    n_spans += raw.count(SPAN_OPEN)
                    n_images += raw.count(IMAGE)
        return firsts[index]

    def finish(self) -> None:
        blocks = self.blocks
        self._chars = [0, *accumulate(b.chars for b in blocks)]
        self._links = [0, *accumulate(b.link_chars for b in blocks)]
        total = self._chars[-1]
        exempt = self.exempt = set()
        running_weight = [b.weight if b.is_running_text() else 0.0 for b in blocks]
        running = [0.0, *accumulate(running_weight)]
        evidence = self.evidence
        weights = [0.0, *accumulate(b.weight for b in blocks)] if evidence is not None else running
        weighed = self.weighed
        for c in self.containers:
            if not c.boiler:
                continue
            if c.id in weighed:  # read only to weigh its text: that alone decides
                if self._outweighs_name(evidence, c, running, weights):
                    exempt.add(c.id)
                continue
            if total and (self._chars[c.end] - self._chars[c.start]) > WRAPPER_SHARE * total:
                exempt.add(c.id)  # a page wrapper with an unlucky class name
            elif c.boiler in SOFT_REASONS and running[c.end] - running[c.start] >= SOFT_MAX_RUNNING:
                exempt.add(c.id)  # a "caption" box holding paragraphs of text is the article
            elif (c.boiler in TOOL_REASONS and running[c.end] - running[c.start] >= SOFT_MAX_RUNNING
                  and running[c.end] - running[c.start] >= RUNNING_SHARE * running[-1]):
                exempt.add(c.id)  # a "share"/"related" box holding most of the running text
            elif (c.boiler in LINK_BOX_REASONS and running[c.end] - running[c.start] >= SOFT_MAX_RUNNING
                  and self.link_density(c.start, c.end) <= LINK_BOX_MAX_DENSITY):
                exempt.add(c.id)  # a "more" box of running text: the rest of the article
            elif self._outweighs_name(evidence, c, running, weights):
                exempt.add(c.id)  # an article under a box name that says boilerplate
        weighed -= exempt
        containers = self.containers
        if exempt:  # parents come first: one step reaches a non-exempt owner
            self._walked_owner = [c.owner for c in containers]
            for c in containers:
                while c.owner is not None and c.owner in exempt:
                    c.owner = containers[c.owner].owner
        for i, b in enumerate(blocks):
            b.index = i
            o = b.owner  # the innermost owner that is not exempt
            if o is not None and o in exempt:
                o = containers[o].owner
            if o is not None:
                b.boiler = containers[o].boiler
        # the running text outside boilerplate boxes (Block.is_sentence_prose)
        self._prose = [0.0, *accumulate(w if b.boiler is None else 0.0
                                        for b, w in zip(blocks, running_weight))]

    def _outweighs_name(self, evidence: RunningEvidence | None, c: Container, running: list[float],
                        weights: list[float]) -> bool:
        """The running text of box ``c`` outweighs the boilerplate word of its class/id
        (``running``, ``weights``: prefix sums of running-text words and of all words)."""
        if evidence is None or c.boiler not in evidence.reasons:
            return False
        return outweighs_name(evidence, self.blocks[c.start:c.end], running[c.end] - running[c.start],
                              weights[c.end] - weights[c.start], self.link_density(c.start, c.end))

    def prose(self, start: int, end: int) -> float:
        """Weight of sentence-like, non-link, non-boilerplate blocks in [start, end)."""
        return self._prose[end] - self._prose[start]

    def children(self, cid: int) -> list[int]:
        """Ids of the child containers of container ``cid``, in document order."""
        c = self.containers[cid]
        return [k.id for k in self.containers[cid + 1:c.id_end] if k.parent == cid]

    def chars(self, start: int, end: int) -> int:
        return self._chars[end] - self._chars[start]

    def link_density(self, start: int, end: int) -> float:
        chars = self._chars[end] - self._chars[start]
        return (self._links[end] - self._links[start]) / chars if chars else 0.0


# Boilerplate boxes whose content is never the article: with ``skip`` their subtree is
# not walked at all (a large saving on news pages), unless the box holds more than
# SKIP_MAX_SHARE of the page's text (then it may be a wrapper with an unlucky name).
SKIP_REASONS = frozenset({"comments", "related links", "advertising", "navigation", "cookie notice",
                          "sign-up box", "page footer", "side column", "promotion"})
SKIP_MAX_SHARE = 0.3
# A block of prose for segment_cleaned(): at least this many words, at most this link share.
PROSE_WORDS = 5.0
PROSE_LINK_DENSITY = 0.5


_BLANK = " \t\n\r\f\v\x00\x01\x02\x03\u00a0\u3000"  # what a block of no text holds


def _skip_box(sizes: BoxSizes, el: etree._Element, c: Container,
              evidence: RunningEvidence | None = None) -> int:
    """The size of a boilerplate box to skip unread, or -1 to read it (it holds much of
    the page's text, or it is a "related" box of running text: some text, few links; or
    a box whose name the ``evidence`` rule weighs, of some size with few links: whether
    its running text outweighs its name is decided once it is read)."""
    size, links = sizes.size(el)
    if size > SKIP_MAX_SHARE * sizes.total():
        return -1
    if c.boiler in LINK_BOX_REASONS and size >= LINK_BOX_MIN_CHARS:
        links = links if links >= 0 else sizes.links(el)
        if links <= LINK_BOX_MAX_DENSITY * size:
            return -1
    if evidence is not None and c.boiler in evidence.reasons and size >= evidence.min_chars:
        if (links if links >= 0 else sizes.links(el)) <= evidence.link_density_max * size:
            return WEIGH
    return size


WEIGH = -2  # _skip_box: read the box, to weigh its running text against its name


def segment_cleaned(root: etree._Element, skip: frozenset[str] = frozenset(),
                    native: bool | None = None, evidence: RunningEvidence | None = None) -> Segmentation:
    """:func:`segment` of a cleaned tree, skipping the boxes whose reason is in ``skip``;
    walked again without skipping when nothing but those boxes held prose (a block of at
    least PROSE_WORDS words with little link text)."""
    seg = segment(root, skip=skip, native=native, evidence=evidence)
    if seg.skipped and not any(b.weight >= PROSE_WORDS and b.link_density <= PROSE_LINK_DENSITY
                               for b in seg.blocks):
        # everything was in skipped boxes: read them after all
        seg = segment(root, native=native, evidence=evidence)
    return seg


def segment(root: etree._Element, *, skip: frozenset[str] = frozenset(),
            native: bool | None = None, evidence: RunningEvidence | None = None) -> Segmentation:  # noqa: C901
    """Blocks and containers of the whole (cleaned) tree: broken pages put text after a
    stray ``</body>`` outside ``<body>``, so the walk starts at the root.

    Boxes whose boilerplate reason is in ``skip`` (see :data:`SKIP_REASONS`) are not
    walked when they hold little of the page's text; they are listed in ``seg.skipped``.

    This is the one builder of blocks: a single pass over the tag events of the tree with
    a stack of open block tags (the Block-List construction of seed 002). The loop is
    deliberately one function with local state: it is the hottest loop of the package,
    and method calls per event cost ~30% of its time (measured on aeb).

    ``native``: walk with the compiled twin of this loop (:mod:`maintext.html.walk`;
    None = its default); same result. ``evidence``: see :class:`RunningEvidence`."""
    seg = Segmentation()
    seg.evidence = evidence
    if (_walk.ENABLED if native is None else native) and _walk.native is not None:
        sizes = BoxSizes(root, _walk.native.text_length)
        env = _native_env()
        if evidence is not None and skip:
            env = {**env, "skip_box": _weighing_skip_box(seg, evidence)}
        _walk.native.walk(root, skip, seg, sizes, env)
        seg.finish()
        return seg
    sizes = BoxSizes(root)
    skip_box = _weighing_skip_box(seg, evidence) if evidence is not None and skip else _skip_box
    blocks, containers, anchors = seg.blocks, seg.containers, seg.anchors
    spans, images = seg.spans, seg.images
    stack: list[int] = []  # open containers
    owners: list[int] = []  # open boilerplate containers
    parts: list[str] = []
    link_chars = link_depth = table_depth = 0
    marked = 0  # markers the parts hold: MARK_BR | MARK_SPAN | MARK_IMAGE

    def flush() -> None:
        nonlocal link_chars, marked
        raw = "".join(parts)
        parts.clear()
        if raw.strip(_BLANK):
            blocks.append(Block(raw, containers[stack[-1]].tag if stack else "body",
                                tuple(stack[-CHAIN_KEEP:]), link_chars, table_depth > 0,
                                owners[-1] if owners else None, marked))
            marked = 0
        elif marked:  # a run without text: its spans are dropped, its images carried over
            n = raw.count(SPAN_OPEN)
            if n:
                del spans[len(spans) - n:]
            n = raw.count(IMAGE)
            if n:
                parts.append(IMAGE * n)  # shown with the next block
                marked = MARK_IMAGE
            else:
                marked = 0
        link_chars = 0

    # Whitespace-only text is kept only after other text (it may separate two words);
    # leading indentation never starts a block, which saves most flushes.
    walker = etree.iterwalk(root, events=("start", "end"))
    for event, el in walker:
        tag = el.tag
        if tag.__class__ is not str:
            continue
        if event == "start":
            if tag in BLOCK_TAGS:
                if parts:
                    flush()
                cid = len(containers)
                items = el.items()
                c = Container(cid, tag, len(blocks), stack[-1] if stack else None,
                              _marks(tag, items) if items or tag in _SPECIAL_TAGS else _NO_MARKS,
                              owners[-1] if owners else None)
                c.el = el
                containers.append(c)
                stack.append(cid)
                if tag == "table":
                    table_depth += 1
                if c.boiler:
                    owners.append(cid)
                    if c.boiler in skip:
                        size = skip_box(sizes, el, c)
                        if size >= 0:
                            walker.skip_subtree()
                            seg.skipped.append((cid, size))
                            continue  # its end event still comes: the box is closed there
                        sizes.read(cid, el)
            elif tag in SPAN_TAGS:
                if tag == "a":
                    link_depth += 1
                    anchors.append((len(blocks), el))
                parts.append(SPAN_OPEN)
                spans.append(el)
                marked |= MARK_SPAN
            elif tag == "br":
                parts.append(_BR)
                marked |= MARK_BR
            elif tag == IMAGE_TAG:
                parts.append(IMAGE)
                images.append(el)
                marked |= MARK_IMAGE
            text = el.text
            if text and (parts or not text.isspace()):
                parts.append(text)
                if link_depth:
                    link_chars += len(text.strip())
        else:
            if tag in BLOCK_TAGS:
                if parts:
                    flush()
                cid = stack.pop()
                c = containers[cid]
                c.end = len(blocks)
                c.id_end = len(containers)
                if owners and owners[-1] == cid:
                    owners.pop()
                    sizes.close(cid)
                if tag == "table":
                    table_depth -= 1
            elif tag in SPAN_TAGS:
                if tag == "a":
                    link_depth -= 1
                parts.append(SPAN_CLOSE)
                marked |= MARK_SPAN
            if el is root:
                break
            tail = el.tail
            if tail and (parts or not tail.isspace()):
                parts.append(tail)
                if link_depth:
                    link_chars += len(tail.strip())
    if parts:
        flush()
    seg.finish()
    return seg


def _weighing_skip_box(seg: Segmentation, evidence: RunningEvidence) -> Callable[..., int]:
    """:func:`_skip_box` with the ``evidence`` rule, noting in ``seg.weighed`` the boxes read
    only to weigh their running text."""
    def skip_box(sizes: BoxSizes, el: etree._Element, c: Container) -> int:
        size = _skip_box(sizes, el, c, evidence)
        if size == WEIGH:
            seg.weighed.add(c.id)
        return size
    return skip_box


_ENV: dict[str, Any] = {}


def _native_env() -> dict[str, Any]:
    """What the native walk takes from this module (the same tables and constructors)."""
    if not _ENV:
        _ENV.update(BLOCK_TAGS=BLOCK_TAGS, SPECIAL_TAGS=_SPECIAL_TAGS, SPAN_TAGS=SPAN_TAGS, BR=_BR,
                    SPAN_OPEN=SPAN_OPEN, SPAN_CLOSE=SPAN_CLOSE, IMAGE=IMAGE, IMAGE_TAG=IMAGE_TAG,
                    Container=Container, Block=Block, marks=_marks, NO_MARKS=_NO_MARKS,
                    skip_box=_skip_box, BLANK=_BLANK, CHAIN_KEEP=CHAIN_KEEP,
                    weigh=_walk.native.text_weight, has_cjk=has_cjk,
                    PARAGRAPH_TAGS=PARAGRAPH_TAGS, HEADING_TAGS=HEADING_TAGS,
                    MARKS=(MARK_BR, MARK_SPAN, MARK_IMAGE))
        _walk.native.set_cjk_ranges(CJK_RANGES)
    return _ENV
