"""The page-type decision of ``auto`` is unchanged by a change to the Block-List view or the
classifier: on every page of every shared set, compares this tree's ``block_list`` and
``auto``'s ``classify_with_links`` of the segmentation's view (``page_view``) with a reference
``html/blocklist.py`` (default: main's, read with ``git show``) and ``classify_with_links`` of
its Block-List, on the very segmentation ``auto`` made of the page.

    python benchmarks/pagetype_identity.py [--ref REV] [--sets aeb ...] [--sample N]

Compares every Block-List block (tag, parent, depth, end, chars, link chars, links, weight,
text) and the decision (is_content_page, confidence, link density: equal within 1e-9).
Prints the pages that differ; exits 1 when any does. The text ``auto`` returns depends on
the segmentation and on this decision only, so equal decisions mean equal text.
"""

from __future__ import annotations

import argparse
import copy
import gzip
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import maintext
import maintext.methods.auto  # noqa: F401 - the module, read from sys.modules below
from maintext.errors import MaintextError
from maintext.html.blocklist import block_list, page_view
from maintext.pagetype.classifier import classify_with_links

AUTO = sys.modules["maintext.methods.auto"]
DATASETS = Path(os.environ.get("MAINTEXT_SHARED", Path(__file__).resolve().parents[2] / "shared")) / "datasets"
_FIELDS = ("tag", "parent", "depth", "end", "chars", "link_chars", "links", "weight", "text",
           "in_form", "in_comments")


def reference_module(rev: str):
    """``maintext/html/blocklist.py`` at ``rev``, loaded beside the current one."""
    root = Path(__file__).resolve().parents[1]
    src = subprocess.run(["git", "-C", str(root), "show", f"{rev}:maintext/html/blocklist.py"],
                         check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "blocklist_ref.py"
    path.write_text(src, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("maintext.html._blocklist_ref", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ref", default="main")
    ap.add_argument("--sets", nargs="*", default=sorted(p.name for p in DATASETS.iterdir()
                                                         if (p / "gold.jsonl").exists()))
    ap.add_argument("--sample", type=int)
    args = ap.parse_args()
    ref = reference_module(args.ref)
    captured: list = []
    current = AUTO.page_view

    def capture(seg, signals=None):
        captured.append((seg, copy.copy(signals)))
        return current(seg, signals)

    AUTO.page_view = capture
    pages = classified = bad = 0
    for name in args.sets:
        gold = [json.loads(line) for line in open(DATASETS / name / "gold.jsonl", encoding="utf-8")]
        for g in gold[:args.sample]:
            pages += 1
            captured.clear()
            try:
                maintext.extract(gzip.open(DATASETS / name / g["file"]).read(), url=g.get("url"),
                                 with_metadata=False)
            except MaintextError:
                pass
            for seg, signals in captured:
                classified += 1
                a = block_list(seg, copy.copy(signals))
                b = ref.block_list(seg, copy.copy(signals))
                da = classify_with_links(page_view(seg, copy.copy(signals)), g.get("url"))
                db = classify_with_links(b, g.get("url"))
                same = (len(a.blocks) == len(b.blocks) and a.signals == b.signals
                        and all(getattr(x, f) == getattr(y, f) for x, y in zip(a.blocks, b.blocks)
                                for f in _FIELDS)
                        and da[0] == db[0] and abs(da[1] - db[1]) <= 1e-9 and abs(da[2] - db[2]) <= 1e-9)
                if not same:
                    bad += 1
                    print(f"DIFFERS {name}/{g['id']}: {da} vs {db}", flush=True)
    print(f"{pages} pages, {classified} classified, {bad} differ (reference {args.ref})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
