"""Every golden page renders to its expected Markdown (``python tests/output/golden_markdown.py``
rewrites them when a change is intended)."""

from __future__ import annotations

import pytest

from tests.output.golden_markdown import case_dirs, case_markdown

CASES = [c for c in case_dirs() if (c / "expected.md").is_file()]


@pytest.mark.skipif(not CASES, reason="no golden page with expected.md")
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case):
    assert case_markdown(case) == (case / "expected.md").read_text(encoding="utf-8")
