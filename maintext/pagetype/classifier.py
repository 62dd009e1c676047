"""Is this page a content (news/article) page at all? The page-type classifier.

Seed 002 decides from the *block distribution* whether a page holds news content before
extracting it. :func:`classify` computes generic features of the page (the block
distribution and its Dev / ratio-spread features, link density, share of text in long
low-link blocks, ``og:type`` / JSON-LD article types, ``<article>`` and ``<time>`` counts,
the shape of the URL path; the structural features of :mod:`maintext.pagetype.features`:
one body of prose vs captions spread over slides or cards, link-dense text, headline vs
URL slug) and applies a logistic regression whose weights and feature
scaling ship as ``maintext/data/pagetype_model.json`` (pure Python at run time; training
needs scikit-learn: ``python benchmarks/train_pagetype.py``).
"""

from __future__ import annotations

import json
import math
import re
import sys
from bisect import bisect_left
from functools import lru_cache
from importlib import resources
from itertools import repeat
from types import ModuleType
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ..errors import MaintextError
from ..html import walk as _walk
from ..html.blocklist import (BlockList, PageSignals, PageView, block_list, dev, document_blocks, page_signals,
                              ratio_spread, select_blocks)
from ..html.markers import MARK_BR
from ..options import BlockListOptions
from ..textutil import _CJK_RANGES
from .features import (STRUCTURE_CONSTS, _headline_url_match, _shape_features, _slug_words, _structure_counts,
                       _url_shape, features_from_counts)

_native: ModuleType | None
try:  # the sums of features() in C, straight from the segmentation (maintext/pagetype/_totals.pyx)
    from . import _totals as _native
except ImportError:  # not built: the Python loops over the Block-List
    _native = None

if TYPE_CHECKING:
    from ..html.document import Document

MODEL_FILE = "pagetype_model.json"

# JSON-LD @type values naming one article (suffix match: NewsArticle, BlogPosting, ...)
_LD_ARTICLE_SUFFIXES = ("Article", "BlogPosting", "Report", "Review")
# JSON-LD @type values naming a page of many items (section fronts, search pages)
_LD_LISTING = frozenset({"CollectionPage", "ItemList", "SearchResultsPage", "SiteNavigationElement"})
# og:type values of single content items
_OG_ARTICLE = frozenset({"article", "news", "blog", "blogposting", "newsarticle"})
# A date in a URL path: /2019/05/27/, /2019-05-27-, /20190527, /2019/05/
_URL_DATE = re.compile(r"(?:^|[/_-])(?:19|20)\d\d(?:[/_-]?)(?:0[1-9]|1[0-2])(?:[/_-]?\d\d)?(?:$|[/_.-])")
_URL_ID = re.compile(r"\d{5,}")
_SLUG_SPLIT = re.compile(r"[-_+]+")
_FILE_EXTENSION = re.compile(r"\.[a-z]{2,6}$")
# Teaser-list and article-body shape (features computed in the same loop over the blocks):
_SUBHEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
_LINKED = 0.6  # a heading whose text is at least this share link text is a teaser title
_TEASER_DENSITY = 0.5  # a short block at least this share link text is a teaser item
_TEASER_WORDS = 30  # ... and at most this many words
_PROSE_WORDS = 12  # a <p> of at least this many words and at most this link share is body prose
_PROSE_DENSITY = 0.3


class ModelError(MaintextError):
    """The page-type model file is missing or unreadable."""


@lru_cache(maxsize=1)
def load_model() -> dict:
    """The shipped model (weights, scaling, feature names, length bins)."""
    try:
        text = resources.files("maintext").joinpath("data", MODEL_FILE).read_text(encoding="utf-8")
        model = json.loads(text)
    except (OSError, ValueError) as exc:
        raise ModelError(f"cannot read the page-type model {MODEL_FILE}: {exc}") from None
    n = len(model["features"])
    if not (len(model["mean"]) == len(model["scale"]) == len(model["coef"]) == n):
        raise ModelError(f"{MODEL_FILE}: feature, scaling and weight lengths differ")
    # interned, as the feature dicts' keys are (literals, _DIST_NAMES): each page's lookup
    # of a name (``_totals.logit``) is then an identity test, not a string comparison
    model["features"] = [sys.intern(name) for name in model["features"]]
    return model


