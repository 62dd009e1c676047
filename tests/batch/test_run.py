"""Batch runs end to end: inputs, ids, JSONL/folder output, resume, bad pages, time and
memory limits, crashes, online mode against a local HTTP server, scoring with score.py."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from maintext.batch.run import (
    BatchConfig,
    Task,
    find_pages,
    read_done_ids,
    read_url_list,
    run_batch,
    run_task,
    strip_html_suffix,
)
from maintext.cli import main
from maintext.errors import MaintextError
from maintext.options import Options

from ..conftest import SHARED
from ..helper_methods import register_all
from ..helpers_http import LocalServer

SCORE = SHARED / "bench" / "score.py"


def article(n: int | str, words: str = "") -> str:
    return (f"<html><head><title>Article {n}</title></head><body><ul><li>Home</li></ul>"
            f"<p>First paragraph of article {n} {words} is long enough.</p>"
            f"<p>Second paragraph of article {n} closes the story.</p></body></html>")


@pytest.fixture(autouse=True)
def test_methods():
    register_all()


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    """A folder tree with .html, .htm, .html.gz, a nested folder and a non-HTML file."""
    root = tmp_path / "pages"
    (root / "sub" / "deeper").mkdir(parents=True)
    (root / "a.html").write_text(article("a"), encoding="utf-8")
    (root / "b.htm").write_text(article("b"), encoding="utf-8")
    (root / "sub" / "c.html.gz").write_bytes(gzip.compress(article("c").encode()))
    (root / "sub" / "deeper" / "d.HTML").write_text(article("d"), encoding="utf-8")
    (root / "notes.txt").write_text("not a page", encoding="utf-8")
    return root


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


# ----------------------------------------------------------------------------- inputs

def test_ids_strip_html_suffixes():
    assert strip_html_suffix("x.html.gz") == "x"
    assert strip_html_suffix("x.HTM") == "x"
    assert strip_html_suffix("a.b.html") == "a.b"


def test_find_pages_recursive_and_unique_ids(pages: Path, tmp_path: Path):
    (pages / "sub" / "a.html").write_text(article("a2"), encoding="utf-8")  # same name twice
    tasks = find_pages([pages])
    ids = sorted(t.id for t in tasks)
    assert ids == ["a", "b", "c", "sub/a", "sub/deeper/d"] or ids == ["a", "b", "c", "d", "sub/a"]
    assert sorted(t.id for t in tasks if t.id.endswith("a")) == ["a", "sub/a"]
    assert len(set(ids)) == len(ids) == 5
    with pytest.raises(Exception, match="no such file"):
        find_pages([tmp_path / "missing"])


def test_read_url_list(tmp_path: Path):
    f = tmp_path / "urls.txt"
    f.write_text("# comment\n\nhttp://x.test/1\nmyid http://x.test/2\nhttp://x.test/1\na b c\n")
    tasks = read_url_list(f)
    assert [(t.id, t.url) for t in tasks] == [
        ("http://x.test/1", "http://x.test/1"), ("myid", "http://x.test/2"), ("a b c", "a b c")]
    assert tasks[2].error and tasks[2].error.startswith("FetchError")


# ----------------------------------------------------------------------------- offline

def test_offline_batch_jsonl_readable_by_score(pages: Path, tmp_path: Path):
    out = tmp_path / "out.jsonl"
    code, _, err = cli("batch", str(pages), "--method", "t_para", "-o", str(out), "--workers", "2",
                       "--no-progress")
    assert code == 0, err
    assert "4 pages: 4 ok, 0 empty, 0 failed" in err and "pages/s" in err
    records = {r["id"]: r for r in read_jsonl(out)}
    assert set(records) == {"a", "b", "c", "d"}
    assert records["c"]["title"] == "Article c"
    assert records["c"]["text"].splitlines()[0] == "First paragraph of article c is long enough."
    assert records["a"]["source"].endswith("a.html")
    for key in ("url", "date", "keywords", "author", "paragraphs"):
        assert key in records["a"]
    # a tiny dataset in the shared format: the official scorer reads our output
    ds = tmp_path / "ds"
    ds.mkdir()
    gold = [{"id": i, "text": records[i]["text"]} for i in ("a", "b", "c")]
    gold.append({"id": "d", "text": "something else entirely that the page does not say at all"})
    (ds / "gold.jsonl").write_text("\n".join(json.dumps(g) for g in gold) + "\n")
    if not SCORE.is_file():
        pytest.skip("shared score.py not present")
    proc = subprocess.run([sys.executable, str(SCORE), str(ds), str(out), "--json", str(tmp_path / "s.json")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "4 found, 0 missing" in proc.stdout
    scores = json.loads((tmp_path / "s.json").read_text())
    text_scores = json.dumps(scores)
    assert '"f1"' in text_scores


def test_resume_skips_done_and_repairs_torn_line(pages: Path, tmp_path: Path):
    out = tmp_path / "out.jsonl"
    code, _, err = cli("batch", str(pages), "-m", "t_para", "-o", str(out), "--workers", "1",
                       "--no-progress", "--limit", "2")
    assert code == 0, err
    assert len(read_jsonl(out)) == 2
    with open(out, "a", encoding="utf-8") as fh:  # an interrupted write
        fh.write('{"id": "half-writ')
    assert len(read_done_ids(out)) == 2
    assert out.read_text().endswith("}\n")
    code, _, err = cli("batch", str(pages), "-m", "t_para", "-o", str(out), "--workers", "1", "--no-progress")
    assert code == 0, err
    assert "2 already done" in err
    ids = [r["id"] for r in read_jsonl(out)]
    assert sorted(ids) == ["a", "b", "c", "d"]  # each once
    (pages / "a.html").write_text(article("a").replace("<li>Home</li>", "<li><a href='/'>Home</a></li>"))
    code, _, err = cli("batch", str(pages), "-m", "t_para", "-o", str(out), "--no-resume", "--workers", "1",
                       "--no-progress", "--limit", "1")
    assert code == 0 and [r["id"] for r in read_jsonl(out)] == ["a"] and read_jsonl(out)[0]["links"]
    code, _, err = cli("batch", str(pages), "-m", "t_para", "-o", str(out), "--no-resume", "--workers", "1",
                       "--no-progress", "--limit", "1", "--no-links")
    assert code == 0 and read_jsonl(out)[0]["links"] == []


def test_folder_output(pages: Path, tmp_path: Path):
    out = tmp_path / "folder"
    (pages / "empty.html").write_bytes(b"")
    (pages / "nop.html").write_text("<html><head><title>T</title></head><body><div>x</div></body></html>")
    code, _, err = cli("batch", str(pages), "-m", "t_para", "-o", str(out), "--format", "folder",
                       "--workers", "1", "--no-progress")
    assert code == 4, err  # the empty page failed: exit status 4
    text = (out / "a.txt").read_text(encoding="utf-8")
    head, body = text.split("\n\n", 1)
    assert head.splitlines() == ["Title: Article a", "Keywords: ", "Date: "]
    assert body.startswith("First paragraph of article a")
    index = {r["id"]: r for r in read_jsonl(out / "index.jsonl")}
    assert set(index) == {"a", "b", "c", "d", "empty", "nop"}
    assert index["empty"]["error"].startswith("EmptyDocumentError")
    assert index["nop"]["reason"] and index["nop"]["file"] == "nop.txt"
    assert not (out / "empty.txt").exists()
    # resume in folder mode reads the index
    code, _, err = cli("batch", str(pages), "-m", "t_para", "-o", str(out), "--format", "folder",
                       "--workers", "1", "--no-progress")
    assert code == 0 and "0 pages" in err and "6 already done" in err


def make_bad_inputs(folder: Path) -> dict[str, str]:
    """Bad pages -> what their record must show (an error type, or '' for an empty
    result with a reason)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "empty.html").write_bytes(b"")
    (folder / "blank.html").write_bytes(b"  \n\t \n")
    (folder / "garbage.html").write_bytes(bytes(range(256)) * 64)
    (folder / "truncated.html.gz").write_bytes(gzip.compress(article("t").encode() * 50)[:-40])
    (folder / "notgzip.html.gz").write_bytes(b"\x1f\x8b\x08\x00garbage-after-magic")
    (folder / "png.html").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 100)
    with open(folder / "huge.html", "wb") as fh:  # 50 MB, over the 32 MB default limit
        fh.write(b"<html><body><p>")
        fh.write(b"x" * (50 * 1024 * 1024))
    nested = "<div>" * 10000 + "<p>Deep text inside ten thousand divs.</p>" + "</div>" * 10000
    (folder / "nested.html").write_text(f"<html><body>{nested}</body></html>")
    (folder / "nobody.html").write_text("<html><head><title>only a title</title></head></html>")
    (folder / "good.html").write_text(article("good"))
    return {
        "empty": "EmptyDocumentError", "blank": "EmptyDocumentError", "garbage": "BinaryContentError",
        "truncated": "LoadError", "notgzip": "LoadError", "png": "BinaryContentError",
        "huge": "DocumentTooLargeError", "nested": None, "nobody": "", "good": None,
    }


