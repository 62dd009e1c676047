"""The one table of HTML tags every segmenter reads.

Takes nothing, gives frozensets: which tags cut text into blocks, which are inline, which
are skipped with their content, and which carry structure (headings, lists, tables, code,
quotes, figures). The tree walk (:mod:`maintext.html.segment`), the voting/LQF blocks
(:mod:`maintext.html.blocks`), Block-List (:mod:`maintext.methods.blocklist`) and the
cleaner (:mod:`maintext.html.clean`) all import their tag sets from here, so they cut a
page at the same places.
"""

from __future__ import annotations

# Block-level tags: a new text block starts and ends at each of them (a browser lays them
# out as boxes of their own). ``br`` is not here: a line break splits a block into lines,
# not into blocks. ``font-block`` is what some CMS templates emit for block-level fonts.
BLOCK_TAGS: frozenset[str] = frozenset({
    "html", "body",  # the outermost boxes: text outside any other box lands here
    "div", "p", "section", "article", "main", "header", "footer", "aside", "nav", "menu",
    "dialog", "address", "center", "hgroup", "hr", "font-block",
    "table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption",
    "ul", "ol", "li", "dl", "dt", "dd", "dir",
    "h1", "h2", "h3", "h4", "h5", "h6",
    "blockquote", "pre", "figure", "figcaption",
    "form", "fieldset", "legend", "option", "details", "summary",
    "noframes", "frameset", "frame",
})

# Tags whose content is never visible running text (code, embedded documents, drawings,
# form widgets, media fallbacks): every segmenter skips them with everything inside.
SKIP_TAGS: frozenset[str] = frozenset({
    "script", "style", "noscript", "template",  # code and its fallback
    "head", "title",  # metadata (read separately, before segmenting)
    "iframe", "object", "embed", "applet",  # other documents and plugins
    "svg", "math", "canvas",  # drawings and formulas
    "select", "option", "datalist", "textarea", "button",  # form widgets' UI text
    "audio", "video", "map",  # media and their fallback text
})

# Tags that are themselves one paragraph of text (their parent is the container).
PARAGRAPH_TAGS: frozenset[str] = frozenset({
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "pre", "blockquote",
    "figcaption", "caption", "address", "th", "summary", "legend",
})

HEADING_TAGS: frozenset[str] = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
LIST_TAGS: frozenset[str] = frozenset({"ul", "ol", "dir", "menu"})  # a list of <li> items
LIST_ITEM_TAG = "li"
TABLE_TAG = "table"
ROW_TAG = "tr"
CELL_TAGS: frozenset[str] = frozenset({"td", "th"})
HEADER_ROWS_TAG = "thead"  # cells of its rows are header cells
CODE_BLOCK_TAG = "pre"  # preformatted: whitespace and line breaks are the content
QUOTE_TAG = "blockquote"
FIGURE_TAG = "figure"
CAPTION_TAGS: frozenset[str] = frozenset({"figcaption", "caption"})  # of a figure / a table

# Block tags that give the blocks inside a structural context (list item, table cell,
# code, quote: maintext.html.context.Structure). Headings and captions need none:
# their kind is their own tag.
STRUCTURE_TAGS: frozenset[str] = (LIST_TAGS | CELL_TAGS
                                  | {LIST_ITEM_TAG, TABLE_TAG, ROW_TAG, HEADER_ROWS_TAG,
                                     CODE_BLOCK_TAG, QUOTE_TAG})

# Inline tags that become spans of a block's text (kind by tag); all other inline tags
# (span, font, small...) are transparent: their text stays in the block, no span.
SPAN_TAGS: dict[str, str] = {
    "a": "link",
    "strong": "strong", "b": "strong",
    "em": "em", "i": "em",
    "code": "code",
}
LINK_TAG = "a"  # its text counts as link text of the block
LINE_BREAK_TAG = "br"  # a line break inside a block
IMAGE_TAG = "img"  # an image: src and alt

# Characters that end a sentence (closing quotes and ellipsis included): a block whose
# text ends with one reads as prose rather than as a label or a link.
SENTENCE_END: frozenset[str] = frozenset(".!?。！？…\"'”“»«’:;：；")
