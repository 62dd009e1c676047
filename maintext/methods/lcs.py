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
the feature tree (:data:`SKIP_TAGS`). Broken HTML is repaired by libxml2 (``doc.tree``).
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
from dataclasses import dataclass, field
from itertools import accumulate
from operator import eq
from typing import Any, Iterable
from urllib.parse import urljoin

import lxml.etree as etree

from ..html.tags import BLOCK_TAGS
from ..html.clean import boilerplate_reason
from ..html.document import Document
from ..errors import MaintextError
from ..options import LcsOptions, Options
from ..result import Page
from ..textutil import collapse_ws, nonspace_len

# Elements the paper's preprocessing removes: not rendered, no page text.
SKIP_TAGS = frozenset({"script", "style", "noscript", "template"})
# Definition 3: tags commonly used to show content.
CONTENT_TAGS = frozenset({"p", "span", "b", "strong", "h1", "h2", "h3", "h4", "h5", "h6"})
CONTENT_TEXT_RATE = 0.75  # Definition 4: a node with more own text than this is content
# Elements that make a rendered box or line (the area proxy of a cluster).
BOX_TAGS = BLOCK_TAGS | {"br", "img"}
# Attributes holding URLs, resolved against the page URL (paper: links, images, CSS,
# iframes, frames); values starting with these prefixes are not page-relative.
URL_ATTRS = frozenset({"href", "src"})
_NOT_RELATIVE = ("#", "javascript:", "mailto:", "data:", "tel:")
# Cluster scoring: points of the first, second and third cluster of each metric.
RANK_POINTS = (5, 3, 1)
# metric -> sign: +1 rewards high values (content), -1 penalises them (link rate: noise).
METRIC_SIGNS = {
    "text_length": 1,
    "area": 1,
    "effective_area": 1,
    "content_tags": 1,
    "text_code_ratio": 1,
    "link_rate": -1,
}
PROXIES = {  # option -> accepted values (None: dropped from the features)
    "width_proxy": ("children", "none"),
    "height_proxy": ("lines", "none"),
    "top_proxy": ("lines_before", "none"),
    "left_proxy": ("sibling_index", "none"),
}
NO_SITE_PAGES = "lcs needs similar pages of the same site (doc.site_docs)"


# ----------------------------------------------------------------------------- feature tree

@dataclass(slots=True, eq=False)
class CTree:
    """A feature tree: one entry per element under ``<body>``, in level order.

    Node 0 is the root (the paper's BODY). Children of a node are contiguous:
    ``first_child[i] .. first_child[i] + n_children[i] - 1``.
    """

    elements: list[etree._Element] = field(default_factory=list)
    tag: list[str] = field(default_factory=list)
    ident: list[str] = field(default_factory=list)
    cls: list[str] = field(default_factory=list)
    depth: list[int] = field(default_factory=list)
    parent: list[int] = field(default_factory=list)
    first_child: list[int] = field(default_factory=list)
    n_children: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)  # position in document order
    own_text: list[int] = field(default_factory=list)  # non-space chars of the node's own text
    text_len: list[int] = field(default_factory=list)  # ... of its whole subtree
    text_before: list[int] = field(default_factory=list)  # ... before it in document order
    inner: list[int] = field(default_factory=list)  # hash of the normalised inner HTML
    content: list[bool] = field(default_factory=list)  # content node (Definition 4)
    features: list[tuple] = field(default_factory=list)  # compared features (id, class, depth, proxies)
    code_len: list[int] = field(default_factory=list)  # outer HTML length (estimated)
    link_code: list[int] = field(default_factory=list)  # outer HTML length of <a> in the subtree
    content_tags: list[int] = field(default_factory=list)  # content tags in the subtree
    boxes: list[int] = field(default_factory=list)  # block/br/img elements in the subtree
    total_text: int = 0

    def __len__(self) -> int:
        return len(self.tag)

    def children(self, i: int) -> range:
        start = self.first_child[i]
        return range(start, start + self.n_children[i])

    def text_rate(self, i: int) -> float:
        return self.own_text[i] / self.text_len[i] if self.text_len[i] else 0.0

    def describe(self, i: int) -> str:
        """``tag#id.class`` of node ``i`` (for explanations)."""
        out = self.tag[i]
        if self.ident[i]:
            out += "#" + self.ident[i]
        if self.cls[i]:
            out += "." + ".".join(self.cls[i].split())
        return out


# Position of each feature in the tuple build_ctree computes for every node.
_FEATURE_SLOTS = {"id": 0, "class": 1, "depth": 2, "width": 3, "height": 4, "top": 5, "left": 6}


