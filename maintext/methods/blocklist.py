"""Block-List and block distribution (Qiu, Tang, Li, Zhu 2009; seed 002).

The page is read ONCE as a stream of tag events with an auxiliary stack and no DOM tree:

* an opening *block tag* (``div``, ``table``, ``td``, ``p``, ``li``, ``h1`` ...) starts a new
  block, pushed on the stack; its closing tag pops it;
* text goes to the block on top of the stack;
* *inline tags* (``font``, ``span``, ``b`` ...) are ignored: their text stays in the block;
* *jump tags* (``script``, ``style`` ...) are skipped with everything inside them;
* special tags: ``a`` marks its text as link text of the current block; ``br`` is a line
  break inside the block; ``hr`` ends the current block (text after it starts a new block
  of the same tag); ``form`` is a block whose descendants are flagged ``in_form``.

So ``<DIV>hello<TABLE>123</TABLE>world</DIV>`` gives block DIV = "hello world" and block
TABLE = "123". The tag stream comes from libxml2's HTML parser driven with a ``target``
object (SAX-like callbacks, no tree is built). :func:`blocks_from_tree` replays the same
events from an already parsed tree with ``iterwalk`` and gives identical blocks (for
callers that hold only a tree).

The *block distribution* ``D = (n1 .. nk)`` counts blocks per text-length class (the
paper's classes were lost; ours are ``BlockListOptions.length_bins``). Its features feed
the page-type classifier (:mod:`maintext.pagetype.classifier`): news pages show a few long blocks on
top of the short ones, hub pages nearly only short, link-heavy blocks.

Extraction rule (the paper's own rule was lost in extraction; this is ours):

1. *core blocks* are long blocks (``long_block_words``) with little link text
   (``max_link_density``);
2. the *main container*: each core block votes its weight for its parent block and half of
   it for its grandparent (the Block-List keeps each block's parent and subtree range, so
   this needs no tree); the best-voted block wins. Containers scoring ``rival_share`` of
   the best (several posts of a blog front or forum thread) are merged into their common
   ancestor;
3. inside the container's subtree, core blocks close to each other in document order
   (at most ``max_gap_blocks`` non-content text blocks between them) form regions; the
   region with the most core text wins;
4. the main text is every low-link text block of that region in document order (short
   ones too: subheadings, captions), plus an ``h1``/``h2`` headline just before it.

The page-type classifier runs first: on a page it judges not to be a content page the
method returns empty text with a ``reason`` (``use_classifier=False`` extracts anyway).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterable

import lxml.etree as etree

from ..result import Page
from ..textutil import text_weight

if TYPE_CHECKING:
    from ..html.document import Document
    from ..options import BlockListOptions, Options

# --- tag tables -------------------------------------------------------------------------
# Tags that open a new block: the paper's TABLE, TR, TD, DIV, P plus the other HTML
# elements a browser lays out as boxes of their own (lists, headings, HTML5 sectioning).
BLOCK_TAGS = frozenset({
    "html", "body",  # the outermost blocks: text outside any box lands here
    "div", "p", "table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption",
    "ul", "ol", "li", "dl", "dt", "dd",
    "h1", "h2", "h3", "h4", "h5", "h6",
    "blockquote", "pre", "center", "address", "fieldset", "legend",
    "article", "section", "main", "header", "footer", "nav", "aside",
    "figure", "figcaption", "details", "summary", "menu", "dir",
    "form",  # FORM is a block whose content is flagged (see FORM_TAG)
})
# Tags skipped together with their content: code, invisible or interactive text
# (the paper jumps STYLE and SCRIPT; the rest carry no page prose either).
JUMP_TAGS = frozenset({
    "script", "style", "noscript", "template", "title",  # code / head text, not body text
    "textarea", "select", "option", "button",  # form widgets: their text is UI, not prose
    "iframe", "object", "embed", "svg", "math", "canvas", "video", "audio",
})
LINK_TAG = "a"  # its text counts as link text of the current block
LINE_BREAK_TAG = "br"  # a line break inside the current block
RULE_TAG = "hr"  # a horizontal rule ends the current block
FORM_TAG = "form"  # blocks inside a form are flagged in_form (search boxes, comment forms)
HEADLINE_TAGS = frozenset({"h1", "h2"})
_MEDIA_TAGS = frozenset({"video", "audio", "iframe", "object", "embed"})
# class/id words of reader-comment sections (WordPress "comments"/"commentlist"/"respond",
# Disqus "disqus_thread", "replies"): such a box is kept out of the main text.
_COMMENT_HINT = re.compile(r"comment|disqus|\brespond\b|\breplies\b", re.IGNORECASE)
# Tags whose presence or attributes feed PageSignals (see _Builder._note).
_NOTED_TAGS = frozenset({"p", "article", "meta", "link", "time", "h1", "img"})
# Bound on how far a stray closing tag looks down the stack for its opener (keeps the
# pass linear on garbage input; libxml2 already balances the events it reports).
_MAX_CLOSE_SEARCH = 64
# At most this many rival containers are merged into the main container (bounds the work).
_MAX_RIVALS = 16
# C0 control characters other than tab/newline/CR: never visible text (binary junk)
_CONTROL_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
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

    def finish(self) -> None:
        parts = self.parts
        self.parts = []
        if not parts:
            return
        raw = "".join(parts)
        if raw.isspace():
            return
        if _CONTROL_RE.search(raw):
            raw = _CONTROL_RE.sub("", raw)
        if "\n" in raw:  # may hold <br> breaks: collapse each line on its own
            lines = (" ".join(line.split()) for line in raw.split("\n"))
            text = "\n".join(line for line in lines if line)
        else:
            text = " ".join(raw.split())
        self.text = text
        # collapsed: the only whitespace left is single spaces and newlines
        self.chars = len(text) - text.count(" ") - text.count("\n")
        self.weight = text_weight(text) if self.chars else 0.0
        self.link_chars = min(self.link_chars, self.chars)


@dataclass(slots=True)
class PageSignals:
    """Cheap page-level facts gathered during the same pass (used by the classifier)."""

    og_type: str = ""
    ld_types: list[str] = field(default_factory=list)
    canonical: str = ""
    article_tags: int = 0
    time_tags: int = 0
    anchors: int = 0
    paragraphs: int = 0  # <p> elements
    h1: int = 0
    forms: int = 0
    images: int = 0
    media: int = 0  # <video>, <audio>, <iframe>, <object>, <embed>: players and embeds


@dataclass(slots=True)
class BlockList:
    blocks: list[Block]
    signals: PageSignals

    def text_blocks(self) -> list[Block]:
        return [b for b in self.blocks if b.chars]


class _Builder:
    """Target object for lxml's parser: builds the Block-List from start/end/data events."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.stack: list[Block] = []
        self.signals = PageSignals()
        self.skip = 0  # nesting depth inside a jump tag
        self.skip_ld = False  # inside <script type="application/ld+json">
        self.ld_parts: list[str] = []
        self.in_link = 0
        self.form_depth = 0
        self._new_block("#root")  # holds text before any block tag (fragments)

    # -- helpers --
    def _new_block(self, tag: str, attrib: Any = None) -> Block:
        stack = self.stack
        parent = stack[-1] if stack else None
        block = Block(len(self.blocks), tag, len(stack), parent.index if parent else -1,
                      in_form=self.form_depth > 0)
        if parent is not None and parent.in_comments:
            block.in_comments = True
        elif attrib:
            names = (attrib.get("class") or "") + " " + (attrib.get("id") or "")
            if len(names) > 1 and _COMMENT_HINT.search(names):
                block.in_comments = True
        self.blocks.append(block)
        stack.append(block)
        return block

    # -- target interface --
    # Tag names arrive lower-case (libxml2's HTML parser and lxml.html trees lower-case them).
    def start(self, tag: str, attrib: Any) -> None:
        if self.skip:
            self.skip += 1
            return
        if tag in JUMP_TAGS:
            self.skip = 1
            if tag in _MEDIA_TAGS:
                self.signals.media += 1
            if tag == "script" and "ld+json" in (attrib.get("type") or "").lower():
                self.skip_ld = True
            return
        if tag in BLOCK_TAGS:
            if tag == FORM_TAG:
                self.form_depth += 1
                self.signals.forms += 1
            self._new_block(tag, attrib)
            if tag in _NOTED_TAGS:
                self._note(tag, attrib)
        elif tag == LINK_TAG:
            self.in_link += 1
            self.stack[-1].links += 1
            self.signals.anchors += 1
        elif tag == LINE_BREAK_TAG:
            self.stack[-1].parts.append("\n")
        elif tag == RULE_TAG:
            self._split_top()
        elif tag in _NOTED_TAGS:
            self._note(tag, attrib)

    def end(self, tag: str) -> None:
        if self.skip:
            self.skip -= 1
            if not self.skip and self.skip_ld:
                self.ld_parts.append(" ")
                self.skip_ld = False
            return
        if tag in BLOCK_TAGS:
            self._close(tag)
        elif tag == LINK_TAG and self.in_link:
            self.in_link -= 1

    def data(self, text: str) -> None:
        if self.skip:
            if self.skip_ld and self.skip == 1:
                self.ld_parts.append(text)
            return
        block = self.stack[-1]
        block.parts.append(text)
        if self.in_link:
            block.link_chars += len("".join(text.split()))

    def comment(self, text: str) -> None:  # comments carry no page text
        return None

    def close(self) -> BlockList:
        for block in self.stack:  # blocks still open at the end of the page
            block.end = len(self.blocks) - 1
        for block in self.blocks:
            block.finish()
        if self.ld_parts:
            self.signals.ld_types = _LD_TYPE.findall("".join(self.ld_parts))
        return BlockList(self.blocks, self.signals)

    # -- internals --
    def _close(self, tag: str) -> None:
        stack = self.stack
        pos = len(stack) - 1
        if stack[pos].tag != tag:  # not the usual balanced case: look down the stack
            limit = max(1, len(stack) - _MAX_CLOSE_SEARCH)
            for pos in range(len(stack) - 1, limit - 1, -1):
                if stack[pos].tag == tag:
                    break
            else:
                return  # stray closing tag: ignored
        if pos < 1:
            return  # never pop the root block
        last = len(self.blocks) - 1
        while len(stack) > pos:
            closed = stack.pop()
            closed.end = last
            if closed.tag == FORM_TAG and self.form_depth:
                self.form_depth -= 1
        # text resuming in the enclosing block is a new run: "hello" + "world"
        stack[-1].parts.append(" ")

    def _split_top(self) -> None:
        """<hr>: the text after the rule goes to a new block of the same tag."""
        if len(self.stack) <= 1:
            return
        old = self.stack.pop()
        old.end = len(self.blocks) - 1
        self._new_block(old.tag)

    def _note(self, tag: str, attrib: Any) -> None:
        sig = self.signals
        if tag == "p":
            sig.paragraphs += 1
        elif tag == "article":
            sig.article_tags += 1
        elif tag == "meta":
            key = (attrib.get("property") or attrib.get("name") or "").lower()
            if key == "og:type":
                sig.og_type = (attrib.get("content") or "").strip().lower()
            elif key == "og:url" and not sig.canonical:
                sig.canonical = (attrib.get("content") or "").strip()
        elif tag == "link":
            if (attrib.get("rel") or "").lower() == "canonical":
                sig.canonical = (attrib.get("href") or "").strip() or sig.canonical
        elif tag == "time":
            sig.time_tags += 1
        elif tag == "h1":
            sig.h1 += 1
        elif tag == "img":
            sig.images += 1


