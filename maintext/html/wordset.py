"""Exact prefilters: whether a lower-cased text holds any word of a table, in one C pass
(``_text.Needles``) when the native parts are built and enabled, else a Python loop."""

from __future__ import annotations

from . import walk as _walk

try:  # the one-pass test in C (maintext/html/_text.pyx), else the Python loop
    from ._text import Needles
except ImportError:
    Needles = None


class WordSet:
    """The words of one table; :meth:`any_in` asks whether a text holds one of them."""

    __slots__ = ("words", "_needles")

    def __init__(self, words: tuple[str, ...]):
        self.words = words
        self._needles = Needles(words) if Needles is not None else None

    def any_in(self, lower: str) -> bool:
        """Whether ``lower`` (already lower-cased) holds a word of the table."""
        if self._needles is not None and _walk.ENABLED:
            return self._needles.any_in(lower)
        for word in self.words:  # (a loop: no generator frame)
            if word in lower:
                return True
        return False
