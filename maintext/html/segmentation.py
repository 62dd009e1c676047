"""The segmentation's types: blocks, containers, and the segmentation that holds them.

:func:`maintext.html.segment.segment` builds a :class:`Segmentation` (see that module for
what a block and a container are); :meth:`Segmentation.finish` then computes the prefix
sums that make any container's text and link totals O(1), and decides which boilerplate
boxes are page wrappers or articles under a misleading name (their blocks are not
boilerplate). The walk that fills it is in :mod:`maintext.html.segment`, the rules that
skip boxes unread in :mod:`maintext.html.boxskip`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import accumulate
from collections.abc import Callable, Iterator
from typing import Any

from . import walk as _walk
from .markers import BR, IMAGE, MARK_ALL, MARK_BR, MARK_IMAGE, MARK_SPAN, SPAN_CLOSE, SPAN_OPEN, without_inline
from .evidence import RunningEvidence, outweighs_name, teaser_prefix_sums, teaser_words
from .tags import HEADING_TAGS, SENTENCE_END, PARAGRAPH_TAGS
from ..textutil import has_cjk, text_weight

# A boilerplate container holding more than this share of the page's text is a page
# wrapper with an unlucky class name (``has-sidebar``), not boilerplate.
WRAPPER_SHARE = 0.6
# Boilerplate reasons that name a box of short text (a caption, a header): such a box with
# at least SOFT_MAX_RUNNING words of running text is content under a misleading name.
SOFT_REASONS = frozenset({"image caption", "image credit", "<figure>", "<figcaption>", "<header>",
                          "byline", "post metadata"})
SOFT_MAX_RUNNING = 50.0
# Boxes weighed against their name read their teaser words (evidence.teaser_words) box by box
# until they have read this many times the page's blocks (plus a few): a box nested in n
# others is then read n times over (quadratic in the nesting depth), and the page's teaser
# words are summed once instead (Segmentation._teaser_words). Most pages never get there.
TEASER_READS_PER_BLOCK = 2
TEASER_READS_FREE = 64
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
    markers are found with :meth:`Segmentation.first_elements`; a walk for the text alone,
    ``segment(elements=False)``, keeps ``raw`` only for the blocks with a line break, else None)."""

    __slots__ = ("raw", "text", "tag", "chain", "paragraph", "heading", "in_table", "chars",
                 "link_chars", "weight", "commas", "owner", "boiler", "index", "marked")

    def __init__(self, raw: str, tag: str, chain: tuple[int, ...], link_chars: int,
                 in_table: bool, owner: int | None, marked: int = MARK_ALL,
                 weigh: Callable[[str], float] = text_weight) -> None:
        self.raw = raw
        if marked:  # remove only the markers it holds (each a C scan of the text)
            if marked & MARK_BR:
                raw = raw.replace(BR, " ")
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
        # (plain() of each line: its other markers removed once from the whole text, the
        # same lines, as no line holds a BR; a loop: no generator inside the list's)
        lines = []
        for x in without_inline(self.raw).split(BR):
            t = " ".join(x.split())
            if t:
                lines.append(t)
        return lines


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
        # tag -> indexes of its blocks / ids of its containers, in order (read once per tag)
        self._block_tags: dict[str, list[int]] = {}
        self._headings: list[int] | None = None  # (see headings())
        self._container_tags: dict[str, list[int]] = {}
        # a walk without elements (segment(elements=False)): the containers' elements (the
        # Python walk) or their libxml2 nodes (the native walk, read by _walk.element_at),
        # and the root of the tree that holds them
        self._nodes: list[Any] | bytes | None = None
        self._anchor_nodes: list[Any] | bytes | None = None  # (the same for the anchors)
        self._root: Any = None
        # the boxes' teaser words (_teaser_words): blocks read so far, then prefix sums
        self._teaser_reads = 0
        self._teaser_sums: list[float] | None = None

    def element(self, cid: int) -> Any:
        """The element of container ``cid`` (``el``; after a walk without elements, made
        from its node: the tree must not have changed since the walk)."""
        nodes = self._nodes
        if nodes is None:
            return self.containers[cid].el
        if isinstance(nodes, list):
            return nodes[cid]
        return _walk.native.element_at(self._root, nodes, cid)

    def elements(self, cids: list[int]) -> list[Any]:
        """``[self.element(cid) for cid in cids]``, the way to the elements read once."""
        nodes = self._nodes
        if nodes is None:
            containers = self.containers
            return [containers[cid].el for cid in cids]
        if isinstance(nodes, list):
            return [nodes[cid] for cid in cids]
        element_at, root = _walk.native.element_at, self._root
        return [element_at(root, nodes, cid) for cid in cids]

    def anchor_element(self, i: int) -> Any:
        """The ``<a>`` element of anchor ``i`` (``anchors[i][1]``; after a walk without
        elements, made from its node: the tree must not have changed since the walk)."""
        nodes = self._anchor_nodes
        if nodes is None:
            return self.anchors[i][1]
        if isinstance(nodes, list):
            return nodes[i]
        return _walk.native.element_at(self._root, nodes, i)

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

    def finish(self, native: Any = None) -> None:
        """Prefix sums, exempt boxes, each block's index and boilerplate reason.
        ``native``: the compiled walk module (``_walk``, whose ``finish_sums`` and
        ``finish_blocks`` are the twins of :meth:`_sums` and :meth:`_finish_blocks`), or None."""
        blocks = self.blocks
        evidence = self.evidence
        if native is not None:
            heads: list[int] = []  # (headings(), found in the same pass)
            self._chars, self._links, running_weight, running, all_weights = native.finish_sums(blocks, SENTENCE_END,
                                                                                                heads)
            self._headings = heads
            weights = all_weights if evidence is not None else running
        else:
            running_weight, running, weights = self._sums(evidence is not None)
        total = self._chars[-1]
        exempt = self.exempt = set()
        weighed = self.weighed
        # (_outweighs_name's first two tests, read once here)
        reasons = evidence.reasons if evidence is not None else frozenset()
        min_running = evidence.min_running if evidence is not None else 0.0
        chars = self._chars
        # Below this many words of running text no test but the wrapper share can exempt a box
        # (each other one needs SOFT_MAX_RUNNING words, or min_running for a name it weighs):
        # most boxes (menus, share bars, footers) are answered by that one test, in the pass
        # that finds the boxes (_boxes_to_weigh, in C when it can: the floor a plain number).
        floor = min(SOFT_MAX_RUNNING, min_running) if reasons else SOFT_MAX_RUNNING
        wrapper = WRAPPER_SHARE * total
        if native is not None and type(floor) in (float, int) and abs(floor) < 2 ** 53:
            boxes = native.boxes_to_weigh(self.containers, Container, running, chars, floor, wrapper, bool(total),
                                          weighed, exempt)
        else:
            boxes = _boxes_to_weigh(self.containers, running, chars, floor, wrapper, total, weighed, exempt)
        for c in boxes:
            start, end = c.start, c.end
            run = running[end] - running[start]  # words of running text in the box
            cid, boiler = c.id, c.boiler
            weighs = boiler in reasons and run >= min_running
            if cid in weighed:  # read only to weigh its text: that alone decides
                if weighs and self._outweighs_name(evidence, c, running, weights):
                    exempt.add(cid)
                continue
            if total and (chars[end] - chars[start]) > WRAPPER_SHARE * total:
                exempt.add(cid)  # a page wrapper with an unlucky class name
            elif boiler in SOFT_REASONS and run >= SOFT_MAX_RUNNING:
                exempt.add(cid)  # a "caption" box holding paragraphs of text is the article
            elif boiler in TOOL_REASONS and run >= SOFT_MAX_RUNNING and run >= RUNNING_SHARE * running[-1]:
                exempt.add(cid)  # a "share"/"related" box holding most of the running text
            elif (boiler in LINK_BOX_REASONS and run >= SOFT_MAX_RUNNING
                  and self.link_density(start, end) <= LINK_BOX_MAX_DENSITY):
                exempt.add(cid)  # a "more" box of running text: the rest of the article
            elif weighs and self._outweighs_name(evidence, c, running, weights):
                exempt.add(cid)  # an article under a box name that says boilerplate
        weighed -= exempt
        containers = self.containers
        if exempt:
            self._walked_owner = (native.skip_exempt_owners(containers, Container, exempt) if native is not None
                                  else _skip_exempt_owners(containers, exempt))
        # and the prefix sums of the running text outside boilerplate boxes (Block.is_sentence_prose)
        if native is not None:
            self._prose = native.finish_blocks(blocks, containers, exempt, running_weight)
        else:
            self._prose = self._finish_blocks(exempt, running_weight)

    def _finish_blocks(self, exempt: set[int], running_weight: list[float]) -> list[float]:
        """Set each block's index and boilerplate reason (its innermost owner that is not
        exempt); give the prefix sums of the running-text weight outside boilerplate."""
        containers = self.containers
        prose = [0.0]
        total_prose = 0.0
        for i, b in enumerate(self.blocks):
            b.index = i
            o = b.owner  # the innermost owner that is not exempt
            if o is not None and o in exempt:
                o = containers[o].owner
            if o is not None:
                b.boiler = containers[o].boiler
            if b.boiler is None:
                total_prose += running_weight[i]
            prose.append(total_prose)
        return prose

    def _sums(self, with_weights: bool) -> tuple[list[float], list[float], list[float]]:
        """Set the character and link prefix sums; give the running-text weight of each block,
        its prefix sums, and the prefix sums of all weights (``with_weights``; else the
        running ones again)."""
        blocks = self.blocks
        self._chars = [0, *accumulate(b.chars for b in blocks)]
        self._links = [0, *accumulate(b.link_chars for b in blocks)]
        running_weight = [b.weight if b.is_running_text() else 0.0 for b in blocks]
        running = [0.0, *accumulate(running_weight)]
        weights = [0.0, *accumulate(b.weight for b in blocks)] if with_weights else running
        return running_weight, running, weights

    def _outweighs_name(self, evidence: RunningEvidence | None, c: Container, running: list[float],
                        weights: list[float]) -> bool:
        """The running text of box ``c`` outweighs the boilerplate word of its class/id
        (``running``, ``weights``: prefix sums of running-text words and of all words)."""
        if evidence is None or c.boiler not in evidence.reasons:
            return False
        if running[c.end] - running[c.start] < evidence.min_running:
            return False  # (outweighs_name's first test, before the box's blocks are sliced)
        start, end = c.start, c.end
        return outweighs_name(evidence, (), running[end] - running[start], weights[end] - weights[start],
                              self.link_density(start, end),
                              lambda: self._teaser_words(start, end, evidence.title_max_words))

    def _teaser_words(self, start: int, end: int, title_max_words: float) -> float:
        """``teaser_words(self.blocks[start:end], title_max_words)``. Nested boxes hold their
        inner boxes' blocks again: once the boxes asked have read more blocks than
        TEASER_READS_PER_BLOCK times the page's, the page's teaser words are summed once
        (:func:`teaser_prefix_sums`) and a box's read off them, exactly the same number when
        every block's weight is a whole number (word counts; else the box is read as before)."""
        sums = self._teaser_sums
        if sums is None:
            self._teaser_reads += end - start
            if self._teaser_reads <= TEASER_READS_PER_BLOCK * len(self.blocks) + TEASER_READS_FREE:
                return teaser_words(self.blocks[start:end], title_max_words)
            sums = self._teaser_sums = teaser_prefix_sums(self.blocks, title_max_words) or []
        if not sums:  # (weights not all whole: summed in order, box by box)
            return teaser_words(self.blocks[start:end], title_max_words)
        return sums[end] - sums[start + 1] if end > start else 0.0

    def prose(self, start: int, end: int) -> float:
        """Weight of sentence-like, non-link, non-boilerplate blocks in [start, end)."""
        return self._prose[end] - self._prose[start]

    def children(self, cid: int) -> list[int]:
        """Ids of the child containers of container ``cid``, in document order: ids are in
        document order and a container's descendants are [id + 1, id_end), so each child
        follows the previous one's descendants (the grandchildren are not looked at)."""
        containers = self.containers
        end = containers[cid].id_end
        kids = []
        k = cid + 1
        while k < end:
            kids.append(k)
            k = containers[k].id_end
        return kids

    def blocks_of(self, tag: str) -> list[int]:
        """Indexes of the blocks of ``tag``, in order (found once per tag; not to be changed)."""
        found = self._block_tags.get(tag)
        if found is None:
            blocks = self.blocks
            if tag in HEADING_TAGS:  # (among the heading blocks alone: Block.heading is the tag's)
                native = _walk.native if _walk.ENABLED else None  # (its twin in C: _walk.blocks_with_tag)
                found = (native.blocks_with_tag(blocks, self.headings(), tag) if native is not None
                         else [i for i in self.headings() if blocks[i].tag == tag])
            else:
                found = [i for i, b in enumerate(blocks) if b.tag == tag]
            self._block_tags[tag] = found
        return found

    def headings(self) -> list[int]:
        """Indexes of the heading blocks (``Block.heading``), in order (found once; not to be
        changed): the few blocks the headline and title tests read."""
        found = self._headings
        if found is None:
            found = self._headings = [i for i, b in enumerate(self.blocks) if b.heading]
        return found

    def containers_of(self, tag: str) -> list[int]:
        """Ids of the containers of ``tag``, in order (found once per tag; not to be changed)."""
        found = self._container_tags.get(tag)
        if found is None:
            found = self._container_tags[tag] = [c.id for c in self.containers if c.tag == tag]
        return found

    def has_block_of(self, tag: str, start: int, end: int) -> bool:
        """A block of ``tag`` lies in [start, end)."""
        found = self.blocks_of(tag)
        i = bisect_left(found, start)
        return i < len(found) and found[i] < end

    def containers_within(self, tag: str, c: Container) -> list[int]:
        """Ids of the containers of ``tag`` inside ``c`` (its descendants, not ``c``), in order."""
        found = self.containers_of(tag)
        return found[bisect_right(found, c.id):bisect_left(found, c.id_end)]

    def chars(self, start: int, end: int) -> int:
        return self._chars[end] - self._chars[start]

    def link_density(self, start: int, end: int) -> float:
        chars = self._chars[end] - self._chars[start]
        return (self._links[end] - self._links[start]) / chars if chars else 0.0


