"""The ``maintext`` command line: extract, batch, anchors, plot, methods, bench.

Errors on bad input are printed as one line on stderr (``maintext: error: ...``) with a
non-zero exit status, never as a traceback: status 1 for input maintext rejects
(:class:`~maintext.errors.MaintextError`, or a file that cannot be read or written), 2 for
a usage error (click's own, or an output path that cannot be used), 3 for an unexpected
failure (a bug: please report it).
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from .errors import MaintextError

F = TypeVar("F", bound=Callable[..., Any])

EXIT_INPUT = 1
EXIT_USAGE = 2
EXIT_UNEXPECTED = 3


def _default_method() -> str:
    from .api import DEFAULT_METHOD

    return DEFAULT_METHOD


def check_output_file(path: Path | None) -> None:
    """Refuse, before any work, an output file that cannot be written: a folder, or a
    file in a folder that does not exist (a usage error, exit status 2)."""
    if path is None or str(path) == "-":
        return
    if path.is_dir():
        _fail(f"-o {path}: is a folder; give a file name", EXIT_USAGE)
    parent = path.parent
    if not parent.is_dir():
        _fail(f"-o {path}: folder {parent} does not exist", EXIT_USAGE)


def _fail(message: str, code: int) -> None:
    click.echo("maintext: error: " + " ".join(message.split()), err=True)
    sys.exit(code)


def one_line_errors(func: F) -> F:
    """Turn any exception of a command into one line on stderr and an exit status."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        except BrokenPipeError:  # output piped into `head`: not an error
            sys.stderr.close()
            sys.exit(0)
        except MaintextError as exc:
            _fail(str(exc) or type(exc).__name__, EXIT_INPUT)
        except OSError as exc:  # a file that cannot be read or written: say which and why
            name = exc.filename if exc.filename is not None else ""
            _fail(f"{name}: {exc.strerror or exc}" if name else str(exc), EXIT_INPUT)
        except Exception as exc:  # noqa: BLE001 - the promise: no tracebacks
            _fail(f"{type(exc).__name__}: {exc}", EXIT_UNEXPECTED)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="maintext")
def main() -> None:
    """Extract the main text (正文) and structure of web pages."""


# ----------------------------------------------------------------------------- extraction options

