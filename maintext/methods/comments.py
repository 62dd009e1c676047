"""Readers' comments of a page, apart from the article (not a registered method).

Takes a loaded :class:`~maintext.html.document.Document` and the extracted
:class:`~maintext.result.Page`; gives the comments' text, one paragraph per line ("" when
the page shows none). Run only when asked (``Options.with_comments``, the ``comments``
field): it costs a fresh parse of the page.

The comment section is found the way pages mark it: boxes whose class/id names comments
(the same word table as the boilerplate classifier, :func:`maintext.html.vocab.classify_attr`:
``comments``, ``commentlist``, ``disqus``, ``kommentare``...), outermost ones only, and
the siblings after a heading that opens the comments ("12 Comments", "Leave a Reply",
"评论") when no such box is found. Forms (the reply box), buttons and the lines of
comment furniture ("Reply", "Report abuse", "Log in to reply") are dropped, as is any line
that is already in the article's text; linked lines stay (the commenter's name and the
date are often links). A kind of box (tag and class) without running text is not comments.
"""

from __future__ import annotations

import re

from lxml import etree

from ..html.clean import is_hidden
from ..html.document import Document
from ..html.lines import is_comments_heading
from ..html.segment import segment
from ..html.tags import HEADING_TAGS, SENTENCE_END
from ..html.vocab import attr_words, container_marks
from ..result import Page

# Subtrees that never hold comment text: the reply form and its controls, scripts.
DROP_TAGS = ("form", "textarea", "input", "button", "select", "script", "style", "noscript",
             "iframe", "svg", "template", "label")
# A comment box must hold at least this many characters of text to count (a "5 comments"
# link in the post's byline carries the class too).
MIN_BOX_CHARS = 40
# Lines of comment furniture (buttons, counters, prompts), matched on the whole line.
_FURNITURE = re.compile(
    r"^\W*(?:reply|replies|report(?: abuse| comment)?|flag|like|likes|share|permalink|link|"
    r"edit|delete|quote|cancel reply|(?:log ?in|sign ?in|register) to (?:reply|comment|post).*|"
    r"leave a (?:comment|reply).*|post a comment|add (?:a|your) comment|"
    r"your email address will not be published.*|required fields are marked.*|"
    r"notify me of .*|subscribe to comments.*|comments? (?:are )?closed.*|"
    r"(?:\d+|no|one) (?:comments?|responses?|replies|thoughts)(?: (?:to|on)\b.*)?|comments?|"
    r"(?:older|newer|previous|next) comments?|load more comments|show more(?: comments)?|"
    r"\d+ (?:points?|likes?|votes?)|[\d\s+\-|·•]*|"
    r"回复|举报|评论|发表评论|antworten|melden|répondre|signaler|responder"
    r")\W*$",
    re.IGNORECASE,
)
# A short line (at most this many words) that speaks of commenting, signing in or
# moderation is a prompt of the comment system ("Sign in to add comments", "Your comment
# has been saved"), not a comment.
PROMPT_MAX_WORDS = 12
_PROMPT = re.compile(r"\b(?:comment(?:s|ing|ers?)?|log ?in|sign ?in|register(?:ed)?|subscrib\w*|"
                     r"moderat\w*|posted by|preview\w*|recommend\w*|kommentar\w*|commentaire\w*)\b",
                     re.IGNORECASE)
# A kind of box counts only with this many words of running text (sentences, few links):
# prompts, counters and "Comment is free" navigation have none. Dragnet comments F1:
# 4 words .760 (P .660 R .896), 8 words .764 (P .673 R .884).
MIN_PROSE_WORDS = 8.0
CODE_SHARE = 0.08  # a line with this share of {}[]";= characters is script data


# Words of a class/id that make a "comments" box a site widget, not this page's comments:
# "Recent comments", "Latest comments" lists of the side column.
WIDGET_WORDS = frozenset({"recent", "latest", "widget", "popular", "top", "most"})


def _is_widget(el: etree._Element) -> bool:
    return bool(set(attr_words(f"{el.get('class') or ''} {el.get('id') or ''}")) & WIDGET_WORDS)


