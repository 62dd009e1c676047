"""The ``maintext`` command line: extract, batch, anchors, plot, methods, bench.

Errors on bad input are printed as one line on stderr (``maintext: error: ...``) with a
non-zero exit status, never as a traceback: status 1 for input maintext rejects
(:class:`~maintext.errors.MaintextError`), 3 for an unexpected failure, 2 for a usage
error (click's own).
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
EXIT_UNEXPECTED = 3


def _default_method() -> str:
    from .api import DEFAULT_METHOD

    return DEFAULT_METHOD


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
              help="Output format (json with --fields: the record of those fields; blocks: the typed blocks as JSON).")
@click.option("--url", default=None, help="URL of the page (resolves relative links).")
@click.option("--explain", is_flag=True, help="Show why each block was kept or dropped "
              "(in the JSON output, on stderr for txt/markdown).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              default=None, help="Write to FILE instead of stdout.")
@click.option("--links/--no-links", default=True, show_default=True, help="Collect the page's links.")
@click.option("--site-page", "site_pages", multiple=True, metavar="OTHER",
              help="Another page of the same site (file or URL; repeat for more): methods that "
                   "remove the site's template (dompath) compare the page with them.")
@extraction_options
@one_line_errors
def extract(source: str, method: str | None, fmt: str, url: str | None, explain: bool,
            output: Path | None, links: bool, site_pages: tuple[str, ...], fields: tuple[str, ...] | None,
            **extraction: Any) -> None:
    """Extract one page. SOURCE is a file (.html, .htm, .html.gz), an http(s) URL, or - for stdin."""
    from .options import make_options
    from .output.fields import options_for_fields
    from .output.formats import render

    src = _source_arg(source)
    others = [_source_arg(other, stdin=False) for other in site_pages]
    options = make_options(None, explain=explain, with_links=links,
                           **_extraction_overrides(fields, **extraction))
    options = options_for_fields(options, fields)
    if others:
        page = _extract_with_site_pages(src, others, url, method or _default_method(), options)
    else:
        from .api import extract as extract_page

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


def _source_arg(source: str, *, stdin: bool = True) -> Any:
    """A command-line page argument as a source for the loader (Path, URL or "-")."""
    from .io.loading import looks_like_url

    if source == "-" and stdin:
        return source
    if looks_like_url(source):
        return source
    if not Path(source).exists():
        raise MaintextError(f"no such file: {source}")
    if Path(source).is_dir():
        raise MaintextError(f"{source} is a folder; use `maintext batch` for folders")
    return Path(source)


def _extract_with_site_pages(src: Any, others: list[Any], url: str | None, method: str,
                             options: Any) -> Any:
    """One page with other pages of its site."""
    from .api import extract_document, load_document
    from .registry import get_method
    from .site.group import attach_site_pages

    get_method(method)
    doc = load_document(src, url=url, options=options)
    attach_site_pages(doc, others, lambda other: load_document(other, options=options))
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
@extraction_options
@one_line_errors
def batch(inputs: tuple[Path, ...], method: str | None, urls_file: Path | None, out: Path, fmt: str,
          workers: int, timeout: float, max_memory: int, resume: bool, limit: int | None,
          no_progress: bool, links: bool, fetch_timeout: float, retries: int, per_host: int,
          fetch_threads: int, site_pages: int, fields: tuple[str, ...] | None, **extraction: Any) -> None:
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
    from .output.fields import options_for_fields

    options = options_for_fields(
        Options().updated(fetch_timeout=fetch_timeout, fetch_retries=retries, with_links=links,
                          **_extraction_overrides(fields, **extraction)), fields)
    cfg = BatchConfig(
        method=method or _default_method(), out=out, fmt=fmt, workers=workers,
        timeout=timeout or None, max_memory_mb=max_memory, resume=resume, limit=limit,
        progress=not no_progress,
        options=options,
        fetch_threads=fetch_threads, per_host=per_host, fetch_timeout=fetch_timeout, fetch_retries=retries,
        site_pages=site_pages,
    )
    run_batch(cfg, inputs, urls_file, log=lambda line: click.echo("maintext batch: " + line, err=True))


# ----------------------------------------------------------------------------- plot


@main.command()
@click.argument("batch_files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, path_type=Path), required=True,
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
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Image file (.png, .svg, .pdf).")
@click.option("--url", default=None, help="URL of the page.")
@one_line_errors
def plot(source: str, output: Path, url: str | None) -> None:
    """Plot the line-block distribution of a page (seed 004) with the chosen body shaded."""
    from .plot import plot_source

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
    rows = run_bench(list(datasets), names, limit=limit)
    click.echo(format_table(rows))


if __name__ == "__main__":  # pragma: no cover
    main()
