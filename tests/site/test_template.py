import time
from pathlib import Path

from maintext.html.document import Document, parse_html
from maintext.site.nodeseq import TEMPLATE, _joint_walk, flag_template_nodes, flatten, match_pair, site_sequence, slot_text
from maintext.site.template import preclean_html, split_text_nodes, template_texts

SITE = Path(__file__).resolve().parents[1] / "fixtures" / "site"


def _site_docs() -> list[Document]:
    return [Document(p.read_text(encoding="utf-8"), url=None)
            for p in sorted(SITE.glob("story-*.html"))]


def _texts(slots) -> list[str]:
    return [" ".join(slot_text(s).split()) for s in slots]


def test_preclean_removes_what_the_paper_lists_and_keeps_the_title():
    html = ("<html><head><title>T</title><meta name=x content=y><style>p{}</style></head>\n\n  \n"
            "<body><script>if (a < b) {}</script><noscript>no js</noscript><!-- note -->"
            "<SCRIPT type=x>x</SCRIPT ><p>kept</p>\n\n<style>q{}</style></body></html>")
    out = preclean_html(html)
    assert "<title>T</title>" in out and "<p>kept</p>" in out
    for gone in ("meta", "style", "script", "SCRIPT", "noscript", "note", "\n\n"):
        assert gone not in out


def test_preclean_leaves_an_unclosed_script_to_the_parser():
    html = "<p>a</p><script>never closed <p>b</p>"
    assert preclean_html(html) == html


def test_flatten_depths_and_text_nodes():
    root = parse_html("<html><head><title>x</title></head><body><div>one<p>two</p>three</div>"
                      "<script>s()</script><p> </p></body></html>")
    seq = flatten(root, keep_slots=True)
    # body(1) div(2) "one"(3) p(3) "two"(4) "three"(3: tail of p) p(2)
    assert list(seq.depths) == [1, 2, 3, 3, 4, 3, 2]
    assert list(seq.is_text) == [0, 0, 1, 0, 1, 1, 0]
    assert _texts(seq.slots) == ["one", "two", "three"]


def _seq(body: str):
    return flatten(parse_html(f"<html><body>{body}</body></html>"), keep_slots=True)


def test_paper_walk_equal_texts_are_template_and_deeper_target_nodes_content():
    target = _seq("<div>nav</div><div><p>story <b>bold</b></p></div><div>foot</div>")
    other1 = _seq("<div>nav</div><div><p>other story</p></div><div>foot</div>")
    other2 = _seq("<div>nav</div><div>x</div><div>foot</div>")
    flags = _joint_walk(target, [other1, other2])
    texts = {slot_text(s): flags[s[0]] for s in target.slots}
    assert texts == {"nav": TEMPLATE, "story ": 0, "bold": 0, "foot": TEMPLATE}
    # texts must agree with all other pages: with other1 alone "nav" and "foot" match too
    assert flag_template_nodes(target, [], 0) == bytearray(len(target))


def test_resync_finds_the_footer_after_runs_of_different_length():
    # headlines as siblings of the footer paragraphs: depths never tell where the lists end
    items_t = "".join(f"<p>news item {i}</p>" for i in range(12))
    items_o = "".join(f"<p>other item {i}</p>" for i in range(5))
    target = _seq(f"{items_t}<p>Copyright Example</p><p>Contact us</p>")
    other = _seq(f"{items_o}<p>Copyright Example</p><p>Contact us</p>")
    footer = [s[0] for s in target.slots if slot_text(s) in ("Copyright Example", "Contact us")]
    plain = _joint_walk(target, [other])
    resync = match_pair(target, other, window=200)
    assert not any(plain[i] for i in footer)  # the lockstep walk has lost its way
    assert all(resync[i] for i in footer)
    assert not any(resync[s[0]] for s in target.slots if "item" in slot_text(s))


def test_split_on_a_site_finds_template_and_content():
    docs = _site_docs()
    target = docs[0]
    target.site_docs = docs[1:]
    split = split_text_nodes(target)
    assert split.site_pages == 2
    content = " ".join(_texts(split.content))
    assert content.startswith("River towns prepare") and "Residents of low streets" in content
    assert "About Example News" not in content and "Copyright" not in content and "Home" not in content
    assert {"Home", "About Example News", "Copyright 2024 Example News. All rights reserved."} <= split.texts
    assert template_texts(target) == split.texts


def test_without_site_pages_everything_is_content():
    doc = _site_docs()[0]
    split = split_text_nodes(doc)
    assert split.site_pages == 0 and not split.template and len(split.content) > 10
    assert template_texts(doc) == frozenset()
    doc.site_docs = _site_docs()[1:]
    assert split_text_nodes(doc, min_pages=3).site_pages == 0  # not enough pages: skipped


def test_sibling_walk_is_cached_and_ignores_a_pruned_tree():
    docs = _site_docs()
    sibling = docs[1]
    body = sibling.tree.find("body")
    for child in list(body):
        body.remove(child)  # as if a method had pruned the sibling's tree
    seq = site_sequence(sibling)
    assert seq is not None and len(seq) > 20
    assert site_sequence(sibling) is seq


def test_deeply_nested_pages_are_linear_and_safe():
    def deep(text: str) -> str:
        return ("<html><body><p>menu</p>" + "<div>" * 10000 + text + "</div>" * 10000
                + "<p>footer</p></body></html>")
    target = Document(deep("the story of the day"))
    target.site_docs = [Document(deep("another story")), Document(deep("a third story"))]
    start = time.perf_counter()
    split = split_text_nodes(target)
    assert time.perf_counter() - start < 5
    assert _texts(split.content) == ["the story of the day"]
    assert {"menu", "footer"} <= split.texts


def test_auto_drops_template_blocks_when_site_pages_are_given():
    from maintext.api import extract_document
    from maintext.options import Options

    promo = "Every story on this site is free to read, and your support keeps it that way, thank you."

    def page(n: int, story: str) -> Document:
        html = (f"<html><body><div class='article'><h1>Story {n}</h1><p>{story}</p><p>{promo}</p>"
                "</div></body></html>")
        return Document(html)
    stories = [page(1, "The council met on Monday and approved the budget for the coming year, "
                       "after a long debate about roads, schools and the new library in the east."),
               page(2, "Rain is expected all week, and the river may rise above its banks by Friday, "
                       "the weather office said, asking residents near the water to be careful."),
               page(3, "The football club signed two young players from the south, who will join "
                       "the team for the first match of the season, the coach told reporters.")]
    assert promo in extract_document(stories[0], "auto").text
    target = page(1, "The council met on Monday and approved the budget for the coming year, "
                     "after a long debate about roads, schools and the new library in the east.")
    target.site_docs = stories[1:]
    text = extract_document(target, "auto").text
    assert promo not in text and "approved the budget" in text
    target.options = Options().updated(auto={"drop_site_template": False})
    target.drop_tree()
    assert promo in extract_document(target, "auto").text