@lru_cache(maxsize=1)
def _model_bins() -> tuple[int, ...]:
    """The shipped model's length bins, as a tuple (read on every page)."""
    return tuple(load_model()["bins"])


def _url_features(url: str) -> dict[str, float]:
    """URL path shape: +1 / -1 when the URL is known, 0 when unknown (never a bias)."""
    if not url:
        return {"url_date": 0.0, "url_slug": 0.0, "url_id": 0.0, "url_front": 0.0, "url_depth": 0.0}
    try:
        path = urlsplit(url).path or "/"
    except ValueError:
        return _url_features("")
    segments = [s for s in path.split("/") if s]
    last = segments[-1] if segments else ""
    last = _FILE_EXTENSION.sub("", last.lower())  # .html, .shtml, .php
    slug_words = max((len(_SLUG_SPLIT.split(s)) for s in segments), default=0)
    return _path_features(len(segments), slug_words, _URL_DATE.search(path) is not None,
                          _URL_ID.search(path) is not None, _URL_ID.search(last) is not None)


def _path_features(segments: int, slug_words: int, date: bool, ident: bool,
                   last_ident: bool) -> dict[str, float]:
    """:func:`_url_features` from the path's figures (the regular expressions' or
    ``_totals.url_facts``'): its segments, the most words of one, whether it holds a date or
    an id, and whether its last segment is an id."""
    return {
        "url_date": 1.0 if date else -1.0,
        "url_slug": max(-1.0, min(1.0, (slug_words - 3) / 3)),
        "url_id": 1.0 if ident else -1.0,
        # "/" or one short segment ("/world/", "/news") looks like a section front
        "url_front": 1.0 if segments <= 1 and slug_words <= 2 and not last_ident else -1.0,
        "url_depth": max(-1.0, min(1.0, (segments - 2) / 2)),
    }


def _url_parts(url: str) -> tuple[dict[str, float], tuple[str, ...], dict[str, float]]:
    """(:func:`_url_features`, :func:`~maintext.pagetype.features._slug_words` and
    :func:`~maintext.pagetype.features._url_shape` of ``url``) from one reading of it: with
    the native module, one C pass over an ASCII path and query (``_totals.url_facts``, the
    same answers as the regular expressions; tests/pagetype/test_url_facts.py)."""
    facts = None
    if url and _native is not None and _walk.ENABLED:
        try:
            path, query = _path_and_query(url)
        except ValueError:  # (each of the three then reads the URL as unknown)
            return _url_features(""), (), _url_shape("")
        facts = _native.url_facts(path, query)
    if facts is None:
        words = _slug_words(url) if url else ()
        return _url_features(url), words, _url_shape(url, words)
    segments, pieces, date, ident, last_ident, words, extension, query_id = facts
    return (_path_features(segments, pieces, bool(date), bool(ident), bool(last_ident)), words,
            _shape_features(words, bool(query_id), bool(extension)))


class _Totals:
    """What :func:`features` sums over the text blocks in its one loop (``total`` words and
    ``chars`` are at least 1, to divide by); of its two groupings (teasers per sibling group,
    prose words per parent) only the largest group is kept."""

    __slots__ = ("total", "chars", "link_chars", "linky", "n_cores", "core_weight", "max_weight",
                 "heads", "linked_heads", "max_teasers", "teaser_weight", "best_prose", "dist")

    def __init__(self, total: float, chars: int, link_chars: int, linky: int, n_cores: int,
                 core_weight: float, max_weight: float, heads: int, linked_heads: int, max_teasers: int,
                 teaser_weight: float, best_prose: float, dist: list[int]) -> None:
        self.total, self.chars, self.link_chars, self.linky = total or 1.0, chars or 1, link_chars, linky
        self.n_cores, self.core_weight, self.max_weight = n_cores, core_weight, max_weight
        self.heads, self.linked_heads, self.max_teasers = heads, linked_heads, max_teasers
        self.teaser_weight, self.best_prose = teaser_weight, best_prose
        self.dist = dist  # blocklist.distribution of the text blocks


