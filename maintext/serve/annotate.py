"""The annotated view: the page itself with every explained block outlined.

Takes a page (bytes, a path or a URL, as :func:`maintext.extract` does) and gives the
:class:`~maintext.result.Page` (run with ``explain``) plus a self-contained HTML document
of the page in which each block the method explained carries its decision:

- every element of the parsed page is stamped with a number (``data-mt-n``) before the
  method runs, and a copy of the stamped tree is kept untouched;
- ``auto`` records, per explained block, the XPath of its element in the *cleaned* tree
  (``path``); the stamp found there names the same element in the untouched copy;
- that element gets ``data-mt`` (keep/drop), a reason category (its colour), the reason as
  a tooltip, and the main container is marked;
- scripts, event handlers, frames and refreshes are removed and a Content-Security-Policy
  forbids every outside load, so the view is inert even outside a sandboxed frame.

Methods other than ``auto`` record no paths: their view shows the page without outlines.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import lxml.etree as etree
import lxml.html

from ..api import extract_document, load_document
from ..options import Options, make_options
from ..registry import get_method
from ..result import Page

STAMP = "data-mt-n"
KEEP_COLOR = "#16a34a"
MAIN_COLOR = "#2563eb"
# Colours of dropped blocks by reason category, most frequent reason first; the rest grey.
DROP_COLORS = ("#dc2626", "#ea580c", "#a21caf", "#ca8a04", "#0891b2", "#db2777", "#7c3aed",
               "#65a30d", "#9f1239", "#0f766e")
OTHER_COLOR = "#6b7280"
# Elements that would run code, load something or navigate in the view: removed.
_DROP_TAGS = ("script", "noscript", "iframe", "frame", "frameset", "object", "embed", "applet",
              "base", "portal", "template", "link")
# Attributes that load something: kept under a data- name so the view loads nothing (the
# CSP below forbids it too, but a browser's preload scanner may look before reading it).
_LOADING_ATTRS = frozenset({"src", "srcset", "poster", "background", "data", "lowsrc", "dynsrc",
                            "imagesrcset", "codebase", "archive", "longdesc", "manifest"})
_CSS_URL = re.compile(r"url\s*\(", re.IGNORECASE)
_CSS_IMPORT = re.compile(r"@import", re.IGNORECASE)
_SVG_LOADERS = frozenset({"image", "use", "feimage", "script"})
_CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; "
        "form-action 'none'")
_NUMBERS = re.compile(r"\s*\([^)]*\)|\d+")


@dataclass
class Annotated:
    page: Page
    html: str  # the annotated page, a complete HTML document
    legend: list[dict[str, Any]] = field(default_factory=list)  # {category, decision, color, count}
    outlined: int = 0  # explain records placed on an element
    main_found: bool = False


def reason_category(decision: str, reason: str) -> str:
    """The reason without its numbers and parentheses ("not read: navigation (36
    characters)" -> "not read: navigation"): one colour per category."""
    if decision == "keep":
        return "kept"
    return " ".join(_NUMBERS.sub("", reason or "").split()) or "dropped"


def annotate(source: str | bytes | Path, *, url: str | None = None, method: str = "auto",
             options: Options | None = None, content_type: str | None = None) -> Annotated:
    """Extract ``source`` with explain on and build the annotated view of it."""
    opts = make_options(options, explain=True)
    get_method(method)
    doc = load_document(source, url=url, content_type=content_type, options=opts)
    tree = doc.tree
    for n, el in enumerate(tree.iter()):
        if isinstance(el.tag, str):
            el.set(STAMP, str(n))
    original = copy.deepcopy(tree)
    page = extract_document(doc, method)
    return build_view(page, doc.tree, original)


def build_view(page: Page, cleaned: etree._Element, original: etree._Element) -> Annotated:
    """Mark ``original`` (stamped, untouched) with the decisions in ``page.explain`` whose
    paths point into ``cleaned`` (the tree the method worked on)."""
    by_stamp = {el.get(STAMP): el for el in original.iter() if isinstance(el.tag, str)}
    records = page.explain or []
    placed: dict[int, list[int]] = {}  # id(element) -> record indices
    elements: dict[int, Any] = {}
    for i, record in enumerate(records):
        target = _find(cleaned, by_stamp, record.get("path"))
        if target is not None:
            placed.setdefault(id(target), []).append(i)
            elements[id(target)] = target
    legend = _legend(records)
    colors = {item["category"]: item for item in legend}
    for key, indices in placed.items():
        _mark(elements[key], [records[i] for i in indices], indices, colors)
    main_path = (page.extra.get("auto") or {}).get("main_path")
    main = _find(cleaned, by_stamp, main_path)
    if main is not None:
        main.set("data-mt-main", "1")
    _sanitize(original)
    for el in original.iter():
        if isinstance(el.tag, str) and STAMP in el.attrib:
            del el.attrib[STAMP]
    _add_head(original, legend)
    html = "<!DOCTYPE html>\n" + lxml.html.tostring(original, encoding="unicode", method="html")
    return Annotated(page=page, html=html, legend=legend,
                     outlined=sum(len(v) for v in placed.values()), main_found=main is not None)


