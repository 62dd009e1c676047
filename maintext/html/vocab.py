"""The boilerplate vocabulary: which tags and which class/id words mark page furniture.

Takes class/id attribute values, gives a boilerplate reason (or None) and a content hint.
Matching is by *word* (the value split on non-letters), so ``comments`` marks
``<div id="comments">`` but not ``<div class="article-content">``, and ``ad`` marks
``ad-slot`` but not ``head`` or ``download``. Read by the segmentation walk
(:mod:`maintext.html.segment`) to mark containers (:func:`container_marks`, cached by
:func:`marks`).
"""

from __future__ import annotations

import re
from functools import lru_cache

# Semantic tags of page furniture (HTML5 sectioning): text inside them is not the article
# unless nothing else is found. ``header`` holds title/byline, ``footer`` copyright/tags.
# ``figure`` holds an image and its caption/credit, which annotators leave out.
FURNITURE_TAGS: frozenset[str] = frozenset({"aside", "footer", "header", "figure", "figcaption"})

# class/id words -> why they mark boilerplate. A word matches a whole token of the value.
BOILERPLATE_WORDS: dict[str, str] = {
    # navigation
    "nav": "navigation", "navbar": "navigation", "navigation": "navigation", "menu": "navigation",
    "breadcrumb": "navigation", "breadcrumbs": "navigation", "pagination": "navigation",
    "pager": "navigation", "skip": "skip links", "toc": "table of contents",
    # page frame
    "footer": "page footer", "sidebar": "side column", "masthead": "page header",
    "topbar": "page header", "copyright": "page footer", "sitemap": "navigation",
    # user interaction around an article
    "comment": "comments", "comments": "comments", "disqus": "comments", "respond": "comments",
    "reply": "comments", "replies": "comments",
    # comment boxes named in one word by blog engines and themes (``commentlist``,
    # ``commentform``, ``commentbody``): the whole-word match would miss them
    "commentlist": "comments", "commentform": "comments", "commentbody": "comments",
    "commentmetadata": "comments", "commentlisting": "comments", "commentwrap": "comments",
    "commentblock": "comments", "commentsblock": "comments", "commenttext": "comments",
    "commentsection": "comments", "commentcontainer": "comments", "commentbox": "comments",
    "commentarea": "comments", "commentthread": "comments",
    # the comment section in other languages (plurals only: the singular can name an
    # opinion piece, "Kommentar")
    "kommentare": "comments", "commentaires": "comments", "comentarios": "comments",
    "share": "share bar", "sharing": "share bar", "social": "share bar", "sharebar": "share bar",
    "addthis": "share bar", "sociallinks": "share bar", "shares": "share bar",
    "newsletter": "sign-up box", "subscribe": "sign-up box", "signup": "sign-up box",
    "subscription": "sign-up box", "login": "sign-up box",
    # other content that is not this article
    "related": "related links", "recommended": "related links", "recommend": "related links",
    "recirc": "related links", "more": "related links", "trending": "related links",
    "popular": "related links", "mostread": "related links", "outbrain": "related links",
    "taboola": "related links", "promo": "promotion", "teaser": "related links",
    # advertising
    "ad": "advertising", "ads": "advertising", "advert": "advertising", "adv": "advertising",
    "advertisement": "advertising", "advertising": "advertising", "sponsor": "advertising",
    "sponsored": "advertising", "banner": "advertising", "dfp": "advertising", "gpt": "advertising",
    # overlays and hidden helpers
    "cookie": "cookie notice", "cookies": "cookie notice", "consent": "cookie notice",
    "gdpr": "cookie notice", "popup": "pop-up", "modal": "pop-up", "overlay": "pop-up",
    "hidden": "hidden", "hide": "hidden", "invisible": "hidden", "sr": "screen-reader only",
    "offscreen": "hidden", "print": "print only",
    "caption": "image caption", "credit": "image credit", "credits": "image credit",
    # article furniture annotators leave out
    "byline": "byline", "dateline": "byline", "author": "author box", "tags": "tag list",
    "tagcloud": "tag list", "keywords": "tag list", "widget": "widget", "toolbar": "toolbar",
    "tools": "toolbar", "rating": "widget", "vote": "widget", "meta": "post metadata",
}

