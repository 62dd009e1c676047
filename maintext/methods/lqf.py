"""Baseline: Link Quota Filter, LQF (Mantratzis, Orgun & Cassidy 2005).

Navigation is made of links. Walking the DOM bottom-up, every container element (table
cell, row or table, div, list, HTML5 section) whose link text exceeds ``lqf_quota`` of its
text is a navigation block and is removed with its subtree; a removed block no longer
counts towards its parent, so a page column is judged on what is left once its menus are
gone. Everything that survives is the content. One iterative post-order pass.
"""

from __future__ import annotations

import lxml.etree as etree

from ..html.blocks import element_segmentation
from ..html.clean import drop_keep_tail
from ..html.structure import typed_blocks
from ..html.tags import SKIP_TAGS
from ..html.document import Document
from ..options import Options
from ..result import Page
from ..textutil import nonspace_len

# The block elements the filter judges: table cells/rows/tables, divs, lists and their
# items, and the HTML5 sectioning elements that play the same role on newer pages.
CONTAINERS = frozenset({
    "td", "th", "tr", "tbody", "table", "div", "ul", "ol", "dl", "li", "dd", "dt", "menu",
    "nav", "aside", "section", "header", "footer", "form", "center",
})


def link_blocks(root: etree._Element, quota: float, min_chars: int) -> list[etree._Element]:
    """Containers whose link-text share exceeds ``quota``, innermost first."""
    found: list[etree._Element] = []
    # per open element: [text chars, link chars]; links_open counts enclosing <a href>
    stack: list[list[int]] = [[0, 0]]
    links_open = 0
    walker = etree.iterwalk(root, events=("start", "end"))
    for event, el in walker:
        tag = el.tag.lower() if isinstance(el.tag, str) else ""
        if event == "start":
            if tag in SKIP_TAGS or not tag:
                if tag:
                    walker.skip_subtree()
                _count(stack[-1], el.tail, links_open > 0)
                continue
            if tag == "a" and el.get("href") is not None:
                links_open += 1
            stack.append([0, 0])
            _count(stack[-1], el.text, links_open > 0)
            continue
        if not tag or tag in SKIP_TAGS:
            continue
        chars, links = stack.pop()
        if tag == "a" and el.get("href") is not None:
            links_open -= 1
        if tag in CONTAINERS and chars >= min_chars and chars and links / chars > quota:
            found.append(el)  # removed: contributes nothing to its parent
        else:
            stack[-1][0] += chars
            stack[-1][1] += links
        _count(stack[-1], el.tail, links_open > 0)
    return found


def _count(acc: list[int], text: str | None, in_link: bool) -> None:
    if text:
        n = nonspace_len(text)
        acc[0] += n
        if in_link:
            acc[1] += n


def extract(doc: Document, options: Options) -> Page:
    opts = options.baselines
    page = Page(url=doc.url, method="lqf")
    root = doc.tree
    body = root.find("body")
    start = body if body is not None else root
    removed = link_blocks(start, opts.lqf_quota, opts.lqf_min_chars)
    for el in removed:
        drop_keep_tail(el)  # the cleaner's removal: the subtree goes, its tail text stays
    seg, blocks = element_segmentation(root)
    page.set_paragraphs([b.text for b in blocks if b.text])
    page.blocks = typed_blocks([b for b in seg.blocks if b.text], seg, doc.url)
    page.extra["lqf"] = {"removed_blocks": len(removed)}
    if not page.text:
        page.reason = "every block was over the link quota"
    return page
