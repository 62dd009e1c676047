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
   JSON-LD ``articleBody``. A short result is checked with the page-type classifier
   (:mod:`maintext.pagetype.classifier`); a confident "not a content page" empties the text.

With ``options.explain`` each block's decision and reason is recorded in ``page.explain``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import lxml.etree as etree

from ..html.clean import (CAPTION_MAX_CHARS, HEADING_TAGS, clean_tree, is_comments_heading, is_credit_line, is_disclosure_line,
                     is_furniture_line, is_post_line, is_promo_line, is_related_heading,
                     is_signoff_line)
from ..html.document import Document
from ..options import AutoOptions, Options
from ..result import Page
from ..site.template import template_texts
from ..html.segment import SKIP_REASONS, Block, Container, Segmentation, segment
from ..textutil import collapse_ws

# Initial score of a container by tag (readability's table): generic boxes are likely
# containers, list/heading parts are unlikely ones.
_TAG_PRIOR: dict[str, float] = {
    "div": 5.0, "article": 8.0, "main": 5.0, "section": 3.0, "td": 3.0, "blockquote": 3.0,
    "pre": 3.0, "form": -3.0, "ol": -3.0, "ul": -3.0, "dl": -3.0, "dd": -3.0, "dt": -3.0,
    "li": -3.0, "address": -3.0, "th": -5.0, "h1": -5.0, "h2": -5.0, "h3": -5.0,
    "h4": -5.0, "h5": -5.0, "h6": -5.0, "body": -5.0, "html": -10.0,
}

# --- container scoring ---
CLASS_WEIGHT = 25.0  # readability's +-25 for content / boilerplate class words
SEMANTIC_BONUS = 30.0  # <article>, <main>, role=main, itemprop=articleBody
# Ancestor levels a block's score reaches, with their share (readability: 1, 1/2, 1/3 ...).
LEVEL_SHARE: tuple[float, ...] = (1.0, 0.5, 1 / 3.0, 0.25)
# A prose block scores 1 + commas + weight / LENGTH_UNIT (at most LENGTH_CAP).
LENGTH_UNIT = 15.0
LENGTH_CAP = 3.0
MIN_PROSE_WEIGHT = 5.0  # words (CJK-aware) for a block to count as prose when scoring
# Score factor of a container inside a boilerplate container (comments, side column):
# a soft penalty, as a layout wrapper may carry an unlucky class name.
INSIDE_BOILER_FACTOR = 0.5
# A container that holds the first <h1> or starts at most HEADLINE_REACH blocks after it.
HEADLINE_BONUS = 15.0
HEADLINE_REACH = 8
# The headline is the first heading of these tags whose text (at least this long) is part of
# the page's <title>; without one, the first <h1>.
TITLE_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4"})
TITLE_HEADING_MIN_CHARS = 8
# Hint bonuses (content class, headline) add at most this multiple of the score
# the container's own text earns: a small box with a lucky class name does not win.
BONUS_CAP = 1.0
RIVAL_SHARE = 0.7  # a separate container within this share of the best score is a rival

# --- widening ---
SIBLING_SHARE = 0.2  # a sibling container joins with this share of the winner's score
SPACER_WEIGHT = 5.0  # a sibling box with less text is skipped over when widening
# Before the winner, a short box of title lines (fewer words than TITLE_BOX_WEIGHT, little
# link text, no sentence end, not the page's <h1>) is passed over and joined when the box
# beyond it holds TITLE_BOX_PROSE words of sentences and joins: a quoted article's source,
# headline and byline after the poster's comment on it. Not after the winner: there such a
# box opens something else (the next post, a notice). Not the <h1>: the article starts there.
TITLE_BOX_WEIGHT = 40.0
TITLE_BOX_LINK_DENSITY = 0.1
TITLE_BOX_PROSE = 15.0
# Widening to an ancestor: at most UP_LEVELS up, when the ancestor adds running text of
# at least UP_EXTRA_SHARE of the winner's, with link density at most UP_LINK_DENSITY_MAX.
UP_LEVELS = 4
# Separate containers scoring at least this share of the winner's score are parts of the
# same article: the region widens to their common ancestor.
PEER_SHARE = 0.5
PEER_MIN_PROSE = 25.0  # words of running text a peer holds (not a list of teasers)
LIST_TAGS = frozenset({"ul", "ol", "dl", "li", "dd", "dt"})
UP_EXTRA_SHARE = 1.0  # (0.5 before peers were joined: measured 1.0 better on 6 of 7 sets)
UP_LINK_DENSITY_MAX = 0.25
WEAK_RESULT_WEIGHT = 25.0  # below this many words the result falls back to all prose
# Boilerplate reasons that come from layout words rather than from other content: page
# builders wrap every box, the article's too, in a "widget". Prose in such boxes is taken
# only when nothing else on the page is left (the last fallback).
LAST_RESORT_REASONS = frozenset({"widget", "post metadata"})

