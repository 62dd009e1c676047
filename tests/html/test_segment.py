"""One-walk segmentation into blocks and containers (``maintext.html.segment``)."""

from __future__ import annotations

from maintext.html.document import parse_html
from maintext.html.segment import segment


def test_block_list_example_of_seed_002():
    seg = segment(parse_html("<html><body><div>hello<table><tr><td>123</td></tr></table>world</div></body></html>"))
    assert [b.text for b in seg.blocks] == ["hello", "123", "world"]
    assert [b.tag for b in seg.blocks] == ["div", "td", "div"]
    assert seg.blocks[1].in_table and not seg.blocks[0].in_table


def test_inline_tags_do_not_split_and_links_are_counted():
    seg = segment(parse_html('<p>Read <a href="/x">this story</a> <b>now</b>.</p>'))
    (block,) = seg.blocks
    assert block.text == "Read this story now."
    assert block.link_chars == len("this story")


def test_container_ranges_and_link_density():
    seg = segment(parse_html('<div id="a"><p>one two three</p><ul><li><a href="/">link</a></li></ul></div>'))
    div = next(c for c in seg.containers if c.tag == "div")
    assert (div.start, div.end) == (0, 2)
    assert 0 < seg.link_density(div.start, div.end) < 1
    ul = next(c for c in seg.containers if c.tag == "ul")
    assert div.contains(ul) and not ul.contains(div)


def test_boilerplate_owner_and_wrapper_exemption():
    long = "Running text of the article, long enough to be most of the page. " * 5
    seg = segment(parse_html(f'<div class="sidebar"><p>{long}</p></div><div class="comments"><p>nice post</p></div>'))
    by_text = {b.text[:9]: b for b in seg.blocks}
    assert by_text["Running t"].boiler is None  # the "sidebar" box holds most of the page: a wrapper
    assert by_text["nice post"].boiler == "comments"


def test_br_lines_and_cjk_weight():
    seg = segment(parse_html("<div>第一行文字<br>second line here</div>"))
    (block,) = seg.blocks
    assert block.lines() == ["第一行文字", "second line here"]
    assert 5 < block.weight < 7  # 5 CJK chars ~ 2.9 words + 3 words


def test_skipped_boilerplate_boxes_are_not_walked_unless_large():
    from maintext.html.segment import SKIP_REASONS

    long = "Running text of the article, long enough to be most of the page. " * 5
    html = f'<div><p>{long}</p><div class="comments"><p>nice post</p></div></div>'
    seg = segment(parse_html(html), skip=SKIP_REASONS)
    assert [b.text[:9] for b in seg.blocks] == ["Running t"]
    (cid, chars), = seg.skipped
    assert seg.containers[cid].boiler == "comments" and chars == len("nice post")
    # a "comments" box holding most of the page is read (it may be a mislabelled wrapper)
    seg = segment(parse_html(f'<div class="comments"><p>{long}</p></div><p>x</p>'), skip=SKIP_REASONS)
    assert not seg.skipped and seg.blocks[0].text.startswith("Running")


def test_more_box_of_running_text_is_read_and_not_boilerplate():
    from maintext.html.segment import SKIP_REASONS
    para = "The second half of the report went on, as reports do, with more sentences and detail. "
    article = "<p>" + "Opening words of the report, which is long and has many sentences. " * 12 + "</p>"
    more = f'<div id="read_more"><p>{para * 3}</p><p>{para * 3}</p></div>'
    links = '<div class="more-stories"><ul>' + '<li><a href="/x">Another story to read</a></li>' * 5 + "</ul></div>"
    seg = segment(parse_html(f"<div>{article}{more}{links}</div>"), skip=SKIP_REASONS)
    texts = [b.text for b in seg.blocks]
    assert any(t.startswith("The second half") for t in texts)
    assert all(b.boiler is None for b in seg.blocks if b.text.startswith("The second half"))
    assert not any("Another story" in t for t in texts)  # a link list is still skipped


def _evidence():
    from maintext.methods.auto import _evidence
    from maintext.options import Options
    return _evidence(Options().auto.heuristics)


def test_boilerplate_word_is_weighed_against_running_text():
    from maintext.html.segment import SKIP_REASONS
    para = "<p>The council met on Monday and agreed, after a long debate, to repair the old sea wall this year.</p>"
    other = "<p>" + "Other text of the page that is not in the box and makes it a small share. " * 60 + "</p>"
    for cls, native in (("section-and-ad", True), ("js-pagination", False), ("sharing-with-friends", True)):
        html = f'<div class="{cls}">{para * 10}</div>{other}'
        seg = segment(parse_html(html), skip=SKIP_REASONS, evidence=_evidence(), native=native)
        box = [b for b in seg.blocks if b.text.startswith("The council")]
        assert len(box) == 10 and all(b.boiler is None for b in box), cls
        # without the rule the word decides: skipped unread, or read as boilerplate
        seg = segment(parse_html(html), skip=SKIP_REASONS)
        assert all(b.boiler for b in seg.blocks if b.text.startswith("The council")), cls


