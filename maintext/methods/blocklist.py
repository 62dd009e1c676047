"""Block-List and block distribution (Qiu, Tang, Li, Zhu 2009; seed 002).

The page is read ONCE as a stream of tag events with an auxiliary stack: the one
segmentation walk (:mod:`maintext.html.segment`) over the cleaned tree, whose containers
are the Block-List (:mod:`maintext.html.blocklist`):

* an opening *block tag* (``div``, ``table``, ``td``, ``p``, ``li``, ``h1`` ...) starts a new
  block, pushed on the stack; its closing tag pops it;
* text goes to the block on top of the stack;
* *inline tags* (``font``, ``span``, ``b`` ...) are ignored: their text stays in the block;
* *jump tags* (``script``, ``style`` ...) are skipped with everything inside them (the
  cleaner drops them, :data:`maintext.html.clean.DROP_TAGS`);
* special tags: ``a`` marks its text as link text of the current block; ``br`` is a line
  break inside the block; ``hr`` is a block of its own; ``form`` is a block whose
  descendants are flagged ``in_form``.

So ``<DIV>hello<TABLE><TR><TD>123</TD></TR></TABLE>world</DIV>`` gives block DIV = "hello
world" and the table's block "123" (the paper writes the 123 right inside TABLE; an HTML5
parser, like a browser, moves such text before the table). The walk is the tree walk of the
one segmentation (the tree is built in C: :mod:`maintext.html.html5`; a parser-target stream
calls back into Python per event and measured no faster).

The *block distribution* ``D = (n1 .. nk)`` counts blocks per text-length class (the
paper's classes were lost; ours are ``BlockListOptions.length_bins``). Its features feed
the page-type classifier (:mod:`maintext.pagetype.classifier`): news pages show a few long blocks on
top of the short ones, hub pages nearly only short, link-heavy blocks.

Extraction rule (the paper's own rule was lost in extraction; this is ours):

1. *core blocks* are long blocks (``long_block_words``) with little link text
   (``max_link_density``);
2. the *main container*: each core block votes its weight for its parent block and half of
   it for its grandparent (the Block-List keeps each block's parent and subtree range, so
   this needs no tree); the best-voted block wins. Containers scoring ``rival_share`` of
   the best (several posts of a blog front or forum thread) are merged into their common
   ancestor;
3. inside the container's subtree, core blocks close to each other in document order
   (at most ``max_gap_blocks`` non-content text blocks between them) form regions; the
   region with the most core text wins;
4. the main text is every low-link text block of that region in document order (short
   ones too: subheadings, captions), plus an ``h1``/``h2`` headline just before it.

The page-type classifier runs first, as in the paper: on a page it judges not to hold news
content the method returns empty text with a ``reason`` (``use_classifier=False`` extracts
anyway). Like the paper's classifier it reads the page alone, not the URL the caller knows
(``classify_url=True`` passes it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..html.blocklist import distribution, document_blocks, select_blocks
from ..html.structure import typed_blocks
from ..pagetype.classifier import classify_blocks
from ..result import Page

if TYPE_CHECKING:
    from ..html.document import Document
    from ..options import Options


def extract(doc: "Document", options: "Options") -> Page:
    opts = options.blocklist
    page = Page(method="blocklist")
    # the view auto has (small boilerplate boxes not walked), on which the page-type model
    # is trained; every box walked when comment boxes are wanted in the text
    blist = document_blocks(doc, skip_boxes=opts.skip_comment_boxes)
    is_page, confidence = classify_blocks(blist, doc.url if opts.classify_url else None)
    page.is_content_page = is_page
    page.content_confidence = confidence
    dist = distribution(blist.text_blocks(), opts.length_bins)
    page.extra["distribution"] = dist
    page.extra["blocks"] = len(blist.blocks)
    if opts.use_classifier and not is_page:
        page.reason = f"not a content page (confidence {confidence:.2f})"
        return page
    chosen = select_blocks(blist.blocks, opts)
    paragraphs = [line for b in chosen for line in b.text.split("\n")]
    page.set_paragraphs(paragraphs)
    page.blocks = typed_blocks(blist.runs(chosen), blist.seg, doc.url) if blist.seg else []
    if options.explain:
        keep = {b.index for b in chosen}
        page.explain = [
            {"block": b.index, "tag": b.tag, "depth": b.depth, "chars": b.chars,
             "link_density": round(b.link_density, 3), "keep": b.index in keep,
             "text": b.text[:80]}
            for b in blist.blocks if b.chars
        ]
    if not page.text:
        page.reason = "no long low-link block found"
    return page
