"""Bounded, incremental decoding of HTTP bodies (``Content-Encoding``).

Takes the raw byte chunks of a response and its ``Content-Encoding`` header; gives the
decoded bytes as pieces of at most :data:`PIECE` bytes, so that the caller can stop at its
size cap before anything large exists in memory. Every decoder asks its library for a
bounded output (zlib ``max_length``, brotli ``output_buffer_limit``, zstandard's
``read_to_iter`` write size): a 3 KB brotli bomb that would decode to gigabytes never
grows the process past a few pieces. Encodings: gzip (several members too), deflate (zlib
or raw), br (``brotli`` >= 1.2), zstd (``zstandard``), identity; chains like ``gzip, br``
are undone in reverse order. An encoding we cannot decode raises :class:`FetchError`
(and :func:`accept_encoding` never offers it).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator

from ..errors import FetchError

PIECE = 64 * 1024  # largest decoded piece handed on at once


def _brotli():
    try:
        import brotli
    except ImportError:
        return None
    return brotli if "output_buffer_limit" in (brotli.Decompressor.process.__doc__ or "") else None


def _zstandard():
    try:
        import zstandard
    except ImportError:
        return None
    return zstandard


def accept_encoding() -> str:
    """The ``Accept-Encoding`` header: the encodings this module can decode with a bound."""
    names = ["gzip", "deflate"]
    if _brotli() is not None:
        names.append("br")
    if _zstandard() is not None:
        names.append("zstd")
    return ", ".join(names)


def decode_body(chunks: Iterable[bytes], content_encoding: str | None) -> Iterator[bytes]:
    """Decoded pieces of ``chunks`` (each at most :data:`PIECE` bytes, apart from identity
    chunks, which the transport already bounds)."""
    stream: Iterable[bytes] = chunks
    codings = [c.strip().lower() for c in (content_encoding or "").split(",") if c.strip()]
    for coding in reversed(codings):
        stream = _decoder(coding)(stream)
    return iter(stream)


def _decoder(coding: str):
    if coding in ("identity", "none"):
        return lambda chunks: chunks
    if coding in ("gzip", "x-gzip"):
        return _gunzip
    if coding == "deflate":
        return _inflate
    if coding == "br" and _brotli() is not None:
        return _unbrotli
    if coding == "zstd" and _zstandard() is not None:
        return _unzstd
    raise FetchError(f"unsupported Content-Encoding {coding!r}")


def _zlib_pieces(d, data: bytes) -> Iterator[bytes]:
    """Everything ``d`` yields for ``data``, PIECE bytes at a time."""
    while True:
        out = d.decompress(data, PIECE)
        if out:
            yield out
        data = d.unconsumed_tail
        if not data and len(out) < PIECE:
            return


def _gunzip(chunks: Iterable[bytes]) -> Iterator[bytes]:
    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        for chunk in chunks:
            while chunk:
                yield from _zlib_pieces(d, chunk)
                chunk = b""
                if d.eof and d.unused_data:  # a further gzip member follows
                    chunk = d.unused_data
                    if chunk.lstrip(b"\x00") == b"":
                        break  # trailing padding
                    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    except zlib.error as exc:
        raise FetchError(f"corrupt gzip body ({exc})") from None


def _inflate(chunks: Iterable[bytes]) -> Iterator[bytes]:
    d = None
    try:
        for chunk in chunks:
            if d is None:  # "deflate" is zlib-wrapped by the RFC, raw from some servers
                wrapped = len(chunk) >= 2 and (chunk[0] & 0x0F) == 8 and (chunk[0] << 8 | chunk[1]) % 31 == 0
                d = zlib.decompressobj(zlib.MAX_WBITS if wrapped else -zlib.MAX_WBITS)
            yield from _zlib_pieces(d, chunk)
    except zlib.error as exc:
        raise FetchError(f"corrupt deflate body ({exc})") from None


def _unbrotli(chunks: Iterable[bytes]) -> Iterator[bytes]:
    brotli = _brotli()
    d = brotli.Decompressor()
    try:
        for chunk in chunks:
            out = d.process(chunk, output_buffer_limit=PIECE)
            if out:
                yield out
            while not d.can_accept_more_data():
                out = d.process(b"", output_buffer_limit=PIECE)
                if not out:
                    break
                yield out
    except brotli.error as exc:
        raise FetchError(f"corrupt brotli body ({exc})") from None


class _ChunkReader:
    """A ``read(n)`` view of an iterator of chunks (for zstandard's pull interface)."""

    def __init__(self, chunks: Iterable[bytes]) -> None:
        self._it = iter(chunks)
        self._buf = b""

    def read(self, size: int = -1) -> bytes:
        while not self._buf:
            chunk = next(self._it, None)
            if chunk is None:
                return b""
            self._buf = chunk
        size = len(self._buf) if size is None or size < 0 else size
        out, self._buf = self._buf[:size], self._buf[size:]
        return out


def _unzstd(chunks: Iterable[bytes]) -> Iterator[bytes]:
    zstandard = _zstandard()
    # max_window_size bounds the decoder's own memory (a frame may ask for up to 2 GB).
    d = zstandard.ZstdDecompressor(max_window_size=8 * 1024 * 1024)
    try:
        yield from d.read_to_iter(_ChunkReader(chunks), read_size=16 * 1024, write_size=PIECE)
    except zstandard.ZstdError as exc:
        raise FetchError(f"corrupt zstd body ({exc})") from None
