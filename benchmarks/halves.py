"""Score auto_eval predictions on the two halves of each set (split by page-id parity).

    MAINTEXT_EVAL_OUT=DIR python benchmarks/auto_eval.py SET...   # writes DIR/auto-SET.jsonl
    python benchmarks/halves.py DIR SET...

The parity of a page id is the id itself when it is a number, else the CRC-32 of the id.
Each half is scored with the official ``shared/bench/score.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

SHARED = Path(os.environ.get("MAINTEXT_SHARED", Path(__file__).resolve().parents[2] / "shared"))


def parity(page_id: str) -> int:
    text = str(page_id)
    return int(text) % 2 if text.isdigit() else zlib.crc32(text.encode()) % 2


def main() -> None:
    out, sets = Path(sys.argv[1]), sys.argv[2:]
    for name in sets:
        gold = [json.loads(x) for x in open(SHARED / "datasets" / name / "gold.jsonl", encoding="utf-8") if x.strip()]
        preds = [json.loads(x) for x in open(out / f"auto-{name}.jsonl", encoding="utf-8")]
        figures = []
        for half in (0, 1):
            with tempfile.TemporaryDirectory() as tmp:
                g = [r for r in gold if parity(r["id"]) == half]
                ids = {r["id"] for r in g}
                (Path(tmp) / "gold.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in g))
                pp = Path(tmp) / "p.jsonl"
                pp.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in preds if p["id"] in ids))
                js = Path(tmp) / "s.json"
                subprocess.run([sys.executable, str(SHARED / "bench" / "score.py"), tmp, str(pp), "--json", str(js)],
                               check=True, capture_output=True)
                data = json.loads(js.read_text())
                t = data.get("text") or data.get("with_without") or {}
                figures.append(f"half{half} F1 {t.get('f1', t.get('f', float('nan'))):.4f} ({len(g)} pages)")
        print(f"{name:14s} " + "  ".join(figures))


if __name__ == "__main__":
    main()