# _block_totals' tunables in the order the C twin (maintext/pagetype/_totals.pyx) reads them
TOTALS_CONSTS = (_LINKED, _TEASER_DENSITY, _TEASER_WORDS, _PROSE_WORDS, _PROSE_DENSITY)


def _block_totals(text_blocks: list, opts: BlockListOptions) -> _Totals:
    """Sum the text blocks in one loop (this runs on every page the default extractor sees)."""
    total = 0.0
    chars = link_chars = linky = n_cores = 0
    core_weight = max_weight = 0.0
    long_words, max_density = opts.long_block_words, opts.max_link_density
    linked_heads = heads = 0
    teaser_groups: dict[tuple[int, str], int] = {}
    prose_by_parent: dict[int, float] = {}
    teaser_weight = 0.0
    bins = opts.length_bins
    dist = [0] * (len(bins) + 1)
    for b in text_blocks:
        weight, density = b.weight, b.link_chars / b.chars
        dist[bisect_left(bins, weight)] += 1  # blocklist.distribution, in the same loop
        if b.tag in _SUBHEADINGS:
            heads += 1
            linked_heads += density >= _LINKED
        if b.links and density >= _TEASER_DENSITY and weight <= _TEASER_WORDS:
            key = (b.parent, b.tag)  # a teaser: a short linked block, counted per sibling group
            teaser_groups[key] = teaser_groups.get(key, 0) + 1
            teaser_weight += weight
        elif b.tag == "p" and weight >= _PROSE_WORDS and density <= _PROSE_DENSITY:
            prose_by_parent[b.parent] = prose_by_parent.get(b.parent, 0.0) + weight
        total += weight
        chars += b.chars
        link_chars += b.link_chars
        if weight > max_weight:
            max_weight = weight
        if density > 0.5:
            linky += 1
        if weight >= long_words and density <= max_density:
            n_cores += 1
            core_weight += weight
    return _Totals(total, chars, link_chars, linky, n_cores, core_weight, max_weight, heads, linked_heads,
                   max(teaser_groups.values(), default=0), teaser_weight,
                   max(prose_by_parent.values(), default=0.0), dist)


@lru_cache(maxsize=8)
def _options(bins: tuple[int, ...]) -> BlockListOptions:
    return BlockListOptions(length_bins=bins)


def features(blist: BlockList, url: str | None = None,
             bins: tuple[int, ...] | None = None) -> dict[str, float]:
    """Feature name -> value for one page (all generic: no site names), from the Block-List
    view of its segmentation and the page's URL."""
    if bins is None:
        bins = tuple(load_model()["bins"])
    opts = _options(bins)
    text_blocks = blist.text_blocks()
    region = select_blocks(blist.blocks, opts, text_blocks)
    return _assemble(_block_totals(text_blocks, opts), (sum(b.weight for b in region), len(region)),
                     _structure_counts(text_blocks), blist.signals, url)


