"""Baseline: Body Text Extraction, BTE (Finn, Kushmerick & Smyth 2001).

The page source is a sequence of tokens, each a tag or a word (a CJK character counts
as a word, as CJK text has no spaces). BTE takes the span
[i, j] that maximises *tags before i + words inside [i, j] + tags after j*: the one
stretch where text is dense and markup sparse. With +1 per word and -1 per tag inside the
span that is the maximum-sum subarray plus a constant (the page's tag count), so one
linear pass (Kadane's algorithm) finds it on any page size.
"""

from __future__ import annotations

from ..html.blocks import tag_stream, word_tokens, words_to_paragraphs
from ..html.document import Document
from ..options import Options
from ..result import Page

BREAK = None  # marker between words of different blocks (as words_to_paragraphs reads it)


def tokenize(html: str) -> tuple[list[int], list[str | None]]:
    """Token scores (+1 word, -1 tag) and, per token, its word (None for a tag).

    A tag that starts a block is recorded as ``BREAK`` so the output keeps its lines.
    """
    values: list[int] = []
    words: list[str | None] = []
    for piece in tag_stream(html):
        if piece.is_tag:
            values.append(-1)
            words.append(BREAK if piece.breaks else "")
        else:
            for word in word_tokens(piece.text):
                values.append(1)
                words.append(word)
    return values, words


def best_span(values: list[int]) -> tuple[int, int, int]:
    """(start, end, sum) of the maximum-sum subarray, end exclusive; (0, 0, 0) if none is
    positive. Ties keep the earliest, shortest span."""
    best = (0, 0, 0)
    run_start, run_sum = 0, 0
    for k, v in enumerate(values):
        if run_sum <= 0:
            run_start, run_sum = k, v
        else:
            run_sum += v
        if run_sum > best[2]:
            best = (run_start, k + 1, run_sum)
    return best


def span_paragraphs(words: list[str | None], start: int, end: int) -> list[str]:
    return words_to_paragraphs(words[start:end])


def extract(doc: Document, options: Options) -> Page:
    page = Page(url=doc.url, method="bte")
    values, words = tokenize(doc.html)
    start, end, total = best_span(values)
    page.set_paragraphs(span_paragraphs(words, start, end))
    page.extra["bte"] = {"tokens": len(values), "start": start, "end": end, "score": total}
    if not page.text:
        page.reason = "no span with more words than tags"
    return page
