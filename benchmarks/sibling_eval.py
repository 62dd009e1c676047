"""Same-site pages on demand, measured on the saved pages of ``pagetype`` behind a local proxy.

    python benchmarks/sibling_eval.py [--max-candidates 8] [--limit N]

A server on 127.0.0.1 answers each saved page of ``shared/datasets/pagetype`` at its own URL
and 404 for any other URL (robots.txt included, so everything is allowed). Inside this
process :func:`maintext.io.fetch.fetch` is wrapped so that every request for
``https://host/path`` goes to that server instead (the page keeps its real URL: links,
same-host checks and URL patterns work as on the live site); nothing leaves the machine.

Each article page (``is_article``) is given only by its URL to ``maintext.extract``:

1. ``dompath`` and ``lcs`` with sibling fetching on (K = 2, no delay: the server is local),
   no store: the share of article pages for which the step found >= 2 siblings (fetched
   from the page's own links, among the saved pages), sibling requests per page;
2. ``auto`` alone: the reference text. On the pages with >= 2 siblings, the words of each
   method's text and its agreement with auto's text: ``shared/bench/score.py`` with auto's
   text as the gold (shingle P/R/F1); ``dompath`` without siblings is shown for comparison;
3. the same run of ``dompath`` with a template store (pages in dataset order): sibling
   requests per page with the store.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import maintext
import maintext.io.fetch as fetch_module
from maintext.io.crawl import normalize_url

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path("/work/shared") if Path("/work/shared").is_dir() else ROOT.parent / "shared"
DATASET = SHARED / "datasets" / "pagetype"
SCORER = SHARED / "bench" / "score.py"


def load_pages() -> tuple[list[dict], dict[str, bytes]]:
    rows = [json.loads(line) for line in (DATASET / "gold.jsonl").read_text().splitlines() if line.strip()]
    pages: dict[str, bytes] = {}
    for row in rows:
        with gzip.open(DATASET / row["file"], "rb") as fh:
            pages[normalize_url(row["url"]) or row["url"]] = fh.read()
    return rows, pages


class Proxy:
    """127.0.0.1 server: ``/<base64 of the URL>`` -> the saved page of that URL, else 404."""

    def __init__(self, pages: dict[str, bytes]) -> None:
        proxy = self
        self.pages, self.hits, self.lock = pages, [], threading.Lock()

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):  # noqa: N802
                try:
                    url = base64.urlsafe_b64decode(self.path[1:].encode()).decode()
                except ValueError:
                    url = ""
                body = proxy.pages.get(normalize_url(url) or url)
                with proxy.lock:
                    proxy.hits.append((url, body is not None))
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8" if body else "text/plain")
                data = body if body is not None else b"not found"
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def route(self, url: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/" + base64.urlsafe_b64encode(url.encode()).decode()

    def install(self) -> None:
        """Send every fetch of this process to the proxy, keeping the page's own URL."""
        real = fetch_module.fetch

        def routed(url: str, **kwargs):
            kwargs["allow_private"] = True
            kwargs.pop("client", None)
            got = real(self.route(url), **kwargs)
            got.url = url
            return got

        fetch_module.fetch = routed


def words(text: str) -> int:
    return len(text.split())


def agreement(reference: dict[str, str], predictions: dict[str, str], tmp: Path, name: str) -> dict:
    """score.py with ``reference`` (auto's text) as the gold."""
    gold, pred = tmp / f"gold-{name}.jsonl", tmp / f"pred-{name}.jsonl"
    gold.write_text("".join(json.dumps({"id": k, "text": v}) + "\n" for k, v in reference.items()))
    pred.write_text("".join(json.dumps({"id": k, "text": predictions.get(k, "")}) + "\n" for k in reference))
    out = tmp / f"score-{name}.json"
    subprocess.run([sys.executable, str(SCORER), str(gold), str(pred), "--json", str(out)], check=True,
                   capture_output=True)
    return json.loads(out.read_text())


