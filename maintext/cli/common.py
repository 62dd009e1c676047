"""What every ``maintext`` command shares: the command group, one-line error handling and exit
statuses, output-file checks, the extraction options and the page argument.

Errors on bad input are printed as one line on stderr (``maintext: error: ...``) with a
non-zero exit status, never as a traceback: status 1 for input maintext rejects
(:class:`~maintext.errors.MaintextError`, or a file that cannot be read or written), 2 for
a usage error (click's own, or an output path that cannot be used), 3 for an unexpected
failure (a bug: please report it).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from ..errors import MaintextError

F = TypeVar("F", bound=Callable[..., Any])

EXIT_INPUT = 1
EXIT_USAGE = 2
EXIT_UNEXPECTED = 3


def _default_method() -> str:
    from ..api import DEFAULT_METHOD

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
    from ..output.fields import parse_fields

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
        click.option("--title-heading", is_flag=True,
                     help="Open markdown/html output with the headline as a level-1 heading."),
    ]
    for opt in reversed(opts):
        func = opt(func)
    return func


def _extraction_overrides(fields: tuple[str, ...] | None, precision: bool, recall: bool, tables: bool,
                          images: bool, inline_links: bool, formatting: bool, comments: bool,
                          headline: bool, title_heading: bool = False) -> dict[str, Any]:
    """Options overrides of the extraction options."""
    if precision and recall:
        raise click.UsageError("--favor-precision and --favor-recall exclude each other")
    return {
        "include_images": images, "include_links": inline_links, "include_formatting": formatting,
        "headline_heading": title_heading,
        "with_comments": comments or bool(fields and "comments" in fields),
        "auto": {"favor_precision": precision, "favor_recall": recall, "include_tables": tables,
                 "include_headline": headline},
    }



def _source_arg(source: str, *, stdin: bool = True) -> Any:
    """A command-line page argument as a source for the loader: a Path, an http(s) URL,
    or for "-" the bytes of standard input."""
    from ..io.loading import looks_like_url, read_stdin
    from ..options import Options

    if source == "-" and stdin:
        return read_stdin(Options().max_input_bytes)
    if looks_like_url(source):
        return source
    if not Path(source).exists():
        raise MaintextError(f"no such file: {source}")
    if Path(source).is_dir():
        raise MaintextError(f"{source} is a folder; use `maintext batch` for folders")
    return Path(source)
