"""The classifier's sums in C (maintext/pagetype/_totals.pyx, straight from the segmentation)
equal its Python loops over the Block-List: the same features to the last bit, on random
pages and on shared pages, and the same region under other region options."""

from __future__ import annotations

import dataclasses
import gzip
import json
import random

import pytest

from maintext.html import walk
from maintext.html.blocklist import (HEADLINE_TAGS, PageSignals, block_list, document_blocks, main_container,
                                     page_view, select_blocks)
from maintext.api import load_document
from maintext.html.document import parse_html
from maintext.html.markers import MARK_BR
from maintext.html.segment import SKIP_REASONS, segment
from maintext.options import BlockListOptions
from maintext.pagetype import classifier
from maintext.pagetype.classifier import TOTALS_CONSTS, classify_with_links, features, view_features
from maintext.pagetype.features import STRUCTURE_CONSTS
from maintext.textutil import _CJK_RANGES

from tests.conftest import DATASETS

native = classifier._native
needs_native = pytest.mark.skipif(native is None or walk.native is None, reason="native code not built")

_WORDS = ["word", "Wort,", "中文", "。", "x_y", "é", "  ", "\u3000", "12", "ß", "한국", "a.b", "story", "the",
          "don\u2019t", "\u03a9mega", "\U0001f600", "\U00020000x", "x\u00b7y"]  # wide non-CJK, beyond the BMP
_OPEN = ["<div>", "<div>", "<p>", "<p>", "<p>", "<ul><li>", "<form>", "<div class='comments'>", "<td>",
         "<article>", "<h1>", "<h2>", "<h3>", "<table><tr><td>", "<section>"]
_CLOSE = ["</div>", "</div>", "</p>", "</p>", "</li></ul>", "</form>", "</td>", "</article>", "</h1>", "</h2>",
          "</h3>", "</section>"]
_URLS = ["", "https://example.org/2021/05/04/the-old-stadium-seen-from-the-north.html",
         "https://example.org/news/", "https://example.org/a/b?id=12345", "http://[bad/x"]


def _text(rnd: random.Random) -> str:
    return " ".join(rnd.choice(_WORDS) for _ in range(rnd.randint(1, 40)))


def _random_page(rnd: random.Random) -> str:
    """Nested boxes of paragraphs, headings, teaser links, breaks, forms, comment boxes, Latin
    and CJK text: long and short blocks, link-dense and not."""
    out = []
    for _ in range(rnd.randint(0, 90)):
        r = rnd.random()
        if r < 0.25:
            out.append(rnd.choice(_OPEN))
        elif r < 0.45:
            out.append(rnd.choice(_CLOSE))
        elif r < 0.6:
            out.append(f"<a href='/x'>{' '.join(rnd.choice(_WORDS) for _ in range(rnd.randint(1, 6)))}</a>")
        elif r < 0.65:
            out.append(rnd.choice(["<br>", "<img src=x>", "<b>", "</b>"]))
        else:
            out.append(_text(rnd))
    return "<html><body>" + "".join(out) + "</body></html>"


def _bits(feats: dict[str, float] | None) -> dict[str, str] | None:
    """The features with each value's repr: equal only when every double is the same."""
    return None if feats is None else {k: repr(float(v)) for k, v in feats.items()}


def _python_features(seg, url: str) -> dict[str, float] | None:
    blist = block_list(seg, PageSignals())
    return features(blist, url) if any(b.chars for b in blist.blocks) else None


@needs_native
def test_features_same_in_c_and_python_on_random_pages(monkeypatch):
    rnd = random.Random(11)
    seen: set[str] = set()
    opts = BlockListOptions()
    for _ in range(500):
        seg = segment(parse_html(_random_page(rnd)), skip=SKIP_REASONS if rnd.random() < 0.5 else frozenset())
        url = rnd.choice(_URLS)
        monkeypatch.setattr(walk, "ENABLED", True)
        fast = view_features(page_view(seg, PageSignals()), url)
        c_blocks = _python_features(seg, url)
        monkeypatch.setattr(walk, "ENABLED", False)
        python = _python_features(seg, url)
        assert _bits(fast) == _bits(python) == _bits(c_blocks)
        blist = block_list(seg)
        text = blist.text_blocks()
        if fast is None:
            seen.add("no text")
            continue
        region = select_blocks(blist.blocks, opts, text)
        container = main_container(blist.blocks, opts, text)
        seen.update(k for k, on in (
            ("container", container is not None and container.index > 0), ("region", region),
            ("headline", region and region[0].tag in HEADLINE_TAGS and region[0].weight < 12),
            ("teasers", fast["log_repeated_links"] > 1), ("prose run", fast["log_run_paras"] > 1),
            ("cjk", any(b.weight % 1 for b in text)), ("comments", any(b.in_comments for b in text)),
            ("h1 match", fast["h1_url_match"] != 0)) if on)
    assert seen == {"no text", "container", "region", "headline", "teasers", "prose run", "cjk", "comments",
                    "h1 match"}


