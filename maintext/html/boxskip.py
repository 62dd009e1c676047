"""Which boilerplate boxes the segmentation walk skips unread.

With ``skip``, :func:`maintext.html.segment.segment` does not walk the subtree of a box
whose boilerplate reason is listed (a large saving on news pages), unless the box may be
content after all: it holds much of the page's text, or it is a "related" box of running
text, or its name is one the running-text ``evidence`` rule weighs (then it is read, and
:meth:`maintext.html.segmentation.Segmentation.finish` decides).
"""

from __future__ import annotations

from collections.abc import Callable

import lxml.etree as etree

from .boxsize import DEEP, BoxSizes
from .evidence import RunningEvidence
from .segmentation import LINK_BOX_MAX_DENSITY, LINK_BOX_REASONS, Container, Segmentation

# Boilerplate boxes whose content is never the article: with ``skip`` their subtree is
# not walked at all (a large saving on news pages), unless the box holds more than
# SKIP_MAX_SHARE of the page's text (then it may be a wrapper with an unlucky name).
SKIP_REASONS = frozenset({"comments", "related links", "advertising", "navigation", "cookie notice",
                          "sign-up box", "page footer", "side column", "promotion"})
SKIP_MAX_SHARE = 0.3
LINK_BOX_MIN_CHARS = 300  # smaller "related" boxes are skipped without looking
WEIGH = -2  # skip_box: read the box, to weigh its running text against its name


# skip_box's numbers and tables, as the native walk reads them (its twin of skip_box, for
# boxes BoxSizes measures alone: boxsize.DEEP)
SKIP_RULE = (SKIP_MAX_SHARE, LINK_BOX_REASONS, LINK_BOX_MIN_CHARS, LINK_BOX_MAX_DENSITY, WEIGH, DEEP)


def skip_box(sizes: BoxSizes, el: etree._Element, c: Container,
             evidence: RunningEvidence | None = None) -> int:
    """The size of a boilerplate box to skip unread, or -1 to read it (it holds much of
    the page's text, or it is a "related" box of running text: some text, few links; or
    a box whose name the ``evidence`` rule weighs, of some size with few links: whether
    its running text outweighs its name is decided once it is read)."""
    size, links = sizes.size(el)
    if size > SKIP_MAX_SHARE * sizes.total():
        return -1
    if c.boiler in LINK_BOX_REASONS and size >= LINK_BOX_MIN_CHARS:
        links = links if links >= 0 else sizes.links(el)
        if links <= LINK_BOX_MAX_DENSITY * size:
            return -1
    if evidence is not None and c.boiler in evidence.reasons and size >= evidence.min_chars:
        if (links if links >= 0 else sizes.links(el)) <= evidence.link_density_max * size:
            return WEIGH
    return size


def weighing_skip_box(seg: Segmentation, evidence: RunningEvidence) -> Callable[..., int]:
    """:func:`skip_box` with the ``evidence`` rule, noting in ``seg.weighed`` the boxes read
    only to weigh their running text."""
    def skip_weighing(sizes: BoxSizes, el: etree._Element, c: Container) -> int:
        size = skip_box(sizes, el, c, evidence)
        if size == WEIGH:
            seg.weighed.add(c.id)
        return size
    return skip_weighing
