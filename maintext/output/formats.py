"""Rendering a :class:`~maintext.result.Page` as text, JSON, Markdown, HTML or typed blocks, and the per-page
file layout of folder output.

The folder layout follows the output of the CX-Extractor system (seed 004, figure 1):
title, keywords and publish date first, then the body, so that a folder of results can be
read by a person or grepped without a JSON tool.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from ..options import Options
from ..result import Page, block_to_dict
from . import fields as _fields
from .fields import record

FORMATS = ("txt", "json", "markdown", "html", "blocks")


def to_text(page: Page) -> str:
    """The main text only, one paragraph per line (what ``--format txt`` prints)."""
    return page.text + "\n" if page.text else ""


def to_json(page: Page, *, with_explain: bool = False, indent: int | None = 2,
            fields: tuple[str, ...] | None = None, options: Options | None = None) -> str:
    """The page as JSON (with ``fields``: the record of those fields); values JSON does not
    know (in ``extra``) become strings, and lone surrogates stay escaped so the output is
    always valid UTF-8."""
    if fields is None:
        data = page.to_dict(with_explain=with_explain)
        data["blocks"] = [block_to_dict(b) for b in page.blocks]
    else:
        data = record(page, fields, options)
    return dumps(data, indent=indent) + "\n"


def dumps(data: Any, indent: int | None = None) -> str:
    text = json.dumps(data, ensure_ascii=False, indent=indent, default=str)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, indent=indent, default=str)
    return text


def to_markdown(page: Page, options: Options | None = None) -> str:
    """The kept blocks as GitHub-flavoured Markdown (see :mod:`maintext.output.markdown`)."""
    if page.markdown is not None:
        return page.markdown
    return _fields.to_markdown(page, options)


def to_html(page: Page, options: Options | None = None) -> str:
    """The kept blocks as minimal HTML (see :mod:`maintext.output.htmlout`)."""
    if page.html is not None:
        return page.html
    return _fields.to_html(page, options)


def render(page: Page, fmt: str, *, with_explain: bool = False, options: Options | None = None,
           fields: tuple[str, ...] | None = None) -> str:
    """Render ``page`` in one of :data:`FORMATS` (``blocks``: the typed blocks as JSON)."""
    if fmt == "txt":
        return to_text(page)
    if fmt == "json":
        return to_json(page, with_explain=with_explain, fields=fields, options=options)
    if fmt == "markdown":
        return to_markdown(page, options)
    if fmt == "html":
        return to_html(page, options)
    if fmt == "blocks":
        return dumps([block_to_dict(b) for b in (page.blocks or _fields.page_blocks(page))], indent=1) + "\n"
    raise ValueError(f"unknown output format {fmt!r}; use one of {', '.join(FORMATS)}")


# Labels of the folder layout, in the order of the paper's output figure.
_FOLDER_FIELDS: tuple[tuple[str, str], ...] = (
    ("Title", "title"),
    ("Keywords", "keywords"),
    ("Date", "date"),
)


def folder_text(record: dict[str, Any]) -> str:
    """One page in the folder layout: ``Title:``, ``Keywords:``, ``Date:`` lines, a blank
    line, then the body. ``record`` is a batch record (``Page.to_dict()`` plus ``id``)."""
    lines = []
    for label, key in _FOLDER_FIELDS:
        value = record.get(key)
        if key == "title":
            value = record.get("headline") or value
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        lines.append(f"{label}: {' '.join(str(value or '').split())}")
    body = record.get("text") or ""
    return "\n".join(lines) + "\n\n" + body + ("\n" if body else "")


_UNSAFE = re.compile(r"[^0-9A-Za-z._\-]+")
_MAX_STEM = 80


def safe_filename(page_id: str, suffix: str = ".txt") -> str:
    """A file name for ``page_id`` that is safe on every file system.

    Ids made only of safe characters are kept; others (URLs, non-ASCII names) are
    shortened and given a hash of the full id so that two ids never share a file.
    """
    stem = _UNSAFE.sub("_", page_id).strip("._") or "page"
    if stem == page_id and len(stem) <= _MAX_STEM:
        return stem + suffix
    digest = hashlib.sha1(page_id.encode("utf-8")).hexdigest()[:12]
    return f"{stem[:_MAX_STEM]}-{digest}{suffix}"
