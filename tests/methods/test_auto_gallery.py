"""An embedded gallery (many slide items with captions) does not outscore the article."""

from maintext.api import extract

ARTICLE = " ".join(
    f"<p>Paragraph {i} of the report says that the council, after a long debate, agreed on the new budget, "
    f"which raises spending on schools and roads while keeping taxes level for the coming year.</p>"
    for i in range(8))


def _slides(n: int) -> str:
    return "".join(
        f"<li><h2>{i}/{n} Slide title {i}</h2><p>Caption {i}: a long description of this photograph, with "
        f"the place, the people shown, the photographer's name, the date, and a little more text about "
        f"what happened that day, how it went, and why it matters to anyone looking at it now.</p></li>"
        for i in range(1, n + 1))


def _page(slides: str, box: str = "inline-gallery") -> str:
    return (f"<html><head><title>Budget agreed</title></head><body><article><h1>Budget agreed</h1>"
            f"<div class='body'>{ARTICLE[:len(ARTICLE) // 2]}"
            f"<div class='{box}'><ul class='thumbs'>{''.join('<li><img src=x.jpg></li>' for _ in range(30))}</ul>"
            f"<ul class='legends'>{slides}</ul></div>{ARTICLE[len(ARTICLE) // 2:]}</div></article></body></html>")


def test_gallery_captions_do_not_win_over_the_article():
    text = extract(_page(_slides(30))).text
    assert "Paragraph 0 of the report" in text and "Paragraph 7 of the report" in text
    assert "Caption 3:" not in text


def test_without_gallery_evidence_the_list_is_kept():
    # the same repeated items in a box with no gallery class/id are not a gallery
    text = extract(_page(_slides(30), box="box")).text
    assert "Caption 3:" in text


def test_a_short_list_is_not_a_gallery():
    text = extract(_page(_slides(4))).text
    assert "Caption 3:" in text and "Paragraph 0 of the report" in text


def test_a_page_that_is_a_slideshow_keeps_its_captions():
    page = (f"<html><body><h1>Costumes</h1><div class='slideshow'><ul>{_slides(20)}</ul></div>"
            f"<p>Short intro.</p></body></html>")
    assert "Caption 3:" in extract(page).text


def test_child_tag_count_same_in_c_and_python():
    """The native count of a box's most repeated child tag equals the Python loop's, on
    random boxes (comments, processing instructions and text between the children)."""
    import random

    import pytest

    from maintext.html import walk
    from maintext.html.document import parse_html
    from maintext.methods.auto.gallery import max_child_tag_count

    if walk.nodes is None:
        pytest.skip("native code not built")
    rnd = random.Random(3)
    seen = set()
    for _ in range(500):
        kids = "".join(rnd.choice(["<li>x</li>", "<div>y</div>", "<p>z</p>", "<!-- c -->", "text ", "<?pi x?>",
                                   "<img src=a>", "<figure>f</figure>"]) for _ in range(rnd.randint(0, 30)))
        root = parse_html(f"<html><body><section>{kids}</section></body></html>")
        for el in root.iter():
            if isinstance(el.tag, str):
                expected = max_child_tag_count(el)
                assert walk.nodes.max_child_tag_count(el) == expected
                seen.add(expected)
    assert 0 in seen and max(seen) >= 8


def test_gallery_names_as_the_pattern():
    # the substring test of ASCII class/id values gives the pattern's answer (random names in
    # mixed case; non-ASCII ones, with the letters IGNORECASE folds, go to the pattern)
    import random

    import lxml.etree as etree

    from maintext.methods.auto import gallery

    parts = ["Gallery", "GALLERIES", "slide", "Show", "-", "slideshow", "Slide-Show", "carousel", "sliDer", "light",
             "box", "LightBox", "teaser", " ", "_", "ſlider", "\u212aarousel", "gallerı", "x"]
    rng = random.Random(13)
    hits = 0
    for _ in range(20000):
        el = etree.Element("div")
        for name in ("class", "id"):
            if rng.random() < 0.7:
                el.set(name, "".join(rng.choice(parts) for _ in range(rng.randint(0, 4))))
        names = f"{el.get('class') or ''} {el.get('id') or ''}"
        expected = gallery._GALLERY_WORD.search(names) is not None
        assert gallery._names_gallery(el) == expected, names
        hits += expected
    assert 0 < hits < 20000


def test_containers_holding_same_in_c_and_python():
    """The C loop over the containers (_score.containers_holding) keeps the containers its
    Python twin keeps, the same objects in order, on random segmentations of both classes."""
    import random

    import pytest

    _score = pytest.importorskip("maintext.methods.auto._score")
    from maintext.html.segmentation import Container
    from maintext.methods.auto.gallery import containers_holding

    class Box:  # another class: the C loop reads its attributes
        def __init__(self, start, end):
            self.start, self.end = start, end

    rnd = random.Random(11)
    kept = set()
    for _ in range(300):
        boxes = []
        for cid in range(rnd.randint(0, 25)):
            start = rnd.randint(0, 40)
            c = Container(cid, "div", start, None)
            c.end = start + rnd.randint(0, 14)
            boxes.append(c if rnd.random() < 0.8 else Box(c.start, c.end))
        for n in (0, 1, 8, 9):
            found = _score.containers_holding(boxes, Container, n)
            twin = containers_holding(boxes, n)
            assert len(found) == len(twin) and all(x is y for x, y in zip(found, twin))
            kept.add(min(len(found), 2))
    assert kept == {0, 1, 2}


def test_gallery_found_on_the_text_only_walk():
    """Text alone (the walk without elements: gallery_containers reads Segmentation.element)
    drops the same captions, natively and on the Python walk."""
    page = _page(_slides(30))
    for native in (True, False):
        text = extract(page, fields=("text",), native=native).text
        assert text == extract(page, native=native).text
        assert "Paragraph 7 of the report" in text and "Caption 3:" not in text
