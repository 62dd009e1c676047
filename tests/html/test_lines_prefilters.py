"""The first-character lookaheads of lines.py's furniture, related and comments patterns and
the byline needles of is_dateline change no answer: the lookaheads' sets are derived here from
the parsed patterns, and each prefiltered test is compared with the plain pattern on random
lines (with the characters IGNORECASE folds)."""

from __future__ import annotations

import random
import re

import pytest

from maintext.html import lines, walk

try:  # (Python 3.11+: re._parser; before: sre_parse)
    from re import _constants as C, _parser as P
except ImportError:  # pragma: no cover
    import sre_constants as C
    import sre_parse as P


def _first(seq) -> tuple[set, bool]:
    """(the characters and categories a match of ``seq`` can start with, whether it can be empty)."""
    out: set = set()
    for op, av in seq:
        if op is C.LITERAL:
            found, empty = {chr(av)}, False
        elif op is C.IN:
            found, empty = set(), False
            for o, a in av:
                if o is C.LITERAL:
                    found.add(chr(a))
                elif o is C.CATEGORY:
                    found.add(a)
                elif o is C.RANGE:
                    found |= {chr(x) for x in range(a[0], a[1] + 1)}
                else:
                    found.add(("?", o))
        elif op is C.SUBPATTERN:
            found, empty = _first(av[-1])
        elif op is C.ATOMIC_GROUP:
            found, empty = _first(av)
        elif op is C.BRANCH:
            found, empty = set(), False
            for alt in av[1]:
                f, e = _first(alt)
                found |= f
                empty = empty or e
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            found, empty = _first(av[2])
            empty = empty or av[0] == 0
        elif op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            found, empty = set(), True
        else:
            found, empty = {("?", op)}, False
        out |= found
        if not empty:
            return out, False
    return out, True


@pytest.mark.parametrize("pattern, first", [(lines._FURNITURE_LINE, lines._FURNITURE_FIRST),
                                             (lines._RELATED_HEADING, lines._RELATED_FIRST),
                                             (lines._COMMENTS_HEADING, lines._COMMENTS_FIRST)])
def test_lookahead_is_the_first_characters_of_the_alternatives(pattern, first) -> None:
    data = P.parse(pattern.pattern, pattern.flags).data
    # ^ \W* (?=[first]) (?:alternatives) \W* $
    assert data[0][0] is C.AT and data[1][0] is C.MAX_REPEAT and data[2][0] is C.ASSERT
    assert data[3][0] is C.BRANCH
    found, empty = set(), False
    for alt in data[3][1][1]:
        f, e = _first(alt)
        found |= f
        empty = empty or e
    assert not empty  # no alternative matches nothing...
    # ... and each starts with a word character: it starts where the leading \W* ends
    assert all(isinstance(x, str) and re.fullmatch(r"\w", x) or x is C.CATEGORY_DIGIT for x in found)
    ahead, _ = _first(P.parse("[" + first + "]").data)
    assert ahead == found


WORDS = ["Share this", "ADVERTISEMENT", "Related Articles", "You May Also Like", "3 Comments", "Leave a Reply",
         "Read More", "Posted", "By", "Updated", "June 3, 2019", "2019-08-27", "12/1/2020", "Nov. 5", "Uhr", "von",
         "Continue Reading", "Print", "E-mail", "Tweet", "Sign Up", "comments (2)", "12 Thoughts On", "Responses",
         "Kommentare", "КОММЕНТАРИИ", "Комментарии", "Mehr zum Thema", "Lesen Sie auch", "Über den Autor", "ÜBER",
         "À lire aussi", "à lire aussi", "Читайте также", "Похожие статьи", "相关阅读", "责任编辑：张三", "来源：新华社",
         "评论", "网友评论", "发表评论", "条", "热门推荐", "猜你喜欢", "更多新闻", "x", "the", "1st", "2:30", "|", "-",
         "—", ",", ".", ":", "(", ")", "!", "?", " ", "@", "a@b.co", "٣", "١٢", "²", "０", "ſ", "\u212a", "İ", "ı",
         "ſhare", "\u212aommentare", "lİnk", "Veröffentlicht", "VERÖFFENTLICHT", "Aktualisiert", "PUBLIÉ", "publié",
         "Publicado", "pubblicato", "door", "av", "di", "par", "por", "from", "作者", "编辑", "记者", "发布时间",
         "时间：", "Foto: dpa", "Getty Images", "Mai", "March", "Tuesday", "on", "at", "PM", "Lesen", "Skip to",
         "广告", "分享到", "ZURÜCK", "zurück", "Imprimer", "don't miss", "Just watched"]


def _lines(n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(WORDS) + rnd.choice(["", " ", ", ", ": ", " | "]) for _ in range(rnd.randint(1, 5)))
            for _ in range(n)]