# --- block filtering ---
LINK_DENSITY_MAX = 0.5  # a short block with more link text than this is a link list
# A long block (a paragraph of prose) is kept with more link text than a short one: news
# digests link every sentence, a link list has short items.
LONG_BLOCK_WEIGHT = 25.0
LONG_LINK_DENSITY_MAX = 0.7
LIST_LINK_DENSITY_MAX = 0.35  # a list with more link text is a list of links
# ... and a paragraph wholly in one link (link density at least LINKED_PROSE_MIN_DENSITY)
# is kept when it holds LINKED_PROSE_SENTENCES or more sentences of at least
# LINKED_PROSE_SENTENCE_WEIGHT words each on average: a linked note ("* Click here for the
# rates to other countries. Rates are good 24 hours a day.") or the teasers of a listing
# page are prose; linked headlines are short and have no full stop.
LINKED_PROSE_MIN_DENSITY = 0.9
LINKED_PROSE_SENTENCES = 2
LINKED_PROSE_SENTENCE_WEIGHT = 8.0
_SENTENCE_BREAK = re.compile(r"[.!?。！？…](?:\s|$)")
# AutoOptions.favor_precision / favor_recall scale the link-density limits by these.
PRECISION_LINK_FACTOR = 0.66
RECALL_LINK_FACTOR = 1.3
# At most this many calls to action ("Follow us on ...", newsletter) end an article.
PROMO_TAIL = 3
PROMO_HEAD = 2  # ... and at most this many notices (affiliate links, "Anzeige") open it
# A call to action among the last PITCH_REACH paragraphs (each shorter than PITCH_MAX_WEIGHT
# words) ends the article with the pitch that follows it (a paywall's "subscribe" and its
# list of offers), when the article before it is PITCH_ARTICLE_SHARE times longer.
PITCH_REACH = 6
PITCH_MAX_WEIGHT = 60.0
PITCH_ARTICLE_SHARE = 2.0
TRAIL_WEIGHT = 6.0
FURNITURE_LINES_WEIGHT = 40.0  # a block of several furniture lines (dates, credits) is at most this long  # shorter trailing lines without a sentence end are furniture
RELATED_CUT_AFTER = 30.0  # words of article text before a "Related" heading may end it
# Tags of a "Comments" heading that ends the article: headings, and the short lines themes
# use instead (``<div class="comments-title">``, ``<p><b>3 Comments</b></p>``).
COMMENT_HEADING_TAGS = frozenset({"div", "p", "span", "strong", "b", "dt", "legend", "caption"})
# Characters that end a sentence, closing quotes included: ” (English), “ (German), » and «
# (German and French guillemets), ’.
SENTENCE_END = frozenset(".!?。！？…\"'”“»«’")
# A lead (standfirst) between the headline and the main container: a sentence of at least
# LEAD_MIN_WEIGHT words with little link text, outside boxes other than the article header.
LEAD_MIN_WEIGHT = 12.0
LEAD_LINK_DENSITY_MAX = 0.2
LEAD_BOILER_OK = frozenset({None, "<header>"})
# Runs of REPEAT_RUN kept paragraphs, each at least REPEAT_MIN_WEIGHT words, that repeat
# earlier ones are a second copy of the article when they hold REPEAT_SHARE of its words.
REPEAT_MIN_WEIGHT = 10.0
REPEAT_RUN = 3
REPEAT_SHARE = 0.3
# Without a headline nearby: the lead paragraphs among at most LEAD_BACK blocks right before
# the first kept block, over furniture between them (share buttons, bylines, dates, an audio
# player: furniture lines, shorter than LEAD_SKIP_WEIGHT words or mostly links); long ones (LONG_BLOCK_WEIGHT) right
# before it also outside the box below.
LEAD_BACK = 8
LEAD_SKIP_WEIGHT = 10.0
# ... and inside the box this many levels above the main container, or inside the nearest
# <article> around it at most LEAD_SEMANTIC_LEVELS up (not in a side column that comes
# first in the page's source).
LEAD_UP_LEVELS = 4
LEAD_SEMANTIC_LEVELS = 8


@dataclass
class Region:
    """The chosen main container and the block ranges [start, end) taken from the page."""

    top: Container | None
    ranges: list[tuple[int, int]]
    why: str
    headline: int | None = None  # block index of the heading the <title> repeats


