"""Tag tree + voting over text blocks, and the page object (seed 001, textbook chapter).

1. The tag tree is ``doc.tree`` (lxml builds it with the stack the textbook describes).
2. The tree's visible text is cut into text blocks at block-level tags
   (:func:`maintext.html.blocks.segment`) and each block is typed: **hub** (mostly link text),
   **pic** (an image with at most a short caption) or **topic** (prose).
3. Every rule of :func:`~maintext.methods.vote_rules.rules` scores every block; raw scores
   are normalised to [0, 1] by the rule's declared range, weighted (``VoteOptions.weights``)
   and averaged into the block's vote. Topic blocks whose vote reaches
   ``VoteOptions.topic_threshold`` are content.
4. The body is the content blocks in depth-first (document) order.

The page object: title (``<title>``), content title (the heading that introduces the body,
used when ``<title>`` is poor), content, forward links (anchor texts; ``in_main`` for links
inside the body), and anchor text (``Page.incoming_anchors``: other pages' words for this
page, which only a crawl can collect; left empty here).
"""

from __future__ import annotations

import lxml.etree as etree

from ..html.blocks import BLOCK_TAGS, TextBlock, element_segmentation
from ..html.structure import typed_blocks
from ..html.document import Document
from ..metadata.extract import extract_links
from ..options import Options
from ..paper_options import VoteOptions
from ..result import Page
from ..textutil import collapse_ws
from .vote_rules import PageContext, build_context, normalise, position_zone, rules

TOPIC, HUB, PIC = "topic", "hub", "pic"
HEADINGS = frozenset({"h1", "h2", "h3"})


def block_type(block: TextBlock, opts: VoteOptions) -> str:
    """topic / hub / pic, from link share and images."""
    if block.text and block.link_density >= opts.hub_link_density:
        return HUB
    if block.images and len(block.text) <= opts.pic_max_chars:
        return PIC
    near = block.path[max(0, len(block.path) - opts.pic_figure_levels):]
    if block.tag in ("figcaption", "caption") or "figure" in near:
        return PIC
    if not block.text:
        return PIC
    return TOPIC


def vote(blocks: list[TextBlock], opts: VoteOptions) -> tuple[list[dict[str, float]], list[float]]:
    """Per-block normalised rule scores and weighted totals in [0, 1]."""
    ctx: PageContext = build_context(blocks, opts)
    table = rules(opts)
    weights = {rule.name: float(opts.weights.get(rule.name, 1.0)) for rule in table}
    unknown = set(opts.weights) - set(weights)
    if unknown:
        raise ValueError(f"unknown vote rule(s) in weights: {', '.join(sorted(unknown))}")
    weight_sum = sum(w for w in weights.values() if w > 0) or 1.0
    per_block: list[dict[str, float]] = []
    totals: list[float] = []
    for block in blocks:
        scores = {rule.name: normalise(rule, rule.score(block, ctx)) for rule in table}
        per_block.append(scores)
        totals.append(sum(weights[n] * s for n, s in scores.items()) / weight_sum)
    return per_block, totals


def topic_blocks(types: list[str], totals: list[float], opts: VoteOptions) -> list[int]:
    """Indexes of the topic blocks whose vote reaches the threshold. When none does, the
    textbook's reading applies: the best-voted blocks are the content, i.e. those within
    ``fallback_share`` of the best topic vote."""
    topics = [(i, total) for i, (t, total) in enumerate(zip(types, totals)) if t == TOPIC]
    kept = [i for i, total in topics if total >= opts.topic_threshold]
    if kept or not topics or opts.fallback_share is None:
        return kept
    best = max(total for _, total in topics)
    return [i for i, total in topics if total >= best * opts.fallback_share]


def best_region(root: etree._Element, blocks: list[TextBlock], kept: list[int],
                penalty: float) -> etree._Element | None:
    """The block-level element whose subtree holds the most content text minus
    ``penalty`` times its other text (the textbook's "first TABLE" holding the body).

    One iterative post-order walk: each element's sum is its own blocks' plus its
    children's sums.
    """
    kept_set = set(kept)
    own: dict[int, float] = {}
    for block in blocks:
        value = block.chars if block.index in kept_set else -penalty * block.chars
        key = id(block.element)
        own[key] = own.get(key, 0.0) + value
    best, best_sum = None, 0.0
    sums: list[float] = [0.0]
    for event, el in etree.iterwalk(root, events=("start", "end")):
        if event == "start":
            sums.append(0.0)
            continue
        total = sums.pop() + own.get(id(el), 0.0)
        sums[-1] += total
        if total > best_sum and isinstance(el.tag, str) and el.tag.lower() in BLOCK_TAGS:
            best, best_sum = el, total
    return best


def inside(region: etree._Element, blocks: list[TextBlock], indexes: list[int]) -> list[int]:
    """The ``indexes`` of blocks whose element lies in ``region``'s subtree."""
    members = {id(el) for el in region.iter()}
    return [i for i in indexes if id(blocks[i].element) in members]


def content_title(blocks: list[TextBlock], kept: list[int], title: str,
                  opts: VoteOptions | None = None) -> str:
    """The heading that introduces the body: the last h1-h3 before the first content block
    (else the first h1 of the page); when none exists and ``<title>`` is empty, the
    opening of the first content block."""
    opts = opts if opts is not None else VoteOptions()
    longest = opts.title_max_chars
    first = kept[0] if kept else len(blocks)
    for block in reversed(blocks[:first]):
        if block.tag in HEADINGS and 0 < len(block.text) < longest:
            return block.text
    for block in blocks:
        if block.tag == "h1" and 0 < len(block.text) < longest:
            return block.text
    if not title and kept:
        return blocks[kept[0]].text[:opts.title_fallback_chars]
    return ""


def _explain(blocks, types, scores, totals, kept_set, ctx_zone) -> list[dict]:
    return [
        {"index": b.index, "text": b.text[:80], "tag": b.tag, "type": t, "zone": z,
         "scores": {k: round(v, 3) for k, v in s.items()}, "total": round(total, 3),
         "kept": b.index in kept_set}
        for b, t, s, total, z in zip(blocks, types, scores, totals, ctx_zone)
    ]


def extract(doc: Document, options: Options) -> Page:
    opts = options.vote
    page = Page(url=doc.url, method="vote")
    root = doc.tree
    title_el = root.find(".//title")
    page.title = collapse_ws(title_el.text_content()) if title_el is not None else ""
    seg, blocks = element_segmentation(root)
    if not blocks:
        page.reason = "no visible text"
        return page
    types = [block_type(b, opts) for b in blocks]
    scores, totals = vote(blocks, opts)
    kept = topic_blocks(types, totals, opts)
    if opts.region_penalty is not None and kept:
        region = best_region(root, blocks, kept, opts.region_penalty)
        if region is not None:
            kept = inside(region, blocks, kept)
    # depth-first order of the tag tree = document order of the blocks
    page.set_paragraphs([blocks[i].text for i in kept])
    page.blocks = typed_blocks([seg.blocks[i] for i in kept], seg, doc.url)
    page.headline = content_title(blocks, kept, page.title, opts)
    if options.with_links:
        body_anchors = {id(a) for i in kept for a in blocks[i].anchors}
        page.links = extract_links(root, doc.url, main_anchors=body_anchors)
    if not kept:
        page.reason = "no text block won enough votes"
    if options.explain:
        ctx = build_context(blocks, opts)
        zones = [position_zone(b, ctx)[1] for b in blocks]
        page.explain = _explain(blocks, types, scores, totals, set(kept), zones)
    page.extra["vote"] = {"blocks": len(blocks), "kept": len(kept)}
    return page
