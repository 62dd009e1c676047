"""maintext: main text (正文) and structure extraction from web pages.

One page goes through these stages, one subpackage each (:func:`maintext.extract`):

1. :mod:`maintext.io` -- load: a path, URL, bytes or str in; decoded HTML text out.
2. :mod:`maintext.html` -- parse, clean, segment: the text in; a
   :class:`~maintext.html.document.Document` (tree parsed once, lazily), the cleaned tree and
   the one segmentation (text blocks, their containers, their structure) out.
3. :mod:`maintext.metadata` -- a Document in; title, headline, dates, authors, links out
   (run before the method, which may read them).
4. :mod:`maintext.methods` -- select: a Document in; a :class:`~maintext.result.Page` with
   the main text and typed blocks out (``auto`` by default; :mod:`maintext.registry` lists
   them). :mod:`maintext.pagetype` says whether a page is an article page at all, and
   :mod:`maintext.site` gives template methods the other pages of the page's site.
5. :mod:`maintext.output` -- a Page in; text, Markdown, HTML, JSON out.

Around them: :mod:`maintext.batch` (many pages, resumable), :mod:`maintext.serve` (HTTP),
:mod:`maintext.cli` (the command line) and :mod:`maintext.evaluation` (scoring against gold).
All settings are one typed :class:`~maintext.options.Options`.
"""

# The ``methods`` subpackage is imported first: importing a subpackage for the first time
# sets it as an attribute of this package, which would replace the ``methods()`` function
# bound below the first time a method module is imported (after the first extraction).
from . import methods as _methods_package  # noqa: F401
from .api import DEFAULT_METHOD, extract, extract_document, extract_site, load_document, methods
from .html.document import Document
from .errors import (
    BinaryContentError,
    DocumentTooLargeError,
    EmptyDocumentError,
    FetchError,
    LoadError,
    MaintextError,
    PageTimeoutError,
    ParseError,
    TooManyElementsError,
    UnknownMethodError,
)
from .options import Options
from .result import Link, Page

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_METHOD", "extract", "extract_document", "load_document", "methods", "Document",
    "Options", "Page", "Link", "MaintextError", "EmptyDocumentError", "BinaryContentError",
    "DocumentTooLargeError", "LoadError", "FetchError", "ParseError", "UnknownMethodError",
    "PageTimeoutError", "TooManyElementsError", "__version__",
]
