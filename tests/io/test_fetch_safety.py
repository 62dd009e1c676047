"""Fetch safety against local servers on 127.0.0.1: address checks (also after redirects),
bounded decoding of every Content-Encoding (bombs measured for peak RSS in a subprocess),
the total deadline, Retry-After, and URL errors as FetchError."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import maintext
from maintext.errors import DocumentTooLargeError, FetchError, MaintextError
from maintext.io import netguard
from maintext.io.fetch import Session, check_url, fetch
from maintext.io.netguard import BlockedAddressError, address_problem

from .hostile_http import PAGE, HostileServer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server():
    with HostileServer() as srv:
        yield srv


@pytest.fixture
def only_loopback_1_public(monkeypatch: pytest.MonkeyPatch):
    """Treat 127.0.0.1 (the test server) as public, so that the default policy applies
    to everything else (a redirect to 127.0.0.2, 10.0.0.1, the metadata address...)."""
    real = netguard.address_problem
    monkeypatch.setattr(netguard, "address_problem", lambda a: None if a == "127.0.0.1" else real(a))


@pytest.mark.parametrize("address", ["127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "192.168.1.1",
                                     "169.254.169.254", "169.254.1.1", "0.0.0.0", "100.64.0.1", "224.0.0.1",
                                     "::1", "::", "fe80::1", "fd00::1", "fc00::5", "ff02::1",
                                     "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "2002:7f00:1::1",
                                     "240.0.0.1", "255.255.255.255"])
def test_refused_addresses(address: str):
    assert address_problem(address) is not None


@pytest.mark.parametrize("address", ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
def test_public_addresses(address: str):
    assert address_problem(address) is None


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/", "http://localhost:9/", "http://10.0.0.1/",
                                 "http://169.254.169.254/latest/meta-data/", "http://[::1]:9/",
                                 "HTTP://127.0.0.1:9/", "http://0x7f000001/", "http://2130706433/"])
def test_default_refuses_private_hosts_before_connecting(url: str):
    with pytest.raises(BlockedAddressError, match="allow-private"):
        fetch(url, retries=0, timeout=2)


def test_default_refuses_the_local_server_and_allow_private_reaches_it(server: HostileServer):
    with pytest.raises(BlockedAddressError):
        fetch(server.url("/html"))
    with pytest.raises(BlockedAddressError):
        maintext.extract(server.url("/html"))
    assert fetch(server.url("/html"), allow_private=True).content == PAGE
    assert maintext.extract(server.url("/html"), allow_private=True).url == server.url("/html")


@pytest.mark.parametrize("target", ["http://127.0.0.2:{port}/html", "http://10.0.0.1/", "http://169.254.169.254/",
                                    "http://[::1]:{port}/html", "http://0.0.0.0:{port}/html"])
def test_redirect_to_private_address_refused(server: HostileServer, only_loopback_1_public, target: str):
    assert fetch(server.url("/html")).content == PAGE  # the first hop itself is fine
    with pytest.raises(BlockedAddressError):
        fetch(server.url("/to?u=" + target.format(port=server.port)), retries=0, timeout=2)


def test_every_resolved_address_is_checked(monkeypatch: pytest.MonkeyPatch, only_loopback_1_public):
    import socket

    def fake(host, port, *a, **k):  # one fine address and one private one
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port)),
                (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.7", port))]

    monkeypatch.setattr(netguard.socket, "getaddrinfo", fake)  # looked up at call time by the resolver thread
    with pytest.raises(BlockedAddressError, match="10.0.0.7"):
        fetch("http://two-addresses.test:9/", retries=0)


@pytest.mark.parametrize("target", ["javascript:alert(1)", "data:text/html,<p>x</p>", "file:///etc/passwd",
                                    "ftp://example.org/", "http://[::1", "http://a\x00b/", "http:///nohost",
                                    "http://exa mple.org/", "http://example.org:99999/"])
def test_bad_redirect_targets_are_fetch_errors(server: HostileServer, target: str):
    from urllib.parse import quote

    with pytest.raises(FetchError):
        fetch(server.url("/to?u=" + quote(target, safe="")), allow_private=True, retries=0)


@pytest.mark.parametrize("url", ["file:///etc/passwd", "javascript:alert(1)", "http://[::1", "http://a\x00.org/",
                                 "http://exa mple.org/", "http://example.org:99999/", "http://", "ftp://x/",
                                 "http://x.org/\n"])
def test_bad_urls_are_fetch_errors(url: str):
    with pytest.raises(FetchError):
        check_url(url)
    with pytest.raises(MaintextError):
        fetch(url, retries=0, timeout=1)


def test_unresolvable_host_label_is_a_fetch_error():  # refused by the IDNA codec, no DNS query
    with pytest.raises(FetchError, match="resolve"):
        fetch("http://" + "a" * 300 + ".org/", retries=0, timeout=1)


def _need(kind: str) -> None:
    if kind in ("br", "zstd"):
        pytest.importorskip({"br": "brotli", "zstd": "zstandard"}[kind])


# The subprocess's own peak RSS in MB (VmHWM: afresh at exec; see tests/helpers_proc.py).
PEAK_RSS_MB = "from tests.helpers_proc import peak_rss_mb\n"


@pytest.mark.parametrize("kind", ["gzip", "deflate", "br", "zstd", "gzip2"])
def test_encoded_pages_decode(server: HostileServer, kind: str):
    _need(kind)
    got = fetch(server.url(f"/page/{kind}"), allow_private=True)
    assert got.content == (PAGE * 2 if kind == "gzip2" else PAGE)


@pytest.mark.parametrize("kind", ["br", "gzip", "deflate", "zstd"])
def test_bombs_stop_at_the_cap_with_small_peak_rss(server: HostileServer, kind: str):
    from .hostile_http import encoded

    _need(kind)
    if kind == "br":
        assert len(encoded("br", True)) < 4096  # a ~1 KB brotli body decoding to 1 GB
    code = (
        PEAK_RSS_MB +
        "import json, sys, time\n"
        "from maintext.io.fetch import fetch\n"
        "from maintext.errors import DocumentTooLargeError\n"
        "t = time.monotonic()\n"
        "try:\n"
        "    fetch(sys.argv[1], allow_private=True, retries=0)\n"
        "    outcome = 'accepted'\n"
        "except DocumentTooLargeError:\n"
        "    outcome = 'too-large'\n"
        "print(json.dumps({'outcome': outcome, 'rss_mb': peak_rss_mb(),"
        " 'seconds': time.monotonic() - t}))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", code, server.url(f"/bomb/{kind}")], capture_output=True,
                          text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    print(kind, result)
    assert result["outcome"] == "too-large"
    assert result["rss_mb"] < 300


def test_total_deadline_against_drip_in_headers_and_body(server: HostileServer):
    for path in ("/drip", "/trickle"):
        start = time.monotonic()
        with pytest.raises(FetchError, match="time limit|Timeout"):
            fetch(server.url(path), allow_private=True, timeout=5, deadline=2.5, retries=3)
        assert time.monotonic() - start < 4.5, path


def test_retry_after_honoured_within_limits(server: HostileServer):
    start = time.monotonic()
    assert fetch(server.url("/retry-after/1"), allow_private=True, retries=1).content == PAGE
    assert time.monotonic() - start >= 0.9 and server.hits["/retry-after/1"] == 2
    with pytest.raises(FetchError, match="Retry-After"):  # too long: not waited for
        fetch(server.url("/retry-after/3600"), allow_private=True, retries=2)
    assert server.hits["/retry-after/3600"] == 1
    with pytest.raises(FetchError, match="no time left"):  # within the cap, not within the deadline
        fetch(server.url("/retry-after/5"), allow_private=True, retries=2, deadline=2, max_retry_after=10)


def test_session_is_reused_and_checked(server: HostileServer):
    with Session(allow_private=True) as session:
        for _ in range(3):
            assert fetch(server.url("/html"), client=session, allow_private=True).content == PAGE
    with Session() as session:  # a session that refuses private addresses refuses them
        with pytest.raises(BlockedAddressError):
            fetch(server.url("/html"), client=session)


def test_too_large_plain_body(server: HostileServer):
    with pytest.raises(DocumentTooLargeError):
        fetch(server.url("/html"), allow_private=True, max_bytes=10)


def test_a_hanging_resolver_is_bounded_by_the_deadline(monkeypatch: pytest.MonkeyPatch):
    def slow(*args, **kwargs):
        time.sleep(5)
        raise OSError("too late")

    monkeypatch.setattr(netguard.socket, "getaddrinfo", slow)
    start = time.monotonic()
    with pytest.raises(FetchError):
        fetch("http://slow-dns.test/", retries=0, timeout=1, deadline=1)
    assert time.monotonic() - start < 2.5


def test_bombs_in_a_batch_do_not_grow_the_parent(server: HostileServer, tmp_path: Path):
    kinds = [k for k in ("br", "br", "gzip", "zstd") if k == "gzip" or __import__("importlib").util.find_spec(
        {"br": "brotli", "zstd": "zstandard"}[k])]
    urls = tmp_path / "urls.txt"
    urls.write_text("".join(f"b{i} {server.url('/bomb/' + k)}\n" for i, k in enumerate(kinds)))
    out = tmp_path / "o.jsonl"
    code = (
        PEAK_RSS_MB +
        "import json, sys\n"
        "from maintext.cli import main\n"
        "try:\n"
        "    main(sys.argv[1:], standalone_mode=False)\n"
        "finally:\n"
        "    print(json.dumps({'rss_mb': peak_rss_mb()}))\n"
    )
    args = ["batch", "--urls", str(urls), "-o", str(out), "--allow-private", "--workers", "1", "--no-progress",
            "--retries", "0"]
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 4, proc.stderr  # the batch finished, pages failed: exit status 4 (scale)
    rss = json.loads(proc.stdout.strip().splitlines()[-1])["rss_mb"]
    records = [json.loads(line) for line in out.read_text().splitlines()]
    print("batch of bombs", kinds, "parent peak RSS MB", rss)
    assert len(records) == len(kinds) and all(r["error"].startswith("DocumentTooLargeError") for r in records)
    assert rss < 300


def test_tls_keeps_the_host_name_and_verification(tmp_path: Path):
    """The socket goes to the checked address; SNI and the certificate check use the host name."""
    import shutil
    import ssl
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    if not shutil.which("openssl"):
        pytest.skip("openssl not installed")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(tmp_path / "k.pem"),
                    "-out", str(tmp_path / "c.pem"), "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost"], capture_output=True, check=True)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    httpd = HTTPServer(("127.0.0.1", 0), Handler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(tmp_path / "c.pem", tmp_path / "k.pem")
    names: list[str | None] = []
    ctx.sni_callback = lambda sock, name, c: names.append(name)
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        with pytest.raises(FetchError, match="CERTIFICATE_VERIFY_FAILED"):  # self-signed: still verified
            fetch(f"https://localhost:{httpd.server_address[1]}/", allow_private=True, retries=0)
        assert names == ["localhost"]
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_hanging_server_fails_after_one_read_timeout(server: HostileServer):
    start = time.monotonic()
    with pytest.raises(FetchError, match="ReadTimeout"):
        fetch(server.url("/hang"), allow_private=True, timeout=1, retries=2, deadline=20)
    assert time.monotonic() - start < 2.5  # not retried: 1 read timeout, not 3
