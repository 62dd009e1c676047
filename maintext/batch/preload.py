"""Imported once by the worker server (forkserver) before it forks workers: loads what every
worker needs, so each new or recycled worker starts with it (shared, copy-on-write) instead
of loading it again (the language model alone takes ~2 s to load)."""

from . import anchors, work  # noqa: F401 - the extraction path, URL normalisation (courlan)
from .hygiene import warm

warm()
