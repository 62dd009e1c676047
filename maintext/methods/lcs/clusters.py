"""LCS method, step 3: clusters of unmatched nodes and their scores.

Takes the target CTree and its nodes that no similar page shares; gives clusters of
neighbouring candidates, their metrics and the selected main clusters, and the
paragraphs of an element.
"""

from __future__ import annotations

import lxml.etree as etree
from typing import Iterable

from ...html.tags import BLOCK_TAGS
from ...html.vocab import boilerplate_reason
from ...options import LcsOptions
from ...textutil import collapse_ws
from .ctree import BOX_TAGS, CTree, METRIC_SIGNS, SKIP_TAGS


def top_candidates(t: CTree, candidates: Iterable[int]) -> list[int]:
    """Candidates without a candidate ancestor, in level order (one top-down pass)."""
    is_cand = [False] * len(t)
    for i in candidates:
        is_cand[i] = True
    covered = [False] * len(t)  # under a candidate
    tops = []
    for i in range(len(t)):  # level order: parents first
        p = t.parent[i]
        if p >= 0 and (covered[p] or is_cand[p]):
            covered[i] = True
        elif is_cand[i]:
            tops.append(i)
    return tops


def comment_boxes(t: CTree, nodes: list[int]) -> set[int]:
    """The ``nodes`` inside (or being) an element whose class or id names reader comments.

    Not in the paper: comments differ from page to page like the article does, and their
    cluster often outscores it (more text, more paragraphs). One walk up per node, with
    the answers of the ancestors remembered.
    """
    known: dict[int, bool] = {-1: False}
    found = set()
    for i in nodes:
        chain = []
        a = i
        while a not in known:
            chain.append(a)
            a = t.parent[a]
        value = known[a]
        for a in reversed(chain):
            value = value or _names_comments(t.cls[a]) or _names_comments(t.ident[a])
            known[a] = value
        if known[i]:
            found.add(i)
    return found


def _names_comments(value: str) -> bool:
    return bool(value) and boilerplate_reason(value) == "comments"


def cluster(t: CTree, tops: list[int]) -> list[list[int]]:
    """Group candidates: the first remaining one (level order) takes the remaining ones
    with the same parent or whose grandparent is its parent."""
    by_parent: dict[int, list[int]] = {}
    by_grandparent: dict[int, list[int]] = {}
    for i in tops:
        p = t.parent[i]
        by_parent.setdefault(p, []).append(i)
        if p >= 0:
            by_grandparent.setdefault(t.parent[p], []).append(i)
    done: set[int] = set()
    clusters = []
    for i in tops:
        if i in done:
            continue
        p = t.parent[i]
        group = [i]
        done.add(i)
        for j in by_parent.get(p, ()) + (by_grandparent.get(p, []) if p >= 0 else []):
            if j not in done:
                done.add(j)
                group.append(j)
        group.sort(key=lambda n: t.order[n])
        clusters.append(group)
    return clusters


def cluster_metrics(t: CTree, nodes: list[int], first_screen: int) -> dict[str, float]:
    """The six scoring metrics of a cluster (proxies for the layout-based ones)."""
    text = sum(t.text_len[i] for i in nodes)
    code = sum(t.code_len[i] for i in nodes)
    central = 0
    for i in nodes:  # text of the node within the first screen of the page's text
        start = t.text_before[i]
        central += max(0, min(first_screen, start + t.text_len[i]) - start)
    return {
        "text_length": text,
        "area": sum(t.boxes[i] for i in nodes),
        "effective_area": central,
        "content_tags": sum(t.content_tags[i] for i in nodes),
        "text_code_ratio": text / code if code else 0.0,
        "link_rate": sum(t.link_code[i] for i in nodes) / code if code else 0.0,
    }


def score_clusters(metrics: list[dict[str, float]],
                   rank_points: tuple[int, ...] = LcsOptions.rank_points) -> list[int]:
    """Points per cluster: for each metric the highest non-zero values get ``rank_points``
    (the paper's 5/3/1, ``LcsOptions.rank_points``) times the metric's sign; ties keep
    document order."""
    scores = [0] * len(metrics)
    for name, sign in METRIC_SIGNS.items():
        ranked = sorted((k for k, m in enumerate(metrics) if m[name] > 0),
                        key=lambda k: -metrics[k][name])
        for points, k in zip(rank_points, ranked):
            scores[k] += sign * points
    return scores


def select_clusters(scores: list[int], metrics: list[dict[str, float]], opts: LcsOptions) -> list[int]:
    """Clusters within ``score_gap`` of the best score (with text), at most ``max_clusters``."""
    ranked = sorted((k for k in range(len(scores)) if metrics[k]["text_length"] > 0),
                    key=lambda k: (-scores[k], k))
    if not ranked:
        return []
    best = scores[ranked[0]]
    return [k for k in ranked if scores[k] >= best - opts.score_gap][:max(1, opts.max_clusters)]


def paragraphs(el: etree._Element) -> list[str]:
    """The visible text of ``el``'s subtree cut at block-level elements and ``<br>``."""
    out: list[str] = []
    parts: list[str] = []

    def flush() -> None:
        if parts:
            text = collapse_ws("".join(parts))
            if text:
                out.append(text)
            parts.clear()

    walker = etree.iterwalk(el, events=("start", "end"))
    for event, node in walker:
        tag = node.tag.lower() if isinstance(node.tag, str) else ""
        if not tag:  # comments, processing instructions: only their tail is text
            if event == "end" and node is not el and node.tail:
                parts.append(node.tail)
            continue
        if tag in SKIP_TAGS and node is not el:
            if event == "start":
                walker.skip_subtree()
                if node.tail:
                    parts.append(node.tail)
            continue
        if event == "start":
            if tag in BOX_TAGS:
                flush()
            if node.text:
                parts.append(node.text)
            continue
        if tag in BLOCK_TAGS:
            flush()
        if node is not el and node.tail:
            parts.append(node.tail)
    flush()
    return out
