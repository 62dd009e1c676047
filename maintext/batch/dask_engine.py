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
from .tasks import BatchConfig, Task

# A partition: ("tasks", [Task, ...]) or ("warc", path, start, stop).
Partition = tuple


def process_partition(part: Partition, cfg: BatchConfig, done: frozenset[str] | None, init: Any) -> list[Any]:
    """Run one partition in this (Dask worker) process through a one-process pool; ``init``
    carries the driver's method registrations and import path (plug-in methods)."""
    from .inputs import warc_tasks
    from .pool import run_pool

    if part[0] == "warc":
        path = Path(part[1])
        tasks: Iterator[Task] = warc_tasks([path], set(done or ()), ranges={path: (part[2], part[3])})
    else:
        tasks = iter(part[1])
    records: list[Any] = []
    run_pool(tasks, cfg, 1, records.append, init)
    return records


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
            dask.config.set({"distributed.worker.daemon": False})
            self.cluster = LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True,
                                        dashboard_address=None, memory_limit=0, death_timeout=30)
            self.client = Client(self.cluster)
        self.n_workers = max(1, len(self.client.scheduler_info().get("workers", {})) or n_workers)

    def run(self, parts: Iterator[Partition], cfg: BatchConfig, done: set[str],
            commit: Callable[[list[Any]], None]) -> None:
        """Submit partitions (a bounded number ahead); ``commit`` each one's records."""
        from distributed import as_completed

        from .pool import WorkerInit

        # one future for the whole set (scatter of a collection would make one per element)
        done_f = self.client.scatter([frozenset(done)], broadcast=True)[0] if done else None
        init = WorkerInit.of(cfg)
        window = 2 * self.n_workers
        pending = as_completed()
        for part in parts:
            pending.add(self.client.submit(process_partition, part, cfg, done_f, init, pure=False))
            if pending.count() >= window:
                commit(next(pending).result())
        for future in pending:
            commit(future.result())

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
