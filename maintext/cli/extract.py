"""``maintext extract``: one page to text, JSON, Markdown, HTML or typed blocks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .common import _default_method, _extraction_overrides, _source_arg, check_output_file, extraction_options, main, one_line_errors


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
    from ..options import make_options
    from ..output.fields import options_for_fields
    from ..output.formats import render

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
        from ..api import extract as extract_page

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
    from ..serve.viewer import explain_html

    text = explain_html(src, url=url, method=method, options=options)
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")


def _extract_with_site_pages(src: Any, others: list[Any], url: str | None, method: str,
                             options: Any) -> Any:
    """One page with other pages of its site (within ``options.page_timeout``)."""
    from ..api import extract_document, load_document
    from ..registry import get_method
    from ..site.group import attach_site_pages
    from ..timelimit import time_limit

    get_method(method)
    with time_limit(options.page_timeout):
        doc = load_document(src, url=url, options=options)
        attach_site_pages(doc, others, lambda other: load_document(other, options=options))
        return extract_document(doc, method)
