"""Settings of the HTTP service, read from the command line or the environment.

``maintext serve`` starts uvicorn with ``--workers N`` processes; each imports the app
anew, so the settings travel as ``MAINTEXT_SERVE_*`` environment variables
(:meth:`Settings.to_env` / :meth:`Settings.from_env`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from pathlib import Path

_PREFIX = "MAINTEXT_SERVE_"


def _default_examples() -> str:
    """The repository's examples/ folder, when maintext runs from a checkout."""
    path = Path(__file__).resolve().parents[2] / "examples"
    return str(path) if path.is_dir() else ""


@dataclass
class Settings:
    # Largest request body accepted (413 above): pages over a few MB are rare, and the
    # body is held in memory while it is read.
    max_body_bytes: int = 8 * 1024 * 1024
    # Per-request extraction time limit in seconds (504 above); a URL's fetch counts too.
    timeout: float = 20.0
    # Seconds to receive a request body (413/408 instead of a connection held by a client
    # that drips its upload).
    body_timeout: float = 30.0
    # Extractions running at once in one server process (its pool size).
    concurrency: int = 1
    # Requests waiting for a slot beyond that; more are answered 503 at once.
    max_queue: int = 64
    # "process": a pool of worker processes (a time limit can kill a stuck page; a crash
    # does not take the server down); "thread": threads in the server process (no IPC,
    # but a page over the time limit keeps its thread busy until it finishes).
    executor: str = "process"
    # Address-space limit of each worker process in MB (0: none); a page over it fails alone.
    max_memory_mb: int = 2048
    max_batch: int = 16  # items in one POST /batch
    api_key: str = ""  # when set, /extract and /batch need it (X-API-Key or Bearer)
    # Fetch URLs that resolve to loopback/private/link-local addresses (local use only).
    allow_private: bool = False
    examples_dir: str = ""  # folder of example pages offered by the web page

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        for f in fields(cls):
            raw = env.get(_PREFIX + f.name.upper())
            if raw is None:
                continue
            kind = type(getattr(cls(), f.name))
            values[f.name] = raw.lower() in ("1", "true", "yes") if kind is bool else kind(raw)
        settings = cls(**values)  # type: ignore[arg-type]
        if not settings.examples_dir and _PREFIX + "EXAMPLES_DIR" not in env:
            settings.examples_dir = _default_examples()
        return settings

    def to_env(self) -> dict[str, str]:
        return {_PREFIX + f.name.upper(): str(getattr(self, f.name)) for f in fields(self)}
