"""The shared parsed representation every method works on.

A :class:`Document` holds the decoded HTML and parses it at most once, lazily: methods
that read the raw tag stream (line-block, Block-List) never pay for a tree, and methods
that need one share ``doc.tree``. ``doc.tree`` may be modified by the method that runs
on the document (metadata is read before the method runs); a method that needs the
untouched tree after others have pruned it calls :meth:`Document.fresh_tree`.
"""

from __future__ import annotations

import re
from typing import Any

import lxml.etree as etree
import lxml.html

from ..errors import ParseError
from ..io.loading import Loaded
from ..options import Options
from . import walk as _walk

# One parser per process; lxml parsers are not shared across threads, but maintext
# parallelises with processes. Comments and processing instructions never carry page text.
# No table of id attributes (nothing looks elements up by id; ~8% of the parse time).
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
_XML_DECL = re.compile(r"^\s*<\?xml[^>]*>", re.IGNORECASE)
# libxml2 stops at this element depth (even with huge_tree) and drops the rest of the page.
_LIBXML_MAX_DEPTH = 2048
# A <title> text longer than this that holds tags swallowed the page (see _title_swallowed).
_TITLE_SWALLOWED_CHARS = 200
_TITLE_OPEN = re.compile(r"<title\b[^>]*>", re.IGNORECASE)
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9:-]*)[^>]*?(/?)>")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "param", "source", "track", "wbr"})


# End tags of html/body: browsers ignore them mid-page, libxml2 drops what follows them.
_EARLY_END = re.compile(r"</(?:html|body)\s*>", re.IGNORECASE)
_TAIL = 4096  # end tags this close to the end of the page are where they belong
_MIN_LINES = 50  # below this, line numbers cannot tell whether the parser stopped early
# libxml2's HTML parser reports no line number above this (``sourceline`` stays there).
LINE_CAP = 65535


def parse_html(html: str, max_depth: int = 1000, *, utf8: bytes | None = None) -> etree._Element:
    """Parse HTML text into an lxml tree (``<html>`` root), tolerating any breakage.

    Two libxml2 behaviours lose text that browsers show, and both are repaired by a
    second parse only on the pages that need it:
    - a stray ``</html>``/``</body>`` mid-page makes it drop the rest of the page: when
      the tree ends well before the source does, such end tags are removed;
    - nesting deeper than it can hold aborts the parse: tags below ``max_depth`` are
      dropped (their text kept).

    ``utf8``: ``html`` encoded as UTF-8, when the caller has it (saves encoding again).
    """
    root, data = _parse(html, utf8)
    if _hit_depth_limit():
        html = flatten_deep(html, min(max_depth, _LIBXML_MAX_DEPTH - 48))
        root, data = _parse(html)
    if _tree_ends_early(root, data):
        repaired = drop_early_end_tags(html)
        if repaired is not html:
            html = repaired
            root, _ = _parse(html)
    if _title_swallowed(root):
        repaired = close_title(html)
        if repaired is not html:
            root, _ = _parse(repaired)
    return root


def _title_swallowed(root: etree._Element) -> bool:
    """Whether an unclosed or misspelt ``</title>`` made the parser read the page into the
    title (its text then holds markup: ``<`` followed by a tag name)."""
    title = root.find("head/title")
    text = title.text if title is not None else None
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


