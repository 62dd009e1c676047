"""Decoding page bytes the way browsers do, and rejecting unusable input cleanly."""

from __future__ import annotations

import codecs
import gzip
from pathlib import Path

import pytest

from maintext.errors import (
    BinaryContentError,
    DocumentTooLargeError,
    EmptyDocumentError,
    LoadError,
)
from maintext.io.decode import decode_html, normalize_label
from maintext.io.loading import load

ZH = "北京时间今天上午，新华社记者报道了这一消息。经济发展稳中有进，市场信心持续增强。"


def page(body: str, charset: str | None = None) -> str:
    meta = f'<meta charset="{charset}">' if charset else ""
    return f"<html><head>{meta}<title>t</title></head><body><p>{body}</p></body></html>"


def test_utf8_without_declaration():
    text, enc = decode_html(page("naïve café — “quoted”").encode("utf-8"))
    assert "naïve café — “quoted”" in text and enc == "utf-8"


def test_gbk_declared():
    text, enc = decode_html(page(ZH, "gbk").encode("gbk"))
    assert ZH in text and enc == "gb18030"


def test_gbk_undeclared_is_detected():
    data = page(ZH * 3).encode("gbk")
    text, _ = decode_html(data)
    assert ZH in text


def test_gb2312_label_with_gb18030_only_characters():
    # 镕 (U+9555) and 喆 (U+5586) are not in GB2312; pages labelled gb2312 use them anyway
    body = "朱镕基总理和张喆先生出席了会议。" + ZH
    data = page(body, "gb2312").encode("gb18030")
    with pytest.raises(UnicodeDecodeError):
        data.decode("gb2312")
    text, enc = decode_html(data)
    assert body in text and enc == "gb18030"


def test_big5():
    body = "臺灣的經濟發展與國際貿易關係密切，專家學者紛紛發表意見。"
    text, _ = decode_html(page(body, "big5").encode("big5"))
    assert body in text


def test_shift_jis():
    body = "東京都は今日、新しい交通計画を発表しました。市民の生活に大きな影響があります。"
    text, _ = decode_html(page(body, "Shift_JIS").encode("shift_jis"))
    assert body in text


def test_windows_1252_curly_quotes_under_iso_8859_1_label():
    body = "He said “hello” – it’s fine…"
    data = page(body, "iso-8859-1").encode("cp1252")
    assert b"\x93" in data  # 0x93 is a C1 control in real ISO-8859-1
    text, enc = decode_html(data)
    assert body in text and enc == "cp1252"


def test_wrong_meta_charset_on_utf8_page():
    text, enc = decode_html(page(ZH, "gb2312").encode("utf-8"))
    assert ZH in text and enc == "utf-8"


def test_utf8_bom_beats_meta():
    data = codecs.BOM_UTF8 + page(ZH, "gbk").encode("utf-8")
    text, enc = decode_html(data)
    assert ZH in text and enc == "utf-8" and not text.startswith("\ufeff")


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be"])
def test_utf16_with_bom(codec: str):
    raw = page(ZH + " english words").encode(codec)
    if codec == "utf-16-be":
        raw = codecs.BOM_UTF16_BE + raw
    text, enc = decode_html(raw)
    assert ZH in text and enc.startswith("utf-16")


def test_http_content_type_charset_wins_over_meta():
    body = "Ελληνικά κείμενα για δοκιμή της κωδικοποίησης του περιεχομένου."
    data = page(body, "windows-1251").encode("iso-8859-7")
    text, enc = decode_html(data, content_type="text/html; charset=ISO-8859-7")
    assert body in text and enc == "iso8859-7"


def test_labels_are_whatwg_mapped():
    assert normalize_label("GB2312") == "gb18030"
    assert normalize_label(" 'latin1' ") == "cp1252"
    assert normalize_label("x-sjis") == "cp932"
    assert normalize_label("no-such-charset") is None


# ----------------------------------------------------------------------------- bad input

def test_empty_and_blank_input():
    with pytest.raises(EmptyDocumentError):
        load(b"")
    with pytest.raises(EmptyDocumentError):
        load(b" \n\t ")


@pytest.mark.parametrize("data", [
    bytes(range(256)) * 32,  # random-looking binary
    b"%PDF-1.7\n" + b"x" * 100,
    b"\x89PNG\r\n\x1a\n" + b"\x00" * 100,
    b"PK\x03\x04" + b"\x00" * 100,
])
def test_binary_input_rejected(data: bytes):
    with pytest.raises(BinaryContentError):
        load(data)


def test_gzip_paths(tmp_path: Path):
    good = tmp_path / "p.html.gz"
    good.write_bytes(gzip.compress(page(ZH, "utf-8").encode()))
    assert ZH in load(good).html
    with pytest.raises(LoadError, match="file path"):  # a str is HTML, never a file to open
        load(str(good))
    truncated = tmp_path / "t.html.gz"
    truncated.write_bytes(gzip.compress(page(ZH * 50).encode())[:-30])
    with pytest.raises(LoadError, match="truncated"):
        load(truncated)
    corrupt = tmp_path / "c.html.gz"
    corrupt.write_bytes(b"\x1f\x8b\x08\x00" + b"\xff" * 40)
    with pytest.raises(LoadError):
        load(corrupt)


