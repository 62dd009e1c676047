"""The C pre-check of the attribute cap (maintext/html/_scan.pyx) finds what the pattern finds."""

from __future__ import annotations

import random
import re

import pytest

from maintext.html import walk
from maintext.io import limits, loading
from maintext.io.limits import _ATTR_TOKEN, cap_attributes

pytestmark = pytest.mark.skipif(walk.scan is None, reason="native scans not built")


def _pattern_start(html: str, cap: int) -> int:
    m = re.compile(r"<[a-zA-Z][^\s<>/]*+(?=%s{%d})" % (_ATTR_TOKEN, cap + 1)).search(html)
    return m.start() if m else -1


PIECES = ["<", ">", "=", '"', "'", "/", " ", "\t", "\n", "\u3000", "\xa0", "\x1c", "\x85", "a", "Z",
          "1", "-", "\u4e2d", "\U0001f600", "x=y", ' c="d>e" ', "<p ", "<a b c d e ", "=>", "a= b"]


def test_same_first_match_as_the_pattern_on_random_markup():
    rng = random.Random(7)
    for _ in range(20000):
        html = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 40)))
        for cap in (0, 1, 2, 4):
            assert walk.scan.first_long_tag(html, cap) == _pattern_start(html, cap), (html, cap)


# Tokens of the fewest characters (a name after a quoted value needs no separator) and
# quoted runs holding "<" and ">": where the pre-check's bound (2 characters a token, no
# "<"/">" outside quotes) is tight.
TIGHT = ["a", "b", " ", "/", '=""', "=''", '="<>"', "='>'", "<x", "<x ", ">", '"', "'", "=", "\u3000",
         "c=d", '"e"', " f='<'", "\u4e2d", "\U0001f600"]


def test_same_first_match_as_the_pattern_where_tokens_are_shortest():
    rng = random.Random(5)
    for _ in range(20000):
        html = "".join(rng.choice(TIGHT) for _ in range(rng.randint(0, 60)))
        for cap in (0, 1, 3, 6, 12):
            assert walk.scan.first_long_tag(html, cap) == _pattern_start(html, cap), (html, cap)
    for cap in (1, 2, 5, 256):
        for body in ('a=""' * (cap + 1), 'a=""b' * (cap + 1), " a" * (cap + 1), "/a" * (cap + 1),
                     "".join(f' a="<{i}>"' for i in range(cap + 1)), 'a=""' * cap + "b", " a" * cap + " >"):
            for html in ("<x" + body, "<x " + body, "<x" + body + ">", "<x" + body[:-1]):
                assert walk.scan.first_long_tag(html, cap) == _pattern_start(html, cap), (html, cap)


@pytest.mark.parametrize("html", [
    "<p a=1 b='2' c=\"3\" d>x</p>" * 3,
    "<div " + " ".join(f"a{i}" for i in range(300)) + ">x</div>",
    "<div " + "".join(f'a{i}="v"' for i in range(300)) + ">x</div>",
    "<div\u3000" + "\u3000".join(f"a{i}" for i in range(300)) + ">中文</div>",
    "<div " + " ".join(f"a{i}" for i in range(255)) + ">x</div>",
])
def test_cap_attributes_same_with_and_without_the_pre_check(html, monkeypatch):
    with_check = cap_attributes(html, 256)
    monkeypatch.setattr(limits, "_scan", None)
    assert cap_attributes(html, 256) == with_check


def _hits(root, native):
    from maintext.html.clean import _hiding_attributes

    return [(el, name, str(value)) for el, name, value in _hiding_attributes(root, native)]


def test_hiding_attributes_same_as_the_xpath():
    from lxml import etree

    from maintext.html.clean import clean_tree
    from maintext.html.document import parse_html

    html = ("<html><body style='color:red'><div hidden><p style='display:none' aria-hidden='true'>a</p>"
            "<!-- c --><p xml:lang='x' style='x'>&amp;b<span aria-hidden='false'>c</span></p></div>"
            "<svg style='display: none'><g hidden=''/></svg><p STYLE='Display : None'>d</p></body></html>")
    root = parse_html(html)
    assert _hits(root, True) == _hits(root, False) and len(_hits(root, True)) == 9
    body = root.find("body")
    assert _hits(body[0], True) == _hits(body[0], False)
    a, b = parse_html(html), parse_html(html)
    assert clean_tree(a, True) == clean_tree(b, False)
    assert etree.tostring(a) == etree.tostring(b)


