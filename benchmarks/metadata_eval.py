"""Accuracy and speed of :mod:`maintext.metadata.extract` against gold title/author/date.

    python benchmarks/metadata_eval.py [--sets trafilatura] [--speed-set aeb] [--misses FIELD]
        [--set-option '{"metadata_htmldate": true}']

Accuracy (sets whose ``gold.jsonl`` has ``title``/``author``/``date``; of the shared sets
only ``trafilatura`` does): for each page with a gold value,

- title: the gold title (the article's own title) equals our ``headline`` or our ``title``
  once a site-name suffix ("Title - Site", "Title | Site") is cut, after case folding and
  whitespace collapsing; ``title~`` accepts a difflib ratio >= 0.9 (small quote/dash drift);
- author: equal after case folding; ``author~``: every gold name token is in ours;
- date: the ``YYYY-MM-DD`` part equals the gold date; missing = we gave no date.

Speed: CPU milliseconds per page of ``extract_metadata`` alone on already decoded pages
whose tree is already parsed (the tree is shared with the extractor), best of 3 passes,
next to the cost of one lxml parse of the same pages measured interleaved with it (the
machine is shared, so the ratio is steadier than either figure).
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import time
from pathlib import Path

from maintext.api import load_document
from maintext.errors import MaintextError
from maintext.metadata.extract import extract_metadata
from maintext.options import make_options
from maintext.result import Page

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
_SUFFIX = re.compile(r"\s+[-|–—:·»]\s+[^-|–—:·»]{2,60}$")


def _norm(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


def _title_candidates(page: Page) -> list[str]:
    out = [page.headline, page.title]
    if page.title:
        out.append(_SUFFIX.sub("", page.title))
    return [_norm(t) for t in out if t]


def _load(name: str, options) -> list[tuple[dict, object]]:
    folder = DATASETS / name
    gold = [json.loads(line) for line in open(folder / "gold.jsonl", encoding="utf-8") if line.strip()]
    docs = []
    for g in gold:
        try:
            doc = load_document(folder / g["file"], url=g.get("url"), options=options)
            doc.tree  # noqa: B018 - parse outside the timed part
        except MaintextError:
            continue
        docs.append((g, doc))
    return docs


def accuracy(docs, misses: str | None = None) -> dict[str, str]:
    stats = {k: [0, 0, 0] for k in ("title", "title~", "author", "author~", "date")}  # hit, n, none
    for g, doc in docs:
        page = Page()
        extract_metadata(doc, page)
        if g.get("title"):
            gold = _norm(g["title"])
            cands = _title_candidates(page)
            _count(stats["title"], gold in cands, not cands)
            fuzzy = any(difflib.SequenceMatcher(None, gold, c).ratio() >= 0.9 for c in cands)
            _count(stats["title~"], fuzzy, not cands)
            if misses == "title" and not fuzzy:
                print(f"{g['id']}\n  gold: {g['title']!r}\n  head: {page.headline!r}\n  titl: {page.title!r}")
        if g.get("author"):
            gold = _norm(g["author"])
            ours = _norm(page.author)
            _count(stats["author"], gold == ours, not ours)
            loose = bool(ours) and all(tok in ours for tok in re.findall(r"\w+", gold))
            _count(stats["author~"], loose, not ours)
            if misses == "author" and not loose:
                print(f"{g['id']}: gold {g['author']!r} ours {page.author!r}")
        if g.get("date"):
            ours = (page.date or "")[:10]
            _count(stats["date"], ours == g["date"][:10], not ours)
            if misses == "date" and ours != g["date"][:10]:
                print(f"{g['id']}: gold {g['date']!r} ours {page.date!r} {g.get('url')}")
    return {k: f"{h / n:.3f} ({h}/{n}, {none} missing)" if n else "-" for k, (h, n, none) in stats.items()}


def _count(slot: list[int], hit: bool, missing: bool) -> None:
    slot[0] += hit
    slot[1] += 1
    slot[2] += missing


def speed(docs, repeat: int = 3) -> tuple[float, float]:
    """CPU ms/page of ``extract_metadata`` and, interleaved page by page so that both see
    the same machine load, of one lxml parse of the same page (the reference cost)."""
    best_meta = best_parse = float("inf")
    for _ in range(repeat):
        meta = parse = 0.0
        for _, doc in docs:
            t0 = time.process_time()
            extract_metadata(doc, Page())
            t1 = time.process_time()
            doc.fresh_tree()
            t2 = time.process_time()
            meta += t1 - t0
            parse += t2 - t1
        best_meta, best_parse = min(best_meta, meta), min(best_parse, parse)
    n = max(1, len(docs))
    return best_meta / n * 1000, best_parse / n * 1000


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="trafilatura")
    ap.add_argument("--speed-set", default="aeb")
    ap.add_argument("--misses", choices=("title", "author", "date"), help="print the misses of one field")
    ap.add_argument("--set-option", default="{}", help="JSON of Options overrides")
    args = ap.parse_args(argv)
    options = make_options(**json.loads(args.set_option))
    for name in args.sets.split(","):
        if not name:
            continue
        docs = _load(name, options)
        print(f"{name} ({len(docs)} pages):")
        for key, value in accuracy(docs, args.misses).items():
            print(f"  {key:<8} {value}")
        meta_ms, parse_ms = speed(docs, 1)
        print(f"  speed    {meta_ms:.3f} ms/page (lxml parse {parse_ms:.3f})")
    if args.speed_set:
        docs = _load(args.speed_set, options)
        meta_ms, parse_ms = speed(docs)
        print(f"{args.speed_set} ({len(docs)} pages): metadata {meta_ms:.3f} ms/page CPU, "
              f"lxml parse {parse_ms:.3f} ms/page, ratio {meta_ms / parse_ms:.2f}")


if __name__ == "__main__":
    main()
