"""Tree cleaning and the boilerplate vocabularies used by the ``auto`` extractor.

Everything here is a readable table: which tags never hold page text, which class/id
words mark boilerplate or content, which short lines are page furniture. Matching of
class/id values is by *word* (the value split on non-letters), so ``comments`` marks
``<div id="comments">`` but not ``<div class="article-content">``, and ``ad`` marks
``ad-slot`` but not ``head`` or ``download``.
"""

from __future__ import annotations

import re
from functools import lru_cache

import lxml.etree as etree

from ..textutil import xml_safe

# Tags removed together with their content: they never carry visible running text.
DROP_TAGS: tuple[str, ...] = (
    "script", "style", "noscript",  # code and its fallback (noscript repeats the page or nags)
    "template", "svg", "math", "canvas",  # inert templates, drawings
    "iframe", "object", "embed", "applet",  # embedded other documents / plugins
    "select", "option", "button", "input", "textarea", "label", "datalist",  # form controls
    "head", "title",  # metadata is read before cleaning
    "nav", "menu",  # navigation by definition (HTML5)
    "dialog",  # pop-ups
)

# Block-level tags: a new text block starts and ends at each of them.
BLOCK_TAGS: frozenset[str] = frozenset({
    "html", "body", "div", "p", "section", "article", "main", "header", "footer", "aside",
    "table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "ul", "ol", "li", "dl",
    "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "figure",
    "figcaption", "address", "center", "form", "fieldset", "legend", "details", "summary",
    "hr", "hgroup", "dir", "font-block", "noframes", "frameset", "frame",
})

# Tags that are themselves one paragraph of text (their parent is the container).
PARAGRAPH_TAGS: frozenset[str] = frozenset({
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "pre", "blockquote",
    "figcaption", "caption", "address", "th", "summary", "legend",
})

HEADING_TAGS: frozenset[str] = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})

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
    strong, weak, content, state = _attr_marks(value) if value else (None, None, False, False)
    if other:
        s2, w2, c2, st2 = _attr_marks(other)
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


# Hidden elements: not shown to a reader (the style test is done in Python: cheaper than
# XPath string functions on every element).
# The attribute values that can hide an element (selecting attributes is cheaper for
# libxml2 than testing every element); each result knows its element (``getparent``).
# (relative to the element: ~25% cheaper for libxml2 than the same from the document, "//")
_HIDING_ATTRS = etree.XPath("descendant-or-self::*/@style|descendant-or-self::*/@hidden"
                            "|descendant-or-self::*/@aria-hidden")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
# A hidden element with more text than this is checked against the page's text first.
_BIG_HIDDEN_CHARS = 1000


def is_hidden(el: etree._Element) -> bool:
    attrib = el.attrib
    if "hidden" in attrib:
        return True
    if attrib.get("aria-hidden", "").strip().lower() == "true":
        return True
    style = attrib.get("style")
    return bool(style) and _HIDDEN_STYLE.search(style) is not None


# Inline tags without meaning for extraction: unwrapped (their text and tails merge into
# the parent, in C), so the segmentation walk visits fewer elements. ``a`` and ``br`` are
# kept: they mark link text and line breaks.
UNWRAP_TAGS: tuple[str, ...] = (
    "span", "b", "i", "strong", "em", "font", "small", "u", "abbr", "time", "sup", "sub",
    "cite", "img", "picture", "source", "mark", "s", "strike", "del", "ins", "q", "bdi",
    "wbr", "var", "kbd", "samp", "tt", "big", "nobr", "data", "meta", "link",
)


def clean_tree(root: etree._Element) -> list[tuple[str, str]]:
    """Remove non-text elements and hidden elements in place; return (tag, reason) removed.

    A hidden element holding more than half of the page's text is kept: some pages hide
    the article until a script reveals it.
    """
    removed: list[tuple[str, str]] = []
    _unwrap_swallowing(root, removed)
    etree.strip_elements(root, *DROP_TAGS, with_tail=False)
    total = -1  # the page's text length after stripping, measured only when needed
    for value in _HIDING_ATTRS(root):
        name = value.attrname
        if name == "style":
            if _HIDDEN_STYLE.search(value) is None:
                continue
        elif name == "aria-hidden" and value.strip().lower() != "true":
            continue
        el = value.getparent()
        if el is None or el.getparent() is None:
            continue
        size = len(el.text_content()) if len(el) else len(el.text or "")
        if size > _BIG_HIDDEN_CHARS:
            if total < 0:
                total = len(root.text_content())
            if size * 2 > total:
                continue
        removed.append((el.tag if isinstance(el.tag, str) else "?", "hidden"))
        _drop_keep_tail(el)
    etree.strip_tags(root, *UNWRAP_TAGS)
    if _COUNT_TEXTS(root) > _MANY_TEXT_NODES:
        merge_text_runs(root)
    return removed