# Words that mark a *content* container; they cancel the weak boilerplate words above
# (``post-meta`` is furniture, but ``entry-content`` with ``has-sidebar`` is the article).
CONTENT_WORDS: frozenset[str] = frozenset({
    "article", "articlebody", "content", "entry", "post", "story", "body", "text", "main",
    "blog", "news", "detail", "single",
    "hentry", "permalink", "prose", "rich", "richtext", "markdown", "document",
    "zhengwen", "neirong", "wenzhang",  # Chinese pinyin: body text, content, article
})

# Boilerplate words strong enough to win over content words: ``comment-content`` is a
# comment, ``article-related`` a list of other articles.
STRONG_WORDS: frozenset[str] = frozenset({
    "nav", "navbar", "navigation", "comment", "comments", "disqus", "respond",
    "commentlist", "commentform", "commentbody", "commentmetadata", "commentlisting", "commentwrap",
    "commentblock", "commentsblock", "commenttext", "commentsection", "commentcontainer",
    "commentbox", "commentarea", "commentthread", "kommentare", "commentaires", "comentarios",
    "share", "sharing", "social", "sharebar",
    "addthis", "related", "recommended", "outbrain", "taboola", "newsletter", "cookie",
    "cookies", "consent", "breadcrumb", "breadcrumbs", "advertisement", "footer",
    "sponsored", "subscribe",
})

# Words of *state* or layout classes on page wrappers (``has-sidebar``, ``modal-enabled``,
# ``l-sidebar-fixed``): with one of them the weak boilerplate words describe the page
# layout around the content, not a boilerplate box.
STATE_WORDS: frozenset[str] = frozenset({
    "has", "with", "enabled", "disabled", "active", "open", "fixed", "sticky", "layout", "l",
    "is", "show", "visible",
    # responsive helpers: "hidden-xs", "hide-mobile" hide a box on small screens only
    "xs", "sm", "md", "lg", "xl", "mobile", "desktop", "tablet", "phone",
})

_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"([a-z])([A-Z])")


def attr_words(value: str) -> list[str]:
    """The words of a class/id value: ``postComments bottom-bar`` -> post, comments, bottom, bar."""
    return [w for w in _SPLIT.split(_CAMEL.sub(r"\1 \2", value).lower()) if w]


@lru_cache(maxsize=8192)
def _attr_marks(value: str) -> tuple[str | None, str | None, bool, bool]:
    """(strong reason, weak reason, content word, state word) of one class or id value."""
    if not value.islower():
        value = _CAMEL.sub(r"\1 \2", value).lower()
    weak = None
    content = state = False
    # every vocabulary word is a run of [a-z0-9]: the value's runs, looked up (~2x cheaper
    # than one regex alternation of the whole vocabulary)
    for w in _SPLIT.split(value):
        if w in BOILERPLATE_WORDS:
            if w in STRONG_WORDS:
                return BOILERPLATE_WORDS[w], None, False, False
            weak = weak or BOILERPLATE_WORDS[w]
        elif w in CONTENT_WORDS:
            content = True
        elif w in STATE_WORDS:
            state = True
    return None, weak, content, state


def classify_attr(value: str, other: str | None = None) -> tuple[str | None, bool]:
    """(boilerplate reason or None, content hint) of a class value (and an id value).

    A strong word (``comments``) decides; a weak word (``meta``, ``widget``) counts only
    without content words (``entry-meta`` is furniture, ``entry-content`` is not) and
    without state/layout words (``has-sidebar``)."""
    return _classified(_attr_marks(value) if value else _NO_WORDS,
                       _attr_marks(other) if other else None)


_NO_WORDS: tuple[str | None, str | None, bool, bool] = (None, None, False, False)


def _classified(first: tuple[str | None, str | None, bool, bool],
                second: tuple[str | None, str | None, bool, bool] | None) -> tuple[str | None, bool]:
    """:func:`classify_attr` from the :func:`_attr_marks` of the class value (``first``)
    and of the id value (``second``, None without one)."""
    strong, weak, content, state = first
    if second is not None:
        s2, w2, c2, st2 = second
        strong = strong or s2
        weak = weak or w2
        content = content or c2
        state = state or st2
    if strong:
        return strong, False
    if weak and not content and not state:
        return weak, False
    return None, content


def boilerplate_reason(classes: str) -> str | None:
    """Why a class/id value marks boilerplate, or None."""
    return classify_attr(classes)[0]