def view_features(view: PageView, url: str | None = None,
                  bins: tuple[int, ...] | None = None) -> dict[str, float] | None:
    """:func:`features` of ``block_list(view.seg, view.signals)``, None when no block holds
    text; with the native module, summed in C straight from the segmentation (the same
    figures, no Block objects)."""
    if bins is None:
        bins = tuple(load_model()["bins"])
    weigh = _walk.native_weigh()
    if weigh is None or _native is None:
        blist = block_list(view.seg, view.signals)
        return features(blist, url, bins) if any(b.chars for b in blist.blocks) else None
    seg = view.seg
    tags, sums = _native.page_totals(seg.blocks, seg.containers, seg.anchors, _CJK_RANGES, MARK_BR, bins, _options(bins),
                                     TOTALS_CONSTS, STRUCTURE_CONSTS)
    if sums is None:
        return None
    totals, region, counts = sums
    signals = page_signals(seg, view.signals, tags)
    if _native_features:  # the numeric features in C too (the same doubles as _assemble's)
        return _assemble_native(totals, region, counts, signals, url)
    return _assemble(_Totals(*totals), region, counts, signals, url)


# (a number only: _totals.numeric_features reads the length classes of a plain list of ints)
_native_features = _native is not None and all(hasattr(_native, name) for name in (
    "numeric_features", "signal_features", "url_features"))
_DIST_NAMES = tuple(sys.intern(f"d{i}") for i in range(65))  # the length-class features, by index (interned: load_model)


def _assemble_native(totals: tuple, region: tuple[float, int], counts: tuple, signals: PageSignals,
                     url: str | None) -> dict[str, float]:
    """:func:`_assemble`, its numeric features summed in C (``_totals.numeric_features``, the
    twin of :func:`_length_features`, :func:`_teaser_features` and the counts' part of
    :func:`~maintext.pagetype.features.features_from_counts`; ``_totals.signal_features``,
    the twin of :func:`_signal_features`)."""
    url = url or signals.canonical
    feats = _native.numeric_features(totals, region, counts, _DIST_NAMES)
    _native.signal_features(feats, signals, totals[0] or 1.0, _LD_ARTICLE_SUFFIXES, _LD_LISTING, _OG_ARTICLE)
    # the URL features written in C (``_totals.url_features``: _url_parts' figures, the
    # headline match of an ASCII <h1>) for a plain web URL; else read here
    parts = _native.web_path_and_query(url) if url and _walk.ENABLED else None
    done = _native.url_features(feats, parts[0], parts[1], counts[9]) if parts is not None else None
    if done is None:
        by_url, slug, shape = _url_parts(url)
        feats.update(by_url)
        feats["h1_url_match"] = _headline_url_match(counts[9], url, slug)
        feats.update(shape)
    elif done is not True:  # (a headline not in ASCII: its words matched here, with the slug's)
        feats["h1_url_match"] = _headline_url_match(counts[9], url, done)
    return feats


_WEB_SCHEMES = ("http://", "https://")  # _path_and_query's fast path: no scheme case or IPv6 host to check


def _path_and_query(url: str) -> tuple[str, str]:
    """``urlsplit(url).path`` and ``.query`` (ValueError as it raises), without its general
    work for the common URL, an ASCII ``http(s)://`` one without control characters or
    spaces to strip or brackets in the host (urlsplit is not cached for this one call
    per page: every page has its own URL)."""
    if not (url.startswith(_WEB_SCHEMES) and url.isascii() and url.isprintable()):
        parts = urlsplit(url)
        return parts.path, parts.query
    start = url.index("//") + 2
    end = len(url)  # the host ends at the first "/", "?" or "#" (urllib.parse._splitnetloc)
    for c in "/?#":
        found = url.find(c, start)
        if 0 <= found < end:
            end = found
    if "[" in url[start:end] or "]" in url[start:end]:
        parts = urlsplit(url)
        return parts.path, parts.query
    path, _, query = url[end:].partition("#")[0].partition("?")
    return path, query


def _assemble(t: _Totals, region: tuple[float, int], counts: tuple, signals: PageSignals,
              url: str | None) -> dict[str, float]:
    """The feature dict from the block sums, the region's (weight, blocks), the structure
    counts (:func:`maintext.pagetype.features._structure_counts`) and the page signals."""
    url = url or signals.canonical
    feats = _length_features(t, region)
    feats.update(_signal_features(signals, t.total))
    feats.update(_teaser_features(t))
    by_url, slug, shape = _url_parts(url)
    feats.update(by_url)
    feats.update(features_from_counts(counts, url, (slug, shape)))
    return feats


