"""The local news site (tests/helpers_site.py) that the same-site tests fetch from."""

from __future__ import annotations

import pytest

from ..helpers_site import SiteServer


@pytest.fixture
def site():
    with SiteServer() as srv:
        yield srv