def test_bad_inputs_one_record_each_no_traceback(tmp_path: Path):
    expected = make_bad_inputs(tmp_path / "bad")
    out = tmp_path / "bad.jsonl"
    code, _, err = cli("batch", str(tmp_path / "bad"), "-m", "t_para", "-o", str(out), "--workers", "2",
                       "--no-progress")
    assert code == 4, err  # pages failed: exit status 4
    assert "Traceback" not in err
    records = read_jsonl(out)
    assert sorted(r["id"] for r in records) == sorted(expected)  # nothing lost, nothing twice
    by_id = {r["id"]: r for r in records}
    for page_id, want in expected.items():
        rec = by_id[page_id]
        if want:
            assert rec["error"].startswith(want + ":"), rec
            assert "\n" not in rec["error"] and rec["text"] == ""
        elif want == "":
            assert "error" not in rec and rec["text"] == "" and rec["reason"], rec
        else:
            assert "error" not in rec, rec
    # past the tree-depth limit the tags are flattened (the <p> is gone, its text stays)
    assert by_id["nested"]["text"] or by_id["nested"]["reason"]


def test_per_page_time_limit_interrupts_and_batch_goes_on(tmp_path: Path):
    folder = tmp_path / "p"
    folder.mkdir()
    for i in range(3):
        (folder / f"p{i}.html").write_text(article(i))
    cfg = BatchConfig(method="t_sleep", out=tmp_path / "o.jsonl", workers=2, timeout=0.5, progress=False)
    summary = run_batch(cfg, [folder])
    assert summary.failed == 3 and summary.seconds < 10
    records = read_jsonl(tmp_path / "o.jsonl")
    assert len(records) == 3
    assert all(r["error"].startswith("PageTimeoutError: page took longer than the limit of 0.5 s")
               for r in records)


