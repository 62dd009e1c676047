"""Bounded load test of ``maintext serve`` on 127.0.0.1.

Starts ``maintext serve --workers W`` on a free port, sends ``--requests`` POST /extract
requests of real pages (raw HTML bodies from /work/shared/datasets, read in place and
cycled) from ``--clients`` concurrent asyncio clients, and reports requests per second,
latency percentiles, errors by status, and the server's memory (RSS of uvicorn and all
its worker processes) sampled once a second. Nothing leaves the machine.

    nice python benchmarks/serve_load.py --workers 2 --clients 20 --requests 2000

The client runs on the same machine as the server (2 cores): its CPU use is part of
the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psutil

DATASETS = Path("/work/shared/datasets")
SETS = ("aeb", "dragnet", "trafilatura", "gne-cn", "big9-2009", "cleaneval-dev", "readability-dev")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tests.helpers_proc import ServeStartError, serve_process  # noqa: E402 - the checkout's tests/


def load_pages(per_set: int, max_bytes: int) -> list[tuple[str, bytes]]:
    pages: list[tuple[str, bytes]] = []
    for name in SETS:
        folder = DATASETS / name / "pages"
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.html.gz"))[:per_set]:
            data = gzip.decompress(path.read_bytes())
            if len(data) <= max_bytes:
                pages.append((f"{name}/{path.name}", data))
    if not pages:
        sys.exit(f"no pages under {DATASETS}")
    return pages


def tree_cpu_s(proc: psutil.Process) -> float:
    """User + system CPU seconds of the server and its worker processes (alive ones)."""
    total = 0.0
    try:
        procs = [proc, *proc.children(recursive=True)]
    except psutil.Error:
        return 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def tree_rss_mb(proc: psutil.Process) -> float:
    try:
        procs = [proc, *proc.children(recursive=True)]
    except psutil.Error:
        return 0.0
    total = 0
    for p in procs:
        try:
            total += p.memory_info().rss
        except psutil.Error:
            pass
    return total / 2**20


async def run_load(base: str, pages: list[tuple[str, bytes]], clients: int, requests: int,
                   query: str, server: psutil.Process) -> dict:
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    errors: list[str] = []
    memory: list[tuple[float, float]] = []
    counter = iter(range(requests))
    cpu0 = tree_cpu_s(server)
    load0 = os.getloadavg()[0]
    start = time.perf_counter()
    stop = asyncio.Event()

    async def sample() -> None:
        while not stop.is_set():
            memory.append((round(time.perf_counter() - start, 1), round(tree_rss_mb(server), 1)))
            try:
                await asyncio.wait_for(stop.wait(), 1.0)
            except asyncio.TimeoutError:
                pass

    async def client(http: httpx.AsyncClient) -> None:
        for i in counter:
            name, body = pages[i % len(pages)]
            t0 = time.perf_counter()
            try:
                resp = await http.post(f"{base}/extract?{query}", content=body,
                                       headers={"Content-Type": "text/html"})
                status = resp.status_code
                if status != 200:
                    errors.append(f"{name}: {status} {resp.text[:200]}")
                else:
                    resp.json()
            except httpx.HTTPError as exc:
                status = -1
                errors.append(f"{name}: {type(exc).__name__} {exc}")
            latencies.append(time.perf_counter() - t0)
            statuses[status] = statuses.get(status, 0) + 1

    sampler = asyncio.create_task(sample())
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(timeout=120, limits=limits) as http:
        await asyncio.gather(*(client(http) for _ in range(clients)))
    elapsed = time.perf_counter() - start
    cpu = tree_cpu_s(server) - cpu0
    stop.set()
    await sampler
    memory.append((round(elapsed, 1), round(tree_rss_mb(server), 1)))
    lat = sorted(latencies)
    pct = lambda q: round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 1)  # noqa: E731
    mem = [m for _, m in memory]
    third = max(1, len(mem) // 3)
    return {
        "requests": len(latencies), "seconds": round(elapsed, 2),
        "requests_per_s": round(len(latencies) / elapsed, 1),
        "latency_ms": {"p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99), "max": round(1000 * lat[-1], 1),
                       "mean": round(1000 * statistics.fmean(lat), 1)},
        "server_cpu_ms_per_request": round(1000 * cpu / max(1, len(latencies)), 1),
        "load_average_1min": {"start": round(load0, 2), "end": round(os.getloadavg()[0], 2)},
        "statuses": statuses, "errors": len(errors), "error_samples": errors[:5],
        "memory_mb": {"start": mem[0], "peak": max(mem), "end": mem[-1],
                      "first_third_mean": round(statistics.fmean(mem[:third]), 1),
                      "last_third_mean": round(statistics.fmean(mem[-third:]), 1)},
        "memory_series": memory,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", type=int, default=2, help="uvicorn server processes")
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--per-set", type=int, default=40, help="pages taken from each data set")
    ap.add_argument("--executor", choices=["process", "thread"], default="process")
    ap.add_argument("--concurrency", type=int, default=1, help="extractions at once per server process")
    ap.add_argument("--query", default="fields=text,metadata", help="query string of each request")
    ap.add_argument("--max-body", type=int, default=8 * 1024 * 1024)
    ap.add_argument("--out", type=Path, default=None, help="write the full result as JSON here")
    args = ap.parse_args()

    pages = load_pages(args.per_set, args.max_body)
    print(f"{len(pages)} distinct pages, {sum(len(b) for _, b in pages) / 2**20:.1f} MB, "
          f"cycled over {args.requests} requests", file=sys.stderr)
    serve_args = ["--workers", str(args.workers), "--executor", args.executor,
                  "--concurrency", str(args.concurrency), "--max-body", str(args.max_body),
                  "--max-queue", str(args.clients * 2)]
    try:
        with serve_process(serve_args, timeout=60, poll=0.3, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, stop_wait=15) as (proc, base):
            time.sleep(2.0)  # let every worker process finish importing
            result = asyncio.run(run_load(base, pages, args.clients, args.requests, args.query,
                                          psutil.Process(proc.pid)))
    except ServeStartError as exc:
        sys.exit(str(exc))
    result["config"] = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}
    result["config"]["distinct_pages"] = len(pages)
    if args.out:
        args.out.write_text(json.dumps(result, indent=1))
    series = result.pop("memory_series")
    print(json.dumps(result, indent=1))
    step = max(1, len(series) // 12)
    print("memory over time (s, MB): " + ", ".join(f"{t:g}:{m:g}" for t, m in series[::step]))


if __name__ == "__main__":
    main()
