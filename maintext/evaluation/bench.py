"""Running methods over datasets: dataset folders and method names in, scored and timed rows out.

:func:`run_bench` runs registered methods over dataset folders (``pages/<id>.html.gz`` +
``gold.jsonl``), timing each call and scoring the output with :mod:`.scoring`;
:func:`format_table` prints the rows as one block per dataset (``maintext bench``).
"""

from __future__ import annotations

import gzip
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from .scoring import headline, read_gold, score_gold


@dataclass(slots=True)
class BenchPage:
    id: str
    raw: bytes  # the page's original bytes (gzip already removed: that is storage, not input)
    url: str | None
    lang: str | None


def load_pages(dataset_dir: str | Path, limit: int | None = None) -> tuple[list[dict], list[BenchPage]]:
    """Gold records (the first ``limit``) and their pages' bytes."""
    path = Path(dataset_dir)
    gold = read_gold(path)
    if limit is not None:
        gold = gold[:limit]
    pages = []
    for rec in gold:
        rel = rec.get("file") or f"pages/{rec['id']}.html.gz"
        with gzip.open(path / rel, "rb") as fh:
            pages.append(BenchPage(rec["id"], fh.read(), rec.get("url"), rec.get("lang")))
    return gold, pages


@dataclass(slots=True)
class TimedRun:
    predictions: dict[str, str]
    seconds: float  # summed time inside the extractor calls
    errors: int
    error_examples: list[str] = field(default_factory=list)


def time_extractor(pages: Sequence[BenchPage], func: Callable[[BenchPage], str]) -> TimedRun:
    """Call ``func`` on every page, timing each call; an exception gives empty output."""
    predictions: dict[str, str] = {}
    seconds = 0.0
    errors = 0
    examples: list[str] = []
    clock = time.perf_counter
    for page in pages:
        start = clock()
        try:
            text = func(page) or ""
        except Exception as exc:  # noqa: BLE001 - any failure of the system under test is a data point
            text = ""
            errors += 1
            if len(examples) < 3:
                examples.append(f"{page.id}: {type(exc).__name__}: {str(exc)[:120]}")
        seconds += clock() - start
        predictions[page.id] = text
    return TimedRun(predictions, seconds, errors, examples)


def warm_up(func: Callable[[BenchPage], str], pages: Sequence[BenchPage]) -> None:
    """One untimed call on the first page: lazy imports and first-use caches are set-up,
    not a per-page cost (the timed run then starts from the first page again)."""
    if pages:
        try:
            func(pages[0])
        except Exception:  # noqa: BLE001 - the timed run counts the failure
            pass


def maintext_runner(method: str) -> Callable[[BenchPage], str]:
    from ..api import extract

    def run(page: BenchPage) -> str:
        return extract(page.raw, method=method, url=page.url).text

    return run


@dataclass(slots=True)
class BenchRow:
    dataset: str
    method: str
    precision: float | None
    recall: float | None
    f1: float | None  # shingle F1, or the F-score for snippet sets; None without gold
    accuracy: float | None
    pages: int
    pages_per_s: float
    errors: int
    seconds: float = 0.0
    coverage: float | None = None  # share of non-empty outputs, for sets without gold
    metric: str = "text"  # "text", "with_without" or "no_gold"
    predictions: dict[str, str] = field(default_factory=dict, repr=False)


def bench_row(dataset: str, method: str, gold: Sequence[dict], run: TimedRun) -> BenchRow:
    scores = score_gold(gold, run.predictions)
    head = headline(scores)
    metric = "text" if "text" in scores else "with_without" if "with_without" in scores else "no_gold"
    n = len(gold)
    return BenchRow(dataset=dataset, method=method, precision=head["precision"], recall=head["recall"],
                    f1=head["f1"], accuracy=head["accuracy"], pages=n,
                    pages_per_s=n / run.seconds if run.seconds > 0 else float("inf"),
                    errors=run.errors, seconds=run.seconds, coverage=head["coverage"], metric=metric,
                    predictions=run.predictions)


def run_bench(dataset_dirs: Sequence[str | Path], methods: Sequence[str],
              limit: int | None = None) -> list[BenchRow]:
    """Run each method on each dataset (first ``limit`` pages), score and time it.

    Timing covers ``maintext.extract(bytes, method=..., url=...)`` per page: decoding,
    parsing, metadata and extraction, sequentially in this process (one core), after one
    untimed warm-up call on the first page. Reading and un-gzipping the stored files is not
    timed. A page that raises counts as empty output
    and as one error.
    """
    from ..registry import get_method

    for method in methods:
        get_method(method)  # unknown names fail before any work
    rows = []
    for dataset_dir in dataset_dirs:
        path = Path(dataset_dir)
        gold, pages = load_pages(path, limit)
        for method in methods:
            runner = maintext_runner(method)
            warm_up(runner, pages)
            run = time_extractor(pages, runner)
            rows.append(bench_row(path.name, method, gold, run))
    return rows


# ----------------------------------------------------------------------------- tables


def _num(value: float | None, width: int = 6, digits: int = 3) -> str:
    return f"{'-':>{width}}" if value is None else f"{value:{width}.{digits}f}"


def format_table(rows: Sequence[BenchRow]) -> str:
    """One block per dataset: a line per method with P, R, F1, accuracy, pages/s, errors."""
    blocks: dict[str, list[BenchRow]] = {}
    for row in rows:
        blocks.setdefault(row.dataset, []).append(row)
    width = max([6] + [len(r.method) for r in rows])
    lines: list[str] = []
    for dataset, block in blocks.items():
        first = block[0]
        what = {"text": "4-gram shingle P/R/F1", "with_without": "with/without snippets, F-score",
                "no_gold": "no gold: coverage only"}[first.metric]
        if lines:
            lines.append("")
        lines.append(f"{dataset} ({first.pages} pages; {what})")
        if first.metric == "no_gold":
            lines.append(f"  {'method':<{width}} {'cover':>6} {'pages/s':>8} {'errors':>6}")
            for r in block:
                lines.append(f"  {r.method:<{width}} {_num(r.coverage)} {r.pages_per_s:8.1f} {r.errors:6d}")
            continue
        lines.append(f"  {'method':<{width}} {'P':>6} {'R':>6} {'F1':>6} {'acc':>6} {'pages/s':>8} {'errors':>6}")
        for r in block:
            lines.append(f"  {r.method:<{width}} {_num(r.precision)} {_num(r.recall)} {_num(r.f1)} "
                         f"{_num(r.accuracy)} {r.pages_per_s:8.1f} {r.errors:6d}")
    return "\n".join(lines)


def write_predictions(path: str | Path, predictions: dict[str, str]) -> None:
    """JSON lines ``{"id", "text"}``, the scorer's input format."""
    with open(path, "w", encoding="utf-8") as fh:
        for pid, text in predictions.items():
            fh.write(json.dumps({"id": pid, "text": text}, ensure_ascii=False) + "\n")
