"""Score the line-block method on shared datasets and time it against lxml parsing.

    python benchmarks/lineblock_eval.py [--sets aeb,cleaneval-dev,big9-2005,gne-cn]
        [--out DIR] [--set-option '{"lineblock": {"require_maximum": false}}']

For each set: decode every page once, run ``method="lineblock"`` on the decoded pages,
write predictions JSONL to ``DIR/<set>.jsonl`` and score them with the official scorer.
Timing (pages per CPU second, best of ``--repeat`` passes over the same decoded pages; CPU
time because the machine is shared): the method
alone (no metadata), the full ``extract_document`` (metadata + method), and
``lxml.html.document_fromstring`` alone, the cost of one DOM parse.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import lxml.html

from maintext.api import extract_document, load_document
from maintext.html.document import Document
from maintext.errors import MaintextError
from maintext.methods import lineblock
from maintext.options import make_options

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
SCORER = DATASETS.parent / "bench" / "score.py"


def _rates(funcs: dict, items: list, repeat: int) -> dict[str, float]:
    """Pages per CPU second of each function, measured interleaved page by page (the
    machine is shared: every function sees the same load), best of ``repeat`` passes."""
    best = {name: float("inf") for name in funcs}
    for _ in range(repeat):
        spent = dict.fromkeys(funcs, 0.0)
        for item in items:
            for name, func in funcs.items():
                t0 = time.process_time()
                func(item)
                spent[name] += time.process_time() - t0
        for name in funcs:
            best[name] = min(best[name], spent[name])
    return {name: len(items) / t if t else float("inf") for name, t in best.items()}


def _lxml_parse(html: str) -> None:
    try:
        lxml.html.document_fromstring(html.encode("utf-8", "replace"))
    except Exception:  # noqa: BLE001 - an empty document counts as parsed
        pass


def run_set(name: str, out_dir: Path, options, repeat: int) -> dict:
    folder = DATASETS / name
    gold = [json.loads(line) for line in open(folder / "gold.jsonl", encoding="utf-8") if line.strip()]
    docs: list[tuple[str, Document | None]] = []
    for g in gold:
        try:
            docs.append((g["id"], load_document(folder / g["file"], url=g.get("url"), options=options)))
        except MaintextError:
            docs.append((g["id"], None))
    out = out_dir / f"{name}.jsonl"
    with open(out, "w", encoding="utf-8") as fh:
        for pid, doc in docs:
            text = extract_document(doc, "lineblock").text if doc is not None else ""
            fh.write(json.dumps({"id": pid, "text": text}, ensure_ascii=False) + "\n")
    scored = subprocess.run([sys.executable, str(SCORER), str(folder), str(out)],
                            capture_output=True, text=True, check=True).stdout
    f1 = next(line.split()[-1] for line in scored.splitlines() if line.strip().startswith("f1"))
    ok = [d for _, d in docs if d is not None]
    rates = _rates({
        "lineblock_pps": lambda d: lineblock.distribution(d.html, options.lineblock),
        "extract_pps": lambda d: extract_document(Document(d.html, url=d.url, options=options),
                                                  "lineblock"),
        "lxml_parse_pps": lambda d: _lxml_parse(d.html),
    }, ok, repeat)
    return {"set": name, "pages": len(docs), "f1": float(f1), **rates}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="aeb,cleaneval-dev,big9-2005,gne-cn")
    ap.add_argument("--out", default="/tmp/maintext-lineblock")
    ap.add_argument("--set-option", default="{}", help="JSON of Options overrides")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    options = make_options(**json.loads(args.set_option))
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    print(f"{'set':<15}{'pages':>6}{'F1':>7}{'lineblock p/s':>15}{'extract p/s':>13}{'lxml p/s':>10}")
    for name in args.sets.split(","):
        r = run_set(name, out_dir, options, args.repeat)
        print(f"{r['set']:<15}{r['pages']:>6}{r['f1']:>7.3f}{r['lineblock_pps']:>15.0f}"
              f"{r['extract_pps']:>13.0f}{r['lxml_parse_pps']:>10.0f}")


if __name__ == "__main__":
    main()
