"""``maintext serve``: an HTTP service (FastAPI + uvicorn, the ``serve`` extra) and a web
page that shows, on the page itself, which blocks were kept and why.

- :mod:`.app`: the ASGI app (``POST /extract``, ``POST /batch``, ``GET /health``, docs, ``/``);
- :mod:`.executor`: extraction off the event loop, with concurrency and time limits;
- :mod:`.jobs`: one request as a picklable job and the worker function;
- :mod:`.annotate`: the annotated view (blocks outlined by decision);
- :mod:`.viewer`: the same view as one standalone HTML file (``extract --explain --format html``);
- ``static/``: the web page (plain HTML/CSS/JS, no build step).
"""

from __future__ import annotations

from .settings import Settings


def run(settings: Settings, *, host: str = "127.0.0.1", port: int = 8000, workers: int = 1,
        log_level: str = "info") -> None:
    """Serve with uvicorn; ``workers`` server processes, each with its own extractor."""
    import os

    import uvicorn

    os.environ.update(settings.to_env())
    uvicorn.run("maintext.serve.app:create_app", factory=True, host=host, port=port,
                workers=workers if workers > 1 else None, log_level=log_level,
                access_log=False, timeout_graceful_shutdown=5)


__all__ = ["Settings", "run"]
