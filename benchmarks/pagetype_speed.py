"""Cost of the page-type classifier against the extraction it is part of.

    python benchmarks/pagetype_speed.py [--sets aeb dragnet ...] [--sample N] [--repeat R]

For every page, interleaved (so a busy machine slows both alike): ``maintext.extract`` of
the page (the default ``auto`` method, which runs the classifier on every page), then, on
the very segmentation ``auto`` made, the classifier's own work as ``auto`` does it:
``classify_with_links`` of the view of the segmentation (``page_view``: the block sums in C
when built, else the Block-List view and the Python loops; all features + the logistic
model); then the features and model alone on the Block-List (``block_list``), and the
structural features of :mod:`maintext.pagetype.features` alone. Each timing is the
best of ``--repeat`` runs. Prints, per set and overall, the classifier's total time as a
fraction of the total extraction time, and the median of the per-page fractions.
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import os
import statistics
import sys
import time
from pathlib import Path

import maintext
import maintext.methods.auto  # noqa: F401 - the module, read from sys.modules below
from maintext.errors import MaintextError
from maintext.html.blocklist import block_list
from maintext.pagetype.classifier import classify_with_links
from maintext.pagetype.features import structure_features

AUTO = sys.modules["maintext.methods.auto"]
DATASETS = Path(os.environ.get("MAINTEXT_SHARED", Path(__file__).resolve().parents[2] / "shared")) / "datasets"
DEFAULT_SETS = ("aeb", "cleaneval-dev", "big9-2009", "gne-cn", "dragnet", "pagetype")


def best_of(repeat: int, fn) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def time_page(html: bytes, url: str | None, repeat: int) -> tuple[float, float, float, float] | None:
    """(extraction, classifier, features + model, structural features) seconds for one
    page (the classifier = Block-List view + features + model); None when
    ``auto`` did not classify it (an error page, nothing parsed)."""
    captured: list = []
    current = AUTO.page_view

    def capture(seg, signals=None):
        captured.append((seg, copy.copy(signals)))
        return current(seg, signals)

    def extract():
        try:
            maintext.extract(html, url=url, with_metadata=False)
        except MaintextError:
            pass

    AUTO.page_view = capture
    try:
        t_extract, _ = best_of(repeat, extract)
    finally:
        AUTO.page_view = current
    if not captured:
        return None
    seg, signals = captured[-1]
    t_class, _ = best_of(repeat, lambda: classify_with_links(current(seg, copy.copy(signals)), url))
    blist = block_list(seg, copy.copy(signals))
    t_model, _ = best_of(repeat, lambda: classify_with_links(blist, url))
    t_feats, _ = best_of(repeat, lambda: structure_features(blist, url or ""))
    return t_extract, t_class, t_model, t_feats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="*", default=list(DEFAULT_SETS))
    ap.add_argument("--sample", type=int, default=60, help="pages per set (evenly spaced)")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    totals = [0.0, 0.0, 0.0, 0.0]
    ratios_all: list[float] = []
    for name in args.sets:
        gold = [json.loads(line) for line in open(DATASETS / name / "gold.jsonl", encoding="utf-8")]
        step = max(1, len(gold) // args.sample) if args.sample else 1
        sums, ratios = [0.0, 0.0, 0.0, 0.0], []
        for g in gold[::step][:args.sample or None]:
            html = gzip.open(DATASETS / name / g["file"]).read()
            times = time_page(html, g.get("url"), args.repeat)
            if times is None:
                continue
            for i, t in enumerate(times):
                sums[i] += t
            ratios.append(times[1] / times[0])
        if not ratios:
            continue
        print(f"{name:14} pages={len(ratios):4} extract={1000 * sums[0] / len(ratios):7.2f} ms/page "
              f"classifier={sums[1] / sums[0]:.3f} of it (median page {statistics.median(ratios):.3f}; "
              f"features+model {sums[2] / sums[0]:.3f}, structural features {sums[3] / sums[0]:.3f})", flush=True)
        totals = [a + b for a, b in zip(totals, sums)]
        ratios_all += ratios
    if ratios_all:
        print(f"{'all':14} pages={len(ratios_all):4} classifier={totals[1] / totals[0]:.3f} of the extraction "
              f"time (median page {statistics.median(ratios_all):.3f}; features+model "
              f"{totals[2] / totals[0]:.3f}, structural features {totals[3] / totals[0]:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
