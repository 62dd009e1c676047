"""The web page in a real headless browser: Playwright driving Debian's Chromium
(/usr/bin/chromium; Playwright's own browser download is not used). Starts
``maintext serve`` on 127.0.0.1, submits the shipped example, checks that the text, the
rendered Markdown and the outlined blocks appear, and saves a screenshot
(``.artifacts/serve-page.png`` in the checkout, or ``$MAINTEXT_ARTIFACTS``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..helpers_proc import ServeStartError, serve_process
from .conftest import EXAMPLE, REPO

CHROMIUM = os.environ.get("MAINTEXT_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(os.environ.get("MAINTEXT_ARTIFACTS", REPO / ".artifacts"))

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install playwright)")
if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def server():
    try:
        with serve_process() as (_, base):
            yield base
    except ServeStartError as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"),
                                  args=FLAGS, headless=True)
        except Exception as exc:  # noqa: BLE001
            pytest.skip(f"Chromium did not start under Playwright: {exc}")
        yield b
        b.close()


def _wait_for_example(page, timeout: float = 30.0) -> None:
    """Wait until the chosen example fills the HTML box. Polled from Python: the page's CSP
    (script-src 'self') forbids the eval that wait_for_function's string predicate needs
    once it has to poll."""
    deadline = time.monotonic() + timeout
    while len(page.input_value("#html")) <= 1000:
        assert time.monotonic() < deadline, "the example never filled the HTML box"
        page.wait_for_timeout(100)


def _check_result(page) -> None:
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    assert "plumes" in page.inner_text("#out-text")
    md = page.locator("#out-markdown")
    assert md.locator("h1").count() <= 1 and md.locator("p").count() >= 5  # the headline is its own field
    assert "Europa" in page.inner_text("#r-title")
    frame = page.frame_locator("#frame")
    kept = frame.locator("[data-mt=keep]")
    kept.first.wait_for(timeout=10_000)
    assert kept.count() >= 5
    assert frame.locator("[data-mt=drop]").count() >= 3
    assert frame.locator("[data-mt-main]").count() == 1
    assert frame.locator("script").count() == 0
    assert page.locator("#legend li").count() >= 3
    sandbox = page.get_attribute("#frame", "sandbox")
    assert sandbox is not None and "allow-scripts" not in sandbox


def test_page_example_and_screenshot(server, browser):
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    console_errors: list[str] = []
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    requests_seen: list[str] = []
    page.on("request", lambda r: requests_seen.append(r.url))
    # nothing may leave this machine: any request elsewhere is recorded and aborted
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(server)
               else route.abort())
    page.goto(server + "/")
    assert page.title().startswith("maintext")
    page.locator("#example option[value='europa-plumes.html.gz']").wait_for(state="attached")
    page.select_option("#example", "europa-plumes.html.gz")
    _wait_for_example(page)
    page.click("#submit")
    _check_result(page)
    # clicking an outlined block shows its reason
    page.frame_locator("#frame").locator("[data-mt=keep]").nth(2).click()
    assert page.inner_text("#detail").count("keep:") >= 1
    outside = [u for u in requests_seen if not u.startswith((server, "about:", "data:"))]
    assert not outside, outside
    assert not console_errors, console_errors  # no CSP violation, no script error
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "serve-page.png"), full_page=True)
    page.close()


def test_page_file_upload(server, browser):
    page = browser.new_page()
    page.goto(server + "/")
    page.click("[data-tab=file]")
    page.set_input_files("#file", str(EXAMPLE))
    page.click("#submit")
    _check_result(page)
    page.close()


def test_page_shows_error(server, browser):
    page = browser.new_page()
    page.goto(server + "/")
    page.click("[data-tab=url]")
    page.fill("#url", "http://127.0.0.1:9/")
    page.click("#submit")
    page.wait_for_selector("#status.error")
    assert "BlockedAddressError" in page.inner_text("#status")
    page.close()


def test_standalone_explain_file(browser, tmp_path):
    """`maintext extract PAGE --explain --format html -o FILE` shows the same view offline."""
    out = tmp_path / "explain.html"
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    subprocess.run([sys.executable, "-m", "maintext", "extract", str(EXAMPLE), "--explain",
                    "--format", "html", "-o", str(out)], check=True, env=env, timeout=60)
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(("file:", "about:", "data:")) else None)
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort())
    page.goto(out.as_uri())
    _check_result(page)
    assert page.locator("#form").is_hidden()
    assert not outside, outside
    page.screenshot(path=str(ARTIFACTS / "explain-file.png"))
    page.close()


def test_docs_page(server, browser):
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server + "/docs")
    page.wait_for_selector(".op")
    body = page.inner_text("#docs")
    assert "/extract" in body and "/batch" in body and "/health" in body
    assert not errors, errors
    page.close()