# Unwrapping leaves the texts of the removed tags as separate, adjacent text nodes, and
# lxml reads a run of them (``el.text``, ``el.tail``) in time quadratic in its length:
# 1,000,000 sibling <span>s took minutes in the segmentation walk. Pages with this many
# text nodes (counting them is one pass in C) have the elements holding a long run rebuilt
# by an XML round trip, whose parser joins adjacent text (linear; only such pages pay).
_MANY_TEXT_NODES = 20000
_LONG_RUN = 1000
_COUNT_TEXTS = etree.XPath("count(//text())")
_HAS_LONG_RUN = etree.XPath(f"//*[text()[{_LONG_RUN}]]")
_XML_PARSER = etree.XMLParser(huge_tree=True, recover=True, resolve_entities=False, no_network=True)


def merge_text_runs(root: etree._Element) -> None:
    """Join adjacent text nodes into one in the elements that hold long runs of them."""
    for el in _HAS_LONG_RUN(root):
        copy = etree.fromstring(etree.tostring(el, with_tail=False), _XML_PARSER)
        if copy is None:
            continue
        el.text = xml_safe(copy.text) if copy.text else None
        el[:] = list(copy)


# Tags dropped with their content that can swallow the page when a tag inside them is left
# open (``<noscript><div></noscript>``, a ``<nav>`` never closed): libxml2 then nests the
# rest of the page in them. One holding most of the page's text loses its tag, not its text.
_SWALLOWING_TAGS = ("noscript", "nav", "menu")


def _unwrap_swallowing(root: etree._Element, removed: list[tuple[str, str]]) -> None:
    """Remove the tag (keeping the content) of elements that swallowed the page."""
    total = -1
    swallowing = []
    page_lines = _line_span(root)
    for el in root.iter(*_SWALLOWING_TAGS):
        if len(el) == 0:
            continue
        if page_lines >= _MIN_SPAN_LINES and _line_span(el) * 2 < page_lines:
            continue  # spans too little of the source to hold most of the page (cheap test)
        size = len(el.text_content())
        if size > _BIG_HIDDEN_CHARS:
            if total < 0:
                total = len(root.text_content())
            if size * 2 > total:
                swallowing.append(el)
    for el in swallowing:
        removed.append((el.tag, "unwrapped: holds most of the page (an unclosed tag inside)"))
        _drop_tag(el)


_MIN_SPAN_LINES = 50  # below this, source lines say too little: the text is measured


def _line_span(el: etree._Element) -> int:
    """Source lines from ``el`` to its last descendant (O(depth))."""
    last = el
    while len(last):
        last = last[-1]
    return (last.sourceline or 0) - (el.sourceline or 0)


def _drop_tag(el: etree._Element) -> None:
    """``el.drop_tag()`` with XML-safe text: lxml's own concatenates the texts around the
    tag and refuses control characters the parser let into them."""
    parent, prev = el.getparent(), el.getprevious()
    for node in (el, prev, el[-1] if len(el) else None):
        if node is not None and node.tail:
            node.tail = xml_safe(node.tail)
    for node in (el, parent):
        if node is not None and node.text:
            node.text = xml_safe(node.text)
    el.drop_tag()


def _drop_keep_tail(el: etree._Element) -> None:
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = xml_safe((prev.tail or "") + tail)
        else:
            parent.text = xml_safe((parent.text or "") + tail)
    parent.remove(el)


