"""WARC input: which records are pages, streaming, size limit, damaged archives, batch."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

pytest.importorskip("fastwarc")

from maintext.batch.run import BatchConfig, find_pages, run_batch  # noqa: E402
from maintext.errors import LoadError  # noqa: E402
from maintext.io.warc import WarcStats, is_warc_name, iter_warc_pages  # noqa: E402


def article(n: int) -> bytes:
    return (f"<html><head><title>Story {n}</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<article><p>The first paragraph of story number {n} is long enough to be the text.</p>"
            f"<p>The second paragraph of story {n} closes it with a few more words.</p></article>"
            f"</body></html>").encode()


def record(uri: str, body: bytes, *, status: str = "200 OK", ctype: str | None = "text/html; charset=utf-8",
           extra: bytes = b"", warc_type: str = "response", rid: str | None = None) -> bytes:
    head = f"HTTP/1.1 {status}\r\n".encode()
    if ctype:
        head += f"Content-Type: {ctype}\r\n".encode()
    http = head + extra + f"Content-Length: {len(body)}\r\n\r\n".encode() + body
    rid = rid or f"urn:uuid:{abs(hash((uri, warc_type))):032d}"
    warc = (f"WARC/1.0\r\nWARC-Type: {warc_type}\r\nWARC-Target-URI: {uri}\r\n"
            f"WARC-Record-ID: <{rid}>\r\nContent-Type: application/http; msgtype={warc_type}\r\n"
            f"Content-Length: {len(http)}\r\n\r\n").encode()
    return warc + http + b"\r\n\r\n"


def archive(tmp_path: Path, name: str = "crawl.warc.gz") -> Path:
    records = [
        record("http://news.example/1", article(1), rid="urn:uuid:one"),
        record("http://news.example/1", b"GET / HTTP/1.1\r\n\r\n", warc_type="request"),
        record("http://news.example/logo.png", b"\x89PNG\r\n", ctype="image/png"),
        record("http://news.example/gone", b"<p>not here</p>", status="404 Not Found"),
        record("http://news.example/2", gzip.compress(article(2)), extra=b"Content-Encoding: gzip\r\n",
               rid="urn:uuid:two"),
        record("http://news.example/3", article(3), ctype=None, rid="urn:uuid:three"),
    ]
    path = tmp_path / name
    path.write_bytes(b"".join(gzip.compress(r) for r in records))  # one gzip member per record
    return path


def test_is_warc_name():
    assert is_warc_name("a.warc.gz") and is_warc_name("B.WARC") and not is_warc_name("a.html.gz")


def test_pages_are_2xx_html_responses_decoded(tmp_path: Path):
    stats = WarcStats()
    pages = list(iter_warc_pages(archive(tmp_path), stats=stats))
    assert [(p.id, p.url) for p in pages] == [
        ("urn:uuid:one", "http://news.example/1"), ("urn:uuid:two", "http://news.example/2"),
        ("urn:uuid:three", "http://news.example/3")]
    assert pages[1].content == article(2)  # Content-Encoding: gzip undone
    assert (stats.pages, stats.not_html, stats.not_ok) == (3, 1, 1)
    assert stats.skipped_types == {"image/png": 1}


def test_size_limit_gives_an_error_instead_of_the_body(tmp_path: Path):
    pages = list(iter_warc_pages(archive(tmp_path), max_bytes=100))
    assert all(p.content is None and p.error.startswith("DocumentTooLargeError") for p in pages)


def test_missing_archive_is_a_load_error(tmp_path: Path):
    with pytest.raises(LoadError):
        list(iter_warc_pages(tmp_path / "none.warc"))


def test_find_pages_sets_warcs_apart(tmp_path: Path):
    warc = archive(tmp_path)
    (tmp_path / "a.html").write_bytes(article(9))
    warcs: list[Path] = []
    tasks = find_pages([tmp_path], warcs)
    assert [t.id for t in tasks] == ["a"] and warcs == [warc]


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("workers", [1, 2])
def test_batch_over_a_warc_extracts_each_page_and_resumes(tmp_path: Path, workers: int):
    warc = archive(tmp_path)
    out = tmp_path / "out.jsonl"
    cfg = BatchConfig(method="auto", out=out, workers=workers, progress=False, limit=2)
    assert run_batch(cfg, [warc]).ok == 2
    cfg.limit = None
    summary = run_batch(cfg, [warc])
    assert (summary.ok, summary.skipped) == (1, 2)
    records = {r["id"]: r for r in read_jsonl(out)}
    assert sorted(records) == ["urn:uuid:one", "urn:uuid:three", "urn:uuid:two"]
    assert records["urn:uuid:two"]["url"] == "http://news.example/2"
    assert "second paragraph of story 2" in records["urn:uuid:two"]["text"]
    assert "Home" not in records["urn:uuid:one"]["text"]


def test_damaged_archive_keeps_pages_before_the_damage(tmp_path: Path):
    good = archive(tmp_path, "good.warc")
    data = gzip.decompress(good.read_bytes())
    cut = data.index(b"WARC/1.0", data.index(b"urn:uuid:two"))  # the record after page two
    broken = tmp_path / "broken.warc"
    broken.write_bytes(data[:cut] + b"WARC/1.0\r\nContent-Length: 99999\r\n\r\nshort")
    out = tmp_path / "out.jsonl"
    summary = run_batch(BatchConfig(method="auto", out=out, workers=1, progress=False), [broken])
    ids = [r["id"] for r in read_jsonl(out)]
    assert ids[:2] == ["urn:uuid:one", "urn:uuid:two"]
    assert summary.ok >= 2


def test_junk_archive_is_one_failure_record_and_empty_archive_no_page(tmp_path: Path):
    junk = tmp_path / "junk.warc"
    junk.write_bytes(bytes(range(256)) * 20)
    empty = tmp_path / "empty.warc.gz"
    empty.write_bytes(b"")
    with pytest.raises(LoadError):
        list(iter_warc_pages(junk))
    assert list(iter_warc_pages(empty)) == []
    out = tmp_path / "out.jsonl"
    summary = run_batch(BatchConfig(method="auto", out=out, workers=1, progress=False), [junk, empty])
    records = read_jsonl(out)
    assert [r["id"] for r in records] == [str(junk)] and records[0]["error"].startswith("LoadError")
    assert summary.failed == 1


@pytest.mark.parametrize("name", ["many.warc", "many.warc.gz"])
def test_byte_range_splits_cover_every_page_once(tmp_path: Path, name: str):
    from maintext.io.warc import scan_warc, warc_splits

    records = [record(f"http://news.example/{i}", article(i) * (1 + i % 7), rid=f"urn:uuid:{i}") for i in range(60)]
    path = tmp_path / name
    path.write_bytes(b"".join(gzip.compress(r) for r in records) if name.endswith(".gz") else b"".join(records))
    ranges = warc_splits(path, path.stat().st_size // 9)
    assert len(ranges) >= 5 and ranges[0][0] == 0 and ranges[-1][1] == path.stat().st_size
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))  # contiguous
    ids = [e.id for start, stop in ranges for e in scan_warc(path, start=start, stop=stop)]
    assert ids == [f"urn:uuid:{i}" for i in range(60)]  # each page once, in order


@pytest.mark.parametrize("gz", [False, True])
def test_a_header_cut_short_or_invalid_is_a_damaged_entry_and_the_scan_goes_on(tmp_path: Path, gz: bool):
    from maintext.io.warc import scan_warc

    records = [record(f"http://news.example/{i}", article(i), rid=f"urn:uuid:{i}") for i in range(4)]
    pack = (lambda r: gzip.compress(r)) if gz else (lambda r: r)
    members = [pack(r) for r in records]
    cut = tmp_path / "cut.warc"  # the archive ends 20 bytes into the last record's header
    cut.write_bytes(b"".join(members[:3]) + members[3][:20])
    stats = WarcStats()
    entries = list(scan_warc(cut, stats))
    assert [e.id for e in entries[:3]] == ["urn:uuid:0", "urn:uuid:1", "urn:uuid:2"]
    assert len(entries) == 4 and entries[3].error.startswith("WarcDamageError") and stats.damaged == 1
    garbage = pack(b"WARC/1.0\r\nWARC-Type: response\r\nContent-Length: abc\r\n\r\nxx\r\n\r\n")
    middle = tmp_path / "middle.warc"  # an invalid record between two pages
    middle.write_bytes(members[0] + (garbage[:30] if gz else garbage) + b"".join(members[1:]))
    entries = list(scan_warc(middle))
    assert [e.id for e in entries if not e.error] == [f"urn:uuid:{i}" for i in range(4)]
    assert {e.error.split(":")[0] for e in entries if e.error} == {"WarcDamageError"}
