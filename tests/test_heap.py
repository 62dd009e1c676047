"""maintext.heap: maintext's worker processes keep freed memory for the next page."""

from __future__ import annotations

import subprocess
import sys

import pytest

from maintext import heap

# A child process frees 64 MB of 2 KB blocks (each a C malloc) and prints how much its resident
# set shrank: glibc returns the freed top of its heap to the system unless told to keep it.
PROBE = """
import sys
from maintext import heap
def rss_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) // 1024
applied = False
if sys.argv[1] == "keep":
    applied = heap.keep_freed_memory()
elif sys.argv[1] == "batch-worker":  # what a batch worker does when it starts
    from pathlib import Path
    from maintext.batch import pool
    from maintext.batch.tasks import BatchConfig
    pool.setup_worker(pool.WorkerInit.of(BatchConfig(method="auto", out=Path("unused"))))
    applied = True
elif sys.argv[1] == "service-worker":
    from maintext.serve import executor
    executor._init_worker(2048)
    applied = True
blocks = [bytes(2000) for _ in range(32768)]
before = rss_mb()
del blocks
print(applied, before - rss_mb())
"""

glibc_only = pytest.mark.skipif(heap._glibc() is None, reason="needs glibc (mallopt)")


def _probe(mode: str) -> tuple[str, int]:
    out = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True, check=True).stdout
    applied, shrunk = out.split()
    return applied, int(shrunk)


def test_keep_megabytes_is_a_quarter_of_the_limit_at_most():
    assert heap.keep_megabytes(0) == heap.KEEP_MB
    assert heap.keep_megabytes(2048) == heap.KEEP_MB
    assert heap.keep_megabytes(400) == 100
    assert heap.keep_megabytes(3) == 0


@glibc_only
def test_freed_memory_is_kept_only_when_asked():
    applied, shrunk = _probe("keep")
    assert applied == "True" and shrunk < 8
    applied, shrunk = _probe("leave")
    assert applied == "False" and shrunk > 48  # (left as it is, the process gives it back)


def test_nothing_to_keep_under_a_tiny_limit():
    assert heap.keep_freed_memory(3) is False


@glibc_only
@pytest.mark.parametrize("worker", ["batch-worker", "service-worker"])
def test_batch_and_service_workers_keep_freed_memory(worker):
    # the two kinds of process maintext owns keep it from their start (a library call never does)
    assert _probe(worker)[1] < 8
