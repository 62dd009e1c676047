"""``maintext batch`` (folders, WARC archives, URL lists, sitemaps, feeds, crawls) and
``maintext anchors`` (the incoming-anchor index of a crawl)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..errors import MaintextError
from .common import _default_method, _extraction_overrides, check_output_file, extraction_options, main, one_line_errors


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
    from ..batch.run import EXIT_PAGES_FAILED, BatchConfig, run_batch

    if not inputs and urls_file is None and not (sitemaps or feeds or crawl_starts):
        raise click.UsageError("give at least one INPUT folder/file, --urls FILE, --sitemap, --feed or --crawl")
    fmt = fmt or ("parquet" if out.suffix.lower() == ".parquet" else "jsonl")
    options = _batch_options(fields, extraction, fetch_timeout=fetch_timeout, fetch_retries=retries,
                             with_links=links, allow_private=allow_private, fetch_deadline=fetch_deadline)
    cfg = BatchConfig(
        method=method or _default_method(), out=out, fmt=fmt, workers=workers,
        timeout=timeout or None, max_memory_mb=max_memory, resume=resume, limit=limit,
        progress=not no_progress, in_process=in_process, engine=engine, scheduler=scheduler,
        options=_with_siblings(options, siblings, site_store),
        fetch_threads=fetch_threads, per_host=per_host, fetch_timeout=fetch_timeout, fetch_retries=retries,
        # with --fields the record holds what was asked: crawl-level fields only along with links
        site_pages=site_pages, anchors=anchors and links and (fields is None or "links" in fields),
        link_db=link_db, hygiene=hygiene and (fields is None or "links" in fields or dedup), dedup=dedup,
        partition_pages=partition_pages,
    )
    log = lambda line: click.echo("maintext batch: " + line, err=True)  # noqa: E731
    extra, crawled = _discovery_inputs(cfg, sitemaps, feeds, crawl_starts, crawl_db, log,
                                       max_pages=max_pages, max_depth=max_depth, crawl_delay=crawl_delay,
                                       same_host=not all_hosts)
    summary = run_batch(cfg, inputs, urls_file, log=log, extra_urls=extra, crawled=crawled)
    if summary.failed:
        sys.exit(EXIT_PAGES_FAILED)


def _batch_options(fields: tuple[str, ...] | None, extraction: dict[str, Any], **settings: Any) -> Any:
    """The extraction options of every page of the batch: ``settings`` (fetching, links) and
    the extraction flags, set up for ``--fields``; the default record has no typed blocks."""
    from ..options import Options
    from ..output.fields import options_for_fields

    options = options_for_fields(
        Options().updated(**settings, **_extraction_overrides(fields, **extraction)), fields)
    if fields is None:  # the default record has no blocks: build none
        options = options.updated(with_blocks=False)
    return options


def _with_siblings(options: Any, siblings: int, site_store: Path | None) -> Any:
    """``options`` that fetch up to ``siblings`` same-site pages per page (--siblings), with
    the template store at ``site_store`` (--site-store); unchanged without --siblings."""
    if not siblings:
        return options
    site = {"fetch_siblings": siblings, "for_given_pages": True}
    if site_store is not None:
        site["store_path"] = str(site_store.resolve())
    return options.updated(site=site)


def _discovery_inputs(cfg: Any, sitemaps: tuple[str, ...], feeds: tuple[str, ...], crawl_starts: tuple[str, ...],
                      crawl_db: Path | None, log: Any, **crawl_settings: Any) -> tuple[list[str], Any]:
    """URLs from --sitemap/--feed, and the crawler's page stream for --crawl (or None)."""
    extra: list[str] = []
    if sitemaps or feeds:
        from ..io.discover import iter_discovered

        extra = list(iter_discovered(list(sitemaps), list(feeds), cfg.options, log))
        log(f"discovered {len(extra)} URLs from {len(sitemaps)} sitemap(s) and {len(feeds)} feed(s)")
    if not crawl_starts:
        return extra, None
    from ..batch.inputs import crawl_tasks
    from ..io.crawl import Crawler

    settings = {k: v for k, v in crawl_settings.items() if v is not None}
    cfg.options = cfg.options.updated(discover=settings)
    db = crawl_db or cfg.out.with_name(cfg.out.name + ".crawl.sqlite")
    return extra, crawl_tasks(Crawler(list(crawl_starts), cfg.options, db, log))


# ----------------------------------------------------------------------------- anchors


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
    from ..io.loading import looks_like_url

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
    from ..batch.anchors import LinkIndex

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

    from ..batch.anchors import collect_anchors, incoming_anchors

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
