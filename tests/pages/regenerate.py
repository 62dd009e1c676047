"""Golden pages: run every case and (re)write its expected files.

    python tests/pages/regenerate.py            # rewrite every case's expected files
    python tests/pages/regenerate.py CASE ...   # only these cases

Each case is a folder ``tests/pages/<case>/`` holding ``source.html`` (bytes as served)
and, written by this script, ``expected.txt`` (the main text), ``expected-blocks.json``
(the typed blocks, fields at their default value left out) and ``expected-metadata.json``
(the metadata fields, or the error a bad input raises). ``tests/pages/test_pages.py``
compares every case with them; run this script when a change of output is intended and
review the diff of the expected files.
"""

from __future__ import annotations

import json
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":  # run as a script from anywhere: import the tree it sits in
    sys.path.insert(0, str(HERE.parents[1]))

import maintext  # noqa: E402
from maintext.errors import MaintextError  # noqa: E402
from maintext.result import Span, TextBlock  # noqa: E402

METADATA_FIELDS = ("title", "headline", "date", "author", "keywords", "description", "sitename",
                   "language", "is_content_page", "reason")
_BLOCK_DEFAULTS = {f.name: f.default for f in fields(TextBlock) if f.name != "spans"}


def case_dirs() -> list[Path]:
    return sorted(p for p in HERE.iterdir() if (p / "source.html").is_file())


def case_url(case: Path) -> str:
    return f"https://example.org/news/2024/05/{case.name}.html"


def block_json(block: TextBlock) -> dict[str, Any]:
    out: dict[str, Any] = {k: getattr(block, k) for k, default in _BLOCK_DEFAULTS.items()
                           if k in ("kind", "text") or getattr(block, k) != default}
    if block.spans:
        out["spans"] = [_span_json(s) for s in block.spans]
    return out


def _span_json(span: Span) -> dict[str, Any]:
    out: dict[str, Any] = {"start": span.start, "end": span.end, "kind": span.kind}
    if span.href is not None:
        out["href"] = span.href
    return out


def run_case(case: Path) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    """(text, blocks, metadata) of one case, as the expected files hold them."""
    data = (case / "source.html").read_bytes()
    try:
        page = maintext.extract(data, url=case_url(case))
    except MaintextError as exc:
        return "", [], {"error": type(exc).__name__}
    meta = {name: getattr(page, name) for name in METADATA_FIELDS}
    if meta["is_content_page"] is None:
        del meta["is_content_page"]  # the classifier did not run
    return page.text, [block_json(b) for b in page.blocks], meta


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1) + "\n"


def write_case(case: Path) -> None:
    text, blocks, meta = run_case(case)
    (case / "expected.txt").write_text(text + "\n" if text else "", encoding="utf-8")
    (case / "expected-blocks.json").write_text(dumps(blocks), encoding="utf-8")
    (case / "expected-metadata.json").write_text(dumps(meta), encoding="utf-8")


def main(argv: list[str]) -> int:
    cases = case_dirs()
    if argv:
        cases = [c for c in cases if c.name in argv]
    for case in cases:
        write_case(case)
        print(f"wrote {case.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
