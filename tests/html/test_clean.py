"""Tree cleaning (``maintext.html.clean``), the class/id vocabulary (``maintext.html.vocab``)
and the short-line classifiers (``maintext.html.lines``)."""

from __future__ import annotations

import pytest

from maintext.html.clean import clean_tree, is_hidden
from maintext.html.lines import is_comments_heading, is_furniture_line, is_post_line, is_signoff_line
from maintext.html.vocab import attr_words, classify_attr
from maintext.html.document import parse_html


def test_attr_words_splits_separators_and_camel_case():
    assert attr_words("postComments bottom-bar__item") == ["post", "comments", "bottom", "bar", "item"]


@pytest.mark.parametrize("value, boiler", [
    ("comments-area", "comments"),
    ("postComments", "comments"),
    ("share-bar", "share bar"),
    ("ad-slot", "advertising"),
    ("site-footer", "page footer"),
    ("main-nav", "navigation"),
    ("comment-content", "comments"),  # strong word beats the content word
    ("sidebar", "side column"),
    ("commentlist", "comments"),  # one-word comment boxes of blog engines
    ("commentbody by-jane", "comments"),
    ("commentform", "comments"),
])
def test_boilerplate_words(value, boiler):
    assert classify_attr(value)[0] == boiler


@pytest.mark.parametrize("value", [
    "article-content", "head", "download", "has-sidebar", "l-sidebar-fixed l-segment",
    "box article modal-enabled", "commentary", "entry-content", "",
])
def test_not_boilerplate(value):
    assert classify_attr(value)[0] is None


def test_content_hint():
    assert classify_attr("post-body")[1] is True
    assert classify_attr("has-sidebar")[1] is False


def test_clean_tree_drops_code_forms_and_hidden_keeping_tails():
    root = parse_html("<html><head><title>t</title></head><body><div>a<script>x()</script>b"
                      "<span style='DISPLAY: none'>hid</span>c<button>Go</button>d"
                      "<p hidden>h</p><nav>menu</nav><svg><text>s</text></svg></div></body></html>")
    removed = clean_tree(root)
    assert root.find("body/div").text_content() == "abcd"
    assert ("span", "hidden") in removed


def test_big_hidden_element_is_kept():
    text = "Article text revealed by a script. " * 60
    root = parse_html(f"<html><body><div style='display:none'><p>{text}</p></div><p>menu</p></body></html>")
    clean_tree(root)
    assert "revealed" in root.text_content()


def test_is_hidden():
    root = parse_html("<div><p aria-hidden='true'>a</p><p style='visibility : hidden'>b</p><p>c</p></div>")
    flags = [is_hidden(p) for p in root.iter("p")]
    assert flags == [True, True, False]


@pytest.mark.parametrize("line", ["Advertisement", "Share this article", "Read more", "责任编辑：王五",
                                  "相关阅读", "3 comments", "Leave a reply", "Rezept drucken", "Bild anzeigen",
                                  "Wird geladen...", "Externer Inhalt", "Compartir", "Loading..."])
def test_furniture_lines(line):
    assert is_furniture_line(line)


@pytest.mark.parametrize("line", ["The advertisement market grew by four percent.",
                                  "Comments from the minister were brief.", "会议指出，要加大力度。",
                                  "Drucken Sie das Formular aus.", "Teilen ist schwer"])
def test_not_furniture_lines(line):
    assert not is_furniture_line(line)


@pytest.mark.parametrize("line, expected", [
    ("2019-08-27 来源：新华社", True), ("By Jane Doe, June 3, 2019", True),
    ("Von Max Muster, 12. März 2020", True), ("June 25, 2009", True), ("2/15/09 at 1:01 PM", True),
    ("jane.doe@example.com", True), ("In 2019, by contrast, sales fell.", False),
    ("May 5 by the river we met friends.", False),
])
def test_date_and_byline_lines(line, expected):
    assert is_furniture_line(line) is expected


