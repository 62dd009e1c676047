"""How much of the full record's time is the cost of running after another extractor.

    python benchmarks/coldcost.py [--sets aeb] [--limit 300] [--rounds 3]

``speed.py`` times maintext right after trafilatura, resiliparse and the parse floors have
run on the same page: caches and branch predictors then hold their code and data, not
ours. This script times the same call (``maintext.extract(page, url=..., fields=("text",
"metadata", "links"))``, CPU time) in two orders, alternating round by round so drift of a
shared machine hits both alike:

- alone: the page before was maintext's own (a batch of maintext only);
- after trafilatura: ``trafilatura.extract`` ran on the same page just before.

Each page keeps the median of its rounds per order; a set's figure is the mean of those
medians (ms/page), as in ``speed.py``. The same two orders are timed on a small page of a
few paragraphs, whose cost is almost all per-page overhead. trafilatura is timed alone in
the same rounds, alone and interleaved, to give both ratios: batches of one system, and the
benchmark's order.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import time

import maintext

from speed import DATASETS, FULL_RECORD

SMALL_PAGE = (b"<html><head><title>A short page - Site</title><meta name=description content='A page'>"
              b"</head><body><h1>A short page</h1><p>" + b"A sentence of a paragraph of the page. " * 8
              + b"</p><p>Another paragraph, shorter.</p></body></html>")


def _cpu(call, *args) -> float:
    start = time.process_time()
    call(*args)
    return time.process_time() - start


def _full(data: bytes, url: str | None) -> None:
    maintext.extract(data, url=url, fields=FULL_RECORD)


def measure(pages: list[tuple[bytes, str | None]], rounds: int) -> dict[str, float]:
    """ms/page of maintext and trafilatura each in a batch of its own ("alone", "peer alone"),
    and one after the other on each page ("peer before", then "after")."""
    import trafilatura

    def peer(data: bytes, url: str | None) -> None:
        trafilatura.extract(data, url=url)

    for data, url in pages[:3]:  # warm-up: imports, first-call costs
        _full(data, url)
        peer(data, url)
    orders = ("alone", "after", "peer alone", "peer before")
    times: dict[str, list[list[float]]] = {k: [[] for _ in pages] for k in orders}
    for _ in range(rounds):
        for i, (data, url) in enumerate(pages):  # maintext's batch
            times["alone"][i].append(_cpu(_full, data, url))
        for i, (data, url) in enumerate(pages):  # trafilatura's batch
            times["peer alone"][i].append(_cpu(peer, data, url))
        for i, (data, url) in enumerate(pages):  # one after the other, as in speed.py
            times["peer before"][i].append(_cpu(peer, data, url))
            times["after"][i].append(_cpu(_full, data, url))
    return {k: 1000 * statistics.fmean(statistics.median(t) for t in per_page) for k, per_page in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="*", default=["aeb"])
    ap.add_argument("--limit", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print(f"ms/page: CPU time, median of {args.rounds} rounds per page, mean over pages (first {args.limit})")
    print("| set | maintext alone | trafilatura alone | ratio | trafilatura, then | maintext after it | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in args.sets:
        gold = [json.loads(line) for line in open(DATASETS / name / "gold.jsonl", encoding="utf-8")][:args.limit]
        pages = [(gzip.open(DATASETS / name / g["file"]).read(), g.get("url")) for g in gold]
        r = measure(pages, args.rounds)
        print(f"| {name} | {r['alone']:.2f} | {r['peer alone']:.2f} | {r['peer alone'] / r['alone']:.2f}x | "
              f"{r['peer before']:.2f} | {r['after']:.2f} | {r['peer before'] / r['after']:.2f}x |")
    # the small page: per-page overhead, alone and after trafilatura ran on a real page
    import trafilatura

    real = [gzip.open(DATASETS / args.sets[0] / json.loads(line)["file"]).read()
            for line in list(open(DATASETS / args.sets[0] / "gold.jsonl", encoding="utf-8"))[:50]]
    for _ in range(3):
        _full(SMALL_PAGE, None)
    alone, after = [], []
    for _ in range(args.rounds):
        alone += [_cpu(_full, SMALL_PAGE, None) for _ in real]
        for data in real:
            trafilatura.extract(data)
            after.append(_cpu(_full, SMALL_PAGE, None))
    print(f"small page ({len(SMALL_PAGE)} bytes), median: alone {1000 * statistics.median(alone):.3f} ms, "
          f"after trafilatura on a real page {1000 * statistics.median(after):.3f} ms")


if __name__ == "__main__":
    main()
