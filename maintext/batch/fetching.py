"""Online pages: fetch the pages of URL tasks in a thread pool of the driver, a bounded
number ahead, at most ``per_host`` requests at a time to one host.

Takes an iterator of URL tasks (a URL list, or discovery: sitemaps, feeds, a crawl) and
gives the same tasks with ``content`` set, or ``error`` when fetching failed. Bodies held in
memory at once: at most twice the number of fetch threads.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from urllib.parse import urlsplit

from .tasks import BatchConfig, Task, one_line


def _client(cfg: BatchConfig):
    from ..io.fetch import Session

    return Session(allow_private=cfg.options.allow_private, user_agent=cfg.options.user_agent,
                   max_connections=cfg.fetch_threads * 2)


def fetch_tasks(tasks: Iterable[Task], cfg: BatchConfig) -> Iterator[Task]:
    """Fetch the pages of online tasks, a bounded number ahead; yield them as they arrive
    (with ``content`` set, or ``error`` when fetching failed)."""
    from ..io.fetch import fetch

    client = _client(cfg)
    semaphores: dict[str, threading.BoundedSemaphore] = {}
    lock = threading.Lock()

    def host_semaphore(url: str) -> threading.BoundedSemaphore:
        host = (urlsplit(url).hostname or "").lower()
        with lock:
            if host not in semaphores:
                semaphores[host] = threading.BoundedSemaphore(max(1, cfg.per_host))
            return semaphores[host]

    def job(task: Task) -> Task:
        if task.error:
            return task
        try:
            with host_semaphore(task.url or ""):
                fetched = fetch(task.url or "", timeout=cfg.fetch_timeout, retries=cfg.fetch_retries,
                                max_bytes=cfg.options.max_input_bytes, client=client,
                                allow_private=cfg.options.allow_private, deadline=cfg.options.fetch_deadline)
        except Exception as exc:  # noqa: BLE001 - a failed fetch is a failed page, not a failed batch
            task.error = one_line(exc)
            return task
        task.url, task.content, task.content_type = fetched.url, fetched.content, fetched.content_type
        return task

    done: queue.Queue[Future[Task]] = queue.Queue()
    pool = ThreadPoolExecutor(max_workers=max(1, cfg.fetch_threads), thread_name_prefix="maintext-fetch")
    pending = 0
    todo = iter(tasks)
    window = max(1, cfg.fetch_threads) * 2  # bodies held in memory at most

    def submit_next() -> bool:
        nonlocal pending
        task = next(todo, None)
        if task is None:
            return False
        pool.submit(job, task).add_done_callback(done.put)
        pending += 1
        return True

    try:
        while pending < window and submit_next():
            pass
        while pending:
            future = done.get()
            pending -= 1
            submit_next()
            yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        client.close()