def extract(doc: Document, options: Options) -> Page:
    opts = options.auto
    page = Page(url=doc.url, method="auto")
    root = doc.tree
    hint = JsonLdHint(root, doc.__dict__.get("_ld_script_texts"))  # before cleaning: JSON-LD sits in <script>
    title = _page_title(root)  # ... and the title in <head>
    # texts the site's other pages share (maintext.site.template), read before cleaning
    templates = template_texts(doc, root) if opts.drop_site_template and doc.site_docs else frozenset()
    removed = clean_tree(root)
    skip = SKIP_REASONS - ({"comments"} if opts.include_comments else set())
    seg = segment(root, skip=skip if opts.skip_boilerplate else frozenset())
    if seg.skipped and not any(_is_prose(b) for b in seg.blocks):
        seg = segment(root)  # everything was in skipped boxes: read them after all
    explain: list[dict[str, Any]] | None = [] if options.explain else None
    if explain is not None:
        for tag, why in removed:
            explain.append({"block": f"<{tag}>", "decision": "drop", "reason": why})
        for cid, chars in seg.skipped:
            c = seg.containers[cid]
            explain.append({"block": f"<{c.tag}>", "decision": "drop",
                            "reason": f"not read: {c.boiler} ({chars} characters)", "container": cid})
    if not seg.blocks:
        page.reason = "page has no text"
        page.explain = explain
        if explain is not None:
            _locate(explain, seg, root, page, None)
        return page

    region = choose_region(seg, opts, hint, title)
    why = region.why
    kept = _drop_repeats(select_blocks(seg, region, opts, explain), explain)
    if kept and not opts.favor_precision:
        kept = _lead_blocks(seg, kept[0].index, region.top, explain, region.headline) + kept
    if not opts.favor_recall:
        kept = trim_edges(seg, kept, region.top, explain, cut_comments=not opts.include_comments)
    if _weight(kept) < WEAK_RESULT_WEIGHT:
        fallback = [b for b in seg.blocks if _is_prose(b) and not b.boiler]
        if _weight(fallback) > _weight(kept):
            why = "weak container: all prose blocks of the page"
            kept = fallback
    if _weight(kept) < WEAK_RESULT_WEIGHT:
        fallback = [b for b in seg.blocks
                    if _is_prose(b) and (not b.boiler or b.boiler in LAST_RESORT_REASONS)]
        if _weight(fallback) > _weight(kept):
            why = "weak container: all prose blocks, layout widgets included"
            kept = fallback
    if templates:
        kept = [b for b in kept if b.text not in templates]
    paragraphs = [p for b in kept for p in b.lines()]
    if not paragraphs and hint.body():
        paragraphs = [collapse_ws(line) for line in hint.body().splitlines() if line.strip()]
        why = "JSON-LD articleBody"
    page.set_paragraphs(paragraphs)
    page.extra["auto"] = {"region": why}
    headline = _headline(seg, region)
    if headline:
        page.headline = headline
    if opts.use_classifier and (opts.classify_always or _weight(kept) < opts.classify_below_words):
        _apply_page_type(doc, page, opts)
    if not page.text and page.reason is None:
        page.reason = "no block of running text found"
    elif page.text and kept and doc.link_anchors:
        mark_main_links(doc, seg, kept)
    page.explain = explain
    if explain is not None:
        _locate(explain, seg, root, page, region)
    return page


def _locate(explain: list[dict[str, Any]], seg: Segmentation, root: Any, page: Page,
            region: Region | None) -> None:
    """--explain: each record's container id becomes ``path``, the XPath of the block's
    innermost block element in the cleaned tree (the annotated view outlines it), and the
    main container's path goes to ``page.extra["auto"]["main_path"]``."""
    elements = container_elements(root, seg)
    tree = root.getroottree()
    for record in explain:
        cid = record.pop("container", None)
        if elements and cid is not None:
            record["path"] = tree.getpath(elements[cid])
    if elements and region is not None and region.top is not None:
        page.extra.setdefault("auto", {})["main_path"] = tree.getpath(elements[region.top.id])


def container_elements(root: Any, seg: Segmentation) -> list[Any]:
    """The element of each container of ``seg`` by id, found by the walk segment() made
    (block tags in document order, skipped boxes not entered); [] if they do not match."""
    from ..html import segment as segmentation

    skipped = {cid for cid, _ in seg.skipped}
    elements: list[Any] = []
    walker = etree.iterwalk(root, events=("start",))
    for _, el in walker:
        if el.tag.__class__ is str and el.tag in segmentation.BLOCK_TAGS:
            if len(elements) in skipped:
                walker.skip_subtree()
            elements.append(el)
    if len(elements) != len(seg.containers) or any(
            el.tag != c.tag for el, c in zip(elements, seg.containers)):
        return []
    return elements


def mark_main_links(doc: Document, seg: Segmentation, kept: list[Block]) -> None:
    """``in_main`` for the links whose ``<a>`` starts in a kept block (the element itself,
    not its words: a nav link whose anchor text also occurs in the article stays out)."""
    kept_index = {b.index for b in kept}
    inside = {id(el) for index, el in seg.anchors if index in kept_index}
    for el, link in doc.link_anchors:
        link.in_main = id(el) in inside
    doc.links_marked = True


def _headline(seg: Segmentation, region: Region) -> str:
    """The first <h1> inside the main region or just before it (the article's headline)."""
    if not region.ranges:
        return ""
    start, end = region.ranges[0][0], region.ranges[-1][1]
    for b in seg.blocks:
        if b.tag == "h1" and start - HEADLINE_REACH <= b.index < end and 0 < len(b.text) < 300:
            return b.text
    return ""


def _apply_page_type(doc: Document, page: Page, opts: AutoOptions) -> None:
    """Run the page-type classifier on an unpruned copy of the page; a confident "not a
    content page" empties the text (with the reason)."""
    try:
        from ..pagetype.classifier import classify
    except ImportError:  # pragma: no cover - the classifier ships with the package
        return
    fresh = Document(doc.html, url=doc.url, encoding=doc.encoding, options=doc.options)
    try:
        is_content, confidence = classify(fresh)
    except Exception as exc:  # noqa: BLE001 - a classifier failure must not lose the text
        page.extra.setdefault("auto", {})["classifier_error"] = f"{type(exc).__name__}: {exc}"
        return
    page.is_content_page = is_content
    page.content_confidence = round(confidence, 3)
    if not is_content and confidence >= opts.empty_min_confidence and page.text:
        page.extra["auto"]["dropped_text_chars"] = len(page.text)
        page.set_paragraphs([])
        page.headline = ""
        page.reason = f"not a content page (page-type classifier, confidence {confidence:.2f})"


