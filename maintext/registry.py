"""The method registry: a method is one module plus one line in :data:`_BUILTIN`.

A method is a function ``(doc: Document, options: Options) -> Page`` that fills the main
text (and whatever else it knows) of a :class:`~maintext.result.Page`; metadata common to
all methods is added by :func:`maintext.api.extract`. Its module may also define
``record_build(doc, options)``: whether the run may build the tree with only the attributes
its passes read (:func:`record_rule`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .errors import UnknownMethodError

if TYPE_CHECKING:
    from .html.document import Document
    from .options import Options
    from .result import Page

MethodFunc = Callable[["Document", "Options"], "Page"]


@dataclass(frozen=True, slots=True)
class MethodInfo:
    name: str
    module: str  # module that defines ``extract(doc, options)``
    summary: str


# name -> (module, one-line summary). One line per method; the module is imported lazily.
_BUILTIN: dict[str, tuple[str, str]] = {
    "auto": ("maintext.methods.auto", "default: cleaned tree, container scoring, block filtering"),
    "lineblock": ("maintext.methods.lineblock", "CX-Extractor line-block distribution (Chen Xin), no DOM"),
    "blocklist": ("maintext.methods.blocklist", "Block-List + block distribution (Qiu 2009): one-pass stack, no DOM, page-type check"),
    "vote": ("maintext.methods.vote", "tag tree + rule voting over topic/hub/pic text blocks, page object"),
    "bte": ("maintext.methods.bte", "baseline: Body Text Extraction (Finn et al. 2001), max text-minus-tags window"),
    "dsc": ("maintext.methods.dsc", "baseline: Document Slope Curves (Pinto et al. 2002), low-slope token windows"),
    "lqf": ("maintext.methods.lqf", "baseline: Link Quota Filter (Mantratzis et al. 2005), drops link-dense blocks"),
    "dompath": ("maintext.methods.dompath", "DOM-path similarity + same-site template removal (Pan 2016); uses doc.site_docs"),
    "lcs": ("maintext.methods.lcs", "LCS matching of feature trees against similar pages of the site (Song 2011); needs doc.site_docs"),
    "ccb": ("maintext.methods.ccb", "baseline: Content Code Blurring (Gottron 2008), blurred text/markup ratio"),
}

_loaded: dict[str, MethodFunc] = {}


# name -> the module's ``record_build(doc, options)`` or None (see record_rule)
_record_rules: dict[str, Callable[["Document", "Options"], bool] | None] = {}


def register(name: str, module: str, summary: str) -> None:
    """Register a method defined by ``module.extract`` (for plug-ins and tests)."""
    _BUILTIN[name] = (module, summary)
    _loaded.pop(name, None)
    _record_rules.pop(name, None)


def methods() -> list[MethodInfo]:
    """All registered methods, in registration order."""
    return [MethodInfo(n, m, s) for n, (m, s) in _BUILTIN.items()]


def get_method(name: str) -> MethodFunc:
    try:
        return _loaded[name]
    except KeyError:
        pass
    try:
        module_name, _ = _BUILTIN[name]
    except KeyError:
        known = ", ".join(_BUILTIN)
        raise UnknownMethodError(f"unknown method {name!r}; known methods: {known}") from None
    func = importlib.import_module(module_name).extract
    _loaded[name] = func
    return func


def record_rule(name: str) -> Callable[["Document", "Options"], bool] | None:
    """The method's ``record_build(doc, options)``, when its module defines one: whether the
    run may build the tree as html5's record build (only the attributes its passes read;
    ``Document.tree`` asks it when it builds the tree); None: it defines none (every attribute
    is copied). ``name`` must be known (get_method)."""
    try:
        return _record_rules[name]
    except KeyError:
        pass
    rule = getattr(importlib.import_module(_BUILTIN[name][0]), "record_build", None)
    _record_rules[name] = rule
    return rule