def _find(cleaned: etree._Element, by_stamp: dict[str | None, Any], path: str | None) -> Any:
    if not path:
        return None
    try:
        found = cleaned.getroottree().xpath(path)
    except etree.XPathError:
        return None
    if not found or not isinstance(found[0], etree._Element):
        return None
    return by_stamp.get(found[0].get(STAMP))


def _legend(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    counts: dict[str, int] = {}
    for record in records:
        if record.get("path"):
            cat = reason_category(record.get("decision", ""), record.get("reason", ""))
            counts[cat] = counts.get(cat, 0) + 1
    legend = [{"category": "kept", "decision": "keep", "color": KEEP_COLOR, "count": counts.pop("kept", 0)}]
    for n, (cat, count) in enumerate(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))):
        color = DROP_COLORS[n] if n < len(DROP_COLORS) else OTHER_COLOR
        legend.append({"category": cat, "decision": "drop", "color": color, "count": count})
    for n, item in enumerate(legend):
        item["id"] = n
    return legend


def _mark(el: Any, records: list[dict[str, Any]], indices: list[int],
          colors: dict[str, dict[str, Any]]) -> None:
    """One element may hold several blocks: a kept one decides its colour."""
    first = next((r for r in records if r.get("decision") == "keep"), records[0])
    decision = "keep" if first.get("decision") == "keep" else "drop"
    item = colors[reason_category(first.get("decision", ""), first.get("reason", ""))]
    reasons = list(dict.fromkeys(f"{r.get('decision')}: {r.get('reason')}" for r in records))
    el.set("data-mt", decision)
    el.set("data-mt-cat", str(item["id"]))
    el.set("data-mt-reason", "; ".join(reasons))
    el.set("data-mt-i", ",".join(map(str, indices)))
    el.set("title", "maintext " + "; ".join(reasons))


def _sanitize(root: etree._Element) -> None:
    etree.strip_elements(root, *_DROP_TAGS, with_tail=False)
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for name in list(el.attrib):
            low = name.lower()
            value = el.attrib[name]
            if low.startswith("on") or low in ("formaction", "ping", "integrity"):
                del el.attrib[name]
            elif low in _LOADING_ATTRS:
                del el.attrib[name]
                el.set("data-mt-" + low, value)
            elif low == "style" and _CSS_URL.search(value):
                el.set(name, _CSS_URL.sub("x-blocked(", value))
            elif low.endswith("href") and str(el.tag).lower().rsplit("}", 1)[-1] in _SVG_LOADERS:
                del el.attrib[name]
            elif low in ("href", "src", "action", "xlink:href") and value.strip().lower().startswith(
                    ("javascript:", "vbscript:")):
                del el.attrib[name]
        if el.tag == "style" and el.text:
            el.text = _CSS_IMPORT.sub("@x-blocked-import", _CSS_URL.sub("x-blocked(", el.text))
        if el.tag == "meta" and (el.get("http-equiv") or "").lower() in (
                "refresh", "content-security-policy", "set-cookie"):
            el.drop_tree()


def _css(legend: list[dict[str, Any]]) -> str:
    rules = [
        "[data-mt]{outline:2px solid #888 !important;outline-offset:-1px;cursor:help}",
        "[data-mt]:hover{outline-width:4px !important}",
        "[data-mt=keep]{background-color:rgba(22,163,74,.07) !important}",
        f"[data-mt-main]{{box-shadow:inset 0 0 0 4px {MAIN_COLOR} !important;position:relative}}",
        f"[data-mt-main]::before{{content:'main container';display:block;background:{MAIN_COLOR};"
        "color:#fff;font:bold 12px sans-serif;padding:2px 6px}",
        "[data-mt].mt-selected{outline:4px dashed #000 !important}",
    ]
    rules += [f"[data-mt-cat=\"{item['id']}\"]{{outline-color:{item['color']} !important}}" for item in legend]
    return "\n".join(rules)


def _add_head(root: etree._Element, legend: list[dict[str, Any]]) -> None:
    head = root.find("head")
    if head is None:
        head = etree.Element("head")
        root.insert(0, head)
    meta = etree.Element("meta")
    meta.set("http-equiv", "Content-Security-Policy")
    meta.set("content", _CSP)
    charset = etree.Element("meta")
    charset.set("charset", "utf-8")
    head.insert(0, meta)
    head.insert(0, charset)
    style = etree.SubElement(head, "style")
    style.text = _css(legend)
