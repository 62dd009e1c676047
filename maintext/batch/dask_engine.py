"""The Dask engine (optional extra ``maintext[dask]``): partitions of pages as Dask tasks.

Takes partitions (lists of tasks, or byte ranges of WARC archives that the worker scans
itself, see :func:`maintext.io.warc.warc_splits`) and gives their records to the driver,
partition by partition, which commits each partition to the sink at once. Inside a Dask
worker a partition runs through the local engine's pool with one worker process
(:class:`~.pool.Pool`): the same per-page time limit, memory limit (``RLIMIT_AS``), crash
isolation and the same :func:`~.work.run_task`, so both engines give the same records.

``scheduler``: the address of a running Dask scheduler (``tcp://host:8786``); without it a
``LocalCluster`` of ``workers`` processes (one thread each) starts and stops with the batch.
Dask workers must be allowed child processes (``distributed.worker.daemon: false``, set
here for the LocalCluster; on a cluster, start workers with ``--no-nanny`` or that config).
At most ``2 x workers`` partitions are in flight, so the driver never holds more. The crawl
pass's link index is grouped by target URL on the cluster (:meth:`DaskSession.shuffle_links`).
"""

from __future__ import annotations

import operator
import pickle
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from ..errors import LoadError
from .tasks import BatchConfig, Task, error_record

try:
    from distributed import KilledWorker
except ImportError:  # pragma: no cover - the extra is not installed (DaskSession says so)
    KilledWorker = RuntimeError  # type: ignore[misc,assignment]

_KILLED = "WorkerCrashError: the Dask worker died (retried by the scheduler)"

# A partition: ("tasks", [Task, ...]) or ("warc", path, start, stop).
Partition = tuple


def process_partition(part: Partition, cfg: BatchConfig, done: frozenset[str] | None, init: Any) -> list[Any]:
    """Run one partition in this (Dask worker) process through a one-process pool (or, with
    ``cfg.in_process``, in this process: for workers that may not start children); ``init``
    carries the driver's method registrations and import path (plug-in methods)."""
    from .pool import run_inline, run_pool

    tasks = iter(partition_tasks(part, done))
    records: list[Any] = []
    if cfg.in_process:
        init.install()
        run_inline(tasks, cfg, records.append)
    else:
        run_pool(tasks, cfg, 1, records.append, init)
    return records


def partition_tasks(part: Partition, done: frozenset[str] | None) -> Iterable[Task]:
    """The page tasks of a partition (a WARC byte range is scanned, headers only)."""
    if part[0] != "warc":
        return part[1]
    from .inputs import warc_tasks

    path = Path(part[1])
    return warc_tasks([path], set(done or ()), ranges={path: (part[2], part[3])})


def list_partition(part: Partition, done: frozenset[str] | None) -> list[Task]:
    return list(partition_tasks(part, done))


def _range_task(part: Partition) -> Task:
    """A stand-in task for a WARC byte range whose pages could not even be listed."""
    name = f"{part[1]}@{part[2]}-{part[3]}"
    return Task(id=name, source=str(part[1]))


