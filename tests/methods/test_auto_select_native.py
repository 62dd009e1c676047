"""auto's block selection and edge scans: the compiled loops (maintext/methods/auto/_select.pxi,
in the _score module) against their Python twins (filter._select_loop with _drop_rule,
filter._repeat_runs, edges._next_related, edges._next_comments_heading), on real pages of
the shared dev sets and on random pages. Each twin is asked at the point the extraction asks
it (wrapped in the ``auto`` modules), with the same arguments."""

from __future__ import annotations

import dataclasses
import importlib
import random
from types import SimpleNamespace

import pytest

import maintext
from maintext.html import lines, walk as _walk
from maintext.methods.auto import edges, filter as auto_filter, lists as auto_lists
from maintext.methods.auto import extract as _  # noqa: F401 - (the package itself, below)
from maintext.methods.auto.heuristics import AutoHeuristics
from maintext.options import AutoOptions
from tests.conftest import spread_pages

_SETS = ("aeb", "gne-cn", "dragnet", "cleaneval-dev", "readability-dev")  # real pages spread over these

native = pytest.importorskip("maintext.methods.auto._score")
auto_pkg = importlib.import_module("maintext.methods.auto")


class _Checked:
    """Wraps each compiled twin to run the Python one too and compare; counts the calls."""

    def __init__(self, monkeypatch) -> None:
        self.calls = {"select": 0, "repeats": 0, "related": 0, "comments": 0, "lists": 0}
        monkeypatch.setattr(_walk, "ENABLED", True)
        real_select = auto_filter.select_blocks
        py_repeats, py_related, py_comments = (auto_filter._repeat_runs, edges._next_related,
                                               edges._next_comments_heading)

        def select_blocks(h, seg, region, opts, explain, figures=False):
            if explain is None:
                inside = bytearray(len(seg.blocks))
                for start, end in region.ranges:
                    inside[start:end] = b"\x01" * (end - start)
                limits = auto_filter.drop_limits(h, opts)
                assert auto_filter._plain_limits(limits, h.section_header_after)
                c = native.select_region(seg.blocks, inside, auto_filter.Block, limits, figures,
                                         auto_filter.FIGURE_REASONS, h.section_header_after,
                                         auto_filter._region_tests(h, seg, region.top), seg.containers,
                                         auto_filter.Container, seg._chars, seg._links, lines.FURNITURE_PREFILTER)
                py = auto_filter._select_loop(h, seg, region.top, inside, opts, None, figures)
                assert _ids(c) == _ids(py)
                self.calls["select"] += 1
            return real_select(h, seg, region, opts, explain, figures)

        def repeat_runs(h, kept):
            py = py_repeats(h, kept)
            c = native.repeat_runs(kept, h.repeat_min_weight, h.repeat_run)
            assert c == py and list(c) == list(py)  # (the same set, in the same order)
            self.calls["repeats"] += 1
            return py

        def find_related(h, kept, i, seen):
            py = py_related(h, kept, i, seen)
            c = native.next_related(kept, i, seen, h.related_cut_after, h.section_heading_max_weight,
                                    edges.RELATED_HEADING_MAX_CHARS, edges.is_related_heading,
                                    edges.RELATED_ASCII_FIRST, lines.RELATED_OPENING)
            assert c == py
            self.calls["related"] += 1
            return py

        def find_comments(h, blocks, lo, hi, marks):
            py = py_comments(h, blocks, lo, hi, marks)
            c = native.next_comments(blocks, lo, hi, marks, h.section_heading_max_weight, h.comment_heading_tags,
                                     edges.COMMENTS_HEADING_MAX_CHARS, edges.is_comments_heading,
                                     edges.COMMENTS_ASCII_FIRST, lines.COMMENTS_OPENING)
            assert c == py
            self.calls["comments"] += 1
            return py

        def list_words(blocks, containers, Container):
            c = native.list_words(blocks, containers, Container)
            py = auto_lists._list_words(SimpleNamespace(containers=containers), blocks)
            assert list(c.items()) == list(py.items())
            self.calls["lists"] += 1
            return c

        monkeypatch.setattr(auto_lists, "_c_list_words", list_words)
        monkeypatch.setattr(auto_pkg, "select_blocks", select_blocks)
        monkeypatch.setattr(auto_filter, "_c_repeat_runs", None)
        monkeypatch.setattr(auto_filter, "_repeat_runs", repeat_runs)
        monkeypatch.setattr(edges, "_find_related", find_related)
        monkeypatch.setattr(edges, "_find_comments_heading", find_comments)



def _extract_spread(n: int = 25) -> list:
    """The text of ``n`` pages spread over the sets extracted (what the patched twins are
    asked then); the pages."""
    pages = spread_pages(_SETS, n)
    for data, url in pages:
        maintext.extract(data, url=url, fields=("text",))
    return pages