def _hidden(el: etree._Element) -> bool:
    """``el`` is hidden by its class ("hidden", the CSS frameworks' display:none) or it or a
    box around it by an attribute or style (a collapsed tab of another article's comments)."""
    if "hidden" in attr_words(el.get("class") or ""):
        return True
    return any(is_hidden(a) for a in (el, *el.iterancestors()) if isinstance(a.tag, str))


def _comment_boxes(root: etree._Element) -> list[etree._Element]:
    """Outermost elements whose class/id names comments, in document order (not site
    widgets listing recent comments, not hidden). Dragnet comments F1: .764 without these
    two exclusions, .781 without widgets, .796 without hidden ones too; leaving out boxes in
    a side column or footer as well lowers recall (.884 -> .864)."""
    boxes: list[etree._Element] = []
    chosen: set[etree._Element] = set()
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        cls, ident = el.get("class"), el.get("id")
        if not (cls or ident):
            continue
        reason = container_marks(el.tag, cls, ident, el.get("role"), el.get("itemprop"))[0]
        if reason != "comments" or el.tag in ("a", "span", "li") and not len(el):
            continue
        if any(a in chosen for a in el.iterancestors()):
            continue
        chosen.add(el)  # (a widget is chosen too: the boxes inside it are not comments either)
        if not (_is_widget(el) or _hidden(el)):
            boxes.append(el)
    return boxes


def _after_heading(root: etree._Element) -> list[etree._Element]:
    """The siblings after the last heading that opens the comments (no marked box)."""
    found: list[etree._Element] = []
    for h in root.iter(*HEADING_TAGS):
        text = " ".join(h.text_content().split())
        if text and is_comments_heading(text) and h.getparent() is not None:
            found = [s for s in h.itersiblings() if isinstance(s.tag, str)]
    return found


def _is_prompt(line: str) -> bool:
    return line.count(" ") < PROMPT_MAX_WORDS and _PROMPT.search(line) is not None


def _is_code(line: str) -> bool:
    """A line of script data (a comment widget's JSON shown as text)."""
    return len(line) > 40 and sum(line.count(c) for c in '{}[]";=') > CODE_SHARE * len(line)


def _lines(box: etree._Element, article: set[str]) -> tuple[list[str], int, float]:
    """The comment lines of ``box``, the number of its lines that are article text and
    its words of running text (kept lines that end a sentence or hold a comma, in blocks
    of few links)."""
    out: list[str] = []
    shared = 0
    prose = 0.0
    for b in segment(box).blocks:
        linky = b.link_density > 0.5
        for line in b.lines():
            if line in article:
                shared += 1
            elif not (_FURNITURE.match(line) or _is_prompt(line) or _is_code(line)):
                out.append(line)
                if not linky and (line[-1] in SENTENCE_END or "," in line) and not _PROMPT.search(line):
                    prose += line.count(" ") + 1
    return out, shared, prose


def find_comments(doc: Document, page: Page) -> str:
    """The readers' comments of the page, one paragraph per line ("" when none)."""
    root = doc.fresh_tree()
    for el in list(root.iter(*DROP_TAGS)):
        parent = el.getparent()
        if parent is not None:
            parent.remove(el)  # with its tail: text after a form is its buttons' labels
    article = set(page.text.split("\n")) if page.text else set()
    boxes = [b for b in _comment_boxes(root) if len(b.text_content().strip()) >= MIN_BOX_CHARS]
    found: list[tuple[tuple[str, str], list[str]]] = []
    prose: dict[tuple[str, str], float] = {}  # running words per kind of box (tag, class)
    for box in boxes or _after_heading(root):
        kept, shared, words = _lines(box, article)
        if shared > len(kept):
            continue  # a box holding the article under a "comments" name (comments-enabled)
        kind = (str(box.tag), box.get("class") or "")
        prose[kind] = prose.get(kind, 0.0) + words
        found.append((kind, kept))
    # sibling boxes of one kind (one per comment) are judged together: short comments
    # ("Great post!") are kept when their kind holds running text somewhere
    return "\n".join(line for kind, kept in found if prose[kind] >= MIN_PROSE_WORDS for line in kept)