@needs_native
def test_region_same_in_c_and_python_under_other_options(monkeypatch):
    """The region selection (container votes, rivals and their order, gaps, no-core best
    block, headline lookback, the comment-box misfire) under options other than the
    classifier's."""
    rnd = random.Random(5)
    monkeypatch.setattr(walk, "ENABLED", True)  # the compiled weight, also under MAINTEXT_NATIVE=0
    h1_lines = 0
    bins = (2, 5, 10, 20, 40, 80)
    for _ in range(400):
        seg = segment(parse_html(_random_page(rnd)))
        opts = BlockListOptions(
            length_bins=bins, max_link_density=rnd.choice([0.1, 0.33, 0.6]),
            long_block_words=rnd.choice([3.0, 12.0, 20.0]), max_gap_blocks=rnd.choice([0, 1, 10, 2.5]),
            min_block_chars=rnd.choice([1, 40, 39.5]), use_container=rnd.random() < 0.8,
            grandparent_share=rnd.choice([0.0, 0.5, 1.0]), rival_share=rnd.choice([0.0, 0.3, 0.6, 1.0]),
            max_rivals=rnd.choice([-1, 0, 1, 2, 16]), skip_comment_boxes=rnd.random() < 0.7,
            headline_lookback=rnd.choice([0, 1, 4]))
        tags, sums = native.page_totals(seg.blocks, seg.containers, seg.anchors, _CJK_RANGES, MARK_BR, bins, opts,
                                        TOTALS_CONSTS, STRUCTURE_CONSTS)
        monkeypatch.setattr(walk, "ENABLED", False)
        blist = block_list(seg)
        monkeypatch.setattr(walk, "ENABLED", True)
        sig = blist.signals
        assert tags == (sig.paragraphs, sig.article_tags, sig.h1, sig.forms)
        if sums is None:
            assert not blist.text_blocks()
            continue
        region = select_blocks(blist.blocks, opts, blist.text_blocks())
        assert sums[1] == (sum(b.weight for b in region), len(region))
        # the first h1's text, with its <br> lines (the other blocks' texts are not kept)
        h1 = next((b.text for b in blist.text_blocks() if b.tag == "h1"), "")
        assert sums[2][-1] == h1
        h1_lines += "\n" in h1
    assert h1_lines


@needs_native
def test_rivals_of_equal_score_are_taken_in_voting_order(monkeypatch):
    """Three boxes of one equal paragraph each, one rival taken: the first voted for (the
    Python dict's order), so the region is the two paragraphs of the first outer box."""
    para = "<p>" + "word " * 15 + "</p>"
    page = f"<html><body><div><div>{para}</div><div>{para}</div></div><div>{para}</div></body></html>"
    monkeypatch.setattr(walk, "ENABLED", True)  # the compiled weight, also under MAINTEXT_NATIVE=0
    seg = segment(parse_html(page))
    opts = BlockListOptions(max_rivals=1, grandparent_share=0.0)
    _, sums = native.page_totals(seg.blocks, seg.containers, seg.anchors, _CJK_RANGES, MARK_BR,
                                 opts.length_bins, opts, TOTALS_CONSTS, STRUCTURE_CONSTS)
    monkeypatch.setattr(walk, "ENABLED", False)
    blist = block_list(seg)
    region = select_blocks(blist.blocks, opts)
    assert len(region) == 2 and sums[1] == (30.0, 2)


