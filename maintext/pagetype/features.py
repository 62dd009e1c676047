"""Structural features of the page-type classifier that tell one article from a page of many
items (hub, section front, gallery, video or index page) on a site never seen in training.

All are generic (no site names, no words of a language): they read the Block-List view of
the page's one segmentation and the shape of its URL, in one more loop over the text
blocks, so they cost a small fraction of the extraction that made the segmentation.

- **Body of prose**: an article is one run of sibling prose paragraphs under one parent;
  a gallery or video page has captions and blurbs each under its own parent. Counted: the
  paragraphs of the largest run, the long non-link paragraphs of the page, the share of
  the text that comes after the largest run (related links, footers).
- **Teaser lists and prose spread over cards**: the share of the text in link-dense
  blocks; headings per hundred words; prose paragraphs per parent holding prose (one
  body: many; slides or cards: about one).
- **Headline vs URL**: an article's URL slug repeats the words of its ``<h1>``; a section
  front's URL names the section, not its headline.
- **URL shape** beyond :func:`maintext.pagetype.classifier._url_features`: words of the
  last path segment, a numeric id in the query, a file extension.
"""

from __future__ import annotations

import math
import re
from urllib.parse import urlsplit

from ..html.blocklist import Block, BlockList

# Tunables of the features (the model's weights are learned; these only define the counts).
_PROSE_WORDS = 12  # a <p> of at least this many words and at most this link share is prose
_PROSE_DENSITY = 0.3
_LONG_WORDS = 25  # a block of at least this many words and at most this link share is a long
_LONG_DENSITY = 0.1  # ... non-link paragraph (any block tag)
_LINKY = 0.5  # a block at least this share link text is link-dense
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_MIN_SLUG_WORDS = 3  # a last path segment of fewer words says nothing about the headline
_WORD = re.compile(r"[^\W_]+")
_SLUG_SPLIT = re.compile(r"[-_+.,]+")
_QUERY_ID = re.compile(r"(?:^|&)[a-z_]*id=\d{3,}", re.I)
_EXTENSION = re.compile(r"\.(?:s?html?|php|aspx?|jsp|cms)$", re.I)


def structure_features(blist: BlockList, url: str, text_blocks: list[Block] | None = None) -> dict[str, float]:
    """The features above, by name (``url`` may be empty: URL features are then 0;
    ``text_blocks``: ``blist.text_blocks()`` when the caller has them)."""
    return features_from_counts(_structure_counts(blist.text_blocks() if text_blocks is None else text_blocks), url)


# What _structure_counts gives (in this order; the C twin maintext/pagetype/_totals.pyx too)
STRUCTURE_CONSTS = (_PROSE_WORDS, _PROSE_DENSITY, _LONG_WORDS, _LONG_DENSITY, _LINKY)


def _structure_counts(blocks: list[Block]) -> tuple:
    """(words of the text blocks or 1, paragraphs of the largest prose run, (words, parents,
    paragraphs) of all prose, words after the run, long non-link paragraphs, words in
    link-dense blocks, headings, text of the first ``<h1>``) of ``blocks``, the text blocks."""
    total = sum(b.weight for b in blocks) or 1.0
    run_parent, run_count, run_last, prose = _largest_prose_run(blocks)
    after = sum(b.weight for b in blocks if b.index > run_last) if run_parent is not None else total
    long_paras = linky_weight = 0.0
    headings = 0
    h1_text = ""
    for b in blocks:
        density = b.link_chars / b.chars
        if b.weight >= _LONG_WORDS and density <= _LONG_DENSITY:
            long_paras += 1
        if density >= _LINKY:
            linky_weight += b.weight
        if b.tag in _HEADINGS:
            headings += 1
            if b.tag == "h1" and not h1_text:
                h1_text = b.text
    return (total, run_count, *prose, after, long_paras, linky_weight, headings, h1_text)


