"""CX-Extractor: main text from the line-block distribution (Chen Xin, seed 004).

The method never builds a DOM tree. It works on the raw HTML text:

1. Remove what is not page text (comments, doctype, ``<script>``, ``<style>``, ... with
   their content), then every remaining tag, keeping every line break and blank that is
   left: the result, with entities decoded, is *Ctext*.
2. Line block ``i`` is Ctext lines ``i .. i+K-1`` (K = block thickness, 3); its length
   ``Y(i)`` is its number of non-whitespace characters. ``Y`` over ``i`` is the line-block
   distribution, computed in one pass with a sliding window.
3. The body is the region ``[X_start, X_end)`` such that

   1. ``Y(X_start)`` exceeds the rise threshold (a sharp rise),
   2. ``Y(n) != 0`` for ``n`` in ``X_start+1 .. X_start+K`` (no isolated noise line; see
      below for "all" versus "any" of them),
   3. ``Y(X_end) == Y(X_end+1) == 0`` (a sharp fall: the body has ended),
   4. the global maximum of ``Y`` lies in the region.

Our reading of condition 4 (the paper states the conditions, not the search): regions are
found left to right with conditions 1-3, each scan resuming after the previous region's
end, exactly as the author's public implementation scans; the body is the first region that
holds a block of maximal length. The public implementation instead concatenates every
region it finds; ``LineBlockOptions.require_maximum = False`` reproduces that. When no
region holds the maximum (the maximal block failed condition 2, e.g. one huge minified
line followed by blank lines) the region with the highest block is taken and ``reason``
notes it.

Condition 2 as written asks *all* K following blocks to be non-zero; the author's public
implementation asks *any*. Modern pages often put a whole article on one line followed by
blank lines, which "all" rejects, so ``LineBlockOptions.rise_followers`` defaults to
"any" (both measured, see the option's comment and ``benchmarks/lineblock_eval.py``).

Further readings: the distribution has one block per Ctext line, the last ``K-1`` blocks
being truncated windows (the paper counts ``LinesNum - K`` full blocks; the truncated ones
let a body that ends the text, or a text shorter than K lines, be found), and blocks past
the end of the text have length 0. ``<head>`` is dropped with scripts and styles (its
title is metadata). Each removed tag leaves one space rather than nothing, so adjacent
paragraphs on one source line do not glue words together; spaces do not count in block
lengths, so the distribution is unchanged.
"""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..html.document import Document
from ..errors import MaintextError
from ..options import LineBlockOptions, Options
from ..result import Page
from ..textutil import collapse_ws

# Comments and the elements of LineBlockOptions.drop_tags are not page text: removed whole,
# with their line breaks, as the author's implementation does.
_COMMENT_CLOSE = re.compile(r"--!?>")
# A tag: "<" followed by a letter, "/", "!" or "?", attributes, ">". Quoted attribute values
# may hold "<" and ">" (value="<b>x</b>", SVG paths, data: URIs); possessive quantifiers
# keep the match linear (no backtracking into a failed tag), and an unquoted part stops at
# the next "<". A lone "<" in text ("a < b") is kept.
_MAX_QUOTED = 200_000  # data: URIs in attributes run to ~100 kB
_TAG = re.compile(
    rf"""<[A-Za-z/!?](?:[^<>"']++|"[^"]{{0,{_MAX_QUOTED}}}+"|'[^']{{0,{_MAX_QUOTED}}}+')*+>""")
# Every tag becomes one space, not nothing, so "a</p><p>b" does not glue two words into
# "ab" (spaces do not count in block lengths: the distribution is the paper's either way).
# The spaces that inline tags leave before punctuation and between CJK characters
# ("<a>link</a>." -> "link .", "<a>中国</a>人" -> "中国 人") are removed from body lines.
_SPACE_BEFORE_PUNCT = re.compile(r" +(?=[.,)\]}])")
# Chinese and Japanese scripts and their punctuation (not Hangul: Korean spaces words).
_CJK_CLASS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"
_CJK_GAP = re.compile(f"(?<=[{_CJK_CLASS}]) +(?=[{_CJK_CLASS}])")
_NEWLINES = re.compile(r"\r\n?")
# Elements that need their own end to close: when the end tag is missing we drop the rest
# of the text (as a browser treats an unclosed <script>) only for raw-text elements; for the
# others only the opening tag goes, so a page missing </head> keeps its body.
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "xmp"})
# Where an element without its end tag ends anyway (the HTML parsing rules in brief).
_IMPLIED_END = {"head": "body"}


