"""Batch throughput at crawl scale: the shared sets packed into one WARC, run by each engine.

    nice python benchmarks/scale.py [--sets aeb,dragnet,...] [--limit N] [--work DIR]

Packs the pages of the shared sets (``/work/shared/datasets`` or ``--datasets``) into one
gzip WARC (a record per page, the gold URL as target URI, or ``http://SET.example/ID``), then
runs ``maintext batch WARC -o OUT.jsonl`` in a subprocess for each configuration:

* ``plain-pool-2``: a bare ``multiprocessing.Pool(2).imap_unordered`` of ``maintext.extract``
  over the same pages (read into memory first), records pickled back and written as JSON
  lines by the parent: the floor of a pool (no limits, no resume, no lock);
* ``local-2-bare``: the local engine, 2 workers, without the crawl pass, language and
  near-duplicates (``--no-anchors --no-hygiene``): the cost of the pool against the plain one;
* ``local-1``, ``local-2``: the local engine with 1 and 2 worker processes (everything on);
* ``dask-2``: the Dask engine on a 2-worker LocalCluster.

For each: pages/s of the extraction stage (from the batch's summary line), CPU seconds per
page over the driver and all its descendants (sampled from /proc every 0.1 s), the time of
the crawl-level pass (link index, incoming anchors, duplicates: the "crawl pass" log line),
peak RSS (VmHWM) of the driver and of the largest worker. Then, over the local-2 output:
language agreement of the records' ``lang`` with the sets' gold ``lang`` and the detector's
speed, and the URL normalisation (courlan against the legacy function): distinct link
targets, links that meet a page of the crawl, microseconds per URL.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.helpers_proc import descendants  # noqa: E402 - the checkout's tests/
DATASETS = Path("/work/shared/datasets")


def warc_record(uri: str, rid: str, body: bytes) -> bytes:
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n" + f"Content-Length: {len(body)}\r\n\r\n".encode() + body
    head = (f"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: {uri}\r\nWARC-Record-ID: <{rid}>\r\n"
            f"Content-Type: application/http; msgtype=response\r\nContent-Length: {len(http)}\r\n\r\n").encode()
    return gzip.compress(head + http + b"\r\n\r\n", compresslevel=1)


def pack(datasets: Path, sets: list[str], limit: int | None, out: Path) -> tuple[int, dict[str, str]]:
    """Write the WARC; returns (pages, record id -> gold lang)."""
    langs: dict[str, str] = {}
    n = 0
    with open(out, "wb") as fh:
        for name in sets:
            gold = datasets / name / "gold.jsonl"
            for i, line in enumerate([x for x in gold.read_text(encoding="utf-8").split("\n") if x.strip()]):
                if limit is not None and i >= limit:
                    break
                g = json.loads(line)
                page = datasets / name / g["file"]
                body = gzip.decompress(page.read_bytes()) if page.name.endswith(".gz") else page.read_bytes()
                rid = f"urn:{name}:{g['id']}"
                fh.write(warc_record(g.get("url") or f"http://{name}.example/{g['id']}", rid, body))
                if g.get("lang"):
                    langs[rid] = g["lang"]
                n += 1
    return n, langs


class Sampler(threading.Thread):
    """CPU seconds and peak RSS of a process and its descendants, from /proc."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.cpu, self.hwm, self.stop = pid, {}, {}, threading.Event()
        self.tick = os.sysconf("SC_CLK_TCK")

    def _family(self) -> list[int]:
        return [self.pid, *descendants(self.pid)]

    def sample(self) -> None:
        for pid in self._family():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            self.cpu[pid] = max(self.cpu.get(pid, 0.0), (int(fields[11]) + int(fields[12])) / self.tick)
            m = re.search(r"VmHWM:\s+(\d+) kB", status)
            if m:
                self.hwm[pid] = max(self.hwm.get(pid, 0), int(m.group(1)) // 1024)

    def run(self) -> None:
        while not self.stop.is_set():
            self.sample()
            time.sleep(0.1)


PLAIN_POOL = """
import gzip, json, sys, time
from multiprocessing import get_context
sys.path.insert(0, {root!r})
from maintext.io.warc import iter_warc_pages

def work(args):
    import maintext
    content, url = args
    try:
        return maintext.extract(content, url=url).to_dict(with_explain=False)
    except Exception as exc:
        return {{"url": url, "error": repr(exc)}}

if __name__ == "__main__":
    pages = [(p.content, p.url) for p in iter_warc_pages({warc!r}) if p.content]
    start = time.perf_counter()
    n = 0
    with get_context("forkserver").Pool(2) as pool, open({out!r}, "w", encoding="utf-8") as fh:
        for record in pool.imap_unordered(work, pages, chunksize=8):
            fh.write(json.dumps(record, ensure_ascii=False, default=str) + "\\n")
            n += 1
    print(f"{{n}} pages: plain pool in {{time.perf_counter() - start:.1f}} s", file=sys.stderr)
"""


def run_config(name: str, warc: Path, work: Path) -> dict:
    out = work / f"{name}.jsonl"
    for old in work.glob(f"{name}.jsonl*"):
        old.unlink()
    if name == "plain-pool-2":
        script = work / "plain_pool.py"
        script.write_text(PLAIN_POOL.format(root=str(ROOT), warc=str(warc), out=str(out)))
        cmd = [sys.executable, str(script)]
    else:
        bare = name.endswith("-bare")  # no crawl pass, no language or duplicates
        engine, workers = name.removesuffix("-bare").rsplit("-", 1)
        cmd = [sys.executable, "-m", "maintext", "batch", str(warc), "-o", str(out), "--no-progress",
               "--workers", workers, "--engine", engine] + (["--no-anchors", "--no-hygiene"] if bare else [])
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
    sampler = Sampler(proc.pid)
    sampler.start()
    _, err = proc.communicate()
    sampler.stop.set()
    sampler.join()
    wall = time.perf_counter() - start
    pages = re.search(r"(\d+) pages: .*? in ([\d.]+) s", err)
    crawl = re.search(r"crawl pass: .*\(([\d.]+) s\)", err)
    workers_hwm = [v for pid, v in sampler.hwm.items() if pid != proc.pid]
    n, secs = (int(pages.group(1)), float(pages.group(2))) if pages else (0, wall)
    return {"config": name, "pages": n, "extract_s": secs, "pages_per_s": n / secs if secs else 0.0,
            "cpu_ms_per_page": 1000 * sum(sampler.cpu.values()) / max(1, n), "crawl_pass_s":
            float(crawl.group(1)) if crawl else None, "wall_s": wall, "driver_mb": sampler.hwm.get(proc.pid),
            "worker_mb": max(workers_hwm) if workers_hwm else None, "exit": proc.returncode,
            "stderr_tail": err.strip().splitlines()[-3:]}


def lang_report(out: Path, langs: dict[str, str]) -> dict:
    from maintext.batch.hygiene import detect_language

    agree = total = 0
    per_set: dict[str, list[int]] = {}
    texts = []
    for line in out.read_text(encoding="utf-8").split("\n"):  # not splitlines: U+2028 is text
        if not line:
            continue
        rec = json.loads(line)
        gold = langs.get(rec["id"])
        if not gold or not rec.get("text"):
            continue
        texts.append(rec["text"])
        hit = rec.get("lang") == gold
        agree += hit
        total += 1
        s = per_set.setdefault(rec["id"].split(":")[1], [0, 0])
        s[0] += hit
        s[1] += 1
    detect_language("warm up")  # the model loads on the first call
    start = time.process_time()
    for text in texts:
        detect_language(text)
    ms = 1000 * (time.process_time() - start) / max(1, len(texts))
    return {"agreement": agree / max(1, total), "pages": total, "ms_per_page": ms,
            "per_set": {k: f"{a}/{b}" for k, (a, b) in sorted(per_set.items())}}


def url_report(out: Path) -> dict:
    from maintext.batch.anchors import legacy_normalize_url, normalize_url

    records = [json.loads(line) for line in out.read_text(encoding="utf-8").split("\n") if line]
    links = [lk["url"] for r in records for lk in r.get("links") or ()]
    result = {"links": len(links)}
    for name, fn in (("legacy", legacy_normalize_url), ("courlan", normalize_url)):
        start = time.process_time()
        targets = [fn(u) for u in links]
        us = 1e6 * (time.process_time() - start) / max(1, len(links))
        pages = {fn(r["url"]) for r in records if r.get("url")}
        result[name] = {"distinct_targets": len({t for t in targets if t}), "us_per_url": round(us, 1),
                        "links_meeting_a_crawled_page": sum(1 for t in targets if t and t in pages)}
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--datasets", type=Path, default=DATASETS)
    ap.add_argument("--sets", default="aeb,big9-2005,big9-2009,cleaneval-dev,dragnet,gne-cn,pagetype,"
                                      "readability-dev,trafilatura,webmainbench-sample")
    ap.add_argument("--limit", type=int, default=None, help="pages per set")
    ap.add_argument("--configs", default="plain-pool-2,local-2-bare,local-1,local-2,dask-2")
    ap.add_argument("--work", type=Path, default=None, help="folder for the WARC and outputs (default: temp)")
    args = ap.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="maintext-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    warc = work / "sets.warc.gz"
    n, langs = pack(args.datasets, args.sets.split(","), args.limit, warc)
    print(f"packed {n} pages into {warc} ({warc.stat().st_size / 1e6:.1f} MB)")
    rows = [run_config(name, warc, work) for name in args.configs.split(",")]
    print("| config | pages | pages/s | CPU ms/page | crawl pass s | driver peak MB | worker peak MB |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print(f"| {r['config']} | {r['pages']} | {r['pages_per_s']:.1f} | {r['cpu_ms_per_page']:.1f} | "
              f"{r['crawl_pass_s'] if r['crawl_pass_s'] is not None else '-'} | {r['driver_mb']} | {r['worker_mb']} |")
    for r in rows:
        if r["exit"] not in (0, 4):
            print(f"{r['config']} exited {r['exit']}: {r['stderr_tail']}")
    ref = work / "local-2.jsonl"
    if ref.is_file():
        print("language:", json.dumps(lang_report(ref, langs)))
        print("urls:", json.dumps(url_report(ref)))


if __name__ == "__main__":
    main()
