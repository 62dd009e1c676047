"""Corpus hygiene per record: the language of the extracted text, and near-duplicates.

Takes a page record; :func:`annotate` (run in the worker, beside the extraction) adds
``lang`` (ISO 639-1 code from py3langid, a maintained langid.py with its model inside the
package: nothing is downloaded at run time; extra ``maintext[hygiene]``) and ``simhash``
(64-bit SimHash of the text's word 3-shingles, 16 hex digits). :class:`NearDuplicates`
(run in the driver's pass over the output, pages in the order of their sources) marks a record whose SimHash
is within :data:`MAX_DISTANCE` bits of an earlier one with ``duplicate_of`` = that first
record's id. Candidates are found with 5 disjoint bands of 12-13 bits (pigeonhole: two
hashes within 4 bits share at least one band exactly), so the pass stays near-linear.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

MAX_DISTANCE = 4  # SimHash bits that may differ between near-duplicates (of 64); a line of
# boilerplate added to a 60-word story moves 4, unrelated texts differ by 19 or more
_SHINGLE = 3  # words per shingle
_MIN_WORDS = 8  # texts shorter than this get no SimHash (too short to call copies)
_LANG_CHARS = 2000  # characters of text given to the language detector (enough, and fast)
_BANDS = ((0, 13), (13, 13), (26, 13), (39, 13), (52, 12))  # (first bit, width): MAX_DISTANCE + 1 bands
_WORD = re.compile(r"\w+", re.UNICODE)

try:
    import py3langid as _langid
except ImportError:  # pragma: no cover - the extra is not installed
    _langid = None


def detect_language(text: str) -> str | None:
    """ISO 639-1 code of the text's language, or None (no text, no detector)."""
    if _langid is None or not text.strip():
        return None
    lang, _score = _langid.classify(text[:_LANG_CHARS])
    return lang


def _tokens(text: str) -> list[str]:
    """Words; for unspaced scripts (Chinese, Japanese, Thai) the characters."""
    if text.count(" ") < 0.05 * len(text):
        return [c for c in text if not c.isspace()]
    return _WORD.findall(text.lower())


def simhash(text: str) -> int | None:
    """64-bit SimHash of the text's shingles (None for a text too short to compare)."""
    import numpy as np

    tokens = _tokens(text)
    if len(tokens) < _MIN_WORDS:
        return None
    digests = b"".join(
        hashlib.blake2b(" ".join(tokens[i:i + _SHINGLE]).encode("utf-8", "surrogatepass"),
                        digest_size=8).digest()
        for i in range(len(tokens) - _SHINGLE + 1))
    bits = np.unpackbits(np.frombuffer(digests, dtype=np.uint8).reshape(-1, 8), axis=1)
    ones = bits.sum(axis=0, dtype=np.int64)  # per bit, MSB first
    value = 0
    for bit in (2 * ones > len(bits)):
        value = value << 1 | int(bit)
    return value


def annotate(record: dict[str, Any]) -> None:
    text = record.get("text") or ""
    record["lang"] = detect_language(text)
    value = simhash(text)
    record["simhash"] = None if value is None else f"{value:016x}"


class NearDuplicates:
    """First-seen SimHashes, banded for lookup; ``check`` gives the first id or None."""

    def __init__(self) -> None:
        self.bands: list[dict[int, list[tuple[int, str]]]] = [{} for _ in _BANDS]

    def check(self, page_id: str, hexhash: str | None) -> str | None:
        if not hexhash:
            return None
        value = int(hexhash, 16)
        keys = [(value >> first) & ((1 << width) - 1) for first, width in _BANDS]
        for band, key in zip(self.bands, keys):
            for other, other_id in band.get(key, ()):
                if other_id != page_id and bin(value ^ other).count("1") <= MAX_DISTANCE:
                    return other_id
        for band, key in zip(self.bands, keys):
            band.setdefault(key, []).append((value, page_id))
        return None
