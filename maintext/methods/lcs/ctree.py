"""LCS method, step 1: the feature tree (CTree) of a page.

Takes a parsed tree and the LCS options; gives a :class:`CTree`: per box element its
features (id, class, depth, size and position proxies), children and text, built in one
iterative walk and cached per document (``Document.lcs_ctree``).
"""

from __future__ import annotations

import lxml.etree as etree
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin

from ...html.document import Document
from ...html.tags import BLOCK_TAGS
from ...options import LcsOptions
from ...textutil import collapse_ws, nonspace_len


# Elements the paper's preprocessing removes: not rendered, no page text.
SKIP_TAGS = frozenset({"script", "style", "noscript", "template"})
# Definition 3: tags commonly used to show content.
CONTENT_TAGS = frozenset({"p", "span", "b", "strong", "h1", "h2", "h3", "h4", "h5", "h6"})
# Elements that make a rendered box or line (the area proxy of a cluster).
BOX_TAGS = BLOCK_TAGS | {"br", "img"}
# Attributes holding URLs, resolved against the page URL (paper: links, images, CSS,
# iframes, frames); values starting with these prefixes are not page-relative.
URL_ATTRS = frozenset({"href", "src"})
_NOT_RELATIVE = ("#", "javascript:", "mailto:", "data:", "tel:")
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
    rate = opts.content_text_rate  # Definition 4: a node with more own text than this is content
    t.content = [lo > 0 and (tags[lo] in CONTENT_TAGS or (text_len[lo] > 0 and own[lo] > rate * text_len[lo]))
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


def cached_ctree(doc: Document, opts: LcsOptions) -> CTree:
    """The feature tree of ``doc``, built once per document and settings (a page is the
    target once and a similar page of up to k others in a batch)."""
    key = (opts.width_proxy, opts.height_proxy, opts.top_proxy, opts.left_proxy,
           opts.line_chars, opts.absolutize_urls, opts.content_text_rate)
    cached = doc.lcs_ctree
    if cached is not None and cached[0] == key:
        return cached[1]
    tree = build_ctree(doc.tree, opts, doc.url)
    doc.lcs_ctree = (key, tree)
    return tree
