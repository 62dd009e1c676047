"""The ``maintext`` command line: extract, batch, anchors, serve, plot, methods, bench.

Errors on bad input are printed as one line on stderr (``maintext: error: ...``) with a
non-zero exit status, never as a traceback: status 1 for input maintext rejects
(:class:`~maintext.errors.MaintextError`, or a file that cannot be read or written), 2 for
a usage error (click's own, or an output path that cannot be used), 3 for an unexpected
failure (a bug: please report it). Each command is one module of this package.
"""

from . import batch, extract, tools  # noqa: F401  (each registers its commands on main)
from .common import EXIT_INPUT, EXIT_UNEXPECTED, EXIT_USAGE, check_output_file, main

__all__ = ["EXIT_INPUT", "EXIT_UNEXPECTED", "EXIT_USAGE", "check_output_file", "main"]
