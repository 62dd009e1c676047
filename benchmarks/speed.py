"""Speed of maintext against trafilatura and the lxml floor, interleaved page by page.

    python benchmarks/speed.py [--set aeb] [--rounds 5] [--method auto]

One process, one core, the same page bytes for every system. For each round and each page
the systems run back to back, each timed in CPU seconds (``time.process_time``), so drift
of the machine's speed over the run hits all systems alike; each page keeps its fastest
round per system. Timed work, bytes in, text out, decoding included:
- maintext: ``maintext.extract(page_bytes, url=..., method=M)`` (default options: metadata
  and links included);
- trafilatura: ``trafilatura.extract(page_bytes, url=...)`` (its defaults);
- floor: maintext's decoding plus ``lxml.html.document_fromstring`` (the cost of one parse).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import time
from pathlib import Path

import lxml.html

import maintext
from maintext.io.loading import decode_html

DATASETS = Path(os.environ.get("MAINTEXT_SHARED", Path(__file__).resolve().parents[2] / "shared")) / "datasets"


def _floor(data: bytes, url: str | None) -> None:
    text, _ = decode_html(data)
    lxml.html.document_fromstring(text.encode("utf-8"), parser=lxml.html.HTMLParser(encoding="utf-8"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", default="aeb")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--method", default="auto")
    args = ap.parse_args()
    gold = [json.loads(line) for line in open(DATASETS / args.set / "gold.jsonl", encoding="utf-8")]
    pages = [(gzip.open(DATASETS / args.set / g["file"]).read(), g.get("url")) for g in gold]
    systems = {"maintext:" + args.method: lambda d, u: maintext.extract(d, url=u, method=args.method),
               "lxml floor": _floor}
    try:
        import trafilatura

        systems["trafilatura"] = lambda d, u: trafilatura.extract(d, url=u)
    except ImportError:
        print("trafilatura is not installed: only maintext and the floor are timed")
    for run in systems.values():  # warm-up: imports, caches, first-call costs
        run(*pages[0])
    best = {name: [float("inf")] * len(pages) for name in systems}
    for _ in range(args.rounds):
        for i, (data, url) in enumerate(pages):
            for name, run in systems.items():
                start = time.process_time()
                run(data, url)
                best[name][i] = min(best[name][i], time.process_time() - start)
    rate = {name: len(pages) / sum(times) for name, times in best.items()}
    print(f"{args.set}: {len(pages)} pages, best of {args.rounds} rounds per page, CPU time, one core")
    for name, r in sorted(rate.items(), key=lambda kv: -kv[1]):
        print(f"  {name:20s} {r:8.1f} pages/s  {1000 / r:6.2f} ms/page")
    mt = rate["maintext:" + args.method]
    if "trafilatura" in rate:
        print(f"  maintext:{args.method} / trafilatura = {mt / rate['trafilatura']:.2f}x")
    print(f"  maintext:{args.method} / lxml floor = {mt / rate['lxml floor']:.2f}x")


if __name__ == "__main__":
    main()
