"""Golden pages: every case in tests/pages/<case>/ gives its expected text, typed blocks and
metadata (``python tests/pages/regenerate.py`` rewrites them when a change is intended)."""

from __future__ import annotations

import json

import pytest

import maintext
from maintext.errors import MaintextError
from tests.pages.regenerate import case_dirs, case_url, run_case

CASES = case_dirs()


def test_there_are_enough_cases():
    assert len(CASES) >= 30


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case):
    text, blocks, meta = run_case(case)
    assert text == (case / "expected.txt").read_text(encoding="utf-8").removesuffix("\n")
    assert blocks == json.loads((case / "expected-blocks.json").read_text(encoding="utf-8"))
    assert meta == json.loads((case / "expected-metadata.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_text_only_gives_the_same_text_or_error(case):
    """A text-only extraction (no metadata pass, the page type judged only on a short result)
    keeps every case's text, bad inputs included: the same text, or the same error."""
    expected_meta = json.loads((case / "expected-metadata.json").read_text(encoding="utf-8"))
    try:
        page = maintext.extract((case / "source.html").read_bytes(), url=case_url(case), fields=("text",))
    except MaintextError as exc:
        assert expected_meta.get("error") == type(exc).__name__
        return
    assert "error" not in expected_meta
    assert page.text == (case / "expected.txt").read_text(encoding="utf-8").removesuffix("\n")
