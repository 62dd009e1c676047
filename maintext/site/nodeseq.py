"""Pages as node sequences, and the synchronized walk that flags a page's template nodes
(seed 000, after DSE).

Takes parsed trees (the target page and other pages of its site) and gives, per target node,
template or content; :class:`TemplateSplit` holds the target's text nodes split that way.
:mod:`maintext.site.template` runs it for the methods.

Pages of one site come out of one template: what a page shares with its siblings (menus,
footers, side columns, "share" buttons) is template; what only it holds is its content.
Pan et al. (2016) find the shared part by walking the target's DOM and those of two (or
more) other pages of the site at once, depth-first, each node carrying its depth, path,
text and whether it is a tag:

- when all walkers stand at the same depth, the target's node is *template* if its text
  equals the text of the others' nodes, *content* otherwise, and all walkers advance;
- when the depths differ, the target's nodes that are deeper than another walker's go to
  content (the target holds something the others lack), and the walkers deeper than the
  target advance until the depths line up again.

Each walk is one pass over each page, O(target + others) with no recursion, so 10,000
nested elements are as cheap as 10,000 siblings. A sibling page's walk is computed once
(from a fresh parse, see :func:`site_sequence`) and kept on its :class:`~maintext.html.document.Document` as two
compact arrays (depths and text hashes), so a collection in which every page is the
sibling of a few others parses each page once for this purpose.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import lxml.etree as etree

from ..html.tags import SKIP_TAGS
from ..html.document import parse_html
from ..errors import MaintextError
from ..textutil import collapse_ws

if TYPE_CHECKING:
    from ..html.document import Document

# ----------------------------------------------------------------------------- node sequences

# A text node of the target: (index in the node sequence, element, is_tail). The text is
# ``element.tail`` when is_tail, else ``element.text``.
Slot = tuple[int, etree._Element, bool]


@dataclass(slots=True)
class NodeSeq:
    """A page in depth-first order: one depth and one key per node (tags and texts).

    A tag node's key stands for its tag name, a text node's key for its whitespace-collapsed
    text (hashes: equal keys mean equal texts). ``slots`` lists the text nodes (only kept
    for a target page, whose texts a method goes on to use)."""

    depths: array = field(default_factory=lambda: array("I"))
    keys: array = field(default_factory=lambda: array("q"))
    is_text: bytearray = field(default_factory=bytearray)
    slots: list[Slot] = field(default_factory=list)
    _positions: dict[int, list[int]] | None = None

    def positions(self) -> dict[int, list[int]]:
        """Key -> positions of the nodes holding it, ascending (built once)."""
        if self._positions is None:
            index: dict[int, list[int]] = {}
            for pos, key in enumerate(self.keys):
                index.setdefault(key, []).append(pos)
            self._positions = index
        return self._positions

    def __len__(self) -> int:
        return len(self.depths)


def slot_text(slot: Slot) -> str:
    """The raw text of a text node."""
    _, el, is_tail = slot
    return (el.tail if is_tail else el.text) or ""


def _start_of(root: etree._Element) -> etree._Element:
    body = root.find("body")
    return body if body is not None else root


def flatten(root: etree._Element, *, keep_slots: bool = False) -> NodeSeq:
    """The depth-first node sequence of ``root``'s body: element and non-blank text nodes.

    Invisible subtrees (scripts, styles, ``<head>``, form widgets: :data:`SKIP_TAGS`) are
    left out, like the paper's pre-cleaning does; one iterative pass."""
    seq = NodeSeq()
    depths, keys, is_text, slots = seq.depths, seq.keys, seq.is_text, seq.slots
    level = 0  # depth of the element whose start was seen last and not ended

    def add_text(text: str | None, depth: int, el: etree._Element, is_tail: bool) -> None:
        if not text or text.isspace():
            return
        depths.append(depth)
        keys.append(hash(collapse_ws(text)))
        is_text.append(1)
        if keep_slots:
            slots.append((len(depths) - 1, el, is_tail))

    walker = etree.iterwalk(_start_of(root), events=("start", "end"))
    for event, el in walker:
        tag = el.tag
        skipped = not isinstance(tag, str) or tag.lower() in SKIP_TAGS
        if event == "start":
            if skipped:
                walker.skip_subtree()
                add_text(el.tail, level + 1, el, True)
                continue
            level += 1
            depths.append(level)
            keys.append(hash(("<tag>", tag.lower(), el.get("id"), el.get("class"))))
            is_text.append(0)
            add_text(el.text, level + 1, el, False)
        elif not skipped:
            level -= 1
            add_text(el.tail, level + 1, el, True)
    return seq


def site_sequence(doc: "Document") -> NodeSeq | None:
    """The node sequence of a sibling page (cached on ``doc``; ``None`` when the page cannot
    be parsed), from a fresh parse: ``doc.tree`` may have been pruned by the method that
    ran on that page, and the target and its siblings must be parsed alike.

    The paper's regular-expression cleaning (:func:`preclean_html`) is not applied here:
    the walk leaves out what it removes (the parser drops comments, :func:`flatten` skips
    scripts, styles and ``<head>``), while regular expressions and the parser disagree on
    broken pages (an unclosed ``<head>`` swallowing the top of the body), which would make
    a sibling's tree differ from the same page parsed as a target."""
    cached = doc.site_sequence
    if cached is not None:
        return cached[0]
    try:
        seq: NodeSeq | None = flatten(parse_html(doc.html, doc.options.max_tree_depth))
    except (MaintextError, ValueError):
        seq = None
    doc.site_sequence = (seq,)
    return seq


