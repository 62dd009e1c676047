"""Golden pages: every case in tests/pages/<case>/ gives its expected text, typed blocks and
metadata (``python tests/pages/regenerate.py`` rewrites them when a change is intended)."""

from __future__ import annotations

import json

import pytest

from tests.pages.regenerate import case_dirs, run_case

CASES = case_dirs()


def test_there_are_enough_cases():
    assert len(CASES) >= 30


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case):
    text, blocks, meta = run_case(case)
    assert text == (case / "expected.txt").read_text(encoding="utf-8").removesuffix("\n")
    assert blocks == json.loads((case / "expected-blocks.json").read_text(encoding="utf-8"))
    assert meta == json.loads((case / "expected-metadata.json").read_text(encoding="utf-8"))
