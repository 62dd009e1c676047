"""A person's name from a byline string: "By Jane Doe, 26/10/13" in, "Jane Doe" out; a
string naming several people split into their names; the tests a name passes.

Used by :mod:`.authors` on every source's value (JSON-LD, ``<meta>``, bylines, links).
"""

from __future__ import annotations

import functools
import html as htmllib
import re


MAX_NAME_WORDS = 6  # a longer "name" is a sentence
MAX_NAME_CHARS = 80
# Leading words that introduce a name in a byline; the name is what follows.
_BY = r"(?:(?:written|posted|published|geschrieben|verfasst|veröffentlicht|eingestellt|erstellt|alles" \
      r"|(?:ein\s+)?artikel|ein\s+beitrag|blog\s+beitrag)\s+(?:by|von))"
BYLINE_PREFIX = re.compile(
    r"^[~·•|\s–—-]*(?:"
    rf"(?i:{_BY}|by|von|vom|par|por|di|door|autor(?:in|a|e)?|auteur|author|text|redaktion|interview)(?:\s*[:：]\s*|\s+|$)"
    rf"|(?i:{_BY}|von|autor(?:in)?|author)(?=[A-ZÄÖÜ][a-zäöüß])"  # glued: "AuthorAndreas Kalt"
    r"|(?:作者|记者|责任编辑|编辑|来源|文|撰文)\s*[:：/]?\s*)")
