from __future__ import annotations

import pytest

import maintext
from maintext.errors import MaintextError, UnknownMethodError
from maintext.registry import get_method, methods, register


def test_every_registered_method_imports_and_is_callable():
    infos = methods()
    assert infos, "no methods registered"
    for info in infos:
        assert info.summary
        assert callable(get_method(info.name)), info.name


def test_unknown_method_lists_known_ones():
    with pytest.raises(UnknownMethodError) as err:
        get_method("no-such-method")
    assert "no-such-method" in str(err.value) and "lineblock" in str(err.value)
    assert isinstance(err.value, MaintextError)


def test_extract_rejects_unknown_method_before_loading():
    with pytest.raises(UnknownMethodError):
        maintext.extract("/does/not/exist.html", method="nope")


def test_register_plugin_method():
    register("_test_upper", "tests.plugin_method", "test plug-in")
    try:
        page = maintext.extract("<html><body><p>hello world</p></body></html>", method="_test_upper")
        assert page.text == "HELLO WORLD"
        assert page.method == "_test_upper"
    finally:
        from maintext import registry

        registry._BUILTIN.pop("_test_upper", None)
        registry._loaded.pop("_test_upper", None)