def test_size_limits(tmp_path: Path):
    big = tmp_path / "big.html"
    big.write_bytes(b"<p>" + b"x" * 2000)
    with pytest.raises(DocumentTooLargeError):
        load(big, max_bytes=1000)
    bomb = tmp_path / "bomb.html.gz"
    bomb.write_bytes(gzip.compress(b"<p>" + b"a" * 100_000))
    with pytest.raises(DocumentTooLargeError):
        load(bomb, max_bytes=10_000)  # small on disk, too big once decompressed


def test_missing_file(tmp_path: Path):
    with pytest.raises(LoadError, match="cannot read"):
        load(tmp_path / "missing.html")


def test_nul_bytes_in_text_are_dropped():
    loaded = load(b"<html><body><p>hello\x00 world, some text here to read</p></body></html>")
    assert "\x00" not in loaded.html and "hello world" in loaded.html
    assert loaded.utf8 is None  # the bytes are no longer the text's encoding


@pytest.mark.parametrize("data, exact", [
    ("<p>naïve café — “quoted”</p>".encode("utf-8"), True),
    (b"<p>plain ascii</p>", True),
    (b"\xef\xbb\xbf<p>BOM</p>", False),  # the text lacks the BOM
    ('<meta charset="windows-1252"><p>café</p>'.encode("cp1252"), False),
    ("<p>a</p>".encode("utf-8") + b"\xff", False),  # a broken byte replaced
])
def test_utf8_bytes_are_kept_only_when_they_are_the_text(data: bytes, exact: bool):
    loaded = load(data)
    assert (loaded.utf8 is not None) == exact
    if exact:
        assert loaded.utf8 == loaded.html.encode("utf-8")


# ----------------------------------------------------------------------------- damaged pages

LATIN = "Smart “quotes” and a naïve café review, with accents é and à in English prose."


@pytest.mark.parametrize("charset", [None, "utf-8", "gbk", "iso-8859-1"])
def test_utf8_page_with_a_stray_byte_stays_utf8(charset: str | None):
    for body in (ZH * 3, LATIN):
        data = page(body, charset).encode("utf-8")
        cut = data.index(b"<p>") + 3
        text, enc = decode_html(data[:cut] + b"\xff" + data[cut:])
        assert enc == "utf-8" and body in text, (charset, text)


def test_windows_1252_bytes_pasted_into_a_utf8_page():
    data = page("Amin’s résumé — “fine”").encode("utf-8").replace("’".encode(), b"\x92")
    text, enc = decode_html(data)
    assert enc == "utf-8" and "Amin’s résumé — “fine”" in text


def test_utf8_character_cut_in_two_gives_one_replacement():
    data = page("wait — here é in a café, naïve résumé, à la carte, déjà vu").encode("utf-8").replace("—".encode(), "—".encode()[1:])
    text, enc = decode_html(data)
    assert enc == "utf-8" and "wait \ufffd here é in a café, naïve résumé, à la carte, déjà vu" in text


def test_legacy_page_with_a_few_broken_bytes_keeps_its_codec():
    data = page(ZH * 5, "gbk").encode("gbk")
    cut = data.index(b"<p>") + 3 + 40
    text, enc = decode_html(data[:cut] + b"\xff\xff" + data[cut:])
    assert enc == "gb18030" and ZH in text


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_bom(codec: str):
    html = page(ZH + " and some English words")
    text, enc = decode_html(html.encode(codec))
    assert text == html and enc == codec


# ----------------------------------------------------------------------------- element cap

def test_element_flood_is_refused_before_parsing_for_every_method():
    import time

    import maintext
    from maintext.errors import MaintextError, TooManyElementsError

    flood = ("<html><body><p>" + "a paragraph of words. " * 30 + "</p>"
             + "<span>x</span> y" * 1_000_000 + "</body></html>").encode()
    for method in [m.name for m in maintext.methods()]:
        began = time.process_time()
        with pytest.raises(TooManyElementsError) as info:
            maintext.extract(flood, method=method)
        assert time.process_time() - began < 2.0  # refused at load: no tree, no blocks
        assert isinstance(info.value, DocumentTooLargeError) and isinstance(info.value, MaintextError)
        assert "max_elements" in str(info.value)


def test_element_cap_counts_start_tags_exactly():
    from maintext.errors import TooManyElementsError

    head = "<p>" + "lorem ipsum " * 20  # pages must be longer than 2 * cap to be counted
    at_cap = head + "<br>" * 99  # 100 start tags
    assert "lorem" in load(at_cap, max_elements=100).html
    with pytest.raises(TooManyElementsError):
        load(at_cap + "<i>", max_elements=100)
    # "<" that starts no element (end tags, comments, text) is not counted
    assert load(head + "<br>" * 99 + "</br><!-- c -->a < b <3 <=" * 30, max_elements=100)
    assert load(at_cap + "<i>" * 1000, max_elements=0)  # 0: no cap
    # but not without bound: the tag-stream methods make a piece of every "<"
    assert load(head + "a<1" * 299, max_elements=100)  # 300 "<" with the <p>
    with pytest.raises(TooManyElementsError, match="'<' characters"):
        load(head + "a<1" * 300, max_elements=100)
    # a text of at most 2 * cap characters cannot exceed it (nothing counted): exact bound
    assert load("<b" * 100, max_elements=100)
    with pytest.raises(TooManyElementsError):
        load("<b" * 101, max_elements=100)


