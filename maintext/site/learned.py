"""What each template method learned about a site's template, in a form a later page can use.

Takes what :func:`maintext.site.learn.learn` found on a page and its site pages and gives a
:class:`LearnedTemplate`: one set of keys per method, each a page-independent description
of the site's template as that method sees it,

* ``dompath``: signatures of the text nodes the seed-000 walk found to be template (tag
  path ``tag#id.class`` from ``body`` plus the collapsed text; :func:`node_signature`);
* ``lcs``: keys of the feature-tree nodes the LCS alignment matched with the similar pages
  (seed 003): the chain of ``tag#id.class`` from the tree's root, plus a hash of the inner
  HTML for content nodes (the paper compares content nodes by their inner HTML, structure
  nodes by their features);
* ``auto``: the texts of the page's repeated blocks (text nodes shared with the site pages),
  which ``auto``'s site filter drops.

A later page of the site gets the set (``doc.site_template``) instead of site pages, and
the methods read it through :func:`template_split` (dompath), :func:`learned_candidates`
(lcs) and :func:`maintext.site.template.template_texts` (auto): no sibling fetched, no
sibling parsed, no alignment. :func:`match_share` says how much of a set a new page still
holds: the template store's staleness test.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from lxml import etree

from ..textutil import collapse_ws
from .nodeseq import TemplateSplit, flatten

METHODS = ("dompath", "lcs", "auto")


@dataclass(frozen=True)
class LearnedTemplate:
    """Per method, the keys of the site's template (see the module docstring)."""

    keys: dict[str, frozenset[str]] = field(default_factory=dict)
    pages: int = 0  # site pages it was learned from

    def get(self, method: str) -> frozenset[str]:
        return self.keys.get(method, frozenset())


def _hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "replace"), digest_size=8).hexdigest()


def _step(el: etree._Element) -> str:
    step = el.tag.lower()
    if el.get("id"):
        step += "#" + el.get("id").strip()
    if el.get("class"):
        step += "." + ".".join(sorted(el.get("class").split()))
    return step


def node_signature(el: etree._Element, text: str) -> str:
    """Hash of a text node's tag path (``tag#id.class`` steps from body) and its text."""
    steps: list[str] = []
    node = el
    while node is not None and isinstance(node.tag, str) and node.tag.lower() not in ("body", "html"):
        steps.append(_step(node))
        node = node.getparent()
    return _hash("/".join(reversed(steps)) + "|" + collapse_ws(text))


def slot_signatures(slots) -> frozenset[str]:
    """Signatures of text nodes given as (index, element, is_tail) slots."""
    out = set()
    for _, el, is_tail in slots:
        text = (el.tail if is_tail else el.text) or ""
        owner = el.getparent() if is_tail and el.getparent() is not None else el
        out.add(node_signature(owner, text))
    return frozenset(out)


def slot_texts(slots) -> frozenset[str]:
    """Collapsed texts of text nodes given as slots."""
    return frozenset(collapse_ws((el.tail if is_tail else el.text) or "") for _, el, is_tail in slots)


def match_share(stored: frozenset[str], page: frozenset[str]) -> float:
    """Share of the stored keys found on the page (0 for an empty set)."""
    return len(stored & page) / len(stored) if stored else 0.0


# ----------------------------------------------------------------------------- lcs keys


def ctree_keys(tree) -> list[str]:
    """One key per feature-tree node (level order): root-to-node ``tag#id.class`` chain,
    plus the inner-HTML hash for content nodes."""
    keys: list[str] = []
    paths: list[str] = []
    for i in range(len(tree)):
        step = tree.describe(i)
        p = tree.parent[i]
        path = step if p < 0 else paths[p] + "/" + step
        paths.append(path)
        keys.append(_hash(path + ("|" + str(tree.inner[i]) if tree.content[i] else "")))
    return keys


def learned_candidates(tree, keys: frozenset[str]) -> list[int]:
    """Target nodes (level order) the stored alignment would not match: a node is matched
    when its key was matched on the page the template was learned from and its parent is
    matched (the paper's parent rule); the root always is."""
    own = ctree_keys(tree)
    matched = [False] * len(tree)
    out = []
    for i in range(len(tree)):
        p = tree.parent[i]
        matched[i] = p < 0 or (matched[p] and own[i] in keys)
        if not matched[i]:
            out.append(i)
    return out


# ----------------------------------------------------------------------------- dompath, from the keys


def template_split(doc, root: etree._Element | None = None) -> TemplateSplit:
    """dompath's template/content split of ``root`` from the stored signatures."""
    signatures = doc.site_template.get("dompath")
    content, template = [], []
    for slot in flatten(doc.tree if root is None else root, keep_slots=True).slots:
        (template if slot_signatures([slot]) <= signatures else content).append(slot)
    return TemplateSplit(content=content, template=template, site_pages=doc.site_template.pages)