def _fields_arg(ctx: Any, param: Any, value: str | None) -> tuple[str, ...] | None:
    from .output.fields import parse_fields

    try:
        return parse_fields(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def extraction_options(func: F) -> F:
    """The options that choose what is extracted and what a result holds, shared by
    `extract` and `batch` (each maps to an Options field)."""
    opts = [
        click.option("--fields", "fields", default=None, callback=_fields_arg, metavar="LIST",
                     help="Comma-separated fields of each record: text, markdown, html, blocks, "
                          "metadata, links, comments (only those are computed; default: the "
                          "usual record)."),
        click.option("--favor-precision", "precision", is_flag=True,
                     help="Keep less: no widening of the text region, stricter link limits."),
        click.option("--favor-recall", "recall", is_flag=True,
                     help="Keep more: no trimming of trailing lines, looser link limits."),
        click.option("--tables/--no-tables", default=True, show_default=True,
                     help="Keep the text of tables."),
        click.option("--images", is_flag=True,
                     help="Images in markdown/html output (figures kept with their captions)."),
        click.option("--inline-links", is_flag=True,
                     help="Links inside the text of markdown/html output."),
        click.option("--formatting", is_flag=True, help="Bold and italic in markdown/html output."),
        click.option("--comments", is_flag=True,
                     help="Also extract readers' comments, apart from the text (the comments field)."),
        click.option("--headline/--no-headline", default=False, show_default=True,
                     help="Keep the <h1> headline in the text (it is always in the headline field)."),
    ]
    for opt in reversed(opts):
        func = opt(func)
    return func


def _extraction_overrides(fields: tuple[str, ...] | None, precision: bool, recall: bool, tables: bool,
                          images: bool, inline_links: bool, formatting: bool, comments: bool,
                          headline: bool) -> dict[str, Any]:
    """Options overrides of the extraction options."""
    if precision and recall:
        raise click.UsageError("--favor-precision and --favor-recall exclude each other")
    return {
        "include_images": images, "include_links": inline_links, "include_formatting": formatting,
        "with_comments": comments or bool(fields and "comments" in fields),
        "auto": {"favor_precision": precision, "favor_recall": recall, "include_tables": tables,
                 "include_headline": headline},
    }


# ----------------------------------------------------------------------------- extract

@main.command()
@click.argument("source")
@click.option("--method", "-m", default=None, help="Extraction method (see `maintext methods`); default: auto.")
@click.option("--format", "fmt", type=click.Choice(["txt", "json", "markdown", "html", "blocks"]),
              default="txt", show_default=True,
              help="Output format (json with --fields: the record of those fields; blocks: the typed blocks "
                   "as JSON; html with --explain: the page with every block outlined by decision, one file).")
@click.option("--url", default=None, help="URL of the page (resolves relative links).")
@click.option("--explain", is_flag=True, help="Show why each block was kept or dropped "
              "(in the JSON output, on stderr for txt/markdown).")
@click.option("-o", "--output", type=click.Path(path_type=Path),
              default=None, help="Write to FILE instead of stdout.")
@click.option("--links/--no-links", default=True, show_default=True, help="Collect the page's links.")
@click.option("--site-page", "site_pages", multiple=True, metavar="OTHER",
              help="Another page of the same site (file or URL; repeat for more): methods that "
                   "remove the site's template (dompath) compare the page with them.")
@click.option("--timeout", type=click.FloatRange(min=0), default=30.0, show_default=True,
              help="Give up on the page after this many seconds (0: no limit).")
@click.option("--allow-private", is_flag=True,
              help="Online mode: allow hosts on loopback, private or link-local addresses (refused by default).")
@click.option("--siblings", type=click.IntRange(min=0), default=None, metavar="K",
              help="A page given by URL without --site-page: fetch up to K same-site pages from its links for "
                   "dompath/lcs (default 2; 0: never).")
@click.option("--site-store", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="SQLite site template store: reuse what was learned about a site instead of fetching siblings.")
@click.option("--reference-time", default=None, metavar="ISO",
              help="When the page was fetched (ISO 8601, e.g. 2026-11-23T08:00:00Z): relative dates "
                   "such as 'yesterday' or 'vor 3 Tagen' are resolved against it.")
@extraction_options
@one_line_errors
def extract(source: str, method: str | None, fmt: str, url: str | None, explain: bool,
            output: Path | None, links: bool, site_pages: tuple[str, ...], allow_private: bool,
            siblings: int | None, site_store: Path | None, fields: tuple[str, ...] | None,
            timeout: float = 30.0, reference_time: str | None = None, **extraction: Any) -> None:
    """Extract one page. SOURCE is a file (.html, .htm, .html.gz), an http(s) URL, or - for stdin."""
    from .options import make_options
    from .output.fields import options_for_fields
    from .output.formats import render

    check_output_file(output)
    src = _source_arg(source)
    others = [_source_arg(other, stdin=False) for other in site_pages]
    options = make_options(None, explain=explain, with_links=links, allow_private=allow_private,
                           page_timeout=timeout or None, **_extraction_overrides(fields, **extraction))
    options = options_for_fields(options, fields)
    if reference_time:
        options = options.updated(metadata={"reference_time": reference_time})
    if fmt == "html" and explain:  # the annotated view (maintext.serve.viewer)
        return _write_explain_view(src, url, method or _default_method(), output, options)
    if others:
        page = _extract_with_site_pages(src, others, url, method or _default_method(), options)
    else:
        from .api import extract as extract_page

        if siblings is not None or site_store is not None:
            site: dict[str, Any] = {} if siblings is None else {"fetch_siblings": siblings}
            if site_store is not None:
                site["store_path"] = str(site_store)
            options = options.updated(site=site)
        page = extract_page(src, url=url, method=method or _default_method(), options=options)
    text = render(page, fmt, with_explain=explain, options=options, fields=fields)
    if explain and fmt != "json" and page.explain:
        import json

        for decision in page.explain:
            click.echo(json.dumps(decision, ensure_ascii=False), err=True)
    if not page.text and page.reason:
        click.echo(f"maintext: no main text: {page.reason}", err=True)
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")


def _write_explain_view(src: Any, url: str | None, method: str, output: Path | None, options: Any) -> None:
    """``extract --explain --format html``: the page with every block outlined, one file."""
    from .serve.viewer import explain_html

    text = explain_html(src, url=url, method=method, options=options)
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")


def _source_arg(source: str, *, stdin: bool = True) -> Any:
    """A command-line page argument as a source for the loader: a Path, an http(s) URL,
    or for "-" the bytes of standard input."""
    from .io.loading import looks_like_url, read_stdin
    from .options import Options

    if source == "-" and stdin:
        return read_stdin(Options().max_input_bytes)
    if looks_like_url(source):
        return source
    if not Path(source).exists():
        raise MaintextError(f"no such file: {source}")
    if Path(source).is_dir():
        raise MaintextError(f"{source} is a folder; use `maintext batch` for folders")
    return Path(source)


def _extract_with_site_pages(src: Any, others: list[Any], url: str | None, method: str,
                             options: Any) -> Any:
    """One page with other pages of its site (within ``options.page_timeout``)."""
    from .api import extract_document, load_document
    from .registry import get_method
    from .site.group import attach_site_pages
    from .timelimit import time_limit

    get_method(method)
    with time_limit(options.page_timeout):
        doc = load_document(src, url=url, options=options)
        attach_site_pages(doc, others, lambda other: load_document(other, options=options))
        return extract_document(doc, method)


# ----------------------------------------------------------------------------- serve

@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Server processes (each runs its own extraction workers).")
@click.option("--concurrency", type=click.IntRange(min=1), default=1, show_default=True,
              help="Extractions at once per server process.")
@click.option("--executor", type=click.Choice(["process", "thread"]), default="process", show_default=True,
              help="Run extractions in worker processes (killable at the time limit) or threads.")
@click.option("--timeout", type=click.FloatRange(min=0), default=20.0, show_default=True,
              help="Per-request time limit in seconds (0: none).")
@click.option("--max-body", type=click.IntRange(min=1), default=8 * 1024 * 1024, show_default=True,
              help="Largest request body in bytes.")
@click.option("--max-queue", type=click.IntRange(min=0), default=64, show_default=True,
              help="Requests waiting per server process before 503.")
@click.option("--body-timeout", type=click.FloatRange(min=0), default=30.0, show_default=True,
              help="Seconds to receive a request body (0: none).")
@click.option("--api-key", envvar="MAINTEXT_API_KEY", default="", help="Require this key "
              "(X-API-Key header or Authorization: Bearer) on /extract and /batch; env MAINTEXT_API_KEY.")
@click.option("--allow-private", is_flag=True, help="Fetch URLs on loopback/private addresses (local use only).")
@one_line_errors
def serve(host: str, port: int, workers: int, concurrency: int, executor: str, timeout: float,
          max_body: int, max_queue: int, body_timeout: float, api_key: str, allow_private: bool) -> None:
    """Run the HTTP service and the web page (needs the 'serve' extra: pip install maintext[serve])."""
    try:
        from .serve import Settings, run
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise MaintextError(f"the serve command needs the 'serve' extra (pip install 'maintext[serve]'): {exc}")
    settings = Settings(max_body_bytes=max_body, timeout=timeout, concurrency=concurrency,
                        max_queue=max_queue, body_timeout=body_timeout, executor=executor, api_key=api_key,
                        allow_private=allow_private)
    settings.examples_dir = Settings.from_env({}).examples_dir
    run(settings, host=host, port=port, workers=workers)


# ----------------------------------------------------------------------------- batch

@main.command()
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@click.option("--method", "-m", default=None, help="Extraction method; default: auto.")
@click.option("--urls", "urls_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Online mode: a file with one URL (or 'ID URL') per line.")
@click.option("-o", "--output", "out", type=click.Path(path_type=Path), required=True,
              help="JSONL file (default), Parquet file (.parquet), or folder with --output-format folder.")
@click.option("--format", "--output-format", "fmt", type=click.Choice(["jsonl", "parquet", "folder"]),
              default=None, help="Output format (default: parquet for a .parquet output, else jsonl).")
@click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="local: a process pool on this machine; dask: Dask distributed (needs the 'dask' extra).")
@click.option("--scheduler", default=None, metavar="ADDR",
              help="--engine dask: address of a running Dask scheduler (default: start a LocalCluster).")
