"""Write predictions JSONL for one method on one shared dataset (ids from gold.jsonl).

    python benchmarks/predict_method.py DATASET_DIR METHOD OUT.jsonl [--no-classifier]

Then score with ``python /work/shared/bench/score.py DATASET_DIR OUT.jsonl``. Errors on a page
give an empty prediction (and are counted on stderr), as a batch run would.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import maintext
from maintext.errors import MaintextError


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset", type=Path)
    ap.add_argument("method")
    ap.add_argument("out", type=Path)
    ap.add_argument("--no-classifier", action="store_true",
                    help="blocklist: extract even where the page-type classifier says no")
    ap.add_argument("--options", default="{}",
                    help='Options overrides as JSON, e.g. \'{"blocklist": {"max_gap_blocks": 4}}\'')
    args = ap.parse_args()
    overrides = json.loads(args.options)
    if args.no_classifier:
        overrides.setdefault("blocklist", {})["use_classifier"] = False
    gold = [json.loads(line) for line in open(args.dataset / "gold.jsonl", encoding="utf-8")]
    errors = empty = 0
    t0 = time.perf_counter()
    with open(args.out, "w", encoding="utf-8") as out:
        for g in gold:
            try:
                page = maintext.extract(args.dataset / g["file"], url=g.get("url"), method=args.method,
                                        **overrides)
                text = page.text
            except MaintextError as exc:
                print(f"{g['id']}: {exc}", file=sys.stderr)
                errors += 1
                text = ""
            empty += not text
            out.write(json.dumps({"id": g["id"], "text": text}, ensure_ascii=False) + "\n")
    dt = time.perf_counter() - t0
    print(f"{len(gold)} pages, {empty} empty, {errors} errors, {1000 * dt / len(gold):.1f} ms/page",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