# libxml2 HTML parser in "target" mode: callbacks only, no tree. huge_tree lifts the
# 256-level nesting limit (pages with thousands of unclosed <div>s exist).
def _parser(builder: _Builder) -> etree.HTMLParser:
    return etree.HTMLParser(target=builder, huge_tree=True, recover=True, encoding="utf-8",
                            remove_comments=True, remove_pis=True)


def build_blocks(html: str) -> BlockList:
    """The Block-List of ``html`` in one streaming pass (no DOM tree)."""
    builder = _Builder()
    data = html.encode("utf-8", errors="replace")
    if not data.strip():
        return builder.close()
    parser = _parser(builder)
    try:
        parser.feed(data)
        return parser.close()
    except etree.LxmlError:
        # libxml2 gives up on some binary garbage; what was seen so far is kept
        return builder.close()


def blocks_from_tree(root: etree._Element) -> BlockList:
    """The same Block-List replayed from an already parsed tree (for shared ``doc.tree``)."""
    builder = _Builder()
    start, end, data = builder.start, builder.end, builder.data
    for event, el in etree.iterwalk(root, events=("start", "end")):
        tag = el.tag
        if event == "start":
            if isinstance(tag, str):  # comments / processing instructions: only their tail counts
                start(tag.lower(), el.attrib)
                if el.text:
                    data(el.text)
        else:
            if isinstance(tag, str):
                end(tag.lower())
            if el.tail and el is not root:
                data(el.tail)
    return builder.close()


