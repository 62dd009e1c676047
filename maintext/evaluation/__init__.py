"""Evaluation: scoring extraction output against a dataset's gold, and benchmarking methods.

* :mod:`.scoring`: gold records and predictions in, the benchmark scorer's metrics out
  (shingle P/R/F1 for text gold, snippet counts for ``with``/``without`` gold, coverage).
* :mod:`.bench`: dataset folders and method names in, scored and timed rows out
  (``maintext bench``), plus the predictions file the scorer reads.
"""

from .bench import (
    BenchPage, BenchRow, TimedRun, bench_row, format_table, load_pages, maintext_runner,
    run_bench, time_extractor, warm_up, write_predictions,
)
from .scoring import (
    SHINGLE_SIZE, ShingleMatch, gold_kind, harmonic, headline, match_shingles, read_gold,
    score_gold, score_predictions, score_snippet_pages, score_text_pages, shingles,
    snippet_counts, snippet_scores, squeeze, text_scores, word_tokens,
)

__all__ = [
    "BenchPage", "BenchRow", "TimedRun", "bench_row", "format_table", "load_pages",
    "maintext_runner", "run_bench", "time_extractor", "warm_up", "write_predictions",
    "SHINGLE_SIZE", "ShingleMatch", "gold_kind", "harmonic", "headline", "match_shingles",
    "read_gold", "score_gold", "score_predictions", "score_snippet_pages", "score_text_pages",
    "shingles", "snippet_counts", "snippet_scores", "squeeze", "text_scores", "word_tokens",
]