def _ids(result):
    kept, linked, cells = result
    return ([b.index for b in kept], [(b.index, at) for b, at in linked], [(b.index, at) for b, at in cells])


def test_native_selection_matches_python_on_real_pages(monkeypatch) -> None:
    checked = _Checked(monkeypatch)
    pages = spread_pages(_SETS, 25)
    if not pages:
        pytest.skip("no shared dataset")
    for data, url in pages:
        maintext.extract(data, url=url, fields=("text",))
        maintext.extract(data, url=url, fields=("text",), auto={"favor_precision": True, "include_comments": True})
    assert checked.calls["select"] >= len(pages) and checked.calls["comments"] > 0
    assert checked.calls["related"] >= len(pages) and checked.calls["lists"] > 0


LINES = ("Advertisement", "Share this", "相关阅读", "责任编辑：张三", "June 25, 2009", "Posted by Ann at 12:43 PM | Comments (6)",
         "Foto: dpa", "Getty Images", "Abbildung 2: Der Aufbau", "jane@example.com", "Related stories", "3 Comments",
         "Leave a Reply", "You may also like", "Read more", "2019-08-27 来源：新华社", "permalink | comments (0)",
         "Print", "Tags: travel, food", "Source: AP", "x Franzi", "Kommentare", "評論", "·", "|", "")
WORDS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "kappa", "lambda", "mu")


def _prose(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 60))]
    for _ in range(rng.randint(0, 3)):
        words.insert(rng.randint(0, len(words)), rng.choice((",", "<a href='/x'>linked words here</a>", ":", "|")))
    return " ".join(words) + rng.choice((".", "", "!", "。", ":"))


def _random_body(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(1, 40)):
        kind = rng.random()
        text = rng.choice(LINES) if kind < 0.35 else _prose(rng)
        if kind > 0.9:  # a repeated paragraph
            text = parts[-1] if parts else text
        tag = rng.choice(("p", "p", "p", "div", "li", "h2", "h1", "td", "h3", "span"))
        if tag == "li":
            parts.append(f"<ul><li>{text}</li><li><a href='/y'>{rng.choice(LINES)}</a></li></ul>")
        elif tag == "td":
            parts.append(f"<table><tr><td>{text}</td><td>{rng.choice(LINES)}</td></tr></table>")
        elif rng.random() < 0.1:
            parts.append(f"<{tag}>{text}<br>{rng.choice(LINES)}<br>{rng.choice(LINES)}</{tag}>")
        else:
            parts.append(f"<{tag}>{text}</{tag}>")
        r = rng.random()
        if r < 0.05:
            parts.append("<div class='comments'><h2>Comments</h2>")
        elif r < 0.1:
            parts.append("<div class='related'><figure><figcaption>Foto: dpa</figcaption></figure>")
        elif r < 0.15:
            parts.append("<article><h1>A headline of the story here</h1>")
        elif r < 0.25:
            parts.append("</div>")
    return "".join(parts)


@pytest.mark.parametrize("seed", range(3))
def test_native_selection_matches_python_on_random_pages(monkeypatch, seed: int) -> None:
    checked = _Checked(monkeypatch)
    rng = random.Random(seed)
    options = [{}, {"favor_precision": True}, {"favor_recall": True},
               {"include_comments": True, "include_tables": True, "include_headline": True},
               {"heuristics": dataclasses.replace(AutoHeuristics(), repeat_run=1, repeat_min_weight=2,
                                                  related_cut_after=0, section_header_after=0,
                                                  boiler_inside_levels=1)}]
    for _ in range(150):
        html = "<html><body>" + _random_body(rng) + "</body></html>"
        opts = rng.choice(options)
        maintext.extract(html, fields=("text",), auto=opts)
        maintext.extract(html, fields=("text",), include_images=True, auto=opts)
    assert checked.calls["select"] > 200 and checked.calls["repeats"] > 200
    assert checked.calls["related"] > 100 and checked.calls["comments"] > 20 and checked.calls["lists"] > 20


def test_in_link_list_levels_match_python_slices() -> None:
    """The chain slice of filter._in_link_list for any level count, also 0 and negative."""
    from maintext.html.segment import Container, segment_cleaned
    from tests.helpers_pages import random_page

    rng = random.Random(5)
    pieces = ["<ul>", "</ul>", "<ol>", "</ol>", "<div>", "</div>", "<li><a href='/a'>a link</a></li>",
              "<li>plain words here</li>", "<p>some <a href='/b'>text</a></p>"]
    for _ in range(100):
        seg = segment_cleaned(random_page(rng, pieces, 25))
        for levels in (-2, 0, 1, 2, 3, 10):
            h = dataclasses.replace(AutoHeuristics(), boiler_inside_levels=levels)
            opts = AutoOptions()
            limits = auto_filter.drop_limits(h, opts)
            inside = bytearray(b"\x01" * len(seg.blocks))
            c = native.select_region(seg.blocks, inside, auto_filter.Block, limits, False, auto_filter.FIGURE_REASONS,
                                     h.section_header_after, auto_filter._region_tests(h, seg, None), seg.containers,
                                     Container, seg._chars, seg._links)
            py = auto_filter._select_loop(h, seg, None, inside, opts, None, False)
            assert _ids(c) == _ids(py)


