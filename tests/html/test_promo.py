"""The calls-to-action classifiers' cheap prefilters change no answer: the lookahead on first
letters, the needed words and the CJK first characters are each checked against the parsed
pattern and against the plain search they guard, on random texts."""

from __future__ import annotations

import random
import re

import pytest

from maintext.html import promo


def _first_chars(items) -> set[str] | None:
    """The characters a match of the parsed pattern ``items`` can start with (None: unknown)."""
    try:
        from re import _constants as c, _parser as parser  # Python 3.11+
    except ImportError:  # pragma: no cover
        import sre_constants as c
        import sre_parse as parser  # noqa: F401
    for op, av in items:
        if op is c.AT:
            continue  # zero width
        if op is c.LITERAL:
            return {chr(av)}
        if op is c.IN and all(o is c.LITERAL for o, _ in av):
            return {chr(v) for _, v in av}
        if op is c.SUBPATTERN:
            return _first_chars(av[-1])
        if op is c.BRANCH:
            sets = [_first_chars(b) for b in av[1]]
            return None if any(s is None for s in sets) else set().union(*sets)
        return None
    return None


def test_promo_lookahead_holds_every_first_letter():
    from re import _parser as parser

    prefix = r"(?<!\w)(?=[" + promo._PROMO_FIRST + r"])(?:"
    assert promo._PROMO.pattern.startswith(prefix) and promo._PROMO.pattern.endswith(")")
    unguarded = promo._PROMO.pattern[len(prefix):-1]
    first = _first_chars(parser.parse(unguarded))
    assert first is not None and first == set(promo._PROMO_FIRST)
    plain = re.compile(unguarded)
    rnd = random.Random(6)
    words = ["subscribe", "newsletter", "follow us", "Support our", "über den autor", "affiliate links", "the",
             "über", "signing up", "cc-by", "loading...", "übernahme", "apps", "download the app", " ", ", ",
             "xsubscribe", "Únete", "únete", "with the BBC News app", "zitiervorschlag", "keine kommentare"]
    texts = ["".join(rnd.choice(words) + rnd.choice([" ", "", ". "]) for _ in range(rnd.randint(1, 10))).lower()
             for _ in range(20000)]
    assert any(plain.search(t) for t in texts) and not all(plain.search(t) for t in texts)
    for text in texts:
        a, b = promo._PROMO.search(text), plain.search(text)
        assert (a and a.span()) == (b and b.span()), text


def test_promo_cjk_prefilter_holds_every_first_character():
    from re import _parser as parser

    first = _first_chars(parser.parse(promo._PROMO_CJK.pattern))
    assert first is not None and first == set(promo._PROMO_CJK_FIRST.pattern[1:-1])
    rnd = random.Random(7)
    words = ["免责声明", "特别", "声明：", "声明:", "本文来源", "责任编辑", "扫描下方二维码", "扫码关注", "关注", "微信",
             "公众号", "新闻", "的", "，", " ", "x", "Über", "声", "明"]
    texts = ["".join(rnd.choice(words) for _ in range(rnd.randint(1, 8))) for _ in range(20000)]
    found = [promo._PROMO_CJK.search(t) is not None for t in texts]
    assert any(found) and not all(found)
    for text, hit in zip(texts, found):
        assert promo.is_promo_line(text) == (hit or promo._PROMO.search(text.lower()) is not None), text


def test_disclosure_needs_a_word_of_every_alternative():
    alternatives = promo._DISCLOSURE.split("|")
    # each alternative is plain words between \b's: its needed word is a literal part of it
    assert all(re.fullmatch(r"(?:\\b|[\w ]|\[- \]\?|s\?)+", alt) for alt in alternatives), alternatives
    assert all(any(word in alt for word in promo._DISCLOSURE_NEEDS) for alt in alternatives)
    words = ["Affiliate Links", "affiliate-link", "Provision vom Händler", "from one or more of our advertisers",
             "enthält Werbung", "Werbung für", "Anzeige", "werbung", "the", " ", ", ", "provisional", "ADVERTISERS"]
    _assert_agrees_with_search(promo.is_disclosure_line, promo._DISCLOSURE_RE, words, 6, seed=10)


def _assert_agrees_with_search(test, pattern, words, most_words: int, seed: int) -> None:
    """``test`` answers as ``pattern.search`` of the lower-cased text on 20,000 random texts
    of up to ``most_words`` of ``words``, some of which match and some not."""
    rnd = random.Random(seed)
    texts = ["".join(rnd.choice(words) + rnd.choice([" ", "", ". "]) for _ in range(rnd.randint(1, most_words)))
             for _ in range(20000)]
    found = [pattern.search(t.lower()) is not None for t in texts]
    assert any(found) and not all(found)
    for text, hit in zip(texts, found):
        assert test(text) == hit, text


