"""The cycle collector paused while pages are extracted: ``with paused_collector(): ...``.

An extraction allocates many container objects (lxml element proxies, blocks, lists,
dicts) that die by reference counting when the page is done; the collector's passes over
them find nothing to free, yet they cost 5-7% of a full record on real pages and 10-25%
of a text-only extraction on multi-MB pages, where each pass over the page's live
objects misses the caches (``benchmarks/linearity.py``). So the collector is paused for
the page and resumed after it: the cycles a page leaves (rare: an exception's traceback)
are collected by the first collection after the page.

Process-wide and thread-safe: the first of concurrent blocks pauses the collector (only
when it runs), the last one to leave resumes it. A collector turned off by the caller is
left off. A forked child starts with no block open (and the collector as its parent had it
before the blocks).
"""

from __future__ import annotations

import gc
import os
import threading
from typing import Any

_lock = threading.Lock()
_open = 0  # blocks open in this process
_resume = False  # whether the collector ran when the first of them opened


class paused_collector:  # noqa: N801 - used like a function: ``with paused_collector():``
    """Pause the cycle collector in the block (``on`` False: do nothing)."""

    __slots__ = ("on",)

    def __init__(self, on: bool = True) -> None:
        self.on = on

    def __enter__(self) -> "paused_collector":
        global _open, _resume
        if self.on:
            with _lock:
                if _open == 0:
                    _resume = gc.isenabled()
                    if _resume:
                        gc.disable()
                _open += 1
        return self

    def __exit__(self, typ: Any, exc: Any, tb: Any) -> None:
        global _open
        if self.on:
            with _lock:
                if _open > 0:  # (0 in a child forked inside a block: reset there)
                    _open -= 1
                    if _open == 0 and _resume:
                        gc.enable()


def _reset_in_child() -> None:
    """A forked child has none of its parent's other threads: no block is open there."""
    global _open, _lock
    _lock = threading.Lock()
    if _open and _resume:
        gc.enable()
    _open = 0


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_reset_in_child)