def test_time_limit_in_process(tmp_path: Path):
    record, fatal = run_task(Task(id="x", path=None, content=article(1).encode()), "t_sleep", Options(), 0.3)
    assert record["error"].startswith("PageTimeoutError") and not fatal


def test_stuck_worker_is_killed_and_replaced(tmp_path: Path):
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "stuck.html").write_text(article("s"))
    cfg = BatchConfig(method="t_stuck", out=tmp_path / "o.jsonl", workers=2, timeout=0.2, progress=False)
    summary = run_batch(cfg, [folder])
    (rec,) = read_jsonl(tmp_path / "o.jsonl")
    assert rec["error"].startswith("PageTimeoutError") and "worker killed" in rec["error"]
    assert summary.seconds < 8


def test_memory_limit_and_crash_cost_one_page_each(tmp_path: Path):
    folder = tmp_path / "p"
    folder.mkdir()
    for i in range(2):
        (folder / f"p{i}.html").write_text(article(i))
    cfg = BatchConfig(method="t_hog", out=tmp_path / "hog.jsonl", workers=2, timeout=20, max_memory_mb=600,
                      progress=False)
    run_batch(cfg, [folder])
    recs = read_jsonl(tmp_path / "hog.jsonl")
    assert len(recs) == 2 and all(r["error"].startswith("MemoryLimitError") for r in recs), recs
    cfg = BatchConfig(method="t_crash", out=tmp_path / "crash.jsonl", workers=2, timeout=20, progress=False)
    run_batch(cfg, [folder])
    recs = read_jsonl(tmp_path / "crash.jsonl")
    assert len(recs) == 2 and all(r["error"].startswith("WorkerCrashError") for r in recs), recs


def test_batch_usage_errors(tmp_path: Path, pages: Path):
    code, _, err = cli("batch", str(pages), "-m", "no_such_method", "-o", str(tmp_path / "x.jsonl"))
    assert code == 1 and err.count("\n") == 1 and "unknown method" in err
    code, _, err = cli("batch", "-o", str(tmp_path / "x.jsonl"), "-m", "t_para")
    assert code == 2 and "INPUT" in err
    empty = tmp_path / "nothing"
    empty.mkdir()
    code, _, err = cli("batch", str(empty), "-o", str(tmp_path / "x.jsonl"), "-m", "t_para")
    assert code == 1 and "no input pages" in err


# ----------------------------------------------------------------------------- online