def test_native_block_scores_match_python_on_real_pages(monkeypatch) -> None:
    """_score.block_scores (its sums kept in a C array by container id) against
    score.block_scores, as choose_region asks it on real pages (default heuristics)."""
    from types import SimpleNamespace

    from maintext.methods.auto import score

    monkeypatch.setattr(_walk, "ENABLED", True)
    real, h, calls = score._c_block_scores, AutoHeuristics(), []

    def block_scores(blocks, Block, *args):
        c = real(blocks, Block, *args)
        py = score.block_scores(h, SimpleNamespace(blocks=blocks), args[5] or frozenset())
        assert list(c.items()) == list(py.items())
        calls.append(len(c))
        return c

    monkeypatch.setattr(score, "_c_block_scores", block_scores)
    pages = spread_pages(_SETS, 25)
    if not pages:
        pytest.skip("no shared dataset")
    for data, url in pages:
        maintext.extract(data, url=url, fields=("text",))
    assert len(calls) >= len(pages) and sum(calls) > 10 * len(pages)


_HEADING_WORDS = ["Related", "related stories", "You may also like", "Comments", "3 Comments", "Leave a Reply",
                  "more from", "Read more", "12 responses to x", "_x", "-- ", "…", "Kommentare", "评论", "相关阅读",
                  "Recommended", "Trending now", "See also", "bIG", "Zobacz też", "Похожие статьи", "\u212a",
                  "one comment", "no comments", "Most Read", "What to read next", "1", "  ", "(", "Q&A", "ǅ"]


@pytest.mark.parametrize("seed", range(3))
def test_heading_first_character_prefilter_changes_no_answer(seed: int) -> None:
    """next_related / next_comments skip an ASCII line whose first word character is not one
    the pattern's lookahead allows (``_may_open``): never a line the pattern matches."""
    from maintext.html import lines
    rnd = random.Random(seed)
    texts = ["".join(rnd.choice(["", " ", "- ", "* ", "# ", "\u201c"]) + rnd.choice(_HEADING_WORDS)
                     + rnd.choice(["", ":", " ", "!", " (4)"]) for _ in range(rnd.randint(1, 3)))
             for _ in range(20000)]
    texts += [t.upper() for t in texts[:2000]] + [t.lower() for t in texts[:2000]]
    for test, first in ((lines.is_related_heading, lines.RELATED_ASCII_FIRST),
                        (lines.is_comments_heading, lines.COMMENTS_ASCII_FIRST)):
        assert any(test(t) for t in texts)
        for text in texts:
            if test(text):
                assert native.may_open_heading(text, first), text


def test_native_paragraphs_match_python(monkeypatch) -> None:
    """_score.paragraphs (auto._set_text's loop) against its twin auto._paragraphs: on the
    kept blocks of real pages, and on blocks with line breaks, without text, without markers
    and of another class (read by attribute)."""
    from maintext.html.markers import BR, MARK_BR
    from maintext.html.segmentation import Block

    monkeypatch.setattr(_walk, "ENABLED", True)
    calls = []

    def paragraphs(kept, mark_br, block_class=None, markers=None):
        c = native.paragraphs(kept, mark_br, block_class, markers)
        assert c == auto_pkg._paragraphs(kept) == native.paragraphs(kept, mark_br)
        calls.append(len(c))
        return c

    monkeypatch.setattr(auto_pkg, "_c_paragraphs", paragraphs)
    pages = _extract_spread()
    assert len(calls) >= len(pages)
    blocks = [Block(f"one {BR} two", "p", (), 0, False, None), Block("", "p", (), 0, False, None),
              Block("  plain  text ", "div", (), 0, False, None, marked=0), Block("", "p", (), 0, False, None, marked=0),
              SimpleNamespace(marked=0, text="by attribute", lines=lambda: ["not read"]),
              SimpleNamespace(marked=MARK_BR, text="a b", lines=lambda: ["a", "b"])]
    assert native.paragraphs(blocks, MARK_BR) == auto_pkg._paragraphs(blocks) == [
        "one", "two", "plain text", "by attribute", "a", "b"]
    assert native.paragraphs(blocks, MARK_BR, Block, auto_pkg._MARKERS) == auto_pkg._paragraphs(blocks)
    assert native.paragraphs([], MARK_BR) == []


