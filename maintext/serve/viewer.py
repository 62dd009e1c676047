"""The annotated view as one standalone HTML file (``maintext extract PAGE --explain
--format html -o explain.html``): the web page's own markup, style and scripts inlined,
with the result embedded instead of the form. Needs no server and loads nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..options import Options
from .annotate import annotate

STATIC = Path(__file__).with_name("static")


def record_with_view(source: Any, *, url: str | None = None, method: str = "auto",
                     options: Options | None = None) -> dict[str, Any]:
    """What ``POST /extract?explain=true&view=true&format=markdown`` answers, made locally."""
    from .jobs import render

    annotated = annotate(source, url=url, method=method, options=options)
    record = annotated.page.to_dict(with_explain=True)
    record["format"] = "markdown"
    record["output"] = render(annotated.page, "markdown")
    record["view"] = {"html": annotated.html, "legend": annotated.legend,
                      "outlined": annotated.outlined, "main_found": annotated.main_found}
    return record


def standalone_html(record: dict[str, Any]) -> str:
    """One HTML document showing ``record`` (with ``view``) as the web page does."""
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    scripts = "".join((STATIC / name).read_text(encoding="utf-8") + "\n" for name in ("markdown.js", "app.js"))
    data = json.dumps(record, ensure_ascii=False, default=str)
    # inside <script>: no "</script>" or "<!--" may appear, so every "<" is escaped
    data = data.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    page = page.replace('<link rel="stylesheet" href="/static/style.css">',
                        "<style>\n" + css + "\n.doclink{display:none}\n</style>")
    page = page.replace('<script src="/static/markdown.js"></script>\n<script src="/static/app.js"></script>',
                        "<script>window.MAINTEXT_RESULT = " + data + ";</script>\n<script>\n"
                        + scripts.replace("</script", "<\\/script") + "</script>")
    return page


def explain_html(source: Any, *, url: str | None = None, method: str = "auto",
                 options: Options | None = None) -> str:
    return standalone_html(record_with_view(source, url=url, method=method, options=options))
