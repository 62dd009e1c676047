"""A time limit for one call, in any thread: ``with time_limit(seconds): ...``.

Takes a number of seconds (or None / 0: no limit) and gives a context manager that raises
:class:`~maintext.errors.PageTimeoutError` in the calling thread when the block runs longer.
One watchdog thread serves every limit of the process: at a deadline it raises an
asynchronous exception in the thread that owns it (``PyThreadState_SetAsyncExc``), so
it works outside the main thread and does not touch ``SIGALRM`` (which the batch runner
and callers may use). The exception arrives between two Python bytecodes: a single long
call into C (one parse) finishes first, which is why inputs are bounded before such calls.
A block that swallows the exception (``except Exception``) is interrupted again every
``_REPEAT`` seconds, and the limit is reported when the block ends in any case.
"""

from __future__ import annotations

import ctypes
import heapq
import itertools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from .errors import PageTimeoutError

_REPEAT = 0.05  # seconds between interruptions of a block that swallowed one


class _Interrupt(PageTimeoutError):
    """Raised asynchronously at a deadline; turned into a PageTimeoutError with a message."""

    def __str__(self) -> str:  # raised without arguments
        return "the time limit was reached"


class _Limit:
    __slots__ = ("thread_id", "active", "fired")

    def __init__(self, thread_id: int) -> None:
        self.thread_id = thread_id
        self.active = True
        self.fired = False


_lock = threading.Condition()
_heap: list[tuple[float, int, _Limit]] = []
_order = itertools.count()
_watchdog: threading.Thread | None = None


def _set_async(thread_id: int, exc: type[BaseException] | None) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                               ctypes.py_object(exc) if exc else None)


def _watch() -> None:
    with _lock:
        while True:
            now = time.monotonic()
            while _heap and (not _heap[0][2].active or _heap[0][0] <= now):
                _, _, limit = heapq.heappop(_heap)
                if limit.active:
                    limit.fired = True
                    _set_async(limit.thread_id, _Interrupt)
                    heapq.heappush(_heap, (now + _REPEAT, next(_order), limit))
            _lock.wait(None if not _heap else _heap[0][0] - now)


def _start_watchdog() -> None:
    global _watchdog
    if _watchdog is None or not _watchdog.is_alive():
        _watchdog = threading.Thread(target=_watch, name="maintext-time-limit", daemon=True)
        _watchdog.start()


@contextmanager
def time_limit(seconds: float | None, what: str = "page") -> Iterator[None]:
    """Raise :class:`PageTimeoutError` when the block runs longer than ``seconds``."""
    if not seconds or seconds <= 0:
        yield
        return
    limit = _Limit(threading.get_ident())
    with _lock:
        _start_watchdog()
        heapq.heappush(_heap, (time.monotonic() + seconds, next(_order), limit))
        _lock.notify()
    message = f"{what} took longer than the time limit of {seconds:g} s"
    try:
        yield
    except _Interrupt:
        raise PageTimeoutError(message) from None
    finally:
        with _lock:
            limit.active = False
            fired = limit.fired
            if fired:
                _set_async(limit.thread_id, None)  # drop an interruption not yet delivered
            _lock.notify()
    if fired:  # the block swallowed the interruption and went on, or it came too late
        raise PageTimeoutError(message)
