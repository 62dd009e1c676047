"""Rendering a :class:`~maintext.result.Page` as text, JSON or Markdown, and the per-page
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

from ..result import Page

FORMATS = ("txt", "json", "markdown")

# Characters that would change the meaning of a Markdown paragraph when they start it,
# with why each is escaped.
_MD_LEADING = re.compile(
    r"^(\s*)("
    r"#{1,6}(?=\s|$)"  # ATX heading
    r"|>"  # block quote
    r"|[-+*](?=\s)"  # bullet list item
    r"|\d{1,9}[.)](?=\s)"  # ordered list item
    r"|={3,}\s*$|-{3,}\s*$"  # setext underline / thematic break
    r"|```|~~~"  # fenced code block
    r")"
)


def to_text(page: Page) -> str:
    """The main text only, one paragraph per line (what ``--format txt`` prints)."""
    return page.text + "\n" if page.text else ""


def to_json(page: Page, *, with_explain: bool = False, indent: int | None = 2) -> str:
    """The page as JSON; values JSON does not know (in ``extra``) become strings, and
    lone surrogates stay escaped so the output is always valid UTF-8."""
    data = page.to_dict(with_explain=with_explain)
    text = json.dumps(data, ensure_ascii=False, indent=indent, default=str)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, indent=indent, default=str)
    return text + "\n"


def _md_escape(paragraph: str) -> str:
    return _MD_LEADING.sub(lambda m: m.group(1) + "\\" + m.group(2), paragraph, count=1)


def to_markdown(page: Page) -> str:
    """Headline (or title) as a ``#`` heading, a byline, then one paragraph per block."""
    parts: list[str] = []
    heading = (page.headline or page.title or "").strip()
    if heading:
        parts.append("# " + " ".join(heading.split()))
    byline = [x for x in (page.author, page.date) if x]
    if byline:
        parts.append("*" + " · ".join(byline).replace("*", "\\*") + "*")
    paragraphs = page.paragraphs or ([page.text] if page.text else [])
    parts.extend(_md_escape(p.strip()) for p in paragraphs if p.strip())
    return "\n\n".join(parts) + "\n" if parts else ""


def render(page: Page, fmt: str, *, with_explain: bool = False) -> str:
    """Render ``page`` in one of :data:`FORMATS`."""
    if fmt == "txt":
        return to_text(page)
    if fmt == "json":
        return to_json(page, with_explain=with_explain)
    if fmt == "markdown":
        return to_markdown(page)
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
