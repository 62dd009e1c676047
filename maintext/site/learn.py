"""Learning a site's template from one page and its site pages, for the template store.

Takes a :class:`~maintext.html.document.Document` with its site pages attached
(``doc.site_docs``) and gives a :class:`~maintext.site.learned.LearnedTemplate` (what dompath,
lcs and auto would remove as template, as page-independent keys: :mod:`maintext.site.learned`),
and a page's own keys of each kind (:func:`page_keys`, for the store's staleness test). The
lcs keys come from the lcs method's own alignment (:mod:`maintext.methods.lcs`, imported when
asked); the dompath and auto keys from the synchronized walk (:mod:`maintext.site.template`).
"""

from __future__ import annotations

from .learned import LearnedTemplate, ctree_keys, slot_signatures, slot_texts
from .nodeseq import flatten
from .template import split_text_nodes


def _lcs_keys(doc, n_pages: int) -> frozenset[str]:
    """Keys of the feature-tree nodes matched when each of the pages (the target and up to
    ``n_pages`` site pages) is aligned with the others: a template box that two of the
    pages share is learned even when the target lacks it (a video player, a live banner)."""
    from ..methods.lcs import cached_ctree, find_candidates

    opts = doc.options.lcs
    trees = [cached_ctree(doc, opts)]
    for other in doc.site_docs[:n_pages]:
        try:
            tree = cached_ctree(other, opts)
        except Exception:  # noqa: BLE001 - an unreadable site page is left out
            continue
        if len(tree):
            trees.append(tree)
    if len(trees) < 2:
        return frozenset()
    out: set[str] = set()
    for k, tree in enumerate(trees):
        candidates = set(find_candidates(tree, trees[:k] + trees[k + 1:], opts)[0])
        out.update(key for i, key in enumerate(ctree_keys(tree)) if i not in candidates)
    return frozenset(out)


def learn(doc, n_pages: int, min_share: float = 0.0) -> LearnedTemplate:
    """What the three methods learn from ``doc`` and its attached site pages.

    A method's keys are left out when they cover less than ``min_share`` of the page's own
    keys of that kind: the comparison failed (site pages of another layout, an archive
    banner around one page), and so few keys would match any later page trivially."""
    split = split_text_nodes(doc, max_pages=n_pages)
    keys = {"dompath": slot_signatures(split.template), "lcs": _lcs_keys(doc, n_pages), "auto": slot_texts(split.template)}
    kept = {m: k for m, k in keys.items() if k and len(k) >= min_share * len(page_keys(doc, m))}
    return LearnedTemplate(kept, pages=split.site_pages)


def page_keys(doc, method: str) -> frozenset[str]:
    """The page's own keys of the kind ``method`` stores (for :func:`match_share`)."""
    if method == "lcs":
        from ..methods.lcs import cached_ctree

        return frozenset(ctree_keys(cached_ctree(doc, doc.options.lcs)))
    slots = flatten(doc.tree, keep_slots=True).slots
    return slot_texts(slots) if method == "auto" else slot_signatures(slots)