class DaskSession:
    """A Dask client for one batch: the extraction, then the link shuffle of the crawl pass."""

    def __init__(self, cfg: BatchConfig, n_workers: int) -> None:
        try:
            import dask
            from distributed import Client, LocalCluster
        except ImportError:
            raise LoadError("--engine dask needs Dask: pip install 'maintext[dask]'") from None
        self.cluster = None
        if cfg.scheduler:
            self.client = Client(cfg.scheduler)
        else:
            # A worker that dies running a task is nearly always killed by that task here:
            # one retry, then the partition is split (see run). One task at a time per worker
            # (saturation 1.0; the default sends two to a one-thread worker), so a task queued
            # behind a killer is not blamed for its deaths.
            dask.config.set({"distributed.worker.daemon": False, "distributed.scheduler.allowed-failures": 1,
                             "distributed.scheduler.worker-saturation": 1.0})
            self.cluster = LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True,
                                        dashboard_address=None, memory_limit=0, death_timeout=30)
            self.client = Client(self.cluster)
        self.n_workers = max(1, len(self.client.scheduler_info().get("workers", {})) or n_workers)

    def run(self, parts: Iterator[Partition], cfg: BatchConfig, done: set[str],
            commit: Callable[[list[Any]], None]) -> None:
        """Submit partitions (a bounded number ahead); ``commit`` each one's records.

        A partition whose task killed its Dask worker more often than the scheduler allows
        (``KilledWorker``: memory beyond the page limit in the worker itself, a crash in a
        library running there) is split in halves and resubmitted, down to single pages; a
        page that still kills its worker becomes a ``WorkerCrashError`` record, and the
        batch goes on."""
        from distributed import as_completed

        from .pool import WorkerInit

        # one future for the whole set (scatter of a collection would make one per element)
        done_f = self.client.scatter([frozenset(done)], broadcast=True)[0] if done else None
        init = WorkerInit.of(cfg)
        window = 2 * self.n_workers
        pending = as_completed()
        parts_of: dict[Any, Partition] = {}

        def submit(part: Partition) -> None:
            future = self.client.submit(process_partition, part, cfg, done_f, init, pure=False)
            parts_of[future.key] = part
            pending.add(future)

        def settle(future: Any) -> None:
            part = parts_of.pop(future.key)
            try:
                commit(future.result())
            except KilledWorker:
                for piece in self._split(part, done_f):
                    if isinstance(piece, dict):
                        commit([piece])
                    else:
                        submit(piece)
            future.release()

        for part in parts:
            submit(part)
            while pending.count() >= window:
                settle(next(pending))
        for future in pending:
            settle(future)

    def _split(self, part: Partition, done_f: Any) -> list[Partition | dict[str, Any]]:
        """The halves of a partition that killed its worker, or the failure record of a
        single page (or of a WARC range whose listing kills the worker too)."""
        if part[0] == "warc":
            try:
                tasks = self.client.submit(list_partition, part, done_f, pure=False).result()
            except KilledWorker:
                return [error_record(_range_task(part), f"{_KILLED}: listing the pages of this byte range")]
        else:
            tasks = list(part[1])
        if len(tasks) == 1:
            return [error_record(tasks[0], f"{_KILLED} on this page")]
        half = (len(tasks) + 1) // 2
        return [("tasks", chunk) for chunk in (tasks[:half], tasks[half:]) if chunk]

    def shuffle_links(self, chunks: Iterable[list[tuple[str, str, str, str]]]) -> Iterator[tuple]:
        """Group link rows by target URL on the cluster: every chunk is split by a hash of
        the target into one bucket per worker x 2, each bucket gathers its pieces from all
        chunks (the all-to-all shuffle) and groups them; only the grouped anchors (target,
        text, count, hosts, sources) come back."""
        from distributed import as_completed

        buckets = 2 * self.n_workers
        # chunks travel pickled: Dask would otherwise walk every row of a task's arguments
        splits = [self.client.submit(split_by_target, pickle.dumps(chunk, protocol=5), buckets, pure=False)
                  for chunk in chunks]
        if not splits:
            return
        grouped = [self.client.submit(group_bucket, *[self.client.submit(operator.getitem, s, j) for s in splits])
                   for j in range(buckets)]
        for future in as_completed(grouped):
            yield from future.result()
            future.release()

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def split_by_target(data: bytes, buckets: int) -> list[list[tuple]]:
    out: list[list[tuple]] = [[] for _ in range(buckets)]
    for row in pickle.loads(data):
        out[zlib.crc32(row[0].encode("utf-8", "surrogatepass")) % buckets].append(row)
    return out


def group_bucket(*pieces: list[tuple[str, str, str, str]]) -> list[tuple]:
    from .anchors import group_rows

    return group_rows(row for piece in pieces for row in piece)