class JsonLdHint:
    """The JSON-LD ``articleBody`` of the page, parsed only when asked for (the scripts'
    text is taken before cleaning removes them)."""

    def __init__(self, root, texts: list[str | None] | None = None) -> None:
        if texts is None:  # (metadata's pass over the tree collects them when it runs)
            texts = [s.text for s in root.iter("script") if "ld+json" in (s.get("type") or "")]
        self._sources = [text for text in texts if text and "articleBody" in text]
        self._body: str | None | bool = False

    def body(self) -> str | None:
        if self._body is False:
            self._body = _ld_article_body(self._sources)
        return self._body  # type: ignore[return-value]


def _ld_article_body(sources: list[str]) -> str | None:
    """The longest ``articleBody`` string in the JSON-LD sources (iterative, bounded walk)."""
    best = None
    for source in sources:
        try:
            data = json.loads(source)
        except ValueError:
            continue
        stack, budget = [data], 10_000
        while stack and budget:
            budget -= 1
            item = stack.pop()
            if isinstance(item, dict):
                body = item.get("articleBody")
                if isinstance(body, str) and len(body) > 80 and (best is None or len(body) > len(best)):
                    best = body
                stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
            elif isinstance(item, list):
                stack.extend(v for v in item if isinstance(v, (dict, list)))
    return best


def _weight(blocks: list[Block]) -> float:
    return sum(b.weight for b in blocks)


def _is_prose(block: Block) -> bool:
    return block.weight >= MIN_PROSE_WEIGHT and block.link_density <= LINK_DENSITY_MAX


def _page_title(root) -> str:
    """The text of the page's ``<title>``, casefolded and with collapsed white space."""
    el = root.find(".//title")
    return " ".join((el.text or "").split()).casefold() if el is not None else ""


def _title_heading(seg: Segmentation, title: str) -> int | None:
    """Index of the first heading whose text is part of the page title (the article's own
    headline, also when the page's <h1> is the site name): a blog names its post in an
    <h2>/<h3> and the <title> repeats it."""
    if not title:
        return None
    for b in seg.blocks:
        if b.heading and b.tag in TITLE_HEADING_TAGS and TITLE_HEADING_MIN_CHARS <= b.chars <= len(title) \
                and b.text.casefold() in title:
            return b.index
    return None


def choose_region(seg: Segmentation, opts: AutoOptions, hint: JsonLdHint, title: str = "") -> Region:
    """The main container (plus joined siblings) of the page."""
    scores: dict[int, float] = {}
    for b in seg.blocks:
        if b.heading or not _is_prose(b):
            continue
        s = 1.0 + b.commas + min(b.weight / LENGTH_UNIT, LENGTH_CAP)
        chain = b.chain
        # a paragraph tag's own element is not a container: start at its parent
        first = 1 if b.paragraph else 0
        for level, share in enumerate(LEVEL_SHARE):
            idx = len(chain) - 1 - first - level
            if idx < 0:
                break
            cid = chain[idx]
            scores[cid] = scores.get(cid, 0.0) + s * share
    if not scores:
        return Region(None, [(0, len(seg.blocks))], "no prose block: whole page")
    ranked: list[tuple[float, int]] = []
    headline = _title_heading(seg, title)
    h1 = headline if headline is not None else next((b.index for b in seg.blocks if b.tag == "h1"), None)
    for cid, raw in scores.items():
        c = seg.containers[cid]
        bonus = 0.0
        if h1 is not None and c.start - HEADLINE_REACH <= h1 < c.end:
            bonus += HEADLINE_BONUS  # the article follows its headline
        if c.content_hint:
            bonus += CLASS_WEIGHT
        score = raw + _TAG_PRIOR.get(c.tag, 0.0) + min(bonus, BONUS_CAP * raw)
        if c.semantic:
            score += SEMANTIC_BONUS
        if c.boiler:
            score -= CLASS_WEIGHT
        if c.owner is not None:  # inside a comment section, side column, ...
            score *= INSIDE_BOILER_FACTOR
        score *= 1.0 - seg.link_density(c.start, c.end)
        c.score = score
        ranked.append((score, cid))
    best, best_id = max(ranked)
    best_id = _verify_with_hint(seg, ranked, best_id, hint)
    top = seg.containers[best_id]
    why = f"container <{top.tag}> score {top.score:.1f}"
    top = _out_of_list(seg, top)
    wider = top if opts.favor_precision else _widen_up(seg, _join_peers(seg, ranked, top), opts)
    if wider is not top:
        why += f", widened to <{wider.tag}>"
        top = wider
    return Region(top, _widen(seg, top), why, headline)


def _join_peers(seg: Segmentation, ranked: list[tuple[float, int]], top: Container) -> Container:
    """The common ancestor of ``top`` and the separate containers scoring nearly as well
    (an article cut by a page builder into one box per section), when that ancestor has
    little link text; else ``top``."""
    floor = PEER_SHARE * (top.score or 0.0)
    peers = [seg.containers[cid] for score, cid in ranked if score >= floor and cid != top.id]
    peers = [p for p in peers if not top.contains(p) and not p.contains(top)
             and seg.prose(p.start, p.end) >= PEER_MIN_PROSE]
    if not peers:
        return top
    common = top
    for peer in peers:
        while not common.contains(peer):
            if common.parent is None:
                return top
            common = seg.containers[common.parent]
    if seg.link_density(common.start, common.end) > UP_LINK_DENSITY_MAX:
        return top
    return common


