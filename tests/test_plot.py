"""The line-block distribution plot: a real PNG with the body shaded; clear errors."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from maintext.cli import main
from maintext.errors import MaintextError
from maintext.plot import body_regions, plot_distribution

pytest.importorskip("matplotlib")
lineblock = pytest.importorskip("maintext.methods.lineblock")

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def page_with_body() -> str:
    nav = "\n".join(f"<li><a href='/{i}'>link {i}</a></li>" for i in range(30))
    body = "\n".join(f"<p>Sentence number {i} of the article body, long enough to be counted as text "
                     f"by the line-block distribution of the page.</p>" for i in range(12))
    foot = "\n".join(f"<div>footer {i}</div>" for i in range(20))
    return f"<html><head><title>T</title></head><body><ul>\n{nav}\n</ul>\n{body}\n{foot}\n</body></html>"


def test_plot_command_writes_png(tmp_path: Path):
    src = tmp_path / "p.html"
    src.write_text(page_with_body())
    out = tmp_path / "curve.png"
    result = CliRunner().invoke(main, ["plot", str(src), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    data = out.read_bytes()
    assert data.startswith(PNG_MAGIC) and len(data) > 5000
    assert "body lines" in result.stderr


def test_body_regions():
    assert body_regions(SimpleNamespace(chosen=[(3, 9), (12, 20)], start=3, end=20)) == [(3, 9), (12, 20)]
    assert body_regions(SimpleNamespace(chosen=[], start=4, end=8)) == [(4, 8)]
    assert body_regions(SimpleNamespace(start=None, end=None)) == []


def test_plot_without_body_and_bad_target(tmp_path: Path):
    dist = SimpleNamespace(lines=["a"] * 5, blocks=[0, 1, 2, 1, 0], start=None, end=None)
    plot_distribution(dist, tmp_path / "flat.png")
    assert (tmp_path / "flat.png").read_bytes().startswith(PNG_MAGIC)
    with pytest.raises(MaintextError, match="cannot write"):
        plot_distribution(dist, tmp_path / "no" / "such" / "dir.png")


def test_missing_matplotlib_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    src = tmp_path / "p.html"
    src.write_text(page_with_body())
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import now raises ImportError
    result = CliRunner().invoke(main, ["plot", str(src), "-o", str(tmp_path / "x.png")])
    assert result.exit_code == 1
    assert result.stderr.strip() == "maintext: error: plotting needs matplotlib: pip install 'maintext[plot]'"


def test_plot_missing_source(tmp_path: Path):
    result = CliRunner().invoke(main, ["plot", str(tmp_path / "none.html"), "-o", str(tmp_path / "x.png")])
    assert result.exit_code == 1 and "no such file" in result.stderr
