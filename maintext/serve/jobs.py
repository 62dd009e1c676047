"""One extraction request as a picklable job, and the function a worker runs on it.

:func:`run_job` takes a :class:`Job` (the page's bytes or a URL, and the request's
options) and gives a JSON-ready dict: ``{"record": {...}}`` or ``{"error": {...}}`` with
an HTTP status. It never raises: every failure becomes a one-line error (no traceback
leaves the worker).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from ..timelimit import worker_limit  # the page limit of batch and service workers
from ..errors import (BinaryContentError, DocumentTooLargeError, EmptyDocumentError, FetchError,
                      LoadError, MaintextError, PageTimeoutError, ParseError, UnknownMethodError)

# Field groups a client may ask for with ``fields=`` (struct's names), and Page attributes.
METADATA_FIELDS = ("url", "title", "headline", "date", "author", "keywords", "description",
                   "sitename", "language", "encoding")
FIELD_GROUPS: dict[str, tuple[str, ...]] = {
    "text": ("text", "paragraphs"),
    "metadata": METADATA_FIELDS,
    "links": ("links",),
    "blocks": ("blocks",),
    "explain": ("explain",),
}
ALWAYS = ("method", "reason")
FORMATS = ("json", "txt", "markdown", "html")

# HTTP status of each error type (the rest of MaintextError: 422).
_STATUS: dict[type, int] = {
    UnknownMethodError: 400, EmptyDocumentError: 422, BinaryContentError: 415,
    DocumentTooLargeError: 413, LoadError: 422, ParseError: 422, FetchError: 502,
    PageTimeoutError: 504,
}


class RequestError(MaintextError):
    """A request the service refuses (bad parameter, address not allowed...)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Job:
    data: bytes | None = None  # the page, or None to fetch ``fetch_url``
    fetch_url: str | None = None
    url: str | None = None  # the page's URL (resolves relative links)
    content_type: str | None = None
    method: str = "auto"
    fields: tuple[str, ...] | None = None
    fmt: str = "json"
    explain: bool = False
    view: bool = False
    links: bool = True
    timeout: float | None = 20.0
    max_bytes: int = 8 * 1024 * 1024
    allow_private: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def error(exc: BaseException) -> dict[str, Any]:
    """The JSON error of an exception: type, one-line message, HTTP status."""
    from ..io.netguard import BlockedAddressError

    if isinstance(exc, RequestError):
        status = exc.status
    elif isinstance(exc, BlockedAddressError):
        status = 403
    else:
        status = next((s for t, s in _STATUS.items() if isinstance(exc, t)), 422)
    if isinstance(exc, MaintextError):
        kind, message = type(exc).__name__, " ".join(str(exc).split()) or type(exc).__name__
    elif isinstance(exc, MemoryError):
        kind, message, status = "MemoryError", "the page needs more memory than a worker may use", 507
    else:
        kind, message, status = "InternalError", f"unexpected failure ({type(exc).__name__})", 500
    return {"error": {"type": kind, "message": message[:500], "status": status}}


def run_job(job: Job) -> dict[str, Any]:
    """Run one job (in a worker); never raises."""
    try:
        with worker_limit(job.timeout):
            return {"record": _run(job)}
    except BaseException as exc:  # noqa: BLE001 - the promise: a JSON error, never a traceback
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        return error(exc)


def _run(job: Job) -> dict[str, Any]:
    from ..api import extract
    from ..options import Options

    overrides: dict[str, Any] = {"explain": job.explain or job.view, "with_links": job.links,
                                 "max_input_bytes": job.max_bytes}
    overrides["allow_private"] = job.allow_private  # checked again by the fetcher, every hop
    source: bytes | str
    if job.data is not None:
        source = job.data
    else:
        source = job.fetch_url or ""
        check_fetch_url(source, allow_private=job.allow_private)
    view = None
    if job.view:
        from .annotate import annotate

        annotated = annotate(source, url=job.url, method=job.method,
                             options=Options().updated(**overrides), content_type=job.content_type)
        page = annotated.page
        view = {"html": annotated.html, "legend": annotated.legend, "outlined": annotated.outlined,
                "main_found": annotated.main_found}
    else:
        page = extract(source, url=job.url, method=job.method, content_type=job.content_type, **overrides)
    record = select_fields(page, job.fields, with_explain=job.explain)
    if job.fmt != "json":
        record["format"] = job.fmt
        record["output"] = render(page, job.fmt)
    if view is not None:
        record["view"] = view
    return record


def render(page: Any, fmt: str) -> str:
    """``page`` in ``fmt`` through maintext.output; Markdown falls back to the text."""
    from ..output import formats

    if fmt in getattr(formats, "FORMATS", ()):
        return formats.render(page, fmt)
    if fmt == "markdown":
        return page.text
    if fmt == "html" and hasattr(formats, "to_html"):
        return formats.to_html(page)
    raise RequestError(f"output format {fmt!r} is not available in this version", 400)


def select_fields(page: Any, wanted: tuple[str, ...] | None, *, with_explain: bool) -> dict[str, Any]:
    """The record of ``page`` with the asked fields (None: the default record), through
    maintext.output.fields (the CLI's selection) where that exists."""
    try:
        from ..output.fields import FIELDS, record  # type: ignore[attr-defined]
    except ImportError:
        record = None
    if record is not None and (wanted is None or all(name in FIELDS for name in wanted)):
        data = record(page, wanted)
        if with_explain and page.explain is not None:
            data["explain"] = page.explain
        return data
    data = page.to_dict(with_explain=with_explain)
    if wanted is None:
        return data
    keys: list[str] = list(ALWAYS)
    extra: dict[str, Any] = {}
    for name in wanted:
        if name in FIELD_GROUPS:
            keys.extend(FIELD_GROUPS[name])
        elif name == "markdown":
            extra["markdown"] = render(page, "markdown")
        elif name in data:
            keys.append(name)
        else:
            raise RequestError(f"unknown field {name!r}; use {', '.join(sorted(FIELD_GROUPS))}, "
                               "markdown or a record key", 400)
    return {**{k: data[k] for k in dict.fromkeys(keys) if k in data}, **extra}


def check_fetch_url(url: str, *, allow_private: bool) -> None:
    """http(s) only, and (unless allowed) no host resolving to a non-public address: a
    first check with clear errors before the fetch; maintext's fetcher checks again every
    address it connects to and every redirect (``Options.allow_private``)."""
    from ..io.fetch import check_url
    from ..io.netguard import resolve_checked

    scheme = urlsplit(url).scheme.lower()
    if scheme not in ("http", "https"):
        raise RequestError(f"only http and https URLs are fetched, not {scheme or 'no scheme'!r}", 400)
    try:
        check_url(url)
    except FetchError as exc:
        raise RequestError(str(exc), 400) from None
    parts = urlsplit(url)
    resolve_checked(parts.hostname or "", parts.port or (443 if scheme == "https" else 80), allow_private)
