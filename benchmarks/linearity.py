"""Cost of ``maintext.extract`` against page size and nesting depth: the fitted exponent.

    python benchmarks/linearity.py [--max-mb 20] [--rounds 3] [--fields text]

Builds synthetic pages (an article of paragraphs with links, inside navigation, a
side column, a footer; one element per line, so big pages pass libxml2's 65535-line
cap) from 10 KB to ``--max-mb`` MB, then pages of ``d`` nested boilerplate boxes (class
``sidebar``, ``related``, ``comments``...) each holding paragraphs, and times each in CPU
seconds (best of ``--rounds``; pages of 4 MB and more once). Prints the time per size (also
per MB, with the minor page faults per MB: a page timed once runs in memory the process has
yet to fault in) and the exponent ``k`` of the least-squares fit ``time ~ size^k`` (1.0 =
linear; the target is <= 1.1).
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


def series(name: str, unit: str, cases: list[tuple[float, bytes]], rounds: int, fields) -> float:
    points = []
    for x, data in cases:
        runs = rounds if len(data) < 4_000_000 else 1
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        t = cpu(data, runs, fields)
        faults = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults) / runs
        points.append((x, t))
        # (ms per MB, and the minor page faults per MB of page, a mean over the runs: a page
        # timed once runs cold, in memory the process has yet to fault in)
        print(f"  {name} {x:>10g} {unit:5s} {len(data) / 1e6:8.2f} MB  {t * 1000:10.1f} ms"
              f"  {t * 1e9 / len(data):6.1f} ms/MB  {faults * 1e6 / len(data):7.0f} faults/MB")
    # the fit ignores pages under 100 KB (fixed per-page costs dominate them)
    fit = [p for (p, (_, data)) in zip(points, cases) if len(data) >= 100_000] or points
    k = exponent(fit)
    print(f"  {name}: exponent {k:.3f} (time ~ {unit}^k, pages >= 100 KB)")
    return k


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-mb", type=float, default=20.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--fields", default=None, help="e.g. text (default: the full record)")
    ap.add_argument("--max-depth", type=int, default=1600)
    args = ap.parse_args()
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
    print(f"exponents: size {k1:.3f}, depth {k2:.3f} (target <= 1.1)")


if __name__ == "__main__":
    main()
