"""The address a page declares for itself: HTML (or its collected ``<link>``/``<meta>``
values) in, an absolute http(s) URL or None out.

One finder for the whole package: the metadata pass (``canonical_url``, and ``Page.url``
when the caller gave none), site grouping (:mod:`maintext.site.group`) and batch runs
(:mod:`maintext.batch.run`) all call :func:`declared_url` / :func:`first_declared`.
The canonical link wins over ``og:url``; relative or non-http values do not count.
"""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import urljoin, urlsplit

# Only this much of the source is read by declared_url(): both tags sit in the head.
HEAD_CHARS = 200_000
_LINK_OR_META = re.compile(r"<(?:link|meta)\b[^>]*>", re.IGNORECASE)
_ATTR = re.compile(r"""([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)""")


def _attrs(tag: str) -> dict[str, str]:
    return {name.lower(): htmllib.unescape(value.strip("\"'")).strip()
            for name, value in _ATTR.findall(tag)}


def declared_url(html: str) -> str | None:
    """The absolute http(s) address ``html`` declares: its canonical link, else its
    ``og:url``; None when it declares none. Reads the tags of the page's head without
    parsing the page (used to group a folder of saved pages by site)."""
    canonical = og_url = None
    for m in _LINK_OR_META.finditer(html, 0, min(len(html), HEAD_CHARS)):
        attrs = _attrs(m.group(0))
        if canonical is None and "canonical" in attrs.get("rel", "").lower().split():
            canonical = attrs.get("href")
        elif og_url is None and attrs.get("property", attrs.get("name", "")).lower() == "og:url":
            og_url = attrs.get("content")
    return first_declared(canonical, og_url)


def first_declared(*values: str | None) -> str | None:
    """The first of ``values`` that is an absolute http(s) URL with a host."""
    for value in values:
        value = (value or "").strip()
        if is_absolute_http(value):
            return value
    return None


def is_absolute_http(url: str) -> bool:
    """``url`` is an http(s) URL with a host name and no white space. With plain string
    calls (the two regex searches they replace took ~0.9 us each of a ~2.4 us call; the same answers:
    tests/metadata/test_urls_host.py): the scheme read from the first 8 characters
    lower-cased (``url.lower()``'s start: no character lower-cases to one of "https://"
    but those), white space told by ``str.split`` (which splits at what re's ``\\s`` finds:
    ``[url]`` back when there is none), the netloc cut at the first "/", "?" or "#" after
    the "//" (what urlsplit takes for it, ``[^/?#]*``)."""
    if not url[:8].lower().startswith(("http://", "https://")) or url.split(None, 1) != [url]:
        return False
    netloc = url[url.find("//") + 2:].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    if netloc.isascii() and "[" not in netloc and "]" not in netloc:
        # urlsplit(url).hostname read directly (~10x cheaper): the netloc's part after its
        # last "@" and before the port's ":". (urlsplit checks a non-ASCII netloc and
        # rejects broken [IPv6] hosts: those go to it.)
        return bool(netloc.rpartition("@")[2].partition(":")[0])
    try:
        return bool(urlsplit(url).hostname)
    except ValueError:  # a malformed [host] or port
        return False


def absolute(href: str | None, base: str | None) -> str | None:
    """``href`` resolved against ``base`` (kept as written when there is no base);
    None for empty values and for other schemes (data:, javascript:)."""
    href = (href or "").strip()
    if not href or href.lower().startswith(("data:", "javascript:")):
        return None
    if is_absolute_http(href) or not base:
        return href
    try:
        return urljoin(base, href)
    except ValueError:
        return None
