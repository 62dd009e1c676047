"""The whole ``Page`` record of every shared page, digested, to prove a change leaves output alone.

    python benchmarks/record_identity.py --dump F [--sets aeb dragnet ...] [--sample N]
    python benchmarks/record_identity.py --against F [--sets ...] [--sample N]

For every page of every set (or the first N of each with ``--sample``), runs ``auto`` for the
full record (``fields=("text", "metadata", "links")``), for the text alone and with the
default fields (None), and digests each ``Page`` as JSON (``dataclasses.asdict``: text,
blocks, metadata, links, page type...). ``--dump F`` writes one line per page (set/id and the
three digests); ``--against F`` compares with such a file (made on an older commit, or with
``MAINTEXT_NATIVE=0``), prints the pages that differ and exits 1 when any does.
``benchmarks/identity.py`` compares the text and blocks only; this covers the metadata pass.
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
FIELDS = (("text", "metadata", "links"), ("text",), None)  # the full record, text only, the default


def pages(sets: list[str], sample: int | None):
    for name in sets:
        gold = [json.loads(line) for line in open(DATASETS / name / "gold.jsonl", encoding="utf-8")]
        for g in gold[:sample]:
            yield f"{name}/{g['id']}", gzip.open(DATASETS / name / g["file"]).read(), g.get("url")


def digests(data: bytes, url: str | None) -> str:
    """The SHA-1 of each :data:`FIELDS` record's JSON (or the error's name), space separated."""
    parts = []
    for fields in FIELDS:
        try:
            page = maintext.extract(data, url=url, fields=fields)
            parts.append(json.dumps(asdict(page), ensure_ascii=False, sort_keys=True, default=repr))
        except MaintextError as exc:
            parts.append(f"error {type(exc).__name__}")
    return " ".join(hashlib.sha1(p.encode("utf-8")).hexdigest() for p in parts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="*", default=sorted(p.name for p in DATASETS.iterdir() if (p / "gold.jsonl").exists()))
    ap.add_argument("--sample", type=int, default=None)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--dump", help="write the digests of every page to this file")
    group.add_argument("--against", help="compare with a file --dump wrote")
    args = ap.parse_args()
    old = {}
    if args.against:
        old = dict(line.split("\t", 1) for line in open(args.against, encoding="utf-8").read().splitlines())
    out = open(args.dump, "w", encoding="utf-8") if args.dump else None
    n = bad = 0
    for key, data, url in pages(args.sets, args.sample):
        n += 1
        d = digests(data, url)
        if out is not None:
            out.write(f"{key}\t{d}\n")
        elif old.get(key) != d:
            bad += 1
            print("differs from", args.against, key, flush=True)
    if out is not None:
        out.close()
        print(f"{n} pages written to {args.dump}")
        return 0
    print(f"{n} pages, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
