"""``auto``: the default extractor.

One parse, then:

1. **Clean** the tree (:mod:`maintext.html.clean`): drop tags that never hold running text and
   hidden elements.
2. **Segment** the body in one iterative walk (:mod:`maintext.html.segment`) into text blocks
   in document order; each block knows its text, link text, the block elements it sits
   in, and whether a boilerplate class/id or a furniture tag encloses it.
   Boxes marked as comments, related links, ads, navigation... are not walked unless
   they hold much of the page's text.
3. **Score containers** as readability does, CJK-aware: every prose block adds
   ``1 + commas + length`` to its container, half to the one above, a third above that;
   a container's score is scaled by its non-link share and its class/id hint. Semantic
   markers (``<article>``, ``itemprop=articleBody``) and the headline nearby add a bonus
   (the class and headline bonuses at most what the container's own text earns, so a
   small box with a lucky class name does not win); when a separate container scores
   close, the JSON-LD ``articleBody`` settles it.
4. **Widen**: out of a winning list to its box; to the common ancestor of separate
   containers scoring at least half as well (an article cut into page-builder
   sections); to an ancestor that adds much link-free running text (a thread, a long
   page); to sibling containers that hold good prose (a split article body), before
   the winner also over a short box of title lines (a quoted article's byline).
5. **Filter** blocks in the chosen region: link lists (not a paragraph of sentences set
   in one link), boilerplate boxes inside it, furniture lines ("Advertisement", "Share
   this", datelines, image credits, figure captions, blog post footers "June 3 |
   permalink | 2 comments"), sections under a "Related stories" heading, short lines
   and calls to action ("Follow us", newsletter, author box) trailing the article,
   advertising notices opening it. The lead (standfirst) between the headline and the first kept
   block is added, also from the article's ``<header>``.
6. **Fallbacks**: a weak winner falls back to all prose blocks of the page, then to the
   JSON-LD ``articleBody``. The page-type classifier
   runs on every page (:mod:`maintext.pagetype.classifier`, on the same segmentation) and sets
   ``is_content_page``; a short result on a confident "not a content page" whose text is
   mostly links (a hub, a list, a home page) is emptied; other kinds keep their text.

With ``options.explain`` each block's decision and reason is recorded in ``page.explain``.
"""

from __future__ import annotations

from typing import Any

from ...html.blocklist import PageView, head_signals, page_view
from ...html.clean import clean_tree
from ...html.document import Document
from ...html.markers import BR, IMAGE, MARK_BR, SPAN_CLOSE, SPAN_OPEN
from ...html.segment import Block, RunningEvidence, SKIP_REASONS, Segmentation, segment_cleaned
from ...html.structure import paragraph_blocks, typed_blocks
from ...metadata.title import decide_headline
from ...options import AutoOptions, Options
from ...output.fields import wants_blocks
from ...pagetype.classifier import classify_with_links
from ...result import Page
from ...site.template import has_site_evidence, template_texts
from ...textutil import collapse_ws
from .common import Region, _is_prose, _weight, _weight_below, locate_explained
from .edges import _lead_blocks, trim_edges
from .filter import _drop_repeats, select_blocks
from .gallery import drop_captions, gallery_containers
from .headings import drop_orphan_headings
from .score import _page_title, choose_region
from ...metadata.jsonld import JsonLdBody
from .heuristics import AutoHeuristics
from ...html import walk as _walk

try:  # _set_text's loop in C (maintext/methods/auto/_select.pxi), else _paragraphs
    from ._score import paragraphs as _c_paragraphs
except ImportError:
    _c_paragraphs = None


