"""Crawl scale (issue 11): Dask engine = local engine, kill-and-resume on both engines,
Parquet round trip, incoming anchors on a hand-made crawl, URL normalisation, near-duplicates."""

from __future__ import annotations

import gzip
import json
import signal
import time
from pathlib import Path

import pytest

from maintext.batch.anchors import legacy_normalize_url, normalize_url
from maintext.batch.hygiene import NearDuplicates, detect_language, minhash, similarity
from maintext.batch.run import BatchConfig, run_batch

from ..helper_methods import register_all
from .test_reliability import _start, folder_of, warc_record
from .test_run import article, cli, read_jsonl

_VOLATILE = ("extra",)


@pytest.fixture(autouse=True)
def test_methods():
    register_all()


def mixed_folder(tmp_path: Path) -> Path:
    folder = folder_of(tmp_path, 6, "mixed")
    (folder / "broken.html").write_bytes(b"<html><body><p>unclosed <div><p>text \xff\xfe<<<>>")
    (folder / "empty.html").write_bytes(b"")
    (folder / "binary.html").write_bytes(bytes(range(256)) * 40)
    (folder / "huge.html").write_bytes(b"<p>" + b"x" * (33 * 1024 * 1024))  # over the 32 MB cap
    (folder / "zipped.html.gz").write_bytes(gzip.compress(article("z").encode()))
    return folder


def _by_id(path: Path) -> dict[str, dict]:
    return {r["id"]: {k: v for k, v in r.items() if k not in _VOLATILE} for r in read_jsonl(path)}


def test_dask_engine_gives_the_same_records_as_the_local_engine(tmp_path: Path):
    pytest.importorskip("distributed")
    folder = mixed_folder(tmp_path)
    local, dask = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    run_batch(BatchConfig(method="auto", out=local, workers=2, progress=False), [folder])
    summary = run_batch(BatchConfig(method="auto", out=dask, workers=2, progress=False, engine="dask",
                                    partition_pages=3), [folder])
    a, b = _by_id(local), _by_id(dask)
    assert len(a) == 11 and a == b
    assert a["huge"]["error"].startswith("DocumentTooLargeError") and a["p001"]["text"]
    assert summary.failed == sum(1 for r in a.values() if r.get("error"))


@pytest.mark.parametrize("engine", ["local", "dask"])
def test_kill_9_and_resume_loses_nothing_and_duplicates_nothing(tmp_path: Path, engine: str):
    if engine == "dask":
        pytest.importorskip("distributed")
    folder = folder_of(tmp_path, 40)
    out = tmp_path / "o.jsonl"
    proc = _start(tmp_path, "t_nap", folder, out, engine=engine)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.is_file() or out.read_text().count("\n") < 8):
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    before = out.read_text().count("\n")
    assert 8 <= before < 40, before
    summary = run_batch(BatchConfig(method="t_nap", out=out, workers=2, progress=False, engine=engine,
                                    partition_pages=4), [folder])
    ids = [r["id"] for r in read_jsonl(out)]
    assert sorted(ids) == [f"p{i:03d}" for i in range(40)]  # each page once
    assert summary.skipped >= before - 1 and summary.total <= 40 - before + 4  # little redone


def _no_nulls(record: dict) -> dict:
    return {k: v for k, v in record.items() if v is not None and k not in _VOLATILE}