def test_long_runs_are_the_matches_of_the_runaway_pattern():
    rng = random.Random(11)
    for _ in range(3000):
        html = "".join(rng.choice([">", "a", "\u4e2d", "\U0001f600", " ", ">>", "x" * 7]) for _ in range(rng.randint(0, 30)))
        for size in (1, 3, 8):
            pattern = re.compile(r"(?:\A|(?<=>))[^>]{%d,}" % size)
            assert walk.scan.long_runs(html, ">", size) == [m.span() for m in pattern.finditer(html)], html
    assert limits._RUNAWAY.pattern.endswith("{%d,}" % limits._RUNAWAY_CHARS)


def test_first_long_tag_from_a_start_is_the_pattern_search_from_there():
    rng = random.Random(5)
    for _ in range(5000):
        html = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 40)))
        pattern = re.compile(r"<[a-zA-Z][^\s<>/]*+(?=%s{%d})" % (_ATTR_TOKEN, 2))
        start = rng.randint(0, len(html))
        m = pattern.search(html, start)
        assert walk.scan.first_long_tag(html, 1, start) == (m.start() if m else -1), (html, start)


def test_cap_runaway_tags_same_with_and_without_the_scan(monkeypatch):
    html = "<p>x</p>" * 10 + "<div " + "a=1 " * 140_000 + "</div><p>after</p>"
    with_scan = limits.cap_runaway_tags(html, 256)
    assert len(with_scan) < len(html)
    monkeypatch.setattr(limits, "_scan", None)
    assert limits.cap_runaway_tags(html, 256) == with_scan


def test_count_texts_is_the_xpath_count():
    """_scan.count_texts equals clean's count(//text()) on random pages and on the golden pages
    (comments, processing instructions, a doctype, text before and after the root)."""
    import random
    from pathlib import Path

    from maintext.html import walk
    from maintext.html.clean import _COUNT_TEXTS
    from maintext.errors import ParseError
    from maintext.html.document import parse_html

    rnd = random.Random(8)
    parts = ["<div>", "</div>", "text", " ", "<!-- c -->", "<?pi x?>", "<p>a<b>b</b>c</p>", "<br>", "&nbsp;",
             "<script>var x;</script>", "<table><tr><td>x</td></tr></table>"]
    pages = [f"<!DOCTYPE html>{rnd.choice(['', 'pre'])}<html><body>"
             + "".join(rnd.choice(parts) for _ in range(rnd.randint(0, 40))) + "</body></html><!-- after -->"
             for _ in range(300)]
    golden = Path(__file__).resolve().parents[1] / "pages"
    pages += [(p / "source.html").read_text(encoding="utf-8", errors="replace")
              for p in sorted(golden.iterdir()) if (p / "source.html").exists()]
    counts = set()
    for html in pages:
        try:
            root = parse_html(html)
        except ParseError:  # no content at all
            continue
        for el in (root, root[-1] if len(root) else root):
            expected = int(_COUNT_TEXTS(el))
            assert walk.scan.count_texts(el) == expected
            counts.add(expected)
    assert len(counts) > 20


def test_long_runs_with_stops_that_share_a_byte_with_other_characters():
    # "\u4e3e", "\u013e", "\U0001003e" hold the byte of ">" (0x3E); "\u4e3e" as the stop too
    rng = random.Random(13)
    for _ in range(3000):
        html = "".join(rng.choice([">", "a", "\u4e3e", "\u013e", "\U0001003e", "\u4e2d", ">>", "x" * 5])
                       for _ in range(rng.randint(0, 30)))
        for stop in (">", "\u4e3e", "\U0001003e", "\u0100"):
            for size in (1, 3, 8):
                expected = [(m.start(), m.end()) for m in re.finditer("(?:\\A|(?<=%s))[^%s]{%d,}" % (stop, stop, size), html)]
                assert walk.scan.long_runs(html, stop, size) == expected, (html, stop, size)


