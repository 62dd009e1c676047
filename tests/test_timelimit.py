"""maintext.timelimit.worker_limit: SIGALRM in a process's main thread (ends a blocking
sleep), the watchdog in other threads."""

from __future__ import annotations

import threading
import time

import pytest

from maintext.errors import PageTimeoutError
from maintext.timelimit import worker_limit


def test_worker_limit_ends_a_blocking_sleep_in_the_main_thread():
    start = time.monotonic()
    with pytest.raises(PageTimeoutError):
        with worker_limit(0.2):
            time.sleep(5)
    assert time.monotonic() - start < 2


def test_worker_limit_in_another_thread_stops_python_code():
    outcome: list[str] = []

    def spin() -> None:
        try:
            with worker_limit(0.2):
                while True:
                    sum(range(100))
        except PageTimeoutError:
            outcome.append("timeout")

    thread = threading.Thread(target=spin)
    thread.start()
    thread.join(10)
    assert outcome == ["timeout"]


def test_no_limit_runs_to_the_end():
    with worker_limit(None):
        time.sleep(0.01)
