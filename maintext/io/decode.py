"""Decoding a page's bytes to text (the load stage's second step).

Takes bytes plus an optional HTTP ``Content-Type``; gives text, or raises
``BinaryContentError`` for bytes that are not a text page.

Decoding order (what browsers and crawlers do, plus a check that the declared label is
plausible): byte-order mark; the HTTP ``Content-Type`` charset; ``<meta charset>`` /
``http-equiv`` in the first bytes; strict UTF-8; detection with charset-normalizer.
Legacy labels are mapped the way the WHATWG Encoding Standard maps them (a page that says
GB2312 is decoded as GB18030, ISO-8859-1 as windows-1252, ...). A declared legacy charset
loses to UTF-8 when the bytes are valid UTF-8 with non-ASCII content: such pages are
UTF-8 pages with a stale declaration (common on Chinese news sites).
"""

from __future__ import annotations

import codecs
import re

from ..errors import BinaryContentError
from ..html import walk as _walk  # (a module of its own: maintext.html imports this package)

# WHATWG label -> Python codec for labels where Python's own codec differs from what
# browsers decode. Each entry exists because pages in the wild rely on the browser reading.
_LABEL_MAP: dict[str, str] = {
    # GB2312/GBK pages routinely contain GBK/GB18030-only characters.
    "gb2312": "gb18030", "gbk": "gb18030", "x-gbk": "gb18030", "gb_2312-80": "gb18030",
    "gb_2312": "gb18030", "csgb2312": "gb18030", "chinese": "gb18030", "iso-ir-58": "gb18030",
    "euc-cn": "gb18030", "cp936": "gb18030", "windows-936": "gb18030", "hz-gb-2312": "gb18030",
    # Big5 as browsers decode it is Big5-HKSCS.
    "big5": "big5hkscs", "big5-hkscs": "big5hkscs", "cn-big5": "big5hkscs", "x-x-big5": "big5hkscs",
    "csbig5": "big5hkscs",
    # Latin-1 and ASCII labels mean windows-1252 on the web (curly quotes in 0x80-0x9F).
    "iso-8859-1": "cp1252", "iso8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252",
    "l1": "cp1252", "us-ascii": "cp1252", "ascii": "cp1252", "iso_8859-1": "cp1252",
    "cp819": "cp1252", "ibm819": "cp1252", "iso-ir-100": "cp1252", "csisolatin1": "cp1252",
    "windows-1252": "cp1252", "x-cp1252": "cp1252",
    # Shift_JIS and EUC-KR are read with the Microsoft supersets.
    "shift_jis": "cp932", "shift-jis": "cp932", "sjis": "cp932", "x-sjis": "cp932",
    "ms_kanji": "cp932", "windows-31j": "cp932", "csshiftjis": "cp932",
    "euc-kr": "cp949", "ks_c_5601-1987": "cp949", "ksc5601": "cp949", "korean": "cp949",
    "windows-949": "cp949",
    # Thai and Turkish Latin labels map to their Windows supersets.
    "tis-620": "cp874", "iso-8859-11": "cp874", "windows-874": "cp874",
    "iso-8859-9": "cp1254", "latin5": "cp1254",
    # A meta tag cannot really declare UTF-16 (the page would not be readable to find it).
    "utf-16": "utf-8", "utf-16le": "utf-8", "utf-16be": "utf-8",
    "unicode": "utf-8", "utf8": "utf-8", "x-unicode20utf8": "utf-8",
}

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: it starts with the same bytes
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_BOM_PREFIXES = tuple(bom for bom, _ in _BOMS)

_META_SCAN_BYTES = 8192  # browsers prescan 1024; real pages put long heads first
_META_CHARSET = re.compile(
    rb"""<meta[^>]+?charset\s*=\s*["']?\s*([a-zA-Z0-9_:.\-]+)""", re.IGNORECASE
)
_CT_CHARSET = re.compile(r"""charset\s*=\s*["']?\s*([a-zA-Z0-9_:.\-]+)""", re.IGNORECASE)

# Leading bytes of common non-text formats: a clear error instead of mojibake.
_BINARY_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF", "PDF document"),
    (b"\x89PNG", "PNG image"),
    (b"\xff\xd8\xff", "JPEG image"),
    (b"GIF8", "GIF image"),
    (b"PK\x03\x04", "ZIP archive"),
    (b"\x1f\x8b", "gzip data"),
    (b"BZh", "bzip2 data"),
    (b"\xfd7zXZ", "xz data"),
    (b"\x7fELF", "ELF executable"),
    (b"RIFF", "RIFF media"),
    (b"OggS", "Ogg media"),
    (b"ID3", "MP3 audio"),
    (b"\x00\x00\x00", "binary data"),
)