_CACHE_KEY = "_blocklist_cache"


def document_blocks(doc: "Document") -> BlockList:
    """The Block-List of ``doc``, computed once per document and cached on it.

    Always streams ``doc.html`` (the paper's single pass), even when ``doc.tree`` exists:
    replaying the tree costs about the same (see benchmarks/blocklist_speed.py) and the
    shared tree may already have been pruned by another method.
    """
    cached = doc.__dict__.get(_CACHE_KEY)
    if cached is not None:
        return cached
    result = build_blocks(doc.html)
    doc.__dict__[_CACHE_KEY] = result
    return result


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


# --- extraction ---------------------------------------------------------------------------

def is_core(block: Block, opts: "BlockListOptions") -> bool:
    """A long block with little link text: the seed of a content region."""
    return (block.weight >= opts.long_block_words and block.link_density <= opts.max_link_density
            and not (block.in_comments and opts.skip_comment_boxes))


def is_content(block: Block, opts: "BlockListOptions") -> bool:
    """A text block that may belong to the main text once inside the region."""
    return (block.chars >= 1 and block.link_density <= opts.max_link_density
            and not (block.in_comments and opts.skip_comment_boxes))


def main_region(blocks: list[Block], opts: "BlockListOptions") -> tuple[int, int] | None:
    """(first, last) positions in ``blocks`` (text blocks, document order) of the region."""
    cores = [i for i, b in enumerate(blocks) if is_core(b, opts)]
    if not cores:
        best = max(range(len(blocks)), default=None,
                   key=lambda i: blocks[i].weight * (1 - blocks[i].link_density))
        if best is None or blocks[best].chars < opts.min_block_chars \
                or blocks[best].link_density > opts.max_link_density:
            return None
        return best, best
    regions: list[list[int]] = [[cores[0]]]
    for prev, cur in zip(cores, cores[1:]):
        noise = sum(1 for b in blocks[prev + 1:cur] if not is_content(b, opts))
        if noise <= opts.max_gap_blocks:
            regions[-1].append(cur)
        else:
            regions.append([cur])
    best_region = max(regions, key=lambda r: sum(blocks[i].weight for i in r))
    return best_region[0], best_region[-1]


