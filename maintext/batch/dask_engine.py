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
At most ``2 x workers`` partitions are in flight, so the driver never holds more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..errors import LoadError
from .tasks import BatchConfig, Task

# A partition: ("tasks", [Task, ...]) or ("warc", path, start, stop).
Partition = tuple


def process_partition(part: Partition, cfg: BatchConfig, done: frozenset[str] | None) -> list[Any]:
    """Run one partition in this (Dask worker) process through a one-process pool."""
    from .inputs import warc_tasks
    from .pool import run_pool

    if part[0] == "warc":
        path = Path(part[1])
        tasks: Iterator[Task] = warc_tasks([path], set(done or ()), ranges={path: (part[2], part[3])})
    else:
        tasks = iter(part[1])
    records: list[Any] = []
    run_pool(tasks, cfg, 1, records.append)
    return records


def _client(cfg: BatchConfig, n_workers: int) -> tuple[Any, Any]:
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise LoadError("--engine dask needs Dask: pip install 'maintext[dask]'") from None
    if cfg.scheduler:
        return Client(cfg.scheduler), None
    dask.config.set({"distributed.worker.daemon": False})
    cluster = LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True,
                           dashboard_address=None, memory_limit=0, death_timeout=30)
    return Client(cluster), cluster


def run_dask(parts: Iterator[Partition], cfg: BatchConfig, n_workers: int, done: set[str],
             commit: Callable[[list[Any]], None]) -> None:
    """Submit partitions (a bounded number ahead); ``commit`` each one's records."""
    from distributed import as_completed

    client, cluster = _client(cfg, n_workers)
    try:
        done_f = client.scatter(frozenset(done), broadcast=True) if done else None
        window = 2 * max(1, len(client.scheduler_info().get("workers", {})) or n_workers)
        pending = as_completed()
        for part in parts:
            pending.add(client.submit(process_partition, part, cfg, done_f, pure=False))
            if pending.count() >= window:
                commit(next(pending).result())
        for future in pending:
            commit(future.result())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
