"""Batch extraction: many pages, offline (folders of HTML) or online (a file of URLs).

Offline mode walks folders recursively for ``.html``, ``.htm`` and ``.html.gz`` files.
A page's id is its file name without that suffix (``pages/ab12.html.gz`` -> ``ab12``);
when two files share a name, each of them gets its path relative to the input folder
instead (``2019/a/index``), so ids stay unique and stable between runs.

WARC archives (``.warc``, ``.warc.gz``, ...; given or found in folders) are streamed
record by record (:mod:`maintext.io.warc`, extra ``maintext[warc]``): each HTML response is a
page whose id is its ``WARC-Record-ID`` and whose URL is its ``WARC-Target-URI``.

Online mode reads a file with one URL per line (blank lines and ``#`` comments are
skipped). A page's id is the URL itself, exactly as written; a line ``ID URL`` (two
fields separated by whitespace) sets the id explicitly. Pages are fetched by a small
thread pool (httpx: timeouts, retries, redirects followed, only http/https) with at
most ``per_host`` requests at a time to one host, then extracted like offline pages.

Extraction runs in worker processes that this module manages itself rather than a
``ProcessPoolExecutor``, so that one bad page can never take the batch down:

* per-page time limit: a ``SIGALRM`` timer in the worker interrupts the extraction
  (:class:`~maintext.errors.PageTimeoutError`); a worker stuck in C code past the limit
  plus a grace period is killed by the parent and replaced;
* per-worker memory limit: ``RLIMIT_AS`` in each worker, so a huge page raises
  ``MemoryError`` in that worker only; the worker is then replaced;
* a worker that dies (segfault, OOM killer) costs only the page it was working on;
* workers are recycled after ``max_tasks_per_child`` pages (bounded leaks).

Every input gives exactly one output record: ``Page.to_dict()`` plus ``id`` and
``source`` for a page, or ``{"id", "url", "source", "text": "", "error": "Type: message"}``
for a failure. JSONL output is appended line by line and flushed, so an interrupted run
resumes where it stopped (ids already in the output are skipped). ``workers=1`` runs
everything in the calling process (no pool: easy to profile; no memory limit and no
hard kill, only the timer).
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import pickle
import queue
import signal
import sys
import threading
import tempfile
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..errors import LoadError, MaintextError, PageTimeoutError
from ..options import Options
from ..output.formats import folder_text, safe_filename
from ..io.warc import WarcStats, is_warc_name, iter_warc_pages
from ..site.group import attach_site_pages

HTML_SUFFIXES = (".html.gz", ".htm.gz", ".html", ".htm")
_MAX_MESSAGE = 300  # characters of an error message kept in a record


class WorkerCrashError(MaintextError):
    """The worker process died while extracting a page (killed, out of memory, crash)."""


@dataclass(slots=True)
class Task:
    """One page to process. Offline: ``path``; online: ``content`` fetched from ``url``,
    or ``error`` when the fetch failed (recorded without extraction)."""

    id: str
    path: str | None = None
    url: str | None = None
    source: str | None = None
    content: bytes | None = None
    content_type: str | None = None
    error: str | None = None
    # Other pages of the same site for template-removal methods: (path, url, content type).
    site_pages: list[tuple[str, str | None, str | None]] = field(default_factory=list)


@dataclass
class BatchConfig:
    method: str
    out: Path
    fmt: str = "jsonl"  # "jsonl" or "folder"
    workers: int = 0  # 0: one per CPU
    timeout: float | None = 30.0  # per-page extraction time limit in seconds; None: none
    max_memory_mb: int = 2048  # per-worker address-space limit; 0: none
    resume: bool = True
    limit: int | None = None
    progress: bool = True
    options: Options = field(default_factory=Options)
    fetch_threads: int = 8
    per_host: int = 2
    fetch_timeout: float = 20.0
    fetch_retries: int = 2
    max_tasks_per_child: int = 500
    # Attach up to this many other pages of the same site to each page (doc.site_docs) for
    # methods that remove the site's template; 0: pages are extracted alone.
    site_pages: int = 0


@dataclass
class Summary:
    total: int = 0
    ok: int = 0
    empty: int = 0
    failed: int = 0
    skipped: int = 0  # already in the output (resume)
    seconds: float = 0.0
    errors: dict[str, int] = field(default_factory=dict)  # error type -> count

    def add(self, record: dict[str, Any]) -> None:
        self.total += 1
        if record.get("error"):
            self.failed += 1
            kind = str(record["error"]).split(":", 1)[0]
            self.errors[kind] = self.errors.get(kind, 0) + 1
        elif record.get("text"):
            self.ok += 1
        else:
            self.empty += 1

    @property
    def rate(self) -> float:
        return self.total / self.seconds if self.seconds > 0 else 0.0

    def line(self) -> str:
        text = (f"{self.total} pages: {self.ok} ok, {self.empty} empty, {self.failed} failed"
                f" in {self.seconds:.1f} s ({self.rate:.1f} pages/s)")
        if self.skipped:
            text += f"; {self.skipped} already done (resume)"
        if self.errors:
            text += "; errors: " + ", ".join(f"{k} {v}" for k, v in sorted(self.errors.items()))
        return text


# ----------------------------------------------------------------------------- inputs

def is_html_name(name: str) -> bool:
    return name.lower().endswith(HTML_SUFFIXES)


def strip_html_suffix(name: str) -> str:
    lower = name.lower()
    for suffix in HTML_SUFFIXES:
        if lower.endswith(suffix):
            return name[: -len(suffix)]
    return name


def find_pages(inputs: Iterable[str | Path], warcs: list[Path] | None = None) -> list[Task]:
    """Offline tasks for files and folders (searched recursively), with unique ids.

    With a ``warcs`` list, WARC archives (given or found in folders) are appended to it
    instead of being taken as pages; their pages are streamed by :func:`warc_tasks`."""
    found: list[tuple[Path, Path]] = []  # (file, the folder its relative id is taken from)
    for item in inputs:
        p = Path(item)
        if p.is_dir():
            for f in sorted(f for f in p.rglob("*") if f.is_file()):
                if warcs is not None and is_warc_name(f.name):
                    warcs.append(f)
                elif is_html_name(f.name):
                    found.append((f, p))
        elif p.is_file():
            if warcs is not None and is_warc_name(p.name):
                warcs.append(p)
            else:
                found.append((p, p.parent))
        else:
            raise LoadError(f"no such file or folder: {p}")
    names: dict[str, int] = {}
    for f, _ in found:
        stem = strip_html_suffix(f.name)
        names[stem] = names.get(stem, 0) + 1
    tasks: list[Task] = []
    seen: set[str] = set()
    for f, root in found:
        page_id = strip_html_suffix(f.name)
        if names[page_id] > 1:
            page_id = strip_html_suffix(f.relative_to(root).as_posix())
        base, n = page_id, 1
        while page_id in seen:  # same relative path under two input folders
            n += 1
            page_id = f"{base}~{n}"
        seen.add(page_id)
        tasks.append(Task(id=page_id, path=str(f), source=str(f)))
    return tasks


def warc_tasks(warcs: Iterable[Path], done: set[str], max_bytes: int | None,
               log: Callable[[str], None] | None = None,
               on_skip: Callable[[], None] | None = None) -> Iterator[Task]:
    """Tasks for the HTML pages of WARC archives, streamed (pages in ``done`` skipped).

    An archive that cannot be read, or breaks off, becomes one failure record (id: its
    path) after the pages read before the damage."""
    for path in warcs:
        stats = WarcStats()
        try:
            for wp in iter_warc_pages(path, max_bytes=max_bytes, stats=stats):
                if wp.id in done:
                    if on_skip:
                        on_skip()
                    continue
                yield Task(id=wp.id, url=wp.url, source=f"{path}#{wp.id}", content=wp.content,
                           content_type=wp.content_type, error=wp.error)
        except LoadError as exc:
            if str(path) not in done:
                yield Task(id=str(path), source=str(path), error=one_line(exc))
        if log:
            log(f"{path}: {stats.pages} pages; skipped {stats.not_ok} non-2xx responses "
                f"and {stats.not_html} responses that are not HTML")


def read_url_list(path: str | Path) -> list[Task]:
    """Online tasks from a file of ``URL`` or ``ID URL`` lines (not fetched yet)."""
    try:
        lines = Path(path).read_text(encoding="utf-8-sig", errors="replace").splitlines()
    except OSError as exc:
        raise LoadError(f"cannot read URL list {path}: {exc.strerror or exc}") from None
    tasks: list[Task] = []
    seen: set[str] = set()
    for lineno, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) == 1:
            page_id = url = parts[0]
        elif len(parts) == 2:
            page_id, url = parts
        else:
            page_id = url = line
        if page_id in seen:
            continue  # the same page twice: one record
        seen.add(page_id)
        task = Task(id=page_id, url=url, source=url)
        if len(parts) > 2:
            task.error = f"FetchError: line {lineno} of {path} is not 'URL' or 'ID URL'"
        tasks.append(task)
    return tasks


# ----------------------------------------------------------------------------- records

def one_line(exc: BaseException) -> str:
    """``TypeName: message`` on one line, shortened."""
    message = " ".join(str(exc).split())
    if len(message) > _MAX_MESSAGE:
        message = message[: _MAX_MESSAGE - 3] + "..."
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


def error_record(task: Task, error: str) -> dict[str, Any]:
    return {"id": task.id, "url": task.url, "source": task.source, "text": "", "error": error}


def page_record(task: Task, page: Any, fields: tuple[str, ...] | None = None) -> dict[str, Any]:
    from ..output.fields import record as fields_record  # the asked fields (None: the default record)

    record = {"id": task.id, **fields_record(page, fields), "source": task.source}
    if not record.get("url") and task.url:
        record["url"] = task.url
    return record


@contextmanager
def time_limit(seconds: float | None):
    """Raise :class:`PageTimeoutError` in the block after ``seconds`` (main thread only).

    If the block swallows the exception and finishes anyway, the time limit was still
    exceeded, so it is raised on exit.
    """
    if (not seconds or not hasattr(signal, "setitimer")  # no interval timers on Windows
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    fired = False
    message = f"page took longer than the limit of {seconds:g} s"

    def on_alarm(signum: int, frame: Any) -> None:
        nonlocal fired
        fired = True
        raise PageTimeoutError(message)

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if fired:
        raise PageTimeoutError(message)


def run_task(task: Task, method: str, options: Options, timeout: float | None) -> tuple[dict[str, Any], bool]:
    """Extract one page; returns ``(record, fatal)``. Never raises on a bad page;
    ``fatal`` means the process should be replaced (it ran out of memory)."""
    if task.error:
        return error_record(task, task.error), False
    from ..api import extract

    try:
        with time_limit(timeout):
            source: Any = Path(task.path) if task.path is not None else task.content
            if task.site_pages:
                page = _extract_with_site(task, source, method, options)
            else:
                page = extract(source, url=task.url, method=method, options=options,
                               content_type=task.content_type)
            return page_record(task, page, options.fields), False
    except MemoryError:
        return error_record(task, "MemoryError: the page exceeded the worker memory limit"), True
    except Exception as exc:  # noqa: BLE001 - any failure of one page is recorded, the batch goes on
        return error_record(task, one_line(exc)), False


# ----------------------------------------------------------------------------- site pages

# Site pages loaded by this process, most recent last: pages of one site are each other's
# comparison pages, so a worker that handles a site's pages reads each of them once (and
# keeps the walk computed on it, see maintext.site.template).
_SITE_CACHE: "OrderedDict[str, Any]" = OrderedDict()
_SITE_CACHE_SIZE = 32


def _site_document(path: str, url: str | None, content_type: str | None, options: Options) -> Any:
    from ..api import load_document

    doc = _SITE_CACHE.get(path)
    if doc is None or doc.options is not options:
        doc = load_document(Path(path), url=url, content_type=content_type, options=options)
        _SITE_CACHE[path] = doc
        while len(_SITE_CACHE) > _SITE_CACHE_SIZE:
            _SITE_CACHE.popitem(last=False)
    _SITE_CACHE.move_to_end(path)
    return doc


def _extract_with_site(task: Task, source: Any, method: str, options: Options) -> Any:
    """Extract ``task``'s page with its site pages attached; a site page that cannot be
    read is left out (the page is then compared with fewer pages, or none)."""
    from ..api import extract_document, load_document

    doc = load_document(source, url=task.url, content_type=task.content_type, options=options)
    attach_site_pages(doc, task.site_pages, lambda page: _site_document(*page, options))
    return extract_document(doc, method)


def plan_site_pages(tasks: list[Task], k: int, options: Options) -> tuple[int, int]:
    """Give each task with a known site up to ``k`` other tasks of that site as site pages.

    A page's site comes from its URL (online) or, for a saved page, from the address it
    declares (canonical link, ``og:url``), read without parsing. Returns (pages with site
    pages, pages alone on their site or without a known site)."""
    from ..site.group import group_by_site, neighbourhoods, similar_pages

    class _Stub:  # what maintext.site.group needs of a page: url and html
        __slots__ = ("task", "url", "html")

        def __init__(self, task: Task, url: str | None) -> None:
            self.task, self.url, self.html = task, url, task.id

    stubs = []
    for task in tasks:
        if task.path is None or task.error:
            continue
        url = task.url or _declared_url_of_file(task.path, options)
        stubs.append(_Stub(task, url))
    with_site = 0
    for group in group_by_site(stubs).values():  # type: ignore[arg-type]
        for stub, candidates in neighbourhoods(group, _stub_url):  # type: ignore[arg-type]
            chosen = similar_pages(stub, candidates, k)  # type: ignore[arg-type]
            stub.task.site_pages = [(o.task.path, o.url, o.task.content_type) for o in chosen]  # type: ignore[attr-defined]
            with_site += bool(chosen)
    return with_site, len(tasks) - with_site


# Bytes of a saved page read to find the address it declares (the tags sit in its head).
_HEAD_BYTES = 128 * 1024


def _declared_url_of_file(path: str, options: Options) -> str | None:
    """The canonical/og:url address a saved page declares, from the start of the file
    (ASCII-compatible encodings; otherwise, or when not found, the decoded whole page)."""
    import gzip

    from ..io.loading import load
    from ..metadata.urls import declared_url

    try:
        opener = gzip.open if path.lower().endswith(".gz") else open
        with opener(path, "rb") as fh:
            head = fh.read(_HEAD_BYTES)
        url = declared_url(head.decode("utf-8", errors="replace"))
        if url or b"\x00" not in head[:4096]:
            return url
        return declared_url(load(Path(path), max_bytes=options.max_input_bytes,
                                 default_encoding=options.default_encoding).html)
    except (OSError, EOFError, MaintextError, ValueError):
        return None


def _stub_url(stub: Any) -> str | None:
    return stub.url


def spool_online(tasks: list[Task], cfg: BatchConfig, folder: Path) -> list[Task]:
    """Fetch every online task into ``folder`` (for site pages, which need the whole site
    at hand): returns the tasks with ``path`` set (or ``error``)."""
    done: list[Task] = []
    for n, task in enumerate(fetch_tasks(tasks, cfg)):
        if not task.error and task.content is not None:
            path = folder / f"{n}.html"
            path.write_bytes(task.content)
            task.path, task.content = str(path), None
        done.append(task)
    order = {t.id: i for i, t in enumerate(tasks)}
    done.sort(key=lambda t: order.get(t.id, 0))
    return done


# ----------------------------------------------------------------------------- sinks

def read_done_ids(path: Path) -> set[str]:
    """Ids recorded in a JSONL file; a torn last line (interrupted write) is cut off."""
    done: set[str] = set()
    if not path.is_file():
        return done
    good_end = 0
    with open(path, "rb") as fh:
        for raw in fh:
            if not raw.endswith(b"\n"):
                break
            try:
                rec = json.loads(raw)
            except ValueError:
                if raw.strip():
                    break
                good_end += len(raw)
                continue
            if isinstance(rec, dict) and "id" in rec:
                done.add(str(rec["id"]))
            good_end += len(raw)
    if good_end < path.stat().st_size:
        with open(path, "r+b") as fh:
            fh.truncate(good_end)
    return done


def _dump(record: dict[str, Any]) -> str:
    """One JSON line; values JSON does not know (in a method's ``extra``) become strings."""
    line = json.dumps(record, ensure_ascii=False, default=str)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates (e.g. from JSON-LD escapes): keep them escaped
        line = json.dumps(record, default=str)
    return line + "\n"


class JsonlSink:
    """One JSON line per page, appended and flushed as results arrive."""

    def __init__(self, path: Path, resume: bool) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.done = read_done_ids(path) if resume else set()
        self.fh = open(path, "a" if resume else "w", encoding="utf-8")

    def write(self, record: dict[str, Any]) -> None:
        self.fh.write(_dump(record))
        self.fh.flush()

    def close(self) -> None:
        self.fh.close()


class FolderSink:
    """One ``<id>.txt`` per page in the folder layout, and ``index.jsonl`` listing every
    page (file name, or error / reason): the index makes resume work and loses nothing."""

    INDEX = "index.jsonl"

    def __init__(self, folder: Path, resume: bool) -> None:
        if folder.exists() and not folder.is_dir():
            raise LoadError(f"{folder} exists and is not a folder")
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.index = JsonlSink(folder / self.INDEX, resume)
        self.done = self.index.done

    def write(self, record: dict[str, Any]) -> None:
        entry = {k: record.get(k) for k in ("id", "url", "title") if record.get(k) is not None}
        if record.get("error"):
            entry["error"] = record["error"]
        else:
            name = safe_filename(str(record["id"]))
            (self.folder / name).write_text(folder_text(record), encoding="utf-8", errors="replace")
            entry["file"] = name
            if not record.get("text"):
                entry["reason"] = record.get("reason")
        self.index.write(entry)

    def close(self) -> None:
        self.index.close()


# ----------------------------------------------------------------------------- online fetching

def fetch_tasks(tasks: list[Task], cfg: BatchConfig) -> Iterator[Task]:
    """Fetch the pages of online tasks, a bounded number ahead; yield them as they arrive
    (with ``content`` set, or ``error`` when fetching failed)."""
    from ..io.fetch import Session, fetch

    client = Session(allow_private=cfg.options.allow_private, user_agent=cfg.options.user_agent,
                     max_connections=cfg.fetch_threads * 2)
    semaphores: dict[str, threading.BoundedSemaphore] = {}
    lock = threading.Lock()

    def host_semaphore(url: str) -> threading.BoundedSemaphore:
        host = (urlsplit(url).hostname or "").lower()
        with lock:
            if host not in semaphores:
                semaphores[host] = threading.BoundedSemaphore(max(1, cfg.per_host))
            return semaphores[host]

    def job(task: Task) -> Task:
        if task.error:
            return task
        try:
            with host_semaphore(task.url or ""):
                fetched = fetch(task.url or "", timeout=cfg.fetch_timeout, retries=cfg.fetch_retries,
                                max_bytes=cfg.options.max_input_bytes, client=client,
                                allow_private=cfg.options.allow_private, deadline=cfg.options.fetch_deadline)
        except Exception as exc:  # noqa: BLE001 - a failed fetch is a failed page, not a failed batch
            task.error = one_line(exc)
            return task
        task.url, task.content, task.content_type = fetched.url, fetched.content, fetched.content_type
        return task

    done: queue.Queue[Future[Task]] = queue.Queue()
    pool = ThreadPoolExecutor(max_workers=max(1, cfg.fetch_threads), thread_name_prefix="maintext-fetch")
    pending = 0
    todo = iter(tasks)
    window = max(1, cfg.fetch_threads) * 2  # bodies held in memory at most

    def submit_next() -> bool:
        nonlocal pending
        task = next(todo, None)
        if task is None:
            return False
        pool.submit(job, task).add_done_callback(done.put)
        pending += 1
        return True

    try:
        while pending < window and submit_next():
            pass
        while pending:
            future = done.get()
            pending -= 1
            submit_next()
            yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        client.close()


# ----------------------------------------------------------------------------- workers

@dataclass
class _WorkerInit:
    method: str
    options: Options
    timeout: float | None
    max_memory_mb: int
    max_tasks: int
    sys_path: list[str]
    registrations: list[tuple[str, str, str]]


def _limit_memory(megabytes: int) -> None:
    if megabytes <= 0:
        return
    try:
        import resource
    except ImportError:  # Windows: no per-process limits; the hard time limit still applies
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = megabytes * 1024 * 1024
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):  # some kernels (macOS) refuse RLIMIT_AS: run without it
        pass


