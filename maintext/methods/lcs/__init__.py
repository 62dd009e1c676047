"""LCS-based maximum similarity matching of feature trees (Song, Zhi, Zhou, Luo, An 2011).

The main content of a page is what it does not share with other pages of its site. The
page and each similar page (``doc.site_docs``, chosen by the caller, e.g. with
:func:`maintext.site.group.attach_site_docs`) become *feature trees*; their level-order node
sequences are aligned by a longest-common-subsequence table whose cells add up node
similarities instead of counting equal symbols; target nodes the alignment deletes, or
substitutes with a similarity not above ``Ts``, are *candidates*. Candidates are
clustered by tree position, clusters are scored, and the text of the best ones is the
main text.

Steps and how they map onto this module
---------------------------------------
Preprocessing (paper 2.2). Scripts and comments: the shared parser drops comments and
script bodies; ``script``/``style``/``noscript``/``template`` elements are left out of
the feature tree (:data:`SKIP_TAGS`). Broken HTML is repaired by the HTML5 parse (``doc.tree``).
Relative URLs: ``href``/``src`` are resolved against the page URL when inner HTML is
compared (``absolutize_urls``); the tree itself is not rewritten.

Feature tree (2.3.1). One :class:`CTree` per page, rooted at ``<body>``, arrays in level
order. A node has tag, id, class, parent, children, depth, a hash of its inner HTML
(whitespace collapsed, so re-indented templates still compare equal), its text, and the
text rate (own text / subtree text). Width, height, top and left need a rendered layout
we do not have; they are replaced by proxies, each an option that can be set to
``"none"`` to drop it from the compared features:

- width  -> ``children``: number of child elements (a box holding the same items has the
  same width in the same template; the body column differs with its paragraph count);
- height -> ``lines``: subtree text length in lines of ``line_chars`` characters
  (boxes grow with their text; a one-word change usually keeps the line count);
- top    -> ``lines_before``: text before the node in document order, in lines (a header
  keeps its place on every page, what follows the article moves with its length);
- left   -> ``sibling_index``: position among the parent's child elements (the column of
  a table cell, the slot of a floated box).

CompareTwoCNode (2.3.2), exactly as the paper: different tag -> 0; both roots -> 1;
one root -> 0 (the roots are the paper's BODY nodes, whatever their tag: a page without
``<body>`` is rooted at its top element); parents not similar -> 0; both content nodes (tag in
:data:`CONTENT_TAGS` or text rate > 75%) -> 1 if the inner HTML is equal else 0;
content vs structure node -> 0; else the share of equal features among id, class,
depth and the active proxies. "Similar" is similarity > ``Ts``. :func:`compare_nodes`
is that function for one pair; the level matcher evaluates the same rules in bulk.

LCS table. Cell (r, c) holds the best similarity sum of the first c target nodes and the
first r similar-page nodes; ties prefer the diagonal, then up (skip a similar-page node),
then left (skip a target node); backtracking from the bottom-right corner: left ->
the target node is deleted (candidate), diagonal with similarity <= Ts -> substituted
(candidate), up -> ignored. Only the table's values are stored; directions are
re-derived while backtracking.

Cost. Two nodes at different depths always have similarity 0 (the parent chains reach
the root at different steps), so the best alignment of the whole level-order sequences
splits exactly (up to the choice among equal-score alignments) into one LCS per tree
level, and a level only holds children of nodes that have
a similar partner on the level above (the others are zero everywhere, always
candidates, and lie under a candidate the clustering keeps anyway). Rows with no
positive cell cost nothing (the table is monotone, such a row equals the one above);
other rows cost one cumulative maximum. Cost = table cells + :data:`PAIR_COST` x
similarity evaluations. Bounds: ``max_page_cost`` for one target page, shared equally
by its similar pages; a level whose cost would exceed ``max_level_cost`` (or what is
left of the pair's share) is aligned only within the
children of parent pairs the level above aligned, and a block still too big is cut into
proportional chunks (chunk i of the target's children against chunk i of the other's);
once the budget is spent, chunks shrink to single nodes, which is linear. Such levels
are counted in ``page.extra["lcs"]`` and noted in ``page.reason``.

Candidates from several similar pages. The paper compares one pair; with k pages a node
is a candidate when it is unmatched in at least ``candidate_share`` of them (default:
all, so what any other page shares is template).

Clustering (2.4). Candidates under another candidate are dropped; then, in level order,
the first remaining candidate takes every other remaining candidate with the same parent
or whose grandparent is its parent (one pass, as the paper; its "random" pick is made
deterministic by taking the shallowest, leftmost node first).

Scoring (2.5). For text length, area, effective area, content-tag count and text/code
ratio the three best clusters get 5/3/1 points; for link rate the three highest get
-5/-3/-1. Only clusters with a non-zero value get points (our reading: the paper does
not say what zero earns). The area proxy is the number of rendered boxes (block
elements, line breaks, images) in the cluster; the effective-area proxy (overlap with
the "main visual area" readers look at when the page opens) is the cluster's text
within the first ``first_screen_chars`` characters of the page's text. Kept: the
clusters within ``score_gap`` points of the best, at most ``max_clusters``; their text
in document order is the main text.

Our addition (``skip_comment_boxes``, on by default): candidates inside an element
whose class or id names reader comments are left out before clustering; comments
differ between pages as articles do, and outscore them on text length and area.

Without similar pages there is nothing to compare: empty text with a reason, or
``fallback_method`` when set.
"""

