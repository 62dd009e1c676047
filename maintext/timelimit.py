"""A time limit for one call, in any thread: ``with time_limit(seconds): ...``.

Takes a number of seconds (or None / 0: no limit) and gives a context manager that raises
:class:`~maintext.errors.PageTimeoutError` in the calling thread when the block runs longer.
One watchdog thread serves every limit of the process: at a deadline it raises an
asynchronous exception in the thread that owns it (``PyThreadState_SetAsyncExc``), so
it works outside the main thread and does not touch ``SIGALRM`` (which the batch runner
and callers may use). The exception arrives between two Python bytecodes: a single long
call into C (one parse) finishes first, which is why inputs are bounded before such calls
(a blocking system call is not interrupted either: fetches have their own deadlines).
The first interruption is a ``PageTimeoutError``; code that swallows it (a broad ``except``)
is interrupted again every ``REFIRE_SECONDS`` with an exception that is not an
``Exception`` until the block is left. When the block ends, however it ends, a limit that
fired raises ``PageTimeoutError`` (also when the block swallowed the interruption or turned
it into another error); leaving the block disarms the limit under the watchdog's lock and
drops an interruption not yet delivered, so none arrives after the block.

This is the one time-limit module of the package. The API and CLI use the watchdog
(:class:`time_limit`: any thread, nested limits, no signal handler taken); batch and service
workers use :func:`worker_limit`, which in a worker process's main thread is the SIGALRM
timer (:func:`alarm_limit`, which also ends a blocking system call) and elsewhere the watchdog.
"""

from __future__ import annotations

import ctypes
import heapq
import itertools
import os
import signal
import threading
import time
from contextlib import contextmanager
from typing import Any

from .errors import PageTimeoutError


class _Interrupt(PageTimeoutError):
    """Raised asynchronously at a deadline; turned into a PageTimeoutError with a message."""

    def __str__(self) -> str:  # raised without arguments
        return "the time limit was reached"


class _TimeUp(BaseException):
    """Raised again while the block runs on after the first interruption: not an
    ``Exception``, so ``except Exception`` does not stop it."""


# After the first interruption, how often the thread is interrupted again until it leaves
# the block (a loop that swallows every exception cannot run on).
REFIRE_SECONDS = 0.5


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
# The deadline the watchdog sleeps until (inf: none). A new limit wakes it only when it
# ends earlier: a wake-up per page costs a thread switch and a GIL hand-over (~0.15 ms).
_waiting_until = float("inf")


def _set_async(thread_id: int, exc: type[BaseException] | None) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                               ctypes.py_object(exc) if exc else None)


def _watch() -> None:
    global _waiting_until
    with _lock:
        while True:
            now = time.monotonic()
            while _heap and (not _heap[0][2].active or _heap[0][0] <= now):
                _, _, limit = heapq.heappop(_heap)
                if limit.active:  # (__exit__ clears it under this lock: nothing arrives later)
                    _set_async(limit.thread_id, _TimeUp if limit.fired else _Interrupt)
                    limit.fired = True
                    heapq.heappush(_heap, (now + REFIRE_SECONDS, next(_order), limit))
            _waiting_until = _heap[0][0] if _heap else float("inf")
            _lock.wait(None if not _heap else _heap[0][0] - now)


def _start_watchdog() -> None:
    global _watchdog
    if _watchdog is None:  # (not is_alive(): ~1.5 us a call, twice a page; a fork resets it)
        _watchdog = threading.Thread(target=_watch, name="maintext-time-limit", daemon=True)
        _watchdog.start()


def _forget_watchdog() -> None:
    """In a forked child the parent's watchdog thread does not exist: the next limit starts
    one (the pending limits stay; the new watchdog reads them)."""
    global _watchdog, _lock
    _watchdog = None
    _lock = threading.Condition()  # (the parent's may have been held by another thread)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_watchdog)


class time_limit:  # noqa: N801 - used like a function: ``with time_limit(seconds):``
    """Raise :class:`PageTimeoutError` when the block runs longer than ``seconds``."""

    __slots__ = ("seconds", "what", "limit")

    def __init__(self, seconds: float | None, what: str = "page") -> None:
        self.seconds = seconds if seconds and seconds > 0 else None
        self.what = what
        self.limit: _Limit | None = None

    def __enter__(self) -> "time_limit":
        if self.seconds is not None:
            self.limit = _Limit(threading.get_ident())
            with _lock:
                _start_watchdog()
                deadline = time.monotonic() + self.seconds
                heapq.heappush(_heap, (deadline, next(_order), self.limit))
                if deadline < _waiting_until:
                    _lock.notify()
        return self

    def __exit__(self, typ: Any, exc: Any, tb: Any) -> None:
        limit = self.limit
        if limit is None:
            return
        while True:  # an interruption arriving in here must not leave the limit armed
            try:
                with _lock:
                    limit.active = False
                    if _heap and _heap[0][2] is limit:  # the usual case: no stale entry stays
                        heapq.heappop(_heap)
                    if limit.fired:
                        _set_async(limit.thread_id, None)  # drop one not yet delivered
                break
            except (_Interrupt, _TimeUp):
                continue
        if limit.fired:  # whatever the block raised (or swallowed) because of it
            raise PageTimeoutError(f"{self.what} took longer than the time limit of {self.seconds:g} s") from None


# ----------------------------------------------------------------------------- worker processes
# A worker process's main thread can use SIGALRM instead of the watchdog: the signal also
# ends a blocking system call (a sleep, a read), which an asynchronous exception cannot.

# After the timer fires once, it fires again this often until the block is left, so code
# that swallows the first PageTimeoutError (a broad ``except``) cannot run on.
_REFIRE_SECONDS = 0.05


class _AlarmAgain(BaseException):
    """The timer firing again: not an ``Exception``, so ``except Exception`` lets it pass."""


@contextmanager
def alarm_limit(seconds: float | None):
    """Raise :class:`PageTimeoutError` in the block after ``seconds`` (main thread only).

    If the block swallows the exception, the timer fires again every few milliseconds; if
    it finishes anyway, the limit was still exceeded, so the error is raised on exit."""
    if (not seconds or not hasattr(signal, "setitimer")  # no interval timers on Windows
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    fired = False
    message = f"page took longer than the limit of {seconds:g} s"

    def on_alarm(signum: int, frame: Any) -> None:
        nonlocal fired
        if fired:
            raise _AlarmAgain
        fired = True
        raise PageTimeoutError(message)

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds, _REFIRE_SECONDS)
    try:
        yield
    except _AlarmAgain:
        pass
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if fired:
        raise PageTimeoutError(message)


def worker_limit(seconds: float | None) -> Any:
    """The page limit for batch and service workers: :func:`alarm_limit` in a process's main
    thread, :class:`time_limit` (the watchdog) in any other thread (a Dask worker's)."""
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        return alarm_limit(seconds)
    return time_limit(seconds, "page")
