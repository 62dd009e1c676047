"""Short-line classifiers: furniture lines, related/comments headings, datelines, credits,
captions, blog post footers (calls to action and advertising notices: :mod:`.promo`).

Takes one block's text, gives True/False. Each pattern is a readable table of phrases
(English, German, French, Spanish, Portuguese, Italian, Polish, Russian, Chinese); the
``auto`` method's filtering and edge trimming ask them about short blocks.
"""

from __future__ import annotations

import re

try:  # re's parser, read for the prefilter tables below (CPython's, 3.11+; without it: no tables)
    import _sre
    import re._casefix as _casefix
    import re._compiler as _compiler
    import re._constants as _constants
    import re._parser as _parser
except ImportError:  # pragma: no cover - another Python: the patterns are asked of every line
    _sre = _casefix = _compiler = _constants = _parser = None

from .wordset import WordSet


class _AnyCase:
    """A pattern written in lower case with IGNORECASE, asked of a line by the same name:
    ASCII lines are lower-cased and asked of its twin compiled without IGNORECASE (for ASCII
    text IGNORECASE is lower-casing: its other folds, such as "ſ", "ı" and the Kelvin sign,
    are not ASCII), which passes an alternative on its first letter instead of entering it
    (2-3x faster on these tables); other lines are asked of the pattern itself.
    tests/html/test_lines.py checks that each twin gives the same matches on ASCII lines."""

    __slots__ = ("pattern", "lower")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.lower = re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)

    def match(self, text: str) -> re.Match[str] | None:
        return self.lower.match(text.lower()) if text.isascii() else self.pattern.match(text)

    def search(self, text: str) -> re.Match[str] | None:
        return self.lower.search(text.lower()) if text.isascii() else self.pattern.search(text)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.lower.fullmatch(text.lower()) if text.isascii() else self.pattern.fullmatch(text)


# The first characters of the alternatives of _FURNITURE_LINE, _RELATED_HEADING and
# _COMMENTS_HEADING (tests/html/test_lines.py derives them from the patterns): each starts
# with a word character, so it starts where the leading \W* ends; a lookahead on these there
# fails a line in one test instead of trying every alternative (the same matches).
_FURNITURE_FIRST = r"\dabcdefhijklmnpqrstwzр作分广延打扫推来点相编责返"
_RELATED_FIRST = r"acdelmnpqrstvwyzàüпч延推更热猜相"
_COMMENTS_FIRST = r"\dacefjklnoprstuwк发条网评"


def _ascii_first(first: str) -> str:
    """The ASCII characters of a lookahead's class body (``\\d`` read as the ten digits): what
    the first word character of a lower-cased ASCII line must be for the pattern to match
    (the compiled loops of ``auto``'s edge trimming ask the pattern only of those lines)."""
    return "".join(sorted({c for c in first.replace(r"\d", "0123456789") if c.isascii()}))


RELATED_ASCII_FIRST = _ascii_first(_RELATED_FIRST)
COMMENTS_ASCII_FIRST = _ascii_first(_COMMENTS_FIRST)


# --- the first two characters a match of a line pattern can open with -----------------------
# A pattern ``^\W*(?=[first])(?:alternatives)...`` matches an ASCII line (lower-cased) only
# where the line's first word character and the character after it (or the line's end) open
# one of its alternatives: "th" opens none of _FURNITURE_LINE's ("tweet" needs "tw"). The
# pairs are read off the parsed pattern once (a superset: lookaheads, boundaries and
# repeat counts beyond two characters are not followed), a bit per (first, second) pair of
# ASCII codes, the second 0 for the line's end; the compiled loops of ``auto`` test them
# before they ask the pattern (tests/html/test_lines_prefilters.py checks no matching line
# is refused).

_ASCII = (1 << 128) - 1  # a set of ASCII codes, one bit each
_ASCII_WORD = sum(1 << c for c in range(128) if chr(c).isalnum() or c == 95)


class _NoPairs(Exception):
    """The pattern holds an element the pairs are not read through."""


def _code_set(item: tuple, flags: int) -> int:
    """The ASCII codes one character element of a parsed pattern matches, by trying each."""
    if item[0] is _constants.LITERAL and not flags & re.IGNORECASE:
        return 1 << item[1] if item[1] < 128 else 0
    sub = _parser.SubPattern(_parser.State(), [item])
    sub.state.flags = flags
    one = _compiler.compile(sub, flags)
    return sum(1 << c for c in range(128) if one.fullmatch(chr(c)))


