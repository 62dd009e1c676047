"""The one JSON-LD reader: script texts in, the article's fields out.

:func:`parse_json_ld` turns the texts of a page's ``application/ld+json`` scripts into a
flat ``dict[str, str]`` of article fields (``headline``, ``datePublished``, ``dateModified``,
``author``, ``authors``, ``publisher``, ``keywords``, ``articleSection``, ``image``,
``license``, ``url``, ``articleBody``). Objects of an article-like ``@type`` win over
others (an Organization or a BreadcrumbList only fills fields nothing better filled).

:func:`read_json_ld` is how every stage reads it: it returns ``doc.json_ld`` when the
metadata pass filled it, else collects the script texts from ``doc.tree`` and parses them
(so a method never depends on metadata having run first). Lists are joined with
:data:`LIST_SEP` to keep the value a plain string.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..html.document import Document
from ..html.walk import native_nodes
from ..textutil import collapse_ws

LIST_SEP = "\x1f"  # joins the items of list-valued fields (authors, sections, keywords)

# @type values whose fields describe the page's article (lower case).
ARTICLE_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "reportagenewsarticle", "analysisnewsarticle",
    "opinionnewsarticle", "scholarlyarticle", "techarticle", "report", "webpage", "posting",
    "socialmediaposting", "liveblogposting", "review", "recipe", "creativework", "qapage",
    "discussionforumposting", "videoobject", "podcastepisode", "itempage", "aboutpage",
})
_MIN_BODY_CHARS = 80  # a shorter articleBody is a teaser, not the article
_MAX_DEPTH = 6  # nesting followed through @graph / mainEntity
_BODY_WALK_BUDGET = 10_000  # objects visited at most when looking for articleBody


def read_json_ld(doc: Document) -> dict[str, str]:
    """The page's JSON-LD article fields (``doc.json_ld``, computed and stored when None).

    Call it before the tree is cleaned: the scripts are removed by cleaning.
    """
    if doc.json_ld is None:
        doc.json_ld = parse_json_ld(script_texts(doc))
    return doc.json_ld


def script_texts(doc: Document) -> list[str]:
    """The texts of the page's JSON-LD scripts (``doc.ld_script_texts``, read from
    ``doc.tree`` when the metadata pass has not filled it; in C with the native module:
    ``_nodes.ld_script_texts``, its twin)."""
    if doc.ld_script_texts is None:
        nodes = native_nodes()
        doc.ld_script_texts = (nodes.ld_script_texts(doc.tree) if nodes is not None else
                               [s.text for s in doc.tree.iter("script") if s.text and "ld+json" in (s.get("type") or "")])
    return doc.ld_script_texts


class JsonLdBody:
    """What a method reads of the JSON-LD: ``body()``, the ``articleBody``. Made before the
    tree is cleaned (the script texts are taken then); parsed only when asked."""

    __slots__ = ("_doc",)

    def __init__(self, doc: Document) -> None:
        self._doc = doc
        script_texts(doc)

    @property
    def texts(self) -> list[str]:
        """The JSON-LD script texts (what auto's page-type signals count)."""
        return script_texts(self._doc)

    def body(self) -> str | None:
        return article_body(self._doc)


def article_body(doc: Document) -> str | None:
    """The JSON-LD ``articleBody`` of the page, if it declares one of some length."""
    return read_json_ld(doc).get("articleBody")


def parse_json_ld(texts: list[str]) -> dict[str, str]:
    """Article fields from JSON-LD script texts (see the module docstring)."""
    best: dict[str, str] = {}
    other: dict[str, str] = {}
    body: str | None = None
    # each document's objects, listed once for the names and the fields; ``names``: the
    # ``@id`` -> ``name`` of the named objects (a graph refers to its Person by ``@id``),
    # the first of each ``@id`` in document order
    loaded, names = [], {}  # (a loop: see _is_article)
    for text in texts:
        data = load_json(text)
        if data is not None:
            objs = ld_object_list(data)
            loaded.append((objs, data, text))
            for obj in objs:
                if isinstance(obj.get("@id"), str) and isinstance(obj.get("name"), str):
                    names.setdefault(obj["@id"], obj["name"])
    for objs, data, text in loaded:
        for obj in objs:
            _ld_fields(_with_names(obj, names) if names else obj, best if _is_article(obj) else other)
        if "articleBody" in text or "\\u" in text:  # else no key reads articleBody
            body = _longest_body(data, body)  # (a letter of a key can be escaped only as \uXXXX)
    for key, value in other.items():
        best.setdefault(key, value)
    best.pop("articleBody", None)
    if body:
        best["articleBody"] = body
    return best


def load_json(text: str) -> Any:
    """``text`` as JSON (an HTML comment around it and raw line breaks tolerated), or None."""
    text = text.strip()
    if text.startswith("<!--"):
        text = text[4:].rsplit("-->", 1)[0]
    try:
        return _json_loads(text)
    except (ValueError, RecursionError):
        try:  # a common breakage: raw line breaks inside strings
            return json.loads(text.replace("\n", " ").replace("\r", " "))
        except (ValueError, RecursionError):
            return None


_DECODER = json.JSONDecoder()  # (json.loads' default decoder: no hooks)
_JSON_SPACE_OR_NOTHING = ("", " ", "\t", "\n", "\r", "\ufeff")  # (and the BOM json.loads refuses)


def _json_loads(text: str) -> Any:
    """``json.loads(text)``: the decoder's scan called directly where the text starts with
    its value and ends with it (json.loads and its decode() each skip white space with a
    regex first: ~7,000 instructions a call), else json.loads itself (the same value or
    error: a value's scan is the same; after it json.loads allows JSON white space only,
    told here without scanning the text again)."""
    if text[:1] in _JSON_SPACE_OR_NOTHING:
        return json.loads(text)
    value, end = _DECODER.raw_decode(text)
    if end != len(text) and text[end:].strip(" \t\n\r"):
        raise ValueError("Extra data")  # (json.loads' JSONDecodeError is a ValueError)
    return value


def ld_object_list(data: Any, depth: int = 0, out: list | None = None) -> list[dict]:
    """The objects of a JSON-LD document in document order: top level, lists, ``@graph``,
    ``mainEntity``, ``mainEntityOfPage``; gathered by plain recursion into one list (a
    generator a level, resumed through each ``yield from``, cost more: most documents are
    one object or a short ``@graph``)."""
    if out is None:
        out = []
    if depth > _MAX_DEPTH:
        return out
    if isinstance(data, list):
        for item in data:
            ld_object_list(item, depth + 1, out)
    elif isinstance(data, dict):
        out.append(data)
        for key in ("@graph", "mainEntity", "mainEntityOfPage"):
            inner = data.get(key)
            if isinstance(inner, (list, dict)):
                ld_object_list(inner, depth + 1, out)
    return out


def _with_names(obj: dict, names: dict[str, str]) -> dict:
    """``obj`` with ``author``/``creator`` references (``{"@id": ...}``) replaced by names."""
    if not names:
        return obj
    fixed = None
    for key in ("author", "creator"):
        value = obj.get(key)
        refs = value if isinstance(value, list) else [value]
        if _refers(refs, names):
            fixed = fixed or dict(obj)
            resolved = [names.get(_reference(r), r) for r in refs]
            fixed[key] = resolved if isinstance(value, list) else resolved[0]
    return fixed or obj


def _refers(refs: list, names: dict[str, str]) -> bool:
    """Whether one of ``refs`` is a reference to a named object (a loop, not any() of a
    generator: see :func:`_is_article`)."""
    for r in refs:
        if _reference(r) in names:
            return True
    return False


def _reference(item: Any) -> str | None:
    """The ``@id`` of a nameless reference object (``{"@id": "#author"}``), else None; an
    ``@id`` that is not a string (a list, an object: broken markup) refers to nothing."""
    if isinstance(item, dict) and "name" not in item:
        ref = item.get("@id")
        if isinstance(ref, str):
            return ref
    return None


def _is_article(obj: dict) -> bool:
    kind = obj.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    for k in kinds:  # (a loop: any() of a generator makes a function and a generator object a call)
        if isinstance(k, str) and k.lower() in ARTICLE_TYPES:
            return True
    return False


# JSON-LD key(s) -> our field, and how the value is read. First key present wins.
def _string(value: Any) -> str | None:
    return " ".join(value.split()) or None if isinstance(value, str) and value.strip() else None  # (collapse_ws)


def _names(value: Any) -> str | None:
    names = ld_names(value)
    return LIST_SEP.join(names) if names else None


def _url(value: Any, depth: int = 0) -> str | None:
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, list) and value and depth < 3:
        return _url(value[0], depth + 1)
    if isinstance(value, dict) and depth < 3:
        return _url(value.get("url") or value.get("contentUrl") or value.get("@id"), depth + 1)
    return None


