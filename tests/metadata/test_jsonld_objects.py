"""``parse_json_ld`` lists each document's objects once and walks a document for its
``articleBody`` only when the key can be in it (written plainly, or with a ``\\u`` escape):
the fields equal those of the reading that walks every document holding a backslash
(random documents with escaped keys and values)."""

from __future__ import annotations

import json
import random

from maintext.metadata import jsonld
from maintext.metadata.jsonld import parse_json_ld

BODY = "A body long enough to be the article and not a teaser, with more words in it than eighty characters."
VALUES = ["x", "a/b", "http://e.org/i.png", "Jane Doe", "2020-01-02", BODY, BODY + " longer", "", "  ", "\u00e9t\u00e9",
          "line\nbreak", 'quote "q"', "back\\slash"]
KEYS = ["@type", "headline", "author", "name", "articleBody", "image", "url", "keywords", "articleSection",
        "datePublished", "dateModified", "publisher", "creator", "license", "mainEntity", "@graph", "text"]
TYPES = ["NewsArticle", "Person", "Organization", "WebPage", "BreadcrumbList", ["Article", "Thing"]]


def _value(rng, depth):
    r = rng.random()
    if depth < 3 and r < 0.25:
        return _object(rng, depth + 1)
    if depth < 3 and r < 0.35:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if r < 0.4:
        return {"@id": rng.choice(["#a", "#b"])}
    return rng.choice(VALUES)


def _object(rng, depth=0):
    obj = {"@type": rng.choice(TYPES)}
    if rng.random() < 0.3:  # (an "@id" that is no string breaks _with_names: not drawn here)
        obj["@id"] = rng.choice(["#a", "#b"])
    for _ in range(rng.randint(0, 6)):
        obj[rng.choice(KEYS)] = _value(rng, depth)
    return obj


def _escaped(text, rng):
    """``text`` with some keys written with a letter as ``\\uXXXX`` and some "/" as ``\\/``."""
    for key in KEYS:
        if rng.random() < 0.3:
            at = rng.choice([i for i, ch in enumerate(key) if ch.isalpha()])
            text = text.replace('"%s"' % key, '"%s\\u%04x%s"' % (key[:at], ord(key[at]), key[at + 1:]))
    return "".join("\\/" if ch == "/" and rng.random() < 0.5 else ch for ch in text)


def _reference(texts):
    """The reading before: every document with a backslash walked, objects listed twice."""
    best, other, body = {}, {}, None
    loaded = [(d, t) for d, t in zip(map(jsonld.load_json, texts), texts) if d is not None]
    names = {}
    for data, _ in loaded:
        for obj in jsonld.ld_object_list(data):
            if isinstance(obj.get("@id"), str) and isinstance(obj.get("name"), str):
                names.setdefault(obj["@id"], obj["name"])
    for data, text in loaded:
        for obj in jsonld.ld_object_list(data):
            jsonld._ld_fields(jsonld._with_names(obj, names), best if jsonld._is_article(obj) else other)
        if "articleBody" in text or "\\" in text:
            body = jsonld._longest_body(data, body)
    for key, value in other.items():
        best.setdefault(key, value)
    best.pop("articleBody", None)
    if body:
        best["articleBody"] = body
    return best


def test_parse_json_ld_same_fields_as_walking_every_escaped_document():
    rng = random.Random(17)
    for _ in range(1500):
        texts = []
        for _ in range(rng.randint(0, 3)):
            data = _object(rng) if rng.random() < 0.7 else {"@graph": [_object(rng) for _ in range(3)]}
            text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
            texts.append(_escaped(text, rng) if rng.random() < 0.6 else text)
        if rng.random() < 0.1:
            texts.append("{broken")
        assert parse_json_ld(texts) == _reference(texts), texts
