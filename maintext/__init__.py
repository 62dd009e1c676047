"""maintext: main text (正文) and structure extraction from web pages."""

# The ``methods`` subpackage is imported first: importing a subpackage for the first time
# sets it as an attribute of this package, which would replace the ``methods()`` function
# bound below the first time a method module is imported (after the first extraction).
from . import methods as _methods_package  # noqa: F401
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
    TooManyElementsError,
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
    "PageTimeoutError", "TooManyElementsError", "__version__",
]
