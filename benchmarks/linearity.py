"""Cost of ``maintext.extract`` against page size and nesting depth: the fitted exponent.

    python benchmarks/linearity.py [--max-mb 20] [--rounds 3] [--fields text] [--worker-heap]

Builds synthetic pages (an article of paragraphs with links, inside navigation, a
side column, a footer; one element per line, so big pages pass libxml2's 65535-line
cap) from 10 KB to ``--max-mb`` MB, then pages of ``d`` nested boilerplate boxes (class
``sidebar``, ``related``, ``comments``...) each holding paragraphs, and times each in CPU
seconds, every size the same way: its first extraction (cold: the process may have to
fault in memory that earlier, smaller pages did not need) and the best of ``--rounds`` more
(warm). Prints the times per size (also per MB, with the minor page faults per MB) and the
exponents ``k`` of the least-squares fits ``time ~ size^k``, warm and cold (1.0 =
linear; the target is <= 1.1). ``--worker-heap``: measure as in maintext's batch and service
workers, which keep freed memory for the next page (:mod:`maintext.heap`); without it, as a
library call in a process whose allocator is left as it is.
"""

from __future__ import annotations

import argparse
import math
import resource
import time

import maintext

PARA = ("<p>The committee met on Tuesday to discuss the budget, and its members agreed that "
        "the <a href=\"/x{i}\">new proposal</a> should be studied further before a vote.</p>\n")
FRAME = ("<!doctype html>\n<html><head><title>Test page</title></head><body>\n"
         "<nav><ul>\n" + "".join(f"<li><a href=\"/s{i}\">Section {i}</a></li>\n" for i in range(20)) +
         "</ul></nav>\n<div class=\"sidebar\"><h3>Popular</h3>\n" +
         "".join(f"<p><a href=\"/p{i}\">Popular story number {i}</a></p>\n" for i in range(10)) +
         "</div>\n<article><h1>Headline of the article</h1>\n{body}</article>\n"
         "<footer><p>Copyright 2026. All rights reserved.</p></footer>\n</body></html>\n"
         # trailing markup after </html> (tracking pixels, comments): the end tags stand
         # more than 4 KB before the end of the page, as on many real pages
         + "<!-- build info -->\n" * 300)
BOXES = ("sidebar", "related-posts", "comments", "widget-area", "advert", "footer-links")


def article_page(size: int) -> bytes:
    """An article page of about ``size`` bytes."""
    n = max(1, size // len(PARA))
    return FRAME.replace("{body}", "".join(PARA.replace("{i}", str(i)) for i in range(n))).encode()


def nested_page(depth: int, per_box: int = 5) -> bytes:
    """``depth`` nested boilerplate boxes, each holding ``per_box`` paragraphs."""
    opens = "".join(f"<div class=\"{BOXES[d % len(BOXES)]}\">\n" + PARA.replace("{i}", str(d)) * per_box
                    for d in range(depth))
    return FRAME.replace("{body}", opens + "</div>\n" * depth).encode()


def cpu(data: bytes, rounds: int, fields) -> float:
    best = math.inf
    for _ in range(rounds):
        start = time.process_time()
        maintext.extract(data, fields=fields)
        best = min(best, time.process_time() - start)
    return best


def exponent(points: list[tuple[float, float]]) -> float:
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(y) for _, y in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def series(name: str, unit: str, cases: list[tuple[float, bytes]], rounds: int, fields) -> tuple[float, float]:
    """Each page timed twice over: its first extraction ("cold": after pages of the other
    sizes, in memory the process may have to fault in anew) and the best of ``rounds`` more
    ("warm": the same page again). Every size is timed the same way, so the two fits
    compare like with like; returns their exponents (warm, cold)."""
    warm_points, cold_points = [], []
    for x, data in cases:
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        cold = cpu(data, 1, fields)
        cold_faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        warm = cpu(data, rounds, fields)
        warm_faults = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults) / rounds
        warm_points.append((x, warm))
        cold_points.append((x, cold))
        mb = len(data) / 1e6
        # (ms per MB, and the minor page faults per MB of page: warm = a mean over the rounds)
        print(f"  {name} {x:>10g} {unit:5s} {mb:8.2f} MB  warm {warm * 1000:8.1f} ms {warm * 1000 / mb:6.1f} ms/MB"
              f" {warm_faults / mb:6.0f} faults/MB  cold {cold * 1000:8.1f} ms {cold * 1000 / mb:6.1f} ms/MB"
              f" {cold_faults / mb:6.0f} faults/MB")
    # the fit ignores pages under 100 KB (fixed per-page costs dominate them)
    big = [len(data) >= 100_000 for _, data in cases]
    k_warm = exponent([p for p, keep in zip(warm_points, big) if keep] or warm_points)
    k_cold = exponent([p for p, keep in zip(cold_points, big) if keep] or cold_points)
    print(f"  {name}: exponent warm {k_warm:.3f}, cold {k_cold:.3f} (time ~ {unit}^k, pages >= 100 KB)")
    return k_warm, k_cold


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-mb", type=float, default=20.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--fields", default=None, help="e.g. text (default: the full record)")
    ap.add_argument("--max-depth", type=int, default=1600)
    ap.add_argument("--worker-heap", action="store_true",
                    help="keep freed memory as maintext's workers do (maintext.heap)")
    args = ap.parse_args()
    if args.worker_heap:
        from maintext import heap

        print(f"worker heap: keeping up to {heap.KEEP_MB} MB of freed memory: {heap.keep_freed_memory()}")
    fields = args.fields.split(",") if args.fields else None
    sizes = [10_000]
    while sizes[-1] * 2 < args.max_mb * 1e6:
        sizes.append(sizes[-1] * 2)
    sizes.append(int(args.max_mb * 1e6))
    print(f"page size, fields={args.fields or 'full record'}")
    k1 = series("size", "bytes", [(s, article_page(s)) for s in sizes], args.rounds, fields)
    print("nesting depth (nested boilerplate boxes, 5 paragraphs each)")
    depths = [25, 50, 100, 200, 400, 800, args.max_depth]
    k2 = series("depth", "boxes", [(d, nested_page(d)) for d in depths], args.rounds, fields)
    print("900 nested boxes around 20,000 paragraphs (issue 10's case)")
    big = FRAME.replace("{body}", "".join(f"<div class=\"{BOXES[d % len(BOXES)]}\">\n" for d in range(900))
                        + PARA.replace("{i}", "0") * 20_000 + "</div>\n" * 900).encode()
    print(f"  {len(big) / 1e6:.2f} MB  {cpu(big, 1, fields) * 1000:.1f} ms")
    print(f"exponents (warm, best of {args.rounds}): size {k1[0]:.3f}, depth {k2[0]:.3f} (target <= 1.1)")
    print(f"exponents (cold, first run): size {k1[1]:.3f}, depth {k2[1]:.3f}")


if __name__ == "__main__":
    main()