# Whole short lines that are page furniture in any article (English, Chinese, some
# European languages). Matched against a paragraph of at most ~8 words.
_FURNITURE_LINE = re.compile(
    r"^\W*(?:"
    r"advertisement|advertising|anzeige|publicité|publicidad|pubblicità|реклама|sponsored|"
    r"share(?: this)?(?: article| story| post)?|share on \w+|tweet|email|print|"
    r"(?:read|see) (?:more|also|next)|related(?: articles?| stories| posts| content)?|"
    r"click here.*|continue reading.*|sign up.*|subscribe.*|log ?in|"
    r"comments?|\d+ comments?|leave a (?:comment|reply)|"
    r"follow us.*|back to top|skip to .*|loading\.*|show (?:more|less)|"
    # the same buttons and labels in other languages ("Rezept drucken", "Bild anzeigen",
    # "Externer Inhalt", "Wird geladen", "Imprimer", "Compartir")
    r"(?:artikel |rezept |seite )?(?:drucken|teilen|merken)|(?:bild|bilder|alle bilder|mehr|weniger) anzeigen|"
    r"(?:quellen|kommentare|inhalt) (?:ein|aus)blenden|wird geladen\.*|externer inhalt|nach oben|"
    r"zurück(?: zur (?:übersicht|startseite))?|imprimer|partager|imprimir|compartir|stampa|condividi|"
    r"广告|分享到?.*|相关(?:新闻|阅读|文章|推荐)|推荐阅读|延伸阅读|责任编辑.*|编辑[:：].*|"
    r"返回(?:首页|顶部)|点击(?:进入|查看).*|扫码.*|打开app.*|(?:来源|作者)[:：].{0,30}"
    r")\W*$",
    re.IGNORECASE,
)


# Headings that open a list of *other* content after the article ("You may also like",
# "Related stories", "Lesen Sie auch", "相关阅读"): the article ends before them.
_RELATED_HEADING = re.compile(
    r"^\W*(?:you (?:may|might) (?:also )?(?:like|enjoy)|related(?: articles?| stories| posts| news| content| reading)?|"
    r"more (?:stories|articles|news|from|on|in)\b.*|recommended(?: for you| stories| articles)?|"
    r"read (?:more|next|also)|see also|also read|trending(?: now)?|most (?:read|popular|viewed)|"
    r"popular (?:stories|posts|articles)|what to read next|latest (?:news|stories|articles)|"
    r"lesen sie (?:auch|mehr).*|mehr zum thema.*|das (?:könnte|thema könnte) (?:sie|dich) (?:auch )?interessieren|"
    r"weitere artikel|weiterlesen|auch interessant|mehr dazu|dazu passend|want more\??|"
    # German section openers of other articles, sources and author boxes after the text
    r"weitere (?:themen|beiträge|artikel|meldungen|nachrichten)\b.*|"
    r"mehr (?:zu|zum|zur|aus|von|kolumnen|artikel|beiträge|themen|news|nachrichten)\b.*|"
    r"zusatzinformationen|quellenangaben?|quellen|über (?:den autor|die autorin)|"
    r"vorschau auf den nächsten artikel|zum weiterlesen|schon gelesen\??|"
    r"about the author|explore further|más sobre .*|contexto de la noticia|"
    r"recent (?:posts|articles|stories|entries|comments)|neueste (?:artikel|beiträge)|letzte beiträge|"
    r"artículos relacionados|articles similaires|derniers articles|"
    r"zobacz (?:też|także)|czytaj (?:też|także)|"
    r"você (?:pode|também pode) gostar.*|leia (?:também|mais)|veja também|"
    r"te puede interesar|también te puede interesar|lee también|noticias relacionadas|"
    r"à lire aussi|lire aussi|sur le même sujet|vous aimerez aussi|"
    r"leggi anche|potrebbe interessarti|"
    r"читайте также|похожие (?:статьи|новости)|"
    r"相关(?:新闻|阅读|文章|推荐|报道)|推荐阅读|延伸阅读|热门推荐|猜你喜欢|更多(?:新闻|精彩)"
    r")\W*$",
    re.IGNORECASE,
)


def is_related_heading(text: str) -> bool:
    """A short heading that introduces links to other articles."""
    return len(text) <= 60 and _RELATED_HEADING.match(text) is not None