def content_hint(classes: str) -> bool:
    """The class/id value names a content container (``article-body``, ``post-content``)."""
    return classify_attr(classes)[1]


# role attribute values -> boilerplate reason (ARIA landmarks of page furniture)
_ROLE_BOILER = {"navigation": "navigation", "banner": "page header", "contentinfo": "page footer",
                "complementary": "side column", "search": "search", "dialog": "pop-up",
                "alert": "pop-up", "menu": "navigation", "menubar": "navigation"}
_SEMANTIC_ITEMPROP = frozenset({"articlebody", "text", "reviewbody", "description"})

# Tags whose container is marked by the tag alone (furniture or semantic).
SPECIAL_TAGS = FURNITURE_TAGS | {"article", "main"}


NO_MARKS: tuple[str | None, bool, bool] = (None, False, False)


def container_marks(tag: str, cls: str | None, ident: str | None, role: str | None,
                    itemprop: str | None) -> tuple[str | None, bool, bool]:
    """(boilerplate reason, content hint, semantic) of a container from its tag and its
    class, id, role and itemprop attributes."""
    return marks_by_words(tag, _attr_marks(cls) if cls else None, _attr_marks(ident) if ident else None,
                          role, itemprop)


def marks_by_words(tag: str, cls_words: tuple[str | None, str | None, bool, bool] | None,
                   id_words: tuple[str | None, str | None, bool, bool] | None,
                   role: str | None, itemprop: str | None) -> tuple[str | None, bool, bool]:
    """:func:`container_marks` with the class and id values read already (their
    :func:`_attr_marks`, None without a value). Class values vary from site to site and
    ids from box to box, while their marks are few: the native walk caches the marks on
    these (``_MARKS_BY_WORDS``) and reads the words in C."""
    boiler: str | None = None
    hint = semantic = False
    if tag in FURNITURE_TAGS:
        boiler = f"<{tag}>"
    elif tag == "article" or tag == "main":
        semantic = True
    if cls_words is not None or id_words is not None:
        reason, hint = _classified(cls_words or _NO_WORDS, id_words)
        if reason:
            boiler = reason
    if role:
        role = role.lower()
        if role in _ROLE_BOILER:
            boiler = boiler or _ROLE_BOILER[role]
        elif role in ("main", "article"):
            semantic = True
    if itemprop and itemprop.lower() in _SEMANTIC_ITEMPROP:
        semantic = True
        boiler = None
    return boiler, hint, semantic


# container_marks() by tag and attributes: pages repeat the same few class values on
# hundreds of boxes. Looked up on all attributes (one C call reads them, cheaper than four
# lookups), then on the four that count (other attributes, such as data-ids, vary from box
# to box). Cleared when full (bounded memory in long batches).
_MARKS_BY_ITEMS: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[str | None, bool, bool]] = {}
_MARKS_BY_VALUES: dict[tuple[str, str | None, str | None, str | None, str | None],
                       tuple[str | None, bool, bool]] = {}
# container_marks() by (tag, class value, id words, role, itemprop): the native walk's cache
_MARKS_BY_ID_WORDS: dict[tuple[str, str | None, tuple[str | None, str | None, bool, bool] | None,
                              str | None, str | None], tuple[str | None, bool, bool]] = {}
# marks_by_words() by (tag, class words, id words, role, itemprop): the native walk's cache
# of the boxes _MARKS_BY_ID_WORDS misses
_MARKS_BY_WORDS: dict[tuple, tuple[str | None, bool, bool]] = {}
_MARKS_CACHE_MAX = 20_000


def marks(tag: str, items: list[tuple[str, str]]) -> tuple[str | None, bool, bool]:
    key = (tag, tuple(items))
    marks = _MARKS_BY_ITEMS.get(key)
    if marks is None:
        get = dict(items).get
        values = (tag, get("class"), get("id"), get("role"), get("itemprop"))
        marks = _MARKS_BY_VALUES.get(values)
        if marks is None:
            if len(_MARKS_BY_VALUES) >= _MARKS_CACHE_MAX:
                _MARKS_BY_VALUES.clear()
            marks = _MARKS_BY_VALUES[values] = container_marks(*values)
        if len(_MARKS_BY_ITEMS) >= _MARKS_CACHE_MAX:
            _MARKS_BY_ITEMS.clear()
        _MARKS_BY_ITEMS[key] = marks
    return marks
