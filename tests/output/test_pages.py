"""Hand-made pages through ``auto`` to Markdown: one test per block kind (the typed blocks
of the segmentation, rendered)."""

from __future__ import annotations

import maintext

PROSES = iter(range(10**6))


def prose() -> str:
    return (f"Paragraph {next(PROSES)} of the article is long enough to count as running text, with "
            "commas, clauses and a full stop at its end, as articles have.")


def page(body: str) -> str:
    return (f"<html><head><title>A story about things</title></head><body><nav><a href='/'>Home</a>"
            f"<a href='/b'>Blog</a></nav><article><h1>A story about things</h1><p>{prose()}</p>{body}"
            f"<p>{prose()}</p></article><footer>Copyright</footer></body></html>")


def markdown(body: str, **kw) -> str:
    return maintext.extract(page(body), fields=("markdown",), **kw).markdown


def test_headings_with_levels():
    md = markdown(f"<h2>Second level</h2><p>{prose()}</p><h3>Third level</h3><p>{prose()}</p>")
    assert "## Second level\n" in md and "### Third level\n" in md
    assert "A story about things" not in md  # the headline is the headline field
    assert maintext.extract(page(""), fields=("markdown",), auto={"include_headline": True}).markdown \
        .startswith("# A story about things\n")


def test_nested_and_numbered_lists():
    md = markdown("<ol start='3'><li>Third step of the process<ul><li>a detail of the third step</li></ul></li>"
                  "<li>Fourth step of the process</li></ol>")
    assert "3. Third step of the process\n   - a detail of the third step\n4. Fourth step of the process\n" in md


def test_table_with_header_row():
    md = markdown("<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody>"
                  "<tr><td>alpha</td><td>1</td></tr><tr><td>beta</td><td>2</td></tr></tbody></table>")
    assert "| Name | Value |\n| --- | --- |\n| alpha | 1 |\n| beta | 2 |\n" in md


def test_code_keeps_whitespace_and_language():
    code = "def f(x):\n    if x:\n        return  x * 2\n\n    return None"
    md = markdown(f"<pre><code class='language-python'>{code}</code></pre>")
    assert f"```python\n{code}\n```\n" in md


def test_quote():
    md = markdown("<blockquote><p>Words somebody said once, quoted in the article.</p></blockquote>")
    assert "> Words somebody said once, quoted in the article.\n" in md


def test_images_and_links_when_asked():
    body = ("<p>See <a href='/docs'>the documentation</a> and <b>read it</b> closely, as the text says, "
            "before anything else.</p><figure><img src='/img/a.png' alt='A chart'></figure>")
    plain = maintext.extract(page(body), url="https://e.org/post", fields=("markdown",)).markdown
    assert "[the documentation]" not in plain and "![" not in plain
    rich = maintext.extract(page(body), url="https://e.org/post", fields=("markdown",), include_images=True,
                            include_links=True, include_formatting=True).markdown
    assert "[the documentation](https://e.org/docs)" in rich and "**read it**" in rich
    assert "![A chart](https://e.org/img/a.png)" in rich


def test_comments_apart_from_the_text():
    html = page("").replace("</article>", "</article><div id='comments'><h3>2 Comments</h3>"
                            "<ol class='commentlist'><li class='comment'><p>Anna says:</p>"
                            "<p>I really liked this article, thank you for writing it.</p><a href='#'>Reply</a></li>"
                            "<li class='comment'><p>Tom says:</p><p>Great post!</p></li></ol>"
                            "<form><textarea></textarea><button>Post comment</button></form></div>")
    result = maintext.extract(html, fields=("text", "comments"))
    assert "liked this article" not in result.text
    assert result.comments == "Anna says:\nI really liked this article, thank you for writing it.\nTom says:\nGreat post!"


def test_a_linked_item_of_a_kept_list_stays():
    md = markdown("<ul><li>The first item of the list explains one step of the work in words.</li>"
                  "<li><a href='/notes'>Read the release notes</a></li>"
                  "<li>The third item of the list explains another step of the work.</li></ul>"
                  "<ul><li><a href='/a'>Another story</a></li><li><a href='/b'>More stories</a></li></ul>")
    assert "- Read the release notes\n" in md
    assert "Another story" not in md  # a list of links stays out


def test_figures_come_with_images_when_asked():
    body = "<figure><img src='/img/a.png' alt='A chart'><figcaption>The chart of the year.</figcaption></figure>"
    plain = maintext.extract(page(body), url="https://e.org/post", fields=("markdown",)).markdown
    assert "chart" not in plain
    rich = maintext.extract(page(body), url="https://e.org/post", fields=("markdown",), include_images=True).markdown
    assert "![A chart](https://e.org/img/a.png)\n\nThe chart of the year.\n" in rich


def test_code_language_from_the_usual_classes():
    cases = {'<div class="highlight highlight-source-js"><pre>let x = 1;</pre></div>': "js",
             '<div class="highlight-python notranslate"><div class="highlight"><pre>x = 1</pre></div></div>': "python",
             '<pre class="brush: ruby; gutter: false">puts 1</pre>': "ruby",
             '<pre><code data-lang="go">x := 1</code></pre>': "go",
             '<pre class="highlight-default">x</pre>': None}
    for html, lang in cases.items():
        blocks = maintext.extract(page(html)).blocks
        assert [b.language for b in blocks if b.kind == "code"] == [lang], html
