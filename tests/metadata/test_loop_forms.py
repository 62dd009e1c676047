"""Loops written out instead of comprehensions and generators (which in Python 3.11 make a
function object each run) give what the comprehension forms they replace gave, on
random inputs."""

from __future__ import annotations

import random

from maintext.metadata import collect, jsonld, names, title
from maintext.metadata.authors import _name_parts
from maintext.metadata.names import split_names

WORDS = ["Jane", "Doe", "and", "John", "Roe", "jane", "de", "van", "A.", ",", "&", "und", "Li", "王小明", "", " "]


def _text(rng, most=6):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, most)))


def test_name_parts_as_dict_fromkeys_of_the_split_names():
    rng = random.Random(1)
    for _ in range(500):
        given = [_text(rng) for _ in range(rng.randint(0, 4))]
        assert _name_parts(given) == list(dict.fromkeys(p for m in given for p in split_names(m)))


def test_best_overlap_as_max_with_the_first_of_equals():
    rng = random.Random(2)
    vocab = ["a", "b", "c", "d", "e", "f"]

    class Heads:
        def tokens(self, text):
            return set(text.split())

    for _ in range(500):
        level = [(object(), " ".join(rng.sample(vocab, rng.randint(0, 4)))) for _ in range(rng.randint(0, 6))]
        target_sets = [set(rng.sample(vocab, rng.randint(0, 4))) for _ in range(rng.randint(1, 3))]
        heads = Heads()
        want = max(((max(title._overlap(heads.tokens(text), ts) for ts in target_sets), -i, el, text)
                    for i, (el, text) in enumerate(level)), default=None, key=lambda x: x[:2])
        got = title._best_overlap(heads, level, target_sets)
        assert (got is None and want is None) or got == (want[0], want[2], want[3])


def test_title_parts_and_site_names_as_the_comprehensions():
    rng = random.Random(3)
    seps = [" | ", " - ", "_", " » ", "-", " ", "x"]
    for _ in range(500):
        text = "".join(rng.choice(WORDS + seps) for _ in range(rng.randint(0, 8)))
        site = tuple(n for n in (title.squash_name(_text(rng, 2)), "doe", "ab") if len(n) >= 3)
        parts = [p for p in title.split_title(text) if p.strip()] if text else []
        assert title.title_parts(text, site) == ([p for p in parts if not title.is_site_name(p, site)] or parts)
        url = rng.choice([None, "https://www.ab.co.uk/x", "http://news.example.com/", "https://doe.org", "x"])
        sitename = rng.choice([None, "", "Ab", "Jane Doe", "The Site"])
        want = []
        if sitename:
            want.append(names.squash_name(sitename))
        m = title._HOST.match(url) if url else None
        if m:
            labels = m.group(1).lower().split(".")
            if len(labels) >= 3 and labels[-2] in title.SECOND_LEVEL:
                labels = labels[:-1]
            want.append(names.squash_name(labels[-2] if len(labels) >= 2 else labels[0]))
        assert title.site_names(sitename, url) == tuple(n for n in want if len(n) >= 3)


def test_split_keywords_and_looks_like_name_as_before():
    rng = random.Random(4)
    pieces = ["a", "b c", ",", ";", "|", "，", " ", "x" * 61, "<b>", "中文", "  "]
    for _ in range(500):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        parts = [k for k in map(str.strip, collect._keyword_pieces(text)) if k]
        if len(parts) == 1 and " " in parts[0] and collect.has_cjk(text):
            parts = parts[0].split()
        want = [k for k in parts if len(k) <= collect._MAX_KEYWORD_CHARS and not collect._BROKEN_KEYWORD.search(k)]
        assert collect.split_keywords(text) == want
        name = _text(rng, 5)
        words = name.split()
        want_name = names.is_cjk_name(name) or (1 <= len(words) <= 4 and all(
            w[:1].isupper() or w.lower() in names._NAME_PARTICLES for w in words))
        assert names.looks_like_name(name) == want_name


def test_json_ld_loops_as_the_generators():
    rng = random.Random(5)
    kinds = ["NewsArticle", "article", "WebPage", 3, None, ["Person", "BlogPosting"], []]
    for _ in range(300):
        obj = {"@type": rng.choice(kinds)}
        want = any(isinstance(k, str) and k.lower() in jsonld.ARTICLE_TYPES
                   for k in (obj["@type"] if isinstance(obj["@type"], list) else [obj["@type"]]))
        assert jsonld._is_article(obj) == want
        refs = [rng.choice([{"@id": "#a"}, {"@id": "#b", "name": "N"}, "x", None, {"@id": 3}]) for _ in range(3)]
        named = rng.choice([{"#a": "Jane"}, {"#b": "B"}, {}])
        assert jsonld._refers(refs, named) == any(jsonld._reference(r) in named for r in refs)


