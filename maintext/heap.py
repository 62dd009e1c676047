"""Freed memory kept by the C allocator in maintext's own worker processes: ``keep_freed_memory()``.

A multi-MB page's trees (lexbor's, then libxml2's, then the blocks) take 15-20 times the
page's size. When they are freed, glibc hands the top of its heap back to the system, so
the next big page faults all of that memory in again: about 3,600 minor page faults per MB
of page on a 20 MB page, the main reason extraction time grew faster than page size
(``benchmarks/linearity.py --worker-heap``: exponent 1.11 without, 1.07 with). A process
that extracts page after page is better off keeping that memory for the next page.

This is process-wide, so it is only done in processes maintext owns: the batch workers and
the service's workers. A library call never changes its caller's allocator. It needs glibc
(``mallopt``); elsewhere it does nothing. What is kept is bounded by ``KEEP_MB`` and by a
quarter of the worker's memory limit, so a worker that sits on freed memory still has three
quarters of its limit for the next page.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

# How much freed memory at the top of the heap glibc keeps instead of returning it (MB):
# more than the peak of a 20 MB page (~440 MB). Pages up to Options.max_input_bytes (32 MB)
# can peak higher; they are rare, and pay faults only for what is beyond this.
KEEP_MB = 512
_M_TRIM_THRESHOLD = -1  # glibc's mallopt parameter number (malloc.h)


def _glibc() -> ctypes.CDLL | None:
    """The C library when it is glibc (the only one with ``mallopt`` and ``malloc_trim``)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.gnu_get_libc_version  # noqa: B018 - AttributeError on musl and others
        return libc
    except (OSError, AttributeError):
        return None


def keep_megabytes(memory_limit_mb: int) -> int:
    """The freed memory (MB) a worker with ``memory_limit_mb`` (0: none) keeps."""
    return KEEP_MB if memory_limit_mb <= 0 else min(KEEP_MB, memory_limit_mb // 4)


def keep_freed_memory(memory_limit_mb: int = 0) -> bool:
    """Have the allocator of this process keep up to ``keep_megabytes(memory_limit_mb)`` of
    freed memory for later pages instead of returning it to the system. True when applied
    (glibc), False elsewhere or when the limit leaves nothing to keep."""
    megabytes = keep_megabytes(memory_limit_mb)
    _keep_node_chunks(megabytes)
    libc = _glibc()
    if libc is None or megabytes <= 0:
        return False
    return bool(libc.mallopt(_M_TRIM_THRESHOLD, ctypes.c_int(megabytes << 20)))


def _keep_node_chunks(megabytes: int) -> None:
    """The same budget for the chunks the C tree builder cuts its nodes from
    (``maintext/html/_arena.pxi``) and for the blocks lexbor frees (``_stash.pxi``), whose
    pages are given back beyond 2 MB otherwise."""
    try:
        from .html import _lexbor
    except ImportError:  # not built: nodes come from the C library's allocator
        return
    _lexbor.keep_chunks(megabytes)