def test_online_batch_against_local_server(tmp_path: Path, pages: Path):
    with LocalServer() as server:
        urls = tmp_path / "urls.txt"
        lines = [server.url("/page/1"), server.url("/page/2"), "p3 " + server.url("/page/3"),
                 server.url("/missing"), server.url("/slow"), server.url("/redirect"),
                 server.url("/gbk"), server.url("/image"), "ftp://127.0.0.1/file.html", server.url("/loop")]
        urls.write_text("\n".join(lines) + "\n")
        out = tmp_path / "online.jsonl"
        code, _, err = cli("batch", str(pages), "--urls", str(urls), "-m", "t_para", "-o", str(out),
                           "--fetch-timeout", "1", "--retries", "0", "--workers", "2", "--no-progress",
                           "--allow-private")
        assert code == 4, err  # pages failed: exit status 4
    records = {r["id"]: r for r in read_jsonl(out)}
    assert len(records) == len(lines) + 4  # 4 offline pages too: nothing lost
    assert records[server.url("/page/1")]["text"].startswith("Paragraph one of local article 1")
    assert records["p3"]["title"] == "Local article 3"
    assert records[server.url("/missing")]["error"].startswith("FetchError") and "404" in records[
        server.url("/missing")]["error"]
    assert "Timeout" in records[server.url("/slow")]["error"]
    redirected = records[server.url("/redirect")]
    assert redirected["url"] == server.url("/page/redirected") and "redirected" in redirected["text"]
    assert records[server.url("/gbk")]["text"].startswith("中文正文内容")
    assert records[server.url("/image")]["error"].startswith("FetchError")
    assert records["ftp://127.0.0.1/file.html"]["error"].startswith("FetchError")
    assert records[server.url("/loop")]["error"].startswith("FetchError")
    assert "failed" in err and "pages/s" in err


def test_workers_that_keep_dying_abort_the_batch_clearly(tmp_path: Path):
    folder = tmp_path / "p"
    folder.mkdir()
    for i in range(8):
        (folder / f"p{i}.html").write_text(article(i))
    cfg = BatchConfig(method="t_crash", out=tmp_path / "o.jsonl", workers=2, timeout=20, progress=False)
    with pytest.raises(MaintextError, match="in a row died before finishing a page"):
        run_batch(cfg, [folder])
    recs = read_jsonl(tmp_path / "o.jsonl")
    assert len(recs) == 5 and all(r["error"].startswith("WorkerCrashError") for r in recs)


@pytest.mark.parametrize("per_host", [1, 3])
def test_per_host_concurrency_limit(tmp_path: Path, per_host: int):
    from maintext.batch.run import fetch_tasks

    with LocalServer() as server:
        tasks = [Task(id=str(i), url=server.url(f"/wait/{i}")) for i in range(6)]
        cfg = BatchConfig(method="t_para", out=tmp_path / "x", fetch_threads=4, per_host=per_host,
                          fetch_timeout=5, fetch_retries=0, options=Options(allow_private=True))
        fetched = list(fetch_tasks(tasks, cfg))
        assert sorted(t.id for t in fetched) == [str(i) for i in range(6)]
        assert all(t.content and not t.error for t in fetched)
        if per_host == 1:
            assert server.max_in_flight == 1
        else:
            assert 1 < server.max_in_flight <= 3


def test_workers_are_recycled_without_losing_pages(tmp_path: Path):
    folder = tmp_path / "p"
    folder.mkdir()
    for i in range(7):
        (folder / f"p{i}.html").write_text(article(i))
    cfg = BatchConfig(method="t_para", out=tmp_path / "o.jsonl", workers=2, max_tasks_per_child=2,
                      progress=False)
    summary = run_batch(cfg, [folder])
    assert summary.ok == 7
    assert sorted(r["id"] for r in read_jsonl(tmp_path / "o.jsonl")) == [f"p{i}" for i in range(7)]


@pytest.mark.parametrize("workers", [1, 2])
def test_odd_results_still_give_valid_jsonl(tmp_path: Path, workers: int):
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "a.html").write_text(article("a"))
    out = tmp_path / "weird.jsonl"
    run_batch(BatchConfig(method="t_weird", out=out, workers=workers, progress=False), [folder])
    raw = out.read_bytes()
    raw.decode("utf-8")  # strict: the file is valid UTF-8
    (rec,) = read_jsonl(out)
    assert rec["text"] == "lone surrogate \ud800 here\nok" and rec["extra"]["when"] == "2020-01-02"
    out2 = tmp_path / "unpicklable.jsonl"
    run_batch(BatchConfig(method="t_unpicklable", out=out2, workers=workers, progress=False), [folder])
    (rec,) = read_jsonl(out2)
    # the worker sends the record as its JSON line: what JSON does not know becomes a string
    assert rec["text"] == "text" and rec["extra"]["callback"].startswith("<function")


def test_missing_inputs_are_one_line_errors(tmp_path: Path):
    code, _, err = cli("batch", str(tmp_path / "nope"), "-o", str(tmp_path / "x.jsonl"), "-m", "t_para")
    assert code == 1 and err.strip().count("\n") == 0 and "no such file or folder" in err
    code, _, err = cli("batch", "--urls", str(tmp_path / "nope.txt"), "-o", str(tmp_path / "x.jsonl"),
                       "-m", "t_para")
    assert code == 1 and err.strip().count("\n") == 0 and "cannot read URL list" in err
