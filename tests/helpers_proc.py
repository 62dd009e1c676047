"""Process helpers shared by the tests and the benchmarks (Linux ``/proc`` where it exists).

:func:`free_port` (an ephemeral port on 127.0.0.1), :func:`serve_process` (``maintext
serve`` in a child process, ready when ``/health`` answers), :func:`descendants` and
:func:`alive` (a process tree read from ``/proc``), :func:`peak_rss_mb` and :func:`rss_mb`
(this process's peak and current resident memory). A benchmark imports them as ``tests.helpers_proc`` with the checkout on
``sys.path``; a child script can do the same.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _status_mb(field: str) -> float | None:
    """A ``kB`` line of ``/proc/self/status`` (``VmRSS``, ``VmHWM``) in MB; None without /proc."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def _ru_maxrss_mb() -> float:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # bytes on macOS, kB elsewhere
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB: ``VmHWM``, which starts afresh at exec
    (and at a ``clear_refs`` reset), else ``ru_maxrss`` (which in a child of a large process
    reports the parent's size at fork, so it is only the fallback)."""
    found = _status_mb("VmHWM")
    return found if found is not None else _ru_maxrss_mb()


def rss_mb() -> float:
    """This process's current resident memory in MB (``VmRSS``; the peak where /proc is missing)."""
    found = _status_mb("VmRSS")
    return found if found is not None else _ru_maxrss_mb()


def descendants(pid: int) -> set[int]:
    """The ids of every process below ``pid`` (children, their children...), from ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class ServeStartError(RuntimeError):
    """``maintext serve`` exited or did not answer ``/health`` in time; the message ends with
    the tail of its output."""


def _wait_healthy(proc: subprocess.Popen, base: str, timeout: float, poll: float) -> None:
    import httpx

    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(base + "/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            if proc.poll() is None:  # timed out: stop it, so that reading its output ends
                proc.kill()
            out = proc.stdout if proc.stdout is not None else proc.stderr
            tail = out.read().decode(errors="replace")[-2000:] if out is not None else ""
            raise ServeStartError(f"maintext serve did not start: {tail}")
        time.sleep(poll)


@contextmanager
def serve_process(args: Sequence[str] = (), *, timeout: float = 30.0, poll: float = 0.2,
                  stdout: int | IO[Any] | None = subprocess.PIPE,
                  stderr: int | IO[Any] | None = subprocess.STDOUT,
                  stop_wait: float = 10.0) -> Iterator[tuple[subprocess.Popen, str]]:
    """Run ``python -m maintext serve --host 127.0.0.1 --port P ARGS`` from this checkout and
    yield (the process, its base URL) once ``/health`` answers; terminated on leaving (killed
    after ``stop_wait`` seconds). Raises :class:`ServeStartError` when it does not start."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    cmd = [sys.executable, "-m", "maintext", "serve", "--host", "127.0.0.1", "--port", str(port), *args]
    proc = subprocess.Popen(cmd, env=env, stdout=stdout, stderr=stderr)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(proc, base, timeout, poll)
        yield proc, base
    finally:
        proc.terminate()
        try:
            proc.wait(stop_wait)
        except subprocess.TimeoutExpired:
            proc.kill()
