"""Baseline: Content Code Blurring, CCB (Gottron 2008).

The source becomes a *content code vector*: one entry per character, 1 for a character
of text and 0 for a character of markup (tags, comments, scripts). Blurring the vector
gives every position its *content code ratio*: how much text, as opposed to code,
surrounds it. Text whose ratio exceeds ``ccb_threshold`` is content: long prose with a few
inline tags keeps a high ratio, menus (short words wrapped in long tags) a low one.

The Gaussian blur (standard deviation ``ccb_window`` characters) is computed as
``ccb_iterations`` box blurs whose summed variance equals the Gaussian's (the classic
iterated-box approximation), each one a prefix sum and one subtraction per character:
linear time, in C-level loops (``accumulate``/``map``), no array library needed.
``ccb_ignore_anchors`` gives the ADCCB variant, where ``<a>`` tags are not code.
"""

from __future__ import annotations

import re
from array import array
from itertools import accumulate
from math import sqrt
from operator import sub

from ..blocks import tag_stream
from ..document import Document
from ..options import Options
from ..result import Page

_ANCHOR_TAG = re.compile(r"</?a[\s>/]", re.IGNORECASE)
_WORD = re.compile(r"\S+")


_ZERO = array("q", [0])
_ONE = array("q", [1])


def content_code_vector(html: str, ignore_anchors: bool) -> tuple[array, list[tuple[int, str, bool]]]:
    """The vector and the text pieces as (offset in the vector, text, starts a block)."""
    vector = array("q")
    pieces: list[tuple[int, str, bool]] = []
    pending_break = True
    for piece in tag_stream(html):
        if piece.is_tag:
            pending_break = pending_break or piece.breaks
            if ignore_anchors and _ANCHOR_TAG.match(piece.text):
                continue
            vector.extend(_ZERO * piece.size)
        elif piece.text.strip():
            pieces.append((len(vector), piece.text, pending_break))
            pending_break = False
            vector.extend(_ONE * len(piece.text))
    return vector, pieces


def box_width(sigma: float, passes: int) -> int:
    """Odd width of a box whose ``passes``-fold repetition has variance ``sigma**2``."""
    width = int(round(sqrt(12.0 * sigma * sigma / max(1, passes) + 1.0)))
    return width if width % 2 else width + 1


def box_sums(values: array, width: int) -> array:
    """Sums over a moving window of ``width`` entries (ends padded with the edge values).

    Integer sums, not averages: exact, and the scale is divided out once at the end.
    Machine-integer arrays keep a page of N characters at a few times 8N bytes.
    """
    if not values or width <= 1:
        return array("q", values)
    r = width // 2
    padded = array("q", [values[0]]) * r + values + array("q", [values[-1]]) * r
    prefix = array("q", [0])
    prefix.extend(accumulate(padded))
    return array("q", map(sub, prefix[width:], prefix[: len(prefix) - width]))


def blur(vector: array, sigma: float, passes: int) -> tuple[array, int]:
    """The blurred vector as integer sums, and the divisor that turns them into ratios."""
    width = box_width(sigma, passes)
    passes = max(1, passes)
    values = array("q", vector)
    for _ in range(passes):
        values = box_sums(values, width)
    return values, width**passes


def content_paragraphs(pieces, sums: array, scale: int, threshold: float) -> list[str]:
    """Words whose middle character has a ratio above ``threshold``, grouped in lines."""
    limit = threshold * scale
    paragraphs: list[str] = []
    current: list[str] = []
    for offset, text, starts_block in pieces:
        if starts_block and current:
            paragraphs.append(" ".join(current))
            current = []
        for m in _WORD.finditer(text):
            middle = offset + (m.start() + m.end()) // 2
            if sums[middle] > limit:
                current.append(m.group())
            elif current:
                paragraphs.append(" ".join(current))
                current = []
    if current:
        paragraphs.append(" ".join(current))
    return paragraphs


def extract(doc: Document, options: Options) -> Page:
    opts = options.baselines
    page = Page(url=doc.url, method="ccb")
    vector, pieces = content_code_vector(doc.html, opts.ccb_ignore_anchors)
    sums, scale = blur(vector, opts.ccb_window, opts.ccb_iterations)
    page.set_paragraphs(content_paragraphs(pieces, sums, scale, opts.ccb_threshold))
    page.extra["ccb"] = {"characters": len(vector)}
    if not page.text:
        page.reason = "no text with a content code ratio above the threshold"
    return page
