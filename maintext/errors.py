"""Exceptions raised by maintext.

Every failure on bad input is a subclass of :class:`MaintextError`, so a caller can
catch one type; the batch runner records ``type(exc).__name__`` and ``str(exc)`` per
page and goes on. Messages are one line, meant to be shown to a person.
"""

from __future__ import annotations


class MaintextError(Exception):
    """Base class of every error maintext raises on purpose."""


class EmptyDocumentError(MaintextError):
    """The input has no bytes, or only whitespace."""


class BinaryContentError(MaintextError):
    """The input is not text (images, archives, PDFs, random bytes)."""


class DocumentTooLargeError(MaintextError):
    """The input exceeds ``Options.max_input_bytes``."""


class TooManyElementsError(DocumentTooLargeError):
    """The page has more elements than ``Options.max_elements`` (start tags counted before
    parsing). Refused whole, like a page over the byte limit: a page cut at the cap would
    give main text that looks complete but may miss the article."""


class LoadError(MaintextError):
    """A path could not be read, a compressed file is corrupt or truncated, or a str that
    looks like a file path was given (a str is HTML; files come as ``os.PathLike``)."""


class FetchError(MaintextError):
    """A URL could not be fetched (network error, HTTP error status, non-HTML body, a
    scheme other than http/https)."""

    def __init__(self, message: str = "", *, status: int | None = None, not_html: bool = False) -> None:
        super().__init__(message)
        self.status = status  # the HTTP error status the server answered with, if it did
        self.not_html = not_html  # the answer was not a page (image, PDF...): crawlers skip it


class ParseError(MaintextError):
    """The HTML parser could not build a tree from the decoded text."""


class UnknownMethodError(MaintextError, KeyError):
    """No extraction method is registered under the requested name."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown method"


class PageTimeoutError(MaintextError):
    """A page took longer than its time limit (``Options.page_timeout`` for
    :func:`maintext.extract` and ``maintext extract``, ``--timeout`` in a batch run)."""