def _out_of_list(seg: Segmentation, top: Container) -> Container:
    """A list is a part of an article, not all of it: a winning list (or list item) gives
    way to the box around it when that box is not a link list."""
    c = top
    while c.tag in LIST_TAGS and c.parent is not None:
        parent = seg.containers[c.parent]
        if seg.link_density(parent.start, parent.end) > LINK_DENSITY_MAX:
            break
        c = parent
    return c


def _widen_up(seg: Segmentation, top: Container, opts: AutoOptions) -> Container:
    """An ancestor of ``top`` when it adds much running text at a low link density: the
    winner was one post of a thread, one section of a long page (all running text of
    the page is the content)."""
    best = top
    base = seg.prose(top.start, top.end)
    c = top
    for _ in range(UP_LEVELS):
        if c.parent is None:
            break
        c = seg.containers[c.parent]
        extra = seg.prose(c.start, c.end) - base
        share = UP_EXTRA_SHARE / 2 if opts.favor_recall else UP_EXTRA_SHARE
        if extra >= share * base and seg.link_density(c.start, c.end) <= UP_LINK_DENSITY_MAX:
            best = c
    return best


def _verify_with_hint(seg: Segmentation, ranked: list[tuple[float, int]], best_id: int,
                      hint: JsonLdHint) -> int:
    """When a separate container scores close to the winner, the page's JSON-LD
    ``articleBody`` (if any) decides: the container that holds its opening blocks wins."""
    top = seg.containers[best_id]
    rivals = [cid for score, cid in ranked if score >= RIVAL_SHARE * (top.score or 0.0) and cid != best_id
              and not top.contains(seg.containers[cid]) and not seg.containers[cid].contains(top)]
    if not rivals or not hint.body():
        return best_id
    span = _hint_span(seg, hint.body())
    if span is None or (top.start <= span[0] and top.end > span[1]):
        return best_id
    holders = [cid for cid in rivals
               if seg.containers[cid].start <= span[0] and seg.containers[cid].end > span[1]]
    return max(holders, key=lambda cid: seg.containers[cid].score or 0.0) if holders else best_id


def _hint_span(seg: Segmentation, body: str) -> tuple[int, int] | None:
    """First and last block whose opening words appear in the JSON-LD ``articleBody``."""
    hint = " ".join(body.split())
    found = [i for i, b in enumerate(seg.blocks) if b.weight >= 8 and b.text[:60] in hint]
    return (found[0], found[-1]) if len(found) >= 2 else None


def _widen(seg: Segmentation, top: Container) -> list[tuple[int, int]]:
    """Block ranges of ``top`` and of the neighbouring sibling containers that hold good
    prose (an article body split into several boxes), in document order. The walk goes
    outwards from ``top`` over spacers (boxes with almost no text: images, ad slots) and
    stops at the first substantial box that does not qualify."""
    ranges = [(top.start, top.end)]
    threshold = max(10.0, (top.score or 0.0) * SIBLING_SHARE)
    for step in (-1, 1):
        # Before the winner, the article's opening parts may sit beside a plain wrapper
        # of the winner; after it, only the winner's own siblings are considered (what
        # follows a wrapper is usually the page's furniture).
        box = _outermost_alone(seg, top) if step < 0 else top
        if box.parent is None:
            continue
        siblings = seg.children(box.parent)
        pos = siblings.index(box.id)
        i = pos + step
        while 0 <= i < len(siblings):
            sib = seg.containers[siblings[i]]
            verdict = _sibling_verdict(seg, sib, threshold)
            if verdict == "join":
                ranges.append((sib.start, sib.end))
            elif verdict == "stop" and step < 0 and _title_box(seg, sib) \
                    and _prose_joins(seg, siblings, i + step, step, threshold):
                ranges.append((sib.start, sib.end))
            elif verdict == "stop" and not _inline_teaser(seg, sib, siblings, i + step, threshold):
                break
            i += step
    ranges.sort()
    return ranges


def _inline_teaser(seg: Segmentation, sib: Container, siblings: list[int], after: int,
                   threshold: float) -> bool:
    """``sib`` is a box of links (a teaser or ad for another page) set into the article: the
    sibling beyond it holds good prose that joins, so the walk passes over it."""
    if sib.boiler or seg.link_density(sib.start, sib.end) <= LINK_DENSITY_MAX or not 0 <= after < len(siblings):
        return False
    return _sibling_verdict(seg, seg.containers[siblings[after]], threshold) == "join"


def _title_box(seg: Segmentation, sib: Container) -> bool:
    """``sib`` is a short box of title lines (a quoted article's source, headline and
    byline): a few link-free lines without sentence punctuation, outside boilerplate
    boxes, not the page's <h1>."""
    blocks = seg.blocks[sib.start:sib.end]
    return (not sib.boiler and sum(b.weight for b in blocks) < TITLE_BOX_WEIGHT
            and not any(b.tag == "h1" for b in blocks)
            and seg.link_density(sib.start, sib.end) <= TITLE_BOX_LINK_DENSITY
            and blocks[-1].text[-1:] not in SENTENCE_END)