def run(args: argparse.Namespace) -> None:
    rows, pages = load_pages()
    proxy = Proxy(pages)
    proxy.install()
    articles = [r for r in rows if r["is_article"]][: args.limit]
    site = {"fetch_siblings": 2, "max_candidates": args.max_candidates, "sibling_delay": 0.0,
            "methods": ("dompath", "lcs")}
    texts: dict[str, dict[str, str]] = {"auto": {}, "dompath": {}, "lcs": {}, "dompath-alone": {}}
    reports: dict[str, dict] = {}
    t0 = time.perf_counter()
    for row in articles:
        url = row["url"]
        for method in ("dompath", "lcs"):
            try:
                page = maintext.extract(url, method=method, site=site)
            except maintext.MaintextError as exc:
                print(f"  {row['id']} {method}: {type(exc).__name__}: {exc}", file=sys.stderr)
                continue
            texts[method][row["id"]] = page.text
            reports.setdefault(row["id"], page.extra.get("site_pages", {}))
        texts["auto"][row["id"]] = maintext.extract(url, method="auto").text
        texts["dompath-alone"][row["id"]] = maintext.extract(url, method="dompath", site={"fetch_siblings": 0}).text
    seconds = time.perf_counter() - t0
    with_two = [r["id"] for r in articles if len(reports.get(r["id"], {}).get("urls", [])) >= 2]
    fetches = [reports[i].get("fetches", 0) for i in reports]
    got = [len(reports[i].get("urls", [])) for i in reports]
    print(f"article pages: {len(articles)}; with >= 2 siblings found: {len(with_two)} "
          f"({len(with_two) / max(1, len(articles)):.1%}); max_candidates={args.max_candidates}; {seconds:.0f} s")
    print(f"sibling requests per page (no store, per method call): {sum(fetches) / max(1, len(fetches)):.2f} "
          f"({sum(got) / max(1, len(got)):.2f} answered with a page, the rest 404: pages not saved)")
    by_site: dict[str, list[int]] = {}
    for r in articles:
        by_site.setdefault(r["site"], [0, 0])[0] += 1
        by_site[r["site"]][1] += r["id"] in with_two
    print("per site (articles, with >= 2 siblings):", json.dumps(by_site))
    with tempfile.TemporaryDirectory() as tmp:
        ref = {i: texts["auto"].get(i, "") for i in with_two}
        for method in ("dompath", "lcs", "dompath-alone"):
            got = {i: texts[method].get(i, "") for i in with_two}
            mean_words = sum(words(t) for t in got.values()) / max(1, len(got))
            text = agreement(ref, got, Path(tmp), method).get("text", {})
            print(f"{method:14s} pages {len(got)}  mean words {mean_words:7.1f}  agreement with auto "
                  f"(score.py, auto as gold): P {text.get('precision', 0):.3f} R {text.get('recall', 0):.3f} "
                  f"F1 {text.get('f1', 0):.3f}")
        auto_words = sum(words(t) for t in ref.values()) / max(1, len(ref))
        print(f"{'auto':14s} pages {len(ref)}  mean words {auto_words:7.1f}")
    run_store(articles, site)


def run_store(articles: list[dict], site: dict) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        opts = dict(site, store_path=str(Path(tmp) / "templates.sqlite"))
        per_page, sources, with_two = [], {}, 0
        for row in articles:
            page = maintext.extract(row["url"], method="dompath", site=opts)
            info = page.extra.get("site_pages", {})
            per_page.append(info.get("fetches", 0))
            sources[info.get("source", "?")] = sources.get(info.get("source", "?"), 0) + 1
            with_two += len(info.get("urls", [])) >= 2
        print(f"with the store (dompath, dataset order): sibling requests per page "
              f"{sum(per_page) / max(1, len(per_page)):.2f}; pages with >= 2 site pages {with_two} "
              f"({with_two / max(1, len(articles)):.1%}); site pages from: {json.dumps(sources)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-candidates", type=int, default=8)
    parser.add_argument("--limit", type=int, default=None)
    run(parser.parse_args())


if __name__ == "__main__":
    main()