def main_container(blocks: list[Block], opts: "BlockListOptions",
                   text_blocks: list[Block] | None = None) -> Block | None:
    """The block whose subtree holds the main text.

    Each core block votes its weight for its parent block and ``grandparent_share`` of it
    for its grandparent; the best-scored block wins, the outer one on a tie. Paragraphs of
    one article share a parent, while comments and teasers each sit in a box of their own,
    so the article's container outscores a longer comment section.
    """
    score: dict[int, float] = {}
    for block in blocks if text_blocks is None else text_blocks:
        if block.parent < 0 or not is_core(block, opts):
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
    rivals = sorted(rivals, key=lambda i: -score[i])[:_MAX_RIVALS]
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
    if opts.skip_comment_boxes and not any(is_core(b, opts) for b in text_blocks):
        # every long block sits in a "comment" box: the hint misfired (a page wrapper
        # named e.g. "has-comments"), so ignore it rather than return nothing
        opts = replace(opts, skip_comment_boxes=False)
    container = main_container(blocks, opts, text_blocks) if opts.use_container else None
    if container is not None:
        inside = [b for b in text_blocks if container.index <= b.index <= container.end]
    else:
        inside = text_blocks
    region = main_region(inside, opts)
    if region is None:
        return []
    first, last = region
    chosen = [b for b in inside[first:last + 1] if is_content(b, opts)]
    first = _position(text_blocks, chosen[0]) if chosen else 0
    for pos in range(first - 1, max(-1, first - 1 - opts.headline_lookback), -1):
        candidate = text_blocks[pos]
        if candidate.tag in HEADLINE_TAGS and is_content(candidate, opts):
            chosen.insert(0, candidate)
            break
    return chosen


def extract(doc: "Document", options: "Options") -> Page:
    from ..pagetype.classifier import classify_blocks  # local import: pagetype imports this module

    opts = options.blocklist
    page = Page(method="blocklist")
    blist = document_blocks(doc)
    is_page, confidence = classify_blocks(doc, blist)
    page.is_content_page = is_page
    page.content_confidence = confidence
    dist = distribution(blist.text_blocks(), opts.length_bins)
    page.extra["distribution"] = dist
    page.extra["blocks"] = len(blist.blocks)
    if opts.use_classifier and not is_page:
        page.reason = f"not a content page (confidence {confidence:.2f})"
        return page
    chosen = select_blocks(blist.blocks, opts)
    paragraphs = [line for b in chosen for line in b.text.split("\n")]
    page.set_paragraphs(paragraphs)
    if options.explain:
        keep = {b.index for b in chosen}
        page.explain = [
            {"block": b.index, "tag": b.tag, "depth": b.depth, "chars": b.chars,
             "link_density": round(b.link_density, 3), "keep": b.index in keep,
             "text": b.text[:80]}
            for b in blist.blocks if b.chars
        ]
    if not page.text:
        page.reason = "no long low-link block found"
    return page