def test_parquet_round_trip_schema_nested_fields_unicode(tmp_path: Path):
    """Real batch output: the Parquet records equal the JSONL records of the same pages
    (nested links, typed blocks with their spans, unicode), and every Page field has a column."""
    pq = pytest.importorskip("pyarrow.parquet")
    from dataclasses import fields

    from maintext.batch.parquet import SCHEMA, read_records
    from maintext.result import Page

    assert {f.name for f in fields(Page)} <= set(SCHEMA.names)
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "zh.html").write_text(
        "<html><head><title>中文标题</title></head><body><article><h1>标题 ✓</h1><p>第一段正文内容比较长，"
        "包含<a href='http://例子.example/路径'>链接文字</a>和更多的文字，足够成为正文。</p><ul><li>第一项 "
        "<b>粗体</b></li><li>第二项</li></ul><p>Ünïcödé paragraph with enough words to be kept as text "
        "of the page. 🚀</p></article></body></html>", encoding="utf-8")
    (folder / "europa.html").write_bytes(article("europa").encode())
    (folder / "empty.html").write_bytes(b"")
    out, jsonl = tmp_path / "o.parquet", tmp_path / "o.jsonl"
    fields = ("--fields", "text,metadata,links,blocks,markdown")
    code, _, err = cli("batch", str(folder), "-o", str(out), "--no-progress", "--partition-pages", "1", *fields)
    assert code == 4, err  # the empty page failed
    code, _, err = cli("batch", str(folder), "-o", str(jsonl), "--no-progress", *fields)
    assert code == 4, err
    table = pq.read_table(out)
    assert table.schema.equals(SCHEMA)
    assert pq.ParquetFile(out).num_row_groups == 3  # a row group per partition
    recs = {r["id"]: r for r in read_records(out)}
    assert {k: _no_nulls(r) for k, r in recs.items()} == {r["id"]: _no_nulls(r) for r in read_jsonl(jsonl)}
    zh = recs["zh"]
    assert zh["title"] == "中文标题" and "🚀" in zh["text"]
    assert zh["links"][0]["text"] == "链接文字" and zh["links"][0]["url"].startswith("http://")
    kinds = [b["kind"] for b in zh["blocks"]]
    assert "paragraph" in kinds and "list_item" in kinds, kinds
    spans = [sp for b in zh["blocks"] for sp in b.get("spans", [])]
    assert {"kind": "link", "href": zh["links"][0]["url"]}.items() <= next(
        sp for sp in spans if sp["kind"] == "link").items()
    assert recs["empty"]["error"].startswith("EmptyDocumentError")
    assert not out.with_name("o.parquet.parts").exists() or not list(out.with_name("o.parquet.parts").glob("*.parquet"))
    # resume: nothing redone, nothing twice
    code, _, err = cli("batch", str(folder), "-o", str(out), "--no-progress", *fields)
    assert "3 already done" in err and pq.read_table(out).num_rows == 3


def test_parquet_nested_blocks_and_anchors_round_trip(tmp_path: Path):
    pytest.importorskip("pyarrow")
    from maintext.batch.parquet import ParquetSink, read_records

    block = {"kind": "paragraph", "text": "链接 and more", "level": None, "list_kind": "ol", "depth": 1,
             "number": 3, "item_start": True, "quote_depth": 0, "table": None, "row": None, "col": None,
             "header": False, "colspan": 1, "rowspan": 1, "language": None, "src": None, "alt": None,
             "spans": [{"start": 0, "end": 2, "kind": "link", "href": "http://x.example/"}]}
    record = {"id": "r1", "url": "http://x.example/a", "text": "lone \ud800 surrogate ✓", "blocks": [block],
              "links": [{"url": "http://x.example/", "text": "链接", "in_main": True}],
              "incoming_anchors": [{"text": "Home", "count": 2, "hosts": ["a.example"]}],
              "extra": {"score": 1.5}, "lang": "zh", "duplicate_of": None}
    out = tmp_path / "n.parquet"
    sink = ParquetSink(out, resume=True, part_pages=1)
    sink.write(record)
    sink.finish(lambda records: records)
    sink.close()
    (back,) = list(read_records(out))
    compact = {k: v for k, v in block.items() if v is not None}  # as result.block_to_dict gives it
    assert back["blocks"] == [compact] and back["links"] == record["links"]
    assert back["incoming_anchors"] == record["incoming_anchors"] and back["extra"] == {"score": 1.5}
    assert back["text"] == "lone \ufffd surrogate ✓"  # a lone surrogate cannot be UTF-8: replaced


def _page(n: int, links: list[tuple[str, str]]) -> bytes:
    anchors = "".join(f"<li><a href='{u}'>{t}</a></li>" for u, t in links)
    return (f"<html><head><title>Page {n}</title></head><body><ul>{anchors}</ul><article><p>Story {n} "
            f"has a paragraph that is long enough to be the main text of the page.</p></article>"
            f"</body></html>").encode()