def _openings(items: list, k: int, flags: int) -> set[tuple[int, ...]]:
    """The first ``k`` characters (code sets) of what ``items`` match: a shorter tuple where a
    match ends before (the element sequence complete)."""
    found: set[tuple[int, ...]] = {()}
    for item in items:
        longer: set[tuple[int, ...]] = set()
        for head in found:
            if len(head) >= k:
                longer.add(head)
                continue
            for tail in _item_openings(item, k - len(head), flags):
                longer.add(head + tail)
        found = longer
    return found


def _item_openings(item: tuple, k: int, flags: int) -> set[tuple[int, ...]]:
    """:func:`_openings` of one element (a character, a branch, a group, a repeat, a
    zero-width test); :class:`_NoPairs` for another (a back reference, a conditional)."""
    op, av = item
    if op in (_constants.LITERAL, _constants.NOT_LITERAL, _constants.IN, _constants.ANY):
        return {(_code_set(item, flags),)}
    if op is _constants.BRANCH:
        return set().union(*(_openings(alt, k, flags) for alt in av[1]))
    if op is _constants.SUBPATTERN:
        return _openings(av[-1], k, flags)
    if op is _constants.ATOMIC_GROUP:
        return _openings(av, k, flags)
    if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT):
        low, high, sub = av
        once = _openings(sub, k, flags)
        found: set[tuple[int, ...]] = {()}
        for _ in range(low):
            found = {(a + b)[:k] if len(a) < k else a for a in found for b in once}
        out = set(found)
        for _ in range(min(high - low, k + 1) if high != _constants.MAXREPEAT else k + 1):
            found = {(a + b)[:k] if len(a) < k else a for a in found for b in once}
            out |= found
        return out
    if op in (_constants.AT, _constants.ASSERT, _constants.ASSERT_NOT):
        return {()}  # (nothing read: the superset)
    raise _NoPairs(op)


def _first_beyond_ascii(pattern: re.Pattern[str]) -> tuple[str, bool] | None:
    """What the first word character of a line (one beyond ASCII: the pattern itself is asked
    of such a line) must be for ``pattern`` (``^\\W*(?=[first])...`` with IGNORECASE) to
    match it: (the characters its lower case, ``_sre.unicode_tolower``, must be one of, whether
    a decimal digit passes too), read as re compiles the lookahead's class (each member
    lower-cased, with the other lower-case forms re._casefix gives it); None when the
    lookahead is not such a class."""
    if not pattern.flags & re.IGNORECASE:
        return None
    data = list(_parser.parse(pattern.pattern, pattern.flags))
    if len(data) < 3 or data[2][0] is not _constants.ASSERT or data[2][1][0] != 1:
        return None
    ahead = list(data[2][1][1])
    if len(ahead) != 1 or ahead[0][0] is not _constants.IN:
        return None
    allowed: set[int] = set()
    digits = False
    for op, av in ahead[0][1]:
        if op is _constants.LITERAL:
            lower = _sre.unicode_tolower(av)
            allowed.add(lower)
            allowed.update(_casefix._EXTRA_CASES.get(lower, ()))
        elif op is _constants.CATEGORY and av is _constants.CATEGORY_DIGIT:
            digits = True
        else:
            return None
    return "".join(map(chr, sorted(allowed))), digits


def _opening(any_case: _AnyCase) -> tuple[bytes, str | None, bool] | None:
    """The opening table of one of the line patterns, read by auto's compiled loops (see
    _select.pxi's ``_pair_open``): (its ASCII pairs, then :func:`_first_beyond_ascii`'s
    characters, or None, and digit flag); None without pairs, or when re's parser is not
    CPython 3.11's as read here (the loops then ask the pattern of every line: the same
    answers, slower)."""
    if _parser is None:
        return None
    try:
        return _read_opening(any_case)
    except (AttributeError, TypeError, ValueError, IndexError, KeyError):  # pragma: no cover - another re
        return None


def _read_opening(any_case: _AnyCase) -> tuple[bytes, str | None, bool] | None:
    """:func:`_opening`, read."""
    pairs = _ascii_pairs(any_case.lower)
    if pairs is None:
        return None
    beyond = _first_beyond_ascii(any_case.pattern)
    return (pairs, None, False) if beyond is None else (pairs, beyond[0], beyond[1])


