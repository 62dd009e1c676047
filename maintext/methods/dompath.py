"""DOM-path similarity with same-site template removal (seed 000: Pan, Chen, Liu, Wang 2016).

1. Pre-cleaning: scripts, ``<noscript>``, styles, comments and the ``<head>`` (but for the
   title, which metadata reads) are left out of the walk; blank text nodes are skipped.
   (The paper uses regular expressions on the source; :func:`maintext.site.template.preclean_html`
   implements them, but the walk over the parsed tree removes the same things without a
   second parse and without the cases where regular expressions and the parser disagree.)
2. Template removal: when other pages of the site are attached to ``doc.site_docs``, the
   target is walked together with them (:mod:`maintext.site.template`); text nodes equal to
   the other pages' at the same position are the site's template and are dropped.
3. Path similarity: every remaining text leaf has a root-to-leaf path. Leaves of one
   content block share a long common prefix, leaves of different blocks a short one. The
   similarity of two leaves is ``c / max(nA, nB)`` (c: common prefix length, nA, nB: the
   leaves' depths; the paper's formula was lost, see ``DomPathOptions.similarity``). Each
   leaf is linked to the preceding leaves (a few, in document order) it is similar
   enough to; linked leaves form groups, and the group with the most (non-link) text is
   the main text.
4. Title proximity (the paper's own future work, in its conclusion: use the path distance
   between content nodes and the title node): each group's weight is multiplied by the
   path similarity of its first leaves to the content title's leaf (an h1/h2/h3 matching
   the page's <title>), squared by default (``DomPathOptions.title_power``; 0: off), so
   reader comments far from the headline no longer win by sheer length.

Linear: the tree is walked once, each leaf's path is built from memoised parent links, and
each leaf is compared with a bounded number of neighbours, climbing only to their common
ancestor.
"""

from __future__ import annotations

from dataclasses import dataclass

import lxml.etree as etree

from ..html.tags import BLOCK_TAGS
from ..html.document import Document
from ..options import Options
from ..paper_options import DomPathOptions
from ..result import Page
from ..site.nodeseq import Slot, flatten, slot_text
from ..site.template import has_site_evidence, split_text_nodes
from ..textutil import collapse_ws, nonspace_len, tokens

# Text shown this many characters into a leaf in --explain records.
_EXPLAIN_CHARS = 80


class PathIndex:
    """Root-to-leaf paths of elements as nodes of a trie with parent links.

    ``steps == "node"``: every element is its own trie node (the common prefix of two
    paths ends at the lowest common ancestor). ``steps == "tag"``: elements with the same
    sequence of tag names share a trie node. Built lazily, memoised per element, so the
    paths of all leaves cost one visit per element."""

    def __init__(self, steps: str = "node") -> None:
        if steps not in ("node", "tag"):
            raise ValueError(f"path steps must be 'node' or 'tag', not {steps!r}")
        self.by_tag = steps == "tag"
        self.parent: list[int] = [-1]  # trie node 0: above the root
        self.depth: list[int] = [0]
        self._interned: dict[tuple[int, str], int] = {}
        # element -> (trie node, inside a link, nearest block-level element)
        self._info: dict[etree._Element, tuple[int, bool, etree._Element | None]] = {}

    def info(self, el: etree._Element) -> tuple[int, bool, etree._Element | None]:
        """(trie node, inside ``<a href>``, block-level owner) of ``el``."""
        known = self._info.get(el)
        if known is not None:
            return known
        chain = []
        node: etree._Element | None = el
        while node is not None and node not in self._info:
            chain.append(node)
            node = node.getparent()
        above = self._info[node] if node is not None else (0, False, None)
        for e in reversed(chain):
            tag = e.tag.lower() if isinstance(e.tag, str) else ""
            pid, in_link, block = above
            above = (self._node(pid, tag),
                     in_link or (tag == "a" and e.get("href") is not None),
                     e if tag in BLOCK_TAGS else block)
            self._info[e] = above
        return above

    def _node(self, pid: int, tag: str) -> int:
        if self.by_tag:
            key = (pid, tag)
            found = self._interned.get(key)
            if found is not None:
                return found
            self._interned[key] = len(self.parent)
        self.parent.append(pid)
        self.depth.append(self.depth[pid] + 1)
        return len(self.parent) - 1

    def common_prefix(self, a: int, b: int) -> int:
        """Length of the common prefix of two trie nodes' paths (their LCA's depth)."""
        parent, depth = self.parent, self.depth
        while depth[a] > depth[b]:
            a = parent[a]
        while depth[b] > depth[a]:
            b = parent[b]
        while a != b:
            a, b = parent[a], parent[b]
        return depth[a]


