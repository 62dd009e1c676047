"""All settings in one typed object.

:class:`Options` holds the general settings (input limits, decoding, metadata) and one
section per extraction method with that method's parameters, defaulting to the values of
its paper. Where a paper's value was lost in extraction the default is our reading of it
and the field's comment says so. Pass an ``Options`` to :func:`maintext.extract`, or
keyword overrides such as ``extract(html, method="lineblock", lineblock={"block_thickness": 4})``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .methods.auto.heuristics import AutoHeuristics


@dataclass
class LineBlockOptions:
    """CX-Extractor (seed 004): line-block distribution."""

    block_thickness: int = 3  # K, "K < 5, here K = 3"
    # A block starts the body when its length exceeds this (the "sharp rise"). The paper
    # names a threshold without a number; 86 is the value of the author's public code.
    rise_threshold: int = 86
    # Tags whose content is dropped together with the tag (not text of the page); "head"
    # is our addition (its <title> is metadata, not body text).
    drop_tags: tuple[str, ...] = ("script", "style", "noscript", "head", "iframe", "textarea")
    # Condition 2: "all" K blocks after the rise must be non-zero (the paper's wording) or
    # "any" of them (the author's public implementation). Our choice, by measurement:
    # modern pages often hold a whole article on one line followed by blank lines, which
    # "all" rejects as noise (F1 aeb/cleaneval/big9-2005/gne-cn: all .643/.659/.508/.429,
    # any .703/.713/.638/.756; benchmarks/lineblock_eval.py).
    rise_followers: str = "any"
    # Require the chosen region to contain the maximum block (condition 4 of the paper).
    # False takes every region found, as the author's public implementation does; it
    # scores higher (F1 .761/.886/.862/.812 on the sets above) since bodies split by a
    # picture or an ad form several regions, but keeps more boilerplate on list pages.
    require_maximum: bool = True


@dataclass
class BlockListOptions:
    """Block-List and block distribution (seed 002)."""

    # Upper bounds of the text-length classes of the block distribution D, in words (a CJK
    # character counts 1/1.7 word). The paper's classes were lost; ours are a guess: up to 2
    # words (labels), 5 (menu items), 10 (headlines), 20, 40 (short/normal paragraph), 80,
    # and longer. Only text blocks are counted (empty container blocks are not in D).
    length_bins: tuple[int, ...] = (2, 5, 10, 20, 40, 80)
    # A block with more link text than this share is navigation, never main text.
    max_link_density: float = 0.33
    # A "core" block (seed of the content region) has at least this many words. This and the
    # other extraction settings below are ours (the paper's rule was lost), chosen on the
    # dev sets aeb, cleaneval-dev, big9-2005 and dragnet (see benchmarks/predict_method.py).
    long_block_words: float = 12.0
    # Core blocks separated by more than this many non-content text blocks start a new region.
    max_gap_blocks: int = 10
    # Without any core block, the best block must have this many non-space characters.
    min_block_chars: int = 40
    # Restrict the region to the subtree of the block that best holds the core blocks (each
    # core block votes for its parent, and this share of its weight for its grandparent).
    use_container: bool = True
    grandparent_share: float = 0.5
    # Containers scoring at least this share of the best one are rivals (several posts of a
    # blog front or forum thread): the main container becomes their common ancestor.
    rival_share: float = 0.6
    # Keep blocks inside a box whose class/id names reader comments out of the main text.
    skip_comment_boxes: bool = True
    # How many text blocks before the region an h1/h2 headline may sit and still be kept.
    headline_lookback: int = 4
    # Return empty text (with a reason) when the page-type classifier says "not content".
    use_classifier: bool = True


@dataclass
class VoteOptions:
    """Tag tree + voting over typed text blocks (seed 001)."""

    # A topic block is content when its vote (weighted mean of the rules' normalised scores,
    # 0..1) reaches this. Chosen by measurement (aeb, big9-2005, first 300 dragnet pages).
    topic_threshold: float = 0.65
    # rule name -> weight, overriding the rule table's default (1; semantics 3)
    weights: dict[str, float] = field(default_factory=dict)
    hub_link_density: float = 0.5  # a block with this share of link text is a hub block
    pic_max_chars: int = 40  # a block with an image and at most this much text is a pic block
    # Keep only the content blocks inside the element whose subtree has the most content
    # text minus this times its other text (None: keep content blocks anywhere).
    region_penalty: float | None = 1.0
    # When no block reaches the threshold, keep the topic blocks within this share of the
    # best topic vote (None: return no text).
    fallback_share: float | None = 0.9


@dataclass
class BaselineOptions:
    """Parameters of the baselines BTE, DSC, LQF, CCB."""

    # BTE (Finn et al. 2001) has no parameter.
    # DSC (Pinto et al. 2002): slope of the cumulative tag curve over a window of tokens.
    dsc_window: int = 20  # tokens per window (our reading; the paper's value was not kept)
    dsc_max_slope: float = 0.5  # a window with fewer tags per token than this is text
    # LQF (Mantratzis et al. 2005): a container whose link text exceeds this share of its
    # text is navigation and is removed with its subtree (bottom-up, so a parent is judged
    # on what is left after its link lists are gone).
    lqf_quota: float = 0.5
    lqf_min_chars: int = 1  # containers with less text than this are left alone
    # CCB (Gottron 2008): content code vector over source characters (text 1, markup 0),
    # blurred repeatedly, content where the blurred ratio exceeds the threshold.
    ccb_window: int = 40  # Gaussian sigma in characters (the "range" of the blur)
    ccb_iterations: int = 3  # blur passes (box passes whose sum has the Gaussian's variance)
    ccb_threshold: float = 0.5  # minimal content code ratio of a content character
    ccb_ignore_anchors: bool = False  # ADCCB variant: <a> tags do not count as code


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
    # is off; then only when the extracted text is short (fewer words than classify_below_words).
    # Its answer can empty the text only when the text is that short.
    classify_below_words: float = 60.0
    classify_always: bool = True
    # A page the classifier calls "not content" with at least this confidence gets empty text ...
    empty_min_confidence: float = 0.9
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
class DomPathOptions:
    """DOM-path similarity with same-site template removal (seed 000, Pan et al. 2016)."""

    # Remove the site's template by walking the page with doc.site_docs (when given).
    template_removal: bool = True
    # Other pages of the site compared with the target: the paper takes two; with fewer
    # than min_site_pages usable ones the template step is skipped.
    max_site_pages: int = 2
    min_site_pages: int = 1
    # Our addition to the paper's lockstep walk: after differing texts, look this many
    # nodes ahead for the point where the pages agree again (0: the paper's plain walk).
    resync_window: int = 200
    # Path similarity of two text leaves. The paper's formula was lost; it is defined on
    # the common path prefix c and the depths nA, nB. "max": c / max(nA, nB) (our reading),
    # "min": c / min(nA, nB), "mean": 2c / (nA + nB).
    similarity: str = "max"
    # Path steps: "node" (each element is its own step, so the common prefix ends at the
    # leaves' lowest common ancestor; the paper calls each path unique) or "tag" (tag names
    # only: leaves under two different <div><p> share the whole prefix).
    path_steps: str = "node"
    # Two leaves are in one group when their path similarity reaches this (our guess,
    # tuned on big9-2005 with site pages; the paper gives no value).
    threshold: float = 0.6
    # Each leaf is compared with this many preceding content leaves (a link or an image
    # caption between two paragraphs does not split the group).
    window: int = 3
    # A group's weight is its text minus link_penalty times its link text; the heaviest
    # group is the main text.
    link_penalty: float = 1.0
    # The paper's future work (its conclusion): use the path distance between content
    # nodes and the title node. A group's weight is multiplied by its path similarity to
    # the content title's leaf raised to this power (0: the paper's plain heaviest group).
    # Keeps reader comments, often heavier than the article, from winning.
    title_power: float = 2.0  # 0 / 1 / 2 / 3: dragnet F1 .790 / .817 / .836 / .837, big9-2009 .910 / .910 / .910 / .843


@dataclass
class LcsOptions:
    """LCS-based maximum similarity matching of feature trees (seed 003, Song et al. 2011).

    The paper gives no number for its thresholds; every default below is ours (see each
    comment). Width/height/top/left of a rendered layout are replaced by proxies computed
    from the tree (see :mod:`maintext.methods.lcs`); each proxy can be dropped ("none").
    """

    # Ts: two feature nodes are similar when their similarity exceeds this (0..1); the
    # paper gives no value. With the 7 default features, 0.4 asks for 3 equal ones.
    # F1 big9-2005/big9-2009/dragnet, k=2: 0.3 and 0.4 .944/.964/.893, 0.5
    # .943/.960/.890, 0.6 and 0.7 .912/.921/.878.
    similarity_threshold: float = 0.4
    # Layout proxies among the compared features (id, class and depth are always compared).
    # Dropping one (F1 as above, Ts 0.5): width .931/.950/.887, height .943/.960/.890, top
    # .943/.959/.886, left .920/.924/.880; all four .941/.962/.893.
    # width: "children" (number of child elements) or "none";
    # height: "lines" (text length in lines of ``line_chars``) or "none";
    # top: "lines_before" (text before the node, in lines) or "none";
    # left: "sibling_index" (position among the parent's children) or "none".
    width_proxy: str = "children"
    height_proxy: str = "lines"
    top_proxy: str = "lines_before"
    left_proxy: str = "sibling_index"
    line_chars: int = 80  # non-space characters per rendered line (height/top proxies)
    # Resolve href/src against the page URL before comparing inner HTML (the paper's
    # preprocessing); fragment-only and javascript: links are left as they are.
    absolutize_urls: bool = True
    # A target node is a candidate when it is deleted or substituted (below Ts) in at least
    # this share of the similar pages (1.0: in all of them). The paper compares one pair.
    # 0.5 (k=2: unmatched in either page) scores .929/.940/.891 against .943/.960/.890.
    candidate_share: float = 1.0
    # Cost bounds of the LCS tables, in table cells (a similarity evaluation counts 12
    # cells; ~0.15 us per cell). max_page_cost covers all levels of one target page
    # against all its similar pages (each pair gets an equal share). A tree level whose
    # table would cost more than max_level_cost (or what is left of the pair's share) is
    # aligned only within the children of parent pairs the level above aligned, cut into
    # proportional chunks when still too big (see the module docstring).
    max_level_cost: int = 300_000
    max_page_cost: int = 1_500_000
    # Keep every cluster whose score is within this many points of the best one ("the
    # top clusters with close scores"; no value in the paper). F1 k=2 (Ts 0.5): gap 2
    # .946/.960/.887, gap 4 .943/.960/.890.
    score_gap: float = 4.0
    max_clusters: int = 3  # keep at most this many clusters ("the top few")
    # The paper's main visual area (what readers look at when the page opens) for the
    # "effective area" score: the first this many non-space characters of the page's
    # text. Measured against the middle 15-85% of the text (F1 on dragnet's multi-page
    # sites, k=2, offline rescoring: band .783, 1000 chars .83, 1500 .830, 3000 .827).
    first_screen_chars: int = 1500
    # Leave out candidates inside boxes whose class/id names reader comments (not in the
    # paper). Off: F1 dragnet .840 instead of .890 (k=2); big9 unchanged.
    skip_comment_boxes: bool = True
    # Without similar pages of the same site (``doc.site_docs``) the method has nothing to
    # compare; None returns empty text with a reason, a method name runs that method instead.
    fallback_method: str | None = None


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
    # The compiled segmentation walk when built (same output, faster); False forces the
    # pure-Python walk (None: maintext.html.walk.ENABLED, MAINTEXT_NATIVE=0 turns it off).
    native: bool | None = None
    default_encoding: str = "utf-8"
    max_attributes: int = 256  # attributes kept per element: libxml2's parse is quadratic in them
    # Pages with more elements (start tags, counted before parsing) raise TooManyElementsError
    # (0: no cap). Memory grows 1-2.5 KB per element in the methods (a 4 MB page of 10^6 elements
    # peaked at 1.1 GB in lcs); the largest of 3,075 real pages in the evaluation sets has
    # 21,578 elements; at 250,000 every method stays under 600 MB (benchmarks/floods.py).
    max_elements: int = 250_000
    # maintext.extract / `maintext extract` give up on a page after this many seconds with
    # PageTimeoutError (None or 0: no limit); batch runs have their own --timeout
    page_timeout: float | None = 30.0
    # --- output ---
    explain: bool = False  # record per-block keep/drop decisions in Page.explain
    with_links: bool = True
    with_metadata: bool = True
    # What a result holds (maintext.output.fields.FIELDS): only those are computed, so a
    # batch asking for text only skips the metadata and link passes. None: the default record.
    fields: tuple[str, ...] | None = None
    # Look for readers' comments (maintext.methods.comments) and put them in Page.comments,
    # never in the text: a separate pass, so off unless asked.
    with_comments: bool = False
    # Structured outputs (markdown, html): image blocks as images, inline links, bold and
    # italic. Off by default: they add markup that text consumers (indexes, LLMs) rarely want.
    include_images: bool = False
    include_links: bool = False
    include_formatting: bool = False
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