def _boxes_to_weigh(containers: list[Container], running: list[float], chars: list[int], floor: float,
                    wrapper: float, total: int, weighed: set[int], exempt: set[int]) -> list[Container]:
    """The containers with a boilerplate reason holding at least ``floor`` words of running
    text (``running``: its prefix sums), in order; each other one added to ``exempt`` when
    the page has text (``total``), it holds more than ``wrapper`` characters (``chars``:
    their prefix sums) and is not in ``weighed``: a page wrapper with an unlucky class name
    (the twin of ``_walk.boxes_to_weigh``)."""
    boxes = []
    for c in containers:
        if not c.boiler:
            continue
        start, end = c.start, c.end
        if running[end] - running[start] < floor:
            if total and (chars[end] - chars[start]) > wrapper and c.id not in weighed:
                exempt.add(c.id)  # a page wrapper with an unlucky class name
            continue
        boxes.append(c)
    return boxes


def _skip_exempt_owners(containers: list[Container], exempt: set[int]) -> list[int | None]:
    """Set each container's owner past the exempt boxes (parents come first: one step
    reaches a non-exempt owner); give the owners before (the twin of
    ``_walk.skip_exempt_owners``)."""
    walked = [c.owner for c in containers]
    for c in containers:
        while c.owner is not None and c.owner in exempt:
            c.owner = containers[c.owner].owner
    return walked