def test_related_headings():
    from maintext.html.lines import is_related_heading

    for text in ("Related stories", "You may also like...", "Lesen Sie auch", "相关阅读", "Leggi anche"):
        assert is_related_heading(text)
    assert not is_related_heading("Related parties agreed to the merger on Monday")
    for text in ("Weitere Beiträge aus der Kolumne:", "Mehr zu Klima und Konsum", "Über den Autor",
                 "Quellenangaben:", "Explore further", "Más sobre La Tercera AM", "Recent Posts"):
        assert is_related_heading(text)
    # "further information" boxes sit inside articles too: not a cut
    assert not is_related_heading("Weitere Informationen")
    assert not is_related_heading("Mehrere Zeugen sahen den Unfall")


@pytest.mark.parametrize("line, expected", [
    ("Getty Images", True), ("AFP / MARCO BERTORELLO", True), ("Foto: dpa", True),
    ("Quelle: Landesregierung", True), ("The AFP reported that the talks failed.", False),
])
def test_credit_lines(line, expected):
    from maintext.html.lines import is_credit_line

    assert is_credit_line(line) is expected


@pytest.mark.parametrize("line", [
    "Follow The Gleaner on Twitter and Instagram @JamaicaGleaner and on Facebook @GleanerJamaica.",
    "Get the latest news straight to your phone with the VI Consortium app.",
    "JOIN Our FREE Plant Care Newsletter",
    "If you enjoyed reading this post – would you consider supporting our work?",
    "Gefällt dir unser Klettermagazin? Dann unterstütze uns mit einem Abo.",
    "¿Ya sabías que tenemos canal de Telegram? Únete desde tu celular.",
    "This entry was posted in Allgemein. Bookmark the permalink.",
])
def test_promo_lines(line):
    from maintext.html.promo import is_promo_line
    assert is_promo_line(line)


@pytest.mark.parametrize("line", [
    "The council approved the budget on Tuesday after a long debate.",
    "Any Rhapsody subscribers out there, or are the free alternatives good enough?",
    "The editions launch tomorrow, and a subscription costs ten dollars a month.",
    "Newsletter " + "long paragraph of running text " * 20,
])
def test_not_promo_lines(line):
    from maintext.html.promo import is_promo_line
    assert not is_promo_line(line)


@pytest.mark.parametrize("line, expected", [
    ("Abbildung 4: klassische Schwachschicht.", True),
    ("Beitragsbild: Titelseite der FAZ vom 2.4.2019, Ausriss.", True),
    ("Fig. 2: The detector array seen from above.", True),
    ("Johannes Thingnes Bø will für Furore sorgen. © AFP / MARCO BERTORELLO", True),
    ("Bildung ist der Schlüssel: Das sagte die Ministerin am Montag.", False),
    ("The photo shows the mayor at the opening of the new library.", False),
])
def test_caption_and_credit_lines(line, expected):
    from maintext.html.lines import is_credit_line
    assert is_credit_line(line) is expected


@pytest.mark.parametrize("line, expected", [
    ("15. Mai 2019, 05:28 Uhr", True), ("12 de mayo de 2022", True), ("Stand: 05. Februar 2020", True),
    ("Am 5. Mai 2019 kamen 300 Leute", False),
])
def test_date_lines_in_other_languages(line, expected):
    from maintext.html.lines import is_date_line
    assert is_date_line(line) is expected


def test_disclosure_lines():
    from maintext.html.promo import is_disclosure_line
    assert is_disclosure_line("Anzeige, enthält Affiliate Links")
    assert is_disclosure_line("This post contains references to products from one or more of our advertisers.")
    assert not is_disclosure_line("Follow us on Twitter for the latest space news.")


def test_unclosed_tag_inside_noscript_or_nav_does_not_lose_the_page():
    from maintext.html.clean import clean_tree
    from maintext.html.document import parse_html

    article = "<p>" + "Running text of the article, long enough to matter. " * 40 + "</p>"
    for opening in ("<noscript><div id='nojs'></noscript>", "<nav class='navbar'><div>"):
        root = parse_html(f"<html><body>{opening}<div class='story'>{article}</div></body></html>")
        removed = clean_tree(root)
        assert "Running text of the article" in root.text_content(), opening
        assert any(reason.startswith("unwrapped") for _, reason in removed)


