"""Identical output with and without the native segmentation walk, on every shared set.

    python benchmarks/identity.py [--sets aeb dragnet ...] [--sample N] [--dump F | --against F]

For every page of every set (or the first N of each with ``--sample``), runs ``auto`` twice in
one process, once on the native walk and once on the pure-Python walk (``native=False``),
and compares the text and the typed blocks (JSON) byte for byte. Prints the pages that
differ and exits 1 when any does. ``--dump F`` writes one digest line per page (the
current path only) and ``--against F`` compares with such a file (an older commit's output).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import sys
from dataclasses import asdict
from pathlib import Path

import maintext
from maintext.errors import MaintextError

DATASETS = Path(os.environ.get("MAINTEXT_SHARED", Path(__file__).resolve().parents[2] / "shared")) / "datasets"


def pages(sets: list[str], sample: int | None):
    for name in sets:
        gold = [json.loads(line) for line in open(DATASETS / name / "gold.jsonl", encoding="utf-8")]
        for g in gold[:sample]:
            yield f"{name}/{g['id']}", gzip.open(DATASETS / name / g["file"]).read(), g.get("url")


def digest(data: bytes, url: str | None, native: bool) -> str:
    """Text and typed blocks of ``auto`` (metadata and links excluded: not the walk's)."""
    try:
        page = maintext.extract(data, url=url, native=native, with_metadata=False)
    except MaintextError as exc:
        return f"error {type(exc).__name__}"
    blocks = json.dumps([asdict(b) for b in page.blocks], ensure_ascii=False, sort_keys=True)
    return hashlib.sha1((page.text + "\x00" + blocks).encode("utf-8")).hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="*", default=sorted(p.name for p in DATASETS.iterdir() if (p / "gold.jsonl").exists()))
    ap.add_argument("--sample", type=int, default=None)
    ap.add_argument("--dump")
    ap.add_argument("--against")
    args = ap.parse_args()
    from maintext.html import walk

    if not walk.NATIVE_AVAILABLE and not (args.dump or args.against):
        print("the native walk is not built: nothing to compare (python setup.py build_ext --inplace)")
        return 1
    old = {}
    if args.against:
        old = dict(line.split("\t") for line in open(args.against).read().splitlines())
    out = open(args.dump, "w") if args.dump else None
    n = bad = 0
    for key, data, url in pages(args.sets, args.sample):
        n += 1
        if out is not None or args.against:
            d = digest(data, url, native=walk.NATIVE_AVAILABLE)
            if out is not None:
                out.write(f"{key}\t{d}\n")
            if args.against and old.get(key) != d:
                bad += 1
                print("differs from", args.against, key)
            continue
        if digest(data, url, native=True) != digest(data, url, native=False):
            bad += 1
            print("native and Python differ:", key)
    print(f"{n} pages, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
