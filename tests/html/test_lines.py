"""The short-line classifiers' cheap prefilters change no answer: each is checked against the
plain regex test it guards, on random lines built from the words the patterns look for
(with the characters IGNORECASE folds: Kelvin sign, long s, dotted and dotless i)."""

from __future__ import annotations

import random
import re

from maintext.html import lines

WORDS = ["Getty Images", "iStock", "Shutterstock", "imago", "Picture-Alliance", "dpa", "AFP", "AP Photo", "©",
         "(c)", "(C)", "Foto:", "Photo ：", "Bild:", "source:", "Updated", "June", "3", "2019", "12:30", "pm", "By",
         "von", "来源", "2019-08-27", "年", "月", "Mai", "März", "by Jane", "|", " ", ",", ".", "-", "—", "x",
         "Tuesday", "on", "the", "at", "DPA", "ſ", "\u212a", "İ", "ı", "ap photos", "istockphoto", "5th", "2/15/09",
         "Posted:", "published", "Monday", "١٢", "٣", "Nov.", "ET", "GMT", "h", "Uhr", "um", "le", "à", "10h30",
         "octobre", "sábado", "\u00a0", "Photograph", "credit :", "Crédit:", "źródło:", "Fuente:", "share",
         "a@b.co", "Advertisement", "责任编辑：张三", "Abbildung 2:", "²", "０",
         # credit words IGNORECASE finds through its non-ASCII folds
         "ıStock", "ımago", "Shutterſtock", "PİCTURE alliance", "\u212aeystone", "Gettyımages"]


def _lines(n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(WORDS) + rnd.choice(["", " ", ", ", ": "]) for _ in range(rnd.randint(1, 8)))
            for _ in range(n)]


def _credit(text: str) -> bool:
    if len(text) <= lines.CAPTION_MAX_CHARS and lines._CAPTION_LINE.match(text) is not None:
        return True
    return len(text) <= 80 and text[-1:] not in ".!?。！？" and lines._CREDIT_LINE.search(text) is not None


def _dateline(text: str) -> bool:
    if len(text) > 70 or text[-1:] in ".!?。！？":
        return False
    date = lines._HAS_DATE.search(text)
    byline = lines._BYLINE_WORDS.search(text)
    return bool(date and byline and min(date.start(), byline.start()) <= 2)


def test_credit_prefilter_changes_no_answer():
    texts = _lines(40000, 1)
    assert any(_credit(t) for t in texts) and not all(_credit(t) for t in texts)
    for text in texts:
        assert lines.is_credit_line(text) == _credit(text), repr(text)


def test_credit_line_is_its_words_or_its_label():
    """is_credit_line asks _CREDIT_LINE as a search of its words and a match of its label:
    the label is the one alternative anchored at the start, and the words' twins are those
    is_credit_line asks."""
    assert lines._CREDIT_LINE.pattern == lines._CREDIT_WORDS + "|" + lines._CREDIT_LABEL
    assert lines._CREDIT_LABEL.startswith("^") and lines._CREDIT_LABEL.endswith("[:：]")
    assert "^" not in lines._CREDIT_WORDS
    assert lines._CREDIT_WORDS_ANY_CASE.pattern.pattern == lines._CREDIT_WORDS
    assert lines._CREDIT_LABEL_ANY_CASE.pattern.pattern == lines._CREDIT_LABEL


def test_folds_to_ascii_are_all_characters_ignorecase_reads_as_ascii_letters():
    """_may_be_credit trusts lower() on non-ASCII lines without these characters: they are
    every non-ASCII character an ASCII letter matches under IGNORECASE."""
    letter = re.compile("[a-z]", re.IGNORECASE)
    found = {c for c in map(chr, range(0x80, 0x110000)) if letter.fullmatch(c)}
    assert found == set(lines._FOLDS_TO_ASCII)
    # and no non-ASCII character lower-cases into one without being such a character
    assert all(not c.lower().isascii() or c in found for c in map(chr, range(0x80, 0x110000)))


def test_dateline_prefilter_changes_no_answer():
    texts = _lines(40000, 2)
    assert any(_dateline(t) for t in texts)
    for text in texts:
        assert lines.is_dateline(text) == _dateline(text), repr(text)


def test_date_words_order_changes_no_match():
    # the separators, numbers and CJK date characters, moved to the end: the original order
    first = r"[\s,.:/|()\-–—]+|\d+(?:st|nd|rd|th)?|[年月日时分秒号]|"
    pattern = lines._DATE_WORDS.pattern
    assert pattern.startswith(first)
    original = re.compile(pattern[len(first):] + "|" + first[:-1], re.IGNORECASE)
    for text in _lines(40000, 3):
        assert lines._DATE_WORDS.sub("", text) == original.sub("", text), repr(text)