def test_real_navigation_is_still_dropped():
    from maintext.html.clean import clean_tree
    from maintext.html.document import parse_html

    article = "<p>" + "Running text of the article, long enough to matter. " * 40 + "</p>"
    root = parse_html(f"<html><body><nav><a href='/'>Home</a> <a href='/n'>News</a></nav>{article}"
                      "<noscript><p>Please enable JavaScript</p></noscript></body></html>")
    clean_tree(root)
    text = root.text_content()
    assert "Home" not in text and "enable JavaScript" not in text and "Running text" in text


@pytest.mark.parametrize("line", ["Comments", "15 Comments:", "One Response to “A title”", "Leave a Reply",
                                  "Comments (3)", "12 thoughts on “A title”", "Kommentare", "3 条评论",
                                  "Reader comments"])
def test_comments_headings(line):
    assert is_comments_heading(line)


@pytest.mark.parametrize("line", ["Comment", "Comments are closed.", "Thoughts on the economy",
                                  "The comments on this story", "TrackBack"])
def test_not_comments_headings(line):
    assert not is_comments_heading(line)


@pytest.mark.parametrize("line", ["x Franzi", "XX, Die Redaktion", "Euer Hans", "Cheers, Anna", "Liebe Grüße",
                                  "Love, Mom", "Bises"])
def test_signoff_lines(line):
    assert is_signoff_line(line)


@pytest.mark.parametrize("line", ["Best of the web", "Love it", "Thanks for reading", "Euer Team von ABC",
                                  "Tags: fashion"])
def test_not_signoff_lines(line):
    assert not is_signoff_line(line)


def test_class_vocabulary_words_are_single_runs_of_letters_and_digits():
    # _attr_marks looks up the [a-z0-9] runs of a class value: a word with any other
    # character (a hyphen) could never match
    import re

    from maintext.html.vocab import BOILERPLATE_WORDS, CONTENT_WORDS, STATE_WORDS, STRONG_WORDS

    for word in {*BOILERPLATE_WORDS, *CONTENT_WORDS, *STATE_WORDS, *STRONG_WORDS}:
        assert re.fullmatch(r"[a-z0-9]+", word), word


@pytest.mark.parametrize("line", ["Wednesday December 20, 2006 | permalink | comments (0)",
                                  "Posted by ann at 12:43 PM View/Add Comments (6) | Category: Travel",
                                  "June 3, 2009 · 4 Comments", "Posted in News | Leave a comment",
                                  "Tags: budget, council | 3 comments", "Filed under: Politics • Permalink"])
def test_post_lines(line):
    assert is_post_line(line)


@pytest.mark.parametrize("line", ["Home | About | Contact", "Sport | News", "The Daily Example | Metro",
                                  "Comments", "June 3, 2009", "Permalink",
                                  "We read all comments | and answer them.",
                                  "Budget vote | Council split over roads plan | 3 comments"])
def test_not_post_lines(line):
    assert not is_post_line(line)


def test_widget_labels_are_furniture_lines():
    from maintext.html.lines import is_furniture_line

    for label in ("Don't Miss", "Don’t miss", "HIDE CAPTION", "Show captions", "JUST WATCHED"):
        assert is_furniture_line(label), label
    assert not is_furniture_line("Just watched the game and loved it.")
    assert not is_furniture_line("Don't miss the point of the council's vote on the budget.")


def test_style_prefilter_changes_no_answer():
    # may_hide is False only where _HIDDEN_STYLE finds nothing (random styles, with the
    # letters IGNORECASE folds: dotless and dotted i, long s, Kelvin sign)
    import random

    from maintext.html import clean

    parts = ["display", "DISPLAY", "Display", ":", " : ", "none", "NONE", "None", "visibility", "VISIBILITY",
             "hidden", "HIDDEN", "block", "color: red", ";", " ", "dısplay", "dİsplay", "vıſıbility", "ſ", "ı",
             "\u212a", "nonE", "hıdden", "width: 10px"]
    rnd = random.Random(8)
    styles = ["".join(rnd.choice(parts) for _ in range(rnd.randint(1, 6))) for _ in range(30000)]
    found = [clean._HIDDEN_STYLE.search(s) is not None for s in styles]
    assert any(found) and not all(found)
    assert any(not clean.may_hide(s) for s in styles)
    for style, hit in zip(styles, found):
        assert clean.may_hide(style) or not hit, style