def test_cap_runaway_tags_still_cuts_a_runaway_tag():
    html = "<p>x</p><div " + "a=1 " * 20000 + "b" * 70000 + "</div>" + "<p>y</p>" * 80000
    out = limits.cap_runaway_tags(html, 8)
    assert len(out) < len(html) and out.endswith("<p>y</p>")
    assert limits.cap_runaway_tags("<p>x</p>" * 70000, 8) == "<p>x</p>" * 70000


def _widest_piece(html: str) -> int:
    return max(map(len, html.split(">")))


def test_tag_stats_count_what_check_elements_and_the_runaway_scan_count():
    rng = random.Random(11)
    pieces = PIECES + TIGHT + ["</p>", "<!-- x -->", "<b>", "> >", "<1", "<", "x" * 50]
    for _ in range(20000):
        html = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 60)))
        for cap in (0, 1, 3, 256):
            at, lt, starts, widest = walk.scan.tag_stats(html, cap)
            assert at == _pattern_start(html, cap), (html, cap)
            if at < 0:
                assert lt == html.count("<"), (html, cap)
                assert starts == len(limits._START_TAG.findall(html)), (html, cap)
                assert _widest_piece(html) <= widest <= len(html), (html, cap)


def test_tag_stats_bound_is_tight_on_plain_markup():
    html = "<p>" + "x" * 70000 + "</p><div a='>'>" + "y" * 10 + "<br>"
    at, lt, starts, widest = walk.scan.tag_stats(html, 256)
    assert (at, lt, starts) == (-1, 4, 3)
    # the ">" of start tags are seen (not those of end tags or in quotes): from <p>'s to <div>'s
    assert widest == html.index("y") - 1 - 3 == 70000 + len("</p><div a='>'")
    assert walk.scan.tag_stats("<p>" * 10, 256)[3] == _widest_piece("<p>" * 10) == 2


@pytest.mark.parametrize("html", [
    "<p>" + "x" * 600_000,  # a long run, no runaway tag in it
    "<div " + "a=1 " * 70_000 + ">x</div>" + "<p>y</p>" * 70_000,  # long tag, long run, cut
    "<p>" + "<b>y</b>" * 70_000,  # long, many "<", no run
    "<p>x</p><div " + " ".join(f"a{i}" for i in range(300)) + ">x</div>",
])
def test_limit_same_with_and_without_the_scan(html, monkeypatch):
    """_limit (attribute cap, then element check) gives the same text or the same error
    with the C scan's counts as with the Python passes."""
    def run():
        try:
            return loading._limit(html, None, 256, 20_000)
        except Exception as exc:  # noqa: BLE001 - the error is part of the result
            return type(exc), str(exc)
    with_scan = run()
    monkeypatch.setattr(limits, "_scan", None)
    assert run() == with_scan


def test_count_upto_is_the_count_cut_at_most():
    rng = random.Random(17)
    for _ in range(5000):
        html = "".join(rng.choice(["=", "a", "\u4e3d", "\u013d", "\U0001003d", "==", "<", "x" * 5])
                       for _ in range(rng.randint(0, 30)))
        start, end = rng.randint(0, len(html) + 2), rng.choice([None, rng.randint(0, len(html) + 2)])
        for most in (0, 1, 3, 100):
            expected = min(html.count("=", start, len(html) if end is None else end), most)
            assert walk.scan.count_upto(html, "=", most, start, end) == expected, (html, start, end, most)


def test_count_byte_is_bytes_count():
    rng = random.Random(19)
    for _ in range(2000):
        data = bytes(rng.choice(b"\n\n<a\xff\x00 ") for _ in range(rng.randint(0, 300)))
        for byte in (10, 60, 0, 255):
            assert walk.scan.count_byte(data, byte) == data.count(bytes([byte])), (data, byte)
    for data in (b"\n" * 100_000, (b"a\n" * 70_000)[1:], bytes(range(256)) * 999):  # past the 255-byte blocks
        assert walk.scan.count_byte(data, 10) == data.count(b"\n")