def extract(doc: Document, options: Options) -> Page:
    opts = options.auto
    h = opts.heuristics
    page = Page(url=doc.url, method="auto")
    alone = _text_alone(doc, options)
    root, pruned = doc.pruned_tree() if alone else (doc.tree, None)
    if pruned is not None and "script" not in pruned.tags:
        doc.ld_script_texts = []  # the pruned build copied no script: no JSON-LD in the tree
    hint = JsonLdBody(doc)  # before cleaning: JSON-LD sits in <script>
    title = _page_title(root)  # ... and the title in <head>
    # ... and og:type/canonical for the page-type check (kept for later): root.find("head"),
    # the first <head> child, without ElementPath's machinery
    head = next(root.iterchildren("head"), None)
    # texts the site's other pages share (maintext.site.template), read before cleaning
    templates = template_texts(doc, root) if opts.drop_site_template and has_site_evidence(doc, "auto") else frozenset()
    removed = clean_tree(root, options.native, pruned)
    skip = SKIP_REASONS - ({"comments"} if opts.include_comments else set())
    # (no span, image or link element is made but for the typed blocks and explain, which
    # read them: the others read only their counts, and mark_main_links the links' nodes)
    box_elements = _reads_box_elements(options)
    seg = segment_cleaned(root, skip if opts.skip_boilerplate else frozenset(), options.native, _evidence(h),
                          elements=box_elements and not alone, box_elements=box_elements)
    explain = _explain_dropped(removed, seg) if options.explain else None
    if not seg.blocks:
        page.reason = "page has no text"
        page.explain = explain
        if explain is not None:
            locate_explained(explain, seg, root, page, None)
        return page

    region, kept = _region_and_blocks(h, seg, opts, hint, title, explain, options.include_images)
    kept = _refine_blocks(h, seg, opts, region, kept, explain)
    kept, why = _weak_fallback(h, seg, kept, region.why)
    if templates:
        kept = [b for b in kept if b.text not in templates]
    _set_text(page, doc, options, seg, kept, hint, why)
    page.headline = decide_headline(doc, _headline(h, seg, region))
    below = _weight_below(kept, opts.classify_below_words) < opts.classify_below_words
    # on every page when the metadata (is_content_page) is asked for; else only where its
    # answer can change the text (a short result)
    if opts.use_classifier and ((opts.classify_always and options.with_metadata) or below):
        _apply_page_type(page_view(seg, head_signals(head, hint.texts)), doc.url, page, opts,
                         # a body declared in JSON-LD (kept empty) is not judged by the visible page
                         short=bool(kept) and below)
    if not page.text and page.reason is None:
        page.reason = "no block of running text found"
    elif page.text and kept and doc.link_anchors:
        mark_main_links(doc, seg, kept)
    page.explain = explain
    if explain is not None:
        locate_explained(explain, seg, root, page, region)
    return page


def _text_alone(doc: Document, options: Options) -> bool:
    """Whether nothing but this method's own reading needs the uncleaned tree: the text
    alone asked for (no metadata, links, comments, blocks or explain), no site to compare
    with. The tree is then built already pruned (maintext.html.html5.build_pruned)."""
    return not options.with_metadata and not options.with_links and record_build(doc, options)


def record_build(doc: Document, options: Options) -> bool:
    """Whether nothing but this method's own reading and the metadata and links passes read
    the tree's attributes: no comments, blocks (markdown, html) or explain asked for, no site
    to compare with. The tree is then html5's record build (only the attributes of
    maintext.html.html5.RECORD_ATTRIBUTES; Document.tree asks when it builds the tree, for
    the metadata pass or this method)."""
    return (options.fields is not None and not options.with_comments and not options.explain
            and not wants_blocks(options.fields) and not has_site_evidence(doc, "auto"))


def _reads_box_elements(options: Options) -> bool:
    """Whether a container's element is read as ``Container.el`` (the typed blocks, the
    explain paths); else the walk makes none (Segmentation.element gives the few asked
    for: the gallery and widening tests, before the tree changes)."""
    return options.explain or (options.with_blocks and wants_blocks(options.fields))


def _explain_dropped(removed: list[tuple[str, str]], seg: Segmentation) -> list[dict[str, Any]]:
    """The explain entries of what cleaning removed and of the boxes the walk did not read."""
    explain: list[dict[str, Any]] = []
    for tag, why in removed:
        explain.append({"block": f"<{tag}>", "decision": "drop", "reason": why})
    for cid, chars in seg.skipped:
        c = seg.containers[cid]
        explain.append({"block": f"<{c.tag}>", "decision": "drop",
                        "reason": f"not read: {c.boiler} ({chars} characters)", "container": cid})
    return explain


