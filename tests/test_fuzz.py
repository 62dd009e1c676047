"""A bounded, seeded sample of the fuzz harness (``benchmarks/fuzz.py``): a few hundred
mutated pages and adversarial files, each in a capped worker process. Every input must
end in a result or a ``MaintextError``: no other exception, no timeout, no crash, and the
worker stays under 1 GB."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from .conftest import REPO

pytestmark = pytest.mark.slow


def _fuzz_module():
    spec = importlib.util.spec_from_file_location("maintext_fuzz", REPO / "benchmarks" / "fuzz.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_fuzz_sample(tmp_path):
    fuzz = _fuzz_module()
    fuzz.MAX_FLOOD = 50_000  # the long run makes floods of up to a million; the sample stays quick
    summary = fuzz.fuzz(300, seed=20261123, out=tmp_path, timeout=60.0, slow=10.0, memory_mb=3072,
                        seed_pages=150)
    report = "\n".join(summary.lines()) + "\n" + (tmp_path / "failures.jsonl").read_text()
    assert summary.inputs == 300
    assert summary.failures == 0, report
    assert summary.max_rss_mb < 1024 and summary.over_1gb == 0, report
    assert summary.outcomes["ok"] > 150, report  # mostly real pages, still read


def test_inputs_are_reproducible():
    fuzz = _fuzz_module()
    pages = [b"<html><body><p>one two three</p></body></html>", b"<p>four five</p>"]
    assert fuzz.make_input(42, 3, pages)[1] == fuzz.make_input(42, 3, pages)[1]


def test_flood_just_under_the_element_cap_stays_under_1gb():
    """The heaviest shape measured with ``benchmarks/floods.py`` (vote on ``<td>x``: ~580 MB
    at 249,000 elements), in a fresh process: under 1 GB, and under the page time limit in
    CPU seconds (the limit itself is wall-clock: on a loaded machine it would measure the load)."""
    import maintext

    spec = importlib.util.spec_from_file_location("maintext_floods", REPO / "benchmarks" / "floods.py")
    assert spec and spec.loader
    floods = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(floods)
    result = floods.run("<td>x", maintext.Options().max_elements - 1000, "vote", page_timeout=0)
    assert result["outcome"] == "ok", result
    assert result["rss_mb"] < 1024 and result["cpu"] < maintext.Options().page_timeout, result
