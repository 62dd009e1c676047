"""Evaluate methods that use other pages of the same site (``doc.site_docs``).

    python benchmarks/site_eval.py big9-2005 big9-2009 dragnet --methods dompath,auto
    python benchmarks/site_eval.py big9-2005 --methods dompath,lcs --k 2 --k0 dompath

For each set: every page becomes a Document with its gold URL (or, without one, the URL
the page declares: canonical link, og:url); pages are grouped by site and each gets up
to ``k`` pages of its site as ``doc.site_docs`` (``maintext.site.group.attach_site_docs``).
Pages alone on their site stay in the set and simply get no site pages (counted in the
output). Each method runs on every page (one core, timed: ms/page includes reading the
site pages, each page's comparison walk being computed once per run), predictions go
to ``/tmp/maintext-eval/site-<method>-k<k>-<set>.jsonl`` and are scored by the official
``shared/bench/score.py``. ``--k0 METHODS`` adds rows for those methods with no site pages
(k = 0), showing what the template step buys. Works for any registered method name.

``--store METHODS`` adds rows "k=K store" for dompath, lcs or auto run as with the site
template store (``maintext.site.learn``): on each site, the first page (URL order) learns
the template from its ``k`` site pages; the site's later pages get only what was learned
(``doc.site_template``, no site pages), unless it no longer matches (share of the method's
keys found on the page under ``Options.site.min_match_share``), in which case that page
learns afresh from its own site pages, as the store refreshes. The row's label counts the
learning pages.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path

from maintext.api import extract_document, load_document
from maintext.html.document import Document
from maintext.options import Options
from maintext.registry import get_method
from maintext.site.group import attach_site_docs, group_by_site, page_url, site_key
from maintext.site.learn import learn, page_keys
from maintext.site.learned import match_share

# the dataset paths, gold reader and official-scorer call of the auto dev loop (same folder)
from auto_eval import DATASETS, read_gold, score, write_predictions  # noqa: E402


def load_docs(name: str, gold: list[dict], options: Options) -> list[Document | None]:
    docs: list[Document | None] = []
    for row in gold:
        with gzip.open(DATASETS / name / row["file"], "rb") as fh:
            raw = fh.read()
        try:
            docs.append(load_document(raw, url=row.get("url"), options=options))
        except Exception as exc:  # noqa: BLE001 - a page that cannot be loaded scores empty
            print(f"  LOAD ERROR {row['id']}: {type(exc).__name__}: {exc}", file=sys.stderr)
            docs.append(None)
    return docs


def reset(docs: list[Document | None]) -> None:
    """Forget parsed trees and cached walks, so each run pays for its own parsing."""
    for doc in docs:
        if doc is not None:
            doc.drop_tree()
            doc.lcs_ctree = doc.site_sequence = doc.site_template = None
            doc.json_ld = doc.ld_script_texts = None


def run(name: str, method: str, k: int, gold: list[dict], docs: list[Document | None]) -> tuple[Path, float]:
    present = [d for d in docs if d is not None]
    reset(present)
    attach_site_docs(present, k, url_of=page_url)
    preds = []
    elapsed = 0.0
    for row, doc in zip(gold, docs):
        text = ""
        start = time.perf_counter()
        if doc is not None:
            try:
                text = extract_document(doc, method).text
            except Exception as exc:  # noqa: BLE001 - report and go on
                print(f"  ERROR {row['id']}: {type(exc).__name__}: {exc}", file=sys.stderr)
            doc.drop_tree()  # the method may have pruned it; siblings re-parse
        elapsed += time.perf_counter() - start
        preds.append({"id": row["id"], "text": text})
    return write_predictions(f"site-{method}-k{k}-{name}.jsonl", preds), elapsed * 1000 / max(1, len(gold))


def run_store(name: str, method: str, k: int, gold: list[dict], docs: list[Document | None]
              ) -> tuple[Path, float, int]:
    """As :func:`run`, each page using the template learned on an earlier page of its site
    (see the module docstring); also gives the number of pages that learned."""
    present = [d for d in docs if d is not None]
    reset(present)
    attach_site_docs(present, k, url_of=page_url)
    known = {id(d): page_url(d) for d in present}
    learned_on: dict[str, object] = {}
    learners = 0
    texts: dict[int, str] = {}
    elapsed = 0.0
    order = sorted(present, key=lambda d: known[id(d)] or "")
    for doc in order:
        start = time.perf_counter()
        site = site_key(known[id(doc)])
        stored = learned_on.get(site)
        share = match_share(stored.get(method), page_keys(doc, method)) if stored is not None else 0.0
        if doc.site_docs and share < doc.options.site.min_match_share:
            fresh = learn(doc, k, doc.options.site.min_learned_share)  # as the store learns
            if fresh.keys:
                learned_on[site] = fresh
            learners += 1
        elif stored is not None and stored.get(method) and share >= doc.options.site.min_match_share:
            doc.site_docs = []
            doc.site_template = stored
        try:
            texts[id(doc)] = extract_document(doc, method).text
        except Exception as exc:  # noqa: BLE001 - report and go on
            print(f"  ERROR {doc.url}: {type(exc).__name__}: {exc}", file=sys.stderr)
        doc.drop_tree()
        elapsed += time.perf_counter() - start
    preds = [{"id": row["id"], "text": texts.get(id(doc), "") if doc is not None else ""}
             for row, doc in zip(gold, docs)]
    path = write_predictions(f"site-{method}-k{k}-store-{name}.jsonl", preds)
    return path, elapsed * 1000 / max(1, len(gold)), learners


def site_counts(docs: list[Document | None]) -> tuple[int, int, int]:
    """(pages, pages with at least one other page of their site, sites with 2+ pages)."""
    present = [d for d in docs if d is not None]
    groups = group_by_site(present, page_url)
    multi = [g for g in groups.values() if len(g) > 1]
    return len(docs), sum(len(g) for g in multi), len(multi)


def parse_overrides(items: list[str]) -> dict:
    overrides: dict = {}
    for item in items:
        key, _, raw = item.partition("=")
        try:
            value = json.loads(raw)
        except ValueError:
            value = raw
        *sections, name = key.split(".")
        target = overrides
        for section in sections:
            target = target.setdefault(section, {})
        target[name] = value
    return overrides


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sets", nargs="+")
    ap.add_argument("--methods", default="dompath,auto", help="comma-separated registered method names")
    ap.add_argument("--k", type=int, default=2, help="site pages attached to each page")
    ap.add_argument("--k0", default="dompath", help="methods also run without site pages ('' for none)")
    ap.add_argument("--store", default="", help="methods also run as with the template store (dompath,lcs,auto)")
    ap.add_argument("--opt", action="append", default=[], metavar="SECTION.FIELD=VALUE",
                    help="an Options override, e.g. dompath.threshold=0.5 (value read as JSON, else text)")
    args = ap.parse_args()
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    k0 = [m.strip() for m in args.k0.split(",") if m.strip()]
    for m in methods + k0:
        get_method(m)  # unknown names fail before any work
    runs = [(m, args.k) for m in methods] + [(m, 0) for m in k0]
    options = Options().updated(**parse_overrides(args.opt))
    rows = []
    for name in args.sets:
        gold = read_gold(name)
        docs = load_docs(name, gold, options)
        total, with_site, sites = site_counts(docs)
        print(f"{name}: {total} pages, {with_site} with other pages of their site ({sites} sites), "
              f"{total - with_site} alone (no template step)", flush=True)
        for method, k in runs:
            path, ms = run(name, method, k, gold, docs)
            data = score(name, path, gold)
            rows.append((name, f"{method} k={k}", data.get("f1", 0.0), data.get("precision", 0.0),
                         data.get("recall", 0.0), ms))
            print(f"  {method:10s} k={k}: F1 {rows[-1][2]:.3f}  P {rows[-1][3]:.3f}  R {rows[-1][4]:.3f}  "
                  f"{ms:.1f} ms/page", flush=True)
        for method in [m.strip() for m in args.store.split(",") if m.strip()]:
            path, ms, learners = run_store(name, method, args.k, gold, docs)
            data = score(name, path, gold)
            rows.append((name, f"{method} k={args.k} store", data.get("f1", 0.0), data.get("precision", 0.0),
                         data.get("recall", 0.0), ms))
            print(f"  {method:10s} k={args.k} store ({learners} learning pages): F1 {rows[-1][2]:.3f}  "
                  f"P {rows[-1][3]:.3f}  R {rows[-1][4]:.3f}  {ms:.1f} ms/page", flush=True)
        del docs
    print()
    print(f"| {'set':<12} | {'method':<20} | {'F1':>5} | {'P':>5} | {'R':>5} | {'ms/page':>7} |")
    print(f"|{'-' * 14}|{'-' * 22}|{'-' * 7}|{'-' * 7}|{'-' * 7}|{'-' * 9}|")
    for name, label, f1, p, r, ms in rows:
        print(f"| {name:<12} | {label:<20} | {f1:.3f} | {p:.3f} | {r:.3f} | {ms:7.1f} |")


if __name__ == "__main__":
    main()
