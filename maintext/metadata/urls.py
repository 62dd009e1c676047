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


_SPACE = re.compile(r"\s")  # str.isspace() of one character, exactly (re's Unicode \s)
_NETLOC = re.compile(r"[^/?#]*")  # what urlsplit takes for the netloc after the "//"


def is_absolute_http(url: str) -> bool:
    """``url`` is an http(s) URL with a host name and no white space."""
    if not url.lower().startswith(("http://", "https://")) or _SPACE.search(url) is not None:
        return False
    netloc = _NETLOC.match(url, url.find("//") + 2).group()
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