def _setup_worker(init: _WorkerInit) -> None:
    from .. import registry

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is handled by the parent
    for entry in init.sys_path:
        if entry not in sys.path:
            sys.path.append(entry)
    known = {m.name for m in registry.methods()}
    for name, module, summary in init.registrations:  # plug-ins registered in the parent
        if name not in known:
            registry.register(name, module, summary)
    _limit_memory(init.max_memory_mb)


def _worker_main(conn: Any, init: _WorkerInit) -> None:
    _setup_worker(init)
    for count in range(1, init.max_tasks + 1):
        try:
            task = conn.recv()
        except (EOFError, OSError):
            break
        except MemoryError:
            break
        if task is None:
            break
        record, fatal = run_task(task, init.method, init.options, init.timeout)
        exiting = fatal or count == init.max_tasks
        try:
            try:
                conn.send((record, exiting))
            except (pickle.PicklingError, TypeError, AttributeError, RecursionError) as exc:
                # something in the result cannot cross to the parent (pickling fails
                # before anything is written, so the pipe is still clean)
                conn.send((error_record(task, f"ResultError: {one_line(exc)}"), exiting))
        except (OSError, ValueError):
            break
        if exiting:
            break
    conn.close()


class _Worker:
    def __init__(self, ctx: Any, init: _WorkerInit) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, init), daemon=True,
                                name="maintext-worker")
        self.proc.start()
        child.close()
        self.queue: deque[Task] = deque()  # sent, not answered yet; the head is running
        self.started = 0.0  # when the head task started (about)
        self.sent = 0  # tasks sent in all (a worker takes at most max_tasks)
        self.done = 0  # pages finished by this worker

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.proc.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        self.proc.join(timeout=2.0)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(timeout=2.0)
        self.conn.close()


