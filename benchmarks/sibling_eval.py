"""Same-site pages on demand, measured on the saved pages of ``pagetype`` behind a local proxy.

    python benchmarks/sibling_eval.py [--max-candidates 8] [--limit N]

A server on 127.0.0.1 answers each saved page of ``shared/datasets/pagetype`` at its own URL
and 404 for any other URL (robots.txt included, so everything is allowed). Inside this
process :func:`maintext.io.fetch.fetch` is wrapped so that every request for
``https://host/path`` goes to that server instead (the page keeps its real URL: links,
same-host checks and URL patterns work as on the live site); nothing leaves the machine.

Each article page (``is_article``) is given only by its URL to ``maintext.extract``:

1. ``dompath``, ``lcs`` and ``auto`` with sibling fetching on (K = 2, no delay: the server
   is local), no store: the share of article pages for which the step found >= 2 siblings
   (fetched from the page's own links, among the saved pages), how many of the siblings
   found are articles too (same kind of page), sibling requests per page;
2. ``auto`` alone: the reference text. On the pages with >= 2 siblings, the words of each
   method's text and its agreement with auto's text: ``shared/bench/score.py`` with auto's
   text as the gold (shingle P/R/F1); ``dompath`` without siblings is shown for comparison;
3. each method again with its own template store (pages in dataset order): sibling
   requests per page, where the site pages came from, and, on the pages served by the
   store, agreement of the text with the same method's text from fetched siblings.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import os
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
SHARED = Path(os.environ.get("MAINTEXT_SHARED", ROOT.parent / "shared"))
DATASET = SHARED / "datasets" / "pagetype"
SCORER = SHARED / "bench" / "score.py"
METHODS = ("dompath", "lcs", "auto")


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
    kinds = {normalize_url(r["url"]) or r["url"]: r["is_article"] for r in rows}
    proxy = Proxy(pages)
    proxy.install()
    articles = [r for r in rows if r["is_article"]][: args.limit]
    site = {"fetch_siblings": 2, "max_candidates": args.max_candidates, "sibling_delay": 0.0, "methods": METHODS}
    texts: dict[str, dict[str, str]] = {m: {} for m in (*METHODS, "auto-alone", "dompath-alone")}
    reports: dict[str, dict] = {}
    t0 = time.perf_counter()
    for row in articles:
        url = row["url"]
        for method in METHODS:
            try:
                page = maintext.extract(url, method=method, site=site)
            except maintext.MaintextError as exc:
                print(f"  {row['id']} {method}: {type(exc).__name__}: {exc}", file=sys.stderr)
                continue
            texts[method][row["id"]] = page.text
            reports.setdefault(row["id"], page.extra.get("site_pages", {}))
        texts["auto-alone"][row["id"]] = maintext.extract(url, method="auto").text
        texts["dompath-alone"][row["id"]] = maintext.extract(url, method="dompath", site={"fetch_siblings": 0}).text
    seconds = time.perf_counter() - t0
    with_two = [r["id"] for r in articles if len(reports.get(r["id"], {}).get("urls", [])) >= 2]
    fetches = [reports[i].get("fetches", 0) for i in reports]
    got = [u for i in reports for u in reports[i].get("urls", [])]
    same_kind = sum(bool(kinds.get(normalize_url(u) or u)) for u in got)
    print(f"article pages: {len(articles)}; with >= 2 siblings found: {len(with_two)} "
          f"({len(with_two) / max(1, len(articles)):.1%}); max_candidates={args.max_candidates}; {seconds:.0f} s")
    print(f"sibling requests per page (no store, per method call): {sum(fetches) / max(1, len(fetches)):.2f} "
          f"({len(got) / max(1, len(fetches)):.2f} answered with a page, the rest 404: pages not saved); "
          f"siblings found that are articles too: {same_kind}/{len(got)}")
    by_site: dict[str, list[int]] = {}
    for r in articles:
        by_site.setdefault(r["site"], [0, 0])[0] += 1
        by_site[r["site"]][1] += r["id"] in with_two
    print("per site (articles, with >= 2 siblings):", json.dumps(by_site))
    with tempfile.TemporaryDirectory() as tmp:
        ref = {i: texts["auto-alone"].get(i, "") for i in with_two}
        for method in (*METHODS, "dompath-alone"):
            report_agreement(method, ref, {i: texts[method].get(i, "") for i in with_two}, Path(tmp), "auto alone")
        auto_words = sum(words(t) for t in ref.values()) / max(1, len(ref))
        print(f"{'auto-alone':14s} pages {len(ref)}  mean words {auto_words:7.1f}")
        run_store(articles, site, texts, Path(tmp))


def report_agreement(name: str, ref: dict[str, str], got: dict[str, str], tmp: Path, ref_name: str) -> None:
    mean_words = sum(words(t) for t in got.values()) / max(1, len(got))
    text = agreement(ref, got, tmp, name).get("text", {})
    print(f"{name:14s} pages {len(got)}  mean words {mean_words:7.1f}  agreement with {ref_name} "
          f"(score.py, it as gold): P {text.get('precision', 0):.3f} R {text.get('recall', 0):.3f} "
          f"F1 {text.get('f1', 0):.3f}")


def run_store(articles: list[dict], site: dict, texts: dict[str, dict[str, str]], tmp: Path) -> None:
    """Each method with its own new store, pages in dataset order: requests per page, where
    the site pages came from, and the text against the same method with fetched siblings."""
    for method in METHODS:
        opts = dict(site, store_path=str(tmp / f"templates-{method}.sqlite"))
        per_page, sources, stored = [], {}, {}
        for row in articles:
            page = maintext.extract(row["url"], method=method, site=opts)
            info = page.extra.get("site_pages", {})
            per_page.append(info.get("fetches", 0))
            sources[info.get("source", "?")] = sources.get(info.get("source", "?"), 0) + 1
            if info.get("source") == "store":
                stored[row["id"]] = page.text
        print(f"with the store ({method}, dataset order): sibling requests per page "
              f"{sum(per_page) / max(1, len(per_page)):.2f}; site pages from: {json.dumps(sources)}")
        ref = {i: texts[method].get(i, "") for i in stored if texts[method].get(i)}
        report_agreement(f"{method}-store", ref, {i: stored[i] for i in ref}, tmp,
                         f"{method} with fetched siblings (pages that had them)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-candidates", type=int, default=8)
    parser.add_argument("--limit", type=int, default=None)
    run(parser.parse_args())


if __name__ == "__main__":
    main()
