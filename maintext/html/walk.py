"""Which segmentation walk runs: the native one (``maintext/html/_walk.pyx``, compiled by
``setup.py`` when a C compiler and Cython are present) or the pure-Python one in
:mod:`maintext.html.segment`. Both give identical segmentations.

``MAINTEXT_NATIVE=0`` in the environment (read at import) or ``Options(native=False)``
forces the Python walk; without a built extension the Python walk is the only one.
"""

from __future__ import annotations

import os
from types import ModuleType

native: ModuleType | None
try:
    from . import _walk as native
except ImportError:  # not built (no compiler at install time): the Python walk
    native = None
# Text scans in C (maintext/html/_scan.pyx: io.loading's attribute cap pre-check), or None.
scan: ModuleType | None
try:
    from . import _scan as scan
except ImportError:
    scan = None

NATIVE_AVAILABLE = native is not None
# The default when a caller does not say (Options.native): the native walk when built,
# unless MAINTEXT_NATIVE=0.
ENABLED = NATIVE_AVAILABLE and os.environ.get("MAINTEXT_NATIVE", "1").strip().lower() not in ("0", "false", "no", "off")