# Headings that open the readers' comments after an article ("3 Comments", "Leave a Reply",
# "12 responses to ...", "Kommentare", "评论"): the article ends before them.
_COMMENTS_HEADING = re.compile(
    r"^\W*(?:"
    # "Comments", "3 Comments", "Reader comments (12)" ("Comment" alone can be a section
    # of the article: the singular needs a number)
    r"(?:(?:\d+|no|one)\s+(?:(?:reader|user)s?'?\s+)?comments?|(?:(?:reader|user)s?'?\s+)?comments)"
    r"(?:\s*\(\d+\))?(?:\s+(?:to|on|for)\b.*)?|"
    # "12 thoughts on ...", "One response to ...", "Responses" (a number is needed for
    # "thoughts"/"reactions": alone they are ordinary headings)
    r"(?:\d+|no|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:responses?|replies|thoughts|reactions?)"
    r"(?:\s+(?:to|on)\b.*)?|responses|replies|"
    r"(?:leave|post|add|write|submit) (?:a|your|new) (?:comment|reply|response)|join the (?:discussion|conversation)|"
    r"(?:\d+\s+)?(?:kommentare|commentaires|comentarios|commenti|komentarze|комментарии)(?:\s*\(\d+\))?|"
    r"(?:\d+\s*)?(?:条)?(?:网友)?评论(?:\s*\(\d+\))?|发表评论"
    r")\W*$",
    re.IGNORECASE,
)


def is_comments_heading(text: str) -> bool:
    """A short heading that opens the readers' comments."""
    return len(text) <= 80 and _COMMENTS_HEADING.match(text) is not None


# Closing greetings that sign a post ("Euer Hans", "x Franzi", "Cheers, Anna", "Liebe Grüße"):
# short lines without a full stop that still belong to the text (not trailing furniture).
_SIGNOFF_LINE = re.compile(
    r"^(?i:x+o*x*|xo+|xoxo|cheers|love|regards|best wishes|(?:kind|best|warm) regards|euer|eure|"
    r"(?:liebe|viele|herzliche|beste|sonnige) grüße|lg|bises|bisous|amitiés|cordialement|saludos|un abrazo|"
    r"besos|beijos|abraços|saluti|un saluto|pozdrawiam|groetjes)"
    # then a name: up to three capitalised words ("Die Redaktion", "Anna & Tom")
    r"(?:[,!]?\s+(?:[A-ZÄÖÜÉ][\w.'-]*|&)(?:\s+(?:[A-ZÄÖÜÉ][\w.'-]*|&)){0,2})?[\s!.]*$"
)


def is_signoff_line(text: str) -> bool:
    """A closing greeting that signs a post: "Euer Hans", "x Franzi", "Liebe Grüße, Anna"."""
    return len(text) <= 60 and _SIGNOFF_LINE.match(text) is not None


# Words of a date/time line ("Updated 10:01 pm PST, Tuesday, November 19, 2019").
_DATE_WORDS = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?|"
    r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(?:am|pm|a\.m\.|p\.m\.|at|on|the|of|"
    r"updated|posted|published|last|modified|date|gmt|utc|[ecmp][sd]t|bst|cet|cest|et|pt)\b|"
    # German, French, Spanish month and weekday names and time words ("15. Mai 2019, 05:28 Uhr")
    r"\b(?:mai|märz|maerz|okt|dez|janvier|février|fevrier|mars|avril|juin|juillet|août|aout|"
    r"septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
    r"septiembre|octubre|noviembre|diciembre|montag|dienstag|mittwoch|donnerstag|freitag|samstag|"
    r"sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|"
    r"viernes|sábado|domingo)[a-zäéû]*\.?|\b(?:uhr|um|vom|stand|le|de|del|à|h)\b|"
    r"\d+(?:st|nd|rd|th)?|[年月日时分秒号]|[\s,.:/|()\-–—]+",
    re.IGNORECASE,
)
# With a date, these words make a short line a byline/dateline ("2019-08-27 来源：新华社",
# "By Jane Doe, June 3, 2019", "Publié le 3 mai 2019 par ...").
_BYLINE_WORDS = re.compile(
    r"来源|作者|编辑|记者|发布时间|发布于|时间[:：]|\b(?:by|von|par|por|di|door|av|from|posted|published|"
    r"updated|veröffentlicht|aktualisiert|publié|publicado|pubblicato)\b",
    re.IGNORECASE,
)
_HAS_DATE = re.compile(
    r"\d{4}[-/.年]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"[a-z]*\.? \d{1,2}\b|\b\d{1,2}\.? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|"
    r"märz|mai|juni|juli|oktober|dezember)[a-z]*",
    re.IGNORECASE,
)
_EMAIL_LINE = re.compile(r"^\W*[\w.+-]+@[\w-]+(?:\.[\w-]+)+\W*$")


def is_date_line(text: str) -> bool:
    """A short line that is only a date and/or time, e.g. "June 25, 2009", "2/15/09 at 1:01 PM"."""
    if len(text) > 70 or not any(ch.isdigit() for ch in text):
        return False
    return not _DATE_WORDS.sub("", text).strip()


