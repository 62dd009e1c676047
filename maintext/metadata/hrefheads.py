"""Which anchors a path pattern may find, told by plain substring search instead of a regex
search of every href (:meth:`maintext.metadata.collect.Collected.href_hits`).

A pattern such as ``/(?:tag|tags|label)/[^/?#]`` matches only where one of a few literal
strings stands ("/tag/", "/tags/", "/label/"): its *heads*, read from the pattern's parse
(``re._parser``). An href none of the heads occurs in holds no match. Finding the heads is a
byte compare at each "/" (in C, ``_native.head_hits``), where the regex tries its branch at
every "/" of the ~7 KB of a page's hrefs (~0.15M instructions a pattern and page).
"""

from __future__ import annotations

import re
from re import _constants, _parser

MAX_HEADS = 32  # more alternatives than this: no heads (the regex search is used)

# id of a pattern (as searched: lower case, case-sensitive) -> (the pattern, its heads or
# None); by id as ``collect._CASED_PATTERNS`` (a Pattern's hash reads its compiled code)
_HEADS: dict[int, tuple[re.Pattern[str], tuple[str, ...] | None]] = {}
MAX_REMEMBERED = 256  # patterns whose heads are kept (a bound for callers that compile anew)


def literal_heads(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Non-empty strings without NUL one of which starts every match of ``pattern``, or None
    when the pattern has no such short list (it may start with a class, a repeat...)."""
    known = _HEADS.get(id(pattern))
    if known is not None and known[0] is pattern:
        return known[1]
    prefixes = _prefixes(parsed_items(pattern))
    heads = None
    if prefixes is not None:
        strings = prefixes[0]
        if all(s and "\0" not in s for s in strings):
            heads = tuple(dict.fromkeys(strings))
    if len(_HEADS) < MAX_REMEMBERED:
        _HEADS[id(pattern)] = (pattern, heads)
    return heads


def parsed_items(pattern: re.Pattern[str]) -> list:
    """The top-level items of ``pattern`` parsed as ``re`` parses it (``re._parser``)."""
    return _parser.parse(pattern.pattern, pattern.flags).data


def _prefixes(items) -> tuple[list[str], bool] | None:
    """``(strings, whole)`` for parsed pattern ``items``: every match starts with one of
    ``strings``; ``whole``: every match is one of them (the items are literals, groups and
    alternatives of literals). None when there are more than :data:`MAX_HEADS`."""
    out = [""]
    for op, value in items:
        if op is _constants.LITERAL:
            out = [s + chr(value) for s in out]
            continue
        if op is _constants.SUBPATTERN and not value[1] and not value[2]:  # (no inline flags)
            alternatives = [value[3].data]
        elif op is _constants.BRANCH:
            alternatives = [alt.data for alt in value[1]]
        else:
            return out, False  # a class, repeat, anchor...: the heads end here
        parts = [_prefixes(alt) for alt in alternatives]
        if any(p is None for p in parts) or len(out) * sum(len(p[0]) for p in parts) > MAX_HEADS:
            return None
        out = [s + t for s in out for p in parts for t in p[0]]
        if not all(p[1] for p in parts):
            return out, False
    return out, True


def head_hits(low: str, heads: tuple[str, ...]) -> list[int]:
    """The indices (ascending) of the NUL-separated parts of ``low`` that hold one of
    ``heads`` (the Python twin of ``_native.head_hits``)."""
    return [i for i, part in enumerate(low.split("\0")) if any(h in part for h in heads)]
