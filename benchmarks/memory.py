#!/usr/bin/env python3
"""Memory of one worker over many extractions: is it flat?

    python benchmarks/memory.py [--method auto] [--pages 10000] [--every 500] [--fields text]
                                [--sets aeb,cleaneval-dev,gne-cn,big9-2009] [--max-growth-mb 5]

Loads the pages of the given shared datasets once, then extracts them in a cycle in this
one process (``maintext.extract(bytes, method=...)``, exceptions counted and ignored) until
``--pages`` extractions are done (``--fields``: what each extraction computes, as
``maintext.extract``'s ``fields``, e.g. ``text`` for the text-only path; default:
everything). Every ``--every`` extractions it samples the resident set
size (VmRSS from /proc/self/status; the peak RSS from getrusage where /proc is missing) and
the number of objects the garbage collector tracks. The growth reported is the last sample
minus the first sample after the warm-up (the first full cycle over the pages, or 1000
extractions if fewer): caches that fill once (imports, compiled regexes, interned strings)
are part of the warm-up; what grows after it is a leak. Exit status 1 when the growth exceeds
``--max-growth-mb``.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

import maintext
from maintext.evaluation import load_pages

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.helpers_proc import rss_mb  # noqa: E402 - the checkout's tests/: VmRSS, else the peak

DEFAULT_DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
DEFAULT_SETS = "aeb,cleaneval-dev,gne-cn,big9-2009"


def load_cycle(root: Path, sets: list[str], limit: int | None):
    pages = []
    for name in sets:
        folder = root / name
        if not (folder / "gold.jsonl").is_file():
            print(f"note: dataset {name} not found under {root}, skipped", file=sys.stderr)
            continue
        pages.extend(load_pages(folder, limit)[1])
    return pages


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--method", default=None, help="maintext method (default: auto if registered)")
    ap.add_argument("--pages", type=int, default=10_000, help="number of extractions (default 10000)")
    ap.add_argument("--every", type=int, default=500, help="sample every N extractions (default 500)")
    ap.add_argument("--sets", default=DEFAULT_SETS, help="datasets whose pages are cycled")
    ap.add_argument("--datasets", default=str(DEFAULT_DATASETS), help="folder holding the datasets")
    ap.add_argument("--limit", type=int, help="first N pages of each set")
    ap.add_argument("--fields", default=None, help="maintext.extract's fields, comma-separated (default: everything)")
    ap.add_argument("--max-growth-mb", type=float, default=5.0,
                    help="growth after warm-up above which the run fails (default 5 MB)")
    args = ap.parse_args(argv)

    names = [m.name for m in maintext.methods()]
    method = args.method or ("auto" if "auto" in names else names[0])
    pages = load_cycle(Path(args.datasets), [s for s in args.sets.split(",") if s], args.limit)
    if not pages:
        print("error: no pages to extract", file=sys.stderr)
        return 2
    warmup = min(len(pages), 1000) if len(pages) < args.pages else args.every
    print(f"method {method}, fields {args.fields or 'all'}: {args.pages} extractions cycling {len(pages)} pages; "
          f"sample every {args.every}; warm-up {warmup} extractions")
    print(f"{'extractions':>11} {'RSS MB':>8} {'gc objects':>11} {'errors':>7} {'s':>7}")

    samples: list[tuple[int, float]] = []
    errors = 0
    start = time.perf_counter()
    print(f"{0:>11} {rss_mb():8.1f} {len(gc.get_objects()):>11} {errors:>7} {0.0:7.1f}", flush=True)
    for i in range(1, args.pages + 1):
        page = pages[(i - 1) % len(pages)]
        try:
            maintext.extract(page.raw, method=method, url=page.url, fields=args.fields)
        except Exception:  # noqa: BLE001 - failures are counted; memory is what is measured
            errors += 1
        if i % args.every == 0 or i == args.pages:
            rss = rss_mb()
            samples.append((i, rss))
            print(f"{i:>11} {rss:8.1f} {len(gc.get_objects()):>11} {errors:>7} "
                  f"{time.perf_counter() - start:7.1f}", flush=True)

    after_warmup = [s for s in samples if s[0] >= warmup] or samples
    base_i, base = after_warmup[0]
    last_i, last = samples[-1]
    growth = last - base
    peak = max(r for _, r in after_warmup)
    flat = growth < args.max_growth_mb
    print(f"growth after warm-up: {growth:+.1f} MB (RSS {base:.1f} MB at {base_i} -> {last:.1f} MB at {last_i}, "
          f"peak {peak:.1f} MB); {'flat' if flat else 'GROWING'} (threshold {args.max_growth_mb:g} MB); "
          f"{errors} errors; {args.pages / (time.perf_counter() - start):.1f} pages/s")
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