def _shared_pages(per_set: int):
    for name in ("aeb", "gne-cn", "dragnet", "cleaneval-dev"):
        gold_file = DATASETS / name / "gold.jsonl"
        if not gold_file.exists():
            continue
        with open(gold_file, encoding="utf-8") as f:
            for line in list(f)[:per_set]:
                g = json.loads(line)
                yield gzip.open(DATASETS / name / g["file"]).read(), g.get("url") or ""


@needs_native
def test_features_and_answer_same_in_c_and_python_on_shared_pages(monkeypatch):
    pages = list(_shared_pages(25))
    if not pages:
        pytest.skip("no shared dataset present")
    for data, url in pages:
        monkeypatch.setattr(walk, "ENABLED", True)
        blist = document_blocks(load_document(data, url=url or None), skip_boxes=True)
        view = page_view(blist.seg, dataclasses.replace(blist.signals))
        fast = view_features(view, url)
        answer = classify_with_links(view, url)
        monkeypatch.setattr(walk, "ENABLED", False)
        python_blist = block_list(blist.seg, dataclasses.replace(blist.signals))
        python = features(python_blist, url) if python_blist.text_blocks() else None
        assert _bits(fast) == _bits(python)
        assert answer == classify_with_links(python_blist, url)


def test_page_view_falls_back_to_the_block_list_without_native_code(monkeypatch):
    """With the native code off, view_features is features() of the Block-List."""
    monkeypatch.setattr(walk, "ENABLED", False)
    seg = segment(parse_html("<html><body><h1>Title</h1><p>" + "word " * 30 + "</p></body></html>"))
    assert view_features(page_view(seg), "") == features(block_list(seg), "")
    assert view_features(page_view(segment(parse_html("<html><body></body></html>"))), "") is None


@needs_native
def test_logit_same_in_c_and_python(monkeypatch):
    """probability's sum in C equals its Python loop: missing features, ints, any values."""
    from maintext.pagetype.classifier import load_model, probability

    model = load_model()
    rnd = random.Random(3)
    for _ in range(300):
        feats = {name: rnd.choice([rnd.uniform(-50, 50), rnd.randint(-5, 5), 0.0, 1e-9])
                 for name in model["features"] if rnd.random() < 0.9}
        monkeypatch.setattr(walk, "ENABLED", True)
        fast = probability(feats, model)
        monkeypatch.setattr(walk, "ENABLED", False)
        assert repr(fast) == repr(probability(feats, model))
    with pytest.raises(ValueError):
        native.logit({}, ["a", "b"], [0.0], [1.0], [1.0], 0.0)


@needs_native
def test_tag_codes_read_off_the_letters_agree_with_the_table():
    """``_totals._tag_code`` (the letters of a container's tag) gives ``_TAG_CODES``' code."""
    names = list(native._TAG_CODES) + ["div", "P", "H1", "h0", "h7", "h", "hh", "form ", "forms", "fork",
                                       "articles", "articl", "Article", "", "section", "td", "li", "a", "b"]
    for name in names:
        assert native.tag_code(name) == native._TAG_CODES.get(name, 0), name


def test_word_char_is_the_table_on_every_byte():
    """_totals._word_char (computed, for the vectorized Latin-1 loop) is ``_word_byte``:
    ``chr(c).isalnum() or c == 95`` on all 256 code points."""
    from maintext.pagetype import _totals
    for c in range(256):
        computed, table = _totals.word_char(c)
        assert computed == table == (chr(c).isalnum() or c == 95)


def test_latin1_counts_across_the_blocks_of_255():
    """The vectorized Latin-1 loop: spaces and \\w runs as ``str.count`` and ``re`` find them,
    on texts around the 255-character blocks (runs across a block's edge) and around the
    16-character vector steps (the last characters of a block read from the table)."""
    import re
    from maintext.pagetype import _totals
    rng = random.Random(4)
    alphabet = "a Z_9 .,-'\xaa\xb2\xb5\xb9\xbc\xbf\xc0\xd7\xe9\xf7\xff\t\n"
    for n in list(range(0, 20)) + [31, 32, 33, 47, 48, 49, 254, 255, 256, 257, 270, 271, 272, 509, 510, 511, 765, 1000]:
        for _ in range(20):
            text = "".join(rng.choice(alphabet) for _ in range(n))
            assert _totals.latin1_counts(text) == (text.count(" "), len(re.findall(r"\w+", text)))
