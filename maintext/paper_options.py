"""Settings sections of the methods from the papers (seeds 000-004) and of the baselines.

Each section holds one method's parameters, defaulting to the values of its paper; where a
paper's value was lost in extraction the default is our reading of it and the field's
comment says so. The sections are fields of :class:`maintext.options.Options` (and are
imported from :mod:`maintext.options` by the methods).
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
    # At most this many rivals (the best scored) are merged in: bounds the work on pages of
    # hundreds of posts.
    max_rivals: int = 16
    # Keep blocks inside a box whose class/id names reader comments out of the main text.
    skip_comment_boxes: bool = True
    # How many text blocks before the region an h1/h2 headline may sit and still be kept.
    headline_lookback: int = 4
    # Return empty text (with a reason) when the page-type classifier says "not content":
    # the paper first decides whether the page holds news content and extracts only then.
    use_classifier: bool = True
    # Seed 002 decides "news page or not" from the page alone (its Block-List); the URL the
    # caller knows is no input of the paper's classifier. False: the classifier sees only the
    # page (its own canonical / og:url at most); True: also the caller's URL, as auto does.
    classify_url: bool = False


@dataclass
class VoteOptions:
    """Tag tree + voting over typed text blocks (seed 001)."""

    # A topic block is content when its vote (weighted mean of the rules' normalised scores,
    # 0..1) reaches this. Chosen by measurement (aeb, big9-2005, first 300 dragnet pages).
    topic_threshold: float = 0.65
    # rule name -> weight of the rules of maintext.methods.vote_rules (a rule not named
    # weighs 1). The textbook lets important rules weigh more: semantics weighs 3, the one
    # rule that tells reader comments (prose by every other rule) from the article
    # (measured on aeb, big9-2005, dragnet's first 300: dragnet F1 .78 -> .85, others equal).
    weights: dict[str, float] = field(default_factory=lambda: {
        "length": 1.0, "position": 1.0, "link_density": 1.0, "punctuation": 1.0,
        "semantics": 3.0, "neighbours": 1.0})
    # Length rule: (upper bound in 字, score), the textbook's bins: <10 -> 0, 10-50 -> 5,
    # 50-250 -> 8, more -> 10 (an alphabetic word counts 1.7 字).
    length_bins: tuple[tuple[float, float], ...] = ((10, 0), (50, 5), (250, 8), (float("inf"), 10))
    # Position rule, the textbook's scores (right 0, top 3, left 5, middle 10) on zones we
    # approximate without a rendered layout: (share of the page's non-link text before the
    # block's middle, score, zone). Source order is header, left column, main column (most
    # of the plain text), right column and footer.
    position_zones: tuple[tuple[float, float, str], ...] = (
        (0.05, 3, "top"), (0.12, 5, "left"), (0.90, 10, "middle"), (1.01, 0, "right"))
    # Punctuation rule: sentence stops and commas per word that score full marks (prose has
    # one every ~10 words; menus, tag clouds and bylines none).
    punctuation_saturation: float = 0.12
    # Neighbourhood rule: blocks looked at on each side, and the mean link-free length in 字
    # of those neighbours that scores full marks (main text comes in runs of paragraphs).
    neighbours: int = 2
    neighbour_saturation: float = 120.0
    hub_link_density: float = 0.5  # a block with this share of link text is a hub block
    pic_max_chars: int = 40  # a block with an image and at most this much text is a pic block
    # A block with a figure this many levels up or nearer is a caption (a pic block).
    pic_figure_levels: int = 3
    # The content title is a heading shorter than this (a longer "heading" is prose set
    # large); without any, and with an empty <title>, the body's first this many characters.
    title_max_chars: int = 300
    title_fallback_chars: int = 80
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
    # A h1-h3 heading is the content title when this share of its words is in the page's
    # <title> (else the first h1 is); our choice, the paper names no rule.
    title_min_overlap: float = 0.5
    # Leaves of a group compared with the title leaf: its first ones (where a group meets the
    # headline); bounds the work on groups of thousands of leaves.
    title_probes: int = 8


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
    # Definition 4 of the paper: a node whose own text is more than this share of its text
    # ("text rate > 75%") is a content node (as is any node with a content tag).
    content_text_rate: float = 0.75
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
    # The paper's cluster scoring: for each metric the first, second and third cluster get
    # these points (negated for link rate).
    rank_points: tuple[int, ...] = (5, 3, 1)
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