# C0 control bytes other than tab, newline, vertical tab, form feed, carriage return (and ESC,
# which ISO-2022 encodings use): plain text has almost none of them.
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 11, 12, 13, 27))


def normalize_label(label: str | None) -> str | None:
    """Python codec name for an encoding label, WHATWG-mapped; None if unknown."""
    if not label:
        return None
    key = label.strip().strip("\"'").lower()
    mapped = _LABEL_MAP.get(key)
    if mapped:
        return mapped
    try:
        name = codecs.lookup(key).name
    except LookupError:
        return None
    return _LABEL_MAP.get(name, name)


def charset_from_content_type(content_type: str | None) -> str | None:
    if not content_type:
        return None
    m = _CT_CHARSET.search(content_type)
    return m.group(1) if m else None


def sniff_meta_charset(data: bytes) -> str | None:
    m = _META_CHARSET.search(data[:_META_SCAN_BYTES])
    return m.group(1).decode("ascii", "ignore") if m else None


def _strict(data: bytes, codec: str) -> str | None:
    try:
        return data.decode(codec)
    except (UnicodeDecodeError, LookupError):
        return None


_BINARY_PREFIXES = tuple(magic for magic, _ in _BINARY_MAGIC)


def check_binary(data: bytes) -> None:
    """Raise :class:`BinaryContentError` when ``data`` is clearly not a text document."""
    head = data[:16]
    if head.startswith(_BINARY_PREFIXES):  # (one test for all; which one, only then)
        for magic, what in _BINARY_MAGIC:
            if head.startswith(magic):
                raise BinaryContentError(f"input is {what}, not HTML")
    size = min(len(data), _BINARY_SAMPLE)
    nul, controls = _control_counts(data)
    # UTF-16/32 text has many NULs; it carries a BOM and is handled before this check.
    if nul > size // 100 + 1:
        raise BinaryContentError(f"input is binary ({nul} NUL bytes in the first {size})")
    # Random bytes have ~10% C0 control bytes; text, even damaged, well under 2%.
    if controls > size // 50 + 4:
        raise BinaryContentError("input is binary (too many control bytes)")


_BINARY_SAMPLE = 4096  # the first bytes check_binary counts


def _control_counts(data: bytes) -> tuple[int, int]:
    """(NUL bytes, _CONTROL_BYTES) in the first _BINARY_SAMPLE bytes of ``data`` (in one C
    pass when built: ``_scan.control_counts``)."""
    scan = _native_scan()
    if scan is not None:
        return scan.control_counts(data, _BINARY_SAMPLE)
    sample = data[:_BINARY_SAMPLE]
    return sample.count(b"\x00"), len(sample) - len(sample.translate(None, _CONTROL_BYTES))


# Characters decoded text almost never has, and random bytes give plenty of: C0 controls,
# replacement characters (invalid sequences), private-use and non-characters (random
# UTF-16 code units). More than 5% of them in the first 4096 characters: not a page.
_JUNK_CHARS = re.compile("[\x00-\x08\x0e-\x1a\x1c-\x1f\ud800-\udfff\ue000-\uf8ff\ufdd0-\ufdef\ufffd-\uffff]")


def check_binary_text(text: str) -> None:
    """Raise :class:`BinaryContentError` when decoded text is mostly junk characters."""
    sample = text[:4096]
    junk = len(_JUNK_CHARS.findall(sample))
    if junk > len(sample) // 20 + 8:
        raise BinaryContentError(f"input is binary ({junk} undecodable or control characters "
                                 f"in the first {len(sample)})")


def decode_html(data: bytes, *, content_type: str | None = None,
                default: str = "utf-8") -> tuple[str, str]:
    """Decode page bytes; returns ``(text, codec_name)``. Never raises on bad bytes."""
    text, codec, _ = decode_exact(data, content_type=content_type, default=default)
    return text, codec


def decode_exact(data: bytes, *, content_type: str | None = None,
                 default: str = "utf-8") -> tuple[str, str, bool]:
    """:func:`decode_html`, plus whether ``data`` is exactly the text's UTF-8 encoding."""
    text, codec, length = decode_deferred(data, content_type=content_type, default=default)
    return (data.decode("utf-8") if text is None else text), codec, length >= 0


