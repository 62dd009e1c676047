"""POST /extract, /batch, /health on good, broken, huge, binary and mis-encoded input:
every failure is a JSON error with a type, a one-line message and a status; no traceback."""

from __future__ import annotations

import gzip
import json

from .conftest import EXAMPLE, make_client

ARTICLE = ("<html><head><title>T</title></head><body><nav><a href='/'>Home</a></nav><article>"
           "<h1>A headline of the test</h1>"
           + "".join(f"<p>Paragraph {i} of the article, with enough words, commas, and a full stop.</p>"
                     for i in range(6)) + "</article></body></html>")


def assert_error(resp, status: int, kind: str | None = None) -> dict:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/json")
    body = resp.json()
    err = body["error"]
    assert err["status"] == status and err["message"] and "\n" not in err["message"]
    assert "Traceback" not in resp.text and 'File "' not in resp.text
    if kind:
        assert err["type"] == kind, err
    return err


def test_health(client):
    body = client.get("/health").json()
    assert body["status"] == "ok" and body["executor"] == "thread"


def test_raw_html_body(client, example_html):
    resp = client.post("/extract", content=example_html, headers={"Content-Type": "text/html"})
    assert resp.status_code == 200
    record = resp.json()
    assert "Europa" in record["title"] and "plumes" in record["text"]
    assert "explain" not in record


def test_json_html_and_options(client):
    resp = client.post("/extract?fields=metadata,markdown&format=markdown&explain=true",
                       json={"html": ARTICLE, "url": "https://example.org/a"})
    record = resp.json()
    assert resp.status_code == 200, record
    assert record["url"] == "https://example.org/a"
    assert "text" not in record and "Paragraph 3" in record["markdown"]
    assert record["format"] == "markdown" and "Paragraph 3" in record["output"]


def test_explain_and_method(client):
    record = client.post("/extract?explain=true&method=lineblock", json={"html": ARTICLE}).json()
    assert record["method"] == "lineblock" and isinstance(record["explain"], list)


def test_form_upload_gzip_and_view(client):
    with open(EXAMPLE, "rb") as fh:
        resp = client.post("/extract?view=true&explain=true",
                           files={"file": ("europa.html.gz", fh, "application/gzip")})
    record = resp.json()
    assert resp.status_code == 200, record
    view = record["view"]
    assert view["outlined"] > 10 and view["main_found"]
    assert 'data-mt="keep"' in view["html"] and "data-mt-main" in view["html"]
    assert "<script" not in view["html"].lower()
    assert any(r.get("path") for r in record["explain"])


def test_form_fields(client):
    resp = client.post("/extract", data={"html": ARTICLE})
    assert resp.status_code == 200 and "Paragraph 2" in resp.json()["text"]


def test_broken_html_still_extracts(client):
    broken = b"<html><body><div><p>Unclosed paragraph with a good number of words in it, really.<div><table><tr><td>"
    resp = client.post("/extract", content=broken, headers={"Content-Type": "text/html"})
    assert resp.status_code == 200 and "Unclosed paragraph" in resp.json()["text"]


def test_empty_body(client):
    assert_error(client.post("/extract", content=b"", headers={"Content-Type": "text/html"}), 400)
    assert_error(client.post("/extract", content=b"   \n ", headers={"Content-Type": "text/html"}),
                 422, "EmptyDocumentError")


def test_binary_input(client):
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20
    assert_error(client.post("/extract", content=png, headers={"Content-Type": "application/octet-stream"}),
                 415, "BinaryContentError")


def test_mis_encoded_input(client):
    # declared UTF-8, sent as GBK, and bytes that are no encoding at all: decoded, never a crash
    gbk = "<html><body><p>这是一个中文页面的正文内容，用来测试编码错误的情况，内容足够长。</p></body></html>".encode("gbk")
    resp = client.post("/extract", content=gbk, headers={"Content-Type": "text/html; charset=utf-8"})
    assert resp.status_code == 200 and "中文页面" in resp.json()["text"]
    junk = b"<p>" + bytes(range(0x80, 0x100)) * 3 + b" plain words here</p>"
    resp = client.post("/extract", content=junk, headers={"Content-Type": "text/html; charset=bogus-label"})
    assert resp.status_code in (200, 415, 422), resp.text
    assert "Traceback" not in resp.text
    surrogate = client.post("/extract", content=b'{"html": "<p>lone \\ud800 surrogate text here.</p>"}',
                            headers={"Content-Type": "application/json"})
    assert surrogate.status_code in (200, 422) and "Traceback" not in surrogate.text


def test_huge_body_refused():
    with make_client(max_body_bytes=10_000) as c:
        big = b"<p>" + b"word " * 5000 + b"</p>"
        assert_error(c.post("/extract", content=big, headers={"Content-Type": "text/html"}), 413)
        assert_error(c.post("/extract", json={"html": big.decode()}), 413)
        assert_error(c.post("/extract", files={"file": ("big.html", big, "text/html")}), 413)
        bomb = gzip.compress(b"<p>" + b"a" * 5_000_000 + b"</p>")  # small on the wire, huge unpacked
        assert len(bomb) < 10_000
        assert_error(c.post("/extract", content=bomb, headers={"Content-Type": "application/gzip"}),
                     413, "DocumentTooLargeError")


