"""_scan.utf8_length (maintext.io.decode's check that the bytes stand for the text) against
Python's strict decoder, on runs of three-byte characters (its fast path) broken in every
way: overlong E0 forms, ED surrogates, bad or missing continuation bytes, at any offset."""

from __future__ import annotations

import gzip
import random

import pytest

from maintext.html import walk

from ..conftest import dataset_dir, read_gold

pytestmark = pytest.mark.skipif(walk.scan is None, reason="the C scans are not built")

_PIECES = ["中", "文", "，", "。", "ア", "한", "\u0800", "\u0fff", "\ud7ff", "\ue000", "\uffff",
           "a", " ", "<p>", "é", "\U0001f600"]
_BAD = [b"\xe0\x80\x80", b"\xe0\x9f\xbf", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xe4\xb8", b"\xe4",
        b"\xe4\x38\xad", b"\xe4\xb8\x2d", b"\xc0\x80", b"\x80", b"\xff", b"\xf4\x90\x80\x80"]


def _expected(data: bytes) -> int:
    try:
        return len(data.decode("utf-8"))
    except UnicodeDecodeError:
        return -1


def test_random_runs_of_three_byte_characters():
    rng = random.Random(11)
    for _ in range(4000):
        text = "".join(rng.choice(_PIECES) * rng.randint(1, 9) for _ in range(rng.randint(0, 12)))
        data = text.encode("utf-8")
        if rng.random() < 0.6:
            at = rng.randint(0, len(data))
            data = data[:at] + rng.choice(_BAD) + data[at:]
        if rng.random() < 0.3:
            data = data[:rng.randint(0, len(data))]  # cut anywhere, inside a character too
        assert walk.scan.utf8_length(data) == _expected(data), data


def test_every_three_byte_lead_and_second_byte():
    for lead in range(0xE0, 0xF0):
        for second in range(0x70, 0xC8):
            for tail in (0x7F, 0x80, 0xBF, 0xC0):
                data = "中文".encode() + bytes([lead, second, tail]) + "字".encode()
                assert walk.scan.utf8_length(data) == _expected(data), data


def test_real_chinese_pages():
    for row in read_gold("gne-cn")[:60]:
        data = gzip.open(dataset_dir("gne-cn") / row["file"]).read()
        assert walk.scan.utf8_length(data) == _expected(data)
        cut = data[:len(data) // 2]  # (maybe inside a character)
        assert walk.scan.utf8_length(cut) == _expected(cut)


def test_ascii_runs_with_a_character_or_a_bad_byte_at_every_offset():
    """The ASCII steps (64 and 16 bytes at a time) find the first non-ASCII byte wherever
    it stands in a step, and the run's end is where the general steps take over."""
    for size in (15, 16, 17, 63, 64, 65, 130):
        for at in range(size):
            for odd in ("é", "中", "\U0001f600", b"\x80", b"\xff", b"\xe4\xb8"):
                data = bytearray(b"a" * size)
                piece = odd.encode("utf-8") if isinstance(odd, str) else odd
                data[at:at + 1] = piece
                data = bytes(data)
                assert walk.scan.utf8_length(data) == _expected(data), (size, at, odd)