def test_raw_lines_are_block_lines() -> None:
    """_score._raw_lines (paragraphs' reading of a line-broken block of segmentation.Block)
    against Block.lines: random raw texts of markers, white space of every kind str.split()
    splits at (and some it does not), one-, two- and four-byte characters."""
    from maintext.html.markers import MARK_BR
    from maintext.html.segmentation import Block
    rng = random.Random(8)
    alphabet = ["a", "b", " ", "\t", "\n", "\r", "\x00", "\x01", "\x02", "\x03", "\xa0", "\u2003", "\x1c", "\x85",
                "\u200b", "\ufeff", "\u3000", "é", "中", "\U0001f600", ".", "  "]
    checked = 0
    for _ in range(20000):
        raw = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        b = Block(raw, "p", (), 0, False, None)
        if b.marked & MARK_BR:
            assert native.raw_lines(raw, auto_pkg._MARKERS) == b.lines(), repr(raw)
            assert native.paragraphs([b], MARK_BR, Block, auto_pkg._MARKERS) == b.lines()
            checked += 1
    assert checked > 10000


def test_native_ranked_skipped_and_heading_twins_match_python(monkeypatch) -> None:
    """_score.scoring_at_least, skipped_starts and heading_ends against their Python twins
    (common.scoring_at_least, edges._skipped_starts, headings._heading_ends): as auto asks
    them on real pages, and on random input (scores of both types and NaN, headings in and
    out of tables, blocks of another class read by attribute)."""
    from maintext.html.segmentation import Block, Container
    from maintext.methods.auto import common, headings, score, widen

    monkeypatch.setattr(_walk, "ENABLED", True)
    calls = {"ranked": 0, "skipped": 0, "ends": 0}

    def at_least(ranked, floor):
        c = native.scoring_at_least(ranked, floor)
        assert c == common.scoring_at_least(ranked, floor)
        calls["ranked"] += 1
        return c

    def skipped_starts(skipped, containers, cls, reason, tags):
        c = native.skipped_starts(skipped, containers, cls, reason, tags)
        py = edges._skipped_starts(skipped, containers, reason, tags)
        assert c == py and list(c) == list(py)
        calls["skipped"] += 1
        return c

    def heading_ends(kept):
        c = native.heading_ends(kept)
        assert c == headings._heading_ends(kept)
        calls["ends"] += 1
        return c

    monkeypatch.setattr(score, "c_scoring_at_least", at_least)
    monkeypatch.setattr(widen, "c_scoring_at_least", at_least)
    monkeypatch.setattr(edges, "_c_skipped_starts", skipped_starts)
    monkeypatch.setattr(headings, "_c_heading_ends", heading_ends)
    pages = _extract_spread()
    assert min(calls.values()) >= len(pages)

    rng = random.Random(7)
    values = [0.0, 1.0, 2.5, -1.0, float("nan"), float("inf"), 1, 3, True]
    for _ in range(300):
        ranked = [(rng.choice(values), rng.randrange(100)) for _ in range(rng.randrange(12))]
        floor = rng.choice(values)
        assert native.scoring_at_least(ranked, floor) == common.scoring_at_least(ranked, floor)
    for _ in range(300):
        containers = [Container(cid, rng.choice(["h2", "h3", "div", "p"]), rng.randrange(50), None,
                                (rng.choice([None, "comments", "navigation"]), False, False))
                      for cid in range(rng.randrange(1, 10))]
        skipped = [(rng.randrange(len(containers)), 5) for _ in range(rng.randrange(6))]
        py = edges._skipped_starts(skipped, containers, "comments", edges.HEADING_TAGS)
        assert native.skipped_starts(skipped, containers, Container, "comments", edges.HEADING_TAGS) == py
        kept = []
        for _ in range(rng.randrange(10)):
            tag = rng.choice(["h1", "h2", "p", "li"])
            if rng.random() < 0.2:
                kept.append(SimpleNamespace(heading=tag[0] == "h", in_table=rng.random() < 0.3))
            else:
                kept.append(Block("text", tag, (), 0, rng.random() < 0.3, None))
        assert native.heading_ends(kept) == headings._heading_ends(kept)