def test_element_cap_is_an_option_and_default_keeps_real_pages():
    import maintext

    assert maintext.Options().max_elements == 250_000
    page_ = "<html><body><article>" + "<p>a sentence of words about things.</p>" * 2000 + "</article></body></html>"
    with pytest.raises(maintext.TooManyElementsError):
        maintext.extract(page_, max_elements=1000)
    assert "a sentence" in maintext.extract(page_).text


def test_a_utf16_bom_before_bytes_that_are_not_utf16_is_ignored():
    page_ = ("<html><body>" + "<p>Ein Absatz mit Wörtern über die Stadt.</p>" * 200 + "</body></html>")
    for bom in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        text, enc = decode_html(bom + page_.encode("utf-8"))
        assert enc == "utf-8" and "Wörtern" in text  # not 4,000 CJK-looking characters
    for codec, bom in (("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE)):
        text, enc = decode_html(bom + page_.encode(codec))  # real UTF-16 still is
        assert enc == codec and "Wörtern" in text
    short = "<p>北京时间</p>"
    assert decode_html(codecs.BOM_UTF16_LE + short.encode("utf-16-le"))[0] == short


def test_a_tag_whose_quotes_are_out_of_step_is_cut_after_the_attribute_cap():
    """Markup damage inside an attribute value hides a flood of attributes from the
    attribute grammar; libxml2 would still make them all (quadratic): the run is cut."""
    import time

    import maintext
    from maintext.io.limits import cap_runaway_tags

    flood = " ".join(f'a{i}="v"' for i in range(200_000))
    html = ('<html><body><p>Before the damage, a paragraph.</p><script src="x?cb<div ' + flood
            + '></div></script><p>After the damage, the page goes on.</p></body></html>')
    capped = cap_runaway_tags(html, 256)
    assert capped.count('="v"') < 300 and "After the damage, the page goes on." in capped
    start = time.process_time()
    page = maintext.extract(html)
    assert time.process_time() - start < 10
    assert "After the damage" in page.text or "Before the damage" in page.text
    small = '<p a="1" b="2">short page</p>'
    assert cap_runaway_tags(small, 256) is small


def test_utf16_sniffing_without_a_nul_byte_says_no():
    from maintext.io.decode import _sniff_utf16

    page = "<html><body><p>Grüße aus Köln</p></body></html>" * 4
    assert _sniff_utf16(page.encode("utf-8")) is None
    assert _sniff_utf16(page.encode("utf-16-le")) == "utf-16-le"
    assert _sniff_utf16(page.encode("utf-16-be")) == "utf-16-be"


def test_valid_utf8_is_decoded_without_reading_the_label(monkeypatch):
    """A label loses to valid UTF-8 (a stale declaration), so it is read only when the
    bytes are not UTF-8, or all ASCII (then it names the encoding)."""
    from maintext.io import decode

    calls = []
    real = decode.sniff_meta_charset
    monkeypatch.setattr(decode, "sniff_meta_charset", lambda data: calls.append(1) or real(data))
    text, enc, exact = decode.decode_exact(page(ZH, "gbk").encode("utf-8"), content_type="text/html; charset=gbk")
    assert ZH in text and (enc, exact, calls) == ("utf-8", True, [])
    text, enc, exact = decode.decode_exact(page(ZH, "gbk").encode("gbk"))
    assert ZH in text and (enc, exact, calls) == ("gb18030", False, [1])
    text, enc, exact = decode.decode_exact(page("plain", "iso-8859-1").encode("ascii"))
    assert (enc, exact, calls) == ("cp1252", True, [1, 1])


def test_input_after_a_stray_utf16_bom_is_not_the_texts_utf8():
    # the bytes handed on as the text's UTF-8 (Loaded.utf8, parsed as they are) must be exactly it
    from maintext.io import decode

    html = ("<!DOCTYPE html>\n<html><head><title>Caf\u00e9</title></head><body><p>caf\u00e9</p>"
            + "<!-- long enough to be told from UTF-16 -->" * 200 + "</body></html>\n")
    text, enc, exact = decode.decode_exact(b"\xfe\xff" + html.encode("utf-8"))
    assert (text, enc, exact) == (html, "utf-8", False)
    text, enc, exact = decode.decode_exact(html.encode("utf-8"))
    assert (text, enc, exact) == (html, "utf-8", True)
    import maintext

    assert maintext.extract(b"\xfe\xff" + html.encode("utf-8")).text == "caf\u00e9"
