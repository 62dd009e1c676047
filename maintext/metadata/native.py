"""Which loops of the metadata pass run in C: ``maintext/metadata/_native.pyx`` when
``setup.py`` built it and the native code is enabled (``maintext.html.walk.ENABLED``:
``MAINTEXT_NATIVE=0`` turns it off), else the Python twins beside each call."""

from __future__ import annotations

from types import ModuleType

from ..html import walk

_native: ModuleType | None
try:
    from . import _native
except ImportError:  # not built (no compiler at install time)
    _native = None


def native_metadata() -> ModuleType | None:
    """The C loops when built and enabled (read at call time: a test or caller that turns
    ``walk.ENABLED`` off gets the Python loops), else None. (The metadata pass reads it
    inline, ``_native if walk.ENABLED else None``, as the html and method modules test
    ``walk.ENABLED``: some fifteen calls a page less.)"""
    return _native if walk.ENABLED else None


def collapsed(text: str) -> str:
    """:func:`maintext.textutil.collapse_ws` of ``text``, in C when built and enabled
    (``_native.words``: ``text`` itself when collapsed already, else its words joined in one
    pass, without the list of words)."""
    return _native.words(text) if _native is not None and walk.ENABLED else " ".join(text.split())
