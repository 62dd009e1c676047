"""Speed of maintext against trafilatura, resiliparse and two parse floors, interleaved page by page.

    python benchmarks/speed.py [--sets aeb gne-cn dragnet] [--limit 300] [--rounds 5]

One process, one core, the same page bytes for every system. For each round and each page
the systems run back to back, each timed in CPU seconds (``time.process_time``), so drift
of the machine's speed (other processes on a shared machine) hits all systems alike; each
page keeps the median of its rounds per system, and a set's figure is the mean of those
medians (ms/page). Speed ratios are only meaningful within one run. Timed work, bytes in,
text out, decoding included:
- maintext full: ``maintext.extract(page_bytes, url=..., fields=("text", "metadata", "links"))``
  (the full record as issue 10 defines it, and what a batch record holds by default; the
  API's ``fields=None`` adds typed blocks, a structure pass issue 10 does not count);
- maintext text: ``maintext.extract(page_bytes, url=..., fields=("text",))``;
- maintext text (py): the same on the pure-Python walk (``native=False``), when the
  native walk is built;
- trafilatura: ``trafilatura.extract(page_bytes, url=...)`` (its defaults);
- resiliparse: encoding detection, ``HTMLTree.parse``, ``extract_plain_text(main_content=True)``;
- floor lxml: maintext's decoding plus one lxml HTML parse;
- floor lexbor: maintext's decoding plus resiliparse's ``HTMLTree.parse`` (lexbor).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import time
from pathlib import Path

import lxml.etree

import maintext
from maintext.io.decode import decode_html

DATASETS = Path(os.environ.get("MAINTEXT_SHARED", Path(__file__).resolve().parents[2] / "shared")) / "datasets"
_LXML = lxml.etree.HTMLParser(encoding="utf-8")
FULL_RECORD = ("text", "metadata", "links")


def systems() -> dict:
    from maintext.html import walk

    out = {
        "maintext full": lambda d, u: maintext.extract(d, url=u, fields=FULL_RECORD),
        "maintext text": lambda d, u: maintext.extract(d, url=u, fields=("text",)),
    }
    if walk.NATIVE_AVAILABLE:
        out["maintext text (py)"] = lambda d, u: maintext.extract(d, url=u, fields=("text",), native=False)
    out["floor lxml"] = lambda d, u: lxml.etree.fromstring(decode_html(d)[0].encode("utf-8"), _LXML)
    try:
        import trafilatura

        out["trafilatura"] = lambda d, u: trafilatura.extract(d, url=u)
    except ImportError:
        print("trafilatura is not installed")
    try:
        from resiliparse.extract.html2text import extract_plain_text
        from resiliparse.parse.encoding import bytes_to_str, detect_encoding
        from resiliparse.parse.html import HTMLTree

        out["resiliparse"] = lambda d, u: extract_plain_text(
            HTMLTree.parse(bytes_to_str(d, detect_encoding(d))), main_content=True)
        out["floor lexbor"] = lambda d, u: HTMLTree.parse(decode_html(d)[0])
    except ImportError:
        print("resiliparse is not installed")
    return out


def run_set(name: str, limit: int, rounds: int, runs: dict) -> dict[str, float]:
    gold = [json.loads(line) for line in open(DATASETS / name / "gold.jsonl", encoding="utf-8")][:limit]
    pages = [(gzip.open(DATASETS / name / g["file"]).read(), g.get("url")) for g in gold]
    for run in runs.values():  # warm-up: imports, caches, first-call costs
        run(*pages[0])
    times = {s: [[] for _ in pages] for s in runs}
    for _ in range(rounds):
        for i, (data, url) in enumerate(pages):
            for s, run in runs.items():
                start = time.process_time()
                run(data, url)
                times[s][i].append(time.process_time() - start)
    return {s: 1000 * statistics.fmean(statistics.median(t) for t in per_page) for s, per_page in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="*", default=["aeb", "gne-cn", "dragnet"])
    ap.add_argument("--limit", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    runs = systems()
    results = {name: run_set(name, args.limit, args.rounds, runs) for name in args.sets}
    print(f"ms/page: CPU time, median of {args.rounds} rounds per page, mean over pages "
          f"(first {args.limit} of each set), systems interleaved page by page")
    print(f"| {'system':20s} | " + " | ".join(f"{n:>9s}" for n in args.sets) + " |")
    print("| " + "-" * 20 + " | " + " | ".join("-" * 8 + ":" for _ in args.sets) + " |")
    for s in runs:
        print(f"| {s:20s} | " + " | ".join(f"{results[n][s]:9.2f}" for n in args.sets) + " |")
    print("ratios (within this run)")
    for n in args.sets:
        r = results[n]
        parts = []
        if "trafilatura" in r:
            parts.append(f"full record {r['trafilatura'] / r['maintext full']:.2f}x trafilatura's speed (target >= 8)")
        if "resiliparse" in r:
            parts.append(f"text-only time {r['maintext text'] / r['resiliparse']:.2f}x resiliparse's (target <= 1.0)")
        print(f"  {n}: " + "; ".join(parts))


if __name__ == "__main__":
    main()
