"""The cycle collector is paused while a page is extracted and resumed after, also after an
error, with concurrent extractions in threads, and left as the caller had it otherwise."""

import gc
import os
import threading

import pytest

import maintext
from maintext import api, gcpause
from maintext.gcpause import paused_collector

PAGE = b"<html><body><article><p>" + b"A sentence of the article, long enough to keep. " * 20 + b"</p></article></body></html>"


@pytest.fixture(autouse=True)
def collector_on():
    gc.enable()
    yield
    gc.enable()


def _watching(monkeypatch) -> list[bool]:
    """Make the method record whether the collector runs while it extracts."""
    seen: list[bool] = []
    real = api.get_method("auto")

    def method(doc, options):
        seen.append(gc.isenabled())
        return real(doc, options)

    monkeypatch.setattr(api, "get_method", lambda name: method)
    return seen


def test_paused_during_extraction_and_resumed_after(monkeypatch):
    seen = _watching(monkeypatch)
    page = maintext.extract(PAGE, fields=("text",))
    assert page.text and seen == [False] and gc.isenabled()


def test_paused_from_the_load_on(monkeypatch):
    # a collection made due by earlier work would otherwise run in the load's allocations
    seen: list[bool] = []
    real = api.load_document

    def load_document(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(api, "load_document", load_document)
    assert maintext.extract(PAGE, fields=("text",)).text and seen == [False] and gc.isenabled()
    maintext.extract(PAGE, fields=("text",), pause_collector=False)
    assert seen == [False, True] and gc.isenabled()


def test_option_off_leaves_the_collector_running(monkeypatch):
    seen = _watching(monkeypatch)
    maintext.extract(PAGE, fields=("text",), pause_collector=False)
    assert seen == [True] and gc.isenabled()


def test_resumed_after_an_error_and_left_off_when_the_caller_turned_it_off():
    with pytest.raises(RuntimeError):
        with paused_collector():
            assert not gc.isenabled()
            raise RuntimeError("boom")
    assert gc.isenabled()
    gc.disable()
    with paused_collector():
        pass
    assert not gc.isenabled()  # the caller's choice stays


def test_concurrent_blocks_resume_only_when_the_last_one_leaves():
    inside, release = threading.Event(), threading.Event()

    def worker():
        with paused_collector():
            inside.set()
            release.wait(5)

    t = threading.Thread(target=worker)
    t.start()
    inside.wait(5)
    with paused_collector():
        pass
    assert not gc.isenabled()  # the other thread's block is still open
    release.set()
    t.join(5)
    assert gc.isenabled() and gcpause._open == 0


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_child_forked_inside_a_block_runs_its_collector():
    with paused_collector():
        pid = os.fork()
        if pid == 0:
            os._exit(0 if gc.isenabled() and gcpause._open == 0 else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0 and gc.isenabled()