@pytest.mark.parametrize("engine", ["local", "dask"])
def test_incoming_anchors_on_a_hand_made_crawl(tmp_path: Path, engine: str):
    pytest.importorskip("fastwarc")
    if engine == "dask":
        pytest.importorskip("distributed")
    pages = {
        "http://a.example/": [("http://B.example:80/story#top", "Water on Europa"), ("/about", "About us")],
        "http://b.example/story": [("http://a.example/?utm_source=feed", "Home of A")],
        "http://c.example/x": [("http://b.example/story", "Water on Europa"), ("http://b.example/story", "Europa"),
                               ("http://a.example/about", "About us")],
        "http://a.example/about": [("http://a.example/about", "Self link is ignored")],
    }
    warc = tmp_path / "crawl.warc.gz"
    warc.write_bytes(b"".join(gzip.compress(warc_record(u, _page(i, links), f"urn:uuid:{i}"))
                              for i, (u, links) in enumerate(pages.items())))
    out = tmp_path / "o.jsonl"
    run_batch(BatchConfig(method="auto", out=out, workers=2, progress=False, engine=engine), [warc])
    recs = {r["url"]: r for r in read_jsonl(out)}
    story = recs["http://b.example/story"]["incoming_anchors"]
    assert story == [{"text": "Water on Europa", "count": 2, "hosts": ["a.example", "c.example"]},
                     {"text": "Europa", "count": 1, "hosts": ["c.example"]}]
    assert recs["http://a.example/about"]["incoming_anchors"] == [
        {"text": "About us", "count": 2, "hosts": ["a.example", "c.example"]}]
    assert recs["http://a.example/"]["incoming_anchors"][0]["text"] == "Home of A"
    assert recs["http://c.example/x"]["incoming_anchors"] == []
    code, stdout, _ = cli("anchors", "http://b.example/story", "--db", str(out))
    assert code == 0 and json.loads(stdout)["incoming_anchors"][0]["count"] == 2


@pytest.mark.parametrize("url, want", [
    ("HTTP://Example.COM:80/a?b=1#frag", "http://example.com/a?b=1"),
    ("https://example.com:443", "https://example.com/"),
    ("https://example.com/p?utm_source=x&id=3&fbclid=y", "https://example.com/p?id=3"),
    ("https://example.com/p?b=2&a=1", "https://example.com/p?a=1&b=2"),
    ("http://example.org:8080", "http://example.org:8080/"),
    ("mailto:x@example.org", None),
    ("javascript:void(0)", None),
    ("http://[::1", None),
])
def test_url_normalisation(url: str, want: str | None):
    pytest.importorskip("courlan")
    assert normalize_url(url) == want


def test_courlan_joins_links_the_legacy_normalisation_kept_apart():
    pytest.importorskip("courlan")
    pairs = [("https://example.com/p?utm_source=x", "https://example.com/p"),
             ("https://example.com/p?b=2&a=1", "https://example.com/p?a=1&b=2")]
    assert all(normalize_url(a) == normalize_url(b) for a, b in pairs)
    assert not any(legacy_normalize_url(a) == legacy_normalize_url(b) for a, b in pairs)


STORY = ("The city council met on Tuesday evening to discuss the new budget for public libraries, "
         "schools and parks. After three hours of debate the members agreed to raise the funding for "
         "libraries by ten percent and to open two new reading rooms in the northern districts next spring. "
         "Residents who attended the meeting welcomed the decision but asked for longer opening hours.")


