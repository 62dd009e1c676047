"""The extraction executor: a worker that does not stop at the time limit is killed and
the pool restarted; a crashed worker fails its request only; the queue bound holds."""

from __future__ import annotations

import asyncio
import gzip

import pytest

from maintext.serve.executor import Extractor, Overloaded
from maintext.serve.jobs import Job

from .conftest import EXAMPLE

ARTICLE = b"<html><body>" + b"<p>A paragraph of text, with commas, long enough to be kept here.</p>" * 5 + b"</body></html>"


def test_stuck_worker_is_killed_and_pool_restarts():
    big = gzip.decompress(EXAMPLE.read_bytes()) * 40

    async def scenario() -> tuple[dict, dict, int]:
        ex = Extractor("process", concurrency=1, timeout=0.05, grace=0.0)
        ex.start()
        try:
            # the job itself has no limit (as if stuck in C code): the server's wait ends it
            slow = await ex.run(Job(data=big, timeout=None, fields=("text",)))
            ex.timeout = 30
            fine = await ex.run(Job(data=ARTICLE, fields=("text",)))
            return slow, fine, ex.restarts
        finally:
            ex.close()

    slow, fine, restarts = asyncio.run(scenario())
    assert slow["error"]["status"] == 504 and slow["error"]["type"] == "PageTimeoutError"
    assert restarts == 1
    assert "paragraph of text" in fine["record"]["text"]


def test_memory_limit_fails_one_request():
    """A page over the worker's address-space limit is an error for that request only."""

    async def scenario() -> tuple[dict, dict]:
        ex = Extractor("process", concurrency=1, timeout=20, max_memory_mb=120, grace=1.0)
        ex.start()
        try:
            huge = b"<html><body>" + b"<div><p>x y z, words.</p></div>" * 100_000 + b"</body></html>"
            over = await ex.run(Job(data=huge, max_bytes=len(huge) + 1, fields=("text",)))
            fine = await ex.run(Job(data=ARTICLE, fields=("text",)))
            return over, fine
        finally:
            ex.close()

    over, fine = asyncio.run(scenario())
    # a MemoryError (507), a crashed worker (500/503), or on a loaded machine the time limit
    assert "error" in over and over["error"]["status"] in (500, 503, 504, 507), over
    assert "record" in fine, fine  # the next page goes to a fresh worker


def test_queue_bound():
    ex = Extractor("thread", concurrency=2, max_queue=1)
    ex.admit(3)
    with pytest.raises(Overloaded):
        ex.admit()
    ex.pending = 0
    with pytest.raises(ValueError):
        Extractor("fork")