def _prose_joins(seg: Segmentation, siblings: list[int], at: int, step: int, threshold: float) -> bool:
    """The first sibling from position ``at`` on (going by ``step``) that is not a spacer
    joins and holds at least TITLE_BOX_PROSE words of sentences (not a heading)."""
    while 0 <= at < len(siblings):
        sib = seg.containers[siblings[at]]
        verdict = _sibling_verdict(seg, sib, threshold)
        if verdict != "skip":
            return verdict == "join" and seg.prose(sib.start, sib.end) >= TITLE_BOX_PROSE
        at += step
    return False


def _outermost_alone(seg: Segmentation, top: Container) -> Container:
    """The outermost ancestor of ``top`` that holds exactly the blocks of ``top`` (plain
    wrappers around the article body): its siblings are the article's other parts."""
    while top.parent is not None:
        parent = seg.containers[top.parent]
        if parent.start != top.start or parent.end != top.end:
            break
        top = parent
    return top


def _sibling_verdict(seg: Segmentation, sib: Container, threshold: float) -> str:
    """"join", "skip" (a spacer: look further) or "stop"."""
    blocks = seg.blocks[sib.start:sib.end]
    weight = sum(b.weight for b in blocks)
    if weight < SPACER_WEIGHT:
        return "skip"
    if sib.boiler:
        return "stop"
    if sib.score is not None and sib.score >= threshold:
        return "join"
    prose = sum(b.weight for b in blocks if b.text[-1:] in SENTENCE_END)
    ld = seg.link_density(sib.start, sib.end)
    if prose >= 15 and ld < 0.25:
        return "join"
    if weight < 30 and ld == 0 and blocks[-1].text[-1:] in SENTENCE_END:
        return "join"
    return "stop"


def select_blocks(seg: Segmentation, region: Region, opts: AutoOptions,
                  explain: list[dict[str, Any]] | None) -> list[Block]:
    """The blocks of ``region`` that are article text, in order."""
    inside = bytearray(len(seg.blocks))
    for start, end in region.ranges:
        inside[start:end] = b"\x01" * (end - start)
    top = region.top
    kept: list[Block] = []
    for i, b in enumerate(seg.blocks):
        if not inside[i]:
            if explain is not None:
                explain.append(_explain(b, "drop", "outside main container"))
            continue
        reason = _drop_reason(seg, b, top, opts)
        if reason:
            if explain is not None:
                explain.append(_explain(b, "drop", reason))
            continue
        kept.append(b)
        if explain is not None:
            explain.append(_explain(b, "keep", "in main container"))
    return kept


def _drop_repeats(kept: list[Block], explain: list[dict[str, Any]] | None) -> list[Block]:
    """Runs of at least REPEAT_RUN paragraphs (of REPEAT_MIN_WEIGHT words or more) that all
    repeat earlier kept ones, holding REPEAT_SHARE of the kept words: the page holds the
    article twice (a print copy, a second template), the copy is dropped. A repeated pull
    quote or the repeated items of a plan stay."""
    seen: set[str] = set()
    long_ids = []  # positions in kept of the long paragraphs, and whether each is a repeat
    for i, b in enumerate(kept):
        if b.weight >= REPEAT_MIN_WEIGHT:
            long_ids.append((i, b.text in seen))
            seen.add(b.text)
    drop: set[int] = set()
    run: list[int] = []
    for i, repeat in long_ids + [(-1, False)]:
        if repeat:
            run.append(i)
            continue
        if len(run) >= REPEAT_RUN:
            drop.update(run)
        run = []
    if not drop or sum(kept[i].weight for i in drop) < REPEAT_SHARE * _weight(kept):
        return kept  # repeated items of a list or plan, not a second copy
    if explain is not None:
        for i in sorted(drop):
            explain.append(_explain(kept[i], "drop", "repeats an earlier run of paragraphs"))
    return [b for i, b in enumerate(kept) if i not in drop]


def _lead_blocks(seg: Segmentation, first: int, top: Container | None,
                 explain: list[dict[str, Any]] | None, headline: int | None = None) -> list[Block]:
    """The article's lead (standfirst) between the headline and the first kept block,
    often in the article's ``<header>``: prose blocks after the nearest ``<h1>`` (or the
    ``headline``, the heading the <title> repeats) before the first kept block when it lies
    at most HEADLINE_REACH blocks before it (a subheading right after the headline is the
    lead even without a full stop)."""
    h1 = None
    for i in range(first - 1, max(-1, first - 1 - HEADLINE_REACH), -1):
        if seg.blocks[i].tag == "h1" or i == headline:
            h1 = i
            break
    if h1 is not None:
        lead = [b for b in seg.blocks[h1 + 1:first]
                if _is_lead(b) or (b.index == h1 + 1 and b.heading and _is_lead(b, sentence=False))]
    else:  # no headline nearby: the paragraphs before the first kept block, over furniture
        lead = []
        box_start = _lead_box_start(seg, top)
        next_to = True  # no block between this one and the first kept block was passed over
        for i in range(first - 1, max(-1, first - 1 - LEAD_BACK), -1):
            b = seg.blocks[i]
            if _is_lead(b) and (i >= box_start or (next_to and b.weight >= LONG_BLOCK_WEIGHT)):
                lead.insert(0, b)
                continue
            next_to = False
            if i < box_start or (b.weight >= LEAD_SKIP_WEIGHT and b.link_density <= LINK_DENSITY_MAX
                                 and not is_furniture_line(b.text)):
                break  # a headline or other text: the lead is not further up
    if explain is not None:
        for b in lead:
            explain.append(_explain(b, "keep", "lead between headline and main container"))
    return lead