def _length_features(t: _Totals, region: tuple[float, int]) -> dict[str, float]:
    """The block-length distribution, link share, core blocks and the selected region."""
    dist = t.dist
    n_blocks = sum(dist) or 1
    region_weight, region_blocks = region
    feats: dict[str, float] = {f"d{i}": n / n_blocks for i, n in enumerate(dist)}
    feats.update({
        "dev": dev(dist),
        "ratio_spread": ratio_spread(dist),
        "log_words": math.log1p(t.total),
        "link_density": t.link_chars / t.chars,
        "core_share": t.core_weight / t.total,
        "region_share": region_weight / t.total,
        "log_region_words": math.log1p(region_weight),
        "log_region_blocks": math.log1p(region_blocks),
        "log_cores": math.log1p(t.n_cores),
        "log_max_block": math.log1p(t.max_weight),
        "linky_blocks": t.linky / n_blocks,
    })
    return feats


def _signal_features(sig, total: float, feats: dict[str, float] | None = None) -> dict[str, float]:
    """Page-wide signals: anchors, Open Graph and JSON-LD types, article tags, images
    (written into ``feats`` when given)."""
    if feats is None:
        feats = {}
    ld_types = sig.ld_types
    # (any(t.endswith(_LD_ARTICLE_SUFFIXES) for t in ld_types), asked in C: no generator)
    ld_article = ld_types and any(map(str.endswith, ld_types, repeat(_LD_ARTICLE_SUFFIXES)))
    ld_listing = ld_types and not _LD_LISTING.isdisjoint(ld_types)
    log1p, anchors, images, og_type = math.log1p, sig.anchors, sig.images, sig.og_type
    feats["log_anchors"] = log1p(anchors)
    feats["anchors_per_100w"] = min(20.0, 100.0 * anchors / total)
    feats["og_article"] = 0.0 if not og_type else (1.0 if og_type in _OG_ARTICLE else -1.0)
    feats["ld_article"] = 1.0 if ld_article else 0.0
    feats["ld_listing"] = 1.0 if ld_listing else 0.0
    feats["article_one"] = 1.0 if sig.article_tags == 1 else 0.0
    feats["log_article_tags"] = log1p(sig.article_tags)
    feats["log_paragraphs"] = log1p(sig.paragraphs)
    feats["h1_one"] = 1.0 if sig.h1 == 1 else 0.0
    feats["log_images"] = log1p(images)
    feats["images_per_100w"] = min(20.0, 100.0 * images / total)
    return feats


def _teaser_features(t: _Totals) -> dict[str, float]:
    """List-of-teasers structure vs one body of sibling paragraphs."""
    best_prose = t.best_prose
    return {
        "log_linked_heads": math.log1p(t.linked_heads),
        "linked_head_share": t.linked_heads / t.heads if t.heads else 0.0,
        "log_repeated_links": math.log1p(t.max_teasers),
        "teaser_share": t.teaser_weight / t.total,
        "prun_share": best_prose / t.total,
        "log_prun": math.log1p(best_prose),
    }


def probability(feats: dict[str, float], model: dict | None = None) -> float:
    """P(content page) from a feature dict with the logistic model."""
    model = model or load_model()
    if _native is not None and _walk.ENABLED:  # the same sum in C
        z = _native.logit(feats, model["features"], model["mean"], model["scale"], model["coef"], model["intercept"])
    else:
        z = model["intercept"]
        for name, mean, scale, coef in zip(model["features"], model["mean"], model["scale"], model["coef"]):
            z += coef * (feats.get(name, 0.0) - mean) / scale
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    ez = math.exp(z)
    return ez / (1.0 + ez)


