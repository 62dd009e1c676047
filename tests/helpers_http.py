"""Local HTTP servers for the online-mode tests (127.0.0.1, ephemeral port, a thread).

:class:`QuietHandler` and :class:`ThreadedServer` are the shared parts (quiet logging, a
per-handler hit count, ``_send``; start/stop, ``url``); :class:`LocalServer` serves ordinary
pages, ``tests/io/hostile_http.py`` hostile ones.
"""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ARTICLE = (
    "<html><head><title>Local article {n}</title></head><body><div>menu</div>"
    "<p>Paragraph one of local article {n} with enough words to be kept as text.</p>"
    "<p>Paragraph two of local article {n}, also long enough to be body text.</p></body></html>"
)

SLOW_SECONDS = 3.0


class QuietHandler(BaseHTTPRequestHandler):
    """A handler that logs nothing and counts hits per path (``hits``, reset per server)."""

    hits: dict[str, int] = {}

    def log_message(self, *args):  # keep test output quiet
        pass

    def count_hit(self, path: str) -> None:
        type(self).hits[path] = type(self).hits.get(path, 0) + 1

    def _send(self, status: int, body: bytes, ctype: str = "text/html; charset=utf-8", **headers):
        """One answer; ``headers`` as keywords (``Content_Encoding="br"``)."""
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers.items():
            self.send_header(k.replace("_", "-"), v)
        self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:  # the client went away
            pass


class ThreadedServer:
    """``handler`` served on 127.0.0.1 at an ephemeral port by a thread, as a context manager."""

    handler: type[QuietHandler] = QuietHandler

    def __init__(self) -> None:
        self.handler.hits = {}
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self.handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    @property
    def hits(self) -> dict[str, int]:
        return self.handler.hits

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class _Handler(QuietHandler):
    in_flight = 0  # concurrent requests to /wait/...
    max_in_flight = 0
    lock = threading.Lock()

    def do_GET(self):  # noqa: N802 - http.server API
        path = self.path.split("?")[0]
        self.count_hit(path)
        if path.startswith("/page/"):
            n = path.rsplit("/", 1)[1]
            self._send(200, ARTICLE.format(n=n).encode())
        elif path.startswith("/wait/"):  # slowish page that records how many run at once
            with _Handler.lock:
                _Handler.in_flight += 1
                _Handler.max_in_flight = max(_Handler.max_in_flight, _Handler.in_flight)
            time.sleep(0.15)
            with _Handler.lock:
                _Handler.in_flight -= 1
            self._send(200, ARTICLE.format(n=path.rsplit("/", 1)[1]).encode())
        elif path == "/gbk":
            body = "<html><body><p>中文正文内容，这是一个用GBK编码的页面，用来测试HTTP头部的字符集。</p></body></html>"
            self._send(200, body.encode("gbk"), "text/html; charset=GBK")
        elif path == "/redirect":
            self._send(302, b"", Location="/page/redirected")
        elif path == "/loop":
            self._send(302, b"", Location="/loop")
        elif path == "/slow":
            time.sleep(SLOW_SECONDS)
            self._send(200, ARTICLE.format(n="slow").encode())
        elif path == "/flaky":  # 503 on the first hit, then fine
            if _Handler.hits[path] == 1:
                self._send(503, b"busy")
            else:
                self._send(200, ARTICLE.format(n="flaky").encode())
        elif path == "/image":
            self._send(200, b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "image/png")
        elif path == "/empty":
            self._send(200, b"")
        else:
            self._send(404, b"not found")


class LocalServer(ThreadedServer):
    handler = _Handler

    def __init__(self) -> None:
        _Handler.in_flight = _Handler.max_in_flight = 0
        super().__init__()

    @property
    def max_in_flight(self) -> int:
        return _Handler.max_in_flight

    def reset_in_flight(self) -> None:
        _Handler.max_in_flight = 0
