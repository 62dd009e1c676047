"""Baseline: Document Slope Curves, DSC (Pinto et al. 2002, from the QuASM system).

Like BTE, the source is a sequence of tag and word tokens; the *document slope curve* is
the cumulative number of tags plotted against token position. Text regions are where the
curve is flat. BTE keeps the single best flat stretch; DSC slides a window of
``dsc_window`` tokens along the curve and keeps every word whose window has a slope (tags
per token) below ``dsc_max_slope``, so several text regions of one page survive.
Linear: the slope of every window comes from one prefix sum.
"""

from __future__ import annotations

from itertools import accumulate

from ..html.document import Document
from ..options import Options
from ..result import Page
from ..html.blocks import words_to_paragraphs
from .bte import BREAK, tokenize


def slopes(values: list[int], window: int) -> list[float]:
    """Slope of the cumulative tag curve over a window centred on each token."""
    n = len(values)
    tags = [1 if v < 0 else 0 for v in values]
    curve = [0, *accumulate(tags)]  # curve[k] = tags among the first k tokens
    half = max(1, window) // 2
    out = []
    for k in range(n):
        lo = max(0, k - half)
        hi = min(n, k + half + 1)
        out.append((curve[hi] - curve[lo]) / (hi - lo))
    return out


def flat_paragraphs(words: list[str | None], slope: list[float], max_slope: float) -> list[str]:
    """Words on flat stretches of the curve, one paragraph per block between breaks."""
    return words_to_paragraphs(BREAK if word and s >= max_slope else word
                               for word, s in zip(words, slope))


def extract(doc: Document, options: Options) -> Page:
    opts = options.baselines
    page = Page(url=doc.url, method="dsc")
    values, words = tokenize(doc.html)
    slope = slopes(values, opts.dsc_window)
    page.set_paragraphs(flat_paragraphs(words, slope, opts.dsc_max_slope))
    page.extra["dsc"] = {"tokens": len(values)}
    if not page.text:
        page.reason = "no flat region of the document slope curve"
    return page
