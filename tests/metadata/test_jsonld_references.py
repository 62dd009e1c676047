"""JSON-LD author references (``{"@id": ...}``) resolved to names; a broken ``@id`` (an
object or a list, not a string) refers to nothing instead of failing the page."""

import json

import maintext
from maintext.metadata.jsonld import parse_json_ld


def _page(ld: object) -> str:
    return ("<html><head><script type='application/ld+json'>%s</script></head><body><h1>H</h1>"
            "<p>%s</p></body></html>" % (json.dumps(ld), "Some words of the article. " * 20))


GRAPH_PERSON = {"@type": "Person", "@id": "#a", "name": "Ann Lee"}


def test_string_reference_is_resolved():
    ld = {"@graph": [GRAPH_PERSON, {"@type": "NewsArticle", "headline": "H", "author": {"@id": "#a"}}]}
    assert maintext.extract(_page(ld), fields=("text", "metadata")).author == "Ann Lee"


def test_unhashable_ids_refer_to_nothing():
    for bad in ({"x": 1}, ["#a"], 3, None):
        article = {"@type": "NewsArticle", "headline": "H", "author": [{"@id": bad}, {"@id": "#a"}]}
        page = maintext.extract(_page({"@graph": [GRAPH_PERSON, article]}), fields=("text", "metadata"))
        assert page.authors == ["Ann Lee"], bad
        alone = {"@type": "NewsArticle", "headline": "H", "creator": {"@id": bad}}
        assert "author" not in parse_json_ld([json.dumps({"@graph": [GRAPH_PERSON, alone]})])