def decode_deferred(data: bytes, *, content_type: str | None = None, default: str = "utf-8",
                    defer: bool = True) -> tuple[str | None, str, int]:
    """:func:`decode_html` without building the text when ``data`` is exactly its UTF-8
    encoding: ``(text, codec, length)``, ``length`` the text's length in characters when
    ``data`` is that encoding (else -1), and ``text`` None when it was not built (``defer``
    and the C check of :mod:`maintext.html._scan` at hand: ``data.decode("utf-8")`` is it)."""
    stray_bom = False
    boms = _BOMS if data.startswith(_BOM_PREFIXES) else ()  # (one test for all five)
    for bom, codec in boms:
        if data.startswith(bom):
            if codec.startswith("utf-16") and _not_utf16(data[len(bom):]):
                data = data[len(bom):]  # a stray BOM: decoded as if it were not there
                stray_bom = True  # (then the input is not exactly the text's UTF-8)
                break
            text = data[len(bom):].decode(codec, errors="replace")
            check_binary_text(text)  # a BOM does not make random bytes a page
            return text, codec, -1
    utf16 = _sniff_utf16(data)
    if utf16:
        text = _strict(data, utf16)
        if text is not None:
            return text, utf16, -1
    check_binary(data)
    # Try in order: strict decodes, then the same codecs allowing a few broken bytes
    # (a truncated or spliced page must not fall to the detector and become mojibake).
    # UTF-8 first, even against a legacy label: legacy bytes are almost never valid UTF-8,
    # while a legacy label on a UTF-8 page is a common stale declaration. gb18030 in
    # particular decodes nearly any bytes, so it must not be tried before UTF-8 is ruled out.
    # (Valid UTF-8 wins whatever the label: the label is read only when it is not, or
    # when the page is all ASCII, whose encoding it then names.)
    text, length = _utf8(data, defer and not stray_bom)
    if length >= 0:  # (valid UTF-8 is ASCII exactly when its text is: one byte a character)
        codec = (_declared(data, content_type) or "utf-8") if length == len(data) else "utf-8"
        return text, codec, -1 if stray_bom else length
    declared = _declared(data, content_type)
    candidates = ["utf-8"] if declared in (None, "utf-8") else ["utf-8", declared]
    for codec in candidates:
        text = _strict(data, codec) if codec != "utf-8" else None  # (strict UTF-8 failed above)
        if text is not None:
            return text, codec, -1
        text = _mostly(data, codec, trusted=codec == declared)
        if text is not None:
            return text, codec, -1
    if declared == "utf-8":
        text = _damaged_utf8(data)
        if text is not None:
            return text, "utf-8", -1
    detected = _detect(data)
    codec = detected or declared or normalize_label(default) or "utf-8"
    text = data.decode(codec, errors="replace")
    check_binary_text(text)
    return text, codec, -1


def _utf8(data: bytes, defer: bool) -> tuple[str | None, int]:
    """``(text, length)`` of ``data`` read as strict UTF-8, ``(None, -1)`` when it is not;
    ``defer``: the text is not built when the C check can tell (``(None, length)``)."""
    scan = _native_scan() if defer else None  # (read at call time: tests turn it off)
    if scan is not None:
        return None, scan.utf8_length(data)
    text = _strict(data, "utf-8")
    return text, -1 if text is None else len(text)


def _native_scan():
    """:func:`maintext.html.walk.native_scan` (read at call time: tests turn it off)."""
    return _walk.native_scan()


def _declared(data: bytes, content_type: str | None) -> str | None:
    """The codec the HTTP ``Content-Type`` names, else the page's ``<meta>`` charset."""
    return normalize_label(charset_from_content_type(content_type)) or normalize_label(
        sniff_meta_charset(data))


_ASCII = bytes(range(128))
_UTF16_PROBE = 4096


def _not_utf16(body: bytes) -> bool:
    """Whether bytes after a UTF-16 byte-order mark are clearly not UTF-16: no NUL byte in
    the first 4 KB. UTF-16 markup, spaces and newlines are ASCII, whose UTF-16 code units
    all hold a NUL byte; UTF-8 or legacy bytes read as UTF-16 give one CJK-looking character
    per two bytes, a page of garbage that also costs the methods one word per character
    (a 16 MB page: 8 million "words", ~850 MB in blocklist)."""
    return len(body) >= _UTF16_PROBE and b"\x00" not in body[:_UTF16_PROBE]


