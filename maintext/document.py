"""The shared parsed representation every method works on.

A :class:`Document` holds the decoded HTML and parses it at most once, lazily: methods
that read the raw tag stream (line-block, Block-List) never pay for a tree, and methods
that need one share ``doc.tree``. ``doc.tree`` may be modified by the method that runs
on the document (metadata is read before the method runs); a method that needs the
untouched tree after others have pruned it calls :meth:`Document.fresh_tree`.
"""

from __future__ import annotations

import re
from functools import cached_property

import lxml.etree as etree
import lxml.html

from .errors import ParseError
from .loading import Loaded
from .options import Options

# One parser per process; lxml parsers are not shared across threads, but maintext
# parallelises with processes. Comments and processing instructions never carry page text.
_PARSER = lxml.html.HTMLParser(
    remove_comments=True, remove_pis=True, encoding="utf-8", huge_tree=True, recover=True
)
_XML_DECL = re.compile(r"^\s*<\?xml[^>]*>", re.IGNORECASE)


def parse_html(html: str) -> etree._Element:
    """Parse HTML text into an lxml tree (``<html>`` root), tolerating any breakage."""
    data = html.encode("utf-8", errors="replace")
    try:
        root = lxml.html.document_fromstring(data, parser=_PARSER)
    except (etree.ParserError, ValueError) as exc:
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
    return root


class Document:
    """One page: decoded HTML, URL, options, and a lazily built tree."""

    __slots__ = ("html", "url", "encoding", "source", "options", "__dict__")

    def __init__(self, html: str, *, url: str | None = None, encoding: str = "str",
                 source: str | None = None, options: Options | None = None) -> None:
        self.html = html
        self.url = url
        self.encoding = encoding
        self.source = source
        self.options = options or Options()

    @classmethod
    def from_loaded(cls, loaded: Loaded, options: Options | None = None) -> "Document":
        return cls(loaded.html, url=loaded.url, encoding=loaded.encoding,
                   source=loaded.source, options=options)

    @cached_property
    def tree(self) -> etree._Element:
        """The parsed tree (built on first use, then shared)."""
        return parse_html(self.html)

    def fresh_tree(self) -> etree._Element:
        """A new, unmodified parse of the page."""
        return parse_html(self.html)
