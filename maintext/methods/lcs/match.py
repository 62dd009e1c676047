"""LCS method, step 2: matching feature trees of two pages level by level.

Takes two CTrees; gives the node pairs that match (CompareTwoCNode similarity, then the
longest common subsequence of each level's node rows), with the work bounded.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import accumulate
from operator import eq
from typing import Iterable

from ...options import LcsOptions
from .ctree import CTree


def _local_units(t1: CTree, i: int, t2: CTree, j: int) -> int:
    """Steps 5-7 of CompareTwoCNode, in feature units (0..number of features), for two
    non-root nodes with the same tag whose parents are similar."""
    c1, c2 = t1.content[i], t2.content[j]
    if c1 and c2:
        return len(t1.features[i]) if t1.inner[i] == t2.inner[j] else 0
    if c1 or c2:
        return 0
    return sum(map(eq, t1.features[i], t2.features[j]))


def compare_nodes(t1: CTree, i: int, t2: CTree, j: int, threshold: float) -> float:
    """CompareTwoCNode: similarity of node ``i`` of ``t1`` and node ``j`` of ``t2`` in [0, 1].

    Parents are compared by the same function (similar: above ``threshold``), walking
    up both ancestor chains iteratively.
    """
    chain = []
    while True:
        if t1.tag[i] != t2.tag[j] and not (i == 0 and j == 0):
            value = 0.0
            break
        if i == 0 and j == 0:
            value = 1.0
            break
        if i == 0 or j == 0:
            value = 0.0
            break
        chain.append((i, j))
        i, j = t1.parent[i], t2.parent[j]
    units = len(t1.features[0]) or 1
    for i, j in reversed(chain):
        value = _local_units(t1, i, t2, j) / units if value > threshold else 0.0
    return value


def lcs_table(n: int, row_sims: list[dict[int, int]]) -> list[list[int]]:
    """Score table of the similarity-weighted LCS.

    Columns are the ``n`` target nodes, rows the other sequence; ``row_sims[r]`` maps a
    column to the (positive) similarity of that cell. ``T[r][c]`` is the best sum for the
    first ``r`` rows and ``c`` columns. The table never decreases along a row or a column,
    so a cell without similarity takes the cell above and a row without any positive cell
    is the row above (shared, not copied).
    """
    prev = [0] * (n + 1)
    table = [prev]
    for sims in row_sims:
        if not sims:
            table.append(prev)
            continue
        x = prev[:]
        for c, s in sims.items():
            v = prev[c] + s
            if v > x[c + 1]:
                x[c + 1] = v
        lo = min(sims) + 1
        row = prev[:lo]
        row.extend(accumulate(x[lo:], max))
        table.append(row)
        prev = row
    return table


def backtrack(table: list[list[int]], row_sims: list[dict[int, int]],
              threshold: float) -> tuple[list[tuple[int, int]], list[int]]:
    """Walk the table back from the bottom-right corner.

    Ties go to the diagonal, then up, then left. Returns the matched pairs (column, row)
    with similarity above ``threshold`` in sequence order, and the columns (target
    nodes) deleted or substituted (the candidates), in reverse order.
    """
    r, c = len(table) - 1, len(table[0]) - 1
    matched: list[tuple[int, int]] = []
    unmatched: list[int] = []
    while r > 0 and c > 0:
        here = table[r][c]
        s = row_sims[r - 1].get(c - 1, 0)
        if table[r - 1][c - 1] + s == here:  # diagonal: a pair of nodes
            if s > threshold:
                matched.append((c - 1, r - 1))
            else:
                unmatched.append(c - 1)  # substituted
            r -= 1
            c -= 1
        elif table[r - 1][c] == here:  # up: a node only the other page has
            r -= 1
        else:  # left: a node only the target has (deleted)
            c -= 1
            unmatched.append(c)
    unmatched.extend(range(c - 1, -1, -1))
    matched.reverse()
    return matched, unmatched


# Cost of one similarity evaluation in table cells (measured: ~2 us against ~0.15 us for
# a cell of a row's cumulative maximum). The cost budgets count cells + PAIR_COST x pairs.
PAIR_COST = 12


@dataclass(slots=True)
class MatchStats:
    levels: int = 0
    cells: int = 0  # table cells filled (rows with a positive cell x columns)
    pairs: int = 0  # similarity evaluations
    chunked_levels: int = 0  # levels over the budget, aligned under aligned parents

    @property
    def cost(self) -> int:
        return self.cells + PAIR_COST * self.pairs


class _Level:
    """Index of the target's nodes on one level, for finding a row's positive cells: a
    content node can only be similar to a content node with the same inner HTML, a
    structure node to a structure node with the same tag (steps 1, 5 and 6 of
    CompareTwoCNode), and both only under a similar parent (step 4)."""

    def __init__(self, t1: CTree, nodes: list[int]) -> None:
        self.nodes = nodes
        self.by_parent_tag: dict[tuple[int, str], list[int]] = {}
        self.by_parent_inner: dict[tuple[int, int], list[int]] = {}
        for c in nodes:
            if t1.content[c]:
                self.by_parent_inner.setdefault((t1.parent[c], t1.inner[c]), []).append(c)
            else:
                self.by_parent_tag.setdefault((t1.parent[c], t1.tag[c]), []).append(c)

    def count(self, t2: CTree, b: int, parents: Iterable[int]) -> int:
        if t2.content[b]:
            key, index = t2.inner[b], self.by_parent_inner
        else:
            key, index = t2.tag[b], self.by_parent_tag
        return sum(len(index.get((p, key), ())) for p in parents)


class _Matcher:
    """Aligns the feature trees of the target and one similar page, level by level."""

    def __init__(self, t1: CTree, t2: CTree, opts: LcsOptions, budget: int) -> None:
        self.t1, self.t2, self.opts = t1, t2, opts
        self.budget = budget  # cost allowed for all levels of this pair
        self.units = len(t1.features[0]) if len(t1) else 1
        self.threshold = opts.similarity_threshold * self.units
        self.matched = [False] * len(t1)
        self.stats = MatchStats()

    def run(self) -> list[bool]:
        t1, t2 = self.t1, self.t2
        if not len(t1) or not len(t2):
            return self.matched
        self.matched[0] = True  # the two roots: similarity 1
        similar: dict[int, list[int]] = {0: [0]}  # target node -> similar nodes (level above)
        aligned: list[tuple[int, int]] = [(0, 0)]
        level1, level2 = [0], [0]
        while True:
            partners2 = {q for qs in similar.values() for q in qs}
            kids1 = [c for p in level1 if p in similar for c in t1.children(p)]
            kids2 = [c for q in level2 if q in partners2 for c in t2.children(q)]
            if not kids1 or not kids2:
                break
            self.stats.levels += 1
            index = _Level(t1, kids1)
            inverse: dict[int, list[int]] = {}
            for p, qs in similar.items():
                for q in qs:
                    inverse.setdefault(q, []).append(p)
            similar, aligned = self._level(kids1, kids2, index, inverse, aligned)
            level1, level2 = kids1, kids2
        return self.matched

    def _allowance(self) -> int:
        return max(0, min(self.opts.max_level_cost, self.budget - self.stats.cost))

    def _cost(self, cols: int, rows: list[int], index: _Level, inverse: dict[int, list[int]]) -> int:
        """Upper bound of the cost of aligning ``cols`` target nodes with ``rows``."""
        t2 = self.t2
        busy = pairs = 0
        for b in rows:
            k = index.count(t2, b, inverse.get(t2.parent[b], ()))
            if k:
                busy += 1
                pairs += k
        return busy * cols + PAIR_COST * pairs

    def _level(self, kids1: list[int], kids2: list[int], index: _Level,
               inverse: dict[int, list[int]], aligned: list[tuple[int, int]]
               ) -> tuple[dict[int, list[int]], list[tuple[int, int]]]:
        similar: dict[int, list[int]] = {}
        out_aligned: list[tuple[int, int]] = []
        allowance = self._allowance()
        if self._cost(len(kids1), kids2, index, inverse) <= allowance:
            self._block(kids1, kids2, index, inverse, similar, out_aligned)
            return similar, out_aligned
        # Over the budget: only children of aligned parent pairs are compared, in chunks.
        self.stats.chunked_levels += 1
        for p, q in aligned:
            cols = list(self.t1.children(p))
            rows = list(self.t2.children(q))
            if not cols or not rows:
                continue
            cost = self._cost(len(cols), rows, index, {q: [p]})
            chunks = min(max(1, math.ceil(cost / max(allowance, 1))), len(cols), len(rows))
            for k in range(chunks):
                c_part = cols[k * len(cols) // chunks:(k + 1) * len(cols) // chunks]
                r_part = rows[k * len(rows) // chunks:(k + 1) * len(rows) // chunks]
                self._block(c_part, r_part, index, {q: [p]}, similar, out_aligned)
            allowance = max(0, allowance - cost // chunks)
        return similar, out_aligned

    def _block(self, cols: list[int], rows: list[int], index: _Level,
               inverse: dict[int, list[int]], similar: dict[int, list[int]],
               aligned: list[tuple[int, int]]) -> None:
        """LCS of target nodes ``cols`` against other-page nodes ``rows``."""
        t1, t2, threshold, stats = self.t1, self.t2, self.threshold, self.stats
        column = {c: k for k, c in enumerate(cols)}
        if len(cols) < len(index.nodes):  # a chunk: look only among its own nodes
            index = _Level(t1, cols)
        units = self.units
        f1, tag1, content2 = t1.features, t1.tag, t2.content
        row_sims: list[dict[int, int]] = []
        for b in rows:
            sims: dict[int, int] = {}
            parents = inverse.get(t2.parent[b], ())
            if content2[b]:  # CompareTwoCNode step 5: equal inner HTML (and tag) or nothing
                tag = t2.tag[b]
                for p in parents:
                    for c in index.by_parent_inner.get((p, t2.inner[b]), ()):
                        if tag1[c] == tag:
                            stats.pairs += 1
                            sims[column[c]] = units
                            similar.setdefault(c, []).append(b)
            else:  # step 7: same-tag structure nodes, share of equal features
                fb = t2.features[b]
                key = t2.tag[b]
                for p in parents:
                    group = index.by_parent_tag.get((p, key), ())
                    stats.pairs += len(group)
                    for c in group:
                        s = sum(map(eq, f1[c], fb))
                        if s:
                            sims[column[c]] = s
                            if s > threshold:
                                similar.setdefault(c, []).append(b)
            if sims:
                stats.cells += len(cols) - min(sims)
            row_sims.append(sims)
        table = lcs_table(len(cols), row_sims)
        matched, _ = backtrack(table, row_sims, threshold)
        for k, r in matched:
            self.matched[cols[k]] = True
            aligned.append((cols[k], rows[r]))


def match_trees(t1: CTree, t2: CTree, opts: LcsOptions,
                budget: int | None = None) -> tuple[list[bool], MatchStats]:
    """Which nodes of the target ``t1`` the alignment with ``t2`` matches (similar pair);
    the others were deleted or substituted. ``budget``: cost allowed for this pair
    (default ``opts.max_page_cost``)."""
    m = _Matcher(t1, t2, opts, opts.max_page_cost if budget is None else budget)
    return m.run(), m.stats