def _lead_box_start(seg: Segmentation, top: Container | None) -> int:
    """First block of the box a lead before the main container may sit in: the container
    LEAD_UP_LEVELS above it, or the nearest ``<article>``/``<main>`` around it."""
    if top is None:
        return 0
    start = top.start
    c = top
    for level in range(LEAD_SEMANTIC_LEVELS):
        if c.parent is None:
            break
        c = seg.containers[c.parent]
        if level < LEAD_UP_LEVELS or c.semantic:
            start = c.start
        if c.semantic:
            break
    return start


def _is_lead(b: Block, sentence: bool = True) -> bool:
    return (b.weight >= LEAD_MIN_WEIGHT and b.link_density < LEAD_LINK_DENSITY_MAX and b.tag != "li"
            and b.boiler in LEAD_BOILER_OK and (not sentence or b.text[-1:] in SENTENCE_END)
            and not is_furniture_line(b.text) and not is_credit_line(b.text))


def _is_tail_furniture(b: Block) -> bool:
    """A short line without sentence punctuation, a heading, or a link line: what trails an
    article ("Mehr zum Thema", "PDF", "Related stories", "Tags: ...")."""
    if b.heading or (b.link_density > 0.3 and b.weight < 2 * TRAIL_WEIGHT):
        return True
    return b.weight < TRAIL_WEIGHT and b.text[-1:] not in SENTENCE_END


def trim_edges(seg: Segmentation, kept: list[Block], top: Container | None,
               explain: list[dict[str, Any]] | None, *, cut_comments: bool = True) -> list[Block]:
    """Drop readers' comments and "Related stories" sections that follow running text,
    then the run of furniture lines after the last line of running text."""
    drop: dict[int, str] = _comments_section(seg, kept, top) if cut_comments else {}
    seen = 0.0
    for i, b in enumerate(kept):
        if seen >= RELATED_CUT_AFTER and b.weight < 10 and is_related_heading(b.text):
            start, end = _related_section(seg, b, top)
            for j in range(i, len(kept)):
                if kept[j].index >= end:
                    break
                drop[j] = "section under a 'related' heading"
            if end >= len(seg.blocks):
                break
            continue
        seen += b.weight
    end = len(kept)
    promo = 0
    while end > 0:
        b = kept[end - 1]
        if end - 1 in drop or (_is_tail_furniture(b) and not (b.tag == "p" and is_signoff_line(b.text))):
            end -= 1
        elif promo < PROMO_TAIL and is_promo_line(b.text):
            promo += 1
            end -= 1
        else:
            break
    if end == 0:  # nothing but short lines: keep them all
        return kept
    pitch = _promo_pitch(kept, end)
    if pitch is not None:
        for j in range(pitch, end):
            drop.setdefault(j, "call to action and its pitch after the article")
        end = pitch
    for j in range(end, len(kept)):
        drop.setdefault(j, "trailing short line after the article")
    for j in range(min(PROMO_HEAD, end - 1)):
        if not is_disclosure_line(kept[j].text):
            break
        drop.setdefault(j, "notice before the article")
    if explain is not None:
        for j in sorted(drop):
            explain.append(_explain(kept[j], "drop", drop[j]))
    return [b for j, b in enumerate(kept) if j not in drop]


def _promo_pitch(kept: list[Block], end: int) -> int | None:
    """Start of a call to action among the last PITCH_REACH short paragraphs before ``end``
    ("To view the full story, please subscribe" and the pitch that follows it): the position
    of the call, when the article before it is at least PITCH_ARTICLE_SHARE times longer."""
    tail = 0.0
    for j in range(end - 1, max(-1, end - 1 - PITCH_REACH), -1):
        b = kept[j]
        if b.weight >= PITCH_MAX_WEIGHT:
            return None
        tail += b.weight
        if is_promo_line(b.text) and not (b.heading and b.weight < TRAIL_WEIGHT):  # not a heading's name
            return j if sum(k.weight for k in kept[:j]) >= PITCH_ARTICLE_SHARE * tail else None
    return None


def _comments_section(seg: Segmentation, kept: list[Block], top: Container | None) -> dict[int, str]:
    """Positions in ``kept`` of the readers' comments: the blocks after a "Comments" /
    "Leave a reply" / "12 responses to ..." heading that follows the article text (the
    heading itself is often dropped as a furniture line, so all blocks between the first
    and the last kept one are looked at)."""
    drop: dict[int, str] = {}
    if not kept:
        return drop
    # a heading marked as the comments' (<h2 id="comments">) is not read: where it stood
    # is known from its container
    marks = {seg.containers[cid].start for cid, _ in seg.skipped
             if seg.containers[cid].tag in HEADING_TAGS and seg.containers[cid].boiler == "comments"}
    seen = 0.0
    j = 0  # position in kept of the first block at or after the current one
    for b in seg.blocks[kept[0].index:kept[-1].index + 1]:
        while j < len(kept) and kept[j].index < b.index:
            seen += kept[j].weight
            j += 1
        if seen < RELATED_CUT_AFTER:
            continue
        if b.index in marks:
            start, end = b.index, len(seg.blocks)
        elif b.weight < 10 and (b.heading or b.tag in COMMENT_HEADING_TAGS) and is_comments_heading(b.text):
            start, end = _related_section(seg, b, top)
        else:
            continue
        for k in range(j, len(kept)):
            if kept[k].index >= end:
                break
            drop[k] = "readers' comments"
        break
    return drop