def classify_blocks(blist: BlockList, url: str | None = None) -> tuple[bool, float]:
    """:func:`classify` for a caller that already holds the Block-List of a page (``auto``
    passes the view of its own segmentation: no second parse, no second walk)."""
    is_content, confidence, _ = classify_with_links(blist, url)
    return is_content, confidence


def classify_with_links(blist: BlockList | PageView, url: str | None = None) -> tuple[bool, float, float]:
    """(is_content_page, confidence, link density of the page's text) of a Block-List or of
    the view of a segmentation (:func:`maintext.html.blocklist.page_view`: ``auto``'s
    call, its Block-List never built with the native module): the link density
    tells a hub or list (most text in links) from another kind of non-article page (a
    product or service page, a form) whose text is still worth extracting."""
    model = load_model()
    bins = _model_bins()
    if isinstance(blist, PageView):
        feats = view_features(blist, url, bins)
    else:
        feats = features(blist, url, bins) if any(b.chars for b in blist.blocks) else None
    if feats is None:
        return False, 1.0, 0.0  # no visible text at all: nothing to read, whatever the metadata says
    calibration = model.get("calibration")
    if calibration is not None and _native_decide and _walk.ENABLED:  # (probability and decision in C)
        is_content, confidence = _native.decide(
            _native.logit(feats, model["features"], model["mean"], model["scale"], model["coef"], model["intercept"]),
            model["threshold"], calibration["a"], calibration["b"])
    else:
        is_content, confidence = decision(probability(feats, model), model["threshold"], calibration)
    return is_content, confidence, feats["link_density"]


_native_decide = _native is not None and hasattr(_native, "decide")  # (_totals.decide: decision's twin)


def _logit(p: float) -> float:
    # (min(max(p, 1e-9), 1 - 1e-9) without the two calls: the same value, NaN kept)
    p = 1e-9 if p < 1e-9 else (1.0 - 1e-9 if p > 1.0 - 1e-9 else p)
    return math.log(p / (1.0 - p))


@lru_cache(maxsize=8)
def _threshold_logit(threshold: float) -> float:
    """:func:`_logit` of the model's threshold (one per model, read on every page)."""
    return _logit(threshold)


def decision(p: float, threshold: float, calibration: dict | None = None) -> tuple[bool, float]:
    """(answer, confidence) from P(content). With ``calibration`` (Platt scaling fitted on
    leave-one-site-out answers: ``{"a", "b"}``) the confidence is the fitted probability that
    the answer is right, ``sigmoid(a * margin + b)``, the margin being the distance of the
    logit from the threshold's. Without it, the distance from the threshold mapped to
    [0.5, 1] (0.5 at the threshold, 1 at probability 0 or 1)."""
    if calibration is not None:
        margin = abs(_logit(p) - _threshold_logit(threshold))
        z = calibration["a"] * margin + calibration["b"]
        return p >= threshold, 1.0 / (1.0 + math.exp(-z)) if z >= -700 else 0.0
    if p >= threshold:
        return True, 0.5 + 0.5 * (p - threshold) / (1.0 - threshold)
    return False, 0.5 + 0.5 * (threshold - p) / threshold


def classify(doc: "Document") -> tuple[bool, float]:
    """(is_content_page, confidence in [0, 1]) for ``doc``.

    Confidence is in [0.5, 1]: 0.5 at the model's decision threshold, 1 when the model's
    probability is 0 or 1 (see :func:`decision`). Reads ``doc.url`` (or the page's
    canonical / ``og:url``) and the Block-List of the page
    (:func:`maintext.html.blocklist.document_blocks`: the one segmentation of its cleaned
    tree, kept in ``doc.blocklist``), which also yields ``og:type``, JSON-LD ``@type`` and
    ``<article>``/``<p>``/``<img>`` counts. Loads the model file once per process.
    """
    return classify_blocks(document_blocks(doc, skip_boxes=True), doc.url)