def test_lookaheads_change_no_answer() -> None:
    texts = _lines(30000, 11)
    for pattern, test, limit in ((lines._FURNITURE_LINE, lambda t: lines._FURNITURE_ANY_CASE.match(t), 10 ** 9),
                                 (lines._RELATED_HEADING, lines.is_related_heading, lines.RELATED_HEADING_MAX_CHARS),
                                 (lines._COMMENTS_HEADING, lines.is_comments_heading, lines.COMMENTS_HEADING_MAX_CHARS)):
        plain = re.compile(re.sub(r"\(\?=\[[^\]]*\]\)", "", pattern.pattern, count=1), pattern.flags)
        assert plain.pattern != pattern.pattern
        hits = 0
        for text in texts:
            want = len(text) <= limit and plain.match(text) is not None
            assert bool(test(text)) == want, (pattern.pattern[:30], text)
            hits += want
        assert 0 < hits < len(texts)


def _dateline(text: str) -> bool:  # is_dateline without its needles
    if len(text) > 70 or text[-1:] in ".!?。！？" or not any(map(str.isdigit, text)):
        return False
    date = lines._HAS_DATE.search(text)
    byline = lines._BYLINE_WORDS.search(text)
    return bool(date and byline and min(date.start(), byline.start()) <= 2)


def test_byline_needles_change_no_answer(monkeypatch) -> None:
    texts = _lines(30000, 12)
    assert any(_dateline(t) for t in texts)
    for enabled in (True, False):  # the one-pass needles and the Python loop
        monkeypatch.setattr(walk, "ENABLED", enabled)
        for text in texts:
            assert lines.is_dateline(text) == _dateline(text), repr(text)


def test_byline_needles_are_in_every_byline_word() -> None:
    """Each alternative of _BYLINE_WORDS, read as the words it matches, holds a needle."""
    body = lines._BYLINE_WORDS.pattern
    words = re.sub(r"\\b|\(\?:|\)|\[:：\]", "", body).split("|")
    assert len(words) > 15
    for word in words:
        assert any(needle in word for needle in lines._BYLINE_NEEDS), word


def _spelled_out(alternative: str) -> list[str]:
    """The texts an alternative of _CREDIT_WORDS matches, lower-cased (its optional space and
    its one character class spelled out; word boundaries and escapes dropped)."""
    texts = [alternative.replace("\\b", "").replace("\\(", "(").replace("\\)", ")")]
    for optional in (" ?",):
        texts = [x for t in texts for x in ((t.replace(optional, " "), t.replace(optional, "")) if optional in t else (t,))]
    for cls, chars in (("[- ]", "- "),):
        texts = [x for t in texts for x in ([t.replace(cls, c) for c in chars] if cls in t else [t])]
    return texts


def test_credit_needles_are_in_every_credit_word() -> None:
    """Each alternative of _CREDIT_WORDS, read as the texts it matches, holds a needle (but "©",
    which _may_be_credit asks of a non-ASCII line itself)."""
    alternatives = lines._CREDIT_WORDS.split("|")
    assert len(alternatives) >= 10
    for alternative in alternatives:
        for text in _spelled_out(alternative):
            assert text == "©" or any(needle in text for needle in lines._CREDIT_NEEDS), text


def test_credit_needles_change_no_answer(monkeypatch) -> None:
    """is_credit_line as the plain search of _CREDIT_LINE (and the caption pattern) answers."""
    rnd = random.Random(14)
    pool = WORDS + ["Getty", "GETTY", "Getty Images", "gettyimages", "(Image: GETTY)", "picture alliance",
                    "Picture-Alliance", "picture", "dpa", "AFP", "AP Photo", "(c)", "©", "iStock", "imago"]
    texts = ["".join(rnd.choice(pool) + rnd.choice(["", " ", ", ", ": ", " / "]) for _ in range(rnd.randint(1, 5)))
             for _ in range(20000)]

    def plain(text: str) -> bool:
        if len(text) <= lines.CAPTION_MAX_CHARS and lines._CAPTION_LINE.match(text):
            return True
        return len(text) <= 80 and text[-1:] not in ".!?。！？" and lines._CREDIT_LINE.search(text) is not None

    hits = 0
    for enabled in (True, False):  # the one-pass needles and the Python loop
        monkeypatch.setattr(walk, "ENABLED", enabled)
        for text in texts:
            want = plain(text)
            assert lines.is_credit_line(text) == want, repr(text)
            hits += want
    assert 0 < hits < 2 * len(texts)


