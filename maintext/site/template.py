"""Same-site template removal for methods: which of a page's texts are the site's template.

Takes a :class:`~maintext.html.document.Document` with other pages of its site attached
(``doc.site_docs``) or a template learned earlier (``doc.site_template``) and gives the
page's text nodes split into template and content (:func:`split_text_nodes`, walked by
:mod:`maintext.site.nodeseq`), or the normalised template texts for filtering another
method's blocks (:func:`template_texts`, :func:`is_template_text`). Also the paper's
regular-expression cleaning (:func:`preclean_html`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable

import lxml.etree as etree

from ..textutil import collapse_ws
from .learned import template_split
from .nodeseq import DEFAULT_RESYNC_WINDOW, TEMPLATE, NodeSeq, Slot, TemplateSplit, flag_template_nodes, flatten, site_sequence

if TYPE_CHECKING:
    from ..html.document import Document

# ----------------------------------------------------------------------------- pre-cleaning

# Elements the paper removes with their content before comparing pages (section 1.1):
# client scripts, their <noscript> alternatives, and style sheets. Each entry: the start
# tag and the end tag that closes it.
_DROP_ELEMENTS: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(rf"<{name}\b", re.IGNORECASE), re.compile(rf"</{name}\s*>", re.IGNORECASE))
    for name in ("script", "noscript", "style")
)
_COMMENT = (re.compile(r"<!--"), re.compile(r"-->"))
_HEAD = (re.compile(r"<head\b[^>]*>", re.IGNORECASE), re.compile(r"</head\s*>", re.IGNORECASE))
_TITLE = re.compile(r"<title\b[^>]*>.*?</title\s*>", re.IGNORECASE | re.DOTALL)
_BLANK_LINES = re.compile(r"\n[ \t\r\f\v]*(?=\n)")


def _drop_between(html: str, start: re.Pattern[str], end: re.Pattern[str]) -> str:
    """Remove every ``start ... end`` span; linear (an unclosed start keeps the rest)."""
    out: list[str] = []
    pos = 0
    while True:
        m = start.search(html, pos)
        if m is None:
            break
        close = end.search(html, m.end())
        if close is None:
            break
        out.append(html[pos:m.start()])
        pos = close.end()
    if not out:
        return html
    out.append(html[pos:])
    return "".join(out)


def preclean_html(html: str) -> str:
    """The paper's regular-expression cleaning: drop scripts, ``<noscript>``, styles and
    comments, empty the ``<head>`` but for its ``<title>``, then remove blank lines."""
    for start, end in _DROP_ELEMENTS:
        html = _drop_between(html, start, end)
    html = _drop_between(html, *_COMMENT)
    head = _HEAD[0].search(html)
    if head is not None:
        close = _HEAD[1].search(html, head.end())
        if close is not None:
            title = _TITLE.search(html, head.end(), close.start())
            kept = title.group(0) if title else ""
            html = html[:head.end()] + kept + html[close.start():]
    return _BLANK_LINES.sub("", html)


# ----------------------------------------------------------------------------- for methods


def has_learned(doc: "Document", method: str) -> bool:
    """Whether ``doc`` carries a template learned earlier for ``method`` (no site pages needed)."""
    return doc.site_template is not None and bool(doc.site_template.get(method))


def has_site_evidence(doc: "Document", method: str) -> bool:
    """Whether ``method`` can compare ``doc`` with its site: site pages, or a learned template."""
    return bool(doc.site_docs) or has_learned(doc, method)


def comparison_pages(doc: "Document", max_pages: int) -> list[NodeSeq]:
    """Node sequences of up to ``max_pages`` of ``doc.site_docs`` that can be parsed."""
    seqs: list[NodeSeq] = []
    for other in doc.site_docs:
        if len(seqs) >= max_pages:
            break
        if other is doc or other.html == doc.html:
            continue
        seq = site_sequence(other)
        if seq is not None and len(seq):
            seqs.append(seq)
    return seqs


def split_text_nodes(doc: "Document", root: etree._Element | None = None, *,
                     max_pages: int = 2, min_pages: int = 1,
                     resync_window: int = DEFAULT_RESYNC_WINDOW) -> TemplateSplit:
    """Split the text nodes of ``root`` (default ``doc.tree``) into template and content by
    walking them together with ``doc.site_docs`` (at most ``max_pages`` of them).

    With fewer than ``min_pages`` usable site pages every text node is content and
    ``site_pages`` is 0. Without site pages, a template learned earlier
    (``doc.site_template``, :mod:`maintext.site.learned`) splits the nodes by its signatures."""
    if not doc.site_docs and has_learned(doc, "dompath"):
        return template_split(doc, root)
    target = flatten(doc.tree if root is None else root, keep_slots=True)
    others = comparison_pages(doc, max_pages) if max_pages > 0 else []
    if len(others) < max(1, min_pages):
        return TemplateSplit(content=list(target.slots), template=[], site_pages=0)
    flags = flag_template_nodes(target, others, resync_window)
    content: list[Slot] = []
    template: list[Slot] = []
    for slot in target.slots:
        (template if flags[slot[0]] == TEMPLATE else content).append(slot)
    return TemplateSplit(content=content, template=template, site_pages=len(others))


def template_texts(doc: "Document", root: etree._Element | None = None, *,
                   max_pages: int = 2, min_pages: int = 1,
                   resync_window: int = DEFAULT_RESYNC_WINDOW) -> frozenset[str]:
    """Whitespace-collapsed texts of ``doc``'s template nodes (empty without site pages).

    Call it before a method prunes ``doc.tree`` (or pass an unpruned ``root``). Without
    site pages, the repeated-block texts of a template learned earlier (``doc.site_template``)."""
    if not doc.site_docs:
        return doc.site_template.get("auto") if has_learned(doc, "auto") else frozenset()
    return split_text_nodes(doc, root, max_pages=max_pages, min_pages=min_pages,
                            resync_window=resync_window).texts


def is_template_text(text: str, templates: frozenset[str] | set[str],
                     normalise: Callable[[str], str] = collapse_ws) -> bool:
    """Whether ``text`` (a block of another method) is one of the template texts."""
    return bool(templates) and normalise(text) in templates