def _mp_context(method_module: str | None = None) -> Any:
    # forkserver: workers start from a clean single-threaded server process, which is
    # safe while fetch threads are running; fork is the fallback where it is missing.
    # The server imports the library (and the method) once, so a new or recycled worker
    # starts without paying for imports.
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        preload = ["maintext.api", "maintext.html.document", "maintext.metadata.extract", "lxml.html"]
        if method_module and method_module.startswith("maintext."):
            preload.append(method_module)
        ctx.set_forkserver_preload(preload)
        return ctx
    return multiprocessing.get_context("spawn" if "fork" not in methods else "fork")


def _hard_limit(timeout: float | None) -> float | None:
    """When the parent kills a worker that ignored its timer (stuck in C code)."""
    return None if not timeout else timeout + max(2.0, timeout * 0.5)


# Tasks sent ahead to each worker: the next page is waiting in the pipe when one is done,
# so a worker never idles while the parent (busy writing, or descheduled on a loaded
# machine) gets round to it.
_PIPELINE_DEPTH = 2


def _run_pool(tasks: Iterator[Task], cfg: BatchConfig, n_workers: int,
              emit: Callable[[dict[str, Any]], None]) -> None:
    from .. import registry

    init = _WorkerInit(
        method=cfg.method, options=cfg.options, timeout=cfg.timeout, max_memory_mb=cfg.max_memory_mb,
        max_tasks=max(1, cfg.max_tasks_per_child), sys_path=list(sys.path),
        registrations=[(m.name, m.module, m.summary) for m in registry.methods()],
    )
    ctx = _mp_context(next((m.module for m in registry.methods() if m.name == cfg.method), None))
    hard = _hard_limit(cfg.timeout)
    workers: list[_Worker] = [_Worker(ctx, init) for _ in range(n_workers)]
    retry: deque[Task] = deque()  # sent to a worker that went away before starting them
    exhausted = False
    startup_deaths = 0  # workers that died before finishing any page, in a row

    def next_task() -> Task | None:
        nonlocal exhausted
        while retry or not exhausted:
            task = retry.popleft() if retry else next(tasks, None)
            if task is None:
                exhausted = True
                return None
            if not task.error:
                return task
            emit(error_record(task, task.error))  # failed fetch: nothing to extract
        return None

    def replace(i: int, kill: bool) -> None:
        old = workers[i]
        retry.extendleft(reversed(old.queue))  # waiting tasks go to another worker
        old.queue.clear()
        old.stop(kill=kill)
        workers[i] = _Worker(ctx, init)

    def fail_head(i: int, error: str) -> None:
        emit(error_record(workers[i].queue.popleft(), error))
        replace(i, kill=True)

    def crashed(i: int) -> None:
        nonlocal startup_deaths
        worker = workers[i]
        code = worker.proc.exitcode
        startup_deaths = startup_deaths + 1 if not worker.done else 0
        fail_head(i, f"WorkerCrashError: worker process died (exit code {code})")
        if startup_deaths > 2 * n_workers:
            raise MaintextError(
                f"{startup_deaths} worker processes in a row died before finishing a page (last exit "
                f"code {code}); when calling run_batch from a script, put the call under "
                "`if __name__ == '__main__':`")

    try:
        while True:
            for worker in workers:
                while len(worker.queue) < _PIPELINE_DEPTH and worker.sent < init.max_tasks:
                    task = next_task()
                    if task is None:
                        break
                    try:
                        worker.conn.send(task)
                    except OSError:  # the worker has gone: it is noticed below
                        retry.appendleft(task)
                        break
                    if not worker.queue:
                        worker.started = time.monotonic()
                    worker.queue.append(task)
                    worker.sent += 1
            active = [w for w in workers if w.queue]
            if not active:
                if exhausted and not retry:
                    break
                for i, worker in enumerate(workers):  # idle workers that died
                    if not worker.proc.is_alive() or worker.sent >= init.max_tasks:
                        replace(i, kill=True)
                continue
            wait([w.conn for w in active] + [w.proc.sentinel for w in active], timeout=0.25)
            now = time.monotonic()
            for i, worker in enumerate(workers):
                if not worker.queue:
                    continue
                if worker.conn.poll():
                    try:
                        record, exiting = worker.conn.recv()
                    except Exception:  # noqa: BLE001 - EOF or a torn message: the worker died
                        crashed(i)
                        continue
                    worker.queue.popleft()
                    worker.done += 1
                    startup_deaths = 0
                    worker.started = now
                    emit(record)
                    if exiting:
                        replace(i, kill=False)
                elif not worker.proc.is_alive():
                    crashed(i)
                elif hard is not None and now - worker.started > hard:
                    fail_head(i, f"PageTimeoutError: page took longer than the limit of "
                                 f"{cfg.timeout:g} s (worker killed)")
    finally:
        for worker in workers:
            worker.stop(kill=bool(worker.queue))