def test_near_duplicates_are_flagged_and_dropped_with_dedup(tmp_path: Path):
    pytest.importorskip("py3langid")
    folder = tmp_path / "p"
    folder.mkdir()
    texts = {
        "a1": STORY,
        "a2": STORY.replace("Tuesday", "Wednesday"),  # one word changed
        "a3": STORY + " Share this story.",  # a line of boilerplate added
        "b": ("Die Mannschaft gewann das Spiel am Samstag mit zwei zu eins, nachdem sie lange zurücklag. "
              "Der Trainer lobte die Moral der Spieler und die Unterstützung der Fans im Stadion sehr."),
    }
    for name, text in texts.items():
        (folder / f"{name}.html").write_text(f"<html><body><article><p>{text}</p></article></body></html>")
    out = tmp_path / "o.jsonl"
    summary = run_batch(BatchConfig(method="auto", out=out, workers=2, progress=False), [folder])
    recs = _by_id(out)
    assert recs["a1"]["duplicate_of"] is None and recs["b"]["duplicate_of"] is None
    assert recs["a2"]["duplicate_of"] == "a1" and recs["a3"]["duplicate_of"] == "a1"
    assert summary.duplicates == 2
    assert recs["a1"]["lang"] == "en" and recs["b"]["lang"] == "de"
    assert "minhash" not in recs["a1"] and "link_keys" not in recs["a1"]  # used up by the crawl pass
    (folder / "a4.html").write_text(f"<html><body><article><p>{STORY.replace('ten percent', 'twelve percent')}</p></article></body></html>")
    resumed = run_batch(BatchConfig(method="auto", out=out, workers=2, progress=False), [folder])
    assert resumed.total == 1 and _by_id(out)["a4"]["duplicate_of"] == "a1"  # against pages of the earlier run
    (folder / "a4.html").unlink()
    deduped = tmp_path / "d.jsonl"
    run_batch(BatchConfig(method="auto", out=deduped, workers=2, progress=False, dedup=True), [folder])
    assert sorted(_by_id(deduped)) == ["a1", "b"]
    again = run_batch(BatchConfig(method="auto", out=deduped, workers=2, progress=False, dedup=True), [folder])
    assert again.total == 0 and again.skipped == 4  # dropped pages are not extracted again


def test_minhash_finds_near_copies_only():
    near = NearDuplicates()
    h1, h2 = minhash(STORY), minhash(STORY.replace("Tuesday", "Wednesday"))
    words = STORY.split()
    shuffled = minhash(" ".join(words[1::2] + words[::2]))  # the same words, another text
    assert similarity(h1, h2) >= 0.8 and similarity(h1, shuffled) < 0.5
    assert near.check("x", h1) is None and near.check("y", h2) == "x" and near.check("z", shuffled) is None
    assert minhash("too short") is None and detect_language("") is None


def test_dask_engine_joins_a_running_scheduler(tmp_path: Path):
    pytest.importorskip("distributed")
    import dask
    from distributed import LocalCluster

    folder = folder_of(tmp_path, 5)
    dask.config.set({"distributed.worker.daemon": False})  # workers start the page pool
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        out = tmp_path / "o.parquet"
        summary = run_batch(BatchConfig(method="t_para", out=out, fmt="parquet", progress=False, engine="dask",
                                        scheduler=cluster.scheduler_address, partition_pages=2), [folder])
        assert len(cluster.scheduler_info["workers"]) == 1  # the batch left the cluster running
    from maintext.batch.parquet import read_records

    assert summary.ok == 5 and sorted(r["id"] for r in read_records(out)) == [f"p{i:03d}" for i in range(5)]


@pytest.mark.parametrize("kind", ["folder", "warc"])
def test_a_page_that_kills_its_dask_worker_becomes_a_failure_record(tmp_path: Path, kind: str):
    """In-process pages on Dask (workers that may not start children): a page that kills the
    worker process itself fails alone, after its partition (task list or WARC byte range) was
    split; the batch goes on."""
    pytest.importorskip("distributed")
    pages = {f"p{i:03d}": article(i) for i in range(3)}
    pages["p002"] = "<html><body><p>EXIT now</p></body></html>"  # the last: two splits, four deaths
    if kind == "folder":
        source = tmp_path / "crawl"
        source.mkdir()
        for name, html in pages.items():
            (source / f"{name}.html").write_text(html)
    else:
        pytest.importorskip("fastwarc")
        source = tmp_path / "crawl.warc.gz"
        source.write_bytes(b"".join(gzip.compress(warc_record(f"http://x.example/{name}", html.encode(), name))
                                    for name, html in pages.items()))
    out = tmp_path / "out.jsonl"
    summary = run_batch(BatchConfig(method="t_exit", out=out, workers=2, progress=False, engine="dask",
                                    in_process=True, partition_pages=4, anchors=False, hygiene=False),
                        [source])
    records = {key.strip("<>"): value for key, value in _by_id(out).items()}
    assert sorted(records) == sorted(pages)
    assert records["p002"]["error"].startswith("WorkerCrashError: the Dask worker died")
    assert all(records[n]["text"] and not records[n].get("error") for n in pages if n != "p002"), \
        {n: r.get("error") for n, r in records.items()}
    assert summary.failed == 1