def features_from_counts(counts: tuple, url: str,
                         by_url: tuple[tuple[str, ...], dict[str, float]] | None = None) -> dict[str, float]:
    """The features, by name, from :func:`_structure_counts`'s figures and the URL
    (``by_url``: its :func:`_slug_words` and :func:`_url_shape`, when the caller has them)."""
    total, run_count, prose_words, prose_parents, prose_paras, after, long_paras, linky_weight, headings, h1 = counts
    # (the slug words are read by the headline match and the URL shape)
    slug, shape = by_url if by_url is not None else (_slug_words(url) if url else (), None)
    feats = {
        "log_run_paras": math.log1p(run_count),
        "log_long_paras": math.log1p(long_paras),
        "log_prose_words": math.log1p(prose_words),
        # prose spread over many parents (slides, cards) rather than one body
        "prose_parent_ratio": prose_parents / prose_paras if prose_paras else 1.0,
        "after_run_share": after / total,
        "linky_text_share": linky_weight / total,
        "heads_per_100w": min(10.0, 100.0 * headings / total),
        "h1_url_match": _headline_url_match(h1, url, slug),
    }
    feats.update(_url_shape(url, slug) if shape is None else shape)
    return feats


def _largest_prose_run(blocks: list[Block]) -> tuple[int | None, int, int, tuple[float, int, int]]:
    """(parent, number of prose paragraphs, index of its last one) of the parent holding
    the most words of prose ``<p>`` children ((None, 0, -1) without prose), and (words,
    parents, paragraphs) of all the prose of the page."""
    weight: dict[int, float] = {}
    count: dict[int, int] = {}
    last: dict[int, int] = {}
    for b in blocks:
        if b.tag == "p" and b.weight >= _PROSE_WORDS and b.link_chars <= _PROSE_DENSITY * b.chars:
            weight[b.parent] = weight.get(b.parent, 0.0) + b.weight
            count[b.parent] = count.get(b.parent, 0) + 1
            last[b.parent] = b.index
    prose = (sum(weight.values()), len(weight), sum(count.values()))
    if not weight:
        return None, 0, -1, prose
    parent = max(weight, key=weight.__getitem__)
    return parent, count[parent], last[parent], prose


def _slug_words(url: str) -> tuple[str, ...]:
    """Lower-cased words of the URL's last path segment that has letters."""
    try:
        path = urlsplit(url).path
    except ValueError:
        return ()
    for segment in reversed([s for s in path.split("/") if s]):
        words = tuple(w for w in _SLUG_SPLIT.split(_EXTENSION.sub("", segment.lower())) if w.isalpha())
        if words:
            return words
    return ()


def _headline_url_match(h1: str, url: str, words: tuple[str, ...] | None = None) -> float:
    """From -1 (no slug word in the ``<h1>``) to +1 (all of them); 0 when unknown (no URL,
    no ``<h1>`` or a slug of fewer than ``_MIN_SLUG_WORDS`` words). ``words``: the URL's
    :func:`_slug_words`, when the caller has them."""
    if words is None:
        words = _slug_words(url) if url else ()
    if not h1 or len(words) < _MIN_SLUG_WORDS:
        return 0.0
    # (an ASCII headline lower-cased whole: the same words, lower-cased, as word by word)
    head = set(_WORD.findall(h1.lower())) if h1.isascii() else {w.lower() for w in _WORD.findall(h1)}
    # (the slug words in the headline counted in C: len([w for w in words if w in head]))
    return 2.0 * sum(map(head.__contains__, words)) / len(words) - 1.0


def _url_shape(url: str, words: tuple[str, ...] | None = None) -> dict[str, float]:
    """Words of the last segment (scaled to [-1, 1]), numeric id in the query, file
    extension: +1 / -1 when the URL is known, 0 when not (``words``: as for
    :func:`_headline_url_match`)."""
    if not url:
        return {"url_last_words": 0.0, "url_query_id": 0.0, "url_extension": 0.0}
    try:
        parts = urlsplit(url)
    except ValueError:
        return _url_shape("")
    last = [s for s in parts.path.split("/") if s][-1:] or [""]
    return _shape_features(_slug_words(url) if words is None else words, _QUERY_ID.search(parts.query) is not None,
                           _EXTENSION.search(last[0]) is not None)


def _shape_features(words: tuple[str, ...], query_id: bool, extension: bool) -> dict[str, float]:
    """:func:`_url_shape` from the URL's figures (the regular expressions' or
    ``_totals.url_facts``'): the last slug's words, a numeric id in the query, a file extension."""
    return {
        "url_last_words": max(-1.0, min(1.0, (len(words) - 3) / 3)),
        "url_query_id": 1.0 if query_id else -1.0,
        "url_extension": 1.0 if extension else -1.0,
    }