def test_quoted_runs_of_two_byte_text_read_four_characters_a_step():
    """Long quoted values in 2-byte text (the word-at-a-time scan for the closing quote and
    a "<" before it): the same first long tag as the pattern, every "<" counted."""
    rng = random.Random(23)
    inner = ["a", "\u4e2d", "<", ">", "'", '"', " ", "=", "\u3c00", "\u223c", "\u0022\u4e2d"]
    for _ in range(4000):
        parts = ["\u4e2d<p>"]
        for _ in range(rng.randint(1, 4)):
            attrs = []
            for _ in range(rng.randint(0, 12)):
                q = rng.choice("\"'")
                value = "".join(rng.choice(inner) for _ in range(rng.randint(0, 30)))
                attrs.append(f"a{len(attrs)}={q}{value}{q}")
            parts.append("<x " + " ".join(attrs) + rng.choice([">", "", " >"]) + rng.choice(["t", "<", "</x>"]))
        html = "".join(parts)
        for cap in (2, 5, 20):
            at, lt, starts, widest = walk.scan.tag_stats(html, cap)
            assert at == _pattern_start(html, cap) == walk.scan.first_long_tag(html, cap), (html, cap)
            if at < 0:
                assert (lt, starts) == (html.count("<"), len(limits._START_TAG.findall(html))), (html, cap)
                assert _widest_piece(html) <= widest, (html, cap)


def test_first_start_tag_is_the_start_tag_pattern_search():
    rng = random.Random(29)
    pool = ["<", "a", "<a", "<1", "< b", "\u4e2d", "\u013c", "\u3c00", "<\u4e2d", "Z", ">", "\U0001003c", "<<Q"]
    for _ in range(5000):
        html = "".join(rng.choice(pool) for _ in range(rng.randint(0, 20)))
        start = rng.randint(0, len(html))
        end = rng.randint(start, len(html))
        m = limits._START_TAG.search(html, start, end)
        assert walk.scan.first_start_tag(html, start, end) == (m.start() if m else -1), (html, start, end)


def test_text_length_is_the_length_of_text_content():
    # the measure of clean._unwrap_swallowing, in C: every element of random pages (CJK,
    # emoji, entities, comments, CDATA-free HTML), its tail never counted
    from tests.helpers_pages import random_page

    pieces = ["<div>", "</div>", "<nav>", "</nav>", "<p>text</p>", "word ", "\u4e2d\u6587", "\U0001f600",
              "&amp;", "<!--c-->", "<b>x</b>y", "<br>", "caf\u00e9", "<noscript>n</noscript>", "\n"]
    rng = random.Random(17)
    for _ in range(1500):
        root = random_page(rng, pieces, 30)
        for el in root.iter():
            assert walk.scan.text_length(el) == len(el.text_content())


# Python's white space outside ASCII (and \x1c-\x1f), which the scan over UTF-8 bytes must
# tell from the whole encoding of a character, next to characters that share its lead byte.
SPACES = ["\x85", "\xa0", "\u1680", "\u2000", "\u2005", "\u200a", "\u2028", "\u2029", "\u202f",
          "\u205f", "\u3000", "\x1c", "\x1f", "\u200b", "\u2027", "\u1681", "\xa1", "\u3001", "\xe9"]


def _same_decisions_over_the_bytes(html: str, cap: int) -> None:
    at, lt, starts, widest = walk.scan.tag_stats(html, cap)
    data = html.encode("utf-8")
    b_at, b_lt, b_starts, b_widest = walk.scan.tag_stats_utf8(data, cap)
    assert (b_at >= 0) == (at >= 0), (html, cap)
    if at >= 0:  # the same "<", in bytes
        assert b_at == len(html[:at].encode("utf-8")), (html, cap)
    else:
        assert (b_lt, b_starts) == (lt, starts), (html, cap)
        # (a bound on the byte pieces, hence on the text's; not always above the text
        # scan's own bound: the two may note different ">", a tag's bound being in bytes)
        assert max(map(len, data.split(b">"))) <= b_widest <= len(data), (html, cap)