from __future__ import annotations

import math
from typing import Any

from ...errors import MaintextError
from ...html.document import Document
from ...options import LcsOptions, Options
from ...result import Page
from ...textutil import collapse_ws
from .clusters import (
    cluster, cluster_metrics, comment_boxes, paragraphs, score_clusters, select_clusters,
    top_candidates)
from .ctree import NO_SITE_PAGES, CTree, cached_ctree, build_ctree, feature_names  # noqa: F401 - the package's API
from .match import PAIR_COST, MatchStats, backtrack, compare_nodes, lcs_table, match_trees  # noqa: F401 - the package's API


def find_candidates(target: CTree, others: list[CTree], opts: LcsOptions
                    ) -> tuple[list[int], list[MatchStats]]:
    """Target nodes deleted or substituted in at least ``candidate_share`` of the
    alignments with the similar pages (level order), and each alignment's statistics."""
    matched_in = [0] * len(target)
    stats = []
    budget = opts.max_page_cost // max(1, len(others))  # the page's budget, shared
    for other in others:
        matched, st = match_trees(target, other, opts, budget)
        stats.append(st)
        for i, ok in enumerate(matched):
            if ok:
                matched_in[i] += 1
    need = max(1, math.ceil(opts.candidate_share * len(others) - 1e-9))
    return [i for i in range(len(target)) if len(others) - matched_in[i] >= need], stats


def extract(doc: Document, options: Options) -> Page:
    opts = options.lcs
    page = Page(url=doc.url, method="lcs")
    target = cached_ctree(doc, opts)
    others = _site_trees(doc, opts)
    learned = doc.site_template.get("lcs") if doc.site_template is not None and not others else None
    if not others and not learned:
        return _without_site_pages(doc, options, page)
    if learned:  # a template learned earlier (maintext.site.learned): no alignment needed
        from ...site.learned import learned_candidates

        candidates, stats = learned_candidates(target, learned), []
    else:
        candidates, stats = find_candidates(target, others, opts)
    tops = top_candidates(target, candidates)
    in_comments = comment_boxes(target, tops) if opts.skip_comment_boxes else set()
    clusters = cluster(target, [i for i in tops if i not in in_comments])
    metrics = [cluster_metrics(target, c, opts.first_screen_chars) for c in clusters]
    scores = score_clusters(metrics, opts.rank_points)
    kept = set(select_clusters(scores, metrics, opts))
    nodes = sorted((i for k in kept for i in clusters[k]), key=lambda i: target.order[i])
    texts: list[str] = []
    for i in nodes:
        texts.extend(paragraphs(target.elements[i]))
    page.set_paragraphs(texts)
    chunked = sum(s.chunked_levels for s in stats)
    page.extra["lcs"] = {
        "similar_pages": len(others), "nodes": len(target), "candidates": len(candidates),
        "clusters": len(clusters), "kept_clusters": len(kept),
        "cells": sum(s.cells for s in stats), "pairs": sum(s.pairs for s in stats),
        "chunked_levels": chunked, **({"learned_template": len(learned)} if learned else {}),
    }
    budget_note = (f"lcs: {chunked} tree level(s) over the cell budget were aligned only "
                   "under aligned parents, in chunks") if chunked else None
    if options.explain:
        page.explain = _explain(target, clusters, metrics, scores, kept)
        page.explain.extend({"block": f"<{target.describe(i)}> (depth {target.depth[i]})",
                             "decision": "drop", "reason": "candidate in a comment box"}
                            for i in sorted(in_comments, key=lambda i: target.order[i]))
        if budget_note:
            page.explain.append({"block": "alignment", "decision": "note", "reason": budget_note})
    if not page.text:
        page.reason = ("every node of the page matched its similar pages" if not candidates
                       else "no candidate cluster has text")
    elif budget_note:
        page.reason = budget_note
    return page


def _site_trees(doc: Document, opts: LcsOptions) -> list[CTree]:
    trees = []
    for other in doc.site_docs:
        if other is doc:
            continue
        try:
            tree = cached_ctree(other, opts)
        except MaintextError:  # an unreadable similar page is left out
            continue
        if len(tree):
            trees.append(tree)
    return trees


def _without_site_pages(doc: Document, options: Options, page: Page) -> Page:
    name = options.lcs.fallback_method
    if not name or name == "lcs":
        page.reason = NO_SITE_PAGES
        return page
    from ...registry import get_method

    result = get_method(name)(doc, options)
    result.method = "lcs"
    note = f"{NO_SITE_PAGES}: none given, fell back to method {name!r}"
    result.reason = f"{note}; {result.reason}" if result.reason else note
    result.extra.setdefault("lcs", {})["fallback_method"] = name
    return result


def _explain(t: CTree, clusters: list[list[int]], metrics: list[dict[str, float]],
             scores: list[int], kept: set[int]) -> list[dict[str, Any]]:
    out = []
    for k, nodes in enumerate(clusters):
        text = " ".join(collapse_ws(t.elements[i].text_content())[:60] for i in nodes[:3])
        out.append({
            "block": f"cluster {k}",
            "decision": "keep" if k in kept else "drop",
            "reason": f"score {scores[k]}",
            "candidates": [f"<{t.describe(i)}> (depth {t.depth[i]})" for i in nodes],
            "metrics": {name: round(v, 3) for name, v in metrics[k].items()},
            "text": text[:160],
        })
    return out