def test_native_title_heading_matches_python(monkeypatch) -> None:
    """_score.title_heading against score._title_heading: as choose_region asks it on real
    pages, and on random headings and titles (case, length bounds, tags, no title)."""
    from maintext.html.segmentation import Block, Segmentation
    from maintext.methods.auto import score

    monkeypatch.setattr(_walk, "ENABLED", True)
    h, calls = AutoHeuristics(), []

    def title_heading(blocks, headings, tags, min_chars, title):
        c = native.title_heading(blocks, headings, tags, min_chars, title)
        assert c == score._title_heading(h, SimpleNamespace(blocks=blocks, headings=lambda: headings), title)
        calls.append(c)
        return c

    monkeypatch.setattr(score, "_c_title_heading", title_heading)
    pages = _extract_spread()
    assert len(calls) >= len(pages) and any(c is not None for c in calls)
    rng = random.Random(3)
    texts = ["Old Stadium", "old stadium north", "STADIUM", "Straße", "x", "The Old Stadium Seen From The North"]
    for _ in range(500):
        seg = Segmentation()
        for i in range(rng.randrange(8)):
            b = Block(rng.choice(texts), rng.choice(["h1", "h2", "h5", "p"]), (), 0, False, None)
            b.index = i
            seg.blocks.append(b)
        title = " ".join(rng.choice(texts) for _ in range(rng.randrange(3))).casefold()
        assert native.title_heading(seg.blocks, seg.headings(), h.title_heading_tags, h.title_heading_min_chars,
                                    title) == score._title_heading(h, seg, title)


def test_native_sibling_verdict_matches_python(monkeypatch) -> None:
    """_score.sibling_verdict against widen._sibling_verdict's Python reading, for every
    sibling box the widening asks about on real pages (the text alone, and with favor_recall),
    and on boxes of random blocks (figure owners, sentence ends, empty text, scores)."""
    from maintext.html.segmentation import Block, Container, Segmentation
    from maintext.methods.auto import widen

    monkeypatch.setattr(_walk, "ENABLED", True)
    real, verdicts = widen._sibling_verdict, []

    def both(h, seg, sib, threshold):
        c = real(h, seg, sib, threshold)
        monkeypatch.setattr(_walk, "ENABLED", False)
        try:
            py = real(h, seg, sib, threshold)
        finally:
            monkeypatch.setattr(_walk, "ENABLED", True)
        assert c == py
        verdicts.append(c)
        return c

    monkeypatch.setattr(widen, "_sibling_verdict", both)
    pages = _extract_spread()
    assert len(verdicts) >= len(pages) and {"join", "skip", "stop"} <= set(verdicts)

    rng = random.Random(11)
    h = AutoHeuristics()
    texts = ["A sentence of words, and more.", "Caption", "", "x!", "Short line", "one two three four five six."]
    for _ in range(400):
        seg = Segmentation()
        boilers = [None, "<figure>", "<figcaption>", "navigation"]
        for cid in range(4):
            seg.containers.append(Container(cid, "div", 0, None, (rng.choice(boilers), False, False),
                                            rng.choice([None] + list(range(cid)))))
        for i in range(rng.randrange(1, 12)):
            b = Block(" ".join(rng.choice(texts) for _ in range(rng.randrange(1, 4))), "p", (), rng.randrange(0, 30),
                      False, rng.choice([None, 0, 1, 2, 3]))
            seg.blocks.append(b)
        seg.finish()
        if rng.random() < 0.3:  # (owners before finish(): each points up the list, no cycle)
            seg._walked_owner = [rng.choice([None] + list(range(cid))) for cid in range(len(seg.containers))]
        start = rng.randrange(len(seg.blocks))
        sib = Container(9, "div", start, None, (rng.choice([None, "navigation"]), False, False))
        sib.end = rng.randrange(start + 1, len(seg.blocks) + 1)
        sib.score = rng.choice([None, 5.0, 50.0])
        threshold = rng.choice([10.0, 30.0])
        c = real(h, seg, sib, threshold)
        monkeypatch.setattr(_walk, "ENABLED", False)
        assert real(h, seg, sib, threshold) == c
        monkeypatch.setattr(_walk, "ENABLED", True)


def test_native_boiler_inside_matches_python(monkeypatch) -> None:
    """_score.boiler_inside (select_region's first test) against filter._boiler_inside on
    every block select_region asks about on real pages: the same answer and the same
    memo entries, in the same order, from the same memo."""
    from maintext.methods.auto import filter as auto_filter

    monkeypatch.setattr(_walk, "ENABLED", True)
    real, answers = native.boiler_inside, []

    def both(memo, containers, Container, exempt, weighed, char_sums, top, b):
        py_memo = dict(memo)
        seg = SimpleNamespace(boiler_memo=py_memo, containers=containers, exempt=exempt, weighed=weighed,
                              chars=lambda start, end: char_sums[end] - char_sums[start])
        py = auto_filter._boiler_inside(seg, b, top)
        c = real(memo, containers, Container, exempt, weighed, char_sums, top, b)
        assert c == py and list(memo.items()) == list(py_memo.items())
        answers.append(c)
        return c

    monkeypatch.setattr(auto_filter, "_c_boiler_inside", both)
    pages = spread_pages(_SETS, 25)
    for data, url in pages:
        maintext.extract(data, url=url, fields=("text",))
        maintext.extract(data, url=url, fields=("text",), auto={"include_comments": True})
    assert len(answers) > len(pages) and any(a is not None for a in answers)


