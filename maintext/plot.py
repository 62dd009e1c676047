"""Plotting the line-block distribution of a page (seed 004, the paper's figures).

x is the line number of the tag-stripped text, y the block length (non-whitespace
characters of the K lines starting there); the region chosen as the body is shaded.
matplotlib is an optional dependency (``pip install maintext[plot]``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import MaintextError

_BODY_COLOUR = "#f4a261"  # shaded body region
_CURVE_COLOUR = "#1d3557"


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise MaintextError("plotting needs matplotlib: pip install 'maintext[plot]'") from None
    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt

    return plt


def body_regions(dist: Any) -> list[tuple[int, int]]:
    """The line ranges chosen as body: ``dist.chosen`` when the method keeps several
    regions, else ``(start, end)``; empty when no body was found."""
    chosen = [(int(a), int(b)) for a, b in (getattr(dist, "chosen", None) or []) if b >= a]
    if chosen:
        return chosen
    if dist.start is not None and dist.end is not None and dist.end >= dist.start:
        return [(int(dist.start), int(dist.end))]
    return []


def plot_distribution(dist: Any, output: str | Path, *, title: str = "") -> None:
    """Draw ``dist`` (``.blocks``, ``.start``, ``.end`` of
    :func:`maintext.methods.lineblock.distribution`) into the image file ``output``."""
    plt = _pyplot()
    blocks = list(dist.blocks)
    fig, ax = plt.subplots(figsize=(10, 4), dpi=110)
    try:
        xs = range(len(blocks))
        ax.plot(xs, blocks, color=_CURVE_COLOUR, linewidth=0.9, label="block length")
        for i, (start, end) in enumerate(body_regions(dist)):
            ax.axvspan(start, end, color=_BODY_COLOUR, alpha=0.35,
                       label="body region" if i == 0 else None)
        ax.set_xlabel("line number")
        ax.set_ylabel("block length (non-space characters)")
        ax.set_xlim(0, max(1, len(blocks) - 1))
        ax.set_ylim(bottom=0)
        if title:
            ax.set_title(title, fontsize=10)
        ax.legend(loc="upper right", fontsize=8)
        fig.tight_layout()
        fig.savefig(output)
    except (OSError, ValueError) as exc:
        raise MaintextError(f"cannot write {output}: {exc}") from None
    finally:
        plt.close(fig)


def plot_source(source: str | Path, output: str | Path, *, url: str | None = None) -> str:
    """Load ``source`` (path, URL or ``-``), plot its distribution; returns a short summary."""
    _pyplot()  # fail before loading when matplotlib is missing
    from .api import load_document
    from .io.loading import looks_like_url, read_stdin
    from .methods.lineblock import distribution
    from .options import Options

    src: Any = source
    if source == "-":
        src = read_stdin(Options().max_input_bytes)
    elif isinstance(source, str) and not looks_like_url(source):
        if not Path(source).is_file():
            raise MaintextError(f"no such file: {source}")
        src = Path(source)
    doc = load_document(src, url=url)
    dist = distribution(doc.html, doc.options.lineblock)
    name = Path(str(source)).name if source != "-" else "stdin"
    plot_distribution(dist, output, title=f"Line-block distribution: {name}")
    regions = body_regions(dist)
    body = ("body lines " + ", ".join(f"{a}-{b}" for a, b in regions)) if regions else "no body region"
    return f"{len(dist.blocks)} blocks, {body}"