def test_date_line_prefilter_changes_no_answer():
    def date_line(text: str) -> bool:  # is_date_line without its character test
        if len(text) > 70 or not any(map(str.isdigit, text)):
            return False
        return not lines._DATE_WORDS.sub("", text).strip()

    rnd = random.Random(4)
    odd = ["@", "“", "!", "#", "&", "é", "É", "Û", "ſ", "\u212a", "İ", "ı", "ÿ", "中", "年", "\u2028", "\t", "٣",
           "'", "Á", "MÄRZ", "Sábado", "a.m.", "P.M.", "*", "?", "[", "]", "\\", "_"]
    texts = _lines(20000, 5) + ["".join(rnd.choice(WORDS + odd) + rnd.choice(["", " "]) for _ in range(rnd.randint(1, 6)))
                                for _ in range(40000)]
    assert any(date_line(t) for t in texts) and not all(date_line(t) for t in texts)
    for text in texts:
        assert lines.is_date_line(text) == date_line(text), repr(text)


TWINS = [  # (pattern, its lower-case twin, how the code asks it)
    (lines._FURNITURE_LINE, lines._FURNITURE_ANY_CASE.lower, "match"),
    (lines._RELATED_HEADING, lines._RELATED_ANY_CASE.lower, "match"),
    (lines._COMMENTS_HEADING, lines._COMMENTS_ANY_CASE.lower, "match"),
    (lines._HAS_DATE, lines._HAS_DATE_ANY_CASE.lower, "search"),
    (lines._BYLINE_WORDS, lines._BYLINE_ANY_CASE.lower, "search"),
    (lines._DATE_SCAN, lines._DATE_SCAN_ANY_CASE.lower, "fullmatch"),
    (lines._CAPTION_LINE, lines._CAPTION_ANY_CASE.lower, "match"),
    (re.compile(lines._CREDIT_WORDS, re.IGNORECASE), lines._CREDIT_WORDS_ANY_CASE.lower, "search"),
    (re.compile(lines._CREDIT_LABEL, re.IGNORECASE), lines._CREDIT_LABEL_ANY_CASE.lower, "match"),
]


def test_lower_case_twins_are_the_patterns_without_ignorecase():
    for pattern, twin, _ in TWINS:
        assert pattern.flags & re.IGNORECASE and not twin.flags & re.IGNORECASE
        assert twin.pattern == pattern.pattern
        # written in lower case: no upper-case ASCII letter outside an escape (\W, \S, \d...)
        assert not re.search("[A-Z]", re.sub(r"\\.", "", pattern.pattern)), pattern.pattern[:40]


def test_lower_case_twins_give_the_same_matches_on_ascii_lines():
    phrases = ["Share this", "ADVERTISEMENT", "Related Articles", "You May Also Like", "3 Comments",
               "Leave a Reply", "Read More", "Posted", "By", "Updated", "June 3, 2019", "2019-08-27", "12/1/2020",
               "Nov. 5", "5 Dec", "Mar", "MAY", "at", "PM", "a.m.", "GMT", "Uhr", "von", "Continue Reading", "Print",
               "E-mail", "Tweet", "Sign Up", "Back To Top", "comments (2)", "12 Thoughts On", "Responses", "Kommentare",
               "Mehr zum Thema", "Lesen Sie auch", "Don't miss", "Show Captions", "Just Watched", "Skip to content",
               "x", "the", "1st", "2:30", "|", "-", "—", ",", ".", ":", "(", ")", "!", "?", " ", "  ", "@", "Foto:",
               "Photo", "Getty Images", "AFP", "(C)", "Abbildung 2:", "Fig. 3", "Source:", "dpa", "iStock"]
    rnd = random.Random(9)

    def cased(s: str) -> str:
        return "".join(c.upper() if rnd.random() < 0.3 else c for c in s)

    texts = ["".join(cased(rnd.choice(phrases)) + rnd.choice(["", " ", ": ", ", "]) for _ in range(rnd.randint(1, 5)))
             for _ in range(30000)]
    texts = [t for t in texts if t.isascii()]
    for pattern, twin, how in TWINS:
        hits = 0
        for text in texts:
            a, b = getattr(pattern, how)(text), getattr(twin, how)(text.lower())
            assert (a and a.span()) == (b and b.span()), (pattern.pattern[:30], text)
            hits += a is not None
        assert 0 < hits < len(texts), pattern.pattern[:30]


