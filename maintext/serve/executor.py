"""Running extraction jobs off the event loop, with a concurrency limit and a time limit.

:class:`Extractor` takes :class:`~maintext.serve.jobs.Job` objects from request handlers
and gives their result dicts. ``concurrency`` jobs run at once (a semaphore), at most
``max_queue`` more wait; beyond that a request is refused at once (503) instead of
piling up. Two back ends:

- ``process``: a pool of spawned worker processes, each with an address-space limit; the
  worker stops a page at the time limit itself (SIGALRM), and a worker that does not
  answer within a grace period after it (stuck in C code) is killed with its pool, which
  is started again. A crashed worker fails its request, not the server.
- ``thread``: a thread pool in the server process; a page over the time limit is
  answered 504 but its thread runs on until the page is done.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .jobs import Job, run_job

GRACE = 5.0  # seconds past the time limit before a silent worker is killed


class Overloaded(Exception):
    """More requests wait than the queue holds."""


def _init_worker(max_memory_mb: int) -> None:
    if max_memory_mb > 0:
        try:
            import resource

            limit = max_memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        except (ImportError, ValueError, OSError):
            pass
    from maintext import heap

    heap.keep_freed_memory(max_memory_mb)  # (big pages after big pages: no refaulting)
    import maintext.api  # noqa: F401 - import once, not on the first request
    import maintext.methods.auto  # noqa: F401


class Extractor:
    def __init__(self, kind: str = "process", concurrency: int = 1, max_queue: int = 64,
                 timeout: float | None = 20.0, max_memory_mb: int = 2048, grace: float = GRACE) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"executor must be 'process' or 'thread', not {kind!r}")
        self.kind = kind
        self.concurrency = max(1, concurrency)
        self.max_queue = max(0, max_queue)
        self.timeout = timeout
        self.max_memory_mb = max_memory_mb
        self.grace = grace
        self.pending = 0  # admitted requests: running or waiting
        self.done = 0
        self.restarts = 0
        self._slots: asyncio.Semaphore | None = None
        self._pool: Executor | None = None

    def _get_pool(self) -> Executor:
        if self._pool is None:
            if self.kind == "thread":
                self._pool = ThreadPoolExecutor(self.concurrency, thread_name_prefix="maintext")
            else:
                self._pool = ProcessPoolExecutor(
                    self.concurrency, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_init_worker, initargs=(self.max_memory_mb,))
        return self._pool

    def start(self) -> None:
        """Start the workers now (they take a moment to import maintext)."""
        pool = self._get_pool()
        if isinstance(pool, ProcessPoolExecutor):
            for _ in range(self.concurrency):
                pool.submit(os.getpid)

    def _kill_pool(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        self.restarts += 1
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            try:
                proc.kill()
            except (OSError, AttributeError):
                pass

    def _recycle_pool(self) -> None:
        """New jobs go to fresh workers; the old ones finish what they run, then exit (a
        worker that hit its memory cap may stay too full for the next page)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            self.restarts += 1
            pool.shutdown(wait=False, cancel_futures=False)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def admit(self, count: int = 1) -> None:
        """Count ``count`` jobs in, or raise :class:`Overloaded`."""
        if self.pending + count > self.concurrency + self.max_queue:
            raise Overloaded()
        self.pending += count

    async def run(self, job: Job, admitted: bool = False) -> dict[str, Any]:
        """The result dict of ``job`` (``record`` or ``error``); never raises but
        :class:`Overloaded` when not ``admitted`` beforehand."""
        if not admitted:
            self.admit()
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.concurrency)
        try:
            async with self._slots:
                return await self._run(job)
        finally:
            self.pending -= 1
            self.done += 1

    async def _run(self, job: Job) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        limit = None if not self.timeout else self.timeout + (self.grace if self.kind == "process" else 0.0)
        try:
            future = loop.run_in_executor(self._get_pool(), run_job, job)
            result = await asyncio.wait_for(future, limit)
            if self.kind == "process" and result.get("error", {}).get("type") == "MemoryError":
                self._recycle_pool()
            return result
        except asyncio.TimeoutError:
            if self.kind == "process":
                self._kill_pool()
            return _fail("PageTimeoutError", f"the page took longer than the limit of {self.timeout:g} s", 504)
        except BrokenProcessPool:
            self._kill_pool()
            return _fail("WorkerCrashed", "the extraction worker stopped (out of memory or crashed)", 500)
        except MemoryError:  # raised in the worker where even the error could not be built
            if self.kind == "process":
                self._recycle_pool()
            return _fail("MemoryError", "the page needs more memory than a worker may use", 507)
        except RuntimeError:  # a pool shut down by a concurrent restart
            self._kill_pool()
            return _fail("WorkerCrashed", "the extraction worker was restarted; try again", 503)
        except Exception as exc:  # noqa: BLE001 - a failure in the worker machinery itself
            if self.kind == "process":
                # e.g. a SystemError from a worker too full to send its result (a page that
                # ran it out of memory inside libxml2): new jobs go to fresh workers
                self._recycle_pool()
            return _fail("InternalError", f"unexpected failure ({type(exc).__name__})", 500)


def _fail(kind: str, message: str, status: int) -> dict[str, Any]:
    return {"error": {"type": kind, "message": message, "status": status}}