# ----------------------------------------------------------------------------- the walk

TEMPLATE, CONTENT = 1, 0
# Nodes a resynchronising walk looks ahead (0: the paper's plain lockstep walk).
DEFAULT_RESYNC_WINDOW = 200


def flag_template_nodes(target: NodeSeq, others: list[NodeSeq], resync_window: int = 0) -> bytearray:
    """One flag per target node, 1 = template, 0 = content.

    ``resync_window == 0``: the paper's synchronized walk of all pages at once. Otherwise
    the target is walked with each other page in turn (the paper's "compare DOM1 with DOM2,
    then DOM1 with DOM3") by :func:`match_pair`, and a node is template when it matched in
    every comparison. Target nodes left when another page's walk has ended are content."""
    if resync_window > 0:
        if not others:
            return bytearray(len(target))
        flags = match_pair(target, others[0], resync_window)
        for other in others[1:]:
            more = match_pair(target, other, resync_window)
            flags = bytearray(a & b for a, b in zip(flags, more))
        return flags
    return _joint_walk(target, others)


def _joint_walk(target: NodeSeq, others: list[NodeSeq]) -> bytearray:
    """The paper's pseudo-code, for any number of other pages."""
    n = len(target)
    flags = bytearray(n)
    if not others:
        return flags
    td, tk = target.depths, target.keys
    ods = [o.depths for o in others]
    oks = [o.keys for o in others]
    ends = [len(o) for o in others]
    ptr = [0] * len(others)
    m = len(others)
    i = 0
    while i < n:
        if any(ptr[w] >= ends[w] for w in range(m)):
            break
        d = td[i]
        shallower = False  # another walker stands above the target's node
        deeper = False
        for w in range(m):
            dw = ods[w][ptr[w]]
            if dw < d:
                shallower = True
            elif dw > d:
                deeper = True
        if not shallower and not deeper:  # depths line up: compare the texts
            key = tk[i]
            if all(oks[w][ptr[w]] == key for w in range(m)):
                flags[i] = TEMPLATE
            i += 1
            for w in range(m):
                ptr[w] += 1
        elif shallower:  # the target holds nodes the others lack: content
            i += 1
        else:  # the others hold nodes the target lacks: they advance
            for w in range(m):
                if ods[w][ptr[w]] > d:
                    ptr[w] += 1
    return flags


# How many later occurrences of a text a resynchronisation looks at (each must also sit at
# the right depth); bounds the work on texts repeated all over a page ("|", "More").
_MAX_PROBES = 8


def _next_at(positions: list[int] | None, after: int, window: int, depths: array, depth: int) -> int | None:
    """The first position in ``positions`` after ``after``, at most ``window`` ahead, whose
    node sits at ``depth``."""
    if not positions:
        return None
    k = bisect_right(positions, after)
    for pos in positions[k:k + _MAX_PROBES]:
        if pos - after > window:
            break
        if depths[pos] == depth:
            return pos
    return None


def match_pair(target: NodeSeq, other: NodeSeq, window: int) -> bytearray:
    """The paper's walk of two pages, which resynchronises after runs of differing texts.

    Depths as in the paper: a target node deeper than the other's is content, an other's
    node deeper than the target's is passed over; at equal depth equal keys match. Our
    addition (the lockstep walk loses its way when the two pages hold different numbers of
    nodes at one depth, e.g. 12 headlines in a list here and 9 there): when the texts
    differ, the walk looks up to ``window`` nodes ahead for the target's text in the other
    page (the other holds extra nodes: pass over them) or the other's text in the target
    (the target holds extra nodes: they are content), taking the nearer; with neither, both
    advance as in the paper. Dictionary look-ups, so the walk stays linear."""
    n, m = len(target), len(other)
    matched = bytearray(n)
    td, tk = target.depths, target.keys
    od, ok = other.depths, other.keys
    opos = other.positions()
    tpos = target.positions()
    i = j = 0
    while i < n and j < m:
        d, e = td[i], od[j]
        if d > e:
            i += 1
            continue
        if d < e:
            j += 1
            continue
        if tk[i] == ok[j]:
            matched[i] = TEMPLATE
            i += 1
            j += 1
            continue
        p = _next_at(opos.get(tk[i]), j, window, od, d)
        q = _next_at(tpos.get(ok[j]), i, window, td, e)
        if p is not None and (q is None or p - j <= q - i):
            j = p  # the other page's nodes up to p are not in the target
        elif q is not None:
            i = q  # the target's nodes up to q are not in the other page: content
        else:
            i += 1
            j += 1
    return matched


# ----------------------------------------------------------------------------- the split


@dataclass(slots=True)
class TemplateSplit:
    """The target's text nodes, split by the walk."""

    content: list[Slot]
    template: list[Slot]
    site_pages: int  # other pages of the site the target was compared with (0: no template step)

    @property
    def texts(self) -> frozenset[str]:
        """Normalised texts of the template nodes."""
        return frozenset(collapse_ws(slot_text(s)) for s in self.template)