def _refine_blocks(h: AutoHeuristics, seg: Segmentation, opts: AutoOptions, region: Region, kept: list[Block],
                   explain: list[dict[str, Any]] | None) -> list[Block]:
    """The region's blocks with the lead blocks before them (unless favoring precision),
    edges trimmed (unless favoring recall) and orphan headings dropped."""
    if kept and not opts.favor_precision:
        kept = _lead_blocks(h, seg, kept[0].index, region.top, explain, region.headline) + kept
    if not opts.favor_recall:
        kept = trim_edges(h, seg, kept, region.top, explain, cut_comments=not opts.include_comments)
    return drop_orphan_headings(seg, kept, explain)


def _weak_fallback(h: AutoHeuristics, seg: Segmentation, kept: list[Block], why: str) -> tuple[list[Block], str]:
    """(blocks, why): a weak result gives way to all prose blocks of the page outside
    boilerplate boxes, then to those in layout widgets too, when they weigh more."""
    weight = _weight_below(kept, h.weak_result_weight)  # (each list's weight summed once; read below the limit)
    if weight < h.weak_result_weight:
        fallback = [b for b in seg.blocks if _is_prose(h, b) and not b.boiler]
        more = _weight(fallback)
        if more > weight:
            why = "weak container: all prose blocks of the page"
            kept, weight = fallback, more
    if weight < h.weak_result_weight:
        fallback = [b for b in seg.blocks
                    if _is_prose(h, b) and (not b.boiler or b.boiler in h.last_resort_reasons)]
        if _weight(fallback) > weight:
            why = "weak container: all prose blocks, layout widgets included"
            kept = fallback
    return kept, why


def _set_text(page: Page, doc: Document, options: Options, seg: Segmentation, kept: list[Block],
              hint: JsonLdBody, why: str) -> None:
    """The page's paragraphs and typed blocks from the kept blocks, or from the JSON-LD
    body when they hold no text; ``why`` (or the JSON-LD) recorded as the region."""
    paragraphs = (_c_paragraphs(kept, MARK_BR, Block, _MARKERS) if _c_paragraphs is not None and _walk.ENABLED
                  else _paragraphs(kept))
    if not paragraphs and hint.body():
        paragraphs = [collapse_ws(line) for line in hint.body().splitlines() if line.strip()]
        why = "JSON-LD articleBody"
        page.blocks = paragraph_blocks(paragraphs)
    elif options.with_blocks and wants_blocks(options.fields):  # text only: no structure work
        page.blocks = typed_blocks(kept, seg, doc.url)
    page.set_paragraphs(paragraphs)
    page.extra["auto"] = {"region": why}


# (the markers _score.paragraphs reads a line-broken block's raw text by, in its order)
_MARKERS = BR + SPAN_OPEN + SPAN_CLOSE + IMAGE


def _paragraphs(kept: list[Block]) -> list[str]:
    """The paragraphs of the kept blocks: each one's ``lines()``, without a list per block of
    one line (the Python twin of ``_score.paragraphs``, which runs on every page)."""
    paragraphs: list[str] = []
    for b in kept:
        if b.marked & MARK_BR:
            paragraphs += b.lines()
        elif b.text:
            paragraphs.append(b.text)
    return paragraphs


# (the heuristics last read by _evidence and their rule: one pair, swapped whole)
_EVIDENCE: tuple[Any, Any] = (None, None)


def _evidence(h: AutoHeuristics) -> RunningEvidence:
    """The segmentation's rule for boxes whose class/id word says boilerplate (see
    RunningEvidence): made once per heuristics object (frozen), not per page."""
    global _EVIDENCE
    cached = _EVIDENCE
    if cached[0] is not h:
        cached = _EVIDENCE = (h, RunningEvidence(
            h.evidence_reasons, h.evidence_min_chars, h.evidence_link_density_max, h.evidence_min_running,
            h.evidence_running_share, h.evidence_teaser_share_max, h.long_block_weight))
    return cached[1]