def path_similarity(common: int, n_a: int, n_b: int, formula: str = "max") -> float:
    """Similarity of two leaf paths of depths ``n_a``, ``n_b`` sharing ``common`` steps."""
    if formula == "max":
        longest = max(n_a, n_b)
        return common / longest if longest else 0.0
    if formula == "min":
        shortest = min(n_a, n_b)
        return common / shortest if shortest else 0.0
    if formula == "mean":
        total = n_a + n_b
        return 2.0 * common / total if total else 0.0
    raise ValueError(f"unknown path similarity {formula!r}; use max, min or mean")


@dataclass(slots=True)
class Leaf:
    """A content text leaf: its text, trie node, depth (path length, text included)."""

    slot: Slot
    text: str
    node: int
    depth: int
    in_link: bool
    block: etree._Element | None
    group: int = -1


def make_leaves(slots: list[Slot], paths: PathIndex) -> list[Leaf]:
    leaves: list[Leaf] = []
    for slot in slots:
        _, el, is_tail = slot
        owner = el.getparent() if is_tail else el
        if owner is None:
            continue
        node, in_link, block = paths.info(owner)
        leaves.append(Leaf(slot, slot_text(slot), node, paths.depth[node] + 1, in_link, block))
    return leaves


def group_leaves(leaves: list[Leaf], paths: PathIndex, opts: DomPathOptions) -> int:
    """Link each leaf to the preceding ``window`` leaves it is similar to (union-find);
    sets ``leaf.group`` (0, 1, ... in document order) and returns the number of groups."""
    parent = list(range(len(leaves)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    window = max(1, opts.window)
    for i, leaf in enumerate(leaves):
        for j in range(max(0, i - window), i):
            other = leaves[j]
            common = paths.common_prefix(leaf.node, other.node)
            if path_similarity(common, leaf.depth, other.depth, opts.similarity) >= opts.threshold:
                ri, rj = find(i), find(j)
                if ri != rj:
                    parent[max(ri, rj)] = min(ri, rj)
    numbers: dict[int, int] = {}
    for i, leaf in enumerate(leaves):
        leaf.group = numbers.setdefault(find(i), len(numbers))
    return len(numbers)


def group_weights(leaves: list[Leaf], n_groups: int, link_penalty: float) -> list[float]:
    weights = [0.0] * n_groups
    for leaf in leaves:
        chars = nonspace_len(leaf.text)
        weights[leaf.group] += -link_penalty * chars if leaf.in_link else chars
    return weights


# Heading levels searched for the content title, most likely first.
_TITLE_LEVELS = ("h1", "h2", "h3")


def title_leaf(leaves: list[Leaf], title: str, min_overlap: float) -> Leaf | None:
    """The leaf holding the content title: the first h1/h2/h3 leaf (in that order of
    levels) with ``min_overlap`` of its words in the page's ``<title>``
    (``DomPathOptions.title_min_overlap``), else the first h1 leaf."""
    title_words = set(tokens(title.lower()))
    by_level: dict[str, list[Leaf]] = {level: [] for level in _TITLE_LEVELS}
    for leaf in leaves:
        tag = leaf.block.tag if leaf.block is not None and isinstance(leaf.block.tag, str) else ""
        if tag in by_level:
            by_level[tag].append(leaf)
    if title_words:
        for level in _TITLE_LEVELS:
            for leaf in by_level[level]:
                words = tokens(leaf.text.lower())
                if words and sum(w in title_words for w in words) >= min_overlap * len(words):
                    return leaf
    return by_level["h1"][0] if by_level["h1"] else None


def title_proximity(leaves: list[Leaf], n_groups: int, title: Leaf, paths: PathIndex,
                    formula: str, max_probes: int) -> list[float]:
    """Per group: the best path similarity of its first ``max_probes`` leaves to the title
    leaf (``DomPathOptions.title_probes``)."""
    near = [0.0] * n_groups
    probes = [0] * n_groups
    for leaf in leaves:
        g = leaf.group
        if probes[g] >= max_probes:
            continue
        probes[g] += 1
        common = paths.common_prefix(leaf.node, title.node)
        near[g] = max(near[g], path_similarity(common, leaf.depth, title.depth, formula))
    return near


def paragraphs_of(leaves: list[Leaf]) -> list[str]:
    """The leaves' text, one paragraph per block-level element (inline pieces joined)."""
    out: list[str] = []
    pieces: list[str] = []
    current: object = None
    for leaf in leaves:
        if leaf.block is not current and pieces:
            out.append(collapse_ws("".join(pieces)))
            pieces = []
        current = leaf.block
        pieces.append(leaf.text)
    if pieces:
        out.append(collapse_ws("".join(pieces)))
    return [p for p in out if p]


def extract(doc: Document, options: Options) -> Page:
    opts = options.dompath
    page = Page(url=doc.url, method="dompath")
    root = doc.tree
    info: dict[str, object] = {}
    if opts.template_removal and has_site_evidence(doc, "dompath"):
        split = split_text_nodes(doc, root, max_pages=opts.max_site_pages,
                                 min_pages=opts.min_site_pages, resync_window=opts.resync_window)
        content, template = split.content, split.template
        if split.site_pages:
            info["template_removal"] = f"compared with {split.site_pages} other page(s) of the site"
        else:
            info["template_removal"] = ("skipped: fewer than "
                                        f"{max(1, opts.min_site_pages)} usable site page(s)")
    else:
        content, template = flatten(root, keep_slots=True).slots, []
        info["template_removal"] = ("skipped: no other pages of the site (doc.site_docs is empty)"
                                    if opts.template_removal else "skipped: turned off")
    paths = PathIndex(opts.path_steps)
    leaves = make_leaves(content, paths)
    n_groups = group_leaves(leaves, paths, opts)
    weights = group_weights(leaves, n_groups, opts.link_penalty)
    title = title_leaf(leaves, _page_title(root), opts.title_min_overlap) if opts.title_power > 0 else None
    if title is not None:
        near = title_proximity(leaves, n_groups, title, paths, opts.similarity, opts.title_probes)
        weights = [w * near[g] ** opts.title_power if w > 0 else w for g, w in enumerate(weights)]
        info["title_leaf"] = collapse_ws(title.text)[:_EXPLAIN_CHARS]
    best = max(range(n_groups), key=weights.__getitem__) if n_groups else -1
    kept = [leaf for leaf in leaves if leaf.group == best]
    page.set_paragraphs(paragraphs_of(kept))
    info.update(template_leaves=len(template), content_leaves=len(leaves), groups=n_groups,
                main_group=best, main_group_leaves=len(kept))
    page.extra["dompath"] = info
    if str(info["template_removal"]).startswith("skipped"):
        page.reason = "template removal " + str(info["template_removal"])
    if not page.text:
        page.reason = ("every text node is the site's template" if template and not leaves
                       else "no text leaves in the page")
    if options.explain:
        page.explain = _explain(template, leaves, weights, best)
    return page


def _page_title(root: etree._Element) -> str:
    el = root.find("head/title")
    return collapse_ws(el.text_content()) if el is not None else ""


def _explain(template: list[Slot], leaves: list[Leaf], weights: list[float], best: int) -> list[dict]:
    records: list[dict] = []
    for slot in template:
        records.append({"pos": slot[0], "text": collapse_ws(slot_text(slot))[:_EXPLAIN_CHARS],
                        "decision": "drop", "why": "site template"})
    for leaf in leaves:
        records.append({"pos": leaf.slot[0], "text": collapse_ws(leaf.text)[:_EXPLAIN_CHARS],
                        "decision": "keep" if leaf.group == best else "drop",
                        "why": f"group {leaf.group} (weight {weights[leaf.group]:.0f})"
                               + (", the main text" if leaf.group == best else "")})
    records.sort(key=lambda r: r["pos"])
    return records
