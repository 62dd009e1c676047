"""All settings in one typed object.

:class:`Options` holds the general settings (input limits, decoding, metadata) and one
section per extraction method with that method's parameters: ``auto``'s here, those of the
papers' methods and the baselines in :mod:`maintext.paper_options` (defaulting to the
values of their papers). Pass an ``Options`` to :func:`maintext.extract`, or
keyword overrides such as ``extract(html, method="lineblock", lineblock={"block_thickness": 4})``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any

from .paper_options import (
    BaselineOptions, BlockListOptions, DomPathOptions, LcsOptions, LineBlockOptions, VoteOptions,
)

if TYPE_CHECKING:
    from .methods.auto.heuristics import AutoHeuristics

__all__ = [
    "Options", "make_options", "AutoOptions", "MetadataOptions", "DiscoverOptions",
    "SiteFetchOptions", "BaselineOptions", "BlockListOptions", "DomPathOptions", "LcsOptions",
    "LineBlockOptions", "VoteOptions",
]


@dataclass
class AutoOptions:
    """The default extractor."""

    # favor_precision: no widening to ancestors, stricter link-density limits.
    # favor_recall: no trimming of trailing lines or "related" sections, easier widening,
    # looser link-density limits.
    favor_precision: bool = False
    favor_recall: bool = False
    use_classifier: bool = True  # return empty text with a reason on non-article pages
    include_tables: bool = True
    include_comments: bool = False
    include_headline: bool = False  # keep the <h1> headline in the text (it is always in page.headline)
    # The page-type classifier (maintext.pagetype.classifier) reads the one segmentation (no
    # second parse), so it runs on every page (is_content_page always set) unless classify_always
    # is off or no metadata is asked for (fields without "metadata": is_content_page is part of
    # it); then only when the extracted text is short (fewer words than classify_below_words).
    # Its answer can empty the text only when the text is that short.
    classify_below_words: float = 60.0
    classify_always: bool = True
    # A page the classifier calls "not content" with at least this confidence gets empty text ...
    # (0.97: short articles on link-heavy pages of the dev sets reach 0.93-0.97 with the
    # retrained model; hubs of the pagetype set still pass it: 83 of 88 non-articles, 86 at 0.9)
    empty_min_confidence: float = 0.97
    # ... when at least this share of the page's text is link text (a hub, list or home page;
    # a product, service or form page called "not an article" keeps its text).
    empty_min_link_density: float = 0.25
    # Do not read boxes marked as comments, related links, ads, navigation, footer, side
    # column (unless they hold much of the page's text): faster, same result.
    skip_boilerplate: bool = True
    # With other pages of the site attached (doc.site_docs), drop kept blocks whose text is
    # the site's template (maintext.site.template: equal text at the same place on the others).
    drop_site_template: bool = True  # dragnet with 2 site pages: F1 .909 -> .912 (P .928 -> .934)
    # Every threshold of the method's stages (scoring, widening, filtering, edges), one
    # commented table: maintext.methods.auto.heuristics.AutoHeuristics. A dict of field
    # overrides is accepted (``auto={"heuristics": {"class_weight": 20.0}}``).
    heuristics: "AutoHeuristics" = field(default_factory=lambda: _auto_heuristics())


@dataclass
class MetadataOptions:
    """Page metadata (maintext.metadata.extract): title, headline, date, author, keywords, links."""

    # When no date is found, ask htmldate (extensive search). Measured on trafilatura's
    # set: date accuracy 0.832 -> ~0.86, but ~75 ms per page without a date (off by default).
    htmldate_fallback: bool = False
    # The time the page was seen (ISO 8601, e.g. a fetch or WARC date): relative dates in a
    # byline ("昨天", "vor 3 Tagen", "2 hours ago") are resolved against it; None: not read.
    reference_time: str | None = None


@dataclass
class DiscoverOptions:
    """URL discovery for ``maintext batch``: sitemaps, feeds, the polite crawler (maintext.io.discover, .crawl)."""

    max_urls: int = 100_000  # URLs taken from sitemaps/feeds at most (a sitemap may list 50,000)
    max_sitemaps: int = 500  # sitemap files read at most when following sitemap indexes
    max_sitemap_depth: int = 3  # index -> index -> sitemap nesting followed at most
    same_site: bool = True  # keep only sitemap/feed URLs of the sitemap's own site (the protocol's rule)
    # Crawler politeness: seconds between two requests to one host (robots.txt Crawl-delay
    # wins when longer, up to max_crawl_delay) and requests in flight per host.
    crawl_delay: float = 1.0
    max_crawl_delay: float = 30.0
    crawl_per_host: int = 1
    crawl_threads: int = 4  # requests in flight in all
    max_pages: int = 1000  # pages fetched per crawl (a resumed crawl counts what it did before)
    max_depth: int = 3  # link hops from the start URL
    same_host: bool = True  # follow only links to the start URL's host
    obey_robots: bool = True  # robots.txt is obeyed (off only for one's own test servers)
    follow_nofollow: bool = False  # rel="nofollow" links are not followed


@dataclass
class SiteFetchOptions:
    """Same-site pages fetched on demand for template methods, and the site template store (maintext.site)."""

    # When a page given by URL has no site pages at hand, dompath/lcs/auto fetch up to
    # this many pages of its site chosen from its own links (seed 003); 0: never fetch.
    fetch_siblings: int = 2
    # Methods that get fetched siblings. auto is left out by default, measured: its
    # site-template filter gains nothing on big9 (k=2 vs none: .971/.980 both) and changes
    # little on pagetype given by URL (text F1 .997 against auto alone, 807 -> 807 words),
    # for 2+ extra requests and >= 0.5 s per page; add it to opt in.
    methods: tuple[str, ...] = ("dompath", "lcs")
    # Also fetch siblings for pages handed over as content with their URL (batch --siblings
    # on fetched pages); off by default: an archived page (WARC) must not reach the live site.
    for_given_pages: bool = False
    # Links considered as siblings: at most this many, ranked by URL-pattern similarity.
    max_candidates: int = 8
    # A candidate must reach this URL-pattern similarity (0..1; same path depth and shape).
    min_similarity: float = 0.5
    sibling_delay: float = 0.5  # seconds between two sibling requests to the site
    # SQLite file of the site template store; None: no store (siblings fetched every time).
    store_path: str | None = None
    # A stored template is used while at least this share of its entries is found on the
    # new page; below it the template is stale and rebuilt from fresh siblings.
    min_match_share: float = 0.5
    max_age_days: float = 30.0  # a template older than this is rebuilt
    # What a method learned is stored only when it covers at least this share of the
    # learning page's own keys (median on big9: .47 dompath/auto, .75 lcs); below, the
    # comparison failed (site pages of another layout) and a handful of keys would
    # "match" any later page (big9-2005 foxnews: 2 lcs keys, lcs F1 .939 -> .905).
    min_learned_share: float = 0.15


@dataclass
class Options:
    """Settings for one extraction call or one batch run."""

    # --- input ---
    max_input_bytes: int = 32 * 1024 * 1024  # larger pages raise DocumentTooLargeError
    max_tree_depth: int = 1000  # deeper nesting is flattened before extraction
    # The compiled segmentation walk and HTML5 tree builder when built (same output, faster);
    # False forces the pure-Python twins (None: when enabled; MAINTEXT_NATIVE=0 turns them off).
    native: bool | None = None
    default_encoding: str = "utf-8"
    max_attributes: int = 256  # attributes kept per element: the parse is quadratic in them (lexbor: 20,000 take 3 s)
    # Pages with more elements (start tags, counted before parsing) raise TooManyElementsError
    # (0: no cap). Memory grows 1-2.5 KB per element in the methods (a 4 MB page of 10^6 elements
    # peaked at 1.1 GB in lcs); the largest of 3,075 real pages in the evaluation sets has
    # 21,578 elements; at 250,000 every method stays under 600 MB (benchmarks/floods.py).
    max_elements: int = 250_000
    # maintext.extract / `maintext extract` give up on a page after this many seconds with
    # PageTimeoutError (None or 0: no limit); batch runs have their own --timeout
    page_timeout: float | None = 30.0
    # Pause Python's cycle collector while a page is loaded and extracted (maintext.gcpause):
    # its passes over the page's objects free nothing (they die by reference count) and cost
    # 5-7% of a full record, 10-25% of the text of a multi-MB page; from the load on, as a
    # collection due from earlier work would run in the load's first allocations.
    # False: leave the collector alone.
    pause_collector: bool = True
    # --- output ---
    explain: bool = False  # record per-block keep/drop decisions in Page.explain
    with_links: bool = True
    with_metadata: bool = True
    # What a result holds (maintext.output.fields.FIELDS): only those are computed, so a
    # batch asking for text only skips the metadata and link passes. None: the default record.
    fields: tuple[str, ...] | None = None
    # Build Page.blocks (the typed blocks). A batch's default record leaves blocks out, so
    # `maintext batch` without --fields turns this off and pays for no structure work.
    with_blocks: bool = True
    # Look for readers' comments (maintext.methods.comments) and put them in Page.comments,
    # never in the text: a separate pass, so off unless asked.
    with_comments: bool = False
    # Structured outputs (markdown, html): image blocks as images, inline links, bold and
    # italic. Off by default: they add markup that text consumers (indexes, LLMs) rarely want.
    include_images: bool = False
    include_links: bool = False
    include_formatting: bool = False
    # Markdown and html open with the page's headline as a level-1 heading (a document's
    # title), unless the body already opens with it; the plain text is unchanged. Off: gold
    # structure rarely repeats the title (readability-dev headings F1 .816 -> .709 with it,
    # webmainbench-sample .395 -> .500).
    headline_heading: bool = False
    # --- fetching (online mode) ---
    fetch_timeout: float = 20.0
    fetch_retries: int = 2
    # Total seconds for one fetch (retries and redirects included): a server that drips a
    # byte at a time or keeps answering 503 cannot hold a page longer than this.
    fetch_deadline: float = 60.0
    # Online mode refuses hosts that resolve to loopback, private, link-local or metadata
    # addresses (a page or a redirect must not reach into the machine's own network);
    # True allows them (a crawl of a local test server, an intranet).
    allow_private: bool = False
    user_agent: str = "maintext/0.1 (+https://pypi.org/project/maintext)"
    # --- methods ---
    lineblock: LineBlockOptions = field(default_factory=LineBlockOptions)
    blocklist: BlockListOptions = field(default_factory=BlockListOptions)
    vote: VoteOptions = field(default_factory=VoteOptions)
    baselines: BaselineOptions = field(default_factory=BaselineOptions)
    auto: AutoOptions = field(default_factory=AutoOptions)
    dompath: DomPathOptions = field(default_factory=DomPathOptions)
    lcs: LcsOptions = field(default_factory=LcsOptions)
    metadata: MetadataOptions = field(default_factory=MetadataOptions)
    discover: DiscoverOptions = field(default_factory=DiscoverOptions)
    site: SiteFetchOptions = field(default_factory=SiteFetchOptions)

    def updated(self, **overrides: Any) -> "Options":
        """A copy with ``overrides`` applied; a section accepts a dict of its fields."""
        return _apply(self, overrides)


def _auto_heuristics() -> "AutoHeuristics":
    # imported on first use: the auto package imports this module
    from .methods.auto.heuristics import HEURISTICS

    return HEURISTICS


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