@click.option("--workers", "-j", type=click.IntRange(min=0), default=0,
              help="Worker processes (0: one per CPU).")
@click.option("--in-process", is_flag=True, help="Extract in this process, no pool (for profiling; "
              "no memory limit, no hard kill, only the timer); with --engine dask: in the Dask "
              "workers themselves (workers that may not start processes).")
@click.option("--timeout", type=click.FloatRange(min=0), default=30.0, show_default=True,
              help="Per-page extraction time limit in seconds (0: none).")
@click.option("--max-memory", type=click.IntRange(min=0), default=2048, show_default=True,
              help="Per-worker memory (address space) limit in MB (0: none).")
@click.option("--resume/--no-resume", default=True, show_default=True,
              help="Skip pages already in the output and append (or start over).")
@click.option("--limit", type=click.IntRange(min=0), default=None, help="Process at most N pages.")
@click.option("--no-progress", is_flag=True, help="No progress bar (there is none when stderr is not a terminal).")
@click.option("--links/--no-links", default=True, show_default=True,
              help="Record each page's links (most of the output's size).")
@click.option("--anchors/--no-anchors", default=True, show_default=True,
              help="After the batch, fill each record's incoming_anchors from the crawl's links.")
@click.option("--link-db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="SQLite file of the link index (default: OUTPUT.links.sqlite).")
@click.option("--hygiene/--no-hygiene", default=True, show_default=True,
              help="Detect each page's language (lang) and flag near-duplicates (duplicate_of).")
@click.option("--dedup", is_flag=True, help="Drop near-duplicate pages (the first of each group stays); "
              "without it they are only flagged with duplicate_of.")
@click.option("--partition-pages", type=click.IntRange(min=1), default=64, show_default=True,
              help="Pages per partition (a Dask task; a Parquet row group).")
@click.option("--fetch-timeout", type=click.FloatRange(min=0.1), default=20.0, show_default=True,
              help="Online mode: HTTP timeout in seconds.")
@click.option("--retries", type=click.IntRange(min=0), default=2, show_default=True,
              help="Online mode: retries of a failed fetch.")
@click.option("--per-host", type=click.IntRange(min=1), default=2, show_default=True,
              help="Online mode: concurrent requests to one host.")
@click.option("--fetch-threads", type=click.IntRange(min=1), default=8, show_default=True,
              help="Online mode: concurrent requests in all.")
@click.option("--site-pages", type=click.IntRange(min=0), default=0, show_default=True, metavar="K",
              help="Compare each page with up to K other pages of its site (sites from the URLs, or "
                   "for saved pages the canonical/og:url they declare), for methods that remove the "
                   "site's template (dompath); pages alone on their site are extracted alone.")
@click.option("--allow-private", is_flag=True,
              help="Online mode: allow hosts on loopback, private or link-local addresses (refused by default).")
@click.option("--fetch-deadline", type=click.FloatRange(min=0.1), default=60.0, show_default=True,
              help="Online mode: total seconds for one page's fetch (retries and redirects included).")
@click.option("--sitemap", "sitemaps", multiple=True, metavar="URL",
              help="Pages listed by a sitemap (XML, index, .gz, text), a robots.txt's Sitemap: lines, or a site root.")
@click.option("--feed", "feeds", multiple=True, metavar="URL", help="Pages linked by an RSS or Atom feed.")
@click.option("--crawl", "crawl_starts", multiple=True, metavar="URL",
              help="Crawl from URL politely (robots.txt, per-host delay, same host); resumable.")
@click.option("--crawl-db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="SQLite frontier of --crawl (default: OUTPUT.crawl.sqlite; rerun to resume).")
@click.option("--max-pages", type=click.IntRange(min=1), default=None, help="--crawl: pages at most (default 1000).")
@click.option("--max-depth", type=click.IntRange(min=0), default=None, help="--crawl: link hops at most (default 3).")
@click.option("--crawl-delay", type=click.FloatRange(min=0), default=None,
              help="--crawl: seconds between requests to one host (default 1; robots.txt Crawl-delay wins).")
@click.option("--all-hosts", is_flag=True, help="--crawl: follow links to other hosts too.")
@click.option("--siblings", type=click.IntRange(min=0), default=0, show_default=True, metavar="K",
              help="Online pages: fetch up to K same-site pages from each page's links for dompath/lcs "
                   "(with --site-store, once per site template).")
@click.option("--site-store", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="SQLite site template store shared by the workers (see --siblings).")
@extraction_options
@one_line_errors
def batch(inputs: tuple[Path, ...], method: str | None, urls_file: Path | None, out: Path, fmt: str | None,
          engine: str, scheduler: str | None, workers: int, in_process: bool, timeout: float,
          max_memory: int, resume: bool, limit: int | None, no_progress: bool, links: bool, anchors: bool,
          link_db: Path | None, hygiene: bool, dedup: bool, partition_pages: int, fetch_timeout: float, retries: int,
          per_host: int, fetch_threads: int, site_pages: int, allow_private: bool = False,
          sitemaps: tuple[str, ...] = (), feeds: tuple[str, ...] = (), crawl_starts: tuple[str, ...] = (),
          crawl_db: Path | None = None, max_pages: int | None = None, max_depth: int | None = None,
          crawl_delay: float | None = None, all_hosts: bool = False, siblings: int = 0,
          site_store: Path | None = None, fetch_deadline: float = 60.0, fields: tuple[str, ...] | None = None,
          **extraction: Any) -> None:
    """Extract many pages: folders of HTML (searched recursively), WARC archives, and/or --urls FILE.

    Writes one record per page (Page fields plus "id", "lang", "duplicate_of",
    "incoming_anchors"; failures as {"id", "error", "text": ""}) as JSON lines, Parquet, or
    with --output-format folder one text file per page plus index.jsonl. Offline ids are
    file names without .html/.htm/.html.gz; online ids are the URLs as written (or the ID of
    an 'ID URL' line); pages of a WARC file (.warc, .warc.gz; needs the 'warc' extra) are its
    2xx HTML responses, with their WARC-Record-ID as id.

    Exit status: 0 when every page gave a record without error, 4 when the batch finished
    but some pages failed (their records say why), 1 for rejected input, 3 for an
    unexpected failure.
    """
    from .batch.run import EXIT_PAGES_FAILED, BatchConfig, run_batch
    from .options import Options

    if not inputs and urls_file is None and not (sitemaps or feeds or crawl_starts):
        raise click.UsageError("give at least one INPUT folder/file, --urls FILE, --sitemap, --feed or --crawl")
    from .output.fields import options_for_fields

    fmt = fmt or ("parquet" if out.suffix.lower() == ".parquet" else "jsonl")
    options = options_for_fields(
        Options().updated(fetch_timeout=fetch_timeout, fetch_retries=retries, with_links=links,
                          allow_private=allow_private, fetch_deadline=fetch_deadline,
                          **_extraction_overrides(fields, **extraction)), fields)
    if fields is None:  # the default record has no blocks: build none
        options = options.updated(with_blocks=False)
    cfg = BatchConfig(
        method=method or _default_method(), out=out, fmt=fmt, workers=workers,
        timeout=timeout or None, max_memory_mb=max_memory, resume=resume, limit=limit,
        progress=not no_progress, in_process=in_process, engine=engine, scheduler=scheduler,
        options=options,
        fetch_threads=fetch_threads, per_host=per_host, fetch_timeout=fetch_timeout, fetch_retries=retries,
        # with --fields the record holds what was asked: crawl-level fields only along with links
        site_pages=site_pages, anchors=anchors and links and (fields is None or "links" in fields),
        link_db=link_db, hygiene=hygiene and (fields is None or "links" in fields or dedup), dedup=dedup,
        partition_pages=partition_pages,
    )
    if siblings:
        site = {"fetch_siblings": siblings, "for_given_pages": True}
        if site_store is not None:
            site["store_path"] = str(site_store.resolve())
        cfg.options = cfg.options.updated(site=site)
    log = lambda line: click.echo("maintext batch: " + line, err=True)  # noqa: E731
    extra, crawled = _discovery_inputs(cfg, sitemaps, feeds, crawl_starts, crawl_db, log,
                                       max_pages=max_pages, max_depth=max_depth, crawl_delay=crawl_delay,
                                       same_host=not all_hosts)
    summary = run_batch(cfg, inputs, urls_file, log=log, extra_urls=extra, crawled=crawled)
    if summary.failed:
        sys.exit(EXIT_PAGES_FAILED)


def _discovery_inputs(cfg: Any, sitemaps: tuple[str, ...], feeds: tuple[str, ...], crawl_starts: tuple[str, ...],
                      crawl_db: Path | None, log: Any, **crawl_settings: Any) -> tuple[list[str], Any]:
    """URLs from --sitemap/--feed, and the crawler's page stream for --crawl (or None)."""
    extra: list[str] = []
    if sitemaps or feeds:
        from .io.discover import iter_discovered

        extra = list(iter_discovered(list(sitemaps), list(feeds), cfg.options, log))
        log(f"discovered {len(extra)} URLs from {len(sitemaps)} sitemap(s) and {len(feeds)} feed(s)")
    if not crawl_starts:
        return extra, None
    from .io.crawl import Crawler, crawl_tasks

    settings = {k: v for k, v in crawl_settings.items() if v is not None}
    cfg.options = cfg.options.updated(discover=settings)
    db = crawl_db or cfg.out.with_name(cfg.out.name + ".crawl.sqlite")
    return extra, crawl_tasks(Crawler(list(crawl_starts), cfg.options, db, log))


# ----------------------------------------------------------------------------- plot


@main.command()
@click.argument("sources", nargs=-1, required=True)
@click.option("-o", "--output", "out", type=click.Path(path_type=Path), default=None,
              help="JSONL: one line per linked page with its incoming anchor texts (from batch files).")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The link index (SQLite). Building: where to keep it (default: a temporary file). "
                   "Looking up: the index a batch wrote (OUTPUT.links.sqlite), or that batch's OUTPUT.")
@click.option("--all-targets", is_flag=True, help="Also link targets that are not pages of the crawl.")
@one_line_errors
def anchors(sources: tuple[str, ...], out: Path | None, db: Path | None, all_targets: bool) -> None:
    """Incoming anchor text across a crawl (the page object's anchor text: what other pages
    call a page when they link to it).

    `maintext anchors URL... --db OUT.links.sqlite` looks pages up in the link index a batch
    built (one JSON line each); `maintext anchors BATCH.jsonl... -o FILE` builds an index
    from batch output (JSONL or Parquet) and writes every linked page's anchors."""
    from .io.loading import looks_like_url

    if all(looks_like_url(s) for s in sources):
        _anchors_lookup(sources, db)
        return
    if out is None:
        raise click.UsageError("give -o FILE to write the anchors of batch files (or URLs to look up)")
    paths = [Path(s) for s in sources]
    for path in paths:
        if not path.is_file():
            raise MaintextError(f"no such file: {path}")
    _anchors_build(paths, out, db, all_targets)


def _anchors_lookup(urls: tuple[str, ...], db: Path | None) -> None:
    from .batch.anchors import LinkIndex

    if db is None:
        raise click.UsageError("looking up URLs needs --db (a batch's OUTPUT.links.sqlite)")
    if not db.name.endswith(".sqlite") and db.with_name(db.name + ".links.sqlite").is_file():
        db = db.with_name(db.name + ".links.sqlite")
    if not db.is_file():
        raise MaintextError(f"no link index at {db}")
    index = LinkIndex(db)
    try:
        for url in urls:
            found = index.lookup(url)
            click.echo(json.dumps({"url": url, "id": found.id if found else None,
                                   "sources": found.sources if found else 0,
                                   "incoming_anchors": found.as_record_field() if found else []},
                                  ensure_ascii=False))
    finally:
        index.close()


def _anchors_build(paths: list[Path], out: Path, db: Path | None, all_targets: bool) -> None:
    import sqlite3
    import tempfile

    from .batch.anchors import collect_anchors, incoming_anchors

    check_output_file(out)
    with tempfile.TemporaryDirectory() as tmp:
        conn = sqlite3.connect(db or Path(tmp) / "anchors.sqlite")
        try:
            damaged: list[str] = []
            pages, links = collect_anchors(paths, conn, damaged)
            if damaged:
                click.echo(f"maintext anchors: {len(damaged)} damaged lines skipped "
                           f"({', '.join(damaged[:5])}{', ...' if len(damaged) > 5 else ''})", err=True)
            if not pages:
                raise MaintextError("no page records with a URL in the input (is it `maintext batch` output?)")
            written = 0
            with open(out, "w", encoding="utf-8") as fh:
                for item in incoming_anchors(conn, crawled_only=not all_targets):
                    fh.write(json.dumps({"url": item.url, "id": item.id, "sources": item.sources,
                                         "incoming_anchors": [t for t, _ in item.anchors],
                                         "counts": [n for _, n in item.anchors],
                                         "hosts": item.hosts}, ensure_ascii=False) + "\n")
                    written += 1
        finally:
            conn.close()
    click.echo(f"maintext anchors: {pages} pages, {links} links with text, {written} pages with incoming anchors",
               err=True)


@main.command()
@click.argument("source")
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True,
              help="Image file (.png, .svg, .pdf).")