# What BYLINE_PREFIX's leading run may hold (re's \s is str.isspace(): these characters),
# and the first characters of its words (case-blind, "İ" and "ı" read as "i" too, as re
# reads them): :func:`may_open_byline` tests these before the pattern's ~40 words are tried.
_BYLINE_LEAD = ("~·•|–—-\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004"
                "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
_BYLINE_FIRST = frozenset("abdegiprtvwı作记责编来文撰")


def may_open_byline(text: str) -> bool:
    """False when ``BYLINE_PREFIX.match(text)`` is None for sure: the first character after
    the leading run is none its words start with (a plain check, ~5x cheaper than the match
    that fails on most text pieces; ``authors.visible_byline`` holds it inline: change both)."""
    head = text.lstrip(_BYLINE_LEAD)[:1]
    return bool(head) and head.lower()[:1] in _BYLINE_FIRST


# Weekday names and abbreviations a byline prints after the name (German, English).
WEEKDAYS = ("montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag",
            "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            "mo", "di", "mi", "do", "fr", "sa", "so", "mon", "tue", "wed", "thu", "fri", "sat", "sun")
# What may follow a name in a byline and is cut off: a date or time ("am 26/10/13", "at 18:52"),
# a role in brackets, a second field after a bar. Every form starts with white space, ",",
# "(" or "/": the lookahead spares trying the ten forms at every other position.
NAME_TAIL = re.compile(r"(?=[\s,(/])(?:"
                       r"\s+(?:am|at|on|le|el|um)\s*\d.*$|\s*,\s*\d.*$|\s*\(.*$|\s+[|•·–—-]\s.*$"
                       r"|\s*,\s*(?:PhD|Ph\.D\.|MD|M\.D\.|MPH|MSc|MBA|RD)\b.*$"
                       rf"|\s+(?-i:am|on)\s+(?:{'|'.join(WEEKDAYS)})\.?,?$"  # "Jane Doe am Samstag"
                       r"|\s+(?-i:am|on|um)$"  # the date that followed was another text piece
                       r"|\s+@\w+$"  # a social media handle after the name
                       r"|\s+(?:Fotos?|Photos?|Bilder?|Illustration)\s*:.*$"  # the photo credit after it
                       r"|\s*[,/]\s*(?-i:[A-Z][A-Z-]{1,5})$"  # an agency or outlet: "Jane Doe, CNN", "/SP-X"
                       r")", re.IGNORECASE)
# Joiners between several names in one byline. Every match starts with white space or its
# joiner's first character: the lookahead tests that one character before the thirteen
# joiners are tried (at every position of the string: ~1/3 cheaper; the same matches).
NAME_JOINERS = re.compile(r"(?=[\s,;&/、，aeiuy])"
                          r"\s*(?:,|;|&|/|、|，|\band\b|\bund\b|\bet\b|\by\b|\be\b|\bi\b|\ben\b)\s*",
                          re.IGNORECASE)
# (the lookahead: the first characters of its forms, one test before the eight are tried)
_NOT_A_NAME = re.compile(r"(?=[hw@\d|<>{}*\[])(?:https?://|www\.|@\w+\.\w|^@|^\d|\d{3,}|[|<>{}*]|\[at\])")
# What an ASCII text holds when NAME_TAIL or _NOT_A_NAME may match in it: a character of
# their forms (digits: ASCII text has no others) or, for NAME_TAIL's "am"/"on"/"um" forms
# (case-sensitive, after white space), " am", " on", " um"; for _NOT_A_NAME's "https?://"
# and "www." forms, "http" and "www.". A name ("Jane Doe") usually holds none: the patterns
# (~60% of reading a name) are then not run. (:func:`_may_have_tail`, :func:`_may_be_no_name`)
_TAIL_CHARS = frozenset(",(|-@:/0123456789")
_NOT_A_NAME_CHARS = frozenset("@|<>{}*[0123456789")
# Labels that sit in author slots without being a name: comment-form fields, share
# buttons, placeholders of empty bylines.
NOT_A_NAME_LABELS = frozenset({
    "posted on", "posted", "name", "name (erforderlich)", "name (required)", "follow",
    "no author", "unknown", "admin", "administrator", "anonymous", "author", "autor", "redaktion",
    "editor", "staff", "says", "reply", "antworten", "share", "teilen", "published",
    "未知", "佚名", "匿名", "by", "von", "par", "por", "published by", "posted by",
    "veröffentlicht am", "veröffentlicht von", "veröffentlicht", "gespeichert", "erstellt", "datum", "date", "alle beiträge", "all posts",
})
_NAME_PARTICLES = frozenset({"von", "van", "de", "der", "den", "da", "di", "du", "la", "le", "zu", "y", "bin", "al"})
# Words that make a copyright holder an organisation, not a person.
ORGANISATION_WORDS = frozenset({
    "gmbh", "ag", "kg", "ug", "ev", "e", "v", "inc", "ltd", "llc", "plc", "corp", "co", "sa", "srl", "bv",
    "verlag", "media", "medien", "news", "zeitung", "magazin", "magazine", "online", "group", "gruppe",
    "university", "universität", "stiftung", "verein", "verband", "institut", "institute", "press",
    "presse", "digital", "studio", "agentur", "agency", "team", "redaktion", "network", "netzwerk",
    "company", "corporation", "foundation", "association", "club", "blog", "shop", "design", "all",
    "rights", "reserved", "alle", "rechte", "the", "der", "die", "das", "und", "and", "by", "of",
    "wordpress", "theme", "themes", "powered", "impressum", "datenschutz", "kontakt", "staff",
    "editors", "editorial", "desk", "wire", "reuters", "ap", "afp", "dpa",
})


def is_person(name: str) -> bool:
    """A name that looks like a person's ("NBC News", "IGN Staff" are the outlet)."""
    return looks_like_name(name) and not ORGANISATION_WORDS.intersection(name.lower().split())


# What is not a letter or digit ([\W_]: \w is str.isalnum() and "_")
_NON_ALNUM = re.compile(r"[\W_]+")


def squash_name(name: str) -> str:
    """``name``'s letters and digits, lower-cased ("Jane Doe" -> "janedoe"): site names, the
    titles' parts and headings matched against them, authors compared."""
    joined = "".join(name.lower().split())  # (white space is no letter or digit)
    return joined if joined.isalnum() else _NON_ALNUM.sub("", joined)  # (most names: the first, ~3x cheaper)


def split_names(value: str) -> list[str]:
    """The names in one byline string ("Jane Doe and John Roe" -> two names); a string
    whose parts are not all names of two words or more stays one name."""
    if not _may_join(value):  # (most names: the pattern then splits nothing)
        return [value]
    parts = list(filter(None, NAME_JOINERS.split(value)))  # (no comprehension: no function object)
    if len(parts) < 2:
        return [value]
    for p in parts:  # (a loop: all() of a generator makes a function and a generator object)
        if not (1 < len(p.split()) <= 4 or is_cjk_name(p)):
            return [value]
    return parts


# What an ASCII text holds when NAME_JOINERS may match in it: one of its joining characters,
# or one of its joining words as a whole word (\b: a run of ASCII letters, digits and "_")
_JOINER_CHARS = frozenset(",;&/")
_JOINER_WORDS = frozenset({"and", "und", "et", "y", "e", "i", "en"})
_ASCII_WORD = re.compile(r"[a-z0-9_]+")


def _may_join(value: str) -> bool:
    """False when ``NAME_JOINERS`` cannot match in ``value`` for sure (:data:`_JOINER_CHARS`,
    :data:`_JOINER_WORDS`); text not in ASCII is left to the pattern."""
    if not value.isascii() or not _JOINER_CHARS.isdisjoint(value):
        return True
    return not _JOINER_WORDS.isdisjoint(_ASCII_WORD.findall(value.lower()))


def is_cjk_name(text: str) -> bool:
    return 2 <= len(text) <= 4 and all("\u4e00" <= c <= "\u9fff" for c in text)


# Short values whose reading is remembered: a page's sources repeat their strings (a third of
# the calls on a page read a string read before: the JSON-LD and <meta> author, the byline
# read again to complete a name).
CACHED_AUTHOR_CHARS = 160
CACHED_AUTHORS = 512


def clean_author(value: str | None) -> str | None:
    """A person's name from a byline string ("By Jane Doe", "von Max Muster"), or None
    (:func:`read_author`, remembered for short values: :data:`CACHED_AUTHOR_CHARS`)."""
    if not value:
        return None
    return _cached_author(value) if len(value) <= CACHED_AUTHOR_CHARS else read_author(value)


def read_author(value: str) -> str | None:
    """:func:`clean_author` of a non-empty ``value``, read each time."""
    text = " ".join((htmllib.unescape(value) if "&" in value else value).split())  # (collapse_ws) "Redacci&oacute;n"
    # (anchored at the start: what a sub with count=1 removes)
    prefix = BYLINE_PREFIX.match(text) if may_open_byline(text) else None
    if prefix is not None:
        text = text[prefix.end():]
    if _may_have_tail(text):
        text = NAME_TAIL.sub("", text)
    text = text.strip(" ,;:|-–—·~")
    words = text.split()  # "Jane Doe Fr": a weekday's abbreviation after a full name
    if len(words) >= 3 and len(words[-1].rstrip(".,")) <= 3 and words[-1].lower().rstrip(".,") in WEEKDAYS:
        text = " ".join(words[:-1])
    if not text or len(text) > MAX_NAME_CHARS or (_may_be_no_name(text) and _NOT_A_NAME.search(text)):
        return None
    if text.lower() in NOT_A_NAME_LABELS or text.lower().endswith((" says", " sagt", " said")):
        return None
    if not any(map(str.isalpha, text)):  # (no generator made)
        return None
    return text


_cached_author = functools.lru_cache(maxsize=CACHED_AUTHORS)(read_author)


def _may_have_tail(text: str) -> bool:
    """False when ``NAME_TAIL`` cannot match in ``text`` (white space collapsed) for sure
    (:data:`_TAIL_CHARS`); text not in ASCII is left to the pattern."""
    if not text.isascii() or not _TAIL_CHARS.isdisjoint(text):
        return True
    return " am" in text or " on" in text or " um" in text  # (NAME_TAIL's word forms)


def _may_be_no_name(text: str) -> bool:
    """False when ``_NOT_A_NAME`` cannot match in ``text`` for sure (:data:`_NOT_A_NAME_CHARS`)."""
    return not text.isascii() or not _NOT_A_NAME_CHARS.isdisjoint(text) or "http" in text or "www." in text


def looks_like_name(text: str) -> bool:
    """One to four capitalised words ("Moritz Gathmann", "MORITZ GATHMANN") or a short CJK name."""
    words = text.split()
    if is_cjk_name(text):
        return True
    if not 1 <= len(words) <= 4:
        return False
    for w in words:  # (a loop: all() of a generator makes a function and a generator object a call)
        if not (w[:1].isupper() or w.lower() in _NAME_PARTICLES):
            return False
    return True