def test_native_story_children_and_headline_match_python(monkeypatch) -> None:
    """_score.story_of, child_ids and headline_before against their Python twins
    (widen._story's loop, Segmentation.children, edges._headline_before): as auto asks them
    on real pages, and on random nested boxes, <article>s and <h1> blocks."""
    from maintext.html.segmentation import Block, Container, Segmentation
    from maintext.methods.auto import widen

    monkeypatch.setattr(_walk, "ENABLED", True)
    calls = {"story": 0, "children": 0, "headline": 0}
    c_story, c_children, c_headline = native.story_of, native.child_ids, native.headline_before

    def py_story(seg, c):
        monkeypatch.setattr(_walk, "ENABLED", False)
        try:
            return widen._story(seg, c)
        finally:
            monkeypatch.setattr(_walk, "ENABLED", True)

    def story_of(containers, c, h1s):
        got = c_story(containers, c, h1s)
        seg = SimpleNamespace(containers=containers, blocks_of=lambda tag: h1s,
                              has_block_of=lambda tag, start, end: Segmentation.has_block_of(seg, tag, start, end))
        assert got is py_story(seg, c)
        calls["story"] += 1
        return got

    def child_ids(containers, cid):
        got = c_children(containers, cid)
        assert got == Segmentation.children(SimpleNamespace(containers=containers), cid)
        calls["children"] += 1
        return got

    def headline_before(blocks, first, stop, headline):
        got = c_headline(blocks, first, stop, headline)
        assert got == edges._headline_before(blocks, first, stop, headline)
        calls["headline"] += 1
        return got

    monkeypatch.setattr(widen, "_c_story_of", story_of)
    monkeypatch.setattr(widen, "_c_child_ids", child_ids)
    monkeypatch.setattr(edges, "_c_headline_before", headline_before)
    pages = _extract_spread()
    assert min(calls.values()) > len(pages) // 2

    rng = random.Random(13)
    for _ in range(300):
        seg = Segmentation()
        n = rng.randrange(1, 12)
        for cid in range(n):  # each box's parent an earlier box: ids in document order
            parent = rng.choice([None] + list(range(cid))) if cid else None
            seg.containers.append(Container(cid, rng.choice(["article", "div", "section"]), cid, parent))
        for cid in reversed(range(n)):  # descendants [id, id_end): a parent ends after its last child
            c = seg.containers[cid]
            kids = [k for k in range(cid + 1, n) if seg.containers[k].parent == cid]
            c.id_end = max([seg.containers[k].id_end for k in kids] + [cid + 1])
            c.end = c.start + rng.randrange(0, 5)
        if any(seg.containers[k].parent is not None and seg.containers[k].id_end > seg.containers[seg.containers[k].parent].id_end
               for k in range(n)):
            continue
        for i in range(rng.randrange(0, 15)):
            seg.blocks.append(Block("t", rng.choice(["h1", "p", "h2"]), (), 0, False, None))
        h1s = [i for i, b in enumerate(seg.blocks) if b.tag == "h1"]
        for cid in range(n):
            c = seg.containers[cid]
            assert c_children(seg.containers, cid) == Segmentation.children(seg, cid)
            view = SimpleNamespace(containers=seg.containers, blocks_of=lambda tag: h1s,
                                   has_block_of=lambda tag, start, end: Segmentation.has_block_of(view, tag, start, end))
            assert c_story(seg.containers, c, h1s) is py_story(view, c)
        if seg.blocks:
            first = rng.randrange(len(seg.blocks) + 1)
            stop = max(-1, first - 1 - rng.randrange(0, 6))
            headline = rng.choice([None, rng.randrange(len(seg.blocks))])
            assert c_headline(seg.blocks, first, stop, headline) == edges._headline_before(seg.blocks, first, stop, headline)


