"""Peak memory and time of every method on element floods, each run in a fresh process.

Takes flood shapes (the sibling units of ``benchmarks/fuzz.py``) and sizes in elements and
gives one line per (method, shape, size): outcome (ok or the MaintextError type), CPU and
wall seconds, and the process's peak RSS in MB (``ru_maxrss``: the interpreter and
maintext's imports included). Used to choose ``Options.max_elements`` and to check that
every method stays under 1 GB and the time limit at the cap and above it.

    python benchmarks/floods.py                          # every method, sizes cap-1000 and 10^6
    python benchmarks/floods.py --methods lcs --sizes 100000,249000
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
UNITS = ("<span>x</span> y", "<span></span>", "<br>", "<a href='/a'>x</a>", "<p>x", "<li>x</li>",
         "<td>x", "<b>x</b><i>y</i>", "<img src=x>")
PAGE = ("<html><head><title>t</title></head><body><article><h1>Title</h1>"
        + "<p>A paragraph of words about the town and its river.</p>" * 20 + "{flood}</article></body></html>")

_CHILD = r"""
import json, resource, sys, time
import maintext
unit, elements, method, limit = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
per = max(unit.count("<") - unit.count("</"), 1)
page = (%r).replace("{flood}", unit * (elements // per)).encode()
cpu, wall = time.process_time(), time.monotonic()
try:
    maintext.extract(page, method=method, page_timeout=limit or None)
    outcome = "ok"
except maintext.MaintextError as exc:
    outcome = type(exc).__name__
print(json.dumps({"outcome": outcome, "cpu": time.process_time() - cpu, "wall": time.monotonic() - wall,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "input_mb": len(page) / 2**20}))
""" % PAGE


def run(unit: str, elements: int, method: str, timeout: float = 300.0, page_timeout: float = 30.0) -> dict:
    """One extraction in a fresh process (``page_timeout``: maintext's wall-clock limit, 0: none)."""
    proc = subprocess.run([sys.executable, "-c", _CHILD, unit, str(elements), method, str(page_timeout)],
                          capture_output=True, text=True, timeout=timeout)
    if proc.returncode:
        return {"outcome": f"exit {proc.returncode}: {proc.stderr.strip().splitlines()[-1:]}"}
    return json.loads(proc.stdout)


def main() -> None:
    import maintext

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--methods", default=",".join(m.name for m in maintext.methods()))
    parser.add_argument("--sizes", default=f"{maintext.Options().max_elements - 1000},1000000")
    parser.add_argument("--units", default="all", help="indexes into UNITS, comma-separated, or all")
    args = parser.parse_args()
    units = UNITS if args.units == "all" else [UNITS[int(i)] for i in args.units.split(",")]
    worst: dict = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        for method in args.methods.split(","):
            for unit in units:
                began = time.monotonic()
                r = run(unit, size, method)
                line = (f"{method:10s} {unit!r:24s} {size:>8d} {r['outcome']:22s} "
                        f"cpu {r.get('cpu', 0):6.2f} s wall {time.monotonic() - began:6.2f} s "
                        f"rss {r.get('rss_mb', 0):6.0f} MB input {r.get('input_mb', 0):5.1f} MB")
                print(line, flush=True)
                if r.get("rss_mb", 0) > worst.get("rss_mb", 0):
                    worst = {**r, "method": method, "unit": unit, "size": size}
    print("worst peak RSS:", json.dumps(worst))


if __name__ == "__main__":
    main()
