"""URL fetching through the service: http/https only, and no loopback, private,
link-local or metadata address, checked after DNS resolution (and, in maintext's
fetcher, after every redirect). Only local servers are involved: the refused addresses
are never connected to."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from .conftest import make_client
from .test_api import assert_error


class _Local(BaseHTTPRequestHandler):
    hits = 0

    def log_message(self, *args):
        pass

    def do_GET(self):  # noqa: N802
        _Local.hits += 1
        if self.path.startswith("/to/"):  # /to/<target URL>: a redirect there
            self.send_response(302)
            self.send_header("Location", self.path[len("/to/"):])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = b"<html><body><p>A local page that must never be fetched by the service.</p></body></html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def _serve(host: str):
    server = ThreadingHTTPServer((host, 0), _Local)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://{host}:{server.server_address[1]}"


@pytest.fixture(scope="module")
def local_server():
    server, url = _serve("127.0.0.1")
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture()
def only_loopback_1_public(monkeypatch):
    """The address check treats 127.0.0.1 (the first hop, a local server) as public and
    refuses everything else, so a redirect from it can be tested without leaving the machine."""
    from maintext.io import netguard

    real = netguard.address_problem
    monkeypatch.setattr(netguard, "address_problem", lambda a: None if a == "127.0.0.1" else real(a))


@pytest.mark.parametrize("target", [
    "{local}/", "http://localhost:{port}/", "http://10.0.0.1/", "http://10.255.1.2:8080/x",
    "http://169.254.169.254/latest/meta-data/", "http://192.168.1.1/", "http://[::1]:{port}/",
    "http://0.0.0.0:{port}/", "http://2130706433:{port}/",  # 127.0.0.1 as one number
])
def test_private_addresses_refused(local_server, target):
    port = local_server.rsplit(":", 1)[1]
    url = target.format(local=local_server, port=port)
    before = _Local.hits
    with make_client() as c:
        err = assert_error(c.post("/extract", json={"url": url}), 403)
        assert err["type"] == "BlockedAddressError" and "address" in err["message"]
        err = c.post("/batch", json={"items": [{"url": url}]}).json()["results"][0]["error"]
        assert err["status"] == 403
        assert_error(c.post("/extract", data={"url": url}), 403)
    assert _Local.hits == before  # never connected


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://127.0.0.1/", "gopher://x/",
                                 "javascript:alert(1)", "http:///nohost"])
def test_other_schemes_refused(url):
    with make_client() as c:
        assert_error(c.post("/extract", json={"url": url}), 400)


def test_allow_private_is_opt_in(local_server):
    with make_client(allow_private=True) as c:
        resp = c.post("/extract", json={"url": local_server + "/page"})
        assert resp.status_code == 200, resp.text
        assert "local page" in resp.json()["text"]


def test_redirect_to_private_address_refused(local_server, only_loopback_1_public):
    """A public first hop that redirects to loopback (another address, 127.0.0.2, served
    here and never reached), 10.x or the metadata address: refused after the redirect."""
    inner, inner_url = _serve("127.0.0.2")
    try:
        with make_client() as c:
            ok = c.post("/extract", json={"url": local_server + "/page"})
            assert ok.status_code == 200, ok.text  # the first hop itself is allowed here
            hits = _Local.hits
            for target in (inner_url + "/secret", "http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/",
                           "http://[::1]/", "file:///etc/passwd"):
                resp = c.post("/extract", json={"url": f"{local_server}/to/{target}"})
                err = assert_error(resp, resp.status_code)
                assert resp.status_code in (403, 502), (target, err)
                if target.startswith("http"):
                    assert err["type"] == "BlockedAddressError", (target, err)
            assert _Local.hits == hits + 5  # only the redirecting first hops were served
    finally:
        inner.shutdown()
        inner.server_close()
