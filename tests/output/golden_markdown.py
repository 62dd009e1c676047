"""Golden Markdown of the golden pages: ``tests/pages/<case>/expected.md``.

    python tests/output/golden_markdown.py            # rewrite every case's expected.md
    python tests/output/golden_markdown.py CASE ...   # only these cases

The cases are those of ``tests/pages`` (source.html, expected text, blocks and metadata);
this adds the Markdown the blocks render to. ``tests/output/test_golden_markdown.py``
compares every case; run this script when a change of output is intended and review the
diff of the expected files.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAGES = HERE.parent / "pages"
if __name__ == "__main__":  # run as a script from anywhere: import the tree it sits in
    sys.path.insert(0, str(HERE.parents[1]))

import maintext
from maintext.errors import MaintextError


def case_dirs() -> list[Path]:
    if not PAGES.is_dir():
        return []
    return sorted(p for p in PAGES.iterdir() if (p / "source.html").is_file())


def case_markdown(case: Path) -> str:
    """The Markdown of one case (with images and links, so every rendering shows), or the
    error a bad input raises."""
    url = f"https://example.org/news/2024/05/{case.name}.html"
    try:
        page = maintext.extract((case / "source.html").read_bytes(), url=url, fields=("markdown",),
                                include_images=True, include_links=True, include_formatting=True)
    except MaintextError as exc:
        return f"error: {type(exc).__name__}\n"
    return page.markdown or ""


def main(names: list[str]) -> None:
    for case in case_dirs():
        if names and case.name not in names:
            continue
        (case / "expected.md").write_text(case_markdown(case), encoding="utf-8")
        print("wrote", case / "expected.md")


if __name__ == "__main__":
    main(sys.argv[1:])
