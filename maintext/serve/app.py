"""The ASGI app of ``maintext serve`` (FastAPI): the JSON API and the web page.

Routes: ``POST /extract`` (one page: raw HTML body, form upload, or JSON ``{"html"}`` /
``{"url"}``), ``POST /batch`` (a small list), ``GET /health``, ``GET /openapi.json`` with a
self-contained ``/docs`` page, ``GET /`` (the web page, :mod:`maintext.serve.static`) and
``GET /examples`` (example pages of the checkout). Every error is JSON
``{"error": {"type", "message", "status"}}``; no traceback is ever sent.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from .executor import Extractor, Overloaded
from .jobs import FORMATS, Job, RequestError
from .settings import Settings

STATIC = Path(__file__).with_name("static")
log = logging.getLogger("maintext.serve")
_RAW_TYPES = ("text/html", "application/xhtml+xml", "text/plain", "application/octet-stream",
              "application/xml", "text/xml", "application/gzip", "application/x-gzip")

_BODY_DOC = {
    "required": True,
    "content": {
        "text/html": {"schema": {"type": "string"}, "example": "<html><body><p>Hello</p></body></html>"},
        "application/json": {"schema": {"type": "object", "properties": {
            "html": {"type": "string", "description": "the page's HTML"},
            "url": {"type": "string", "description": "without html: the URL to fetch (http/https, "
                                                     "public addresses only); with html: the page's URL"}}}},
        "multipart/form-data": {"schema": {"type": "object", "properties": {
            "file": {"type": "string", "format": "binary"}, "html": {"type": "string"},
            "url": {"type": "string"}}}},
    },
}
_BATCH_DOC = {
    "required": True,
    "content": {"application/json": {"schema": {"type": "object", "properties": {
        "items": {"type": "array", "items": {"type": "object", "properties": {
            "html": {"type": "string"}, "url": {"type": "string"}}}}}}}},
}


def error_response(kind: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"type": kind, "message": message, "status": status}}, status_code=status)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    extractor = Extractor(settings.executor, settings.concurrency, settings.max_queue,
                          settings.timeout or None, settings.max_memory_mb)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        extractor.start()
        yield
        extractor.close()

    app = FastAPI(title="maintext", version=__version__, lifespan=lifespan, docs_url=None,
                  redoc_url=None, description="Main text and structure extraction from web pages.")
    app.state.settings = settings
    app.state.extractor = extractor
    _install_errors(app)
    _install_headers(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _page_routes(app, settings, extractor)
    _api_routes(app, settings, extractor)
    return app


def _page_routes(app: FastAPI, settings: Settings, extractor: Extractor) -> None:
    """The web page, the docs page, health, the method list and the examples."""

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> FileResponse:
        return FileResponse(STATIC / "docs.html")

    @app.get("/health", summary="Liveness and load")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "version": __version__, "executor": extractor.kind,
                "concurrency": extractor.concurrency, "pending": extractor.pending,
                "done": extractor.done, "restarts": extractor.restarts,
                "api_key": bool(settings.api_key)}

    @app.get("/methods", summary="The extraction methods")
    async def list_methods() -> dict[str, list[dict[str, str]]]:
        from ..registry import methods

        return {"methods": [{"name": m.name, "description": m.summary}
                            for m in methods()]}

    @app.get("/examples", summary="Example pages offered by the web page")
    async def examples() -> dict[str, list[str]]:
        return {"examples": sorted(_examples(settings))}

    @app.get("/examples/{name}", summary="One example page, as HTML", response_class=PlainTextResponse)
    async def example(name: str) -> PlainTextResponse:
        pages = _examples(settings)
        if name not in pages:
            raise RequestError(f"no example {name!r}", 404)
        from ..io.loading import read_bytes

        data = read_bytes(pages[name], max_bytes=settings.max_body_bytes)
        return PlainTextResponse(data.decode("utf-8", "replace"), media_type="text/html; charset=utf-8")


def _api_routes(app: FastAPI, settings: Settings, extractor: Extractor) -> None:
    """POST /extract and POST /batch."""

    @app.post("/extract", summary="Extract one page", openapi_extra={"requestBody": _BODY_DOC})
    async def extract(
        request: Request,
        method: str = Query("auto", description="extraction method (GET /methods lists them)"),
        fields: str | None = Query(None, description="comma-separated: text, metadata, links, blocks, "
                                                     "markdown, explain, or record keys"),
        format: str = Query("json", description="json, txt, markdown or html: adds `output` in that format"),
        explain: bool = Query(False, description="include the per-block decisions"),
        view: bool = Query(False, description="include the annotated page (`view.html`) for the web page"),
        links: bool = Query(True, description="collect the page's links"),
        url: str | None = Query(None, description="the page's URL (resolves relative links) for an HTML body"),
    ) -> JSONResponse:
        _check_key(request, settings)
        base = _job_base(settings, method, fields, format, explain, view, links)
        extractor.admit()
        try:
            job = await _job_from_request(request, settings, base, url)
        except BaseException:
            extractor.pending -= 1
            raise
        return _respond(await extractor.run(job, admitted=True))

    @app.post("/batch", summary="Extract a small list of pages", openapi_extra={"requestBody": _BATCH_DOC})
    async def batch(
        request: Request,
        method: str = Query("auto"), fields: str | None = Query(None), format: str = Query("json"),
        explain: bool = Query(False), links: bool = Query(True),
    ) -> JSONResponse:
        _check_key(request, settings)
        base = _job_base(settings, method, fields, format, explain, False, links)
        body = await _json_body(request, settings)
        items = body.get("items") if isinstance(body, dict) else None
        if not isinstance(items, list) or not items:
            raise RequestError('the body must be {"items": [{"html": ...} or {"url": ...}, ...]}', 400)
        if len(items) > settings.max_batch:
            raise RequestError(f"at most {settings.max_batch} items per batch, not {len(items)}", 413)
        jobs = [_job_from_json(item, base, None) for item in items]
        extractor.admit(len(jobs))
        results = await asyncio.gather(*(extractor.run(job, admitted=True) for job in jobs))
        out = [r["record"] if "record" in r else {"error": r["error"]} for r in results]
        return JSONResponse({"results": out, "errors": sum("error" in r for r in out)})



# The web page's own policy: its scripts and styles from /static only, nothing from
# elsewhere. The annotated page in its srcdoc frame inherits it (no script can run there
# even if one slipped through) and adds its own stricter one.
PAGE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'")


def _install_headers(app: FastAPI) -> None:
    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        if response.headers.get("content-type", "").startswith("text/html"):
            response.headers.setdefault("Content-Security-Policy", PAGE_CSP)
        return response


def _install_errors(app: FastAPI) -> None:
    @app.exception_handler(RequestError)
    async def request_error(request: Request, exc: RequestError) -> JSONResponse:
        return error_response("RequestError", str(exc), exc.status)

    @app.exception_handler(Overloaded)
    async def overloaded(request: Request, exc: Overloaded) -> JSONResponse:
        return error_response("Overloaded", "the server is busy; try again shortly", 503)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(map(str, e.get('loc', ())))}: {e.get('msg')}" for e in exc.errors())
        return error_response("RequestError", f"invalid parameters: {problems}", 400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error_response("HTTPError", str(exc.detail), exc.status_code)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected failure on %s: %s: %s", request.url.path, type(exc).__name__, exc)
        return error_response("InternalError", "internal error", 500)


def _respond(result: dict[str, Any]) -> JSONResponse:
    if "record" in result:
        return JSONResponse(result["record"])
    err = result["error"]
    return JSONResponse(result, status_code=int(err.get("status", 500)))


def _check_key(request: Request, settings: Settings) -> None:
    if not settings.api_key:
        return
    given = request.headers.get("x-api-key") or ""
    auth = request.headers.get("authorization") or ""
    if not given and auth.lower().startswith("bearer "):
        given = auth[7:].strip()
    if not hmac.compare_digest(given.encode(), settings.api_key.encode()):
        raise RequestError("a valid API key is required (X-API-Key header or Authorization: Bearer)", 401)


def _job_base(settings: Settings, method: str, fields: str | None, fmt: str, explain: bool,
              view: bool, links: bool) -> Job:
    from ..registry import methods

    names = {m.name for m in methods()}
    if method not in names:
        raise RequestError(f"unknown method {method!r}; use one of {', '.join(sorted(names))}", 400)
    if fmt not in FORMATS:
        raise RequestError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}", 400)
    wanted = tuple(f.strip() for f in fields.split(",") if f.strip()) if fields else None
    return Job(method=method, fields=wanted, fmt=fmt, explain=explain, view=view, links=links,
               timeout=settings.timeout or None, max_bytes=settings.max_body_bytes,
               allow_private=settings.allow_private)


async def _read_body(request: Request, settings: Settings) -> bytes:
    """The body, at most ``max_body_bytes``, read within the time limit (a client that
    drips its upload does not hold a connection for ever)."""
    limit = settings.max_body_bytes
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise RequestError(f"the request body of {declared} bytes exceeds the limit of {limit}", 413)
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(settings.body_timeout or None):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise RequestError(f"the request body exceeds the limit of {limit} bytes", 413)
                chunks.append(chunk)
    except TimeoutError:
        raise RequestError(f"the request body was not received within {settings.body_timeout:g} s", 408) from None
    return b"".join(chunks)


async def _json_body(request: Request, settings: Settings) -> Any:
    import json

    raw = await _read_body(request, settings)
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise RequestError(f"the body is not valid JSON ({exc.__class__.__name__})", 400) from None


async def _job_from_request(request: Request, settings: Settings, base: Job, url: str | None) -> Job:
    ctype = (request.headers.get("content-type") or "").strip()
    media = ctype.split(";")[0].strip().lower()
    if media == "application/json":
        return _job_from_json(await _json_body(request, settings), base, url)
    if media in ("multipart/form-data", "application/x-www-form-urlencoded"):
        return await _job_from_form(request, settings, base, url)
    if media in _RAW_TYPES or not media:
        data = await _read_body(request, settings)
        if not data:
            raise RequestError("the request body is empty; send the page's HTML", 400)
        return _with(base, data=data, url=url, content_type=ctype if media.startswith("text/") else None)
    raise RequestError(f"unsupported Content-Type {media!r}: send text/html, a form upload or JSON", 415)


def _with(base: Job, **changes: Any) -> Job:
    from dataclasses import replace

    return replace(base, **changes)


def _job_from_json(body: Any, base: Job, url: str | None) -> Job:
    if not isinstance(body, dict):
        raise RequestError('the JSON body must be an object {"html": ...} or {"url": ...}', 400)
    html, page_url = body.get("html"), body.get("url")
    if page_url is not None and not isinstance(page_url, str):
        raise RequestError('"url" must be a string', 400)
    if html is not None:
        if not isinstance(html, str):
            raise RequestError('"html" must be a string', 400)
        return _with(base, data=html.encode("utf-8", "surrogatepass"), url=page_url or url,
                     content_type="text/html; charset=utf-8")
    if page_url:
        return _with(base, fetch_url=page_url.strip())
    raise RequestError('the JSON body needs "html" or "url"', 400)


async def _job_from_form(request: Request, settings: Settings, base: Job, url: str | None) -> Job:
    # the body is read first, with the size and time limits (a chunked upload cannot spool
    # an unbounded file to disk), then parsed from memory
    body = await _read_body(request, settings)

    async def replay() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    try:
        form = await Request(request.scope, replay).form(max_files=1, max_fields=10,
                                                           max_part_size=settings.max_body_bytes)
    except Exception as exc:  # noqa: BLE001 - python-multipart's errors vary by version
        raise RequestError(f"the form could not be read ({type(exc).__name__})", 400) from None
    try:
        upload = form.get("file")
        page_url = form.get("url")
        page_url = page_url if isinstance(page_url, str) and page_url.strip() else None
        if upload is not None and not isinstance(upload, str):
            data = await upload.read(settings.max_body_bytes + 1)
            if len(data) > settings.max_body_bytes:
                raise RequestError(f"the upload exceeds the limit of {settings.max_body_bytes} bytes", 413)
            if not data:
                raise RequestError("the uploaded file is empty", 400)
            return _with(base, data=data, url=page_url or url)
        html = form.get("html")
        if isinstance(html, str) and html.strip():
            return _with(base, data=html.encode("utf-8", "surrogatepass"), url=page_url or url,
                         content_type="text/html; charset=utf-8")
        if page_url:
            return _with(base, fetch_url=page_url.strip())
        raise RequestError('the form needs a "file", "html" or "url" field', 400)
    finally:
        await form.close()


def _examples(settings: Settings) -> dict[str, Path]:
    folder = Path(settings.examples_dir) if settings.examples_dir else None
    if folder is None or not folder.is_dir():
        return {}
    return {p.name: p for p in folder.iterdir()
            if p.is_file() and p.name.endswith((".html", ".htm", ".html.gz"))}
