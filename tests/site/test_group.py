from maintext.html.document import Document
from maintext.site.group import attach_site_docs, group_by_site, similar_pages, site_key, url_similarity


def test_site_key_strips_www_and_case():
    assert site_key("https://WWW.Example.com/a/b") == "example.com"
    assert site_key("http://news.example.com:8080/x") == "news.example.com"
    assert site_key(None) == "" and site_key("") == ""
    assert site_key("http://[bad/") == ""


def test_url_similarity_prefers_same_section_and_depth():
    a = "https://x.com/sport/2020/story-1.html"
    assert url_similarity(a, "https://x.com/sport/2020/story-2.html") > url_similarity(
        a, "https://x.com/politics/2020/story-3.html")
    assert url_similarity(a, "https://x.com/sport/2020/x/y") < url_similarity(
        a, "https://x.com/sport/2021/story-4.html")
    assert url_similarity("https://x.com/", "https://x.com") == 1.0


def _doc(url, html=None):
    return Document(html or f"<p>{url}</p>", url=url)


def test_similar_pages_excludes_self_and_duplicates():
    target = _doc("https://x.com/a/1")
    same_url = _doc("https://x.com/a/1", "<p>other</p>")
    same_html = _doc("https://x.com/a/9", target.html)
    near, far = _doc("https://x.com/a/2"), _doc("https://x.com/b/c/d")
    picked = similar_pages(target, [far, target, same_url, same_html, near], k=5)
    assert picked == [near, far]
    assert similar_pages(target, [far, near], k=1) == [near]


def test_attach_site_docs_groups_by_host():
    docs = [_doc("https://a.com/n/1"), _doc("https://www.a.com/n/2"), _doc("https://a.com/n/3"),
            _doc("https://b.com/n/1"), _doc(None)]
    assert sorted(group_by_site(docs)) == ["a.com", "b.com"]
    attach_site_docs(docs, k=2)
    assert len(docs[0].site_docs) == 2 and docs[0] not in docs[0].site_docs
    assert all(d.url and "a.com" in d.url for d in docs[0].site_docs)
    assert docs[3].site_docs == [] and docs[4].site_docs == []


# --------------------------------------------------------------------------- declared URLs

from pathlib import Path  # noqa: E402

from maintext.site.group import declared_url, neighbourhoods, page_url  # noqa: E402

SITE = Path(__file__).resolve().parents[1] / "fixtures" / "site"
STORIES = sorted(SITE.glob("story-*.html"))


def test_declared_url_reads_canonical_then_og_url():
    assert declared_url('<head><LINK REL="canonical" HREF="https://a.com/x?a=1&amp;b=2"></head>') \
        == "https://a.com/x?a=1&b=2"
    assert declared_url("<meta property='og:url' content='http://b.org/y'>") == "http://b.org/y"
    both = '<meta property="og:url" content="https://og.com/1"><link rel="canonical" href="https://c.com/1">'
    assert declared_url(both) == "https://c.com/1"
    assert declared_url('<link rel="canonical" href="/relative/only">') is None
    assert declared_url("<p>no head</p>") is None


def test_attach_site_docs_can_use_declared_urls():
    docs = [Document(p.read_text(encoding="utf-8")) for p in STORIES] + [Document("<p>x</p>")]
    attach_site_docs(docs, k=2)  # no given URLs: nothing to group
    assert all(not d.site_docs for d in docs)
    attach_site_docs(docs, k=2, url_of=page_url)
    assert [len(d.site_docs) for d in docs] == [2, 2, 2, 0]
    attach_site_docs(docs, k=0, url_of=page_url)
    assert all(not d.site_docs for d in docs)


def test_big_sites_choose_among_neighbours_in_url_order():
    group = [_doc(f"https://x.com/s{i % 7}/page-{i}") for i in range(400)]
    pairs = list(neighbourhoods(group, lambda d: d.url))
    assert len(pairs) == 400 and max(len(c) for _, c in pairs) <= 101
    attach_site_docs(group, k=3)
    assert all(len(d.site_docs) == 3 for d in group)
    assert all(o.url.split("/")[3] == d.url.split("/")[3] for d in group for o in d.site_docs)