@dataclass
class LineBlockResult:
    """The line-block distribution of one page and the body region chosen on it.

    ``lines`` are the Ctext lines; ``blocks[i]`` is the length of the block whose axis is
    line ``i``. The body is ``lines[start:end]`` (``end`` is the ``X_end`` block, the first
    zero block after the body); both are ``None`` when no region was found. ``regions``
    lists every ``(start, end)`` region satisfying conditions 1-3, in page order;
    ``maximum`` is the index of the first maximal block.
    """

    lines: list[str]
    blocks: list[int]
    start: int | None = None
    end: int | None = None
    regions: list[tuple[int, int]] = field(default_factory=list)
    maximum: int | None = None
    chosen: list[tuple[int, int]] = field(default_factory=list)  # regions forming the body
    reason: str | None = None

    def body_lines(self) -> list[str]:
        """Non-empty lines of the chosen region(s), whitespace collapsed."""
        out: list[str] = []
        for start, end in self.chosen:
            for line in self.lines[start:end]:
                text = collapse_ws(line)
                if text:
                    out.append(tidy_line(text))
        return out


def tidy_line(text: str) -> str:
    """Remove the spaces stripped inline tags left before punctuation and inside CJK text."""
    if " " not in text:
        return text
    return _CJK_GAP.sub("", _SPACE_BEFORE_PUNCT.sub("", text))


def ctext(html: str, opts: LineBlockOptions | None = None) -> str:
    """The page text with all tags removed and its line structure kept (Ctext)."""
    opts = opts or LineBlockOptions()
    if "\r" in html:
        html = _NEWLINES.sub("\n", html)
    html = _drop_non_text(html, opts.drop_tags)
    text = _TAG.sub(" ", html)
    return htmllib.unescape(text) if "&" in text else text


def _drop_non_text(html: str, drop_tags: tuple[str, ...]) -> str:
    """Remove comments, and ``drop_tags`` elements with their content, in one linear scan."""
    opener = _opener(tuple(t.lower() for t in drop_tags))
    parts: list[str] = []
    pos = 0
    n = len(html)
    while True:
        m = opener.search(html, pos)
        if m is None:
            break
        parts.append(html[pos:m.start()])
        if m.group(1) is None:  # a comment
            close = _COMMENT_CLOSE.search(html, m.end())
            pos = close.end() if close else n
            continue
        name = m.group(1).lower()
        if m.group(0).endswith("/>") and name not in _RAW_TEXT:
            pos = m.end()  # self-closed <iframe/>: nothing inside
            continue
        close = _closer(name).search(html, m.end())
        if close is not None:  # an implied end matches only "<": the next tag is kept
            pos = close.end() if len(close.group(0)) > 1 else close.start()
        elif name in _RAW_TEXT:
            pos = n  # an unclosed <script> runs to the end, as in a browser
        else:
            pos = m.end()  # drop only the opening tag
    parts.append(html[pos:])
    return "".join(parts)


# Patterns start with a literal "<" and are case-insensitive only on the names, so the
# regex engine skips ahead to the next "<" quickly on long scripts (a leading alternation
# or a global IGNORECASE makes it test every character: ~30x slower on big heads).
@lru_cache(maxsize=32)
def _opener(drop_tags: tuple[str, ...]) -> re.Pattern[str]:
    """A comment start or the opening tag of one of ``drop_tags``."""
    names = "|".join(re.escape(t) for t in drop_tags)
    return re.compile(r"<(?:!--" + (rf"|((?i:{names}))(?=[\s/>])[^<>]*>" if names else "") + ")")


@lru_cache(maxsize=64)
def _closer(name: str) -> re.Pattern[str]:
    """The end of element ``name``: its end tag, or where it is implied to end."""
    implied = _IMPLIED_END.get(name)
    implied_alt = rf"|(?=(?i:{implied})[\s/>])" if implied else ""
    return re.compile(rf"<(?:/(?i:{re.escape(name)})\s*>{implied_alt})")


