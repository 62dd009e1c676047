"""Fuzz maintext: mutated real pages and adversarial files, each run in a capped worker.

Takes seed pages (the shared evaluation sets read in place, else ``examples/`` and a few
built-in pages) and gives a summary of how ``maintext.extract`` fared on N generated inputs:
outcomes by exception type, exceptions that are not ``MaintextError`` (bugs), timeouts,
CPU time and peak memory. Every failing input is saved with its recipe for replay.

Inputs are generated deterministically from ``--seed`` and their number, by 1-3 mutations
of a seed page (byte flips, truncation, tag deletion, splices of two pages, charset swaps,
control bytes and character references, deep nesting, attribute and sibling floods, BOMs,
gzip wrapping, broken scripts and comments) or as adversarial files (random bytes, a BOM
before random bytes, nothing but markup, huge text without tags). Each runs in a worker
process with an address-space limit (``--memory-mb``) and a wall-clock cap
(``--timeout``, over maintext's own limit); a worker is reused until it crashes or times
out, then restarted. Inside, ``maintext.extract`` runs with its per-page time limit
(``--page-timeout``, 30 s as by default): a ``PageTimeoutError`` is counted apart (the limit
worked), a run the worker does not return from in ``--timeout`` seconds is a failure, and
finished runs over ``--slow`` CPU seconds are counted. The worker's peak RSS is reset before
each input (Linux ``/proc/self/clear_refs``), so the peak reported is per input, with the
input that reached it; inputs peaking over 1 GB are counted.

    python benchmarks/fuzz.py -n 100000 --seed 1 --out fuzz-out      # a long run
    python benchmarks/fuzz.py -n 1000 --fields text                    # the pruned build's path
    python benchmarks/fuzz.py -n 1000 --fields text,metadata,links     # the full record's build
    python benchmarks/fuzz.py --replay fuzz-out/failures/000123.bin --method auto
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import pickle
import random
import select
import struct
import subprocess
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from tests.helpers_proc import peak_rss_mb  # noqa: E402 - the checkout's tests/: VmHWM, else ru_maxrss
DATASETS = REPO.parent / "shared" / "datasets"
SHARED_DATASETS = Path("/work/shared/datasets")
METHODS = ("auto", "auto", "auto", "lineblock", "blocklist", "vote", "bte", "dsc", "lqf", "ccb",
           "dompath", "lcs")
CHARSETS = ("utf-8", "gbk", "gb2312", "big5", "shift_jis", "euc-kr", "iso-8859-1", "windows-1251",
            "koi8-r", "utf-16", "iso-2022-jp", "x-user-defined", "bogus-charset", "utf-7", "cp1254")

Mutator = Callable[[random.Random, bytes, bytes], bytes]
# Largest flood (elements, attributes, nesting depth) made; the CI sample lowers it.
MAX_FLOOD = 1_000_000


# ----------------------------------------------------------------------------- mutations

def _pos(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def byte_flips(rng: random.Random, data: bytes, other: bytes) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.choice((1, 5, 50, max(1, len(buf) // 10)))):
        if buf:
            buf[rng.randrange(len(buf))] = rng.randrange(256)
    return bytes(buf)


def truncate(rng: random.Random, data: bytes, other: bytes) -> bytes:
    return data[:_pos(rng, data)]


def tag_deletion(rng: random.Random, data: bytes, other: bytes) -> bytes:
    buf = data
    for _ in range(rng.choice((1, 10, 100))):
        start = buf.find(b"<", _pos(rng, buf))
        if start < 0:
            break
        end = buf.find(b">", start)
        cut = end + 1 if end >= 0 and rng.random() < 0.8 else start + 1
        buf = buf[:start] + buf[cut:]
    return buf


def splice(rng: random.Random, data: bytes, other: bytes) -> bytes:
    return data[:_pos(rng, data)] + other[_pos(rng, other):]


def charset_swap(rng: random.Random, data: bytes, other: bytes) -> bytes:
    label = rng.choice(CHARSETS).encode()
    meta = b'<meta charset="' + label + b'">'
    if rng.random() < 0.5:
        try:  # really re-encode the text
            text = data.decode("utf-8", errors="replace")
            data = text.encode(label.decode(), errors="replace")
        except (LookupError, UnicodeError):
            pass
    at = data.find(b"<head")
    at = data.find(b">", at) + 1 if at >= 0 else 0
    return data[:at] + meta + data[at:]


def control_bytes(rng: random.Random, data: bytes, other: bytes) -> bytes:
    buf = data
    for _ in range(rng.choice((1, 3, 30, 300))):
        kind = rng.random()
        if kind < 0.5:
            piece = bytes([rng.choice((0, 1, 2, 7, 8, 11, 12, 14, 27, 31, 127))])
        elif kind < 0.8:
            piece = b"&#%d;" % rng.choice((0, 1, 8, 11, 12, 31, 0xD800, 0xDFFF, 0xFFFE, 0xFFFF, 0x110000, 99999999))
        else:
            piece = rng.choice((b"\xef\xbf\xbe", b"\xed\xa0\x80", b"\xc0\x80", b"\xf4\x90\x80\x80"))
        p = _pos(rng, buf)
        buf = buf[:p] + piece + buf[p:]
    return buf


def deep_nesting(rng: random.Random, data: bytes, other: bytes) -> bytes:
    depth = min(MAX_FLOOD, rng.choice((500, 3000, 20000, 100000)))
    tag = rng.choice((b"div", b"span", b"b", b"table", b"li", b"a href=x", b"p", b"font"))
    close = tag.split()[0]
    p = _pos(rng, data)
    inner = (b"<" + tag + b">") * depth + b"deep text" + (b"</" + close + b">") * (depth if rng.random() < 0.5 else 0)
    return data[:p] + inner + data[p:]


def attribute_flood(rng: random.Random, data: bytes, other: bytes) -> bytes:
    n = min(MAX_FLOOD, rng.choice((1000, 20000, 200000, 1000000)))
    style = rng.random()
    if style < 0.4:
        attrs = b" ".join(b'a%d="v"' % i for i in range(n))
    elif style < 0.7:
        attrs = b" ".join(b"a%d" % i for i in range(n))
    elif style < 0.85:
        attrs = b"".join(b"a%d='<>'" % i for i in range(n))
    else:
        attrs = b" ".join(b'same="v"' for _ in range(n))
    p = _pos(rng, data)
    return data[:p] + b"<div " + attrs + b">flood</div>" + data[p:]


def sibling_flood(rng: random.Random, data: bytes, other: bytes) -> bytes:
    # a million blocks take ~10 s of linear work: rare, so a long run stays affordable
    # (240,000: just under Options.max_elements, the most a method is given; 10^6: refused)
    n = min(MAX_FLOOD, rng.choices((1000, 20000, 100000, 240000, 1000000), (5, 3, 2, 0.3, 0.3))[0])
    unit = rng.choice((b"<span>x</span> y", b"<span></span>", b"<br>", b"<a href='/a'>x</a>", b"<p>x",
                       b"<li>x</li>", b"<td>x", b"<b>x</b><i>y</i>", b"<img src=x>"))
    p = _pos(rng, data)
    return data[:p] + unit * n + data[p:]


def markup_damage(rng: random.Random, data: bytes, other: bytes) -> bytes:
    piece = rng.choice((b"<script>", b"<!--", b"<style>", b"</body></html>", b"<![CDATA[", b"<?xml version='1.0'?>",
                        b"<textarea>", b"<noscript><div>", b"<nav>", b"</html>" * 100, b"<table>" * 50,
                        b"<title>", b"<plaintext>", b"<xmp>", b"<svg><foreignObject>", b"<math>",
                        b'<meta http-equiv="refresh" content="0;url=javascript:x">', b"&" * 1000,
                        b"&amp;" * 10000, b"&#x" + b"9" * 1000 + b";", b"<a href='" + b"x" * 100000))
    p = _pos(rng, data)
    return data[:p] + piece + data[p:]


def bom(rng: random.Random, data: bytes, other: bytes) -> bytes:
    import codecs

    return rng.choice((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE)) + data


def gzip_wrap(rng: random.Random, data: bytes, other: bytes) -> bytes:
    packed = gzip.compress(data, compresslevel=1)
    kind = rng.random()
    if kind < 0.3:
        return packed[:_pos(rng, packed)]  # truncated
    if kind < 0.6:
        return packed + gzip.compress(other, compresslevel=1)  # two members
    if kind < 0.8:
        return packed + b"\x00" * rng.randrange(1, 100)
    return packed


MUTATORS: dict[str, Mutator] = {
    "byte_flips": byte_flips, "truncate": truncate, "tag_deletion": tag_deletion, "splice": splice,
    "charset_swap": charset_swap, "control_bytes": control_bytes, "deep_nesting": deep_nesting,
    "attribute_flood": attribute_flood, "sibling_flood": sibling_flood, "markup_damage": markup_damage,
    "bom": bom, "gzip_wrap": gzip_wrap,
}
# Floods are slow to run; they are a smaller share of the inputs.
WEIGHTS = {"attribute_flood": 0.25, "sibling_flood": 0.25, "deep_nesting": 0.5}


def adversarial(rng: random.Random) -> tuple[str, bytes]:
    import codecs

    kind = rng.choice(("random", "bom_random", "only_markup", "no_tags", "empty", "nul_text",
                       "lonely_lt", "quotes"))
    size = rng.choice((1, 100, 20000, 300000))
    if kind == "random":
        return kind, rng.randbytes(size)
    if kind == "bom_random":
        return kind, rng.choice((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) + rng.randbytes(size)
    if kind == "only_markup":
        return kind, b"<div>" * (size // 5) + b"</div>" * (size // 6)
    if kind == "no_tags":
        return kind, ("Ein langer Text ohne Markup. " * (size // 28 + 1)).encode()
    if kind == "empty":
        return kind, rng.choice((b"", b" ", b"\n\t ", b"<html></html>", b"<!-- -->", b"<?xml?>"))
    if kind == "nul_text":
        return kind, b"<p>" + b"\x00a" * (size // 2) + b"</p>"
    if kind == "lonely_lt":
        return kind, b"<a" * (size // 2)
    return kind, b"<div " + b'"' * size + b">x"


@dataclass
class Recipe:
    """How one input was made (enough to make it again from the seed pages)."""

    number: int
    method: str
    as_str: bool
    steps: list[str] = field(default_factory=list)


def make_input(number: int, seed: int, pages: list[bytes]) -> tuple[Recipe, bytes]:
    rng = random.Random(seed * 1_000_003 + number)
    method = rng.choice(METHODS)
    as_str = rng.random() < 0.1
    recipe = Recipe(number, method, as_str)
    if rng.random() < 0.08:
        kind, data = adversarial(rng)
        recipe.steps.append("adversarial:" + kind)
        return recipe, data
    base = rng.randrange(len(pages))
    data, other = pages[base], pages[rng.randrange(len(pages))]
    recipe.steps.append(f"page:{base}")
    names = list(MUTATORS)
    weights = [WEIGHTS.get(n, 1.0) for n in names]
    for _ in range(rng.choice((1, 1, 2, 3))):
        name = rng.choices(names, weights)[0]
        data = MUTATORS[name](rng, data, other)
        recipe.steps.append(name)
    return recipe, data


def load_seed_pages(limit: int, seed: int) -> list[bytes]:
    """Real pages from the shared datasets (decompressed), else the examples."""
    root = SHARED_DATASETS if SHARED_DATASETS.is_dir() else DATASETS
    files = sorted(root.glob("*/pages/*")) if root.is_dir() else []
    files += sorted((REPO / "examples").glob("*.html*"))
    random.Random(seed).shuffle(files)
    pages: list[bytes] = []
    for path in files[:limit]:
        raw = path.read_bytes()
        if raw[:2] == b"\x1f\x8b":
            try:
                raw = gzip.decompress(raw)
            except (OSError, EOFError):
                continue
        pages.append(raw)
    pages.append(b"<html><head><title>t</title></head><body><article><h1>Title</h1>"
                 + b"<p>A paragraph of words about the town and its river.</p>" * 20 + b"</article></body></html>")
    return pages


# ----------------------------------------------------------------------------- worker

def _send(stream: Any, obj: Any) -> None:
    blob = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(struct.pack("<Q", len(blob)) + blob)
    stream.flush()


def _recv(stream: Any) -> Any:
    head = stream.read(8)
    if len(head) < 8:
        raise EOFError
    (size,) = struct.unpack("<Q", head)
    return pickle.loads(stream.read(size))


def run_one(data: bytes, method: str, as_str: bool, page_timeout: float | None = 30.0,
            fields: str | None = None) -> dict[str, Any]:
    """One extraction in this process (with the library's per-page time limit, and
    ``fields`` as ``maintext.extract`` takes them): outcome, exception type, CPU seconds."""
    import maintext

    source: Any = data.decode("utf-8", errors="surrogateescape") if as_str else data
    start = time.process_time()
    outcome, etype, message, tb = "ok", "", "", ""
    try:
        maintext.extract(source, method=method, page_timeout=page_timeout, fields=fields)
    except maintext.PageTimeoutError as exc:
        outcome, etype, message = "page_timeout", type(exc).__name__, str(exc)[:300]
    except maintext.MaintextError as exc:
        outcome, etype, message = "maintext_error", type(exc).__name__, str(exc)[:300]
    except MemoryError:
        outcome, etype = "memory", "MemoryError"
    except Exception as exc:  # noqa: BLE001 - what the fuzzer is looking for
        outcome, etype, message = "exception", type(exc).__name__, str(exc)[:300]
        tb = "".join(traceback.format_exc().splitlines(True)[-12:])
    return {"outcome": outcome, "type": etype, "message": message, "traceback": tb,
            "cpu": time.process_time() - start}


def _reset_peak_rss() -> bool:
    """Reset this process's peak RSS (Linux: ``clear_refs`` 5), so that the peak read after
    an input is that input's, not the worker's high-water mark; False where unsupported."""
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
        return True
    except OSError:
        return False


def worker_main(memory_mb: int, page_timeout: float | None, fields: str | None = None) -> None:
    import resource

    if memory_mb:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    import maintext  # noqa: F401 - loaded once, before the first input

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing else may write to the result stream
    while True:
        try:
            data, method, as_str = _recv(stdin)
        except EOFError:
            return
        per_input = _reset_peak_rss()
        result = run_one(data, method, as_str, page_timeout, fields)
        result["maxrss_mb"] = peak_rss_mb()  # this input's peak (the worker's, if not per_input)
        result["rss_per_input"] = per_input
        _send(stdout, result)


class Worker:
    """A persistent worker process; restarted after a crash or a timeout."""

    def __init__(self, memory_mb: int, page_timeout: float | None, fields: str | None = None) -> None:
        self.memory_mb = memory_mb
        self.page_timeout = page_timeout
        self.fields = fields
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def _start(self) -> subprocess.Popen[bytes]:
        env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.starts += 1
        return subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker",
                                 "--memory-mb", str(self.memory_mb),
                                 "--page-timeout", str(self.page_timeout or 0)]
                                + (["--fields", self.fields] if self.fields else []),
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)

    def run(self, data: bytes, method: str, as_str: bool, timeout: float) -> dict[str, Any]:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = self._start()
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None
        start = time.monotonic()
        try:
            _send(proc.stdin, (data, method, as_str))
            ready, _, _ = select.select([proc.stdout], [], [], timeout)
            if not ready:
                self.kill()
                return {"outcome": "timeout", "type": "wall", "message": f"over {timeout:g} s",
                        "cpu": time.monotonic() - start}
            return _recv(proc.stdout)
        except (EOFError, BrokenPipeError, OSError, pickle.UnpicklingError):
            code = proc.poll()
            self.kill()
            return {"outcome": "crash", "type": f"exit {code}", "message": "worker died",
                    "cpu": time.monotonic() - start}

    def kill(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc = None


# ----------------------------------------------------------------------------- driver

@dataclass
class Summary:
    inputs: int = 0
    outcomes: Counter = field(default_factory=Counter)
    error_types: Counter = field(default_factory=Counter)
    bugs: Counter = field(default_factory=Counter)  # non-MaintextError exception types
    max_cpu: float = 0.0
    max_cpu_input: int = -1
    max_rss_mb: float = 0.0  # peak RSS of one input (the worker's during it), and which input
    max_rss_input: int = -1
    max_rss_method: str = ""
    over_1gb: int = 0  # inputs whose peak RSS reached 1024 MB
    slow: int = 0  # over ``slow`` CPU seconds (finished or stopped by the page time limit)
    # most CPU used by an input stopped by the (wall-clock) page limit: far below the limit
    # means the machine's load, not the input, ran the clock out
    page_timeout_max_cpu: float = 0.0
    worker_starts: int = 0
    seconds: float = 0.0

    @property
    def failures(self) -> int:
        return sum(self.outcomes[k] for k in ("exception", "timeout", "crash", "memory"))

    def lines(self) -> list[str]:
        rate = self.inputs / self.seconds if self.seconds else 0.0
        return [
            f"inputs: {self.inputs} in {self.seconds:.0f} s ({rate:.1f}/s), worker starts: {self.worker_starts}",
            "outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(self.outcomes.items())),
            "MaintextError types: " + ", ".join(f"{k} {v}" for k, v in self.error_types.most_common()),
            "non-MaintextError exceptions: " + (", ".join(f"{k} {v}" for k, v in self.bugs.most_common()) or "0"),
            f"max CPU per input: {self.max_cpu:.2f} s (input {self.max_cpu_input}), {self.slow} over the "
            f"slow mark, page timeouts used at most {self.page_timeout_max_cpu:.2f} s CPU; "
            f"peak RSS per input: {self.max_rss_mb:.0f} MB (input {self.max_rss_input}, {self.max_rss_method}), "
            f"{self.over_1gb} inputs over 1 GB",
        ]


def fuzz(n: int, seed: int = 1, *, out: Path | None = None, timeout: float = 60.0, slow: float = 10.0,
         memory_mb: int = 3072, seed_pages: int = 400, start: int = 0, page_timeout: float | None = 30.0,
         progress: Callable[[Summary], None] | None = None, progress_every: int = 1000,
         fields: str | None = None) -> Summary:
    """Run inputs ``start`` .. ``start + n - 1``; save failures under ``out``."""
    pages = load_seed_pages(seed_pages, seed)
    worker = Worker(memory_mb, page_timeout, fields)
    summary = Summary()
    began = time.monotonic()
    log = None
    if out is not None:
        (out / "failures").mkdir(parents=True, exist_ok=True)
        log = open(out / "failures.jsonl", "a", encoding="utf-8")
    try:
        for number in range(start, start + n):
            recipe, data = make_input(number, seed, pages)
            result = worker.run(data, recipe.method, recipe.as_str, timeout)
            outcome = result["outcome"]
            if outcome not in ("timeout", "crash") and result["cpu"] > slow:
                summary.slow += 1  # over ``slow`` CPU seconds (incl. page timeouts): reported
            if outcome == "page_timeout":
                summary.page_timeout_max_cpu = max(summary.page_timeout_max_cpu, result["cpu"])
            summary.inputs += 1
            summary.outcomes[outcome] += 1
            if result.get("type") and outcome == "maintext_error":
                summary.error_types[result["type"]] += 1
            if outcome == "exception":
                summary.bugs[result["type"]] += 1
            if result["cpu"] > summary.max_cpu:
                summary.max_cpu, summary.max_cpu_input = result["cpu"], number
            summary.over_1gb += result.get("maxrss_mb", 0.0) >= 1024
            if result.get("maxrss_mb", 0.0) > summary.max_rss_mb:
                summary.max_rss_mb, summary.max_rss_input = result["maxrss_mb"], number
                summary.max_rss_method = recipe.method
            if outcome not in ("ok", "maintext_error") and log is not None and out is not None:  # incl. page_timeout
                blob = out / "failures" / f"{number:06d}.bin"
                blob.write_bytes(data)
                log.write(json.dumps({"input": number, "seed": seed, "file": str(blob), "method": recipe.method,
                                      "as_str": recipe.as_str, "steps": recipe.steps, **result}) + "\n")
                log.flush()
            if progress is not None and summary.inputs % progress_every == 0:
                summary.seconds = time.monotonic() - began
                summary.worker_starts = worker.starts
                progress(summary)
    finally:
        worker.kill()
        if log is not None:
            log.close()
    summary.seconds = time.monotonic() - began
    summary.worker_starts = worker.starts
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=1000, help="number of inputs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="first input number (to continue a run)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-out"), help="folder for failures and summary")
    parser.add_argument("--timeout", type=float, default=60.0, help="wall-clock cap per input (worker killed)")
    parser.add_argument("--slow", type=float, default=10.0, help="CPU seconds over which a finished input is counted as slow")
    parser.add_argument("--page-timeout", type=float, default=30.0,
                        help="maintext's own per-page limit in the worker (0: none; PageTimeoutError is counted apart)")
    parser.add_argument("--memory-mb", type=int, default=3072, help="worker address-space limit")
    parser.add_argument("--seed-pages", type=int, default=400, help="real pages to mutate")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--replay", type=Path, help="run one saved input in this process and show the result")
    parser.add_argument("--method", default="auto", help="method for --replay")
    parser.add_argument("--fields", default=None,
                        help="what each extraction computes, as maintext.extract's fields (e.g. 'text' for "
                             "the pruned build, 'text,metadata,links' for the full record's build; default: "
                             "everything, the full build)")
    parser.add_argument("--as-str", action="store_true",
                        help="--replay passes the input as a str (a failure record's as_str)")
    args = parser.parse_args()
    if args.worker:
        worker_main(args.memory_mb, args.page_timeout or None, args.fields)
        return
    if args.replay:
        result = run_one(args.replay.read_bytes(), args.method, args.as_str, args.page_timeout or None, args.fields)
        print(json.dumps(result, indent=1))
        return

    def report(summary: Summary) -> None:
        print(" | ".join(summary.lines()), flush=True)

    summary = fuzz(args.n, args.seed, out=args.out, timeout=args.timeout, slow=args.slow,
                   memory_mb=args.memory_mb, seed_pages=args.seed_pages, start=args.start,
                   page_timeout=args.page_timeout or None, progress=report, fields=args.fields)
    text = "\n".join(summary.lines())
    print(text)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "summary.txt").write_text(text + "\n", encoding="utf-8")
    sys.exit(1 if summary.failures else 0)


if __name__ == "__main__":
    main()