def test_the_scan_over_utf8_bytes_decides_as_the_scan_over_the_text():
    rng = random.Random(23)
    pieces = PIECES + TIGHT + SPACES + ["<p", "<b>", "</p>", "a=\u3000b", "x\u00a0=\u2028'y'"]
    for _ in range(20000):
        html = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 60)))
        for cap in (0, 1, 3, 6):
            _same_decisions_over_the_bytes(html, cap)


@pytest.mark.parametrize("sep", [" ", "\u3000", "\xa0", "\u2028", "\x85", "\u200b", "\xe9"])
def test_long_tags_found_over_utf8_bytes_as_over_the_text(sep):
    for cap in (1, 5, 256):
        for count in (cap, cap + 1):
            for body in (sep.join(f"a{i}" for i in range(count)), sep.join(f'b{i}="\u4e2d"' for i in range(count))):
                _same_decisions_over_the_bytes("<div" + sep + body + ">\u4e2d</div>", cap)
                _same_decisions_over_the_bytes("<p>x</p><div" + sep + body, cap)


def test_utf8_length_is_the_decoded_length_or_minus_one():
    rng = random.Random(29)
    alphabet = [0x41, 0x3C, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
                0xED, 0xEE, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
    texts = ["", "a" * 100, "\u4e2d\u6587" * 40 + "x" * 33, "\U0001f600" * 9, "é" * 65 + "a" * 31]
    samples = [t.encode("utf-8") for t in texts]
    for _ in range(50000):
        data = bytes(rng.choice(alphabet) for _ in range(rng.randint(0, 10)))
        samples.append(data)
        samples.append(b"x" * rng.randint(0, 40) + data + b"y" * rng.randint(0, 40))
    for data in samples:
        try:
            expected = len(data.decode("utf-8"))
        except UnicodeDecodeError:
            expected = -1
        assert walk.scan.utf8_length(data) == expected, data


def _python_head_title(root):
    for head in root.iterchildren("head"):
        for title in head.iterchildren("title"):
            return title
    return None


def test_head_title_is_the_python_loops():
    """_scan.head_title finds the element document.head_title's loop finds, and
    head_title_text its text (False without one): trees built from
    random heads (titles late, missing, in a second <head>, comments and namespaced or
    other elements before them) and the golden pages."""
    from pathlib import Path

    from lxml import etree

    from maintext.errors import ParseError
    from maintext.html.document import parse_html

    rnd = random.Random(12)
    trees = []
    for _ in range(400):
        root = etree.Element("html")
        for _ in range(rnd.randint(0, 3)):
            parent = etree.SubElement(root, rnd.choice(["head", "head", "body", "{urn:x}head"]))
            for _ in range(rnd.randint(0, 6)):
                kind = rnd.random()
                if kind < 0.15:
                    parent.append(etree.Comment("c"))
                elif kind < 0.25:
                    parent.append(etree.ProcessingInstruction("pi", "x"))
                else:
                    child = etree.SubElement(parent, rnd.choice(["title", "meta", "{urn:x}title", "titles"]))
                    child.text = str(rnd.random())
        trees.append(root)
    golden = Path(__file__).resolve().parents[1] / "pages"
    for page in sorted(golden.iterdir()):
        if (page / "source.html").exists():
            try:
                trees.append(parse_html((page / "source.html").read_text(encoding="utf-8", errors="replace")))
            except ParseError:  # (a page of no HTML content)
                pass
    for html in ["<html><head></head><body><title>late</title></body></html>", "<p>no head</p>",
                 "<html><head><title></title></head></html>", "<html><head><title>a<!--c-->b</title></head></html>",
                 "<html><head><meta><title>  x \n y </title><title>second</title></head></html>"]:
        trees.append(parse_html(html))
    found = set()
    for root in trees:
        python = _python_head_title(root)
        assert walk.scan.head_title(root) is python  # (lxml gives a node's live proxy again)
        assert walk.scan.head_title_text(root) == (False if python is None else python.text)
        found.add(python is None)
    assert found == {True, False}


# Start tags as real pages have them and as they break: quoted values of both kinds (a
# quote of the other kind, "<" and ">" inside), odd quotes, values that cross the 64-byte
# windows the scan reads at once, names with control characters or non-ASCII bytes, runs
# of "<", truncated tags, white space of every kind.
TAG_NAMES = ["a", "div", "p", "x\x01y", "b\xe9", "h1", "svg:path", "img", "t\x1c"]
TAG_VALUES = ["", "v", "<", ">", "a<b", "x>y", "'", '"', "\u3000", "\xa0 x", "\u4e2d" * 5,
              "https://example.com/" + "p" * 50, "y" * 70, "z" * 130, "a=b c=d", "\x85"]
TAG_SEPS = [" ", "\n", "\t", "/", "\u3000", "\xa0", "\x85", "\x1c", " / ", "", "  \u2028"]


def _random_tag(rng: random.Random) -> str:
    parts = ["<" + rng.choice(TAG_NAMES)]
    for _ in range(rng.choice([0, 1, 2, 3, 5, 9, 30])):
        q = rng.choice(['"', "'", "", '"', '"'])
        name = rng.choice(["a", "class", "href", "data-x", "on\u4e2d"])
        value = rng.choice(TAG_VALUES)
        if q:
            value = value.replace(q, "") if rng.random() < 0.8 else value
            attr = f"{name}={q}{value}{q}" if rng.random() < 0.9 else f"{name}={q}{value}"
        else:
            attr = name if rng.random() < 0.5 else f"{name}={value.replace(' ', '')}"
        parts.append(rng.choice(TAG_SEPS) + attr)
    parts.append(rng.choice([">", "/>", " >", "", "<", "<<", ">>"]))
    return "".join(parts)


def _random_page(rng: random.Random) -> str:
    pieces = []
    for _ in range(rng.randint(0, 12)):
        r = rng.random()
        if r < 0.55:
            pieces.append(_random_tag(rng))
        elif r < 0.7:
            pieces.append(rng.choice(["</p>", "<!-- x > y -->", "<", "<<<", "a<1", "</", "<!DOCTYPE html>"]))
        else:
            pieces.append(rng.choice(["text", "x" * rng.randint(1, 90), "\u4e2d\u6587", " \u3000 ", "'", '"']))
    return "".join(pieces)


def test_tags_read_at_once_as_by_the_steps():
    """tag_stats_utf8 and tag_stats (one-byte text) read the usual start tag at once
    (mt_room_at_once): the same answers as the steps alone (``stepwise``, the scan before
    that change), the pattern's first long tag and the counts of the text."""
    rng = random.Random(41)
    for _ in range(6000):
        html = _random_page(rng)
        data = html.encode("utf-8")
        for cap in (0, 1, 3, 8, 40, 256):
            stats = walk.scan.tag_stats_utf8(data, cap)
            assert stats == walk.scan.tag_stats_utf8(data, cap, True), (html, cap)
            at = _pattern_start(html, cap)
            assert (stats[0] >= 0) == (at >= 0), (html, cap)
            if at >= 0:
                assert stats[0] == len(html[:at].encode("utf-8")), (html, cap)
            else:  # (widest bounds the pieces; not always the text scan's own bound)
                assert stats[1:3] == (html.count("<"), len(limits._START_TAG.findall(html))), (html, cap)
                assert max(map(len, data.split(b">"))) <= stats[3] <= len(data), (html, cap)
            if html.isascii() or max(html) <= "\xff":  # one-byte text
                stats = walk.scan.tag_stats(html, cap)
                assert stats == walk.scan.tag_stats(html, cap, True), (html, cap)
                assert stats[0] == _pattern_start(html, cap) == walk.scan.first_long_tag(html, cap), (html, cap)


@pytest.mark.parametrize("cap", [1, 5, 31, 32, 33, 256])
def test_tags_read_at_once_near_the_bound(cap):
    """Tags whose attributes end just before, at and after ``2 * (cap + 1)`` bytes (the
    bound past which the token grammar decides), with quoted runs across the windows."""
    for width in range(2 * cap - 3, 2 * cap + 70):
        for body in ("a" * width, ('"' + "b" * max(width - 2, 0) + '"'), ("c='" + "<" * max(width - 4, 0) + "'"),
                     " a" * (width // 2), 'd="e" ' * (width // 6)):
            for tail in (">", "<", "", "'>", '">'):
                html = "<x " + body + tail + "y" * 80 + "<p>"
                data = html.encode("utf-8")
                assert walk.scan.tag_stats_utf8(data, cap) == walk.scan.tag_stats_utf8(data, cap, True), (html, cap)
                assert walk.scan.tag_stats(html, cap) == walk.scan.tag_stats(html, cap, True), (html, cap)
                assert walk.scan.tag_stats(html, cap)[0] == _pattern_start(html, cap), (html, cap)


@pytest.mark.parametrize("chars", [
    ["\u043f", "\u0440", "\xe9", "\xa0", "\u05d0", "\u0627", " ", "a", ".", "\n", "\u07ff", "\x80"],
    ["\u4e2d", "\u3002", "\uff0c", "\u2019", "\u201c", "\u1000", "\uffff", "\ufffd", " ", "a", "1", "\xe9"],
    ["\u0800", "\u0fff", "\ud55c", "\ud7ff", "\ue000", "\u4e2d", "\U0001f600", "\U00010000", "x", "\xa0"],
])
def test_utf8_length_over_text_read_64_bytes_a_step(chars):
    """utf8_length on text of two- and three-byte characters (read 64 bytes a step, leads
    0xE0 and 0xED and four-byte characters among them): the decoded length, or -1 for
    every way of breaking it (a lead without its continuation bytes, one without its
    lead, overlong leads, surrogates, cut characters), wherever the block boundaries fall."""
    rng = random.Random(31)
    breaks = [b"\x80", b"\xbf", b"\xc0\x80", b"\xc1\xbf", b"\xc2", b"\xdf", b"\xe0\xa0\x80", b"\xed\xa0\x80",
              "\u4e2d".encode(), "\U0001f600".encode(), b"\xf5\x80\x80\x80", b"\xff", b"\xc2\xc2\x80",
              b"\xe4\xb8", b"\xe4", b"\xe0\x80\x80", b"\xef\xbf", b"\xe1\x80\xc2\x80"]
    for _ in range(3000):
        text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 200)))
        if rng.random() < 0.5:  # runs of one character (CJK text, leads at every block offset)
            text = rng.choice(chars) * rng.randint(20, 90) + text
        data = bytearray(b"x" * rng.randint(0, 70) + text.encode("utf-8"))
        for _ in range(rng.choice([0, 0, 1, 2])):
            at = rng.randint(0, len(data))
            data[at:at] = rng.choice(breaks)
        if rng.random() < 0.2 and data:
            del data[rng.randrange(len(data))]
        data = bytes(data)
        try:
            expected = len(data.decode("utf-8"))
        except UnicodeDecodeError:
            expected = -1
        assert walk.scan.utf8_length(data) == expected, data


@pytest.mark.parametrize("text", ["\u4e2d" * 45, "\u043f" * 70, "\u4e2d\u043f" * 30, "a\u4e2d" * 40, "\u043f\u4e2d\u4e2d" * 20])
def test_utf8_length_with_each_byte_broken(text):
    """Each byte of a run of two- and three-byte characters replaced, dropped or doubled in
    turn (the last characters of a 64-byte block, whose continuation bytes lie past it,
    among them), at every offset of the block: the decoded length or -1."""
    for lead in ("\xe9", "\u4e2d", "\u043f\u043f"):
        base = (lead + text).encode("utf-8")
        for at in range(min(len(base), 140)):
            for data in (base[:at] + b"a" + base[at + 1:], base[:at] + base[at + 1:],
                         base[:at] + base[at:at + 1] * 2 + base[at + 1:], base[:at] + b"\x80" + base[at:]):
                try:
                    expected = len(data.decode("utf-8"))
                except UnicodeDecodeError:
                    expected = -1
                assert walk.scan.utf8_length(data) == expected, (at, data)
