"""The comment finder (maintext.methods.comments) on hand-made pages."""

from __future__ import annotations

import maintext

ARTICLE = ("<article><h1>A post</h1><p>The article itself is long enough to be running text, with "
           "commas, clauses and a full stop, as articles have.</p><p>Its second paragraph says more "
           "about the matter, again in full sentences, and ends the post.</p></article>")


def comments_of(extra: str) -> str:
    html = f"<html><body>{ARTICLE}{extra}</body></html>"
    return maintext.extract(html, fields=("comments",)).comments


def test_no_comment_box_no_comments():
    assert comments_of("<footer>Copyright 2024</footer>") == ""


def test_prompts_forms_and_buttons_are_dropped():
    out = comments_of("<div class='comments'><h3>3 Comments</h3><div class='comment'><p>Jane</p>"
                      "<p>I tried this at home, and it worked better than I expected.</p>"
                      "<a href='#r'>Reply</a></div><p>Log in to reply</p>"
                      "<form><textarea></textarea><button>Post</button></form></div>")
    assert out == "Jane\nI tried this at home, and it worked better than I expected."


def test_recent_comments_widget_and_hidden_boxes_are_not_this_pages_comments():
    widget = ("<aside><div class='widget widget_recent_comments'><ul><li>Bob on Another post: I think "
              "so too, and I said it before.</li></ul></div></aside>")
    hidden = ("<div class='comments' style='display:none'><p>A comment of another tab, with words, "
              "and a full stop.</p></div>")
    assert comments_of(widget) == ""
    assert comments_of(hidden) == ""


def test_comments_after_a_heading_without_a_marked_box():
    out = comments_of("<section><h2>12 Comments</h2><div><p>Tom</p><p>Great post, thanks for sharing "
                      "all of this with us.</p></div></section>")
    assert out == "Tom\nGreat post, thanks for sharing all of this with us."