def test_native_widen_up_matches_python(monkeypatch) -> None:
    """widen._widen_up with its walk in C (_score.widen_up, _score.into_article) against its
    Python walk: the same box on real pages, with the default options and favoring recall
    (half the share); and into_article of every box of those pages against _into_article."""
    from maintext.methods.auto import score, widen

    monkeypatch.setattr(_walk, "ENABLED", True)
    real, boxes = widen._widen_up, []

    def both(h, seg, top, opts, story):
        c = real(h, seg, top, opts, story)
        monkeypatch.setattr(_walk, "ENABLED", False)
        try:
            py = real(h, seg, top, opts, story)
        finally:
            monkeypatch.setattr(_walk, "ENABLED", True)
        assert c is py
        boxes.append(c is not top)
        for box in seg.containers:  # (_score.into_article, the last step, of every box of the page)
            got = native.into_article(seg.blocks, seg.containers, box, h.up_levels, h.long_block_weight,
                                      h.article_extra_share)
            assert got is widen._into_article(h, seg, box)
            articles.append(got is not box)
        return c

    articles: list[bool] = []
    monkeypatch.setattr(score, "_widen_up", both)
    pages = spread_pages(_SETS, 25)
    for data, url in pages:
        maintext.extract(data, url=url, fields=("text",))
        maintext.extract(data, url=url, fields=("text",), auto={"favor_recall": True})
    assert len(boxes) >= len(pages) and any(boxes) and len(articles) > len(pages)
    # an <article> holding a lead block before the body box (the pages above have none)
    from maintext.html.segmentation import Block, Container, Segmentation

    rng, h, moved = random.Random(19), AutoHeuristics(), 0
    words = lambda n: " ".join(["word"] * n)
    for _ in range(400):
        seg = Segmentation()
        n_lead, n_body = rng.randrange(0, 4), rng.randrange(0, 5)
        outer = Container(0, rng.choice(["article", "article", "div"]), 0, None)
        outer.end = n_lead + n_body + rng.choice([0, 0, 1])
        inner = Container(1, "div", n_lead, 0)
        inner.end = n_lead + n_body
        seg.containers += [outer, inner]
        for i in range(outer.end):
            b = Block(words(rng.choice([3, 30, 60, 200])), "p", (0, 1) if i >= n_lead else (0,),
                      rng.choice([0, 0, 0, 5]), False, None)
            b.boiler = rng.choice([None, None, None, "navigation"])
            seg.blocks.append(b)
        got = native.into_article(seg.blocks, seg.containers, inner, h.up_levels, h.long_block_weight,
                                  h.article_extra_share)
        assert got is widen._into_article(h, seg, inner)
        moved += got is outer
    assert moved > 5


def test_native_promo_pitch_matches_python(monkeypatch) -> None:
    """_score.promo_pitch against edges._promo_pitch: the same position and the same
    remembered answers (``promos``), on the kept blocks of real pages and on random tails
    (headings, weights around the limits, calls to action anywhere)."""
    from maintext.html.segmentation import Block

    monkeypatch.setattr(_walk, "ENABLED", True)
    real, answers = native.promo_pitch, []
    h = AutoHeuristics()

    def both(kept, end, reach, max_weight, trail_weight, share, promos, promo_line):
        py_promos = dict(promos)
        py = edges._promo_pitch(h, kept, end, py_promos)
        c = real(kept, end, reach, max_weight, trail_weight, share, promos, promo_line)
        assert c == py and list(promos.items()) == list(py_promos.items())
        answers.append(c)
        return c

    monkeypatch.setattr(edges, "_c_promo_pitch", both)
    pages = _extract_spread()
    assert len(answers) >= len(pages) // 2

    rng = random.Random(17)
    texts = ["Subscribe now to read the full story", "A paragraph of the article, with words.", "Share", "More"]
    monkeypatch.setattr(edges, "is_promo_line", lambda text: text.startswith("Subscribe"))
    for _ in range(500):
        kept = [Block(" ".join([rng.choice(texts)] * rng.randrange(1, 12)), rng.choice(["p", "h2"]), (), 0, False, None)
                for _ in range(rng.randrange(0, 12))]
        end = rng.randrange(len(kept) + 1)
        promos = {k: rng.random() < 0.5 for k in range(len(kept)) if rng.random() < 0.2}
        py_promos = dict(promos)
        py = edges._promo_pitch(h, kept, end, py_promos)
        c = real(kept, end, h.pitch_reach, h.pitch_max_weight, h.trail_weight, h.pitch_article_share, promos,
                 edges.is_promo_line)
        assert c == py and list(promos.items()) == list(py_promos.items())


def test_native_innermost_list_matches_python(monkeypatch) -> None:
    """_score.innermost_list against lists._innermost_list's Python walk, for every block of
    real pages (lists, items, paragraphs and other boxes around them)."""
    from maintext.html import segment as segment_mod

    monkeypatch.setattr(_walk, "ENABLED", True)
    real, seen = segment_mod.segment_cleaned, []

    def segment_cleaned(*args, **kwargs):
        seg = real(*args, **kwargs)
        for b in seg.blocks:
            c = native.innermost_list(b, seg.containers)
            monkeypatch.setattr(_walk, "ENABLED", False)
            try:
                assert c == auto_lists._innermost_list(seg, b)
            finally:
                monkeypatch.setattr(_walk, "ENABLED", True)
            seen.append(c)
        return seg

    monkeypatch.setattr(auto_pkg, "segment_cleaned", segment_cleaned)
    pages = _extract_spread()
    assert len(seen) > 10 * len(pages) and any(c is not None for c in seen) and None in seen


