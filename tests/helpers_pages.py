"""Random pages for the tests that check native code against its Python twin."""

from __future__ import annotations

import random
from collections.abc import Sequence

from maintext.html.document import parse_html


def random_page(rng: random.Random, pieces: Sequence[str], max_parts: int):
    """The tree of a page whose body is 0 to ``max_parts`` pieces drawn from ``pieces``."""
    body = "".join(rng.choice(pieces) for _ in range(rng.randint(0, max_parts)))
    return parse_html("<html><body>" + body + "</body></html>")
