"""All settings in one typed object.

:class:`Options` holds the general settings (input limits, decoding, metadata) and one
section per extraction method with that method's parameters, defaulting to the values of
its paper. Where a paper's value was lost in extraction the default is our reading of it
and the field's comment says so. Pass an ``Options`` to :func:`maintext.extract`, or
keyword overrides such as ``extract(html, method="lineblock", lineblock={"block_thickness": 4})``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any


@dataclass
class LineBlockOptions:
    """CX-Extractor (seed 004): line-block distribution."""

    block_thickness: int = 3  # K, "K < 5, here K = 3"
    # A block starts the body when its length exceeds this (the "sharp rise"). The paper
    # names a threshold without a number; 86 is the value of the author's public code.
    rise_threshold: int = 86
    # Tags whose content is dropped together with the tag (not text of the page).
    drop_tags: tuple[str, ...] = ("script", "style", "noscript", "head", "iframe", "textarea")
    # Require the chosen region to contain the maximum block (condition 4 of the paper).
    require_maximum: bool = True


@dataclass
class BlockListOptions:
    """Block-List and block distribution (seed 002)."""

    # Upper bounds of the text-length classes of the block distribution D (the paper's bins
    # were lost; these are our reading: empty, short, medium, long, very long).
    length_bins: tuple[int, ...] = (0, 10, 50, 100, 200, 500)
    max_link_density: float = 0.5
    min_block_chars: int = 10


@dataclass
class VoteOptions:
    """Tag tree + voting over typed text blocks (seed 001)."""

    topic_threshold: float = 0.5  # share of the maximal normalised vote a topic block needs
    weights: dict[str, float] = field(default_factory=dict)  # rule name -> weight (default 1)


@dataclass
class BaselineOptions:
    """Parameters of the baselines BTE, DSC, LQF, CCB."""

    ccb_window: int = 40  # CCB: Gaussian smoothing window (Gottron 2008 uses 40/fixed sigma)
    lqf_min_chars: int = 50


@dataclass
class AutoOptions:
    """The default extractor."""

    favor_precision: bool = False
    favor_recall: bool = False
    use_classifier: bool = True  # return empty text with a reason on non-article pages
    include_tables: bool = True
    include_comments: bool = False


@dataclass
class Options:
    """Settings for one extraction call or one batch run."""

    # --- input ---
    max_input_bytes: int = 32 * 1024 * 1024  # larger pages raise DocumentTooLargeError
    max_tree_depth: int = 1000  # deeper nesting is flattened before extraction
    default_encoding: str = "utf-8"
    # --- output ---
    explain: bool = False  # record per-block keep/drop decisions in Page.explain
    with_links: bool = True
    with_metadata: bool = True
    # --- fetching (online mode) ---
    fetch_timeout: float = 20.0
    fetch_retries: int = 2
    user_agent: str = "maintext/0.1 (+https://pypi.org/project/maintext)"
    # --- methods ---
    lineblock: LineBlockOptions = field(default_factory=LineBlockOptions)
    blocklist: BlockListOptions = field(default_factory=BlockListOptions)
    vote: VoteOptions = field(default_factory=VoteOptions)
    baselines: BaselineOptions = field(default_factory=BaselineOptions)
    auto: AutoOptions = field(default_factory=AutoOptions)

    def updated(self, **overrides: Any) -> "Options":
        """A copy with ``overrides`` applied; a section accepts a dict of its fields."""
        return _apply(self, overrides)


def _apply(obj: Any, overrides: dict[str, Any]) -> Any:
    known = {f.name for f in fields(obj)}
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key not in known:
            raise TypeError(f"{type(obj).__name__} has no setting {key!r}")
        current = getattr(obj, key)
        if is_dataclass(current) and isinstance(value, dict):
            value = _apply(current, value)
        changes[key] = value
    return replace(obj, **changes)


def make_options(options: Options | None = None, **overrides: Any) -> Options:
    """``options`` (or the defaults) with keyword ``overrides`` applied."""
    base = options if options is not None else Options()
    return base.updated(**overrides) if overrides else base