def feature_names(opts: LcsOptions) -> tuple[str, ...]:
    """The compared features: id, class, depth and the proxies not set to "none"."""
    names = ["id", "class", "depth"]
    for option, values in PROXIES.items():
        value = getattr(opts, option)
        if value not in values:
            raise ValueError(f"lcs.{option} must be one of {values}, not {value!r}")
        if value != "none":
            names.append(option.removesuffix("_proxy"))
    return tuple(names)


class _Builder:
    """State of one pre-order walk (nodes numbered in document order)."""

    def __init__(self, base_url: str | None, absolutize: bool) -> None:
        self.base = base_url if absolutize else None
        self.elements: list[etree._Element] = []
        self.tags: list[str] = []
        self.ident: list[str] = []
        self.cls: list[str] = []
        self.attrs: list[tuple] = []
        self.parent: list[int] = []
        self.kids: list[list[int]] = []
        self.depth: list[int] = []
        self.before: list[int] = []
        self.own: list[int] = []
        self.text_len: list[int] = []
        self.code: list[int] = []
        self.link_code: list[int] = []
        self.content_tags: list[int] = []
        self.boxes: list[int] = []
        self.parts: list[list[Any]] = []
        self.inner: list[int] = []
        self.stack: list[int] = []
        self.chars = 0  # non-space text characters seen so far

    def add_text(self, i: int, text: str | None) -> None:
        """Text directly inside node ``i`` (its text, or a child's tail)."""
        if not text:
            return
        self.code[i] += len(text)
        if text.isspace():  # indentation between tags: code, not text
            return
        n = nonspace_len(text)
        self.own[i] += n
        self.chars += n
        self.parts[i].append(collapse_ws(text))

    def start(self, el: etree._Element, tag: str) -> None:
        i = len(self.tags)
        parent = self.stack[-1] if self.stack else -1
        ident = cls = ""
        code = 2 * len(tag) + 5
        attrs: tuple = ()
        items = el.items()
        if items:
            out = []
            for key, value in items:
                code += len(key) + len(value) + 4
                if key == "id":
                    ident = value.strip()
                elif key == "class":
                    cls = " ".join(value.split())
                elif self.base and key in URL_ATTRS:
                    value = _absolute(value, self.base)
                out.append((key, value))
            attrs = tuple(out)
        self.elements.append(el)
        self.tags.append(tag)
        self.ident.append(ident)
        self.cls.append(cls)
        self.attrs.append(attrs)
        self.parent.append(parent)
        self.kids.append([])
        if parent >= 0:
            self.kids[parent].append(i)
        self.depth.append(len(self.stack))
        self.before.append(self.chars)
        self.own.append(0)
        self.text_len.append(0)
        self.code.append(code)
        self.link_code.append(0)
        self.content_tags.append(1 if tag in CONTENT_TAGS else 0)
        self.boxes.append(1 if tag in BOX_TAGS else 0)
        self.parts.append([])
        self.inner.append(0)
        self.stack.append(i)
        self.add_text(i, el.text)

    def end(self, el: etree._Element) -> None:
        i = self.stack.pop()
        text = self.own[i]
        text_len = self.text_len
        for k in self.kids[i]:
            text += text_len[k]
        text_len[i] = text
        inner = self.inner[i] = hash(tuple(self.parts[i]))
        self.parts[i] = []  # free the strings
        if self.tags[i] == "a":
            self.link_code[i] = self.code[i]
        if self.stack:
            p = self.stack[-1]
            self.code[p] += self.code[i]
            self.link_code[p] += self.link_code[i]
            self.content_tags[p] += self.content_tags[i]
            self.boxes[p] += self.boxes[i]
            self.parts[p].append(hash((self.tags[i], self.attrs[i], inner)))  # outer HTML
            self.add_text(p, el.tail)


def _absolute(value: str, base: str) -> str:
    value = value.strip()
    if not value or "://" in value[:12] or value.lower().startswith(_NOT_RELATIVE):
        return value  # empty, absolute already, or not a page-relative reference
    try:
        return urljoin(base, value)
    except ValueError:  # malformed URL: compare it as written
        return value


def _walk(start: etree._Element, builder: _Builder) -> None:
    """One iterative pre/post-order walk of ``start`` feeding ``builder``."""
    walker = etree.iterwalk(start, events=("start", "end"))
    for event, el in walker:
        tag = el.tag
        if not isinstance(tag, str):  # comments, processing instructions, entities
            if event == "end" and builder.stack:
                builder.add_text(builder.stack[-1], el.tail)
            continue
        tag = tag.lower()
        if event == "start":
            if tag in SKIP_TAGS and builder.stack:
                walker.skip_subtree()  # its text is not page text; its tail is
                builder.add_text(builder.stack[-1], el.tail)
                continue
            builder.start(el, tag)
        elif builder.stack and builder.elements[builder.stack[-1]] is el:
            builder.end(el)  # (not the "end" of a skipped element, if lxml reports one)


