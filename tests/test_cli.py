"""The command line end to end: extract (file, .gz, stdin, URL, formats, -o, --explain),
methods, bench, and one-line errors on bad input (never a traceback)."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from maintext.cli import main
from maintext.registry import methods

from .conftest import REPO
from .helper_methods import register_all
from .helpers_http import LocalServer
from .batch.test_run import article, make_bad_inputs

EXAMPLE = REPO / "examples"


@pytest.fixture(autouse=True)
def test_methods():
    register_all()


def cli(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def assert_one_line_error(code: int, err: str, *words: str) -> None:
    assert code != 0
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("maintext: error: "), err
    for word in words:
        assert word in lines[0], err


def test_extract_file_gz_and_stdin(tmp_path: Path):
    f = tmp_path / "a.html"
    f.write_text(article("a"))
    code, out, err = cli("extract", str(f), "-m", "t_para")
    assert code == 0, err
    assert out == "First paragraph of article a is long enough.\nSecond paragraph of article a closes the story.\n"
    g = tmp_path / "a.html.gz"
    g.write_bytes(gzip.compress(article("a").encode()))
    assert cli("extract", str(g), "-m", "t_para")[1] == out
    assert cli("extract", "-", "-m", "t_para", stdin=article("a").encode())[1] == out


def test_extract_formats_and_output_file(tmp_path: Path):
    f = tmp_path / "a.html"
    f.write_text(article("a"))
    code, out, _ = cli("extract", str(f), "-m", "t_para", "--format", "json", "--url", "https://e.org/a")
    data = json.loads(out)
    assert code == 0 and data["title"] == "Article a" and data["url"] == "https://e.org/a"
    assert data["method"] == "t_para" and len(data["paragraphs"]) == 2
    assert data["links"] == []  # the sample page has no links
    page_links = tmp_path / "l.html"
    page_links.write_text(article("l").replace("<li>Home</li>", "<li><a href='/home'>Home</a></li>"))
    data = json.loads(cli("extract", str(page_links), "-m", "t_para", "--format", "json")[1])
    assert [link["url"] for link in data["links"]] == ["/home"] or data["links"][0]["url"].endswith("/home")
    data = json.loads(cli("extract", str(page_links), "-m", "t_para", "--format", "json", "--no-links")[1])
    assert data["links"] == []
    code, out, _ = cli("extract", str(f), "-m", "t_para", "--format", "markdown")
    assert out.startswith("First paragraph")  # the kept blocks only (--headline adds the h1)
    target = tmp_path / "out.md"
    code, out, _ = cli("extract", str(f), "-m", "t_para", "--format", "markdown", "-o", str(target))
    assert code == 0 and out == "" and target.read_text(encoding="utf-8").startswith("First paragraph")


def test_extract_url_from_local_server():
    with LocalServer() as server:
        code, out, err = cli("extract", server.url("/redirect"), "-m", "t_para", "--format", "json",
                             "--allow-private")
        assert code == 0, err
        data = json.loads(out)
        assert data["url"] == server.url("/page/redirected") and "redirected" in data["text"]
        code, _, err = cli("extract", server.url("/missing"), "-m", "t_para", "--allow-private")
        assert_one_line_error(code, err, "404")


def test_extract_explain_default_method(tmp_path: Path):
    f = tmp_path / "a.html"
    f.write_text(article("a", "with many more words " * 10))
    code, out, err = cli("extract", str(f), "--format", "json", "--explain")
    assert code == 0, err
    data = json.loads(out)
    assert data["method"] == "auto" and "explain" in data and data["text"]
    code, out, err = cli("extract", str(f), "--explain")
    assert code == 0 and out.strip() and all(json.loads(line) for line in err.splitlines())


def test_empty_result_has_reason_on_stderr(tmp_path: Path):
    f = tmp_path / "nop.html"
    f.write_text("<html><head><title>T</title></head><body><div>menu</div></body></html>")
    code, out, err = cli("extract", str(f), "-m", "t_para")
    assert code == 0 and out == "" and "no main text" in err


def test_bad_inputs_give_one_line_errors(tmp_path: Path):
    expected = make_bad_inputs(tmp_path / "bad")
    for name, error in expected.items():
        if not error:
            continue
        path = next((tmp_path / "bad").glob(name + ".*"))
        code, out, err = cli("extract", str(path), "-m", "t_para")
        assert_one_line_error(code, err)
        assert code == 1 and out == ""
    code, out, err = cli("extract", str(tmp_path / "bad" / "nested.html"), "-m", "t_para")
    assert code == 0 and "Traceback" not in err


def test_usage_errors_are_one_line(tmp_path: Path):
    assert_one_line_error(*cli("extract", str(tmp_path / "missing.html"))[::2], "no such file")
    assert_one_line_error(*cli("extract", str(tmp_path))[::2], "folder")
    f = tmp_path / "a.html"
    f.write_text(article("a"))
    assert_one_line_error(*cli("extract", str(f), "-m", "nope")[::2], "unknown method", "nope")
    assert_one_line_error(*cli("extract", "ftp://example.org/x.html")[::2])


def test_unexpected_exception_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import maintext.api

    def boom(*args, **kwargs):
        raise RuntimeError("something\nbroke")

    monkeypatch.setattr(maintext.api, "extract", boom)
    f = tmp_path / "a.html"
    f.write_text(article("a"))
    code, _, err = cli("extract", str(f))
    assert code == 3
    assert_one_line_error(code, err, "RuntimeError: something broke")


def test_methods_lists_every_registered_method():
    code, out, _ = cli("methods")
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(methods())
    names = [line.split()[0] for line in lines]
    assert "lineblock" in names and "t_para" in names
    assert any("test: text of every <p>" in line for line in lines)


def test_bench_wiring(tmp_path: Path):
    pytest.importorskip("maintext.evaluation")
    ds = tmp_path / "ds"
    (ds / "pages").mkdir(parents=True)
    gold = []
    for i in range(2):
        (ds / "pages" / f"p{i}.html.gz").write_bytes(gzip.compress(article(i).encode()))
        gold.append({"id": f"p{i}", "text": f"First paragraph of article {i} is long enough.\n"
                                            f"Second paragraph of article {i} closes the story."})
    (ds / "gold.jsonl").write_text("\n".join(json.dumps(g) for g in gold) + "\n")
    code, out, err = cli("bench", str(ds), "--methods", "t_para,lineblock")
    assert code == 0, err
    assert "t_para" in out and "lineblock" in out
    code, _, err = cli("bench", str(ds), "--methods", "t_para,nope")
    assert_one_line_error(code, err, "nope")


def test_console_script_runs_as_module(tmp_path: Path):
    f = tmp_path / "a.html"
    f.write_text(article("m", "with more words " * 20))
    proc = subprocess.run([sys.executable, "-m", "maintext", "extract", str(f), "-m", "lineblock"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    proc = subprocess.run([sys.executable, "-m", "maintext", "extract", str(tmp_path / "none.html")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


def test_example_page_extracts():
    pages = sorted(EXAMPLE.glob("*.html*"))
    if not pages:
        pytest.skip("no example page")
    code, out, err = cli("extract", str(pages[0]), "-m", "lineblock")
    assert code == 0 and len(out) > 200, err


# ----------------------------------------------------------------------------- issue 15: user mistakes


def test_output_into_a_missing_folder_or_onto_a_folder_is_a_usage_error(tmp_path: Path):
    page = EXAMPLE / "europa-plumes.html.gz"
    code, _, err = cli("extract", str(page), "-o", str(tmp_path / "missing" / "out.txt"))
    assert code == 2
    assert_one_line_error(code, err, "does not exist")
    code, _, err = cli("extract", str(page), "-o", str(tmp_path))
    assert code == 2
    assert_one_line_error(code, err, "is a folder")


def test_bench_on_a_folder_without_gold_is_an_input_error(tmp_path: Path):
    code, _, err = cli("bench", str(tmp_path), "--methods", "lineblock")
    assert code == 1
    assert_one_line_error(code, err, "gold.jsonl")


def test_anchors_on_a_file_that_is_not_jsonl_is_an_error(tmp_path: Path):
    for content in ("just some text\nand more lines\nof it\n", "one line only\n"):
        notes = tmp_path / "notes.txt"
        notes.write_text(content)
        code, _, err = cli("anchors", str(notes), "-o", str(tmp_path / "a.jsonl"))
        assert code == 1
        assert_one_line_error(code, err, "not a JSON object")


def test_explain_gives_one_decision_per_block():
    code, _, err = cli("extract", str(EXAMPLE / "europa-plumes.html.gz"), "--explain")
    assert code == 0
    decisions = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    texts = [d["text"] for d in decisions if d.get("text")]
    assert texts and len(texts) == len(set(texts)), "a block is listed twice"


def test_extract_timeout_option(tmp_path: Path):
    slow = tmp_path / "slow.html"
    slow.write_text("<html><body>" + "<div><p>word word word</p></div>" * 100000 + "</body></html>")
    code, _, err = cli("extract", str(slow), "--timeout", "0.2")
    assert code == 1
    assert_one_line_error(code, err, "time limit")


def test_unreadable_input_file_is_one_line(tmp_path: Path):
    page = tmp_path / "p.html"
    page.write_text("<p>x</p>")
    page.chmod(0)
    code, _, err = cli("extract", str(page))
    page.chmod(0o644)
    if code == 0:
        pytest.skip("running as a user that reads any file")
    assert_one_line_error(code, err)
