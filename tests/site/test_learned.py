"""The template store keeps what each method learned (dompath's node signatures, lcs's
matched feature-tree nodes, auto's repeated blocks) and a later page of the site uses it with
no sibling fetched or parsed; a redesign makes it stale for each method and it is re-learned."""

from __future__ import annotations

from pathlib import Path

import pytest

import maintext
from maintext.html.document import Document
from maintext.methods.lcs.ctree import build_ctree
from maintext.options import Options
from maintext.site.learned import ctree_keys, learned_candidates, match_share
from maintext.site.store import TemplateStore

from ..helpers_site import BOILERPLATE, SiteServer, article_html, article_url as article

ALL = ("dompath", "lcs", "auto")




def _extract(site: SiteServer, n: int, method: str, store: Path, **more):
    return maintext.extract(article(site, n), method=method, allow_private=True,
                            site={"store_path": str(store), "methods": ALL, **more})


def test_every_method_learns_its_own_keys(site: SiteServer, tmp_path: Path):
    store = tmp_path / "t.sqlite"
    first = _extract(site, 3, "lcs", store)
    assert first.extra["site_pages"]["source"] == "fetched"
    (row,) = [TemplateStore(store).lookup("127.0.0.1", "")]
    learned = row.learned_template
    assert learned is not None and learned.pages == 2
    assert all(len(learned.get(m)) >= 3 for m in ALL)
    assert BOILERPLATE[1] in learned.get("auto")  # auto's repeated blocks are texts
    assert "Article 3 paragraph 1" not in " ".join(learned.get("auto"))


@pytest.mark.parametrize("method", ALL)
def test_later_page_uses_learned_keys_without_site_pages(site: SiteServer, tmp_path: Path, method: str):
    store = tmp_path / "t.sqlite"
    _extract(site, 3, method, store)
    site.reset()
    page = _extract(site, 6, method, store, sibling_delay=0)
    assert site.log == ["/news/2024/article-6.html"]  # no sibling fetched
    info = page.extra["site_pages"]
    assert info["source"] == "store" and info["fetches"] == 0 and info["match"] >= 0.9
    assert f"{method}'s template learned from" in info["note"] and article(site, 1) in page.reason
    assert "Article 6 paragraph 1" in page.text and "Article 6 paragraph 3" in page.text
    assert BOILERPLATE[1] not in page.text and "Copyright Example News" not in page.text
    if method == "lcs":
        assert page.extra["lcs"]["similar_pages"] == 0 and page.extra["lcs"]["learned_template"] > 0


@pytest.mark.parametrize("method", ALL)
def test_redesign_makes_each_methods_template_stale(site: SiteServer, tmp_path: Path, method: str):
    store = tmp_path / "t.sqlite"
    _extract(site, 3, "dompath", store)
    site.template = 2
    site.reset()
    page = _extract(site, 7, method, store, sibling_delay=0)
    info = page.extra["site_pages"]
    assert info["source"] == "fetched" and "stale" in info["note"] and info["fetches"] == 2
    assert BOILERPLATE[2] not in page.text and "Article 7 paragraph 3" in page.text
    site.reset()
    page = _extract(site, 8, method, store)  # re-learned: the store serves the new design
    assert site.log == ["/news/2024/article-8.html"] and page.extra["site_pages"]["source"] == "store"
    assert BOILERPLATE[2] not in page.text and "Article 8 paragraph 0" in page.text


def test_row_of_an_older_store_falls_back_to_its_pages(site: SiteServer, tmp_path: Path):
    store = TemplateStore(tmp_path / "old.sqlite")
    first = _extract(site, 3, "dompath", tmp_path / "old.sqlite")
    row = store.lookup("127.0.0.1", "")
    assert first.extra["site_pages"]["source"] == "fetched" and row is not None
    store.save(row.site, row.pattern, row.signatures, row.pages)  # no learned keys, as before
    site.reset()
    page = _extract(site, 5, "lcs", tmp_path / "old.sqlite")
    assert site.log == ["/news/2024/article-5.html"] and page.extra["site_pages"]["source"] == "store"
    assert page.extra["lcs"]["similar_pages"] == 2 and BOILERPLATE[1] not in page.text


def test_learned_candidates_follow_the_parent_rule():
    opts = Options().lcs
    a = build_ctree(Document(article_html(1)).tree, opts)
    b = build_ctree(Document(article_html(2)).tree, opts)
    keys = frozenset(ctree_keys(a))
    assert match_share(keys, frozenset(ctree_keys(a))) == 1.0
    cands = learned_candidates(b, keys)
    texts = " ".join(b.elements[i].text_content() for i in cands)
    assert "Article 2 paragraph 0" in texts and "Copyright" not in texts
    assert learned_candidates(a, keys) == []
    assert 0 not in learned_candidates(b, frozenset())  # the root always matches


def test_learning_that_covers_too_little_of_the_page_is_not_kept():
    from maintext.site.learn import learn

    doc = Document(article_html(1), url="http://h.test/news/2024/article-1.html")
    doc.site_docs = [Document(article_html(n), url=f"http://h.test/news/2024/article-{n}.html") for n in (2, 3)]
    learned = learn(doc, 2)
    assert all(learned.get(m) for m in ALL) and learned.pages == 2
    assert learn(doc, 2, min_share=1.5).keys == {}  # nothing covers 150% of the page
    alone = Document(article_html(1), url="http://h.test/news/2024/article-1.html")
    alone.site_docs = [Document("<html><body><p>another layout entirely</p></body></html>")] * 2
    assert learn(alone, 2, min_share=0.15).keys == {}  # a failed comparison learns nothing
