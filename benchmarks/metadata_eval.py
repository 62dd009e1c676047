"""Metadata accuracy per field, maintext against trafilatura and newspaper4k, and its speed.

    python benchmarks/metadata_eval.py [--sets trafilatura,gne-cn] [--systems maintext,maintext-auto,
        trafilatura,newspaper4k] [--cache DIR] [--misses SYSTEM:FIELD] [--speed-set aeb]
        [--set-option '{"metadata": {"htmldate_fallback": true}}']

Gold: the ``trafilatura`` set's ``gold.jsonl`` (``title``/``author``/``date``, and in ``meta``
``description``, ``tags``, ``categories``, ``license``); for ``gne-cn`` the title and date read
off each page by hand, ``benchmarks/gold/gne-cn-metadata.jsonl`` (see benchmarks/README.md).

Systems, each called the way its documentation shows:

- ``maintext``: :func:`maintext.metadata.extract.extract_metadata` alone (``headline``);
- ``maintext-auto``: ``maintext.extract(bytes, url=url)`` (metadata + the ``auto`` method,
  whose region may decide the headline);
- ``trafilatura``: ``trafilatura.extract(bytes, url=url, output_format="json",
  with_metadata=True)`` (its README's metadata example; the description is its ``excerpt``);
- ``newspaper4k``: ``newspaper.article(url, input_html=str, fetch_images=False)`` (its
  documented shortcut for pre-downloaded pages; without ``fetch_images=False`` it downloads
  images to choose the top image), the bytes decoded by maintext's decoder.

Normalised match, per page with a gold value (a system with no value is a miss):

- title, description: equal after HTML unescaping, NFKC, case folding, white space collapsed
  and surrounding quotes stripped; for maintext the ``headline`` (the content title; the
  ``title`` when there is none), for the peers their ``title``;
- author: the same sets of names (split at ``;``, ``,``, ``&``, "and", "und");
- date: the same ``YYYY-MM-DD``;
- tags, categories: the same sets of normalised items (maintext's tags = ``keywords``);
- licence: equal after dropping everything but letters and digits ("CC-BY-SA" = "CC BY-SA").

Speed: CPU ms per page of ``extract_metadata`` alone on already parsed pages, next to one
lxml parse of the same pages, interleaved (``--speed-set``; empty to skip).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import html as htmllib
import json
import re
import signal
import time
import unicodedata
import zlib
from pathlib import Path
from typing import Any, Callable

from maintext.api import load_document
from maintext.errors import MaintextError
from maintext.metadata.extract import extract_metadata
from maintext.options import make_options
from maintext.result import Page

REPO = Path(__file__).resolve().parents[1]
_CANDIDATE_DATASETS = (REPO.parent / "shared" / "datasets", REPO.parents[1] / "shared" / "datasets")
DATASETS = next((p for p in _CANDIDATE_DATASETS if p.is_dir()), _CANDIDATE_DATASETS[0])
GOLD_FILES = {"gne-cn": REPO / "benchmarks" / "gold" / "gne-cn-metadata.jsonl"}
FIELDS = ("title", "author", "date", "description", "tags", "categories", "license")
_NAME_SPLIT = re.compile(r"\s*(?:[;,&]|\band\b|\bund\b)\s*", re.IGNORECASE)
_QUOTES = " \"'“”„«»‚‘’"


# ----------------------------------------------------------------------------- normalising

def norm(text: Any) -> str:
    text = unicodedata.normalize("NFKC", htmllib.unescape(str(text or "")))
    return " ".join(text.split()).casefold().strip(_QUOTES)


def norm_names(text: Any) -> frozenset[str]:
    return frozenset(n for n in (norm(p) for p in _NAME_SPLIT.split(str(text or ""))) if n)


def norm_items(items: Any) -> frozenset[str]:
    if isinstance(items, str):
        items = [i for i in re.split(r"[,;]", items)]
    return frozenset(n for n in (norm(i) for i in items or ()) if n)


def norm_license(text: Any) -> str:
    return re.sub(r"[\W_]+", "", norm(text))


MATCHERS: dict[str, Callable[[Any], Any]] = {
    "title": norm, "description": norm, "author": norm_names, "date": lambda d: str(d or "")[:10],
    "tags": norm_items, "categories": norm_items, "license": norm_license,
}


# ----------------------------------------------------------------------------- gold

def load_gold(name: str) -> list[dict]:
    """Gold records with the fields of FIELDS at top level (only those the page has)."""
    if name in GOLD_FILES:
        extra = {g["id"]: g for g in map(json.loads, open(GOLD_FILES[name], encoding="utf-8")) if g}
    else:
        extra = {}
    out = []
    for line in open(DATASETS / name / "gold.jsonl", encoding="utf-8"):
        if not line.strip():
            continue
        g = json.loads(line)
        rec = {"id": g["id"], "file": g["file"], "url": g.get("url"), "lang": g.get("lang"),
               "site": g.get("site")}
        source = extra.get(g["id"], {}) if name in GOLD_FILES else {**(g.get("meta") or {}), **g}
        for fld in FIELDS:
            if source.get(fld):
                rec[fld] = source[fld]
        out.append(rec)
    return out


def half_of(rec: dict) -> int:
    """0 or 1: the half of the set a page is in (by its site, so a site is never in both)."""
    return zlib.crc32((rec.get("site") or rec["id"]).encode("utf-8")) % 2


def page_bytes(name: str, rec: dict) -> bytes:
    with gzip.open(DATASETS / name / rec["file"], "rb") as fh:
        return fh.read()


# ----------------------------------------------------------------------------- systems

def run_maintext(options) -> Callable[[str, dict], dict]:
    def run(name: str, rec: dict) -> dict:
        try:
            doc = load_document(DATASETS / name / rec["file"], url=rec.get("url"), options=options)
        except MaintextError:
            return {}
        page = Page()
        extract_metadata(doc, page)
        return _maintext_fields(page)

    return run


def run_maintext_auto(options) -> Callable[[str, dict], dict]:
    import maintext

    def run(name: str, rec: dict) -> dict:
        try:
            page = maintext.extract(page_bytes(name, rec), url=rec.get("url"), options=options)
        except MaintextError:
            return {}
        return _maintext_fields(page)

    return run


def _maintext_fields(page: Page) -> dict:
    return {"title": page.headline or page.title, "author": page.author, "date": page.date,
            "description": page.description, "tags": page.keywords,
            "categories": getattr(page, "categories", None), "license": getattr(page, "license", None),
            "page_title": page.title}


def run_trafilatura(options) -> Callable[[str, dict], dict]:
    import trafilatura

    def run(name: str, rec: dict) -> dict:
        out = trafilatura.extract(page_bytes(name, rec), url=rec.get("url"), output_format="json",
                                  with_metadata=True)
        if not out:
            return {}
        data = json.loads(out)
        return {"title": data.get("title"), "author": data.get("author"), "date": data.get("date"),
                "description": data.get("description") or data.get("excerpt"), "tags": data.get("tags"),
                "categories": data.get("categories"), "license": data.get("license")}

    return run


def run_newspaper(options) -> Callable[[str, dict], dict]:
    import newspaper

    from maintext.io.decode import decode_html

    def run(name: str, rec: dict) -> dict:
        html = decode_html(page_bytes(name, rec))[0]
        # fetch_images=False: otherwise parse() downloads images to size the top image
        # (the network is not what is measured; peers.py calls it the same way)
        article = newspaper.article(rec.get("url") or "http://localhost/", input_html=html,
                                    fetch_images=False, follow_meta_refresh=False)
        date = article.publish_date.isoformat() if article.publish_date else None
        return {"title": article.title, "author": ", ".join(article.authors or ()), "date": date,
                "description": article.meta_description, "tags": sorted(article.tags or ()),
                "categories": None, "license": None}

    return run


SYSTEMS = {"maintext": run_maintext, "maintext-auto": run_maintext_auto,
           "trafilatura": run_trafilatura, "newspaper4k": run_newspaper}
CACHED = frozenset({"trafilatura", "newspaper4k"})  # their output does not change with our code
PAGE_SECONDS = 30  # a peer stuck longer on one page gives it no metadata (the run must end)


class PageTimeout(Exception):
    """A peer took longer than PAGE_SECONDS on one page."""


@contextlib.contextmanager
def _page_limit(seconds: int):
    """Raise PageTimeout after ``seconds`` of wall time (0: no limit; main thread only)."""
    if not seconds or not hasattr(signal, "SIGALRM"):
        yield
        return

    def _raise(signum, frame):
        raise PageTimeout(f"over {seconds} s")

    old = signal.signal(signal.SIGALRM, _raise)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def outputs(system: str, name: str, gold: list[dict], options, cache: Path | None) -> dict[str, dict]:
    """Per page id the fields ``system`` gives (cached for the peers when ``cache`` is set)."""
    path = cache / f"{system}.{name}.jsonl" if cache and system in CACHED else None
    if path and path.is_file():
        return {r["id"]: r["out"] for r in map(json.loads, open(path, encoding="utf-8"))}
    run = SYSTEMS[system](options)
    result = {}
    for rec in gold:
        try:
            with _page_limit(PAGE_SECONDS if system in CACHED else 0):
                result[rec["id"]] = run(name, rec)
        except Exception as exc:  # noqa: BLE001 - a peer's failure is a page without metadata
            result[rec["id"]] = {"error": f"{type(exc).__name__}: {exc}"[:200]}
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            for pid, out in result.items():
                fh.write(json.dumps({"id": pid, "out": out}, ensure_ascii=False, default=str) + "\n")
    return result


def score(gold: list[dict], got: dict[str, dict], misses: str | None = None) -> dict[str, tuple[int, int, int]]:
    """Per field (hits, pages with gold, pages where the system gave nothing)."""
    stats = {}
    for fld in FIELDS:
        hit = n = none = 0
        for rec in gold:
            if not rec.get(fld):
                continue
            n += 1
            ours = (got.get(rec["id"]) or {}).get(fld)
            match = MATCHERS[fld]
            ok = bool(ours) and match(ours) == match(rec[fld])
            hit += ok
            none += not ours
            if misses == fld and not ok:
                print(f"  miss {rec['id']}: gold {rec[fld]!r} got {ours!r}")
        stats[fld] = (hit, n, none)
    return stats


# ----------------------------------------------------------------------------- speed

def speed(name: str, options, repeat: int = 3) -> tuple[float, float, int]:
    """CPU ms/page of ``extract_metadata`` and of one lxml parse, interleaved page by page."""
    docs = []
    for rec in load_gold(name):
        try:
            doc = load_document(DATASETS / name / rec["file"], url=rec.get("url"), options=options)
            doc.tree  # noqa: B018 - parse outside the timed part
        except MaintextError:
            continue
        docs.append(doc)
    best_meta = best_parse = float("inf")
    for _ in range(repeat):
        meta = parse = 0.0
        for doc in docs:
            t0 = time.process_time()
            extract_metadata(doc, Page())
            t1 = time.process_time()
            doc.fresh_tree()
            t2 = time.process_time()
            meta += t1 - t0
            parse += t2 - t1
        best_meta, best_parse = min(best_meta, meta), min(best_parse, parse)
    n = max(1, len(docs))
    return best_meta / n * 1000, best_parse / n * 1000, len(docs)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="trafilatura,gne-cn")
    ap.add_argument("--systems", default="maintext,maintext-auto,trafilatura,newspaper4k")
    ap.add_argument("--cache", type=Path, help="folder for the peers' outputs (reused when present)")
    ap.add_argument("--misses", help="SYSTEM:FIELD, print that system's misses of that field")
    ap.add_argument("--speed-set", default="aeb")
    ap.add_argument("--halves", action="store_true",
                    help="also score each half of the pages (split by site, crc32 parity)")
    ap.add_argument("--set-option", default="{}", help="JSON of Options overrides")
    args = ap.parse_args(argv)
    options = make_options(**json.loads(args.set_option))
    miss_system, _, miss_field = (args.misses or "::").partition(":")
    for name in filter(None, args.sets.split(",")):
        gold = load_gold(name)
        fields = [f for f in FIELDS if any(rec.get(f) for rec in gold)]
        print(f"\n{name} ({len(gold)} pages); per field: share matched (hits/pages with gold, no value)")
        print("| system | " + " | ".join(fields) + " |")
        print("| --- |" + " --- |" * len(fields))
        for system in filter(None, args.systems.split(",")):
            got = outputs(system, name, gold, options, args.cache)
            stats = score(gold, got, miss_field if system == miss_system else None)
            cells = [f"{h / n:.3f} ({h}/{n}, {none})" if n else "-" for h, n, none in (stats[f] for f in fields)]
            print(f"| {system} | " + " | ".join(cells) + " |", flush=True)
            for half in (0, 1) if args.halves else ():
                part = [rec for rec in gold if half_of(rec) == half]
                stats = score(part, got)
                cells = [f"{h / n:.3f} ({h}/{n})" if n else "-" for h, n, _ in (stats[f] for f in fields)]
                print(f"| {system} half {'AB'[half]} | " + " | ".join(cells) + " |", flush=True)
    if args.speed_set:
        meta_ms, parse_ms, n = speed(args.speed_set, options)
        print(f"\n{args.speed_set} ({n} pages): metadata {meta_ms:.3f} ms/page CPU, "
              f"lxml parse {parse_ms:.3f} ms/page, ratio {meta_ms / parse_ms:.2f}")


if __name__ == "__main__":
    main()
