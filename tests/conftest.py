"""Shared test fixtures: paths to the shared datasets (read in place, never copied)."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# MAINTEXT_SHARED: where the shared data sits when the repository is a worktree elsewhere
SHARED = Path(os.environ.get("MAINTEXT_SHARED") or REPO.parent / "shared")
DATASETS = SHARED / "datasets"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def dataset_dir(name: str) -> Path:
    path = DATASETS / name
    if not (path / "gold.jsonl").is_file():
        pytest.skip(f"shared dataset {name} not present at {path}")
    return path


def read_gold(name: str) -> list[dict]:
    with open(dataset_dir(name) / "gold.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def spread_pages(names: tuple[str, ...], per_set: int) -> list[tuple[bytes, str | None]]:
    """(page bytes, URL) of up to ``per_set`` pages spread over each present set of ``names``
    (none when no set is here: the caller skips)."""
    out: list[tuple[bytes, str | None]] = []
    for name in names:
        if not (DATASETS / name / "gold.jsonl").is_file():
            continue
        gold = read_gold(name)
        for g in gold[:: max(1, len(gold) // per_set)][:per_set]:
            with gzip.open(DATASETS / name / g["file"], "rb") as fh:
                out.append((fh.read(), g.get("url")))
    return out


def page_bytes(name: str, page_id: str) -> bytes:
    with gzip.open(dataset_dir(name) / "pages" / f"{page_id}.html.gz", "rb") as fh:
        return fh.read()
