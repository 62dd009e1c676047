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


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs fork")
def test_a_forked_child_starts_its_own_watchdog_and_its_limits_fire():
    import os

    with time_limit(30):  # the parent's watchdog runs
        pass
    pid = os.fork()
    if pid == 0:  # the child: the parent's thread is not here; a limit must still fire
        code = 1
        try:
            with time_limit(0.05):
                end = time.monotonic() + 5
                while time.monotonic() < end:
                    pass
        except PageTimeoutError:
            code = 0 if timelimit._watchdog is not None and timelimit._watchdog.is_alive() else 2
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