def _items(value: Any) -> str | None:
    if isinstance(value, list):
        items = [collapse_ws(str(v)) for v in value if isinstance(v, (str, int)) and str(v).strip()]
        return LIST_SEP.join(items) or None
    return _string(value)


_LD_FIELDS: tuple[tuple[str, tuple[str, ...], Callable[[Any], str | None]], ...] = (
    ("headline", ("headline",), _string),
    ("datePublished", ("datePublished", "dateCreated", "uploadDate"), _string),
    ("dateModified", ("dateModified",), _string),
    ("author", ("author", "creator"), _names),
    ("publisher", ("publisher",), _names),
    ("keywords", ("keywords",), _items),
    ("articleSection", ("articleSection",), _items),
    ("image", ("image", "thumbnailUrl"), _url),
    ("license", ("license",), _url),
    ("url", ("url",), _url),
)


def _ld_fields(obj: dict, out: dict[str, str]) -> None:
    """Fill the fields of ``out`` that ``obj`` has and ``out`` lacks."""
    for field, keys, read in _LD_FIELDS:
        if field in out:
            continue
        for key in keys:
            value = read(obj.get(key)) if key in obj else None
            if value:
                out[field] = value
                break


def ld_names(value: Any, depth: int = 0) -> list[str]:
    """Person or organisation names in a JSON-LD value (string, object, list), in order."""
    if depth > 4:
        return []
    if isinstance(value, str):
        name = " ".join(value.split())  # (collapse_ws inline)
        return [name] if name else []
    if isinstance(value, dict):
        return ld_names(value.get("name"), depth + 1)
    if isinstance(value, list):
        out: list[str] = []
        for item in value:
            for n in ld_names(item, depth + 1):  # (a loop, not extend() of a generator: see _is_article)
                if n not in out:
                    out.append(n)
        return out
    return []


def _longest_body(data: Any, best: str | None) -> str | None:
    """The longest ``articleBody`` string anywhere in ``data`` (iterative, bounded walk)."""
    stack, budget = [data], _BODY_WALK_BUDGET
    while stack and budget:
        budget -= 1
        item = stack.pop()
        if isinstance(item, dict):
            body = item.get("articleBody")
            if isinstance(body, str) and len(body) > _MIN_BODY_CHARS and (best is None or len(body) > len(best)):
                best = body
            values = item.values()
        elif isinstance(item, list):
            values = item
        else:
            continue
        for v in values:  # (a loop, not extend() of a generator: see _is_article)
            if isinstance(v, (dict, list)):
                stack.append(v)
    return best