def _tree_ends_early(root: etree._Element, data: bytes) -> bool:
    """Whether the last element of the tree starts far before the end of the source
    ``data`` (the bytes parsed)."""
    lines = (_walk.scan.count_byte(data, 10) if _walk.ENABLED and _walk.scan is not None
             else data.count(b"\n")) + 1
    if lines < _MIN_LINES:
        return True  # a page on few lines: let the text search decide
    el = root
    while len(el):
        el = el[-1]
    line = el.sourceline or 0
    if line < LINE_CAP:
        return line < lines - max(_MIN_LINES, lines // 10)
    # libxml2 stops counting lines at LINE_CAP: compare elements with start tags instead
    # (linear, and only on pages of that many lines)
    starts = data.count(b"<") - data.count(b"</") - data.count(b"<!")
    elements = sum(1 for _ in root.iter())
    return elements < starts - max(_MIN_LINES, starts // 10)


def drop_early_end_tags(html: str) -> str:
    """Remove ``</html>``/``</body>`` that stand before the last few KB of the page."""
    limit = len(html) - _TAIL
    if limit <= 0 or _EARLY_END.search(html, 0, limit) is None:
        return html
    return _EARLY_END.sub("", html)


def _hit_depth_limit() -> bool:
    return any(e.type_name == "ERR_RESOURCE_LIMIT" for e in _PARSER.error_log)


def flatten_deep(html: str, max_depth: int) -> str:
    """Drop start/end tags nested deeper than ``max_depth``, keeping all text. Linear."""
    out: list[str] = []
    depth = 0
    pos = 0
    for m in _TAG.finditer(html):
        closing, name, selfclose = m.group(1), m.group(2).lower(), m.group(3)
        if name in _VOID or selfclose:
            keep = depth < max_depth
        elif closing:
            keep = depth <= max_depth
            depth = max(depth - 1, 0)
        else:
            depth += 1
            keep = depth <= max_depth
        if not keep:
            out.append(html[pos:m.start()])
            pos = m.end()
    out.append(html[pos:])
    return "".join(out)


# What may follow "<script" in a script start tag (not "<scripts>" or "<script-x>").
_SCRIPT_NAME_END = frozenset(b" \t\n\r\f>/")
# In a script body: its end tag, or markup-like text before it ("<!--" changes how parsers
# find the end; "<script" stands inside strings of ``document.write`` calls).
_SCRIPT_STOP = re.compile(rb"</script|<(?:!--|script|SCRIPT)")
# Start of the raw-text elements whose bodies are emptied before parsing.
_RAW_START = re.compile(rb"<s(?:cript|tyle)")


def _unpaired_quotes(head: bytes) -> bool:
    """Quotes that do not pair up in a start tag: a ">" may stand inside an attribute."""
    return bool(head.count(b'"') % 2 or head.count(b"'") % 2)


def _script_end(data: bytes, start: int, gt: int) -> int:
    """Where the body of the script whose start tag spans ``[start, gt]`` ends, or -1 when
    only the parser knows (no end tag, markup-like text before it, unpaired quotes)."""
    if gt < 0:
        return -1
    m = _SCRIPT_STOP.search(data, gt + 1)  # one scan finds the end or what makes it unsure
    if m is None or data[m.start() + 1] != 0x2F or _unpaired_quotes(data[start:gt]):
        return -1
    return m.start()


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


def drop_script_bodies(data: bytes) -> bytes:
    """Empty the bodies of ``<script>`` and ``<style>`` elements, keeping their newlines; linear.

    No method reads script code, other JSON data or style sheets from the tree (JSON-LD
    scripts, which metadata reads, are kept). Script bodies are a quarter of a modern page and ~40% of
    its parse time; style sheets inlined in the page are another third of its bytes after
    that (aeb) and ~40% of the remaining parse time. Keeping the newlines keeps every
    element's ``sourceline``. Only lowercase tags are handled; anything unusual is left
    as it is, for the parser: a style sheet with markup in it or unpaired quotes in its
    start tag; for a script the same, or a missing end tag, and then the rest of the page
    too (only the parser knows where such a script ends).
    """
    if _walk.ENABLED and _walk.raw is not None:
        return _walk.raw.drop_script_bodies(data)  # the same steps in C (html/_raw.pyx)
    return _drop_bodies(data)


def _drop_bodies(data: bytes) -> bytes:
    """:func:`drop_script_bodies` in Python (the fallback, and the C twin's reference)."""
    find = data.find
    search = _RAW_START.search
    out: list[bytes] = []
    pos = 0
    m = search(data, 0)
    while m is not None:
        start = m.start()
        if data[start + 2] == 0x63:  # "c": <script
            gt = find(b">", start + 7)
            end = _script_end(data, start, gt)
            if end < 0:
                break  # only the parser knows where this one ends: leave the rest to it
            if data[start + 7] in _SCRIPT_NAME_END and b"ld+json" not in data[start:gt].lower():
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
        if end < 0:
            m = search(data, start + 6)  # left as it is; scripts after it are still emptied
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


def _parse(html: str, utf8: bytes | None = None) -> tuple[etree._Element, bytes]:
    """The tree of ``html`` and the bytes parsed (script bodies emptied, keeping their
    newlines: line numbers are those of ``html``)."""
    data = drop_script_bodies(utf8 if utf8 is not None else html.encode("utf-8", errors="replace"))
    if b"\x00" in data or b"\x01" in data or b"\x02" in data or b"\x03" in data:
        # never visible text, and the segmentation's markers (maintext.html.markers)
        data = data.translate(None, _MARKER_BYTES)
    try:
        root = etree.fromstring(data, _PARSER)
        if root is None:
            raise etree.ParserError("Document is empty")
    except (etree.ParserError, etree.XMLSyntaxError, ValueError) as exc:
        # lxml refuses documents that are nothing but whitespace/comments
        text = _XML_DECL.sub("", html).strip()
        if not text:
            raise ParseError("document has no HTML content") from None
        try:
            root = lxml.html.fragment_fromstring(text, create_parent="div", parser=_PARSER)
        except Exception:  # noqa: BLE001 - report any parser failure as ParseError
            raise ParseError(f"cannot parse HTML: {exc}") from None
    if root is None:
        raise ParseError("cannot parse HTML: empty tree")
    return root, data


class Document:
    """One page: decoded HTML, URL, options, a lazily built tree, and typed caches.

    No ``__dict__``: everything a pass leaves on a document for a later one is a declared,
    typed slot (``None`` = not computed yet)."""

    __slots__ = ("_html", "url", "encoding", "source", "options", "site_docs", "utf8",
                 "link_anchors", "links_marked", "_tree", "json_ld", "ld_script_texts",
                 "blocklist", "lcs_ctree", "site_sequence", "headline", "site_template")

    def __init__(self, html: str, *, url: str | None = None, encoding: str = "str",
                 source: str | None = None, options: Options | None = None,
                 site_docs: list["Document"] | None = None, utf8: bytes | None = None) -> None:
        self._html = html
        # ``html`` encoded as UTF-8 when the input bytes were exactly that (else None)
        self.utf8 = utf8
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

    @property
    def html(self) -> str:
        """The decoded HTML text."""
        return self._html

    @html.setter
    def html(self, value: str) -> None:
        # new text: the saved UTF-8 bytes of the old one must not be parsed instead
        self._html = value
        self.utf8 = None

    @classmethod
    def from_loaded(cls, loaded: Loaded, options: Options | None = None) -> "Document":
        return cls(loaded.html, url=loaded.url, encoding=loaded.encoding,
                   source=loaded.source, options=options, utf8=loaded.utf8)

    @property
    def tree(self) -> etree._Element:
        """The parsed tree (built on first use, then shared)."""
        tree = self._tree
        if tree is None:
            tree = self._tree = parse_html(self.html, self.options.max_tree_depth, utf8=self.utf8)
        return tree

    @tree.setter
    def tree(self, root: etree._Element) -> None:
        self._tree = root

    def drop_tree(self) -> None:
        """Forget the parsed tree and what was computed from it (a method may have pruned
        it; the next use parses again). Caches of the page's own text stay."""
        self._tree = None
        self.blocklist = None

    def fresh_tree(self) -> etree._Element:
        """A new, unmodified parse of the page."""
        return parse_html(self.html, self.options.max_tree_depth, utf8=self.utf8)