def test_boilerplate_box_with_little_running_text_stays_boilerplate():
    from maintext.html.segment import SKIP_REASONS
    teaser = ('<h3><a href="/s">A headline of another story</a></h3>'
              "<p>One line of summary for it, which is short.</p>")
    comments = "<p>I think the council is right about this, to be honest with you all.</p>" * 20
    other = "<p>" + "Other text of the page that is not in the box and makes it a small share. " * 60 + "</p>"
    html = f'<div class="sharing-box">{teaser * 12}</div><div class="comments">{comments}</div>{other}'
    seg = segment(parse_html(html), skip=SKIP_REASONS, evidence=_evidence())
    assert all(b.boiler == "share bar" for b in seg.blocks if b.text.startswith(("A headline", "One line")))
    assert not any(b.text.startswith("I think") for b in seg.blocks)  # comments: never weighed


def test_teaser_list_under_a_related_name_stays_boilerplate():
    from maintext.html.segment import SKIP_REASONS
    teaser = ('<p><a href="/s">Another story about the coast</a></p>'
              "<p>The summary of that other story runs on for a sentence or two, as teasers do, then stops. "
              "It tells the reader enough to want the story, and no more than that.</p>")
    other = "<p>" + "Other text of the page that is not in the box and makes it a small share. " * 60 + "</p>"
    seg = segment(parse_html(f'<div class="related-posts">{teaser * 8}</div>{other}'),
                  skip=SKIP_REASONS, evidence=_evidence())
    box = [b for b in seg.blocks if b.text.startswith("The summary")]
    assert box and all(b.boiler == "related links" for b in box)
    assert seg.weighed  # read to be weighed, and found to be what its name says


def test_container_marks_from_tag_and_attributes():
    from maintext.html.vocab import container_marks

    assert container_marks("div", "post-comments", None, None, None) == ("comments", False, False)
    assert container_marks("div", "entry-content", None, None, None) == (None, True, False)
    assert container_marks("aside", None, None, None, None) == ("<aside>", False, False)
    assert container_marks("div", None, None, "Navigation", None) == ("navigation", False, False)
    assert container_marks("main", None, None, None, None) == (None, False, True)
    # itemprop=articleBody marks content even inside a boilerplate-named box
    assert container_marks("div", "sidebar", None, None, "articleBody") == (None, False, True)


def test_same_attributes_give_same_marks_on_every_box():
    html = '<div class="comments"><p>a</p></div><div class="comments"><p>b</p></div><div role="main"><p>c</p></div>'
    seg = segment(parse_html(html))
    divs = [c for c in seg.containers if c.tag == "div"]
    assert [(c.boiler, c.semantic) for c in divs] == [("comments", False), ("comments", False), (None, True)]


def test_children_and_tag_lookups_match_plain_scans():
    # children() jumps over each child's descendants; the tag lookups bisect lists found once:
    # both against a scan of every container and block, on random nested pages (skipped boxes too)
    import random

    from maintext.html.segment import SKIP_REASONS
    from tests.helpers_pages import random_page

    pieces = ["<div>", "</div>", "<article>", "</article>", "<h1>Title</h1>", "<p>Some words here.</p>",
              "<ul><li>a</li><li>b</li></ul>", "<section>", "</section>", "<div class='comments'>", "text ",
              "<h2>Part</h2>", "<table><tr><td>cell</td></tr></table>", "<nav>menu</nav>", "<br>"]
    rng = random.Random(11)
    for _ in range(300):
        for skip in (frozenset(), SKIP_REASONS):
            seg = segment(random_page(rng, pieces, 40), skip=skip)
            for c in seg.containers:
                inside = seg.containers[c.id + 1:c.id_end]
                assert seg.children(c.id) == [k.id for k in inside if k.parent == c.id]
                for tag in ("article", "section", "li"):
                    assert seg.containers_within(tag, c) == [k.id for k in inside if k.tag == tag]
                for tag in ("h1", "h2", "li"):
                    blocks = seg.blocks[c.start:c.end]
                    assert seg.has_block_of(tag, c.start, c.end) == any(b.tag == tag for b in blocks)
            assert seg.blocks_of("h1") == [i for i, b in enumerate(seg.blocks) if b.tag == "h1"]


def test_block_lines_are_the_former_comprehension():
    """Block.lines (a loop) gives what its former nested comprehension gave, on random blocks
    with line breaks, links, emphasis, images and white space, from both walks."""
    import random

    from maintext.html.markers import BR, without_inline
    from maintext.html.segmentation import MARK_BR

    rng = random.Random(21)
    pieces = ("word", "two words", " ", "\u00a0", "\t", "<br>", "<br/> <br>", "<a href='/x'>link</a>", "<b>bold</b>",
              "<img src='a.png'>", "<em> </em>", "新闻", "x, y.")
    asked = 0
    for _ in range(300):
        body = "".join(f"<p>{''.join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))}</p>"
                       for _ in range(rng.randint(1, 4)))
        for native in (True, False):
            seg = segment(parse_html(f"<html><body>{body}</body></html>"), native=native)
            for b in seg.blocks:
                if b.marked & MARK_BR:
                    former = [t for t in (" ".join(x.split()) for x in without_inline(b.raw).split(BR)) if t]
                    assert b.lines() == former
                    asked += 1
    assert asked > 100
