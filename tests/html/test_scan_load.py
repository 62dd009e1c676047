"""The C passes over a page's bytes before parsing against their Python twins:
``_scan.control_counts`` (decode.check_binary's sample counts), ``_scan.lt_and_markers`` and
``_scan.has_markers`` (document._page_bytes's ``<`` count and marker test),
``_scan.count_upto_bytes`` (limits._runaway_cut_utf8's bounded counts) and
``_raw.drop_script_bodies`` (its output written into the bytes object it returns), on random
and real pages; each at every offset of a buffer, so that every step of 16 or 128 bytes
meets the byte it looks for at every place."""

from __future__ import annotations

import gzip
import json
import os
import random
from pathlib import Path

import pytest

from maintext.html import document, walk
from maintext.io import decode

pytestmark = pytest.mark.skipif(walk.scan is None or walk.raw is None, reason="native scans not built")

_SHARED = Path(os.environ.get("MAINTEXT_SHARED", "/work/shared")) / "datasets"


def _random_pages(seed: int, count: int) -> list[bytes]:
    rng = random.Random(seed)
    pieces = [b"<", b">", b"<p>", b"</p>", b"<script>", b"</script>", b"<style>", b"</style>",
              b"<script type='x'>", b"<!--", b"\n", b"\x00", b"\x01", b"\x02", b"\x03", b"\x04",
              b"\x1b", b"\t", b"\x0b", b"\x1f", b"a", b"text ", b"\xe4\xb8\xad", b"\"", b"'"]
    pages = [b"", b"<", b"\x00" * 5000, bytes(range(256)) * 20]
    for _ in range(count):
        pages.append(b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 400))))
    return pages


def _real_pages(count: int) -> list[bytes]:
    out = []
    for name in ("aeb", "gne-cn", "dragnet"):
        gold = _SHARED / name / "gold.jsonl"
        if not gold.exists():
            continue
        with open(gold, encoding="utf-8") as fh:
            for line in list(fh)[:count]:
                out.append(gzip.open(_SHARED / name / json.loads(line)["file"]).read())
    return out


def _python_control_counts(data: bytes) -> tuple[int, int]:
    sample = data[:decode._BINARY_SAMPLE]
    return sample.count(b"\x00"), len(sample) - len(sample.translate(None, decode._CONTROL_BYTES))


def test_control_counts_twin():
    for data in _random_pages(11, 3000) + _real_pages(20):
        for limit in (decode._BINARY_SAMPLE, 7, 0):
            sample = data[:limit]
            assert walk.scan.control_counts(data, limit) == _python_control_counts(sample), data[:80]
        assert walk.scan.control_counts(data, decode._BINARY_SAMPLE) == _python_control_counts(data)


def test_control_counts_every_byte():
    for b in range(256):
        data = bytes([b]) * 3
        assert walk.scan.control_counts(data, 4096) == _python_control_counts(data), b


def test_check_binary_same_without_the_c_pass(monkeypatch):
    pages = _random_pages(12, 500)
    def outcome(data):
        try:
            decode.check_binary(data)
            return None
        except Exception as exc:  # noqa: BLE001
            return str(exc)
    native = [outcome(p) for p in pages]
    monkeypatch.setattr(decode, "_native_scan", lambda: None)
    assert [outcome(p) for p in pages] == native


def test_lt_and_markers_twin():
    for data in _random_pages(13, 3000) + _real_pages(20) + [b"<" * 1000, b"x" * 254 + b"\x03"]:
        expected = (data.count(b"<"), any(bytes([b]) in data for b in document._MARKER_BYTES))
        assert walk.scan.lt_and_markers(data) == expected, data[:80]


def test_has_markers_twin():
    for data in _random_pages(16, 3000) + _real_pages(20) + [b"x" * 254 + b"\x03"]:
        expected = any(bytes([b]) in data for b in document._MARKER_BYTES)
        assert walk.scan.has_markers(data) == expected, data[:80]
    for low in (0, 1, 2, 3, 4, 0x80, 0xFF):
        for size in (1, 15, 16, 17, 127, 128, 129, 300):
            for at in range(size):
                data = bytearray(b"a" * size)
                data[at] = low
                assert walk.scan.has_markers(bytes(data)) == (low < 4), (low, size, at)


def test_count_upto_bytes_is_the_count_cut_at_most():
    rng = random.Random(17)
    for data in _random_pages(18, 300) + [b"=" * 3000, b"a=" * 700]:
        for _ in range(4):
            start = rng.randint(0, len(data) + 2)
            end = rng.randint(0, len(data) + 5)
            most = rng.choice([0, 1, 3, 257, 1025])
            expected = min(data.count(b"=", start, end), most)
            assert walk.scan.count_upto_bytes(data, 0x3D, most, start, end) == expected


def test_page_bytes_same_without_the_c_passes(monkeypatch):
    pages = [p for p in _random_pages(14, 800) + _real_pages(10) if p]
    native = [document._page_bytes(None, p) for p in pages]
    monkeypatch.setattr(walk, "ENABLED", False)
    assert [document._page_bytes(None, p) for p in pages] == native


def test_drop_script_bodies_twin():
    for data in _random_pages(15, 3000) + _real_pages(20):
        assert walk.raw.drop_script_bodies(data) == document._drop_bodies(data), data[:80]
    plain = b"<p>no script</p>" * 100
    assert walk.raw.drop_script_bodies(plain) is plain  # nothing to drop: the input itself