def _related_section(seg: Segmentation, heading: Block, top: Container | None) -> tuple[int, int]:
    """Block range of the box a "related" heading opens: the outermost container below
    the main one that starts with the heading; without one, the rest of the page."""
    found = None
    for cid in reversed(heading.chain):
        c = seg.containers[cid]
        if c.start != heading.index or (top is not None and c.contains(top)):
            break
        found = c
    if found is not None and found.end > heading.index + 1:
        return found.start, found.end
    return heading.index, len(seg.blocks)


def _boiler_inside(seg: Segmentation, b: Block, top: Container | None) -> str | None:
    """The reason of the innermost boilerplate container around ``b`` that lies inside the
    main container ``top``. Boilerplate classes on ``top`` or its ancestors are ignored, and
    so is a non-comment box holding most of ``top``'s text (``paywall`` around the rest
    of the article)."""
    for owner in b.owners:
        if owner in seg.exempt:
            continue
        c = seg.containers[owner]
        if top is None:
            return c.boiler
        if c.contains(top):
            return None
        if c.boiler != "comments" and seg.chars(c.start, c.end) > 0.5 * seg.chars(top.start, top.end):
            continue
        return c.boiler
    return None


def _in_link_list(seg: Segmentation, b: Block) -> bool:
    """``b`` is an item of a list (ul/ol) that is mostly links ("More stories" lists)."""
    for cid in reversed(b.chain[-3:]):
        c = seg.containers[cid]
        if c.tag in ("ul", "ol"):
            return seg.link_density(c.start, c.end) > LIST_LINK_DENSITY_MAX
    return False


def _drop_reason(seg: Segmentation, b: Block, top: Container | None, opts: AutoOptions) -> str | None:
    boiler = _boiler_inside(seg, b, top)
    if boiler and not (opts.include_comments and boiler == "comments"):
        return f"inside {boiler}"
    if b.tag == "h1" and not opts.include_headline:
        return "headline (page.headline)"
    limit = LINK_DENSITY_MAX if b.weight < LONG_BLOCK_WEIGHT else LONG_LINK_DENSITY_MAX
    if opts.favor_precision:
        limit *= PRECISION_LINK_FACTOR
    elif opts.favor_recall:
        limit = min(0.9, limit * RECALL_LINK_FACTOR)
    if b.link_density > limit and not b.heading and not _linked_prose(b):
        return f"link text {b.link_density:.0%}"
    if b.link_chars and b.weight < LONG_BLOCK_WEIGHT and _in_link_list(seg, b):
        return "list of links"
    if b.weight < 12 and is_furniture_line(b.text, dates=not b.in_table):
        return "furniture line"
    if b.weight < FURNITURE_LINES_WEIGHT and _all_furniture_lines(b):
        return "furniture lines"
    if b.weight < LONG_BLOCK_WEIGHT and is_post_line(b.text):
        return "post footer line"
    # (shorter lines were checked as furniture lines above)
    if (b.weight >= 12 or b.chars > 70) and b.chars <= CAPTION_MAX_CHARS and is_credit_line(b.text):
        return "image caption or credit"
    if b.in_table and not opts.include_tables:
        return "table"
    return None


def _linked_prose(b: Block) -> bool:
    """A paragraph of several full sentences set in one link (a note pointing to details, a
    teaser of a listing page): prose, not a list of links. One line (a <br> list of linked
    titles is a link list), almost all of it link text, ending with a sentence end."""
    if b.weight < LONG_BLOCK_WEIGHT or b.link_density < LINKED_PROSE_MIN_DENSITY or b.text[-1:] not in SENTENCE_END:
        return False
    sentences = len(_SENTENCE_BREAK.findall(b.text))
    return (sentences >= LINKED_PROSE_SENTENCES and b.weight / sentences >= LINKED_PROSE_SENTENCE_WEIGHT
            and len(b.lines()) == 1)


def _all_furniture_lines(b: Block) -> bool:
    """A block of several ``<br>`` lines that are all furniture ("Updated: 2:52 pm",
    "March 12, 2009", "Posted: 2:51 pm")."""
    lines = b.lines()
    return len(lines) > 1 and all(is_furniture_line(line, dates=not b.in_table) for line in lines)


def _explain(b: Block, decision: str, reason: str) -> dict[str, Any]:
    text = b.text
    return {"block": f"<{b.tag}>", "text": text[:80] + ("…" if len(text) > 80 else ""),
            "words": round(b.weight, 1), "link_density": round(b.link_density, 2),
            "decision": decision, "reason": reason, "container": b.chain[-1] if b.chain else None}
