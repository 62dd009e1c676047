#!/usr/bin/env python3
"""maintext against the peer extractors: F1 per dataset, seconds per dataset, speed ratios.

    python benchmarks/peers.py --out OUT [--sets aeb,cleaneval-dev] [--limit N]
                               [--systems trafilatura,justext,...] [--maintext-methods auto,lineblock]
    python benchmarks/peers.py --out OUT --report-only          # score and print what OUT holds
    python benchmarks/peers.py --out OUT --speed-only           # trafilatura + maintext + lxml floor on aeb

What is timed, for every system alike: one call per page that starts from the page's
original bytes (as stored, after un-gzipping, which is storage and not timed) and ends with
the main text as a ``str``. Decoding is inside the timed call, done the way each system
normally does it:

* every system is called the way its own documentation shows for the main text (trafilatura:
  ``extract(bytes, url=..., include_comments=False)``, its documented way to leave comments out;
  the gold of the sets is the article without its comments, and maintext's ``auto`` leaves them
  out too);
* trafilatura, readability-lxml and jusText take bytes and decode them themselves;
* resiliparse: its own ``detect_encoding`` + ``bytes_to_str``;
* goose3, newspaper4k, boilerpy3 and GNE only take ``str``: they get the bytes decoded by
  maintext's decoder (``maintext.io.decode.decode_html``, the same code maintext uses), inside
  the timed call;
* maintext: ``maintext.extract(bytes, method=..., url=...)`` (decoding, parsing, metadata,
  extraction);
* the floor (``lxml-floor``): maintext's decoding + ``lxml.html.document_fromstring``, the
  least any lxml-based extractor does; it has no text output and no F1.

Where a system returns HTML (readability) its conversion to text is timed too. Each
(system, dataset) pair runs in a fresh Python process started the same way, sequentially
(one core, one page at a time); building the extractor object and one untimed warm-up call
on the first page happen before the clock starts (lazy imports and caches are not counted
for anyone); ``--repeat N`` times N passes and keeps the fastest (default 3 with
``--speed-only``, else 1). A page that raises or exceeds ``--page-timeout`` gets empty output
and counts as an error. The gold ``url`` is passed to the systems that take one.

Outputs in OUT/<system>/: ``<set>.jsonl`` (predictions, re-scorable with
``shared/bench/score.py``) and ``<set>.timing.json``; ``OUT/summary.md`` holds the tables.
Scores come from :mod:`maintext.evaluation` (the same numbers as score.py).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Callable

from maintext import evaluation as ev
from maintext.evaluation import BenchPage

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATASETS = REPO.parent / "shared" / "datasets"
ALL_SETS = ("cleaneval-dev", "big9-2005", "big9-2009", "gne-cn", "aeb", "trafilatura", "dragnet")
FLOOR = "lxml-floor"
SPEED_SETS = ("aeb",)

Extractor = Callable[[BenchPage], str]


# ----------------------------------------------------------------------------- shared helpers


def decode(raw: bytes) -> str:
    """The decoding given to systems that only accept str (maintext's own decoder)."""
    from maintext.io.decode import decode_html

    return decode_html(raw)[0]


# Block elements after which a line break goes when HTML output is turned into text.
_BLOCK_TAGS = frozenset("p div br li ul ol h1 h2 h3 h4 h5 h6 tr table blockquote pre section article "
                        "header footer dd dt dl figure figcaption".split())


def html_fragment_text(fragment: str) -> str:
    """Text of an HTML fragment with a newline after each block element (so that words of
    adjacent paragraphs are not glued together)."""
    import lxml.html

    if not fragment.strip():
        return ""
    root = lxml.html.fromstring(fragment)
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag in _BLOCK_TAGS:
            el.tail = "\n" + (el.tail or "")
    return root.text_content().strip()


# jusText stoplist names for the gold `lang` codes of the datasets. Chinese and Japanese
# have no stoplist (and no spaces between words): for them jusText runs in its
# language-independent mode (empty stoplist, stopword thresholds 0), which is what jusText's
# own command line switches to when given no stoplist.
_JUSTEXT_LANGS = {
    "en": "English", "de": "German", "fr": "French", "es": "Spanish", "pt": "Portuguese",
    "it": "Italian", "ru": "Russian", "pl": "Polish", "cs": "Czech", "nl": "Dutch",
    "id": "Indonesian", "ko": "Korean", "tr": "Turkish", "uk": "Ukrainian", "sv": "Swedish",
}
_NO_STOPLIST = frozenset({"zh", "ja"})


# ----------------------------------------------------------------------------- the systems
# Each factory imports its package and builds what can be built once (not timed), and
# returns the per-page call (timed).


def make_trafilatura(**kwargs) -> Extractor:
    """trafilatura's documented call for the main content: ``extract(downloaded,
    include_comments=False)`` (quickstart, "discard potential comments"; also what its own
    evaluation, tests/comparison.py, runs). The default, ``include_comments=True``, appends the
    page's comments to the text: dragnet F1 0.839 instead of 0.908, aeb 0.954 instead of
    0.961, cleaneval-dev 0.811 instead of 0.802 (its gold keeps some comments)."""
    import trafilatura

    def run(page: BenchPage) -> str:
        return trafilatura.extract(page.raw, url=page.url, include_comments=False, **kwargs) or ""

    return run


def make_trafilatura_precision() -> Extractor:
    return make_trafilatura(favor_precision=True)


def make_readability() -> Extractor:
    from readability import Document

    def run(page: BenchPage) -> str:
        return html_fragment_text(Document(page.raw, url=page.url).summary(html_partial=True))

    return run


def make_justext() -> Extractor:
    import justext

    stoplists: dict[str, frozenset] = {}

    def stoplist(lang: str | None) -> frozenset:
        name = _JUSTEXT_LANGS.get((lang or "").lower()[:2], "English")
        if name not in stoplists:
            stoplists[name] = justext.get_stoplist(name)
        return stoplists[name]

    def run(page: BenchPage) -> str:
        lang = (page.lang or "").lower()[:2]
        if lang in _NO_STOPLIST:
            paragraphs = justext.justext(page.raw, frozenset(), stopwords_low=0, stopwords_high=0)
        else:
            paragraphs = justext.justext(page.raw, stoplist(lang))
        return "\n".join(p.text for p in paragraphs if not p.is_boilerplate)

    return run


# goose3 needs a special stopword class for scripts without spaces (and Arabic); the gold
# `lang` picks it, as a user who knows the site's language would.
_GOOSE_STOPWORDS = {"zh": "StopWordsChinese", "ja": "StopWordsJapanese", "ko": "StopWordsKorean",
                    "ar": "StopWordsArabic"}


def make_goose3() -> Extractor:
    import goose3.text
    from goose3 import Goose

    plain = Goose({"enable_image_fetching": False, "http_timeout": 1})
    special: dict[str, Goose] = {}

    def goose_for(lang: str) -> Goose:
        if lang not in _GOOSE_STOPWORDS:
            return plain
        if lang not in special:
            special[lang] = Goose({"enable_image_fetching": False, "http_timeout": 1, "target_language": lang,
                                   "use_meta_language": False,
                                   "stopwords_class": getattr(goose3.text, _GOOSE_STOPWORDS[lang])})
        return special[lang]

    def run(page: BenchPage) -> str:
        goose = goose_for((page.lang or "").lower()[:2])
        return goose.extract(url=page.url, raw_html=decode(page.raw)).cleaned_text or ""

    return run


def make_newspaper() -> Extractor:
    import newspaper
    from newspaper.languages import get_available_languages

    known = set(get_available_languages())

    def parse(page: BenchPage, html: str, lang: str | None) -> str:
        article = newspaper.Article(page.url or "http://localhost/", fetch_images=False,
                                    follow_meta_refresh=False, language=lang)
        article.download(input_html=html)
        article.parse()
        return article.text or ""

    def run(page: BenchPage) -> str:
        lang = (page.lang or "").lower()[:2]
        html = decode(page.raw)
        try:
            return parse(page, html, lang if lang in known else None)
        except ImportError:
            # Chinese needs jieba (``pip install newspaper4k[zh]``, as its docs say; install it);
            # Korean and Japanese need optional tokenizers (nltk data, tinysegmenter) that
            # cannot be set up offline: such pages are parsed as English, as a user would.
            return parse(page, html, "en")

    return run


def make_boilerpy3() -> Extractor:
    from boilerpy3 import extractors

    extractor = extractors.ArticleExtractor(raise_on_failure=False)

    def run(page: BenchPage) -> str:
        return extractor.get_content(decode(page.raw)) or ""

    return run


def make_resiliparse() -> Extractor:
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.encoding import bytes_to_str, detect_encoding

    def run(page: BenchPage) -> str:
        html = bytes_to_str(page.raw, detect_encoding(page.raw))
        return extract_plain_text(html, main_content=True)

    return run


def make_gne() -> Extractor:
    from gne import GeneralNewsExtractor

    extractor = GeneralNewsExtractor()

    def run(page: BenchPage) -> str:
        return extractor.extract(decode(page.raw))["content"] or ""

    return run


_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*>")


def make_floor() -> Extractor:
    import lxml.html

    def run(page: BenchPage) -> str:
        html = decode(page.raw)
        try:
            lxml.html.document_fromstring(html)
        except ValueError:  # lxml refuses str input with an XML encoding declaration
            lxml.html.document_fromstring(_XML_DECLARATION.sub("", html, count=1))
        return ""

    return run


def make_maintext(method: str) -> Callable[[], Extractor]:
    def factory() -> Extractor:
        import maintext

        def run(page: BenchPage) -> str:
            return maintext.extract(page.raw, method=method, url=page.url).text

        return run

    return factory


@dataclass(frozen=True)
class System:
    name: str
    dist: str  # distribution whose version is reported (and that must be installed)
    factory: Callable[[], Extractor]
    note: str


PEERS: tuple[System, ...] = (
    System("trafilatura", "trafilatura", make_trafilatura, "extract(bytes, url, include_comments=False)"),
    System("trafilatura-precision", "trafilatura", make_trafilatura_precision,
           "extract(bytes, url, include_comments=False, favor_precision=True)"),
    System("readability", "readability-lxml", make_readability, "Document(bytes).summary() -> text"),
    System("justext", "justext", make_justext, "stoplist of the gold lang (English fallback; zh/ja: no stoplist)"),
    System("goose3", "goose3", make_goose3, "Goose().extract(raw_html=str).cleaned_text; CJK/Arabic stopwords by gold lang"),
    System("newspaper4k", "newspaper4k", make_newspaper, "Article(language=gold lang).download(input_html=str) + parse()"),
    System("boilerpy3", "boilerpy3", make_boilerpy3, "ArticleExtractor.get_content(str)"),
    System("resiliparse", "resiliparse", make_resiliparse, "extract_plain_text(main_content=True)"),
    System("gne", "gne", make_gne, "GeneralNewsExtractor().extract(str)['content']"),
    System(FLOOR, "lxml", make_floor, "decode + lxml.html.document_fromstring only (speed floor)"),
)


def maintext_system(method: str) -> System:
    return System(f"maintext:{method}", "maintext", make_maintext(method), f"maintext.extract(method={method!r})")


def installed(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def find_system(name: str) -> System:
    if name.startswith("maintext:"):
        return maintext_system(name.split(":", 1)[1])
    for system in PEERS:
        if system.name == name:
            return system
    raise SystemExit(f"unknown system {name!r}; known: {', '.join(s.name for s in PEERS)}, maintext:<method>")


# ----------------------------------------------------------------------------- worker (one process per system x set)


class PageTimeout(Exception):
    pass


def with_timeout(func: Extractor, seconds: float) -> Extractor:
    def on_alarm(signum, frame):
        raise PageTimeout(f"page took longer than {seconds:g} s")

    signal.signal(signal.SIGALRM, on_alarm)

    def run(page: BenchPage) -> str:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return func(page)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    return run


def run_worker(args: argparse.Namespace) -> int:
    system = find_system(args.worker)
    dataset = Path(args.datasets) / args.worker_set
    gold, pages = ev.load_pages(dataset, args.limit)
    func = with_timeout(system.factory(), args.page_timeout)
    ev.warm_up(func, pages)  # lazy imports, caches, first-call set-up are nobody's per-page cost
    run = ev.time_extractor(pages, func)
    for _ in range(args.repeat - 1):  # best of N passes: the least disturbed by other processes
        again = ev.time_extractor(pages, func)
        if again.seconds < run.seconds:
            run = again
    folder = Path(args.out) / system.name
    folder.mkdir(parents=True, exist_ok=True)
    ev.write_predictions(folder / f"{args.worker_set}.jsonl", run.predictions)
    timing = {"system": system.name, "set": args.worker_set, "pages": len(pages), "seconds": run.seconds,
              "errors": run.errors, "error_examples": run.error_examples, "version": installed(system.dist),
              "note": system.note, "limit": args.limit, "repeat": args.repeat, "python": sys.version.split()[0],
              "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    (folder / f"{args.worker_set}.timing.json").write_text(json.dumps(timing, indent=1), encoding="utf-8")
    print(f"{system.name:<24} {args.worker_set:<14} {len(pages):5d} pages {run.seconds:8.2f} s "
          f"{run.errors:3d} errors", file=sys.stderr, flush=True)
    return 0


def spawn_worker(system: str, dataset: str, args: argparse.Namespace) -> bool:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", system, "--worker-set", dataset,
           "--out", str(args.out), "--datasets", str(args.datasets), "--page-timeout", str(args.page_timeout)]
    if args.limit is not None:
        cmd += ["--limit", str(args.limit)]
    cmd += ["--repeat", str(args.repeat)]
    # one thread for numerical libraries too: every system gets one core
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1",
               PYTHONWARNINGS="ignore")
    done = subprocess.run(cmd, env=env)
    if done.returncode != 0:
        print(f"  {system} on {dataset}: worker exited with {done.returncode}", file=sys.stderr)
    return done.returncode == 0


# ----------------------------------------------------------------------------- report


@dataclass
class Result:
    system: str
    dataset: str
    pages: int
    seconds: float
    errors: int
    f1: float | None
    precision: float | None
    recall: float | None
    version: str | None

    @property
    def pages_per_s(self) -> float:
        return self.pages / self.seconds if self.seconds > 0 else float("inf")


def load_result(out: Path, system: str, dataset: str, datasets_root: Path) -> Result | None:
    pred_file = out / system / f"{dataset}.jsonl"
    timing_file = out / system / f"{dataset}.timing.json"
    if not (pred_file.is_file() and timing_file.is_file()):
        return None
    timing = json.loads(timing_file.read_text(encoding="utf-8"))
    with open(pred_file, encoding="utf-8") as fh:
        preds = {str(r["id"]): r.get("text") or "" for r in map(json.loads, fh) if r}
    f1 = precision = recall = None
    if system != FLOOR:
        gold = [g for g in ev.read_gold(datasets_root / dataset) if g["id"] in preds]
        head = ev.headline(ev.score_gold(gold, preds))
        f1, precision, recall = head["f1"], head["precision"], head["recall"]
    return Result(system, dataset, timing["pages"], timing["seconds"], timing["errors"], f1, precision, recall,
                  timing.get("version"))


def fmt(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def report(results: dict[tuple[str, str], Result], systems: list[str], sets: list[str]) -> str:
    present_sets = [d for d in sets if any((s, d) in results for s in systems)]
    scored = [s for s in systems if s != FLOOR and any((s, d) in results for d in present_sets)]
    parts = []

    full = {d: max(r.pages for (s, dd), r in results.items() if dd == d and s in systems) for d in present_sets}

    def f1_cell(s: str, d: str) -> str:
        if (s, d) not in results:
            return ""
        r = results[(s, d)]
        return fmt(r.f1) + ("" if r.pages == full[d] else f" ({r.pages} pages)")

    rows = [[s] + [f1_cell(s, d) for d in present_sets] for s in scored]
    parts.append("F1 (shingle F1; trafilatura set: with/without F-score)\n\n"
                 + markdown_table(["system"] + [f"{d} ({full[d]})" for d in present_sets], rows))

    rows = [[s] + [f"{fmt(results[(s, d)].precision, 2)}/{fmt(results[(s, d)].recall, 2)}"
                   if (s, d) in results else "" for d in present_sets] for s in scored]
    parts.append("Precision/recall\n\n" + markdown_table(["system"] + present_sets, rows))

    timed = [s for s in systems if any((s, d) in results for d in present_sets)]
    rows = []
    for s in timed:
        cells = [f"{results[(s, d)].seconds:.1f}" if (s, d) in results else "" for d in present_sets]
        mine = [results[(s, d)] for d in present_sets if (s, d) in results]
        total_pages = sum(r.pages for r in mine)
        total_s = sum(r.seconds for r in mine)
        errors = sum(r.errors for r in mine)
        rows.append([s] + cells + [f"{total_pages / total_s:.1f}" if total_s else "-", str(errors)])
    parts.append("Seconds per set (extraction incl. decoding, one core), overall pages/s, errors\n\n"
                 + markdown_table(["system"] + present_sets + ["pages/s", "errors"], rows))

    parts.append(speed_ratios(results, systems, present_sets))
    versions = sorted({(r.system, r.version) for r in results.values() if r.system in systems})
    parts.append("Versions: " + ", ".join(f"{s} {v}" for s, v in versions))
    return "\n\n".join(parts)


def speed_ratios(results: dict[tuple[str, str], Result], systems: list[str], sets: list[str]) -> str:
    """maintext pages/s against trafilatura and against the lxml floor, on the sets all three ran."""
    lines = ["Speed ratios (pages/s over the sets where both ran; >1 = maintext faster)"]
    for mt in [s for s in systems if s.startswith("maintext:")]:
        for other, label in (("trafilatura", "vs trafilatura"), (FLOOR, "vs lxml floor (decode+parse)")):
            common = [d for d in sets if (mt, d) in results and (other, d) in results]
            if not common:
                continue
            a = sum(results[(mt, d)].pages for d in common) / sum(results[(mt, d)].seconds for d in common)
            b = sum(results[(other, d)].pages for d in common) / sum(results[(other, d)].seconds for d in common)
            per_set = ", ".join(f"{d} {results[(mt, d)].pages_per_s / results[(other, d)].pages_per_s:.2f}"
                                for d in common)
            lines.append(f"  {mt} {label}: {a:.1f} / {b:.1f} pages/s = {a / b:.2f}x   ({per_set})")
    if len(lines) == 1:
        lines.append("  (no maintext run next to trafilatura or the floor)")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- main


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--out", required=True, help="folder for predictions, timings and summary.md")
    ap.add_argument("--datasets", default=str(DEFAULT_DATASETS), help="folder holding the dataset folders")
    ap.add_argument("--sets", default=",".join(ALL_SETS), help="comma-separated dataset names")
    ap.add_argument("--limit", type=int, help="first N pages of each set")
    ap.add_argument("--systems", help="comma-separated peers (default: all installed); 'none' for no peer")
    ap.add_argument("--maintext-methods", help="comma-separated maintext methods, 'none' for none "
                                               "(default: auto if registered, else every registered method)")
    ap.add_argument("--skip-existing", action="store_true", help="do not re-run a system x set already in OUT")
    ap.add_argument("--report-only", action="store_true", help="run nothing; score and print what OUT holds")
    ap.add_argument("--speed-only", action="store_true",
                    help="only trafilatura, the maintext methods and the lxml floor, on aeb (unless --sets)")
    ap.add_argument("--page-timeout", type=float, default=60.0, help="seconds per page before it counts as error")
    ap.add_argument("--repeat", type=int, help="time each system x set N times and keep the fastest pass "
                                               "(default 1; 3 with --speed-only)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--worker-set", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.speed_only and "--sets" not in (argv or sys.argv):
        args.sets = ",".join(SPEED_SETS)
    if args.repeat is None:
        args.repeat = 3 if args.speed_only else 1
    args.repeat = max(1, args.repeat)
    return args


def choose_systems(args: argparse.Namespace) -> list[str]:
    import maintext

    registered = [m.name for m in maintext.methods()]
    if args.maintext_methods:
        methods = [m for m in args.maintext_methods.split(",") if m and m != "none"]
        unknown = [m for m in methods if m not in registered]
        if unknown:
            print(f"note: maintext methods not registered, skipped: {', '.join(unknown)} "
                  f"(registered: {', '.join(registered)})", file=sys.stderr)
        methods = [m for m in methods if m in registered]
    else:
        methods = ["auto"] if "auto" in registered else registered
    if args.speed_only:
        peers = ["trafilatura", FLOOR]
    elif args.systems:
        peers = [] if args.systems == "none" else [s for s in args.systems.split(",") if s]
    else:
        peers = [s.name for s in PEERS]
    chosen = []
    for name in peers:
        system = find_system(name)
        if installed(system.dist) is None:
            print(f"note: {name} skipped: {system.dist} is not installed (pip install {system.dist})",
                  file=sys.stderr)
            continue
        chosen.append(name)
    return chosen + [f"maintext:{m}" for m in methods]


def report_order(names: list[str]) -> list[str]:
    """Peers in their table order, then the maintext methods; duplicates dropped."""
    peer_order = {s.name: i for i, s in enumerate(PEERS)}
    unique = list(dict.fromkeys(names))
    peers = sorted((n for n in unique if n in peer_order), key=peer_order.get)
    return peers + [n for n in unique if n.startswith("maintext:")]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        return run_worker(args)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sets = [d for d in args.sets.split(",") if d]
    root = Path(args.datasets)
    missing = [d for d in sets if not (root / d / "gold.jsonl").is_file()]
    if missing:
        print(f"note: datasets not found under {root}, skipped: {', '.join(missing)}", file=sys.stderr)
        sets = [d for d in sets if d not in missing]
    systems = choose_systems(args)
    if not args.report_only:
        for dataset in sets:  # set-major: every system finishes the small sets first
            for system in systems:
                if args.skip_existing and (out / system / f"{dataset}.timing.json").is_file():
                    continue
                spawn_worker(system, dataset, args)
    if not args.speed_only:  # the table shows every system OUT holds, not only those just run
        systems = report_order(systems + [p.name for p in out.iterdir() if p.is_dir()])
    results = {}
    for system in systems:
        for dataset in sets:
            r = load_result(out, system, dataset, root)
            if r is not None:
                results[(system, dataset)] = r
    text = report(results, systems, sets)
    print(text)
    (out / ("speed.md" if args.speed_only else "summary.md")).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
