"""Baseline: Content Code Blurring, CCB (Gottron 2008).

The source becomes a *content code vector*: one entry per character, 1 for a character
of text and 0 for a character of markup (tags, comments, scripts). Blurring the vector
gives every position its *content code ratio*: how much text, as opposed to code,
surrounds it. Text whose ratio exceeds ``ccb_threshold`` is content: long prose with a few
inline tags keeps a high ratio, menus (short words wrapped in long tags) a low one.

The Gaussian blur (standard deviation ``ccb_window`` characters) is computed as
``ccb_iterations`` box blurs whose summed variance equals the Gaussian's (the classic
iterated-box approximation). ``k`` box blurs of width ``w`` equal the k-th difference
(step ``w``) of the k-th cumulative sum of the vector, and the vector is a few thousand
constant runs, not a million independent characters: the cumulative sums are kept at run
starts only (closed form inside a run), and the ratio is evaluated at the words that need
it. Linear in the number of runs plus words; no per-character arrays.
``ccb_ignore_anchors`` gives the ADCCB variant, where ``<a>`` tags are not code.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from math import comb, sqrt

from ..html.blocks import tag_stream
from ..html.document import Document
from ..options import Options
from ..result import Page

_ANCHOR_TAG = re.compile(r"</?a[\s>/]", re.IGNORECASE)
_WORD = re.compile(r"\S+")

Runs = list[tuple[int, int]]  # (start, value) of each run; a run lasts until the next start


def content_code_vector(html: str, ignore_anchors: bool) -> tuple[Runs, int, list[tuple[int, str, bool]]]:
    """The content code vector as runs, its length, and the text pieces as
    (offset in the vector, text, starts a block)."""
    runs: Runs = []
    pieces: list[tuple[int, str, bool]] = []
    pos = 0
    pending_break = True

    def add(value: int, size: int) -> None:
        nonlocal pos
        if size <= 0:
            return
        if not runs or runs[-1][1] != value:
            runs.append((pos, value))
        pos += size

    for piece in tag_stream(html):
        if piece.is_tag:
            pending_break = pending_break or piece.breaks
            if not (ignore_anchors and _ANCHOR_TAG.match(piece.text)):
                add(0, piece.size)
        elif piece.text.strip():
            pieces.append((pos, piece.text, pending_break))
            pending_break = False
            add(1, len(piece.text))
        # whitespace alone between two tags is neither content nor code: not in the vector
    return runs, pos, pieces


def expand(runs: Runs, length: int) -> list[int]:
    """The vector one entry per character (for inspection and tests)."""
    out: list[int] = []
    for k, (start, value) in enumerate(runs):
        end = runs[k + 1][0] if k + 1 < len(runs) else length
        out.extend([value] * (end - start))
    return out


class CumulativeSums:
    """The ``order``-fold cumulative sums S_1..S_order of a run-encoded vector that is
    zero outside [0, length). S_j(x) sums S_{j-1} over positions < x (S_0 = the vector).
    Inside a run of value v starting at s: S_k(s + d) = sum_m S_{k-m}(s) * C(d, m)."""

    def __init__(self, runs: Runs, length: int, order: int) -> None:
        self.order = order
        self.starts: list[int] = []
        self.values: list[int] = []
        self.sums: list[list[int]] = []  # per run: [v, S_1(s), ..., S_order(s)]
        current = [0] * (order + 1)
        bounds = [*runs, (length, 0)]  # zero after the end
        if not runs or runs[0][0] > 0:
            bounds.insert(0, (0, 0))
        for k, (start, value) in enumerate(bounds):
            if k:
                current = self._advance(self.sums[-1], start - self.starts[-1])
            current[0] = value
            self.starts.append(start)
            self.values.append(value)
            self.sums.append(current)

    def _advance(self, at_start: list[int], d: int) -> list[int]:
        return [0] + [sum(at_start[j - m] * comb(d, m) for m in range(j + 1))
                      for j in range(1, self.order + 1)]

    def top(self, x: int) -> int:
        """S_order(x)."""
        if x <= 0:
            return 0
        k = bisect_right(self.starts, x) - 1
        at_start = self.sums[k]
        d = x - self.starts[k]
        n = self.order
        return sum(at_start[n - m] * comb(d, m) for m in range(n + 1))


def box_width(sigma: float, passes: int) -> int:
    """Odd width of a box whose ``passes``-fold repetition has variance ``sigma**2``."""
    width = int(round(sqrt(12.0 * sigma * sigma / max(1, passes) + 1.0)))
    return width if width % 2 else width + 1


class Blur:
    """``passes`` centred box blurs of width ``width`` over the vector; ``ratio(x)``."""

    def __init__(self, runs: Runs, length: int, sigma: float, passes: int) -> None:
        self.passes = max(1, passes)
        self.width = box_width(sigma, self.passes)
        self.sums = CumulativeSums(runs, length, self.passes)
        self.scale = self.width**self.passes
        r = self.width // 2
        # B_k(x) = sum_j (-1)^j C(k, j) S_k(x - k r + (k - j) w)
        self.terms = [((-1) ** j * comb(self.passes, j), -self.passes * r + (self.passes - j) * self.width)
                      for j in range(self.passes + 1)]

    def ratio(self, x: int) -> float:
        top = self.sums.top
        return sum(sign * top(x + shift) for sign, shift in self.terms) / self.scale


def content_paragraphs(pieces, blur: Blur, threshold: float) -> list[str]:
    """Words whose middle character has a ratio above ``threshold``, grouped in lines."""
    paragraphs: list[str] = []
    current: list[str] = []
    for offset, text, starts_block in pieces:
        if starts_block and current:
            paragraphs.append(" ".join(current))
            current = []
        for m in _WORD.finditer(text):
            if blur.ratio(offset + (m.start() + m.end()) // 2) > threshold:
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
    runs, length, pieces = content_code_vector(doc.html, opts.ccb_ignore_anchors)
    blur = Blur(runs, length, opts.ccb_window, opts.ccb_iterations)
    page.set_paragraphs(content_paragraphs(pieces, blur, opts.ccb_threshold))
    page.extra["ccb"] = {"characters": length, "runs": len(runs)}
    if not page.text:
        page.reason = "no text with a content code ratio above the threshold"
    return page
