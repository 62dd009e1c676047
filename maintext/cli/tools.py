"""``maintext serve``, ``plot``, ``methods`` and ``bench``."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import MaintextError
from .common import check_output_file, main, one_line_errors


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
        from ..serve import Settings, run
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise MaintextError(f"the serve command needs the 'serve' extra (pip install 'maintext[serve]'): {exc}")
    settings = Settings(max_body_bytes=max_body, timeout=timeout, concurrency=concurrency,
                        max_queue=max_queue, body_timeout=body_timeout, executor=executor, api_key=api_key,
                        allow_private=allow_private)
    settings.examples_dir = Settings.from_env({}).examples_dir
    run(settings, host=host, port=port, workers=workers)


@main.command()
@click.argument("source")
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True,
              help="Image file (.png, .svg, .pdf).")
@click.option("--url", default=None, help="URL of the page.")
@one_line_errors
def plot(source: str, output: Path, url: str | None) -> None:
    """Plot the line-block distribution of a page (seed 004) with the chosen body shaded."""
    from ..plot import plot_source

    check_output_file(output)
    info = plot_source(source, output, url=url)
    click.echo(f"maintext plot: wrote {output} ({info})", err=True)


# ----------------------------------------------------------------------------- methods

@main.command("methods")
@one_line_errors
def list_methods() -> None:
    """List the registered extraction methods."""
    from ..api import methods

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
        from ..evaluation import format_table, run_bench
    except ImportError as exc:
        raise MaintextError(f"the benchmark module is not available ({exc})") from None
    from ..registry import get_method

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