# Image credits and sources standing alone ("Getty Images", "Foto: dpa", "AFP / J. Doe").
_CREDIT_LINE = re.compile(
    r"getty ?images|istock|shutterstock|imago|picture[- ]alliance|\bdpa\b|\bafp\b|\bap photo\b|©|\(c\)|"
    r"^\W*(?:foto|fotos|photo|photos|bild|bilder|image|images|credit|credits|quelle|source|crédit|"
    r"fuente|fonte|źródło)\s*[:：]",
    re.IGNORECASE,
)


# Figure captions opened by a figure word and a colon ("Abbildung 4: ...", "Beitragsbild:
# ...", "Fig. 2: ..."): annotators leave captions out even when they end with a period.
_CAPTION_LINE = re.compile(
    r"^\W*(?:abbildung|abb\.|beitragsbild|titelbild|bildquelle|bild|foto|fotos|photo|image|fig\.|figure|"
    r"grafik|grafiken|ilustración|illustration|图片?|图\s*\d+)\s*\d*\s*[:：]",
    re.IGNORECASE,
)
CAPTION_MAX_CHARS = 200


def is_credit_line(text: str) -> bool:
    """A short image credit or source line, or a figure caption ("Abbildung 2: ...")."""
    if len(text) <= CAPTION_MAX_CHARS and _CAPTION_LINE.match(text) is not None:
        return True
    return len(text) <= 80 and text[-1:] not in ".!?。！？" and _CREDIT_LINE.search(text) is not None


def is_furniture_line(text: str, *, dates: bool = True) -> bool:
    """A short line such as "Advertisement", "Share this", "相关阅读", "责任编辑：张三", an
    e-mail address alone, or (with ``dates``) a date or time alone."""
    if len(text) > 70:
        return False
    return (_FURNITURE_LINE.match(text) is not None or _EMAIL_LINE.match(text) is not None
            or is_credit_line(text) or (dates and (is_date_line(text) or is_dateline(text))))


# Parts of a blog post's footer or header line ("Posted by Ann at 12:43 PM | Comments (6) |
# Category: Travel", "Wednesday December 20, 2006 | permalink | comments (0)"): each part
# alone is a label of the post, not text of it. Searched on lower-cased parts.
_POST_LINE_PART = re.compile(
    r"(?:posted|written|filed|published|submitted) (?:by|in|on|at|under)\b.*|by \S+(?: \S+)?|"
    r"permalink|permanent link|link to this (?:post|entry)|trackbacks?(?: \(\d+\))?|pingbacks?|"
    r"(?:(?:view|add|post|read)(?:/| or | & )?)*(?:view|add|post|read)?\s*comments?(?: \(\d+\))?|"
    r"(?:\d+|no|one) (?:comments?|responses?|replies)|(?:leave|add|post) a (?:comment|reply)|"
    r"(?:categories|category|tags?|labels?|filed under|topics?)\s*:.*|"
    r"e-?mail (?:this|it)|email|share(?: this)?|print(?: this)?|edit|reply|top|back to top"
)
# Separators between the parts of such a line.
_POST_LINE_SPLIT = re.compile(r"\s+[|•·]\s+|\s*\|\s*")
_POST_LINE_SEPARATOR = re.compile(r"[|•·]")  # a cheap test before splitting
POST_LINE_MAX_CHARS = 120


def is_post_line(text: str) -> bool:
    """A blog post's footer (or header) line of at least two parts, each a date, a byline,
    "permalink", a comments count, a category or tags list, a button label; at least one
    of them names the post's furniture (a date with a label alone is a dateline)."""
    if len(text) > POST_LINE_MAX_CHARS or text[-1:] in ".!?。！？" or not _POST_LINE_SEPARATOR.search(text):
        return False
    parts = [p.strip() for p in _POST_LINE_SPLIT.split(text.casefold()) if p.strip()]
    if len(parts) < 2:
        return False
    labels = [p for p in parts if _POST_LINE_PART.fullmatch(p) is not None]
    return bool(labels) and all(p in labels or is_date_line(p) for p in parts)


def is_dateline(text: str) -> bool:
    """A short line with a date and a byline word: "2019-08-27 来源：新华社"."""
    if len(text) > 70 or text[-1:] in ".!?。！？":
        return False
    date = _HAS_DATE.search(text)
    byline = _BYLINE_WORDS.search(text)
    return bool(date and byline and min(date.start(), byline.start()) <= 2)