def _old_longest_body(data, best):
    stack, budget = [data], jsonld._BODY_WALK_BUDGET
    while stack and budget:
        budget -= 1
        item = stack.pop()
        if isinstance(item, dict):
            body = item.get("articleBody")
            if isinstance(body, str) and len(body) > jsonld._MIN_BODY_CHARS and (best is None or len(body) > len(best)):
                best = body
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, (dict, list)))
    return best


def test_longest_body_as_the_generator_walk():
    rng = random.Random(6)

    def value(depth):
        r = rng.random()
        if depth > 3 or r < 0.3:
            return rng.choice(["x" * rng.randint(0, 3 * jsonld._MIN_BODY_CHARS), 1, None])
        if r < 0.6:
            return [value(depth + 1) for _ in range(rng.randint(0, 4))]
        return {rng.choice(["articleBody", "a", "b", "@graph"]): value(depth + 1) for _ in range(rng.randint(0, 4))}

    for _ in range(500):
        data, best = value(0), rng.choice([None, "y" * 300])
        assert jsonld._longest_body(data, best) == _old_longest_body(data, best)


def test_split_names_and_ld_names_as_the_generators():
    rng = random.Random(7)
    for _ in range(1000):
        value = _text(rng, 8)
        if not names._may_join(value):
            want = [value]
        else:
            parts = [p for p in names.NAME_JOINERS.split(value) if p]
            ok = len(parts) > 1 and all(1 < len(p.split()) <= 4 or names.is_cjk_name(p) for p in parts)
            want = parts if ok else [value]
        assert names.split_names(value) == want
    for _ in range(300):
        items = [rng.choice(["Jane Doe", " Jane  Doe ", {"name": "Jane Doe"}, {"name": "B"}, "B", "", 3, None])
                 for _ in range(rng.randint(0, 5))]
        out: list[str] = []
        for item in items:
            out.extend(n for n in jsonld.ld_names(item, 1) if n not in out)
        assert jsonld.ld_names(items) == out


def _ld_objects(data, depth=0):
    """The generator ld_object_list replaced (the reference)."""
    if depth > jsonld._MAX_DEPTH:
        return
    if isinstance(data, list):
        for item in data:
            yield from _ld_objects(item, depth + 1)
    elif isinstance(data, dict):
        yield data
        for key in ("@graph", "mainEntity", "mainEntityOfPage"):
            inner = data.get(key)
            if isinstance(inner, (list, dict)):
                yield from _ld_objects(inner, depth + 1)


def test_ld_object_list_as_the_generator():
    rng = random.Random(8)

    def value(depth):
        r = rng.random()
        if depth > 9 or r < 0.25:
            return rng.choice(["x", 1, None])
        if r < 0.5:
            return [value(depth + 1) for _ in range(rng.randint(0, 3))]
        keys = ["@graph", "mainEntity", "mainEntityOfPage", "a", "@type"]
        return {rng.choice(keys): value(depth + 1) for _ in range(rng.randint(0, 4))}

    for _ in range(1000):
        data = value(0)
        got = jsonld.ld_object_list(data)
        want = list(_ld_objects(data))
        assert len(got) == len(want) and all(a is b for a, b in zip(got, want))


def test_ld_object_list_on_broken_and_deep_documents():
    """Bad JSON-LD: nested far past _MAX_DEPTH through @graph (the objects below it not
    read, no deep recursion), as deep as json.loads gives up on, empty, truncated,
    mis-encoded: parse_json_ld answers without an exception."""
    deep = {"@type": "NewsArticle", "headline": "top"}
    node = deep
    for i in range(500):
        node["@graph"] = {"@type": "Thing", "name": f"n{i}"}
        node = node["@graph"]
    objs = jsonld.ld_object_list(deep)
    assert len(objs) == jsonld._MAX_DEPTH + 1 and objs[0] is deep
    import json
    texts = [json.dumps(deep), "[" * 100000 + "]" * 100000, "", '{"@type": "NewsArticle", "headline": "cut',
             '{"@type": "NewsArticle", "headline": "caf\udcc3\udca9"}', "\x00\xff{}"]
    assert jsonld.parse_json_ld(texts).get("headline") == "top"
    for text in texts[1:]:
        assert isinstance(jsonld.parse_json_ld([text]), dict)