def test_native_holds_other_story_matches_python(monkeypatch) -> None:
    """_score.holds_other_story (widen_up's call back) against widen._holds_other_story on
    every box the walk up asks about on real pages, and for every box around each story."""
    from maintext.methods.auto import widen

    monkeypatch.setattr(_walk, "ENABLED", True)
    real, answers = native.holds_other_story, []

    def both(blocks, containers, h1s, story, c):
        got = real(blocks, containers, h1s, story, c)
        seg = SimpleNamespace(blocks=blocks, containers=containers, blocks_of=lambda tag: h1s)
        assert got == widen._holds_other_story(seg, story, c)
        for box in containers:  # (every box holding the story, asked the same)
            if box.id <= story.id < box.id_end:
                assert real(blocks, containers, h1s, story, box) == widen._holds_other_story(seg, story, box)
        answers.append(got)
        return got

    monkeypatch.setattr(widen, "_c_holds_other_story", both)
    pages = _extract_spread()
    assert len(answers) > 5


def _furniture_lines(n: int, seed: int) -> list[str]:
    """Random short lines of furniture words, credit words, dates, e-mail addresses and
    plain words, in any case, with separators (the lines the prefilters must pass on)."""
    from tests.html.test_lines_prefilters import WORDS
    words = WORDS + _HEADING_WORDS + ["Getty Images", "(c) 2020", "AFP", "picture-alliance", "Credit", "Foto",
                                      "Advertisement", "Sponsored", "Share on Facebook", "Log in", "Login",
                                      "2 comments", "Back to top", "Skip to content", "Loading...", "Show more",
                                      "Hide captions", "Don't miss", "Rezept drucken", "Bild anzeigen",
                                      "Wird geladen", "Nach oben", "Compartir", "Stampa", "me@x.org", "The",
                                      "theme", "sh", "a", "Z", "_", "9", "ss", "email", "E-Mail", "Tweets",
                                      "Über", "Das Thema", "Teilen", "Kommentare (3)", "Комментарии", "\u017f",
                                      "\u216b", "\u00b2", "\u0663", "Éditorial", "à la une", "Zurück", "Sha\u0301re",
                                      "\u00a9 Foto", "Getty Imagesé", "Anzeigeé", "「Share」", "Teilen\uff1a"]
    rnd = random.Random(seed)
    texts = ["".join(rnd.choice(["", " ", "- ", "* ", "\u201c", "|"]) + rnd.choice(words)
                     + rnd.choice(["", ":", " ", "!", ".", " (4)", " |", "..."]) for _ in range(rnd.randint(1, 3)))
             for _ in range(n)]
    return texts + [t.upper() for t in texts[:n // 5]] + [t.lower() for t in texts[:n // 5]]


@pytest.mark.parametrize("seed", range(3))
def test_furniture_prefilter_changes_no_answer(seed: int) -> None:
    """select_region asks is_furniture_line only of the lines ``_may_be_furniture`` passes
    (lines.FURNITURE_PREFILTER: the first two characters, "@", digits with dates, a colon,
    the credit words): it never refuses a furniture line, and it refuses many others."""
    from maintext.html import lines
    assert lines.FURNITURE_PREFILTER is not None
    refused = 0
    for text in _furniture_lines(20000, seed):
        for dates in (True, False):
            if not native.may_be_furniture(text, dates, lines.FURNITURE_PREFILTER):
                refused += 1
                assert not lines.is_furniture_line(text, dates=dates), text
    assert refused > 1000


@pytest.mark.parametrize("seed", range(3))
def test_heading_pair_prefilter_changes_no_answer(seed: int) -> None:
    """next_related / next_comments ask the heading tests only of the lines whose first two
    characters lines' pairs allow (``_pair_open``): never refusing a heading."""
    from maintext.html import lines
    refused = 0
    for text in _furniture_lines(20000, seed):
        for test, opening in ((lines.is_related_heading, lines.RELATED_OPENING),
                              (lines.is_comments_heading, lines.COMMENTS_OPENING)):
            assert opening is not None
            if not native.pair_open(text, opening):
                refused += 1
                assert not test(text), text
    assert refused > 1000


def test_list_tags_read_off_the_letters_agree_with_the_names() -> None:
    """_score._list_tag (list_words', innermost_list's and select_region's reading of a
    container's tag) is the comparison of the Python twins: ul/ol a list, li/p/div/span a box
    they walk up through, any other tag (or case, or object) neither."""
    names = ["ul", "ol", "li", "p", "div", "span", "UL", "Ul", "ll", "al", "lo", "l", "pp", "P", "dl", "dt", "dd",
             "di", "divs", "spam", "spa", "span ", "table", "", "a", "b", "ü", "ulü", "\u0441pan", "h1", "ol\x00"]
    for name in names:
        expected = 1 if name in ("ul", "ol") else 2 if name in ("li", "p", "div", "span") else 0
        assert native.list_tag(name) == expected, name

    class Tag(str):
        pass

    assert native.list_tag(Tag("ul")) == 1 and native.list_tag(Tag("x")) == 0 and native.list_tag(None) == 0
