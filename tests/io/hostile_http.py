"""A hostile local HTTP server for the fetch-safety tests (127.0.0.1, ephemeral port).

Paths: ``/bomb/<br|gzip|deflate|zstd>`` (a page that decodes to ``BOMB_MB`` MB of zeros),
``/page/<br|gzip|deflate|zstd|gzip2>`` (a small encoded page; gzip2: two gzip members),
``/drip`` (one header byte a second), ``/hang`` (never answers), ``/trickle`` (headers, then one body byte a second),
``/retry-after/<seconds>`` (503 with Retry-After on the first hit, then a page),
``/to?u=URL`` (302 to URL as given), ``/html`` (a plain page).
"""

from __future__ import annotations

import time
import zlib
from functools import lru_cache
from urllib.parse import parse_qs, urlsplit

from ..helpers_http import QuietHandler, ThreadedServer

PAGE = b"<html><body><p>A small encoded page with some words in it.</p></body></html>"
BOMB_MB = 1024


def _zeros(total_mb: int):
    block = b"\0" * (16 * 1024 * 1024)
    for _ in range(total_mb // 16):
        yield block


@lru_cache(maxsize=None)
def encoded(kind: str, bomb: bool) -> bytes:
    """A page (or a bomb of zeros) in the encoding ``kind``."""
    size_mb = BOMB_MB if kind == "br" else 256  # gzip/deflate top out at ~1000:1
    chunks = list(_zeros(size_mb)) if bomb else [PAGE]
    if kind == "br":
        import brotli

        c = brotli.Compressor(quality=5, lgwin=24)
        return b"".join([c.process(ch) for ch in chunks] + [c.finish()])
    if kind == "zstd":
        import zstandard

        z = zstandard.ZstdCompressor(level=3).compressobj()
        return b"".join([z.compress(ch) for ch in chunks] + [z.flush()])
    if kind == "gzip2":
        return encoded("gzip", bomb) + encoded("gzip", bomb)
    wbits = 31 if kind == "gzip" else 15
    co = zlib.compressobj(6, zlib.DEFLATED, wbits)
    return b"".join([co.compress(ch) for ch in chunks] + [co.flush()])


class _Handler(QuietHandler):
    protocol_version = "HTTP/1.0"

    def do_GET(self):  # noqa: N802
        parts = urlsplit(self.path)
        path = parts.path
        self.count_hit(path)
        if path.startswith(("/bomb/", "/page/")):
            kind = path.rsplit("/", 1)[1]
            coding = "gzip" if kind == "gzip2" else kind
            self._send(200, encoded(kind, path.startswith("/bomb/")), Content_Encoding=coding)
        elif path == "/drip":
            self.wfile.write(b"HTTP/1.0 200 OK\r\n")
            try:
                for _ in range(120):
                    self.wfile.write(b"X")
                    self.wfile.flush()
                    time.sleep(1.0)
            except OSError:
                pass
        elif path == "/trickle":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            try:
                for _ in range(120):
                    self.wfile.write(b"a")
                    self.wfile.flush()
                    time.sleep(1.0)
            except OSError:
                pass
        elif path == "/hang":  # accepts the request, never answers
            time.sleep(30)
        elif path.startswith("/retry-after/"):
            if _Handler.hits[path] == 1:
                self._send(503, b"busy", Retry_After=path.rsplit("/", 1)[1])
            else:
                self._send(200, PAGE)
        elif path == "/to":
            self._send(302, b"", Location=parse_qs(parts.query)["u"][0])
        elif path == "/html":
            self._send(200, PAGE)
        else:
            self._send(404, b"not found")


class HostileServer(ThreadedServer):
    handler = _Handler
