"""Which segmentation walk runs: the native one (``maintext/html/_walk.pyx``, compiled by
``setup.py`` when a C compiler and Cython are present) or the pure-Python one in
:mod:`maintext.html.segment`. Both give identical segmentations.

``MAINTEXT_NATIVE=0`` in the environment (read at import) or ``Options(native=False)``
forces the Python walk; without a built extension the Python walk is the only one.
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import Callable

native: ModuleType | None
try:
    from . import _walk as native
except ImportError:  # not built (no compiler at install time): the Python walk
    native = None
# Text scans in C (maintext/html/_scan.pyx: io.limits' attribute cap pre-check), or None.
scan: ModuleType | None
try:
    from . import _scan as scan
except ImportError:
    scan = None

# Tree scans of the metadata pass in C (maintext/html/_nodes.pyx), or None.
nodes: ModuleType | None
try:
    from . import _nodes as nodes
except ImportError:
    nodes = None

# The Block-List view's container blocks built in C (maintext/html/_blocks.pyx), or None.
blocks: ModuleType | None
try:
    from . import _blocks as blocks
except ImportError:
    blocks = None

# document.drop_script_bodies in C (maintext/html/_raw.pyx), or None.
raw: ModuleType | None
try:
    from . import _raw as raw
except ImportError:
    raw = None

NATIVE_AVAILABLE = native is not None
# Whether the environment leaves the native code on (MAINTEXT_NATIVE=0 turns it off); every
# native part's default asks this (html5.ENABLED too).
NATIVE_REQUESTED = os.environ.get("MAINTEXT_NATIVE", "1").strip().lower() not in ("0", "false", "no", "off")
# The default when a caller does not say (Options.native): the native walk when built,
# unless MAINTEXT_NATIVE=0.
ENABLED = NATIVE_AVAILABLE and NATIVE_REQUESTED


def native_nodes() -> ModuleType | None:
    """The metadata pass's C tree scans when built and enabled (read at call time, so a
    test or caller that turns ENABLED off gets the Python loops), else None."""
    return nodes if ENABLED else None


def native_scan(native: bool | None = None) -> ModuleType | None:
    """The C scans of page text and bytes (maintext/html/_scan.pyx: tag caps, UTF-8 check,
    tree scans for cleaning) when built and enabled, else None. ``native``: a caller's own
    choice (``Options.native``) instead of the process's (None)."""
    return scan if (ENABLED if native is None else native) else None


def native_raw() -> ModuleType | None:
    """The C scans of page source (maintext/html/_raw.pyx) when built and enabled, else None."""
    return raw if ENABLED else None


_CJK_TABLE_SET = False


def native_weigh() -> Callable[[str], float] | None:
    """The compiled :func:`maintext.textutil.text_weight` (the same figure) when built and
    enabled, with its CJK table set from textutil's, else None."""
    global _CJK_TABLE_SET
    if not ENABLED or native is None:
        return None
    if not _CJK_TABLE_SET:
        from ..textutil import _CJK_RANGES

        native.set_cjk_ranges(_CJK_RANGES)
        _CJK_TABLE_SET = True
    return native.text_weight