def test_byline_word_runs_are_the_search() -> None:
    """_has_byline_word (the ASCII words between word boundaries, as runs of word characters)
    answers as the search of _BYLINE_WORDS on ASCII lower-cased lines, and its words are the
    pattern's ASCII ones."""
    body = lines._BYLINE_WORDS.pattern
    ascii_words = {w for w in re.sub(r"\\b|\(\?:|\)|\[:：\]", "", body).split("|") if w.isascii()}
    assert ascii_words == lines._BYLINE_ASCII_WORDS
    rnd = random.Random(15)
    alphabet = "abdeprvoy fmnu_-.,:/0123456789|'"
    pool = sorted(ascii_words) + ["avanza", "edition", "nearby", "_by", "by_", "by2", "2by", "vonn", "from."]
    hits = 0
    for _ in range(30000):
        parts = [rnd.choice(pool) if rnd.random() < 0.4 else "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 5)))
                 for _ in range(rnd.randint(0, 6))]
        text = rnd.choice(["", " ", ",", "-", "_", "."]).join(parts)
        want = lines._BYLINE_WORDS.search(text) is not None
        assert lines._has_byline_word(text) == want, text
        hits += want
    assert 0 < hits < 30000


def _pair_allows(pairs: bytes, text: str) -> bool:
    """The pair test of _select.pxi's ``_pair_open``, in Python (the first word character
    of the lower-cased ASCII line and the one after it, 0 at its end)."""
    if not text.isascii():
        return True
    lower = text.lower()
    for i, c in enumerate(lower):
        if c.isalnum() or c == "_":
            code = ord(c) * 128 + (ord(lower[i + 1]) if i + 1 < len(lower) else 0)
            return bool(pairs[code >> 3] >> (code & 7) & 1)
    return False


def test_ascii_pairs_of_a_small_pattern() -> None:
    """The pairs read off ``^\\W*(?=[first])(?:...)\\W*$``: each alternative's first two
    characters (a class, a repeat, a group), any character after a one-character match,
    none that a lookahead refuses; no pairs for another shape of pattern."""
    pattern = re.compile(r"^\W*(?=[abx\d])(?:ab|a[cd]e|\d+ x|b|x?y)\W*$")
    pairs = lines._ascii_pairs(pattern)
    found = {(chr(a), chr(b)) for a in range(128) for b in range(128)
             if pairs[(a * 128 + b) >> 3] >> ((a * 128 + b) & 7) & 1}
    digits = "0123456789"
    expected = ({("a", "b"), ("a", "c"), ("a", "d")} | {(d, e) for d in digits for e in digits + " "}
                | {("b", chr(c)) for c in range(128)} | {("x", "y")})  # ("y" alone: refused by the lookahead)
    assert found == expected
    assert lines._ascii_pairs(re.compile(r"\W*(?=[a])(?:ab)")) is None  # (no ^)
    assert lines._ascii_pairs(re.compile(r"^(?=[a])(?:ab)")) is None  # (no leading \W*)
    assert lines._ascii_pairs(re.compile(r"^\W*(?=[a\W])(?:ab|-b)")) is None  # (may open on a \W)
    assert lines._ascii_pairs(re.compile(r"^\W*(?=[a])(?:(a)\1)")) is None  # (a back reference)


@pytest.mark.parametrize("pattern", [lines._FURNITURE_LINE, lines._RELATED_HEADING, lines._COMMENTS_HEADING])
def test_ascii_pairs_refuse_no_matching_line(pattern) -> None:
    """The pairs of lines' patterns (their lower-case twins) allow every ASCII line the pattern
    matches (random lines of furniture and heading words, in any case), and refuse others."""
    twin = lines._AnyCase(pattern)
    pairs = lines._ascii_pairs(twin.lower)
    assert pairs is not None
    refused = 0
    for text in _lines(20000, 7) + [w + tail for w in WORDS for tail in ("", "s", ":", " x", "!")]:
        if not _pair_allows(pairs, text):
            refused += 1
            assert twin.match(text) is None, text
    assert refused > 1000


@pytest.mark.parametrize("pattern, first", [(lines._FURNITURE_LINE, lines._FURNITURE_FIRST),
                                             (lines._RELATED_HEADING, lines._RELATED_FIRST),
                                             (lines._COMMENTS_HEADING, lines._COMMENTS_FIRST)])
def test_first_beyond_ascii_is_the_lookahead_under_ignorecase(pattern, first) -> None:
    """lines._first_beyond_ascii: a character beyond ASCII passes the pattern's lookahead
    (IGNORECASE) exactly when its lower case (as re reads it) is one of the characters read
    off the class, or a decimal digit where the class holds \\d: every code point below
    U+30000 tried."""
    import _sre
    allowed, digits = lines._first_beyond_ascii(pattern)
    ahead = re.compile("[" + first + "]", re.IGNORECASE)
    for code in range(128, 0x30000):
        c = chr(code)
        lower = chr(_sre.unicode_tolower(code))
        assert (ahead.fullmatch(c) is not None) == (lower in allowed or (digits and lower.isdecimal())), hex(code)