def _region_and_blocks(h: AutoHeuristics, seg: Segmentation, opts: AutoOptions, hint: JsonLdBody, title: str,
                       explain: list[dict[str, Any]] | None, images: bool) -> tuple[Region, list[Block]]:
    """The region and its selected blocks. With an embedded gallery on the page its captions
    score less and are dropped, but only when an article (``gallery_min_article_weight``
    words) is left outside it; else the page is read as if there were no gallery."""
    galleries = gallery_containers(h, seg)
    if galleries:
        trial: list[dict[str, Any]] | None = [] if explain is not None else None
        region = choose_region(h, seg, opts, hint, title, galleries)
        kept = drop_captions(h, _drop_repeats(h, select_blocks(h, seg, region, opts, trial, images), trial),
                             galleries, trial)
        if _weight_below(kept, h.gallery_min_article_weight) >= h.gallery_min_article_weight:
            if explain is not None and trial:
                explain.extend(trial)
            return region, kept
    region = choose_region(h, seg, opts, hint, title)
    return region, _drop_repeats(h, select_blocks(h, seg, region, opts, explain, images), explain)


def mark_main_links(doc: Document, seg: Segmentation, kept: list[Block]) -> None:
    """``in_main`` for the links whose ``<a>`` starts in a kept block (the element itself,
    not its words: a nav link whose anchor text also occurs in the article stays out).
    In C (``_walk.main_links``): the elements, or after a walk without elements, the native
    walk's recorded nodes; else (or when it cannot read them) the Python loop."""
    pairs = doc.link_anchors
    nodes = seg._anchor_nodes
    if _walk.ENABLED and (nodes is None or isinstance(nodes, bytes)):
        done = _walk.native.main_links(kept, seg.anchors, pairs, nodes)
    else:
        done = False
    if not done:
        _main_links(kept, seg.anchors, pairs, _anchor_elements(seg))
    doc.links_marked = True


def _anchor_elements(seg: Segmentation) -> list[Any]:
    """The ``<a>`` element of each of ``seg.anchors`` (Segmentation.anchor_element)."""
    nodes = seg._anchor_nodes
    if nodes is None:
        return [el for _index, el in seg.anchors]
    if isinstance(nodes, list):
        return nodes
    return [seg.anchor_element(i) for i in range(len(seg.anchors))]


def _main_links(kept: list[Block], anchors: list[tuple[int, Any]], pairs: list[tuple[Any, Any]],
                elements: list[Any] | None = None) -> None:
    """The loop of :func:`mark_main_links` (the twin of ``_walk.main_links``); ``elements``:
    the anchors' elements, when they do not hold them (a walk without elements)."""
    kept_index = {b.index for b in kept}
    if elements is None:
        elements = [el for _index, el in anchors]
    inside = {id(el) for (index, _el), el in zip(anchors, elements) if index in kept_index}
    for el, link in pairs:
        link.in_main = id(el) in inside


def _headline(h: AutoHeuristics, seg: Segmentation, region: Region) -> str:
    """The first <h1> inside the main region or just before it (the article's headline)."""
    if not region.ranges:
        return ""
    start, end = region.ranges[0][0], region.ranges[-1][1]
    blocks = seg.blocks
    for i in seg.blocks_of("h1"):  # (the <h1> blocks alone, in order: i is their index)
        if i >= end:
            break
        if start - h.headline_reach <= i and 0 < len(blocks[i].text) < h.headline_max_chars:
            return blocks[i].text
    return ""


def _apply_page_type(view: PageView, url: str | None, page: Page, opts: AutoOptions, short: bool) -> None:
    """Run the page-type classifier on the view of the one segmentation and set
    ``is_content_page`` / ``content_confidence``. The text is emptied only for a hub or list:
    a confident "not a content page" whose extracted text is short and whose page text is
    mostly link text (a product, service or form page keeps what was extracted)."""
    try:
        is_content, confidence, link_density = classify_with_links(view, url)
    except Exception as exc:  # noqa: BLE001 - a classifier failure must not lose the text
        page.extra.setdefault("auto", {})["classifier_error"] = f"{type(exc).__name__}: {exc}"
        return
    page.is_content_page = is_content
    page.content_confidence = round(confidence, 3)
    page.extra.setdefault("auto", {})["page_link_density"] = round(link_density, 3)
    if (not is_content and short and confidence >= opts.empty_min_confidence and page.text
            and link_density >= opts.empty_min_link_density):
        page.extra["auto"]["dropped_text_chars"] = len(page.text)
        page.set_paragraphs([])
        page.blocks = []
        page.headline = ""
        page.reason = f"not a content page (page-type classifier, confidence {confidence:.2f})"