def _damaged_utf8(data: bytes) -> str | None:
    """A page declared UTF-8 whose non-ASCII bytes are mostly valid UTF-8, read as UTF-8
    with U+FFFD for the broken bytes (what a browser shows), however many are broken: a
    detector would read it as some single-byte charset and turn every valid non-ASCII
    character into mojibake. None when most non-ASCII bytes are not UTF-8 (a stale
    declaration on a legacy page, whose lone high bytes are all invalid: the detector
    decides)."""
    text = data.decode("utf-8", errors="replace")
    bad = text.count("\ufffd")  # about one per invalid byte
    high = len(data.translate(None, _ASCII))
    return text if bad * 2 <= high else None


# How broken a page may be and still be read with a codec: at most one replaced character
# per 200 (or 4 on a short page), and several correctly decoded non-ASCII characters per replaced one. Pages in
# another encoding give far more broken sequences than good ones (GBK bytes read as UTF-8:
# about one good per ten bad; windows-1252 read as UTF-8: almost none good), so 3 is a
# safe margin; a codec the page itself declares needs only as many good as bad.
_MAX_BAD_SHARE = 0.005
_MIN_BAD_ALLOWED = 4  # one broken character splits into up to 4 replacement characters
_MIN_GOOD_PER_BAD = 3
_MIN_GOOD_PER_BAD_DECLARED = 1


def _mostly(data: bytes, codec: str, *, trusted: bool = False) -> str | None:
    """``data`` decoded with ``codec`` if only a few bytes are invalid in it, else None."""
    try:
        text = data.decode(codec, errors="replace")
    except LookupError:
        return None
    bad = text.count("\ufffd")
    non_ascii = len(text) - len(text.encode("ascii", "ignore"))
    good = non_ascii - bad
    ratio = _MIN_GOOD_PER_BAD_DECLARED if trusted else _MIN_GOOD_PER_BAD
    if bad <= max(_MIN_BAD_ALLOWED, _MAX_BAD_SHARE * len(text)) and good >= ratio * bad:
        if codec == "utf-8":  # mixed pages: UTF-8 template, windows-1252 bytes pasted in
            return data.decode(codec, errors=_CP1252_FALLBACK)
        return text
    return None


_CP1252_FALLBACK = "maintext-cp1252-fallback"


def _cp1252_fallback(exc: UnicodeError) -> tuple[str, int]:
    """Decode the bytes UTF-8 rejects as windows-1252 (``Amin\x92s`` -> ``Amin’s``):
    the usual cause of a few invalid bytes in a UTF-8 page is text pasted from a
    windows-1252 source. A run of UTF-8 continuation bytes (a character cut in two) and
    bytes undefined in windows-1252 become U+FFFD."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    data, start = exc.object, exc.start
    end = start
    while end < len(data) and end - start < 3 and 0x80 <= data[end] <= 0xBF:
        end += 1
    if end - start >= 2:  # a run of continuation bytes: the tail of a cut UTF-8 character
        return "\ufffd", end
    return data[start:exc.end].decode("cp1252", errors="replace"), exc.end


codecs.register_error(_CP1252_FALLBACK, _cp1252_fallback)


_UTF16_SAMPLE = 4096


def _sniff_utf16(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark: markup is ASCII, so every other byte is NUL."""
    if len(data) < 32 or data.find(0, 0, _UTF16_SAMPLE) < 0:  # no NUL byte (nearly every page)
        return None
    sample = data[:_UTF16_SAMPLE]
    even, odd = sample[0::2], sample[1::2]
    if odd.count(0) > 0.4 * len(odd) and even.count(0) < 0.02 * len(even):
        return "utf-16-le"
    if even.count(0) > 0.4 * len(even) and odd.count(0) < 0.02 * len(odd):
        return "utf-16-be"
    return None


# Single-byte codecs that detectors pick for nearly-ASCII Western text on thin evidence.
_WEAK_SINGLE_BYTE = frozenset({
    "cp1250", "cp852", "cp850", "cp437", "iso8859-2", "iso8859-15", "latin-1", "iso8859-1",
    "mac-roman", "mac-latin2", "cp1257", "iso8859-13", "iso8859-4", "iso8859-10", "cp1254",
})


def _detect(data: bytes) -> str | None:
    from charset_normalizer import from_bytes  # imported lazily: only mis-labelled pages get here

    best = from_bytes(data[: 256 * 1024]).best()
    if best is None:
        return None
    codec = normalize_label(best.encoding)
    # A page that is >97% ASCII gives a detector a few bytes to go on; windows-1252 is what
    # browsers assume for such pages, so prefer it when it decodes them.
    if codec in _WEAK_SINGLE_BYTE:
        high = sum(1 for b in data[:65536] if b >= 0x80)
        if high <= 0.03 * min(len(data), 65536) and _strict(data, "cp1252") is not None:
            return "cp1252"
    return codec
