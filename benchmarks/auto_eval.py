"""Dev loop for the ``auto`` extractor: run it on shared sets, score, time.

    python benchmarks/auto_eval.py aeb gne-cn cleaneval-dev big9-2005 big9-2009
    python benchmarks/auto_eval.py trafilatura --sample 300 --per-page 10
    python benchmarks/auto_eval.py aeb --method lineblock

For each set: decode + extract every page (timed, one core), write predictions JSONL to
``/tmp/maintext-eval/<method>-<set>.jsonl``, score with the official
``shared/bench/score.py`` and print F1 (F-score for snippet sets) and ms/page.
``--per-page K`` lists the K worst pages; ``--show ID`` prints predicted vs gold text.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from maintext.api import extract_document, load_document
from maintext.options import Options

SHARED = Path(os.environ.get("MAINTEXT_SHARED", Path(__file__).resolve().parents[2] / "shared"))
DATASETS = SHARED / "datasets"
SCORER = SHARED / "bench" / "score.py"
# predictions and scores go here (MAINTEXT_EVAL_OUT: a private folder for parallel runs)
OUT = Path(os.environ.get("MAINTEXT_EVAL_OUT", "/tmp/maintext-eval"))


def read_gold(name: str) -> list[dict]:
    with open(DATASETS / name / "gold.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def run_set(name: str, method: str, sample: int | None, options: Options) -> tuple[Path, float, list[dict]]:
    gold = read_gold(name)
    if sample and sample < len(gold):
        gold = random.Random(0).sample(gold, sample)
    raws = []
    for row in gold:
        with gzip.open(DATASETS / name / row["file"], "rb") as fh:
            raws.append(fh.read())
    preds = []
    elapsed = 0.0
    for row, raw in zip(gold, raws):
        start = time.perf_counter()
        try:
            doc = load_document(raw, url=row.get("url"), options=options)
            page = extract_document(doc, method)
            text = page.text
        except Exception as exc:  # noqa: BLE001 - a dev loop reports and goes on
            print(f"  ERROR {row['id']}: {type(exc).__name__}: {exc}", file=sys.stderr)
            text = ""
        elapsed += time.perf_counter() - start
        preds.append({"id": row["id"], "text": text})
    return write_predictions(f"{method}-{name}.jsonl", preds), elapsed * 1000 / max(1, len(gold)), gold


def write_predictions(filename: str, preds: list[dict]) -> Path:
    """Write ``{"id", "text"}`` rows as JSONL under :data:`OUT` (what score.py reads)."""
    OUT.mkdir(exist_ok=True)
    path = OUT / filename
    with open(path, "w", encoding="utf-8") as fh:
        for p in preds:
            fh.write(json.dumps(p, ensure_ascii=False) + "\n")
    return path


def score(name: str, path: Path, gold: list[dict]) -> dict:
    """Run the official scorer; a sample is scored against a gold file of just those pages."""
    gold_path = DATASETS / name
    if len(gold) != len(read_gold(name)):
        gold_path = OUT / f"{name}-sample-gold.jsonl"
        with open(gold_path, "w", encoding="utf-8") as fh:
            for row in gold:
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    out = OUT / f"{path.stem}.score.json"
    cmd = [sys.executable, str(SCORER), str(gold_path), str(path), "--json", str(out)]
    subprocess.run(cmd, check=True, capture_output=True)
    data = json.loads(out.read_text())
    return data.get("text") or data.get("with_without") or {}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sets", nargs="+")
    ap.add_argument("--method", default="auto")
    ap.add_argument("--sample", type=int, default=None)
    ap.add_argument("--per-page", type=int, default=0)
    ap.add_argument("--show", default=None, help="page id: print predicted and gold text")
    args = ap.parse_args()
    options = Options()
    for name in args.sets:
        path, ms, gold = run_set(name, args.method, args.sample, options)
        data = score(name, path, gold)
        pages = data.get("per_page", [])
        print(f"{name:14s} {args.method}: F1 {data.get('f1', 0):.3f}  P {data.get('precision', 0):.3f}  "
              f"R {data.get('recall', 0):.3f}  {ms:.2f} ms/page  ({len(gold)} pages)", flush=True)
        for p in pages[: args.per_page]:
            print("   ", {k: (round(v, 3) if isinstance(v, float) else v) for k, v in p.items()})
        if args.show:
            preds = {json.loads(line)["id"]: json.loads(line)["text"] for line in open(path, encoding="utf-8")}
            g = next(g for g in gold if g["id"] == args.show)
            print("=== PRED ===\n" + preds.get(args.show, "") + "\n=== GOLD ===\n" + (g.get("text") or json.dumps(g, ensure_ascii=False)))


if __name__ == "__main__":
    main()
