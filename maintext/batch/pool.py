"""The worker pool of the local engine: pages run in worker processes this module manages
itself (not a ``ProcessPoolExecutor``), so one bad page can never take the batch down.

Takes a stream of tasks and calls ``emit(record)`` once per task, in completion order.

* Per-page time limit: a ``SIGALRM`` timer in the worker (:mod:`.work`); a worker stuck in C
  code past the limit plus a short grace is killed by the parent and replaced.
* Per-worker memory limit: ``RLIMIT_AS``, so a huge page fails in its worker only (the
  worker is then replaced); a worker that sits at its limit for a few seconds (spinning on
  failed allocations, even with no time limit) is killed and its page recorded as
  ``MemoryLimitError``.
* A worker that dies (segfault, OOM killer) costs only the page it was working on; workers
  are recycled after ``max_tasks_per_child`` pages (bounded leaks).
* One page at a time per worker: a page never waits behind a slow one in a worker's pipe.
* Workers die with the parent: each holds a lifeline pipe whose other end only the parent
  has; when the parent goes (even by ``kill -9``), the pipe closes and the worker exits.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Any

from .. import heap
from ..errors import MaintextError
from ..options import Options
from . import work
from .sinks import dump_line
from .tasks import BatchConfig, EncodedRecord, Task, error_record, one_line

Emit = Callable[[dict[str, Any]], None]

# A worker whose address space stays this close to its limit this long is spinning at the
# cap (failed allocations caught and retried): it is killed.
_AT_CAP_SHARE = 0.95
_AT_CAP_SECONDS = 3.0
_POLL_SECONDS = 0.1  # how often the parent looks at busy workers (limits, memory)


@dataclass
class WorkerInit:
    method: str
    options: Options
    timeout: float | None
    max_memory_mb: int
    max_tasks: int
    hygiene: bool
    sys_path: list[str]
    registrations: list[tuple[str, str, str]]

    @classmethod
    def of(cls, cfg: BatchConfig) -> "WorkerInit":
        from .. import registry

        return cls(method=cfg.method, options=cfg.options, timeout=cfg.timeout,
                   max_memory_mb=cfg.max_memory_mb, max_tasks=max(1, cfg.max_tasks_per_child), hygiene=cfg.hygiene,
                   sys_path=list(sys.path),
                   registrations=[(m.name, m.module, m.summary) for m in registry.methods()])

    def install(self) -> None:
        """The driver's import path and method registrations (plug-ins) in this process."""
        from .. import registry

        for entry in self.sys_path:
            if entry not in sys.path:
                sys.path.append(entry)
        known = {m.name for m in registry.methods()}
        for name, module, summary in self.registrations:
            if name not in known:
                registry.register(name, module, summary)


def limit_memory(megabytes: int) -> None:
    if megabytes <= 0:
        return
    try:
        import resource
    except ImportError:  # Windows: no per-process limits; the hard time limit still applies
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = megabytes * 1024 * 1024
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        work.MEMORY_LIMIT[0] = limit
    except (ValueError, OSError):  # some kernels (macOS) refuse RLIMIT_AS: run without it
        pass


def _watch_lifeline(lifeline: Any) -> None:
    """Exit this worker when the parent's end of the lifeline closes (the parent died)."""
    def watch() -> None:
        try:
            lifeline.recv()
        except BaseException:  # noqa: BLE001 - EOF: the parent is gone
            pass
        os._exit(1)

    threading.Thread(target=watch, name="maintext-lifeline", daemon=True).start()


def setup_worker(init: WorkerInit) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is handled by the parent
    init.install()
    limit_memory(init.max_memory_mb)
    heap.keep_freed_memory(init.max_memory_mb)  # (big pages after big pages: no refaulting)


def _send(conn: Any, task: Task, record: dict[str, Any], exiting: bool) -> bool:
    try:
        try:
            conn.send((EncodedRecord.of(record, dump_line(record)), exiting))
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError) as exc:
            # something in the result cannot cross to the parent (pickling fails before
            # anything is written, so the pipe is still clean)
            conn.send((error_record(task, f"ResultError: {one_line(exc)}"), exiting))
    except (OSError, ValueError):
        return False
    return True