def _literal_runs(items) -> list[str]:
    """The runs of literal characters at the top level of a parsed alternative: text any
    match of it holds (groups, classes and repeats end a run)."""
    from re import _constants as c

    runs, run = [], ""
    for op, av in items:
        if op is c.LITERAL:
            run += chr(av)
            continue
        if run:
            runs.append(run)
        run = ""
    return runs + [run] if run else runs


def _spellings(items, most: int = 64) -> set[str] | None:
    """Every text the parsed ``items`` can match, when they are literals, classes of literals,
    zero-width tests, optional parts and branches of those (None: anything else, or more
    than ``most`` spellings)."""
    from re import _constants as c

    out = {""}
    for op, av in items:
        if op is c.LITERAL:
            part = {chr(av)}
        elif op is c.AT:
            part = {""}  # zero width
        elif op is c.IN and all(o is c.LITERAL for o, _ in av):
            part = {chr(v) for _, v in av}
        elif op is c.SUBPATTERN:
            part = _spellings(av[-1], most)
        elif op is c.BRANCH:
            parts = [_spellings(b, most) for b in av[1]]
            part = None if any(p is None for p in parts) else set().union(*parts)
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT) and av[0] == 0 and av[1] == 1:
            inner = _spellings(av[2], most)
            part = None if inner is None else inner | {""}
        else:
            part = None
        if part is None:
            return None
        out = {a + b for a in out for b in part}
        if len(out) > most:
            return None
    return out


def _needed_runs(items) -> list[set[str]]:
    """The runs of an alternative: its longest stretches whose every spelling is known
    (:func:`_spellings`); any match of the alternative holds one spelling of each run."""
    runs, run = [], []
    for item in list(items) + [None]:
        if item is not None and _spellings([item]) is not None:
            run.append(item)
            continue
        if run:
            runs.append(_spellings(run))
        run = []
    return [r for r in runs if r is not None]


def _needs_word(runs: list[set[str]], word: str) -> bool:
    """Whether every spelling of one of ``runs`` holds ``word``."""
    return any(all(word in spelling for spelling in run) for run in runs)


def test_promo_needs_a_word_of_every_alternative():
    from re import _constants as c, _parser as parser

    prefix = r"(?<!\w)(?=[" + promo._PROMO_FIRST + r"])(?:"
    parsed = parser.parse(promo._PROMO.pattern[len(prefix):-1])
    branches = [av for op, av in parsed.data if op is c.BRANCH]
    assert len(branches) == 1  # (the parser moved the \b every alternative opens with out of it)
    alternatives = branches[0][1]
    assert len(alternatives) > 40
    for alt in alternatives:
        runs = _needed_runs(alt.data)
        needed = any(all(any(w in spelling for w in promo._PROMO_NEEDS) for spelling in run) for run in runs)
        assert needed or any(
            _needs_word(runs, first) and _needs_word(runs, second) for first, second in promo._PROMO_NEED_PAIRS
        ), runs
    words = ["Subscribe", "newsletter", "sign up", "Follow us", "follow @x on Twitter", "download the app", "the",
             "support our", "supporting", "über den Autor", "affiliate links", "cc by", "cc-by", "accept", "design",
             "loading...", " ", ", ", "with the BBC app", "Zitiervorschlag", "keine Kommentare", "Artikel teilen",
             "sign", "signing", "up", "signing up", "cc", "cc-", "by", "support", "us", "our", "consider",
             "consider supporting", "with the", "with", "app", "apps", "BBC News", "application", "Support us"]
    _assert_agrees_with_search(promo.is_promo_line, promo._PROMO, words, 8, seed=14)


def _searched(text: str) -> bool:
    """is_promo_line without its prefilters: the plain searches."""
    return len(text) <= promo.PROMO_MAX_CHARS and (
        promo._PROMO.search(text.lower()) is not None or promo._PROMO_CJK.search(text) is not None)


def test_promo_prefilters_agree_with_search_on_real_texts():
    """The paragraphs, list items and links of shared pages in several languages: the
    prefiltered test answers as the plain searches on each."""
    import lxml.html
    from ..conftest import spread_pages

    pages = spread_pages(("aeb", "gne-cn", "dragnet", "trafilatura", "webmainbench-sample"), 25)
    if not pages:
        pytest.skip("no shared pages")
    texts = set()
    for data, _url in pages:
        try:
            root = lxml.html.fromstring(data)
        except (ValueError, lxml.etree.ParserError):
            continue
        for el in root.iter("p", "li", "a", "span", "div", "h2", "h3", "td"):
            text = el.text_content().strip()
            if 0 < len(text) <= promo.PROMO_MAX_CHARS:
                texts.add(text)
    assert len(texts) > 5000
    found = 0
    for text in texts:
        hit = _searched(text)
        found += hit
        assert promo.is_promo_line(text) == hit, text
    assert found > 20
