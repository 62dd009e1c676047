from __future__ import annotations

import json
import sqlite3

import pytest

from click.testing import CliRunner

from maintext.batch.anchors import collect_anchors, incoming_anchors, normalize_url
from maintext.cli import main


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records) + '{"id": "cut", "url"', encoding="utf-8")
    return path


def _crawl(tmp_path):
    return _write(tmp_path / "batch.jsonl", [
        {"id": "home", "url": "https://News.example/", "links": [
            {"url": "https://news.example/a#top", "text": "Water on  Europa"},
            {"url": "https://news.example:443/a", "text": "Europa"},
            {"url": "https://news.example/", "text": "Home"},  # to itself: ignored
            {"url": "https://elsewhere.example/x", "text": "Partner"},
            {"url": "mailto:x@example.org", "text": "Mail"},
        ]},
        {"id": "b", "url": "https://news.example/b", "links": [
            {"url": "https://news.example/a", "text": "Water on Europa"},
            {"url": "https://news.example/", "text": ""},  # no text: nothing to learn
        ]},
        {"id": "a", "url": "https://news.example/a", "links": []},
        {"id": "failed", "error": "LoadError: ...", "text": ""},
    ])


def test_normalize_url():
    assert normalize_url("HTTPS://Example.ORG:443/p?q=1#frag") == "https://example.org/p?q=1"
    assert normalize_url("http://example.org:8080") == "http://example.org:8080/"
    assert normalize_url("ftp://example.org/") is None
    assert normalize_url("http://[::1") is None


def test_incoming_anchors_per_crawled_page(tmp_path):
    db = sqlite3.connect(":memory:")
    pages, links = collect_anchors([_crawl(tmp_path)], db)
    assert (pages, links) == (3, 4)
    found = {item.id: item for item in incoming_anchors(db)}
    assert set(found) == {"a"}  # the partner site is not a page of the crawl
    assert found["a"].anchors == [("Water on Europa", 2), ("Europa", 1)]
    assert found["a"].sources == 2
    everything = {item.url for item in incoming_anchors(db, crawled_only=False)}
    assert "https://elsewhere.example/x" in everything


def test_cli_anchors(tmp_path):
    out = tmp_path / "anchors.jsonl"
    result = CliRunner().invoke(main, ["anchors", str(_crawl(tmp_path)), "-o", str(out)])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows == [{"url": "https://news.example/a", "id": "a", "sources": 2,
                     "incoming_anchors": ["Water on Europa", "Europa"], "counts": [2, 1],
                     "hosts": [["news.example"], ["news.example"]]}]


def test_page_incoming_anchors_are_typed_and_serialise_as_batch_records(tmp_path):
    import maintext
    from maintext.batch.anchors import LinkIndex
    from maintext.result import IncomingAnchor

    index = LinkIndex(tmp_path / "links.sqlite")
    index.add(json.loads(line) for line in _crawl(tmp_path).read_text().splitlines()[:-1])
    page = maintext.extract("<html><body><p>Water on Europa, a story long enough.</p></body></html>",
                            url="https://NEWS.example/a#x")
    index.annotate(page)
    assert page.incoming_anchors == [IncomingAnchor("Water on Europa", 2, ["news.example"]),
                                     IncomingAnchor("Europa", 1, ["news.example"])]
    # the JSON of the page object is the batch record's field
    assert page.to_dict()["incoming_anchors"] == index.lookup("https://news.example/a").as_record_field()
    assert IncomingAnchor.of("Europa") == IncomingAnchor("Europa", 1, [])  # a text as written before counts
    assert IncomingAnchor.of({"text": "E", "count": 3, "hosts": ["h"]}) == IncomingAnchor("E", 3, ["h"])
    index.close()


def test_cli_anchors_reads_parquet_batch_output(tmp_path):
    pytest.importorskip("pyarrow")
    from maintext.batch.parquet import ParquetSink

    records = [json.loads(line) for line in _crawl(tmp_path).read_text().splitlines()[:-1]]
    parquet = tmp_path / "batch.out"  # told by its magic bytes, whatever its name
    sink = ParquetSink(parquet, resume=False, part_pages=2)
    for record in records:
        sink.write(record)
    sink.finish(lambda recs: recs)
    sink.close()
    outs = []
    for name, source in (("j", _crawl(tmp_path)), ("p", parquet)):
        out = tmp_path / f"{name}.jsonl"
        result = CliRunner().invoke(main, ["anchors", str(source), "-o", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out.read_text())
    assert outs[0] == outs[1] and "Water on Europa" in outs[1]


def test_cli_anchors_skips_a_damaged_middle_line_and_says_so(tmp_path):
    lines = _crawl(tmp_path).read_text().splitlines()
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("\n".join(lines[:1] + ["{torn"] + lines[1:-1]) + "\n")
    out = tmp_path / "a.jsonl"
    result = CliRunner().invoke(main, ["anchors", str(damaged), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert f"1 damaged lines skipped ({damaged}:2)" in result.output
    assert json.loads(out.read_text())["id"] == "a"