def build_ctree(root: etree._Element, opts: LcsOptions, url: str | None = None) -> CTree:
    """The feature tree of a parsed page (rooted at ``<body>``, else at ``root``)."""
    picks = [_FEATURE_SLOTS[n] for n in feature_names(opts)]
    body = root.find("body") if root.tag == "html" else None
    start = body if body is not None else root
    b = _Builder(url, opts.absolutize_urls)
    _walk(start, b)
    level = [0]  # breadth-first order; children of one node stay contiguous
    head = 0
    while head < len(level):
        level.extend(b.kids[level[head]])
        head += 1
    pos = [0] * len(level)
    for lo, pre in enumerate(level):
        pos[pre] = lo
    kids = [b.kids[pre] for pre in level]
    parents = [b.parent[pre] for pre in level]
    own = [b.own[pre] for pre in level]
    text_len = [b.text_len[pre] for pre in level]
    before = [b.before[pre] for pre in level]
    tags = [b.tags[pre] for pre in level]
    t = CTree(
        elements=[b.elements[pre] for pre in level], tag=tags,
        ident=[b.ident[pre] for pre in level], cls=[b.cls[pre] for pre in level],
        depth=[b.depth[pre] for pre in level],
        parent=[pos[p] if p >= 0 else -1 for p in parents],
        first_child=[pos[k[0]] if k else len(level) for k in kids],
        n_children=[len(k) for k in kids], order=level, own_text=own, text_len=text_len,
        text_before=before, inner=[b.inner[pre] for pre in level],
        code_len=[b.code[pre] for pre in level], link_code=[b.link_code[pre] for pre in level],
        content_tags=[b.content_tags[pre] for pre in level], boxes=[b.boxes[pre] for pre in level],
        total_text=text_len[0] if text_len else 0,
    )
    t.content = [lo > 0 and (tags[lo] in CONTENT_TAGS or (text_len[lo] > 0 and own[lo] > CONTENT_TEXT_RATE * text_len[lo]))
                 for lo in range(len(level))]
    line = max(1, opts.line_chars)
    features = []
    for lo, pre in enumerate(level):
        p = parents[lo]
        # siblings are contiguous in level order: the first one's position gives the index
        values = (t.ident[lo], t.cls[lo], t.depth[lo], len(kids[lo]), -(-text_len[lo] // line),
                  before[lo] // line, lo - pos[b.kids[p][0]] if p >= 0 else 0)
        features.append(tuple([values[k] for k in picks]))
    t.features = features
    return t


def _cached_ctree(doc: Document, opts: LcsOptions) -> CTree:
    """The feature tree of ``doc``, built once per document and settings (a page is the
    target once and a similar page of up to k others in a batch)."""
    key = (opts.width_proxy, opts.height_proxy, opts.top_proxy, opts.left_proxy,
           opts.line_chars, opts.absolutize_urls)
    cached = doc.__dict__.get("_lcs_ctree")
    if cached is not None and cached[0] == key:
        return cached[1]
    tree = build_ctree(doc.tree, opts, doc.url)
    doc.__dict__["_lcs_ctree"] = (key, tree)
    return tree


# ----------------------------------------------------------------------------- CompareTwoCNode

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


# ----------------------------------------------------------------------------- LCS table

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


# ----------------------------------------------------------------------------- level matching

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


# ----------------------------------------------------------------------------- clusters

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


def score_clusters(metrics: list[dict[str, float]]) -> list[int]:
    """Points per cluster: for each metric the three highest non-zero values get 5/3/1
    (times the metric's sign); ties keep document order."""
    scores = [0] * len(metrics)
    for name, sign in METRIC_SIGNS.items():
        ranked = sorted((k for k, m in enumerate(metrics) if m[name] > 0),
                        key=lambda k: -metrics[k][name])
        for points, k in zip(RANK_POINTS, ranked):
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


# ----------------------------------------------------------------------------- text

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


# ----------------------------------------------------------------------------- method

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
    target = _cached_ctree(doc, opts)
    others = _site_trees(doc, opts)
    if not others:
        return _without_site_pages(doc, options, page)
    candidates, stats = find_candidates(target, others, opts)
    tops = top_candidates(target, candidates)
    in_comments = comment_boxes(target, tops) if opts.skip_comment_boxes else set()
    clusters = cluster(target, [i for i in tops if i not in in_comments])
    metrics = [cluster_metrics(target, c, opts.first_screen_chars) for c in clusters]
    scores = score_clusters(metrics)
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
        "chunked_levels": chunked,
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
            tree = _cached_ctree(other, opts)
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
    from ..registry import get_method

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
