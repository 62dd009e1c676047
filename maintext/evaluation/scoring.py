"""Scoring extraction output against a dataset: gold records and predictions in, scores out.

The metrics are those of the project's benchmark scorer (``shared/bench/score.py``), written
again here so that the package can score itself without it; ``tests/test_evaluation.py``
checks that both give the same numbers.

* Pages whose gold is a ``text``: the Article Extraction Benchmark metric. Both texts are cut
  into word tokens (every Han, Hiragana, Katakana or Hangul character is a token of its own
  unless ``cjk=False``), then into 4-token shingles. Per page the matched / extra / missing
  shingle counts are divided by their sum, so that every page weighs the same. Precision is
  the mean over pages that have any output shingle, recall the mean over pages that have any
  gold shingle, F1 is taken from the two means. Accuracy: share of pages whose token sequence
  is exactly the gold's.
* Pages whose gold is ``with`` / ``without`` snippets (trafilatura's benchmark): after
  collapsing whitespace, a ``with`` snippet found in the output counts as a true positive
  (else a false negative), a ``without`` snippet found counts as a false positive (else a
  true negative). Counts are summed over all pages; F-score = 2tp / (2tp + fp + fn).
* Pages without gold: coverage, the share of pages with non-empty output.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from ..textutil import tokens

SHINGLE_SIZE = 4

# With ``cjk`` (the default, as in the scorer) each Han/Kana/Hangul character is a token of
# its own (``textutil.tokens``, whose blocks are the scorer's); without it plain ``\w+``,
# which would glue a whole Chinese sentence into one token (the published AEB numbers).
_PLAIN_TOKENS = re.compile(r"\w+")
_SPACES = re.compile(r"\s+")

Shingle = tuple[str, ...]


# ----------------------------------------------------------------------------- text gold


def word_tokens(text: str | None, cjk: bool = True) -> list[str]:
    """Tokens as the scorer sees them; ``cjk=False`` is plain ``\\w+`` (the published AEB)."""
    if not text:
        return []
    return tokens(text) if cjk else _PLAIN_TOKENS.findall(text)


def shingles(tokens: Sequence[str], size: int = SHINGLE_SIZE) -> Counter[Shingle]:
    """Multiset of ``size``-token windows; a text shorter than ``size`` is one short window."""
    if not tokens:
        return Counter()
    if len(tokens) <= size:
        return Counter([tuple(tokens)])
    return Counter(tuple(tokens[i:i + size]) for i in range(len(tokens) - size + 1))


@dataclass(frozen=True, slots=True)
class ShingleMatch:
    """Per-page shingle agreement, normalised so the three shares sum to 1 (or all 0)."""

    tp: float
    fp: float
    fn: float

    @property
    def has_output(self) -> bool:
        return self.tp + self.fp > 0

    @property
    def has_gold(self) -> bool:
        return self.tp + self.fn > 0

    def precision(self) -> float:
        if self.fp == 0 and self.fn == 0:
            return 1.0
        if self.tp == 0 and self.fp == 0:
            return 0.0
        return self.tp / (self.tp + self.fp)

    def recall(self) -> float:
        if self.fp == 0 and self.fn == 0:
            return 1.0
        if self.tp == 0 and self.fn == 0:
            return 0.0
        return self.tp / (self.tp + self.fn)


def match_shingles(gold_tokens: Sequence[str], pred_tokens: Sequence[str],
                   size: int = SHINGLE_SIZE) -> ShingleMatch:
    gold, pred = shingles(gold_tokens, size), shingles(pred_tokens, size)
    common = sum((gold & pred).values())
    extra = sum((pred - gold).values())
    missing = sum((gold - pred).values())
    total = common + extra + missing
    if total == 0:
        return ShingleMatch(0.0, 0.0, 0.0)
    return ShingleMatch(common / total, extra / total, missing / total)


def _mean(values: list[float]) -> float:
    return math.fsum(values) / len(values) if values else 0.0


def harmonic(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r > 0 else 0.0


def text_scores(matches: Sequence[ShingleMatch]) -> dict[str, float]:
    """Precision, recall, F1 over pages (macro averages, as the AEB evaluation does)."""
    precision = _mean([m.precision() for m in matches if m.has_output])
    recall = _mean([m.recall() for m in matches if m.has_gold])
    return {"precision": precision, "recall": recall, "f1": harmonic(precision, recall)}


def score_text_pages(gold: Sequence[dict], predictions: dict[str, str],
                     cjk: bool = True) -> dict:
    matches: list[ShingleMatch] = []
    exact = 0
    per_page = []
    for rec in gold:
        gold_tokens = word_tokens(rec["text"], cjk)
        pred_tokens = word_tokens(predictions.get(rec["id"], ""), cjk)
        m = match_shingles(gold_tokens, pred_tokens)
        matches.append(m)
        exact += gold_tokens == pred_tokens
        p = m.precision() if m.has_output else None
        r = m.recall() if m.has_gold else None
        per_page.append({"id": rec["id"], "precision": p, "recall": r,
                         "f1": harmonic(p, r) if p is not None and r is not None else 0.0,
                         "gold_tokens": len(gold_tokens), "pred_tokens": len(pred_tokens)})
    out: dict = text_scores(matches)
    out["accuracy"] = exact / len(gold) if gold else 0.0
    out["pages"] = len(gold)
    out["per_page"] = per_page
    return out


# ----------------------------------------------------------------------------- snippet gold


def squeeze(text: str) -> str:
    """Whitespace runs to one space, stripped (how snippets and output are compared)."""
    return _SPACES.sub(" ", text).strip()


def snippet_counts(with_: Sequence[str], without: Sequence[str], output: str) -> tuple[int, int, int, int]:
    """(tp, fp, fn, tn) of one page."""
    haystack = squeeze(output or "")
    found_with = sum(squeeze(s) in haystack for s in with_)
    found_without = sum(squeeze(s) in haystack for s in without)
    return found_with, found_without, len(with_) - found_with, len(without) - found_without


def snippet_scores(counts: Iterable[tuple[int, int, int, int]]) -> dict[str, float]:
    tp = fp = fn = tn = 0
    for a, b, c, d in counts:
        tp, fp, fn, tn = tp + a, fp + b, fn + c, tn + d
    total = tp + fp + fn + tn
    return {
        "precision": tp / (tp + fp) if tp + fp else 0.0,
        "recall": tp / (tp + fn) if tp + fn else 0.0,
        "accuracy": (tp + tn) / total if total else 0.0,
        "f1": 2 * tp / (2 * tp + fp + fn) if 2 * tp + fp + fn else 0.0,
        "tp": tp, "fp": fp, "fn": fn, "tn": tn,
    }


def score_snippet_pages(gold: Sequence[dict], predictions: dict[str, str]) -> dict:
    counts = []
    per_page = []
    for rec in gold:
        c = snippet_counts(list(rec.get("with") or []), list(rec.get("without") or []),
                           predictions.get(rec["id"], ""))
        counts.append(c)
        per_page.append({"id": rec["id"], "tp": c[0], "fp": c[1], "fn": c[2], "tn": c[3]})
    out: dict = snippet_scores(counts)
    out["pages"] = len(gold)
    out["per_page"] = per_page
    return out


# ----------------------------------------------------------------------------- datasets


def gold_kind(rec: dict) -> str:
    """"text", "with_without" or "no_gold", decided the way the scorer decides."""
    if isinstance(rec.get("text"), str):
        return "text"
    if "text" not in rec and ("with" in rec or "without" in rec):
        return "with_without"
    if "text" not in rec:
        return "no_gold"
    return "ignored"  # a "text" that is not a string (null): the scorer skips the page


def read_gold(dataset_dir: str | Path) -> list[dict]:
    """Records of ``gold.jsonl`` (``dataset_dir`` may also be the file itself); ids as str."""
    path = Path(dataset_dir)
    if path.is_dir():
        path = path / "gold.jsonl"
    records = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                rec = json.loads(line)
                rec["id"] = str(rec["id"])
                records.append(rec)
    return records


def score_gold(gold: Sequence[dict], predictions: dict[str, str], cjk: bool = True) -> dict:
    """Scores of ``predictions`` ({id: text}) on gold records; see :func:`score_predictions`."""
    groups: dict[str, list[dict]] = {"text": [], "with_without": [], "no_gold": [], "ignored": []}
    for rec in gold:
        groups[gold_kind(rec)].append(rec)
    result: dict = {"pages": len(gold),
                    "predicted": sum(1 for rec in gold if rec["id"] in predictions),
                    "tokenisation": "cjk" if cjk else "aeb"}
    if groups["text"]:
        result["text"] = score_text_pages(groups["text"], predictions, cjk)
    if groups["with_without"]:
        result["with_without"] = score_snippet_pages(groups["with_without"], predictions)
    if groups["no_gold"]:
        nonempty = sum(1 for rec in groups["no_gold"] if predictions.get(rec["id"], "").strip())
        result["no_gold"] = {"pages": len(groups["no_gold"]), "nonempty": nonempty,
                             "coverage": nonempty / len(groups["no_gold"])}
    return result


def score_predictions(dataset_dir: str | Path, predictions: dict[str, str], cjk: bool = True) -> dict:
    """Score ``predictions`` ({page id: text}) on a dataset folder.

    Returns a dict shaped like ``score.py --json``: ``text`` (f1, precision, recall,
    accuracy, pages, per_page), ``with_without`` (precision, recall, accuracy, f1, tp, fp,
    fn, tn, pages, per_page), ``no_gold`` (pages, nonempty, coverage), each present when the
    dataset has such pages; plus ``dataset``, ``pages``, ``predicted``, ``tokenisation``.
    A page without a prediction is scored as empty output.
    """
    path = Path(dataset_dir)
    result = score_gold(read_gold(path), {str(k): v or "" for k, v in predictions.items()}, cjk)
    result["dataset"] = (path if path.is_dir() else path.parent).name
    return result


def headline(scores: dict) -> dict[str, float | None]:
    """The scores a table shows: text metric, else snippet metric, else coverage only."""
    for key in ("text", "with_without"):
        if key in scores:
            s = scores[key]
            return {"precision": s["precision"], "recall": s["recall"], "f1": s["f1"],
                    "accuracy": s["accuracy"], "coverage": None}
    cov = scores.get("no_gold", {}).get("coverage")
    return {"precision": None, "recall": None, "f1": None, "accuracy": None, "coverage": cov}
