"""The page time limit wakes its watchdog only for a deadline earlier than the one it sleeps
until (a wake-up per page cost ~8% of a text-only extraction), and still fires."""

import time

import pytest

from maintext import timelimit
from maintext.errors import PageTimeoutError
from maintext.timelimit import time_limit


def test_sequential_limits_leave_no_entries_and_a_short_one_still_fires():
    for _ in range(200):
        with time_limit(30):
            pass
    with timelimit._lock:
        assert not any(entry[2].active for entry in timelimit._heap)
        assert len(timelimit._heap) <= 1  # each limit removed itself on the way out
    with pytest.raises(PageTimeoutError):
        with time_limit(0.05):  # earlier than the deadline the watchdog sleeps until
            end = time.monotonic() + 5
            while time.monotonic() < end:
                pass
