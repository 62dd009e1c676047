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


# ----------------------------------------------------------------------------- extract

@main.command()
@click.argument("source")
@click.option("--method", "-m", default=None, help="Extraction method (see `maintext methods`); default: auto.")
@click.option("--format", "fmt", type=click.Choice(["txt", "json", "markdown"]), default="txt",
              show_default=True, help="Output format.")
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
@one_line_errors
def extract(source: str, method: str | None, fmt: str, url: str | None, explain: bool,
            output: Path | None, links: bool, site_pages: tuple[str, ...], timeout: float) -> None:
    """Extract one page. SOURCE is a file (.html, .htm, .html.gz), an http(s) URL, or - for stdin."""
    from .api import extract as extract_page
    from .output.formats import render

    check_output_file(output)
    src = _source_arg(source)
    others = [_source_arg(other, stdin=False) for other in site_pages]
    if others:
        page = _extract_with_site_pages(src, others, url, method or _default_method(), explain, links,
                                        timeout)
    else:
        page = extract_page(src, url=url, method=method or _default_method(), explain=explain,
                            with_links=links, page_timeout=timeout or None)
    text = render(page, fmt, with_explain=explain)
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
                             explain: bool, links: bool, timeout: float = 0) -> Any:
    from .api import extract_document, load_document
    from .options import make_options
    from .registry import get_method
    from .timelimit import time_limit

    get_method(method)
    options = make_options(None, explain=explain, with_links=links)
    with time_limit(timeout or None):
        doc = load_document(src, url=url, options=options)
        doc.site_docs = [load_document(other, options=options) for other in others]
        return extract_document(doc, method)


# ----------------------------------------------------------------------------- batch

@main.command()
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@click.option("--method", "-m", default=None, help="Extraction method; default: auto.")
@click.option("--urls", "urls_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Online mode: a file with one URL (or 'ID URL') per line.")
@click.option("-o", "--output", "out", type=click.Path(path_type=Path), required=True,
              help="JSONL file, or folder with --format folder.")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "folder"]), default="jsonl", show_default=True)
@click.option("--workers", "-j", type=click.IntRange(min=0), default=0,
              help="Worker processes (0: one per CPU; 1: in this process, no pool).")
@click.option("--timeout", type=click.FloatRange(min=0), default=30.0, show_default=True,
              help="Per-page extraction time limit in seconds (0: none).")
@click.option("--max-memory", type=click.IntRange(min=0), default=2048, show_default=True,
              help="Per-worker memory (address space) limit in MB (0: none; not applied with --workers 1).")
@click.option("--resume/--no-resume", default=True, show_default=True,
              help="Skip pages already in the output and append (or start over).")
@click.option("--limit", type=click.IntRange(min=0), default=None, help="Process at most N pages.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@click.option("--links/--no-links", default=True, show_default=True,
              help="Record each page's links (most of the output's size).")
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
@one_line_errors
def batch(inputs: tuple[Path, ...], method: str | None, urls_file: Path | None, out: Path, fmt: str,
          workers: int, timeout: float, max_memory: int, resume: bool, limit: int | None,
          no_progress: bool, links: bool, fetch_timeout: float, retries: int, per_host: int,
          fetch_threads: int, site_pages: int) -> None:
    """Extract many pages: folders of HTML (searched recursively), WARC archives, and/or --urls FILE.

    Writes one JSON line per page (Page fields plus "id"; failures as {"id", "error",
    "text": ""}), or with --format folder one text file per page plus index.jsonl.
    Offline ids are file names without .html/.htm/.html.gz; online ids are the URLs
    as written (or the ID of an 'ID URL' line); pages of a WARC file (.warc, .warc.gz;
    needs the 'warc' extra) are its 2xx HTML responses, with their WARC-Record-ID as id.
    """
    from .batch.run import BatchConfig, run_batch
    from .options import Options

    if not inputs and urls_file is None:
        raise click.UsageError("give at least one INPUT folder/file or --urls FILE")
    options = Options()
    cfg = BatchConfig(
        method=method or _default_method(), out=out, fmt=fmt, workers=workers,
        timeout=timeout or None, max_memory_mb=max_memory, resume=resume, limit=limit,
        progress=not no_progress,
        options=options.updated(fetch_timeout=fetch_timeout, fetch_retries=retries, with_links=links),
        fetch_threads=fetch_threads, per_host=per_host, fetch_timeout=fetch_timeout, fetch_retries=retries,
        site_pages=site_pages,
    )
    run_batch(cfg, inputs, urls_file, log=lambda line: click.echo("maintext batch: " + line, err=True))


# ----------------------------------------------------------------------------- plot


@main.command()
@click.argument("batch_files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-o", "--output", "out", type=click.Path(path_type=Path), required=True,
              help="JSONL: one line per linked page with its incoming anchor texts.")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="SQLite file for the link table (default: a temporary file).")
@click.option("--all-targets", is_flag=True, help="Also link targets that are not pages of the crawl.")
@one_line_errors
def anchors(batch_files: tuple[Path, ...], out: Path, db: Path | None, all_targets: bool) -> None:
    """Incoming anchor text across a crawl, from `maintext batch` output (the page object's
    anchor text: what other pages call a page when they link to it)."""
    import sqlite3
    import tempfile

    from .batch.anchors import collect_anchors, incoming_anchors

    check_output_file(out)
    with tempfile.TemporaryDirectory() as tmp:
        conn = sqlite3.connect(db or Path(tmp) / "anchors.sqlite")
        try:
            pages, links = collect_anchors(batch_files, conn)
            written = 0
            with open(out, "w", encoding="utf-8") as fh:
                for item in incoming_anchors(conn, crawled_only=not all_targets):
                    fh.write(json.dumps({"url": item.url, "id": item.id, "sources": item.sources,
                                         "incoming_anchors": [t for t, _ in item.anchors],
                                         "counts": [n for _, n in item.anchors]},
                                        ensure_ascii=False) + "\n")
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
