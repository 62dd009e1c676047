"""maintext: main text (正文) and structure extraction from web pages."""

from .api import DEFAULT_METHOD, extract, extract_document, load_document, methods
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
    UnknownMethodError,
)
from .options import Options
from .result import Link, Page
from .site.group import extract_site

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_METHOD", "extract", "extract_document", "load_document", "methods", "Document",
    "Options", "Page", "Link", "MaintextError", "EmptyDocumentError", "BinaryContentError",
    "DocumentTooLargeError", "LoadError", "FetchError", "ParseError", "UnknownMethodError",
    "PageTimeoutError", "__version__",
]