def _ascii_pairs(pattern: re.Pattern[str]) -> bytes | None:
    r"""The (first word character, next character or 0 at the line's end) pairs an ASCII line,
    lower-cased, can open with where ``pattern`` (``^\W*(?=[first])...``, its lower-case
    twin) matches it: 128 * 128 bits (see above); None when they cannot be read."""
    data = list(_parser.parse(pattern.pattern, pattern.flags))
    flags = pattern.flags
    if (len(data) < 4 or data[0] != (_constants.AT, _constants.AT_BEGINNING)
            or data[1][0] is not _constants.MAX_REPEAT or data[1][1][:2] != (0, _constants.MAXREPEAT)
            or list(data[1][1][2]) != [(_constants.IN, [(_constants.CATEGORY, _constants.CATEGORY_NOT_WORD)])]
            or data[2][0] is not _constants.ASSERT or data[2][1][0] != 1):
        return None  # (not ^ \W* (?=...): the match may open elsewhere than at the first word character)
    try:
        ahead = 0
        for opening in _openings(data[2][1][1], 1, flags):
            ahead |= opening[0] if opening else _ASCII
        pairs = bytearray(128 * 128 // 8)
        for opening in _openings(data[3:], 2, flags):
            if not opening:
                return None
            first = opening[0] & ahead
            if first & ~_ASCII_WORD:
                return None  # (it may open on a character the leading \W* reads)
            second = opening[1] if len(opening) > 1 else _ASCII  # (a match of one character: any after it)
            for a in range(128):
                if first >> a & 1:
                    for b in range(128):
                        if second >> b & 1:
                            pairs[(a * 128 + b) >> 3] |= 1 << ((a * 128 + b) & 7)
    except _NoPairs:
        return None
    return bytes(pairs)

# Whole short lines that are page furniture in any article (English, Chinese, some
# European languages). Matched against a paragraph of at most ~8 words.
_FURNITURE_LINE = re.compile(
    r"^\W*(?=[" + _FURNITURE_FIRST + r"])(?:"
    r"advertisement|advertising|anzeige|publicité|publicidad|pubblicità|реклама|sponsored|"
    r"share(?: this)?(?: article| story| post)?|share on \w+|tweet|email|print|"
    r"(?:read|see) (?:more|also|next)|related(?: articles?| stories| posts| content)?|"
    r"click here.*|continue reading.*|sign up.*|subscribe.*|log ?in|"
    r"comments?|\d+ comments?|leave a (?:comment|reply)|"
    r"follow us.*|back to top|skip to .*|loading\.*|show (?:more|less)|"
    # widget labels: a gallery's caption toggle, a video player's history, a promo box title
    r"(?:show|hide) captions?|just watched|don[’']?t miss(?: this| out)?|"
    # the same buttons and labels in other languages ("Rezept drucken", "Bild anzeigen",
    # "Externer Inhalt", "Wird geladen", "Imprimer", "Compartir")
    r"(?:artikel |rezept |seite )?(?:drucken|teilen|merken)|(?:bild|bilder|alle bilder|mehr|weniger) anzeigen|"
    r"(?:quellen|kommentare|inhalt) (?:ein|aus)blenden|wird geladen\.*|externer inhalt|nach oben|"
    r"zurück(?: zur (?:übersicht|startseite))?|imprimer|partager|imprimir|compartir|stampa|condividi|"
    r"广告|分享到?.*|相关(?:新闻|阅读|文章|推荐)|推荐阅读|延伸阅读|责任编辑.*|编辑[:：].*|"
    r"返回(?:首页|顶部)|点击(?:进入|查看).*|扫码.*|打开app.*|(?:来源|作者)[:：].{0,30}"
    r")\W*$",
    re.IGNORECASE,
)


# Headings that open a list of *other* content after the article ("You may also like",
# "Related stories", "Lesen Sie auch", "相关阅读"): the article ends before them.
_RELATED_HEADING = re.compile(
    r"^\W*(?=[" + _RELATED_FIRST + r"])(?:you (?:may|might) (?:also )?(?:like|enjoy)|related(?: articles?| stories| posts| news| content| reading)?|"
    r"more (?:stories|articles|news|from|on|in)\b.*|recommended(?: for you| stories| articles)?|"
    r"read (?:more|next|also)|see also|also read|trending(?: now)?|most (?:read|popular|viewed)|"
    r"popular (?:stories|posts|articles)|what to read next|latest (?:news|stories|articles)|"
    r"lesen sie (?:auch|mehr).*|mehr zum thema.*|das (?:könnte|thema könnte) (?:sie|dich) (?:auch )?interessieren|"
    r"weitere artikel|weiterlesen|auch interessant|mehr dazu|dazu passend|want more\??|"
    # German section openers of other articles, sources and author boxes after the text
    r"weitere (?:themen|beiträge|artikel|meldungen|nachrichten)\b.*|"
    r"mehr (?:zu|zum|zur|aus|von|kolumnen|artikel|beiträge|themen|news|nachrichten)\b.*|"
    r"zusatzinformationen|quellenangaben?|quellen|über (?:den autor|die autorin)|"
    r"vorschau auf den nächsten artikel|zum weiterlesen|schon gelesen\??|"
    r"about the author|explore further|más sobre .*|contexto de la noticia|"
    r"recent (?:posts|articles|stories|entries|comments)|neueste (?:artikel|beiträge)|letzte beiträge|"
    r"artículos relacionados|articles similaires|derniers articles|"
    r"zobacz (?:też|także)|czytaj (?:też|także)|"
    r"você (?:pode|também pode) gostar.*|leia (?:também|mais)|veja também|"
    r"te puede interesar|también te puede interesar|lee también|noticias relacionadas|"
    r"à lire aussi|lire aussi|sur le même sujet|vous aimerez aussi|"
    r"leggi anche|potrebbe interessarti|"
    r"читайте также|похожие (?:статьи|новости)|"
    r"相关(?:新闻|阅读|文章|推荐|报道)|推荐阅读|延伸阅读|热门推荐|猜你喜欢|更多(?:新闻|精彩)"
    r")\W*$",
    re.IGNORECASE,
)


_RELATED_ANY_CASE = _AnyCase(_RELATED_HEADING)
RELATED_HEADING_MAX_CHARS = 60  # a longer line is no such heading


def is_related_heading(text: str) -> bool:
    """A short heading that introduces links to other articles."""
    if len(text) > RELATED_HEADING_MAX_CHARS:
        return False
    # (_RELATED_ANY_CASE.match, inlined: one call less per line asked)
    return (_RELATED_ANY_CASE.lower.match(text.lower()) if text.isascii()
            else _RELATED_HEADING.match(text)) is not None


# Headings that open the readers' comments after an article ("3 Comments", "Leave a Reply",
# "12 responses to ...", "Kommentare", "评论"): the article ends before them.
_COMMENTS_HEADING = re.compile(
    r"^\W*(?=[" + _COMMENTS_FIRST + r"])(?:"
    # "Comments", "3 Comments", "Reader comments (12)" ("Comment" alone can be a section
    # of the article: the singular needs a number)
    r"(?:(?:\d+|no|one)\s+(?:(?:reader|user)s?'?\s+)?comments?|(?:(?:reader|user)s?'?\s+)?comments)"
    r"(?:\s*\(\d+\))?(?:\s+(?:to|on|for)\b.*)?|"
    # "12 thoughts on ...", "One response to ...", "Responses" (a number is needed for
    # "thoughts"/"reactions": alone they are ordinary headings)
    r"(?:\d+|no|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:responses?|replies|thoughts|reactions?)"
    r"(?:\s+(?:to|on)\b.*)?|responses|replies|"
    r"(?:leave|post|add|write|submit) (?:a|your|new) (?:comment|reply|response)|join the (?:discussion|conversation)|"
    r"(?:\d+\s+)?(?:kommentare|commentaires|comentarios|commenti|komentarze|комментарии)(?:\s*\(\d+\))?|"
    r"(?:\d+\s*)?(?:条)?(?:网友)?评论(?:\s*\(\d+\))?|发表评论"
    r")\W*$",
    re.IGNORECASE,
)


_COMMENTS_ANY_CASE = _AnyCase(_COMMENTS_HEADING)
COMMENTS_HEADING_MAX_CHARS = 80  # a longer line is no such heading


def is_comments_heading(text: str) -> bool:
    """A short heading that opens the readers' comments."""
    if len(text) > COMMENTS_HEADING_MAX_CHARS:
        return False
    # (_COMMENTS_ANY_CASE.match, inlined: one call less per line asked)
    return (_COMMENTS_ANY_CASE.lower.match(text.lower()) if text.isascii()
            else _COMMENTS_HEADING.match(text)) is not None


# Closing greetings that sign a post ("Euer Hans", "x Franzi", "Cheers, Anna", "Liebe Grüße"):
# short lines without a full stop that still belong to the text (not trailing furniture).
_SIGNOFF_LINE = re.compile(
    r"^(?i:x+o*x*|xo+|xoxo|cheers|love|regards|best wishes|(?:kind|best|warm) regards|euer|eure|"
    r"(?:liebe|viele|herzliche|beste|sonnige) grüße|lg|bises|bisous|amitiés|cordialement|saludos|un abrazo|"
    r"besos|beijos|abraços|saluti|un saluto|pozdrawiam|groetjes)"
    # then a name: up to three capitalised words ("Die Redaktion", "Anna & Tom")
    r"(?:[,!]?\s+(?:[A-ZÄÖÜÉ][\w.'-]*|&)(?:\s+(?:[A-ZÄÖÜÉ][\w.'-]*|&)){0,2})?[\s!.]*$"
)


def is_signoff_line(text: str) -> bool:
    """A closing greeting that signs a post: "Euer Hans", "x Franzi", "Liebe Grüße, Anna"."""
    return len(text) <= 60 and _SIGNOFF_LINE.match(text) is not None


# Words of a date/time line ("Updated 10:01 pm PST, Tuesday, November 19, 2019"). The
# separators, numbers and CJK date characters come first: no other alternative can start
# on such a character (the others start with a letter), so the order changes no match,
# and white space and digits no longer try every word first (twice as fast).
_DATE_WORDS = re.compile(
    r"[\s,.:/|()\-–—]+|\d+(?:st|nd|rd|th)?|[年月日时分秒号]|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?|"
    r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(?:am|pm|a\.m\.|p\.m\.|at|on|the|of|"
    r"updated|posted|published|last|modified|date|gmt|utc|[ecmp][sd]t|bst|cet|cest|et|pt)\b|"
    # German, French, Spanish month and weekday names and time words ("15. Mai 2019, 05:28 Uhr")
    r"\b(?:mai|märz|maerz|okt|dez|janvier|février|fevrier|mars|avril|juin|juillet|août|aout|"
    r"septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
    r"septiembre|octubre|noviembre|diciembre|montag|dienstag|mittwoch|donnerstag|freitag|samstag|"
    r"sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|"
    r"viernes|sábado|domingo)[a-zäéû]*\.?|\b(?:uhr|um|vom|stand|le|de|del|à|h)\b",
    re.IGNORECASE,
)
# With a date, these words make a short line a byline/dateline ("2019-08-27 来源：新华社",
# "By Jane Doe, June 3, 2019", "Publié le 3 mai 2019 par ...").
_BYLINE_WORDS = re.compile(
    r"来源|作者|编辑|记者|发布时间|发布于|时间[:：]|\b(?:by|von|par|por|di|door|av|from|posted|published|"
    r"updated|veröffentlicht|aktualisiert|publié|publicado|pubblicato)\b",
    re.IGNORECASE,
)
_HAS_DATE = re.compile(
    r"\d{4}[-/.年]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"[a-z]*\.? \d{1,2}\b|\b\d{1,2}\.? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|"
    r"märz|mai|juni|juli|oktober|dezember)[a-z]*",
    re.IGNORECASE,
)
_EMAIL_LINE = re.compile(r"^\W*[\w.+-]+@[\w-]+(?:\.[\w-]+)+\W*$")
_HAS_DATE_ANY_CASE, _BYLINE_ANY_CASE = _AnyCase(_HAS_DATE), _AnyCase(_BYLINE_WORDS)


# The line read as _DATE_WORDS.sub reads it, match after match from the start, each one
# fixed once found (an atomic group: the same match search() finds there). A line is all
# date words when this reaches its end: what sub would leave is then nothing (white space is
# a date word, and no match is empty). Unlike sub, it stops at the first other word.
_DATE_SCAN = re.compile(r"(?>" + _DATE_WORDS.pattern + r")*+", re.IGNORECASE)
_DATE_SCAN_ANY_CASE = _AnyCase(_DATE_SCAN)


# A decimal digit (str.isdecimal): searched for instead of testing each character in Python.
_DECIMAL = re.compile(r"\d")
# The decimal digits an ASCII line can hold (\d's others are not ASCII): the word set's one
# pass finds them in a fourth of the time the search of \d takes (which tries every position).
_ASCII_DIGITS = WordSet(tuple("0123456789"))


def is_date_line(text: str) -> bool:
    """A short line that is only a date and/or time, e.g. "June 25, 2009", "2/15/09 at 1:01 PM"."""
    # (it needs a digit; one that is no decimal digit, "²", is no date word either: such a
    # line is not read to its end below, so a decimal digit is asked for at once)
    if len(text) > 70 or _DECIMAL.search(text) is None:
        return False
    # (not _DATE_WORDS.sub("", text).strip())
    return _DATE_SCAN_ANY_CASE.fullmatch(text) is not None


# Image credits and sources standing alone ("Getty Images", "Foto: dpa", "AFP / J. Doe"): the
# credit words found anywhere in the line, or a source label opening it.
_CREDIT_WORDS = r"getty ?images|istock|shutterstock|imago|picture[- ]alliance|\bdpa\b|\bafp\b|\bap photo\b|©|\(c\)"
_CREDIT_LABEL = (r"^\W*(?:foto|fotos|photo|photos|bild|bilder|image|images|credit|credits|quelle|source|crédit|"
                 r"fuente|fonte|źródło)\s*[:：]")
_CREDIT_LINE = re.compile(_CREDIT_WORDS + "|" + _CREDIT_LABEL, re.IGNORECASE)


# Figure captions opened by a figure word and a colon ("Abbildung 4: ...", "Beitragsbild:
# ...", "Fig. 2: ..."): annotators leave captions out even when they end with a period.
_CAPTION_LINE = re.compile(
    r"^\W*(?:abbildung|abb\.|beitragsbild|titelbild|bildquelle|bild|foto|fotos|photo|image|fig\.|figure|"
    r"grafik|grafiken|ilustración|illustration|图片?|图\s*\d+)\s*\d*\s*[:：]",
    re.IGNORECASE,
)
CAPTION_MAX_CHARS = 200


# What every match of _CREDIT_WORDS holds, lower-cased, but "©" (not ASCII): a line holding
# none of them, whose lower() reads each letter as IGNORECASE does, cannot match it. The
# alternatives without a word boundary are spelled out whole ("getty ?images", not "getty":
# "(Image: GETTY)" under a photo is no credit line of its own, and its search took ~5 us).
_CREDIT_NEEDS = ("getty images", "gettyimages", "istock", "shutterstock", "imago", "picture-alliance",
                 "picture alliance", "dpa", "afp", "ap photo", "(c)")
# The characters IGNORECASE reads as ASCII letters ("İ", "ı" as i, "ſ" as s, the Kelvin sign as k):
# in a line without them, an ASCII word matches under IGNORECASE where lower() holds it.
_FOLDS_TO_ASCII = ("\u0130", "\u0131", "\u017f", "\u212a")


def _may_be_credit(text: str) -> bool:
    """False only when ``_CREDIT_WORDS`` (IGNORECASE) is found nowhere in ``text`` (a cheap
    exact prefilter)."""
    if not text.isascii():
        if "©" in text:
            return True
        for c in _FOLDS_TO_ASCII:
            if c in text:
                return True
    return _CREDIT_WORDS_SET.any_in(text.lower())


_CREDIT_WORDS_SET = WordSet(_CREDIT_NEEDS)


# What every match of _BYLINE_WORDS holds, lower-cased (tests/html/test_lines_prefilters.py).
_BYLINE_NEEDS = ("来源", "作者", "编辑", "记者", "发布", "时间", "by", "von", "par", "por", "di", "door", "av", "from",
                 "posted", "published", "updated", "veröffentlicht", "aktualisiert", "publié", "publicado",
                 "pubblicato")
_BYLINE_WORDS_SET = WordSet(_BYLINE_NEEDS)
# The ASCII words of _BYLINE_WORDS, each between word boundaries: in an ASCII line, a match of
# one is a whole run of word characters ([a-z0-9_] once lower-cased). The short ones are parts
# of many other words ("av" of "Avanza", "di" of "edition"), where the needles pass a line on
# to the searches of the date and the byline word (~8 us): its runs of word characters, split
# apart by one translate, tell it first.
_BYLINE_ASCII_WORDS = frozenset(("by", "von", "par", "por", "di", "door", "av", "from", "posted", "published",
                                 "updated", "aktualisiert", "publicado", "pubblicato"))
_NOT_WORD_TO_SPACE = {c: " " for c in range(128) if not (chr(c).isalnum() or chr(c) == "_")}


def _has_byline_word(lower: str) -> bool:
    """Whether an ASCII lower-cased line holds a word of _BYLINE_ASCII_WORDS as a whole run of
    word characters (what ``_BYLINE_WORDS`` needs to match in it; the others hold non-ASCII
    characters)."""
    return not _BYLINE_ASCII_WORDS.isdisjoint(lower.translate(_NOT_WORD_TO_SPACE).split())


def _may_be_byline(text: str) -> bool:
    """False only when ``_BYLINE_WORDS`` (IGNORECASE) is found nowhere in ``text`` (a cheap
    exact prefilter, as :func:`_may_be_credit`)."""
    if not text.isascii():
        for c in _FOLDS_TO_ASCII:
            if c in text:
                return True
    return _BYLINE_WORDS_SET.any_in(text.lower())


_CAPTION_ANY_CASE = _AnyCase(_CAPTION_LINE)
_CREDIT_WORDS_ANY_CASE = _AnyCase(re.compile(_CREDIT_WORDS, re.IGNORECASE))
_CREDIT_LABEL_ANY_CASE = _AnyCase(re.compile(_CREDIT_LABEL, re.IGNORECASE))


def is_credit_line(text: str) -> bool:
    """A short image credit or source line, or a figure caption ("Abbildung 2: ...")."""
    return _credit_line(text, None)


def _credit_line(text: str, lower: str | None) -> bool:
    """:func:`is_credit_line`; ``lower``: ``text.lower()`` of an ASCII ``text`` when the caller
    has it, else None (then made here when needed). An ASCII line is asked of the patterns'
    lower-case twins directly (what their _AnyCase does), lower-cased once."""
    # (every caption match ends with a colon: a line without one is not searched)
    colon = ":" in text or "：" in text
    if len(text) <= CAPTION_MAX_CHARS and colon:
        if lower is None and text.isascii():
            lower = text.lower()
        if (_CAPTION_ANY_CASE.lower.match(lower) if lower is not None
                else _CAPTION_LINE.match(text)) is not None:
            return True
    if len(text) > 80 or text[-1:] in ".!?。！？":
        return False
    if lower is None and text.isascii():
        lower = text.lower()
    # (_CREDIT_LINE.search: its "^" label can match at the start only, and ends with a colon)
    if lower is not None:  # (ASCII: _may_be_credit is the word set's test alone)
        if _CREDIT_WORDS_SET.any_in(lower) and _CREDIT_WORDS_ANY_CASE.lower.search(lower) is not None:
            return True
        return colon and _CREDIT_LABEL_ANY_CASE.lower.match(lower) is not None
    if _may_be_credit(text) and _CREDIT_WORDS_ANY_CASE.search(text) is not None:
        return True
    return colon and _CREDIT_LABEL_ANY_CASE.match(text) is not None


FURNITURE_MAX_CHARS = 70  # a longer line is no furniture line


def is_furniture_line(text: str, dates: bool = True) -> bool:
    """A short line such as "Advertisement", "Share this", "相关阅读", "责任编辑：张三", an
    e-mail address alone, or (with ``dates``) a date or time alone."""
    if len(text) > FURNITURE_MAX_CHARS:
        return False
    # (an ASCII line is lower-cased once and asked of the patterns' lower-case twins, as their
    # _AnyCase would; the date tests are inlined past the checks this function made already)
    lower = text.lower() if text.isascii() else None
    if (_FURNITURE_ANY_CASE.lower.match(lower) if lower is not None else _FURNITURE_LINE.match(text)) is not None:
        return True
    if ("@" in text and _EMAIL_LINE.match(text) is not None) or _credit_line(text, lower):
        return True
    if not dates:
        return False
    # (both date tests need a decimal digit: one search answers both for a line without one)
    if not (_ASCII_DIGITS.any_in(lower) if lower is not None else _DECIMAL.search(text) is not None):
        return False
    # is_date_line (the line is short and holds a decimal digit)
    if (_DATE_SCAN_ANY_CASE.lower.fullmatch(lower) if lower is not None
            else _DATE_SCAN.fullmatch(text)) is not None:
        return True
    return _dateline_with_digit(text, lower)


_FURNITURE_ANY_CASE = _AnyCase(_FURNITURE_LINE)

# The pairs of the furniture, related and comments patterns (the lower-case twins an ASCII
# line is asked of; see _ascii_pairs), and what auto's compiled selection reads to answer
# an ASCII line is_furniture_line's False without asking it (_select.pxi's
# _may_be_furniture: these pairs, and the credit words _credit_line needs).
FURNITURE_OPENING = _opening(_FURNITURE_ANY_CASE)
RELATED_OPENING = _opening(_RELATED_ANY_CASE)
COMMENTS_OPENING = _opening(_COMMENTS_ANY_CASE)
FURNITURE_PREFILTER = (FURNITURE_OPENING, _CREDIT_NEEDS) if FURNITURE_OPENING is not None else None


# Parts of a blog post's footer or header line ("Posted by Ann at 12:43 PM | Comments (6) |
# Category: Travel", "Wednesday December 20, 2006 | permalink | comments (0)"): each part
# alone is a label of the post, not text of it. Searched on lower-cased parts.
_POST_LINE_PART = re.compile(
    r"(?:posted|written|filed|published|submitted) (?:by|in|on|at|under)\b.*|by \S+(?: \S+)?|"
    r"permalink|permanent link|link to this (?:post|entry)|trackbacks?(?: \(\d+\))?|pingbacks?|"
    r"(?:(?:view|add|post|read)(?:/| or | & )?)*(?:view|add|post|read)?\s*comments?(?: \(\d+\))?|"
    r"(?:\d+|no|one) (?:comments?|responses?|replies)|(?:leave|add|post) a (?:comment|reply)|"
    r"(?:categories|category|tags?|labels?|filed under|topics?)\s*:.*|"
    r"e-?mail (?:this|it)|email|share(?: this)?|print(?: this)?|edit|reply|top|back to top"
)
# Separators between the parts of such a line.
_POST_LINE_SPLIT = re.compile(r"\s+[|•·]\s+|\s*\|\s*")
# (a cheap test before splitting: a line holds one of the separators, "|", "•" or "·")
POST_LINE_MAX_CHARS = 120


def is_post_line(text: str) -> bool:
    """A blog post's footer (or header) line of at least two parts, each a date, a byline,
    "permalink", a comments count, a category or tags list, a button label; at least one
    of them names the post's furniture (a date with a label alone is a dateline)."""
    if len(text) > POST_LINE_MAX_CHARS or text[-1:] in ".!?。！？" or (
            "|" not in text and "•" not in text and "·" not in text):
        return False
    parts = [p.strip() for p in _POST_LINE_SPLIT.split(text.casefold()) if p.strip()]
    if len(parts) < 2:
        return False
    labels = [p for p in parts if _POST_LINE_PART.fullmatch(p) is not None]
    return bool(labels) and all(p in labels or is_date_line(p) for p in parts)


def is_dateline(text: str) -> bool:
    """A short line with a date and a byline word: "2019-08-27 来源：新华社"."""
    # every alternative of _HAS_DATE holds a \d (a decimal digit: str.isdecimal)
    if len(text) > 70 or _DECIMAL.search(text) is None:
        return False
    return _dateline_with_digit(text, text.lower() if text.isascii() else None)


def _dateline_with_digit(text: str, lower: str | None) -> bool:
    """:func:`is_dateline` of a line of at most 70 characters holding a decimal digit;
    ``lower``: ``text.lower()`` of an ASCII ``text``, else None (asked of the patterns'
    lower-case twins then, as their _AnyCase would)."""
    if text[-1:] in ".!?。！？":
        return False
    if lower is not None:
        # (no byline word: no need to look for the date)
        if not _BYLINE_WORDS_SET.any_in(lower) or not _has_byline_word(lower):
            return False
        date = _HAS_DATE_ANY_CASE.lower.search(lower)
        if date is None:
            return False
        byline = _BYLINE_ANY_CASE.lower.search(lower)
    else:
        if not _may_be_byline(text):
            return False
        date = _HAS_DATE.search(text)
        if date is None:
            return False
        byline = _BYLINE_WORDS.search(text)
    return byline is not None and min(date.start(), byline.start()) <= 2
