"""Fixtures of the service tests: the app in-process (FastAPI's TestClient), example pages."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("multipart", reason="python-multipart (serve extra) is not installed")

from fastapi.testclient import TestClient  # noqa: E402

from maintext.serve.app import create_app  # noqa: E402
from maintext.serve.settings import Settings  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "europa-plumes.html.gz"


@pytest.fixture(scope="session")
def example_html() -> bytes:
    return gzip.decompress(EXAMPLE.read_bytes())


def make_client(**settings) -> TestClient:
    base = {"executor": "thread", "concurrency": 2, "examples_dir": str(REPO / "examples")}
    return TestClient(create_app(Settings(**{**base, **settings})), raise_server_exceptions=False)


@pytest.fixture()
def client():
    with make_client() as c:
        yield c
