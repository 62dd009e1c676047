"""Forward links: a tree (or the anchors the collecting pass found) and the page's URL in;
absolute http(s) :class:`~maintext.result.Link` records with their anchor text out."""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from ..result import Link
from ..html import walk
from .collect import text_content
from .native import _native  # (read as native_metadata() gives it, inline: ``_native if walk.ENABLED else None``)

# hrefs that are no web link (fragments, scripts, other protocols)
SKIP_HREF = ("#", "javascript:", "mailto:", "tel:", "data:", "sms:", "whatsapp:", "fax:")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_ORIGIN = re.compile(r"(https?):(//[^/?#]*)", re.IGNORECASE)


def extract_links(root, base_url: str | None, *, anchors: list | None = None,
                  base_href: str | None = None, main_anchors: set[int] | None = None,
                  pairs: list | None = None, records: list | None = None) -> list[Link]:
    """Forward links: absolute http(s) URLs with their anchor text, in page order.

    Absolute and root-relative hrefs (the vast majority) are resolved without
    :func:`urllib.parse.urljoin`, which dominates the cost otherwise. ``main_anchors``:
    ids of the ``<a>`` elements inside the main text, which get ``in_main=True``.
    ``pairs``: a list that receives ``(element, link)`` for every link returned.
    ``records``: ``(href, rel, text or None)`` of each anchor when already read
    (:attr:`~maintext.metadata.collect.Collected.records`).
    """
    if anchors is None:
        anchors = list(root.iter("a"))
        base_el = root.find(".//base[@href]")
        base_href = base_el.get("href") if base_el is not None else None
    base = base_url
    if base_href and base_href.strip():
        try:
            base = urljoin(base_url or "", base_href.strip()) or base
        except ValueError:
            pass
    scheme, origin = _origin(base)
    if records is None:
        records = [(a.get("href"), None, None) for a in anchors]
    native = (_native if walk.ENABLED else None)
    if native is not None:  # the same loop in C (metadata/_native.pyx)
        return native.link_rows(anchors, records, base, scheme, origin, SKIP_HREF, _resolve,
                                _valid_bracketed_host, text_content, Link, main_anchors, pairs)
    links: list[Link] = []
    append = links.append
    resolved: dict[str, str | None] = {}  # href -> _resolve's answer (one base for the page)
    for a, (href, _, text) in zip(anchors, records):
        if not href:
            continue
        if href.startswith(("http://", "https://")):  # the common case, no resolving
            url = href.strip()
            if "[" in url and not _valid_bracketed_host(url):
                continue
        else:
            href = href.strip()
            if not href or href.startswith(SKIP_HREF):
                continue
            if href[0] == "/" and href[1:2] != "/" and base and origin and "/." not in href:
                url = origin + href  # root-relative, the common case (as _resolve does it)
            else:
                if href not in resolved:
                    resolved[href] = _resolve(href, base, scheme, origin)
                url = resolved[href]
                if url is None:
                    continue
        if text is None:
            text = text_content(a)
        link = Link(url, " ".join(text.split()) if text else "")
        if main_anchors is not None:
            link.in_main = id(a) in main_anchors
        append(link)
        if pairs is not None:
            pairs.append((a, link))
    return links


def _valid_bracketed_host(url: str) -> bool:
    """IPv6 hosts are the only place a "[" may stand in a URL's authority; check them."""
    try:
        urlsplit(url).port  # raises on a broken [host] or port
    except ValueError:
        return False
    return True


def _origin(base: str | None) -> tuple[str | None, str | None]:
    """``("https", "https://host")`` of ``base``, or Nones when it is not an http(s) URL."""
    if not base:
        return None, None
    start = base[:8]
    if start.isascii():  # (no regex where the scheme is ASCII: ~2,500 instructions a call)
        low = start.lower()
        if low == "https://" or low[:7] == "http://":
            scheme = low[:5] if low == "https://" else low[:4]
            rest = base[len(scheme) + 3:]
            return scheme, scheme + "://" + rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
        return None, None
    m = _ORIGIN.match(base)  # (its case-blind "s" also matches "ſ")
    if m is None:
        return None, None
    return m.group(1).lower(), m.group(1).lower() + ":" + m.group(2)


def _resolve(href: str, base: str | None, scheme: str | None, origin: str | None) -> str | None:
    """``href`` made absolute against ``base``; None for links to other protocols."""
    low = href[:8].lower()
    if low.startswith(("http://", "https://")):
        return href
    if _SCHEME.match(href):
        return None  # ftp:, skype:, ... not a web link
    if not base:
        return href  # relative, nothing to resolve against: kept as written
    if href.startswith("//"):
        return f"{scheme}:{href}" if scheme else None
    if href.startswith("/") and origin and "/." not in href:
        return origin + href
    try:
        return urljoin(base, href)
    except ValueError:
        return None