def _run_inline(tasks: Iterator[Task], cfg: BatchConfig, emit: Callable[[dict[str, Any]], None]) -> None:
    for task in tasks:
        record, _ = run_task(task, cfg.method, cfg.options, cfg.timeout)
        emit(record)


# ----------------------------------------------------------------------------- driver

def run_batch(cfg: BatchConfig, inputs: Iterable[str | Path] = (), urls_file: str | Path | None = None,
              log: Callable[[str], None] | None = None, extra_urls: Iterable[str] = (),
              crawled: Iterable[Task] | None = None) -> Summary:
    """Process every input page once, writing one record per page to ``cfg.out``.

    ``extra_urls``: more online pages (from --sitemap/--feed, maintext.io.discover);
    ``crawled``: pages a crawler fetched already (--crawl, maintext.io.crawl), streamed."""
    from ..registry import get_method

    get_method(cfg.method)  # unknown method: fail before any work
    warcs: list[Path] = []
    offline = find_pages(inputs, warcs)
    online = read_url_list(urls_file) if urls_file else []
    listed = {t.id for t in online}
    online += [Task(id=u, url=u, source=u) for u in extra_urls if u not in listed and not listed.add(u)]
    if not offline and not online and not warcs and crawled is None:
        raise LoadError("no input pages (.html, .htm, .html.gz, .warc, .warc.gz) found")
    if (warcs or crawled is not None) and cfg.site_pages > 0:
        raise LoadError("--site-pages does not take WARC input (pages of a site are compared "
                        "from folders or URL lists)")
    if cfg.fmt == "jsonl":
        sink: JsonlSink | FolderSink = JsonlSink(cfg.out, cfg.resume)
    elif cfg.fmt == "folder":
        sink = FolderSink(cfg.out, cfg.resume)
    else:
        raise ValueError(f"unknown batch format {cfg.fmt!r}; use jsonl or folder")
    summary = Summary()
    spool = tempfile.TemporaryDirectory(prefix="maintext-site-") if cfg.site_pages > 0 and online else None
    try:
        todo_offline = [t for t in offline if t.id not in sink.done]
        todo_online = [t for t in online if t.id not in sink.done]
        summary.skipped = len(offline) + len(online) - len(todo_offline) - len(todo_online)
        if cfg.limit is not None:
            todo_offline = todo_offline[: cfg.limit]
            todo_online = todo_online[: max(0, cfg.limit - len(todo_offline))]
        if cfg.site_pages > 0:
            if spool is not None and todo_online:
                if log:
                    log(f"fetching {len(todo_online)} pages before extraction (--site-pages)")
                todo_online = spool_online(todo_online, cfg, Path(spool.name))
                # pages already done still serve as site pages only when saved locally
            with_site, alone = plan_site_pages(offline + todo_online, cfg.site_pages, cfg.options)
            if log:
                log(f"site pages: {with_site} pages compared with others of their site, "
                    f"{alone} alone on their site (extracted without a template step)")
        total = len(todo_offline) + len(todo_online)
        warc_limit = None if cfg.limit is None else max(0, cfg.limit - total)
        n_workers = cfg.workers or os.cpu_count() or 1
        n_workers = max(1, n_workers if warcs or crawled is not None else min(n_workers, total))

        def count_skip() -> None:
            summary.skipped += 1

        def all_tasks() -> Iterator[Task]:
            yield from todo_offline
            if todo_online and spool is not None:
                yield from todo_online  # fetched already
            elif todo_online:
                yield from fetch_tasks(todo_online, cfg)
            if crawled is not None and warc_limit != 0:
                stream = (t for t in crawled if t.id not in sink.done)
                yield from (stream if warc_limit is None else itertools.islice(stream, warc_limit))
            if warcs and warc_limit != 0:
                stream = warc_tasks(warcs, sink.done, cfg.options.max_input_bytes, log, count_skip)
                yield from (stream if warc_limit is None else itertools.islice(stream, warc_limit))

        from tqdm import tqdm

        bar = tqdm(total=None if warcs or crawled is not None else total, unit="page", file=sys.stderr,
                   disable=not cfg.progress or (total == 0 and not warcs and crawled is None),
                   dynamic_ncols=True, smoothing=0.1)

        def emit(record: dict[str, Any]) -> None:
            sink.write(record)
            summary.add(record)
            bar.update(1)

        start = time.perf_counter()
        try:
            if total or warcs or crawled is not None:
                if cfg.workers == 1:
                    _run_inline(all_tasks(), cfg, emit)
                else:
                    _run_pool(all_tasks(), cfg, n_workers, emit)
        finally:
            summary.seconds = time.perf_counter() - start
            bar.close()
    finally:
        sink.close()
        if spool is not None:
            spool.cleanup()
    if log:
        log(summary.line())
    return summary