def block_lengths(line_lengths: list[int], k: int) -> list[int]:
    """``Y(i)`` = sum of ``line_lengths[i:i+k]`` for every line ``i`` (sliding window)."""
    n = len(line_lengths)
    blocks = [0] * n
    window = sum(line_lengths[:k])
    for i in range(n):
        blocks[i] = window
        window -= line_lengths[i]
        if i + k < n:
            window += line_lengths[i + k]
    return blocks


def find_regions(blocks: list[int], k: int, rise_threshold: int,
                 followers: str = "all") -> list[tuple[int, int]]:
    """All ``(X_start, X_end)`` regions meeting conditions 1-3, scanning left to right.

    ``followers``: condition 2 asks ``"all"`` of the K blocks after the rise to be non-zero
    (the paper's text) or ``"any"`` of them (the author's public implementation).
    """
    n = len(blocks)
    need = all if followers == "all" else any

    def y(i: int) -> int:
        return blocks[i] if i < n else 0  # past the end of the text: empty blocks

    regions: list[tuple[int, int]] = []
    i = 0
    while i < n:
        if blocks[i] > rise_threshold and need(y(i + j) != 0 for j in range(1, k + 1)):
            end = i + 1
            while not (y(end) == 0 and y(end + 1) == 0):
                end += 1
            regions.append((i, end))
            i = end + 1
        else:
            i += 1
    return regions


def distribution(html: str, opts: LineBlockOptions | None = None) -> LineBlockResult:
    """Ctext lines, block distribution and chosen body region(s) of ``html``."""
    opts = opts or LineBlockOptions()
    if opts.rise_followers not in ("all", "any"):
        raise MaintextError(f"lineblock.rise_followers must be 'all' or 'any', not {opts.rise_followers!r}")
    k = max(1, int(opts.block_thickness))
    lines = ctext(html, opts).split("\n")
    lengths = [0 if not line or line.isspace() else len("".join(line.split())) for line in lines]
    blocks = block_lengths(lengths, k)
    result = LineBlockResult(lines=lines, blocks=blocks)
    if not any(lengths):
        result.reason = "no text left after removing tags"
        return result
    peak = max(blocks)
    result.maximum = blocks.index(peak)
    result.regions = find_regions(blocks, k, opts.rise_threshold, opts.rise_followers)
    if peak <= opts.rise_threshold:
        result.reason = (f"no line block rises above the threshold (longest block {peak} <= "
                         f"{opts.rise_threshold} non-space characters)")
        return result
    if not result.regions:
        result.reason = ("every line block above the threshold is followed by an empty block "
                         f"(condition 2, followers={opts.rise_followers!r})")
        return result
    result.chosen = _choose(result, peak, opts)
    result.start = result.chosen[0][0]
    result.end = result.chosen[-1][1]
    return result


def _choose(result: LineBlockResult, peak: int, opts: LineBlockOptions) -> list[tuple[int, int]]:
    """Condition 4: the first region holding the maximum (or every region, if not required)."""
    if not opts.require_maximum:
        return list(result.regions)
    blocks = result.blocks
    tops = [max(blocks[s:e]) for s, e in result.regions]
    for region, top in zip(result.regions, tops):
        if top == peak:
            return [region]
    best = max(range(len(tops)), key=tops.__getitem__)
    result.reason = "no region holds the maximal block; took the region with the highest block"
    return [result.regions[best]]


def extract(doc: Document, options: Options) -> Page:
    """Main text of ``doc`` by the line-block distribution."""
    opts = options.lineblock
    page = Page(url=doc.url, method="lineblock")
    result = distribution(doc.html, opts)
    page.set_paragraphs(result.body_lines())
    if not page.text:
        page.reason = result.reason or "the chosen region holds no text"
    elif result.reason:
        page.extra["note"] = result.reason
    page.extra.update(start=result.start, end=result.end, regions=result.regions,
                      maximum=result.maximum, lines=len(result.lines))
    if options.explain:
        page.explain = [
            {"start": s, "end": e, "peak": max(result.blocks[s:e]),
             "kept": (s, e) in result.chosen}
            for s, e in result.regions
        ]
    return page