def worker_main(conn: Any, lifeline: Any, init: WorkerInit) -> None:
    _watch_lifeline(lifeline)
    setup_worker(init)
    for count in range(1, init.max_tasks + 1):
        try:
            task = conn.recv()
        except (EOFError, OSError, MemoryError):
            break
        if task is None:
            break
        record, fatal = work.run_task(task, init.method, init.options, init.timeout, init.hygiene)
        exiting = fatal or count == init.max_tasks
        if not _send(conn, task, record, exiting) or exiting:
            break
    conn.close()


def _vm_bytes(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", "rb") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return 0


class Worker:
    def __init__(self, ctx: Any, init: WorkerInit) -> None:
        self.conn, child = ctx.Pipe()
        life_r, self.lifeline = ctx.Pipe(duplex=False)
        self.proc = ctx.Process(target=worker_main, args=(child, life_r, init), daemon=True,
                                name="maintext-worker")
        self.proc.start()
        child.close()
        life_r.close()
        self.task: Task | None = None  # the page it is working on
        self.started = 0.0  # when that page was sent
        self.at_cap_since: float | None = None  # first seen at its memory cap
        self.sent = 0  # tasks sent in all (a worker takes at most max_tasks)
        self.done = 0  # pages finished by this worker

    def give(self, task: Task) -> bool:
        try:
            self.conn.send(task)
        except OSError:  # the worker has gone: noticed by the caller
            return False
        self.task, self.started, self.at_cap_since = task, time.monotonic(), None
        self.sent += 1
        return True

    def at_cap(self, limit: int, now: float) -> bool:
        """Whether it has sat at its memory limit for long enough to be killed."""
        if not limit or _vm_bytes(self.proc.pid) < _AT_CAP_SHARE * limit:
            self.at_cap_since = None
            return False
        self.at_cap_since = self.at_cap_since or now
        return now - self.at_cap_since >= _AT_CAP_SECONDS

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.proc.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        self.proc.join(timeout=2.0)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(timeout=2.0)
        self.conn.close()
        self.lifeline.close()


def mp_context(method_module: str | None = None) -> Any:
    """forkserver where there is one: workers start from a clean single-threaded server
    that imported the library (and the method) once, safe while fetch threads run."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        preload = ["maintext.api", "maintext.html.document", "maintext.metadata.extract", "lxml.html",
                   "maintext.batch.preload"]
        if method_module and method_module.startswith("maintext."):
            preload.append(method_module)
        ctx.set_forkserver_preload(preload)
        return ctx
    return multiprocessing.get_context("spawn" if "fork" not in methods else "fork")


def hard_limit(timeout: float | None) -> float | None:
    """When the parent kills a worker that ignored its timer (stuck in C code)."""
    return None if not timeout else timeout + max(1.0, timeout * 0.2)


class Pool:
    """``n`` workers fed one page at a time from ``tasks``; every task gives one record."""

    def __init__(self, cfg: BatchConfig, n: int, emit: Emit, init: WorkerInit | None = None) -> None:
        self.cfg, self.emit, self.n = cfg, emit, n
        self.init = init or WorkerInit.of(cfg)  # a Dask task brings the driver's (its plug-ins)
        self.ctx = mp_context(next((mod for name, mod, _ in self.init.registrations if name == cfg.method), None))
        self.hard = hard_limit(cfg.timeout)
        self.mem_limit = max(0, cfg.max_memory_mb) * 1024 * 1024
        self.workers: list[Worker] = []
        self.retry: deque[Task] = deque()  # given to a worker that went away before starting
        self.startup_deaths = 0  # workers that died before finishing any page, in a row

    def run(self, tasks: Iterator[Task]) -> None:
        self.workers = [Worker(self.ctx, self.init) for _ in range(self.n)]
        exhausted = False
        try:
            while True:
                exhausted = self._feed(tasks, exhausted)
                busy = [w for w in self.workers if w.task is not None]
                if not busy:
                    if exhausted and not self.retry:
                        return
                    self._replace_idle_dead()
                    continue
                wait([w.conn for w in busy] + [w.proc.sentinel for w in busy], timeout=_POLL_SECONDS)
                self._collect()
        finally:
            for worker in self.workers:
                worker.stop(kill=worker.task is not None)

    def _next(self, tasks: Iterator[Task]) -> Task | None:
        while True:
            task = self.retry.popleft() if self.retry else next(tasks, None)
            if task is None or not task.error:
                return task
            self.emit(error_record(task, task.error))  # failed fetch: nothing to extract

    def _feed(self, tasks: Iterator[Task], exhausted: bool) -> bool:
        for worker in self.workers:
            if worker.task is not None or worker.sent >= self.init.max_tasks:
                continue
            task = None if exhausted and not self.retry else self._next(tasks)
            if task is None:
                return True
            if not worker.give(task):
                self.retry.appendleft(task)
        return exhausted

    def _replace_idle_dead(self) -> None:
        for i, worker in enumerate(self.workers):
            if not worker.proc.is_alive() or worker.sent >= self.init.max_tasks:
                self._replace(i, kill=True)

    def _replace(self, i: int, kill: bool) -> None:
        old = self.workers[i]
        if old.task is not None:
            self.retry.appendleft(old.task)
            old.task = None
        old.stop(kill=kill)
        self.workers[i] = Worker(self.ctx, self.init)

    def _fail(self, i: int, error: str) -> None:
        worker = self.workers[i]
        task, worker.task = worker.task, None
        worker.stop(kill=True)
        self.emit(error_record(task, error))
        self.workers[i] = Worker(self.ctx, self.init)

    def _crashed(self, i: int) -> None:
        worker = self.workers[i]
        code = worker.proc.exitcode
        self.startup_deaths = self.startup_deaths + 1 if not worker.done else 0
        self._fail(i, f"WorkerCrashError: worker process died (exit code {code})")
        if self.startup_deaths > 2 * self.n:
            raise MaintextError(
                f"{self.startup_deaths} worker processes in a row died before finishing a page (last "
                f"exit code {code}); when calling run_batch from a script, put the call under "
                "`if __name__ == '__main__':`")

    def _collect(self) -> None:
        now = time.monotonic()
        for i, worker in enumerate(self.workers):
            if worker.task is None:
                continue
            if worker.conn.poll():
                self._receive(i)
            elif not worker.proc.is_alive():
                self._crashed(i)
            elif self.hard is not None and now - worker.started > self.hard:
                self._fail(i, f"PageTimeoutError: page took longer than the limit of "
                              f"{self.cfg.timeout:g} s (worker killed)")
            elif worker.at_cap(self.mem_limit, now):
                self._fail(i, f"MemoryLimitError: the page kept its worker at the memory limit of "
                              f"{self.cfg.max_memory_mb} MB (worker killed)")

    def _receive(self, i: int) -> None:
        worker = self.workers[i]
        try:
            record, exiting = worker.conn.recv()
        except Exception:  # noqa: BLE001 - EOF or a torn message: the worker died
            self._crashed(i)
            return
        worker.task = None
        worker.done += 1
        self.startup_deaths = 0
        self.emit(record)
        if exiting:
            self._replace(i, kill=False)


def run_pool(tasks: Iterator[Task], cfg: BatchConfig, n_workers: int, emit: Emit,
             init: WorkerInit | None = None) -> None:
    Pool(cfg, n_workers, emit, init).run(tasks)


def run_inline(tasks: Iterator[Task], cfg: BatchConfig, emit: Emit) -> None:
    """Every page in this process (no pool: easy to profile; the timer is the only limit)."""
    for task in tasks:
        record, _ = work.run_task(task, cfg.method, cfg.options, cfg.timeout, cfg.hygiene)
        emit(record)