# Advertising and affiliate disclosures ("This post contains affiliate links", "Anzeige,
# enthält Werbung"): notices that open or close an article.
_DISCLOSURE = (r"\baffiliate[- ]?links?\b|\bprovision vom händler\b|\bfrom one or more of our advertisers\b|"
               r"\benthält werbung\b|\bwerbung für\b")
# The calls-to-action patterns are all lower case and are searched in lower-cased text:
# about five times faster than re.IGNORECASE over their many alternatives.
_DISCLOSURE_RE = re.compile(_DISCLOSURE)

# Calls to action and site furniture that close an article: newsletter and subscription
# pitches, "follow us", app downloads, donation appeals, author boxes, licence
# notes, blog post footers, advertising disclosures. Searched inside a paragraph, so only
# used on the last few paragraphs of an extracted article (see ``auto.trim_edges``),
# never in its middle.
_PROMO = re.compile(
    r"|".join((
        # subscriptions and newsletters (en, de, es, pt, fr, pl)
        r"\bsubscribe\b|\bnewsletter|\bsign(?:ing)? up\b|\babonnier|\babonnez\b",
        r"\bsuscr[ií]b|\bassine\b|\binscreva|\bsubskrypcj|\bjetzt (?:kostenlos )?(?:registrieren|anmelden)\b",
        r"\bnicht eingeloggt\b|\bnot logged in\b|\bpour lire la suite\b|\bto view the full story\b",
        # social networks and apps: "Follow us on Twitter", "Síguenos", "download our app"
        r"\bfollow (?:us\b|(?:\S+ ){1,3}on (?:twitter|facebook|instagram|linkedin|tiktok|youtube))",
        r"\bfolg(?:en sie|e) uns\b|\bsíguenos\b|\bsuivez-nous\b|\bsiga-nos\b|\búnete\b",
        r"\bcanal de (?:youtube|telegram|whatsapp)\b|\bdownload (?:the|our) (?:\S+ )?apps?\b",
        r"\bwith the \S+(?: \S+)? app\b",
        # appeals for support and feedback
        r"\bconsider supporting\b|\bsupport (?:our|us)\b|\bunterstütze?n? (?:uns|unsere)\b|\bapóyanos\b",
        r"\bhazte (?:miembro|socio)\b|\bletter to the editor\b|\bgefällt (?:dir|ihnen) unser",
        # author boxes and licence notes (copyright lines are kept: some annotators keep them)
        r"\babout the author\b|\büber (?:den autor|die autorin)\b",
        r"\b(?:der|dieser) (?:beitrag|eintrag|text|artikel) wurde\b.{0,60}\bveröffentlicht\b",
        r"\bcreative commons\b|\bcc[- ]by\b|\bsuggested citation\b|\bzitiervorschlag\b",
        r"\b(?:artikel|beitrag|seite) teilen\b|\bkeine kommentare\b|\babgelegt unter\b",
        # blog engine footers and like/rating widgets
        r"\bthis (?:entry|post) was posted\b|\bbookmark the permalink\b|\bverschlagwortet\b",
        r"\bloading\.\.\.|\bwird geladen\b",
        _DISCLOSURE,
    )),
)
# Chinese: disclaimers, source and editor credits, "scan the QR code / follow our WeChat
# account" prompts that close an article. A separate pattern, searched only in text with
# non-ASCII characters: inside the one above, these literals made every search ~20x slower.
_PROMO_CJK = re.compile(r"免责声明|特别声明|^声明[:：]|本文来源|责任编辑|扫描下方二维码|扫码关注|关注.{0,12}(?:微信|公众号)")
# Longer paragraphs are article text even when they mention a newsletter.
PROMO_MAX_CHARS = 400


def is_promo_line(text: str) -> bool:
    """A short paragraph that is a call to action or site furniture closing an article."""
    if len(text) > PROMO_MAX_CHARS:
        return False
    return _PROMO.search(text.lower()) is not None or (not text.isascii() and _PROMO_CJK.search(text) is not None)


def is_disclosure_line(text: str) -> bool:
    """A short advertising or affiliate notice ("Anzeige, enthält Affiliate Links")."""
    return len(text) <= PROMO_MAX_CHARS and _DISCLOSURE_RE.search(text.lower()) is not None