def test_bad_requests(client):
    assert_error(client.post("/extract?method=nope", json={"html": ARTICLE}), 400)
    assert_error(client.post("/extract?format=pdf", json={"html": ARTICLE}), 400)
    assert_error(client.post("/extract?fields=nonsense", json={"html": ARTICLE}), 400)
    assert_error(client.post("/extract?explain=maybe", json={"html": ARTICLE}), 400)
    assert_error(client.post("/extract", content=b"{not json", headers={"Content-Type": "application/json"}), 400)
    assert_error(client.post("/extract", json=["a"]), 400)
    assert_error(client.post("/extract", json={"html": 5}), 400)
    assert_error(client.post("/extract", json={}), 400)
    assert_error(client.post("/extract", content=b"x", headers={"Content-Type": "image/png"}), 415)
    assert_error(client.post("/extract", data={"nothing": "here"}), 400)
    assert_error(client.get("/extract"), 405)
    assert_error(client.get("/no/such/path"), 404)


def test_batch(client):
    resp = client.post("/batch?fields=text", json={"items": [{"html": ARTICLE}, {"html": ""},
                                                            {"url": "file:///etc/passwd"}]})
    body = resp.json()
    assert resp.status_code == 200 and body["errors"] == 2
    first, empty, bad = body["results"]
    assert "Paragraph 1" in first["text"] and "method" in first and "reason" in first
    assert not {"title", "links", "blocks"} & set(first)  # only the asked fields
    assert empty["error"]["type"] == "EmptyDocumentError"
    assert bad["error"]["status"] == 400
    assert_error(client.post("/batch", json={"items": []}), 400)
    assert_error(client.post("/batch", json={"items": [{"html": ARTICLE}] * 17}), 413)


def test_api_key():
    with make_client(api_key="s3cret") as c:
        assert_error(c.post("/extract", json={"html": ARTICLE}), 401)
        assert_error(c.post("/extract", json={"html": ARTICLE}, headers={"X-API-Key": "wrong"}), 401)
        assert c.post("/extract", json={"html": ARTICLE}, headers={"X-API-Key": "s3cret"}).status_code == 200
        assert c.post("/batch", json={"items": [{"html": ARTICLE}]},
                      headers={"Authorization": "Bearer s3cret"}).status_code == 200
        assert_error(c.post("/batch", json={"items": [{"html": ARTICLE}]}), 401)
        assert c.get("/health").status_code == 200  # liveness stays open


def test_overload_is_503():
    with make_client(concurrency=1, max_queue=0) as c:
        extractor = c.app.state.extractor
        extractor.pending = 1  # one request running, no room to wait
        assert_error(c.post("/extract", json={"html": ARTICLE}), 503, "Overloaded")
        extractor.pending = 0
        assert c.post("/extract", json={"html": ARTICLE}).status_code == 200


def test_time_limit_process_pool(example_html):
    """Worker processes: a page over the limit is a 504 JSON error and the pool goes on."""
    with make_client(executor="process", concurrency=1, timeout=0.0005) as c:
        resp = c.post("/extract", content=example_html * 20, headers={"Content-Type": "text/html"})
        assert_error(resp, 504, "PageTimeoutError")
    with make_client(executor="process", concurrency=1) as c:
        assert c.post("/extract", json={"html": ARTICLE}).status_code == 200


def test_openapi_and_pages(client):
    spec = client.get("/openapi.json").json()
    assert {"/extract", "/batch", "/health"} <= set(spec["paths"])
    assert "text/html" in spec["paths"]["/extract"]["post"]["requestBody"]["content"]
    assert "script-src 'self'" in client.get("/").headers["content-security-policy"]
    for path in ("/", "/docs", "/static/app.js", "/static/markdown.js", "/static/style.css", "/static/docs.js"):
        resp = client.get(path)
        assert resp.status_code == 200 and "cdn" not in resp.text.lower(), path
    assert client.get("/examples").json()["examples"] == ["europa-plumes.html.gz"]
    assert "Europa" in client.get("/examples/europa-plumes.html.gz").text
    assert_error(client.get("/examples/..%2Fpyproject.toml"), 404)
    assert json.loads(client.get("/methods").text)["methods"][0]["name"]


def test_slow_upload_is_cut_at_the_time_limit():
    import asyncio

    import httpx

    from maintext.serve.app import create_app
    from maintext.serve.settings import Settings

    app = create_app(Settings(executor="thread", body_timeout=0.5))

    async def drip():
        yield b"<html><body><p>"
        await asyncio.sleep(2.0)
        yield b"late</p></body></html>"

    async def scenario():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            return await c.post("/extract", content=drip(), headers={"Content-Type": "text/html"})

    resp = asyncio.run(scenario())
    assert_error(resp, 408, "RequestError")


def test_chunked_form_upload_is_bounded():
    """A form sent without Content-Length (chunked) is cut at the body limit too."""
    boundary = "XyZ"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.html\"\r\n"
            "Content-Type: text/html\r\n\r\n").encode()

    def parts():
        yield head
        for _ in range(50):
            yield b"<p>" + b"w " * 1000 + b"</p>"
        yield f"\r\n--{boundary}--\r\n".encode()

    with make_client(max_body_bytes=20_000) as c:
        resp = c.post("/extract", content=parts(),
                      headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
        assert_error(resp, 413)
