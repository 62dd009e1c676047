"""The shared parsed representation every method works on.

A :class:`Document` holds the decoded HTML and parses it at most once, lazily: methods
that read the raw tag stream (line-block, Block-List) never pay for a tree, and methods
that need one share ``doc.tree``. ``doc.tree`` may be modified by the method that runs
on the document (metadata is read before the method runs); a method that needs the
untouched tree after others have pruned it calls :meth:`Document.fresh_tree`.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import lxml.etree as etree
import lxml.html

from ..errors import ParseError
from ..io.loading import Loaded
from ..options import Options
from . import html5
from . import walk as _walk

# The parser of the (empty) document trees are built in (html5.build fills it); one per
# process. No table of id attributes (nothing looks elements up by id).
_PARSER = etree.HTMLParser(
    remove_comments=True, remove_pis=True, encoding="utf-8", huge_tree=True, recover=True,
    collect_ids=False,
)
# Every element gets lxml.html's API (text_content, drop_tree, ...) through a lookup done
# in C; lxml.html's own parser picks classes per tag in Python, ~0.5 ms on a news page.
_PARSER.set_element_class_lookup(etree.ElementDefaultClassLookup(
    element=lxml.html.HtmlElement, comment=lxml.html.HtmlComment,
    pi=lxml.html.HtmlProcessingInstruction, entity=lxml.html.HtmlEntity,
))
_MARKER_BYTES = b"\x00\x01\x02\x03"  # C0 controls removed before parsing
_XML_DECL_ONLY = re.compile(rb"\s*<\?xml[^>]*>\s*\Z", re.IGNORECASE)  # a page of nothing else
# A <title> text longer than this that holds tags swallowed the page (see _title_swallowed).
_TITLE_SWALLOWED_CHARS = 200
_TITLE_OPEN = re.compile(r"<title\b[^>]*>", re.IGNORECASE)
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9:-]*)[^>]*?(/?)>")
# The HTML5 tree construction checks the open elements on each start tag: on thousands of
# nested elements its time grows with the square of the depth (100,000 nested <div>s: 28
# s; 10,000: 0.13 s). Pages with more "<" than this are scanned first, and the tags that
# would stand deeper than max_depth are removed (see _unnest); smaller pages cannot cost much.
_DEEP_SCAN_TAGS = 10000
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "param", "source", "track", "wbr"})
# Elements whose end tag may be left out (the parser closes them when a sibling starts):
# they do not nest by themselves, and are neither counted nor removed by _unnest.
_OPTIONAL_END = frozenset({"p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead",
                           "tbody", "tfoot", "colgroup", "caption", "rb", "rt", "rtc", "rp", "html",
                           "head", "body"})
# A start tag of these closes an open element of the same name first (they never nest).
_NO_SELF_NESTING = frozenset({"a", "button", "nobr", "form"})
# A tag for _unnest: no "<" inside, so that a "<" never closed costs one step, not a scan
# to the end of the page (tags with a "<" in an attribute value are passed over).
_SCAN_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9:-]*)[^<>]*?(/?)>")
# Every tree is built in a copy of this document (a copy is ~20x cheaper than a parse):
# _PARSER gives it the element classes (its lookup) and the dictionary that interns names.
_EMPTY_ROOT = etree.fromstring(b"<html></html>", _PARSER)


def parse_html(html: str | None, max_depth: int = 1000, *, utf8: bytes | None = None,
               native: bool | None = None, lt_count: int = -1, record: bool = False) -> etree._Element:
    """Parse HTML text into an lxml tree (``<html>`` root), tolerating any breakage.

    The HTML5 parse (lexbor, :mod:`maintext.html.html5`) builds the tree browsers build:
    stray ``</html>``/``</body>`` mid-page are ignored, any nesting depth parses (elements
    below ``max_depth`` are unwrapped, their text kept; on big pages nested that deep the
    tags are removed before parsing, see _DEEP_SCAN_TAGS). One repair remains, by a second
    parse only on the pages that need it: an unclosed or misspelt ``</title>`` makes the
    rest of the page title text (browsers show an empty page; the text is wanted).

    ``utf8``: ``html`` encoded as UTF-8, when the caller has it (saves encoding again);
    ``html`` may then be None (decoded only for a repair: most pages need no text).
    ``native``: the C tree builder (True), the Python one (False), or the default.
    ``lt_count``: ``utf8.count(b"<")`` when the caller knows it (the load's scan), else -1.
    ``record``: html5's record build (only the attributes the full record reads).
    """
    return _parse_repaired(html, max_depth, utf8, native, False, lt_count, record)[0]


def parse_pruned(html: str | None, max_depth: int = 1000, *, utf8: bytes | None = None,
                 native: bool | None = None, lt_count: int = -1) -> tuple[etree._Element, html5.Pruned]:
    """:func:`parse_html` as html5's pruned build (what text-only ``auto`` reads of the
    tree: :func:`maintext.html.html5.build_pruned`): (tree, what the build tells cleaning)."""
    return _parse_repaired(html, max_depth, utf8, native, True, lt_count)


def _parse_repaired(html: str | None, max_depth: int, utf8: bytes | None, native: bool | None,
                    prune: bool, lt_count: int = -1, record: bool = False) -> tuple[etree._Element, Any]:
    parsed = _parse(html, max_depth, utf8, native, prune, lt_count if utf8 is not None else -1, record)
    if _title_swallowed(parsed[0]):
        html = _text(html, utf8)
        repaired = close_title(html)
        if repaired is not html:
            parsed = _parse(repaired, max_depth, None, native, prune, record=record)
    return parsed


def _unnest(html: str, max_depth: int) -> str:
    """``html`` without the start and end tags of elements that would stand deeper than
    ``max_depth`` (their text kept), when it has that deep a nesting; else ``html`` itself.

    The depth is the parser's, approximately: an end tag closes the elements opened since
    the last open element of its name (none open: ignored), elements of _OPTIONAL_END and
    void ones are not counted, and _NO_SELF_NESTING ones close their own kind."""
    out: list[str] = []
    stack: list[tuple[str, bool]] = []  # open (name, kept)
    open_count: dict[str, int] = {}
    pos = 0
    for m in _SCAN_TAG.finditer(html):
        closing, name, selfclose = m.group(1), m.group(2).lower(), m.group(3)
        if name in _VOID or name in _OPTIONAL_END or (selfclose and not closing):
            continue
        if not closing and name in _NO_SELF_NESTING and open_count.get(name):
            _close(stack, open_count, name)
        if closing:
            if not open_count.get(name):
                continue
            keep = _close(stack, open_count, name)
        else:
            keep = len(stack) + 3 <= max_depth  # in <body>: <html> is at depth 1
            stack.append((name, keep))
            open_count[name] = open_count.get(name, 0) + 1
        if not keep:
            out.append(html[pos:m.start()])
            pos = m.end()
    if not out:
        return html
    out.append(html[pos:])
    return "".join(out)


def _unnest_page(html: str | None, utf8: bytes | None,
                 max_depth: int) -> tuple[str | None, bytes | None] | None:
    """The page after :func:`_unnest`, as ``(html, utf8)`` (one of them None), or None when
    it removes nothing. Found by its compiled twin when enabled (on ``utf8`` when given:
    the text need not be decoded), which tells where the removed tags stand."""
    scan = _walk.native_scan()
    if scan is not None:
        if utf8 is not None:
            spans = scan.unnest_spans_utf8(utf8, max_depth)
            return (None, b"".join(_kept_pieces(utf8, spans))) if spans else None
        spans = scan.unnest_spans(html, max_depth)
        return ("".join(_kept_pieces(html, spans)), None) if spans else None  # type: ignore[arg-type]
    html = _text(html, utf8)
    unnested = _unnest(html, max_depth)
    return None if unnested is html else (unnested, None)


def _kept_pieces(page: Any, spans: list[int]) -> list[Any]:
    """``page`` (str or bytes) cut around the spans ``[start, end, start, end, ...]``."""
    ends = [0] + spans + [len(page)]
    return [page[ends[k]:ends[k + 1]] for k in range(0, len(ends), 2)]


def _close(stack: list[tuple[str, bool]], open_count: dict[str, int], name: str) -> bool:
    """Pop the open elements down to the last ``name`` (open); whether that one was kept."""
    while True:
        top, kept = stack.pop()
        open_count[top] -= 1
        if top == name:
            return kept


def head_title(root: etree._Element) -> etree._Element | None:
    """``root.find("head/title")`` (the first <title> child of a <head> child of ``root``, as
    ElementPath selects them) without the path's machinery (lxml's Python path code); by
    its compiled twin when enabled (the loop below took ~7 us on pages whose <head> holds a
    hundred elements before the title)."""
    scan = _walk.native_scan()
    if scan is not None:
        return scan.head_title(root)
    for head in root.iterchildren("head"):
        for title in head.iterchildren("title"):
            return title
    return None


def _title_swallowed(root: etree._Element) -> bool:
    """Whether an unclosed or misspelt ``</title>`` made the parser read the page into the
    title (its text then holds markup: ``<`` followed by a tag name)."""
    title = head_title(root)
    if title is None:
        return False
    text = title.text
    return bool(text) and len(text) > _TITLE_SWALLOWED_CHARS and _TAG.search(text) is not None


def close_title(html: str) -> str:
    """Close the first ``<title>`` at the first tag after it (a browser shows the page that
    follows, a title never holds markup)."""
    start = _TITLE_OPEN.search(html)
    if start is None:
        return html
    tag = _TAG.search(html, start.end())
    if tag is None:
        return html
    return html[:tag.start()] + "</title>" + html[tag.start():]


# What may follow "<script" in a script start tag (not "<scripts>" or "<script-x>").
_SCRIPT_NAME_END = frozenset(b" \t\n\r\f>/")
_NAME_ENDS = (b" ", b"\t", b"\n", b"\r", b"\f", b">", b"/")  # (the same, as one-byte slices)
# In a script body: its end tag (any case, then white space, "/" or ">": where the HTML
# tokenizer ends script data, even inside a JavaScript string), or before it a "<!--" (the
# tokenizer's escaped states, where "<script" and "</script" do other things: only the
# parser knows the end then) or a "<script": in a string (right after a quote or a
# backslash escape, as in ``document.write('<script src=...>')``) it changes nothing; else
# it may be a real start tag, this "<script" being none (in an attribute value, in a title),
# and the body is left as it is.
_SCRIPT_STOP = re.compile(rb"</(?i:script)[\t\n\f\r />]|<(?:!--|(?i:script))")
_JS_QUOTES = frozenset(b"'\"`")
_SCRIPT_END = re.compile(rb"</(?i:script)[\t\n\f\r />]|<!--")  # after such a "<script"
_SCRIPT_END_TAG = re.compile(rb"</(?i:script)[\t\n\f\r />]")
# A style sheet's end tag (raw text: it ends at the first one, whatever comes before).
_STYLE_END = re.compile(rb"</(?i:style)[\t\n\f\r />]")
_COMMENT_END = re.compile(rb"--!?>")  # (from "<!--"'s dashes: "<!-->" is a whole comment)
# Start of the raw-text elements whose bodies are emptied before parsing, of a comment
# (skipped: a "<script" in a comment is no script), or of an element whose body the
# tokenizer reads as text to its end tag, in any case (RCDATA and RAWTEXT: skipped, a
# "<script" in ``<title>`` or ``<textarea>`` is text; <plaintext>: text to the end).
# Also of foreign content (<svg>, <math> and their end tags, a CDATA section): there
# <script> and <style> hold markup, not raw text (see _drop_bodies).
_FOREIGN_TAGS = (b"<svg", b"<math", b"</svg", b"</math")
_TEXT_ONLY = (b"title", b"textarea", b"xmp", b"iframe", b"noembed", b"noframes", b"plaintext")
_RAW_START = re.compile(rb"<s(?:cript|tyle)|<!--|<!\[CDATA\[|</?(?i:svg|math)(?=[\t\n\f\r />])|<(?i:"
                        + b"|".join(_TEXT_ONLY) + rb")(?=[\t\n\f\r />])")
_TEXT_ONLY_END = {name: re.compile(rb"</(?i:" + name + rb")[\t\n\f\r />]") for name in _TEXT_ONLY}

# Inline <svg> drawings (icons, logos, charts: ~7% of aeb's bytes after the scripts, with long
# path data the tokenizer reads attribute by attribute) are dropped whole by cleaning (svg is
# in clean.DROP_TAGS); before that, passes read the uncleaned tree (metadata, links, the
# record build). The body of an <svg> outside foreign content is emptied (its white space,
# <title> and <desc> kept: the text of every element stays) only when no pass can tell: it
# is made of start and end tags of these drawing elements, white space and comments between
# them, nothing else. Left out on purpose (the <svg> is then left to the parser): a, text,
# tspan, metadata, foreignobject, image, feimage, script, style, svg, math and every HTML
# name (a "breakout" tag leaves foreign content), CDATA, text, character references.
_SVG_DRAWING = frozenset({
    b"g", b"defs", b"symbol", b"use", b"path", b"rect", b"circle", b"ellipse", b"line", b"polyline",
    b"polygon", b"lineargradient", b"radialgradient", b"stop", b"clippath", b"mask", b"pattern",
    b"marker", b"filter", b"feblend", b"fecolormatrix", b"fecomponenttransfer", b"fecomposite",
    b"feconvolvematrix", b"fediffuselighting", b"fedisplacementmap", b"fedistantlight",
    b"fedropshadow", b"feflood", b"fefunca", b"fefuncb", b"fefuncg", b"fefuncr", b"fegaussianblur",
    b"femerge", b"femergenode", b"femorphology", b"feoffset", b"fepointlight",
    b"fespecularlighting", b"fespotlight", b"fetile", b"feturbulence",
    b"animate", b"animatemotion", b"animatetransform", b"set",
})
# The attributes a drawing element may not carry (any case): those the record build copies
# onto any element (html5.RECORD_ATTRIBUTES; it copies no other, and the pruned build
# copies no <svg> content), as some pass may read them on any element: an itemprop may be
# a field, a style may hide, a rel or an href may be a link's... An id or a class (_SVG_MARKS)
# is read before cleaning by metadata.authors alone (an author box: is_author_box): one is
# allowed when its value holds none of _AUTHOR_BOX_WORDS (the words of an author box's, in
# those cases) nor "&" (a character reference).
_SVG_READ_ATTRIBUTES = frozenset(name.encode() for name, tag in html5.RECORD_ATTRIBUTES.items() if tag is None)
_SVG_MARKS = frozenset({b"id", b"class"})
_AUTHOR_BOX_WORDS = (b"author", b"Author", b"byline", b"Byline")
# A strict reading of a tag, which the tokenizer reads the same way (a tag it may read
# otherwise is no match): after the name, attributes each after white space, a name of
# these characters, a value after "=" quoted or of characters that end no value; then "/"
# or not, then ">". Its one reading: ``_SVG_ATTRIBUTE`` matches each attribute in turn.
_SVG_VALUE = rb'(?:[\t\n\f\r ]*+=[\t\n\f\r ]*+(?:"[^"]*+"|\'[^\']*+\'|[^\t\n\f\r "\'=<>`]++))?+'
_SVG_ATTRIBUTE = re.compile(rb"[\t\n\f\r ]++([A-Za-z_:][-A-Za-z0-9_:.]*+)" + _SVG_VALUE.replace(b"(?:", b"(", 2))
_SVG_TAG_REST = re.compile(rb"(?:[\t\n\f\r ]++[A-Za-z_:][-A-Za-z0-9_:.]*+" + _SVG_VALUE
                           + rb")*+[\t\n\f\r ]*+(/?)>")  # (group 1: "/", a start tag closing itself)
_SVG_END_REST = re.compile(rb"[\t\n\f\r ]*+>")
# The next tag in an <svg> body, after white space: "<", "/" or not, a name (letters and
# digits); or a comment ("<!--": no tree holds one, see _PARSER).
_SVG_SPACE = re.compile(rb"[\t\n\f\r ]*+")
_SVG_BODY_TAG = re.compile(rb"<(/?)([A-Za-z][A-Za-z0-9]*+)")
# An end tag in foreign content closes the nearest open element of its name, even an HTML
# one around the <svg> (``<g><svg></g>`` ends the svg): each end tag in a body emptied must
# close the element opened last in it. Deeper nesting than this is left to the parser.
_SVG_MAX_DEPTH = 16
# Elements of an <svg> body kept as they are (its content emptied around them: their
# parent becomes the <svg>, which no reader of them asks) when they hold text alone (no
# "<"): a <title> (the page's title when it is the first, a link's text:
# ``<a><svg><title>Share</title>...``) or a <desc> (its text too is the text of every
# element around).
_SVG_KEPT = frozenset({b"title", b"desc"})
_SVG_KEPT_END = {name: re.compile(rb"[^<]*+</(?i:" + name + rb")[\t\n\f\r ]*+>") for name in _SVG_KEPT}
if _walk.raw is not None:  # (drop_script_bodies' C twin reads these tables, given once here)
    _walk.raw.use_svg_tables(_SVG_DRAWING, _SVG_READ_ATTRIBUTES, _SVG_MARKS)


def _unpaired_quotes(head: bytes) -> bool:
    """Quotes that do not pair up in a start tag: a ">" may stand inside an attribute."""
    return bool(head.count(b'"') % 2 or head.count(b"'") % 2)


# A tag's start: "<" then a letter (a start tag) or "/" (an end tag), or of what the
# tokenizer reads to the next ">" as a bogus comment ("<!" not "<!--", "<?").
_TAG_OPEN = re.compile(rb"<[A-Za-z/!?]")


def _in_tag(data: bytes, start: int, since: int) -> bool:
    """Whether ``data[start]`` stands inside a tag (in a name or an attribute: a tag opens
    after the last ">" before it), where a "<script" or "<style" starts nothing. ``since``:
    where the last one looked for stood (0 at first; a tag's "<": nothing before it can
    change the answer, so the page is read once, not once per tag)."""
    gt = data.rfind(b">", since, start)
    return _TAG_OPEN.search(data, gt + 1 if gt >= 0 else since, start) is not None


def _script_end(data: bytes, start: int, gt: int) -> tuple[int, bool]:
    """(where the body of the script whose start tag spans ``[start, gt]`` ends, whether it
    may be emptied); (-1, False) when only the parser knows (no end tag, a "<!--" before
    it, unpaired quotes). A "<script" before the end tag, not in a string, leaves the body
    as it is."""
    if gt < 0 or _unpaired_quotes(data[start:gt]):
        return -1, False
    pos = gt + 1
    while True:
        m = _SCRIPT_STOP.search(data, pos)  # one scan finds the end or what makes it unsure
        if m is None or data[m.start() + 1] == 0x21:  # (no end, or "<!--")
            return -1, False
        if data[m.start() + 1] == 0x2F:
            return m.start(), True
        if data[m.start() - 1] not in _JS_QUOTES and data[m.start() - 2] != 0x5C:
            break
        pos = m.end()  # a "<script" in a string
    m = _SCRIPT_END.search(data, m.end())  # after a "<script": the end, unless "<!--"
    if m is None or data[m.start() + 1] != 0x2F:
        return -1, False
    return m.start(), False


def _style_end(data: bytes, start: int, gt: int) -> int:
    """Where the body of the style sheet whose start tag spans ``[start, gt]`` ends, or -1
    when it is unusual: a "<" in the start tag or before the end tag (CSS has none; a
    "<style" inside an attribute value or a comment is followed by markup), no end tag,
    unpaired quotes."""
    lt = data.find(b"<", gt + 1)
    if (lt < 0 or not data.startswith(b"</style", lt) or data.find(b"<", start + 1, gt) >= 0
            or _unpaired_quotes(data[start:gt])):
        return -1
    return lt


_QUOTE_OR_GT = re.compile(rb"=[\t\n\f\r ]*+[\"']|>")


def _tag_end(data: bytes, start: int) -> int:
    """Where the start tag at ``start`` ends (its ">", not one in a quoted attribute value:
    a quote opens a value right after "=" and white space, as the tokenizer reads it),
    or -1 when it does not."""
    pos = start + 1
    while True:
        m = _QUOTE_OR_GT.search(data, pos)
        if m is None:
            return -1
        if data[m.end() - 1] == 0x3E:  # ">"
            return m.end() - 1
        close = data.find(data[m.end() - 1:m.end()], m.end())
        if close < 0:
            return -1
        pos = close + 1


def _text_only_end(data: bytes, start: int, name: bytes) -> int:
    """Where the element ``name`` of _TEXT_ONLY starting at ``start`` ends (after its end
    tag: the tokenizer reads all before it as text), or -1 when the parser alone knows
    (no end to its start tag, no end tag, <plaintext>)."""
    gt = _tag_end(data, start)
    if name == b"plaintext" or gt < 0:
        return -1
    close = _TEXT_ONLY_END[name].search(data, gt + 1)
    return -1 if close is None else close.end()


def _self_closing(data: bytes, name_end: int, gt: int) -> bool:
    """Whether the start tag whose name ends at ``name_end`` and which ends at ``gt`` ends
    with "/>" (a foreign element with no content): right after its name, white space or a
    quoted value; not when the "/" ends an unquoted attribute value (``x=a/>``)."""
    return gt > name_end and data[gt - 1] == 0x2F and (gt - 1 == name_end or data[gt - 2] in b" \t\n\f\r\"'")


def _foreign_script_end(data: bytes, gt: int) -> tuple[int, bool]:
    """In foreign content (<svg>, <math>) a <script> (its start tag ending at ``gt``, see
    _tag_end) holds markup: (where its body ends, True) when it holds none (its first "<"
    starts its end tag); (-1, False) when it does, (-1, True) when only the parser knows
    (no end to its start tag, no "<" after it)."""
    if gt < 0:
        return -1, True
    lt = data.find(b"<", gt + 1)
    if lt < 0:
        return -1, True
    return (lt, True) if _SCRIPT_END_TAG.match(data, lt) else (-1, False)


def _may_mark(value: bytes | None) -> bool:
    """Whether an id or class ``value`` (quoted or not; None: none) may make its element
    an author box (see _SVG_MARKS)."""
    return value is not None and (b"&" in value or any(word in value for word in _AUTHOR_BOX_WORDS))


def _svg_body(data: bytes, name_end: int, gt: int) -> tuple[int, bytes]:
    """(where the body of the ``<svg>`` whose name ends at ``name_end`` and whose start tag
    at ``gt`` (see _tag_end) ends: its "</svg" (any case, then white space, "/" or ">"),
    what is kept of it: the white space between its tags, its _SVG_KEPT elements), when the
    body may be emptied (only _SVG_DRAWING elements without _SVG_READ_ATTRIBUTES, white space
    and comments between their tags, every tag read strictly (_SVG_TAG_REST), each end tag
    closing the element opened last, at most _SVG_MAX_DEPTH open, no CR and LF brought
    together); else (-1, b"")."""
    rest = _SVG_TAG_REST.match(data, name_end)
    if rest is None or rest.end() != gt + 1:  # (the tokenizer may end this start tag elsewhere)
        return -1, b""
    kept = []
    opened: list[bytes] = []  # the names of the elements open in the body
    pos = gt + 1
    while True:
        start = _SVG_SPACE.match(data, pos).end()
        if start > pos:
            if data[pos] == 0x0A and kept and kept[-1][-1] == 0x0D:  # (one CR LF line break, not two)
                return -1, b""
            kept.append(data[pos:start])
        if data.startswith(b"<!--", start):
            comment = _COMMENT_END.search(data, start + 2)
            if comment is None:
                return -1, b""
            pos = comment.end()
            continue
        tag = _SVG_BODY_TAG.match(data, start)
        if tag is None:
            return -1, b""
        name = tag.group(2).lower()
        closing = bool(tag.group(1))
        if name == b"svg":
            if closing and data[tag.end():tag.end() + 1] in _NAME_ENDS:
                return start, b"".join(kept)
            return -1, b""
        if name in _SVG_KEPT and not closing:
            rest = _SVG_TAG_REST.match(data, tag.end())
            if rest is not None and not rest.group(1):  # (not closing itself: its text, its end tag)
                rest = _SVG_KEPT_END[name].match(data, rest.end())
            if rest is None:
                return -1, b""
            kept.append(data[start:rest.end()])
            pos = rest.end()
            continue
        if name not in _SVG_DRAWING:
            return -1, b""
        if closing:
            rest = _SVG_END_REST.match(data, tag.end())
            if rest is None or not opened or opened.pop() != name:
                return -1, b""
        else:
            rest = _SVG_TAG_REST.match(data, tag.end())
            if rest is None:
                return -1, b""
            for attribute in _SVG_ATTRIBUTE.finditer(data, tag.end(), rest.end()):
                known = attribute.group(1).lower()
                if known in _SVG_READ_ATTRIBUTES and (known not in _SVG_MARKS or _may_mark(attribute.group(2))):
                    return -1, b""
            if not rest.group(1):  # (not closing itself: open)
                if len(opened) == _SVG_MAX_DEPTH:
                    return -1, b""
                opened.append(name)
        pos = rest.end()


def drop_script_bodies(data: bytes, drawings: bool = False) -> bytes:
    """Empty the bodies of ``<script>`` and ``<style>`` elements, keeping their newlines; linear.

    No method reads script code, other JSON data or style sheets from the tree (JSON-LD
    scripts, which metadata reads, are kept). Script bodies are a quarter of a modern page and ~40% of
    its parse time; style sheets inlined in the page are another third of its bytes after
    that (aeb) and ~40% of the remaining parse time. Keeping the newlines keeps every
    element's line number for a parser that counts them. Only lowercase start tags are
    handled, not in comments nor inside other tags or bogus comments ("<?...>"); anything
    unusual is left as it is, for the parser: a style sheet with markup in it or unpaired
    quotes in its start tag (up to its end tag); a script with unpaired quotes in its start
    tag or a "<script" out of a string before its end (up to its end tag), or with a "<!--"
    before its end or none, and then the rest of the page too (only the parser knows where
    such a script ends). What the tokenizer reads as text (``<title>``, ``<textarea>``,
    ``<iframe>``... to their end tag, ``<plaintext>`` to the end) is skipped; in ``<svg>``
    and ``<math>``, where a script holds markup, a script is emptied only when it holds none,
    and a CDATA section leaves the rest to the parser.

    ``drawings`` (auto's record and pruned builds, whose every reader is checked by the
    record identity, of pages whose "<" were counted and are few enough to need no
    _unnest): also the body of an ``<svg>`` outside foreign content made of drawing elements
    (:data:`_SVG_DRAWING`, without :data:`_SVG_READ_ATTRIBUTES`), white space and comments
    between their tags, each end tag closing the last element opened (see :func:`_svg_body`);
    its white space, ``<title>`` and ``<desc>`` are kept (the text of every element stays).
    Cleaning drops every ``<svg>`` whole, and no pass before it reads those elements. Inline
    icons are ~7% of a page's bytes after the scripts (aeb), parsed attribute by attribute as
    foreign elements. Other methods build the full tree, with every drawing element (the LCS
    feature tree counts them).
    """
    if _walk.ENABLED and _walk.raw is not None:
        return _walk.raw.drop_script_bodies(data, drawings)  # the same steps in C (html/_raw.pyx)
    return _drop_bodies(data, drawings)


def _drop_bodies(data: bytes, drawings: bool = False) -> bytes:
    """:func:`drop_script_bodies` in Python (the fallback, and the C twin's reference)."""
    find = data.find
    search = _RAW_START.search
    out: list[bytes] = []
    pos = 0
    m = search(data, 0)
    last = 0  # where the last "<script" or "<style" stood, a tag's "<" (for _in_tag)
    foreign = [0, 0]  # <svg>, <math> open (start tags less end tags seen; never below 0)
    while m is not None:
        start = m.start()
        in_tag, last = _in_tag(data, start, last), start
        if in_tag:  # (a "<!--" too: in a tag, or in a bogus comment "<?...>", it opens nothing)
            m = search(data, start + 2)
            continue
        if data[start + 2] == 0x2D:  # "-": <!--
            comment = _COMMENT_END.search(data, start + 2)
            if comment is None:
                break  # the rest is a comment
            m = search(data, comment.end())
            continue
        kind = data[start + 1] | 0x20
        if kind == 0x21:  # "!": <![CDATA[: text in foreign content, else a bogus comment (to ">")
            gt = find(b">", start)
            if any(foreign) or gt < 0:
                break
            m = search(data, gt + 1)
            continue
        tag = m.group().lower()
        if tag in _FOREIGN_TAGS:  # <svg, <math, </svg, </math
            name = tag.endswith(b"math")
            if kind == 0x2F:
                foreign[name] = max(0, foreign[name] - 1)
            else:
                gt = _tag_end(data, start)
                if not _self_closing(data, m.end(), gt):
                    end, text = (-1, b"") if name or any(foreign) or not drawings else _svg_body(data, m.end(), gt)
                    if end >= 0:  # a drawing: its text (white space, <title>) alone kept, then on at its "</svg"
                        out.append(data[pos:gt + 1])
                        out.append(text)
                        pos = end
                        m = search(data, end)
                        continue
                    foreign[name] += 1
            m = search(data, m.end())
            continue
        if tag != b"<script" and tag != b"<style":
            end = _text_only_end(data, start, tag[1:])
            if end < 0:
                break  # only the parser knows where it ends, or it never does: the rest is left
            m = search(data, end)
            continue
        if data[start + 2] == 0x63:  # "c": <script
            if any(foreign):
                gt = _tag_end(data, start)
                end, sure = _foreign_script_end(data, gt)
                if end < 0:
                    if sure:
                        break
                    m = search(data, start + 7)  # markup in it: read on, as the parser does
                    continue
            else:
                gt = find(b">", start + 7)
                end, sure = _script_end(data, start, gt)
            if end < 0:
                break  # only the parser knows where this one ends: leave the rest to it
            if sure and data[start + 7] in _SCRIPT_NAME_END and b"ld+json" not in data[start:gt].lower():
                out.append(data[pos:gt + 1])
                out.append(b"\n" * data.count(b"\n", gt + 1, end))
                pos = end
            m = search(data, end + 8)
            continue
        gt = find(b">", start + 6)  # <style
        if gt < 0:
            break
        if data[start + 6] not in _SCRIPT_NAME_END:
            m = search(data, start + 6)  # <styles>: another element
            continue
        end = _style_end(data, start, gt)
        if end < 0:  # left as it is, up to its end tag (no script in it)
            closing = _STYLE_END.search(data, gt + 1)
            if closing is None:
                break  # the rest is style sheet (or this was no start tag: nothing lost)
            m = search(data, closing.end())
            continue
        if end > gt + 1:
            out.append(data[pos:gt + 1])
            out.append(b"\n" * data.count(b"\n", gt + 1, end))
            pos = end
        m = search(data, end + 7)  # nothing skipped: the emptied span holds no "<"
    if not out:
        return data
    out.append(data[pos:])
    return b"".join(out)


def _parse(html: str | None, max_depth: int, utf8: bytes | None, native: bool | None,
           prune: bool = False, lt_count: int = -1, record: bool = False) -> tuple[etree._Element, html5.Pruned | None]:
    """The tree of ``html`` (script bodies emptied first; ``html`` None: ``utf8`` holds it),
    pruned or not, and what the pruned build tells cleaning (None for the full one);
    ``lt_count``: ``utf8.count(b"<")`` when known, else -1; ``record``: the record build."""
    # <svg> bodies emptied too in auto's builds (see drop_script_bodies), when the count of
    # "<" known decides on _unnest: theirs would change it
    drawings = (prune or record) and utf8 is not None and 0 <= lt_count <= _DEEP_SCAN_TAGS
    data, lt = _page_bytes(html, utf8, lt_count, drawings)
    if lt > _DEEP_SCAN_TAGS:
        unnested = _unnest_page(html, utf8, max_depth)
        if unnested is not None:
            data = _page_bytes(*unnested)[0]  # (drawings: never here)
    if not data or data.isspace() or _XML_DECL_ONLY.match(data):
        raise ParseError("document has no HTML content")
    root = copy.copy(_EMPTY_ROOT)
    try:
        if prune:
            return root, html5.build_pruned(data, root, max_depth, native)
        return html5.build(data, root, max_depth, native, record), None
    except MemoryError as exc:
        raise ParseError(f"cannot parse HTML: {exc}") from None


def _text(html: str | None, utf8: bytes | None) -> str:
    """``html``, decoded from ``utf8`` when it was not given."""
    return utf8.decode("utf-8") if html is None else html  # type: ignore[union-attr]


def _page_bytes(html: str | None, utf8: bytes | None, lt_count: int = -1,
                drawings: bool = False) -> tuple[bytes, int]:
    """What the parser reads: ``html`` in UTF-8 (``utf8`` when given), script bodies
    emptied, markers removed; and its count of ``<``, or, when ``utf8``'s count
    (``lt_count``, -1: unknown) is at most _DEEP_SCAN_TAGS, that count: emptying bodies
    only removes "<", so the page is then known not to need _unnest without counting."""
    data = drop_script_bodies(utf8 if utf8 is not None else html.encode("utf-8", errors="replace"),  # type: ignore[union-attr]
                              drawings)
    if utf8 is not None and 0 <= lt_count <= _DEEP_SCAN_TAGS:
        lt, markers = lt_count, _has_markers(data)
    else:
        lt, markers = _lt_and_markers(data)
    if markers:  # never visible text, and the segmentation's markers (maintext.html.markers)
        data = data.translate(None, _MARKER_BYTES)
    return data, lt


def _has_markers(data: bytes) -> bool:
    """Whether ``data`` holds a byte of _MARKER_BYTES (one C pass when built, else four
    memchr passes; an int is looked up at once, where ``bytes in`` first fails to read
    the bytes as an int and formats that error)."""
    scan = _walk.native_scan()
    if scan is not None:
        return scan.has_markers(data)
    return any(b in data for b in _MARKER_BYTES)


def _lt_and_markers(data: bytes) -> tuple[int, bool]:
    """``data.count(b"<")``, and whether ``data`` holds a byte of _MARKER_BYTES (in one C
    pass when built: five passes of bytes.count and ``in`` cost ~0.15 M instructions a page)."""
    scan = _walk.native_scan()
    if scan is not None:
        return scan.lt_and_markers(data)
    return data.count(b"<"), _has_markers(data)


class Document:
    """One page: decoded HTML, URL, options, a lazily built tree, and typed caches.

    No ``__dict__``: everything a pass leaves on a document for a later one is a declared,
    typed slot (``None`` = not computed yet)."""

    __slots__ = ("_html", "url", "encoding", "source", "options", "site_docs", "utf8", "lt_count",
                 "link_anchors", "links_marked", "_tree", "json_ld", "ld_script_texts",
                 "blocklist", "lcs_ctree", "site_sequence", "headline", "site_template", "tree_rule")

    def __init__(self, html: str | None, *, url: str | None = None, encoding: str = "str",
                 source: str | None = None, options: Options | None = None,
                 site_docs: list["Document"] | None = None, utf8: bytes | None = None,
                 lt_count: int = -1) -> None:
        if html is None and utf8 is None:
            raise ValueError("a Document needs the page's text or its UTF-8 bytes")
        # the text, None until first read when ``utf8`` holds it (see ``html``)
        self._html = html
        # ``html`` encoded as UTF-8 when the input bytes were exactly that (else None)
        self.utf8 = utf8
        # ``utf8.count(b"<")`` when the load counted it, else -1 (spares the parse a count)
        self.lt_count = lt_count if utf8 is not None else -1
        self.url = url
        self.encoding = encoding
        self.source = source
        self.options = options or Options()
        # Other pages of the same site, for methods that remove the site's template by
        # comparing pages (seeds 000 and 003); empty when none are at hand.
        self.site_docs: list[Document] = list(site_docs or ())
        # (<a> element, Link) of the page's forward links, set by the metadata pass; a
        # method that knows which elements its main text holds sets ``Link.in_main`` from
        # them and ``links_marked`` (else the links are marked by their anchor words).
        self.link_anchors: list[tuple[Any, Any]] = []
        self.links_marked = False
        self._tree: etree._Element | None = None
        # The page's JSON-LD, flattened (name -> text), filled by the metadata pass.
        self.json_ld: dict[str, str] | None = None
        # The texts of its ``<script type="application/ld+json">`` (metadata fills them;
        # ``auto`` reads them before cleaning drops the scripts).
        self.ld_script_texts: list[str] | None = None
        # The Block-List view of the cleaned tree (maintext.html.blocklist.document_blocks).
        self.blocklist: Any = None
        # (settings key, feature tree) of the LCS method (maintext.methods.lcs).
        self.lcs_ctree: tuple[Any, Any] | None = None
        # (node sequence or None,) of the page as a sibling (maintext.site.nodeseq);
        # None = not computed; a page that cannot be parsed holds (None,).
        self.site_sequence: tuple[Any] | None = None
        # The headline the metadata pass chose (maintext.metadata.title.decide_headline);
        # None = the metadata pass did not run.
        self.headline: str | None = None
        # What template methods learned about the site earlier (maintext.site.learned.
        # LearnedTemplate, from the template store): used in place of site pages; None = none.
        self.site_template: Any = None
        # The method's rule for this run (maintext.api: maintext.registry.record_rule), asked
        # when ``tree`` builds the tree: whether it may be html5's record build (only the
        # attributes the run reads); None: the full build. Asked only then: a run that
        # builds no tree this way (text-only auto's pruned build) pays nothing for it.
        self.tree_rule: Any = None

    @property
    def html(self) -> str:
        """The decoded HTML text (decoded from ``utf8`` on first use when the page came as
        those bytes: the parser reads them, and most pages' text is read by nothing else)."""
        html = self._html
        if html is None:
            html = self._html = _text(None, self.utf8)
        return html

    @html.setter
    def html(self, value: str) -> None:
        # new text: the saved UTF-8 bytes of the old one must not be parsed instead
        self._html = value
        self.utf8 = None
        self.lt_count = -1

    @classmethod
    def from_loaded(cls, loaded: Loaded, options: Options | None = None) -> "Document":
        return cls(loaded.decoded, url=loaded.url, encoding=loaded.encoding,
                   source=loaded.source, options=options, utf8=loaded.utf8, lt_count=loaded.lt_count)

    @property
    def tree(self) -> etree._Element:
        """The parsed tree (built on first use, then shared)."""
        tree = self._tree
        if tree is None:
            rule = self.tree_rule
            tree = self._tree = parse_html(self._html, self.options.max_tree_depth, utf8=self.utf8,
                                           native=self.options.native, lt_count=self.lt_count,
                                           record=rule is not None and rule(self, self.options))
        return tree

    @tree.setter
    def tree(self, root: etree._Element) -> None:
        self._tree = root

    def pruned_tree(self) -> tuple[etree._Element, html5.Pruned | None]:
        """The tree as the pruned build (:func:`parse_pruned`) when none was built yet, to
        be cleaned at once: (tree, what the build tells cleaning); else (``tree``, None)."""
        if self._tree is not None:
            return self._tree, None
        self._tree, pruned = parse_pruned(self._html, self.options.max_tree_depth, utf8=self.utf8,
                                          native=self.options.native, lt_count=self.lt_count)
        return self._tree, pruned

    def drop_tree(self) -> None:
        """Forget the parsed tree and what was computed from it (a method may have pruned
        it; the next use parses again). Caches of the page's own text stay."""
        self._tree = None
        self.blocklist = None

    def fresh_tree(self) -> etree._Element:
        """A new, unmodified parse of the page."""
        return parse_html(self._html, self.options.max_tree_depth, utf8=self.utf8,
                          native=self.options.native, lt_count=self.lt_count)