@click.option("--url", default=None, help="URL of the page.")
@one_line_errors
def plot(source: str, output: Path, url: str | None) -> None:
    """Plot the line-block distribution of a page (seed 004) with the chosen body shaded."""
    from .plot import plot_source

    check_output_file(output)
    info = plot_source(source, output, url=url)
    click.echo(f"maintext plot: wrote {output} ({info})", err=True)


# ----------------------------------------------------------------------------- methods

@main.command("methods")
@one_line_errors
def list_methods() -> None:
    """List the registered extraction methods."""
    from .api import methods

    infos = methods()
    width = max((len(m.name) for m in infos), default=0)
    for info in infos:
        click.echo(f"{info.name:<{width}}  {info.summary}")


# ----------------------------------------------------------------------------- bench

@main.command()
@click.argument("datasets", nargs=-1, required=True, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--methods", "method_list", required=True, help="Comma-separated method names, e.g. lineblock,auto.")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="At most N pages per dataset.")
@one_line_errors
def bench(datasets: tuple[Path, ...], method_list: str, limit: int | None) -> None:
    """Score methods on datasets in the shared format (gold.jsonl + pages/)."""
    try:
        from .evaluation import format_table, run_bench
    except ImportError as exc:
        raise MaintextError(f"the benchmark module is not available ({exc})") from None
    from .registry import get_method

    names = [m.strip() for m in method_list.split(",") if m.strip()]
    if not names:
        raise click.UsageError("--methods needs at least one method name")
    for name in names:
        get_method(name)
    for folder in datasets:
        if not (folder / "gold.jsonl").is_file():
            raise MaintextError(f"{folder} has no gold.jsonl: a dataset folder holds gold.jsonl and pages/")
    rows = run_bench(list(datasets), names, limit=limit)
    click.echo(format_table(rows))


if __name__ == "__main__":  # pragma: no cover
    main()
