"""The page-type classifier: shipped model, hand-made pages, the shared pagetype set."""

from __future__ import annotations

import math

import pytest

from maintext.api import load_document
from maintext.html.document import Document
from maintext.html.blocklist import build_blocks, document_blocks
from maintext.pagetype.classifier import _url_features, classify, decision, features, load_model, probability
from tests.conftest import FIXTURES, dataset_dir, read_gold

FIX = FIXTURES / "blocklist"
# Accuracy of the shipped model on the whole pagetype set (in-sample: the model was fitted
# on it among others) was 0.965 when the model was trained; the floor leaves a margin for
# small changes in block building. By-site (out-of-sample) figures: see the model file.
PAGETYPE_ACCURACY_FLOOR = 0.92


def test_model_file_loads_and_is_consistent():
    model = load_model()
    n = len(model["features"])
    assert n == len(model["mean"]) == len(model["scale"]) == len(model["coef"])
    assert all(s > 0 for s in model["scale"])
    assert 0.0 < model["threshold"] < 1.0
    assert "evaluation" in model["training"]
    # every feature the model expects is computed, and nothing else is silently ignored
    doc = Document((FIX / "news.html").read_text(encoding="utf-8"))
    assert set(features(document_blocks(doc))) == set(model["features"])


def test_probability_is_logistic_of_the_weights():
    model = {"features": ["a", "b"], "mean": [1.0, 0.0], "scale": [2.0, 1.0],
             "coef": [1.0, -1.0], "intercept": 0.5}
    z = 0.5 + 1.0 * (3.0 - 1.0) / 2.0 - 1.0 * 2.0
    assert math.isclose(probability({"a": 3.0, "b": 2.0}, model), 1 / (1 + math.exp(-z)))
    assert probability({"a": -1e6, "b": 0.0}, model) == pytest.approx(0.0, abs=1e-12)


def test_decision_confidence_range():
    assert decision(0.4, 0.4) == (True, 0.5)
    assert decision(1.0, 0.4) == (True, 1.0)
    assert decision(0.0, 0.4) == (False, 1.0)
    is_content, conf = decision(0.2, 0.4)
    assert not is_content and conf == pytest.approx(0.75)


def test_article_page_is_content():
    doc = Document((FIX / "news.html").read_text(encoding="utf-8"))
    is_content, confidence = classify(doc)
    assert is_content and 0.5 <= confidence <= 1.0


def test_listing_page_is_not_content():
    doc = Document((FIX / "hub.html").read_text(encoding="utf-8"))
    is_content, confidence = classify(doc)
    assert not is_content and 0.5 <= confidence <= 1.0


def test_classify_reads_the_one_segmentation_once():
    doc = Document((FIX / "news.html").read_text(encoding="utf-8"))
    first = classify(doc)
    view = doc.blocklist
    assert view is not None and view.skip_boxes
    assert classify(doc) == first and doc.blocklist is view  # no second parse or walk


def test_url_shape_features():
    article = _url_features("https://example.org/2019/05/27/council-votes-on-new-budget-plan")
    front = _url_features("https://example.org/world/")
    assert article["url_date"] == 1.0 and article["url_slug"] > 0 and article["url_front"] == -1.0
    assert front["url_date"] == -1.0 and front["url_front"] == 1.0
    assert all(v == 0.0 for v in _url_features("").values())  # unknown URL: neutral


def test_empty_page_does_not_crash():
    doc = Document("<html><body></body></html>")
    is_content, confidence = classify(doc)
    assert not is_content and 0.5 <= confidence <= 1.0


def test_signals_feed_the_classifier():
    html = (FIX / "news.html").read_text(encoding="utf-8")
    feats = features(document_blocks(Document(html)))
    assert feats["og_article"] == 1.0 and feats["ld_article"] == 1.0
    assert feats["url_date"] == 1.0  # from <link rel=canonical>, the document has no URL
    plain = html.replace('content="article"', 'content="website"')
    assert features(document_blocks(Document(plain)))["og_article"] == -1.0
    assert build_blocks(plain).signals.og_type == "website"


def test_accuracy_on_shared_pagetype_set():
    gold = read_gold("pagetype")
    base = dataset_dir("pagetype")
    correct = 0
    for g in gold:
        doc = load_document(base / g["file"], url=g.get("url"))
        is_content, _ = classify(doc)
        assert doc.blocklist is document_blocks(doc, skip_boxes=True)
        correct += is_content == g["is_article"]
    assert correct / len(gold) >= PAGETYPE_ACCURACY_FLOOR


def test_calibrated_confidence_grows_with_the_margin():
    cal = {"a": 1.5, "b": 0.05}
    at_threshold = decision(0.4, 0.4, cal)
    near, far = decision(0.5, 0.4, cal), decision(0.99, 0.4, cal)
    assert at_threshold[1] == pytest.approx(1 / (1 + math.exp(-0.05)))
    assert near[0] and far[0] and at_threshold[1] < near[1] < far[1] < 1.0
    # symmetric in the logit margin: the "not content" side uses the same mapping
    assert not decision(0.1, 0.4, cal)[0]
    assert "calibration" in load_model()  # the shipped model carries its Platt scaling


def test_teaser_list_and_prose_run_features():
    prose = ("The council met on Tuesday and voted on the budget after a long debate that "
             "lasted well into the evening, with many residents speaking.")
    article = f'<html><body><h1>Budget</h1><div class="body">{"".join(f"<p>{prose}</p>" for _ in range(6))}</div></body></html>'
    # teaser titles are counted per sibling group (same parent block, same tag)
    teasers = "".join(f'<h3><a href="/story-{i}">Headline number {i} about the city</a></h3>'
                      for i in range(20))
    front = f'<html><body><div class="list">{teasers}</div><p>{prose}</p></body></html>'
    fa, ff = features(build_blocks(article)), features(build_blocks(front))
    assert fa["prun_share"] > 0.9 and ff["prun_share"] < 0.3
    assert ff["log_repeated_links"] >= math.log1p(20) - 1e-9 and fa["log_repeated_links"] == 0.0
    assert ff["linked_head_share"] == 1.0 and ff["teaser_share"] > 0.5
