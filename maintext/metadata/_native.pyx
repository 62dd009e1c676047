# cython: language_level=3
"""Loops of the metadata pass in C, twins of Python code in :mod:`maintext.metadata`.

The Python code stays as the fallback (no compiler, or ``MAINTEXT_NATIVE=0``) and as the
reference: ``tests/metadata/test_native.py`` checks each function against its twin on
random inputs.

``collect_nodes(root, max_headings)``: what :func:`maintext.metadata.collect.collect`'s
loop over ``root.iter(*_WANTED_TAGS)`` reads, in one walk of libxml2's nodes that builds an
element proxy only for the elements kept (anchors, headings, ``<time>``, ``<title>``), and
reads the attributes of the others (``<meta>``, ``<link>``, ``<base>``, ``<script>``) in C.
The anchors' ``(href, rel, text)`` records (``_nodes.anchor_records``) are read in the
same walk.
"""

from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode, xmlAttr
from lxml.includes.etreepublic cimport (_Document, _Element, attributeValue, elementFactory,
                                        import_lxml__etree, tailOf, textOf)
from maintext.html._xmlnode cimport _elementlike, _has_text, _next_under, _plain_text

from libc.stdint cimport uint8_t, uint16_t, uint32_t
from libc.string cimport memchr, strcmp, strlen

import_lxml__etree()


cdef xmlNode* _next_element(xmlNode* n, xmlNode* top) noexcept nogil:
    """The element after ``n`` in ``top``'s subtree in the order of ``top.iter(tag)``
    (depth first, descending into elements only), or NULL."""
    cdef xmlNode* c
    if n.type == tree.XML_ELEMENT_NODE:
        c = n.children
        while c is not NULL:
            if c.type == tree.XML_ELEMENT_NODE:
                return c
            c = c.next
    while n is not top:
        c = n.next
        while c is not NULL:
            if c.type == tree.XML_ELEMENT_NODE:
                return c
            c = c.next
        n = n.parent
        if n is NULL:
            return NULL
    return NULL


cdef xmlAttr* _attr_node(xmlNode* n, const char* name) noexcept:
    """The attribute ``el.get(name)`` reads: the first of that name without namespace."""
    cdef xmlAttr* a = n.properties
    while a is not NULL:
        if a.ns is NULL and strcmp(<const char*>a.name, name) == 0:
            return a
        a = a.next
    return NULL


cdef object _attr(xmlNode* n, const char* name):
    """``el.get(name)`` (no namespace), or None."""
    cdef xmlAttr* a = _attr_node(n, name)
    return attributeValue(n, a) if a is not NULL else None


# What collect() keeps of each wanted tag
cdef enum Kind:
    OTHER, ANCHOR, META, SCRIPT, HEADING, TIME, TITLE, BASE, LINK


cdef Kind _kind(const char* name) noexcept nogil:
    """Which of collect()'s tags ``name`` is (``_WANTED_TAGS``), else OTHER."""
    cdef char c = name[0]
    if c == 97:  # a
        return ANCHOR if name[1] == 0 else OTHER
    if c == 109:  # m
        return META if strcmp(name, "meta") == 0 else OTHER
    if c == 115:  # s
        return SCRIPT if strcmp(name, "script") == 0 else OTHER
    if c == 104:  # h
        return HEADING if name[1] >= 49 and name[1] <= 51 and name[2] == 0 else OTHER
    if c == 116:  # t
        if strcmp(name, "time") == 0:
            return TIME
        return TITLE if strcmp(name, "title") == 0 else OTHER
    if c == 98:  # b
        return BASE if strcmp(name, "base") == 0 else OTHER
    if c == 108:  # l
        return LINK if strcmp(name, "link") == 0 else OTHER
    return OTHER


cdef object _anchor_record(_Element a):
    """``(a.get("href"), a.get("rel"), text)`` as ``_nodes.anchor_records`` reads it."""
    cdef xmlNode* n = a._c_node
    if n.properties is NULL:
        href = rel = None
    else:
        href = _attr(n, "href")
        rel = _attr(n, "rel")
    text = _plain_text(n)
    if text is None:
        text = a.text_content()
    return (href, rel, text)


def collect_nodes(_Element root, Py_ssize_t max_headings):
    """``(anchors, records, metas, ld_texts, title, headings, times, base, links)`` of the
    elements of ``root.iter("a", "meta", "script", "title", "h1", "h2", "h3", "time",
    "base", "link")`` (``root`` included), in page order within each kind:

    - ``anchors``: the ``<a>`` elements; ``records``: their ``(href, rel, text)``;
    - ``metas``: ``(key, content)`` of each ``<meta>`` with a key (its first non-empty
      ``property``, ``name`` or ``itemprop``), ``content`` None when absent;
    - ``ld_texts``: the non-empty ``.text`` of the scripts whose ``type`` holds "ld+json";
    - ``title``: the first ``<title>`` or None; ``headings``: the first ``max_headings``
      h1/h2/h3; ``times``: the ``<time>`` elements;
    - ``base``: the first non-empty ``href`` of a ``<base>``, else None;
    - ``links``: ``(href, rel)`` of each ``<link>``."""
    cdef _Document doc = root._doc
    cdef xmlNode* top = root._c_node
    cdef xmlNode* n = top
    cdef Kind kind
    cdef list anchors = [], records = [], metas = [], ld_texts = [], headings = [], times = [], links = []
    cdef _Element el
    title = base = None
    if top.type != tree.XML_ELEMENT_NODE:
        return anchors, records, metas, ld_texts, title, headings, times, base, links
    while n is not NULL:
        kind = _kind(<const char*>n.name) if n.ns is NULL else OTHER
        if kind == ANCHOR:
            el = elementFactory(doc, n)
            anchors.append(el)
            records.append(_anchor_record(el))
        elif kind == META:
            key = _attr(n, "property") or _attr(n, "name") or _attr(n, "itemprop")
            if key:
                metas.append((key, _attr(n, "content")))
        elif kind == SCRIPT:
            kind_value = _attr(n, "type")
            if kind_value and "ld+json" in kind_value:
                text = textOf(n)
                if text:
                    ld_texts.append(text)
        elif kind == HEADING:
            if len(headings) < max_headings:
                headings.append(elementFactory(doc, n))
        elif kind == TIME:
            times.append(elementFactory(doc, n))
        elif kind == TITLE:
            if title is None:
                title = elementFactory(doc, n)
        elif kind == BASE:
            if not base:
                base = _attr(n, "href")
        elif kind == LINK:
            links.append((_attr(n, "href"), _attr(n, "rel")))
        n = _next_element(n, top)
    return anchors, records, metas, ld_texts, title, headings, times, base, links


# ---------------------------------------------------------------------------------------
# Inline-script dates: :func:`maintext.metadata.dates.script_dates`'s scan of the page source

cdef extern from "Python.h":
    int PyUnicode_KIND(object o)
    void* PyUnicode_DATA(object o)
    Py_ssize_t PyUnicode_GET_LENGTH(object o)
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch) nogil
    bint Py_UNICODE_ISALNUM(Py_UCS4 ch) nogil
    bint Py_UNICODE_ISDECIMAL(Py_UCS4 ch) nogil

ctypedef fused char_t:  # the three str layouts (PEP 393)
    uint8_t
    uint16_t
    uint32_t


cdef inline bint _script_letter(Py_UCS4 c, Py_ssize_t k) noexcept nogil:
    """``c`` matches letter ``k`` of "script" under ``re.IGNORECASE`` (long s, dotted and
    dotless i included: what Python's case-blind match accepts, checked in the tests)."""
    if k == 0:
        return c == 115 or c == 83 or c == 0x17f
    if k == 1:
        return c == 99 or c == 67
    if k == 2:
        return c == 114 or c == 82
    if k == 3:
        return c == 105 or c == 73 or c == 0x130 or c == 0x131
    if k == 4:
        return c == 112 or c == 80
    return c == 116 or c == 84


cdef inline bint _script_at(const char_t* s, Py_ssize_t i, Py_ssize_t end) noexcept nogil:
    """``s[i:i + 6]`` is "script" in any case, within ``end``."""
    cdef Py_ssize_t k
    if i + 6 > end:
        return False
    for k in range(6):
        if not _script_letter(s[i + k], k):
            return False
    return True


cdef Py_ssize_t _find_char(const char_t* s, Py_ssize_t i, Py_ssize_t end, Py_UCS4 ch) noexcept nogil:
    """``html.find(ch, i, end)`` for an ASCII ``ch``: memchr over the bytes (for 2- and 4-byte
    text, of ``ch``'s byte, each hit checked as a whole character), as ``str.find`` does."""
    cdef const char* base = <const char*>s
    cdef const char* p
    cdef const char* q
    cdef const char* e
    cdef Py_ssize_t at
    if i >= end:
        return -1
    if char_t is uint8_t:
        q = <const char*>memchr(base + i, <int>ch, end - i)
        return q - base if q != NULL else -1
    p = base + i * sizeof(char_t)
    e = base + end * sizeof(char_t)
    while p < e:
        q = <const char*>memchr(p, <int>ch, e - p)
        if q == NULL:
            return -1
        at = (q - base) // sizeof(char_t)
        if s[at] == ch:
            return at
        p = base + (at + 1) * sizeof(char_t)
    return -1


cdef Py_ssize_t _script_open(const char_t* s, Py_ssize_t i, Py_ssize_t end) noexcept nogil:
    """``re.compile(r"<script\\b", re.I).search(html, i, end).start()``, or -1."""
    cdef Py_UCS4 c
    while True:
        i = _find_char(s, i, end, 60)
        if i < 0:
            return -1
        if _script_at(s, i + 1, end):
            if i + 7 == end:
                return i
            c = s[i + 7]
            if not (Py_UNICODE_ISALNUM(c) or c == 95):
                return i
        i += 1


cdef Py_ssize_t _script_close(const char_t* s, Py_ssize_t i, Py_ssize_t end) noexcept nogil:
    """``re.compile(r"</script", re.I).search(html, i, end).start()``, or -1."""
    while True:
        i = _find_char(s, i, end, 60)
        if i < 0:
            return -1
        if i + 1 < end and s[i + 1] == 47 and _script_at(s, i + 2, end):
            return i
        i += 1


cdef inline bint _name_char(Py_UCS4 c) noexcept nogil:
    return Py_UNICODE_ISALNUM(c) or c == 95 or c == 45  # str.isalnum(), "_", "-"


cdef Py_ssize_t _name_start(const char_t* s, Py_ssize_t lo, Py_ssize_t end, Py_ssize_t max_name,
                            Py_ssize_t* stop_out) noexcept nogil:
    """The steps of ``dates._assigned_name(script, end)`` before its first-letter test, with
    ``script`` starting at ``lo``: the name's start (its end in ``stop_out``), or -1 when
    there is none (wrong length, or part of a dotted or ``$`` path)."""
    cdef Py_ssize_t pos = end, stop, low
    cdef Py_UCS4 c
    while pos > lo and (s[pos - 1] == 32 or s[pos - 1] == 9 or s[pos - 1] == 13 or s[pos - 1] == 10):
        pos -= 1
    if pos > lo and (s[pos - 1] == 34 or s[pos - 1] == 39):
        pos -= 1
    stop = pos
    low = stop - max_name - 1
    if low < lo:
        low = lo
    while pos > low and _name_char(s[pos - 1]):
        pos -= 1
    if not (2 <= stop - pos <= max_name):
        return -1
    if pos > lo:
        c = s[pos - 1]
        if _name_char(c) or c == 46 or c == 36:  # "." "$"
            return -1
    stop_out[0] = stop
    return pos


cdef object _name_kind(str html, const char_t* s, Py_ssize_t pos, Py_ssize_t stop, dict kinds):
    """``kinds.get(name.lower().replace("_", "").replace("-", ""))`` for the name
    ``html[pos:stop]`` when it starts with a letter (``"a" <= name[0].lower() <= "z"``),
    else None. An ASCII name is folded here, another by Python."""
    cdef char buf[64]
    cdef Py_ssize_t i, k = 0
    cdef Py_UCS4 c = s[pos]
    for i in range(pos, stop):
        if s[i] >= 128 or stop - pos >= 64:
            name = html[pos:stop]
            if not ("a" <= name[0].lower() <= "z"):
                return None
            return kinds.get(name.lower().replace("_", "").replace("-", ""))
    if not ((65 <= c <= 90) or (97 <= c <= 122)):
        return None
    cdef int code
    for i in range(pos, stop):
        code = <int>s[i]
        if code == 95 or code == 45:
            continue
        buf[k] = <char>(code + 32 if 65 <= code <= 90 else code)
        k += 1
    return kinds.get(buf[:k].decode("ascii"))


cdef Py_ssize_t _value_end(const char_t* s, Py_ssize_t k, Py_ssize_t end, Py_ssize_t* g_start,
                           Py_ssize_t* g_end, bint* quoted) noexcept nogil:
    """Where ``dates._SCRIPT_VALUE`` (``[:=]\\s*(?:["']([^"'\\n]{6,40})["']|(\\d{10}(?:\\d{3})?)(?!\\d))``)
    matching at ``k`` (a ``:`` or ``=``) ends within ``end``, or -1; its group in ``g_start``,
    ``g_end`` and which one it is in ``quoted``."""
    cdef Py_ssize_t r
    cdef Py_UCS4 c
    k += 1
    while k < end and Py_UNICODE_ISSPACE(s[k]):
        k += 1
    if k >= end:
        return -1
    c = s[k]
    if c == 34 or c == 39:
        r = k + 1
        while r < end and s[r] != 34 and s[r] != 39 and s[r] != 10:
            r += 1
        if r >= end or s[r] == 10 or not (6 <= r - k - 1 <= 40):
            return -1
        g_start[0], g_end[0], quoted[0] = k + 1, r, True
        return r + 1
    r = k
    while r < end and Py_UNICODE_ISDECIMAL(s[r]):
        r += 1
    if r - k != 10 and r - k != 13:
        return -1
    g_start[0], g_end[0], quoted[0] = k, r, False
    return r


cdef list _assignments(str html, const char_t* s, Py_ssize_t n, Py_ssize_t max_html, Py_ssize_t max_script,
                       Py_ssize_t max_name, dict kinds):
    cdef Py_ssize_t eos = n if n < max_html else max_html
    cdef Py_ssize_t m, start, close, k, end, pos, stop = 0, g_start = 0, g_end = 0, colon, equals
    cdef bint quoted = False
    cdef list out = []
    m = _script_open(s, 0, eos)
    while m >= 0:
        start = _find_char(s, m + 7, eos, 62)
        close = _script_close(s, start, eos) if start >= 0 else -1
        if close < 0:
            break
        if close - start <= max_script:
            k = start + 1
            colon = equals = k - 1  # the next ":" and "=" at or after k (-1: none)
            while k < close:
                if 0 <= colon < k:
                    colon = _find_char(s, k, close, 58)
                if 0 <= equals < k:
                    equals = _find_char(s, k, close, 61)
                if colon < 0 and equals < 0:
                    break
                k = equals if colon < 0 or (0 <= equals < colon) else colon
                end = _value_end(s, k, close, &g_start, &g_end, &quoted)
                if end < 0:
                    k += 1
                    continue
                pos = _name_start(s, start + 1, k, max_name, &stop)
                kind = _name_kind(html, s, pos, stop, kinds) if pos >= 0 else None
                if kind is not None:
                    value = html[g_start:g_end]
                    out.append((kind, value, None) if quoted else (kind, None, value))
                k = end
        m = _script_open(s, close + 8, eos)
    return out


def script_assignments(str html, Py_ssize_t max_html, Py_ssize_t max_script, Py_ssize_t max_name,
                       dict kinds):
    """``(kind, quoted value, digits)`` of each value that ``dates.script_dates`` reads, in
    its order: in the bodies ``dates._script_bodies`` yields (``max_html``, ``max_script``:
    its ``MAX_SCRIPT_HTML_CHARS``, ``MAX_SCRIPT_CHARS``), each match of
    ``dates._SCRIPT_VALUE`` whose assigned name (``dates._assigned_name``, names up to
    ``max_name`` long) folds to a key of ``kinds`` (``dates._SCRIPT_KIND``); one of the
    two values is None. One pass over the page's buffer, no regular expression."""
    cdef int kind = PyUnicode_KIND(html)
    cdef void* data = PyUnicode_DATA(html)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(html)
    if kind == 1:
        return _assignments(html, <const uint8_t*>data, n, max_html, max_script, max_name, kinds)
    if kind == 2:
        return _assignments(html, <const uint16_t*>data, n, max_html, max_script, max_name, kinds)
    return _assignments(html, <const uint32_t*>data, n, max_html, max_script, max_name, kinds)


# ---------------------------------------------------------------------------------------
# Forward links: :func:`maintext.metadata.links.extract_links`'s loop over the anchors

cdef extern from "Python.h":
    Py_UCS4 PyUnicode_READ_CHAR(object o, Py_ssize_t index)


cdef inline bint _starts_http(str href):
    """``href.startswith(("http://", "https://"))``."""
    cdef Py_ssize_t n = len(href)
    if n < 7 or PyUnicode_READ_CHAR(href, 0) != 104:  # "h"
        return False
    return href.startswith("http://") or href.startswith("https://")


cdef inline str _stripped(str text):
    """``text.strip()``, without a new string when there is nothing to strip."""
    cdef Py_ssize_t n = len(text)
    if n and not Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, 0)) \
            and not Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, n - 1)):
        return text
    return text.strip()


cdef str _words(str text):
    """``" ".join(text.split())``: ``text`` itself when it is that already (no white space
    but single spaces between words)."""
    cdef Py_ssize_t i, n = len(text)
    cdef Py_UCS4 c
    cdef bint space = True  # at the start, a space would be leading
    for i in range(n):
        c = PyUnicode_READ_CHAR(text, i)
        if Py_UNICODE_ISSPACE(c):
            if space or c != 32:
                return " ".join(text.split())
            space = True
        else:
            space = False
    if space and n:
        return " ".join(text.split())
    return text


def link_rows(list anchors, list records, base, scheme, origin, tuple skip, resolve, valid_bracketed,
              text_of, link_class, main_anchors, list pairs):
    """The links of :func:`maintext.metadata.links.extract_links` (its loop, step for
    step): ``records`` the anchors' ``(href, rel, text or None)``, ``skip`` its
    ``SKIP_HREF``, ``resolve``/``valid_bracketed``/``text_of`` its ``_resolve``,
    ``_valid_bracketed_host`` and ``text_content``; ``pairs`` (or None) receives
    ``(anchor, link)``."""
    cdef list links = []
    cdef Py_ssize_t i
    cdef str href, url
    for i in range(min(len(anchors), len(records))):
        a = anchors[i]
        record = records[i]
        href = record[0]
        text = record[2]
        if not href:
            continue
        if _starts_http(href):  # the common case, no resolving
            url = _stripped(href)
            if "[" in url and not valid_bracketed(url):
                continue
        else:
            href = _stripped(href)
            if not href or href.startswith(skip):
                continue
            if (PyUnicode_READ_CHAR(href, 0) == 47 and (len(href) < 2 or PyUnicode_READ_CHAR(href, 1) != 47)
                    and base and origin and "/." not in href):
                url = origin + href  # root-relative, the common case
            else:
                found = resolve(href, base, scheme, origin)
                if found is None:
                    continue
                url = found
        if text is None:
            text = text_of(a)
        link = link_class(url, _words(text) if text else "")
        if main_anchors is not None:
            link.in_main = id(a) in main_anchors
        links.append(link)
        if pairs is not None:
            pairs.append((a, link))
    return links


# ---------------------------------------------------------------------------------------
# The title shown in the page: :func:`maintext.metadata.title._shown_title`'s loop

cdef Py_ssize_t _text_bytes(xmlNode* c) noexcept nogil:
    """The UTF-8 length of lxml's ``.text`` of the element whose first child is ``c``: its
    leading run of text and CDATA nodes (XInclude markers skipped)."""
    cdef Py_ssize_t size = 0
    while c is not NULL:
        if c.type == tree.XML_TEXT_NODE or c.type == tree.XML_CDATA_SECTION_NODE:
            if c.content is not NULL:
                size += strlen(<const char*>c.content)
        elif c.type != tree.XML_XINCLUDE_START and c.type != tree.XML_XINCLUDE_END:
            break
        c = c.next
    return size


cdef bint _tag_in(xmlNode* n, frozenset tags, dict seen):
    """The element's ``.tag`` (no namespace) is in ``tags``; looked up once per name."""
    if n.ns is not NULL:
        return False
    found = seen.get(<size_t>n.name)
    if found is None:
        found = seen[<size_t>n.name] = (<const char*>n.name).decode("utf-8") in tags
    return found


def shown_title(_Element body, str part, frozenset tags, Py_ssize_t max_elements, Py_ssize_t min_chars,
                double min_share, collapse):
    """``title._shown_title``'s loop over ``body.iter(*tags)`` (the first ``max_elements``):
    ``(element, text)`` of the first element whose collapsed ``.text`` is at least
    ``min_chars`` long, starts ``part`` and is at least ``min_share`` of it, else None.
    ``collapse``: ``collapse_ws``, called only where such a text is possible: a ``.text``
    of enough UTF-8 bytes (a character takes one or more) whose first non-space character
    is ``part``'s first."""
    cdef _Document doc = body._doc
    cdef xmlNode* top = body._c_node
    cdef xmlNode* n = top
    cdef Py_ssize_t count = 0, size, i, length
    cdef double need = min_share * len(part)
    cdef dict seen = {}
    cdef Py_UCS4 first, c
    if top.type != tree.XML_ELEMENT_NODE or len(part) == 0:
        return None
    first = PyUnicode_READ_CHAR(part, 0)
    n = _next_element(n, top)
    while n is not NULL and count < max_elements:
        if _tag_in(n, tags, seen):
            count += 1
            size = _text_bytes(n.children)
            if size >= min_chars and size >= need:
                raw = textOf(n)
                length = len(raw)
                for i in range(length):
                    c = PyUnicode_READ_CHAR(raw, i)
                    if not Py_UNICODE_ISSPACE(c):
                        if c == first:
                            text = collapse(raw)
                            if len(text) >= min_chars and part.startswith(text) and len(text) >= min_share * len(part):
                                return elementFactory(doc, n), text
                        break
        n = _next_element(n, top)
    return None


# ---------------------------------------------------------------------------------------
# Comment threads: :func:`maintext.metadata.authors.in_comments`

cdef inline object _marks(xmlNode* n):
    """``(class or "") + " " + (id or "")``, or None when both are missing (then no word
    can be found in it)."""
    cls = _attr(n, "class") if n.properties is not NULL else None
    ident = _attr(n, "id") if n.properties is not NULL else None
    if cls is None and ident is None:
        return None
    return (cls or "") + " " + (ident or "")


def in_comments(_Element el, Py_ssize_t levels, pattern):
    """``authors.in_comments(el, levels)`` (``pattern``: its ``_COMMENT_AREA``) without
    element proxies: up to ``levels`` ancestors, a ``<form>`` or class/id words of a
    comment area, then ``el``'s own class."""
    cdef xmlNode* n = el._c_node.parent
    cdef Py_ssize_t count = 0
    while n is not NULL and n.type == tree.XML_ELEMENT_NODE and count < levels:
        if n.ns is NULL and strcmp(<const char*>n.name, "form") == 0:
            return True
        marks = _marks(n)
        if marks is not None and pattern.search(marks) is not None:
            return True
        n = n.parent
        count += 1
    cls = _attr(el._c_node, "class") if el._c_node.properties is not NULL else None
    return pattern.search(cls or "") is not None


# ---------------------------------------------------------------------------------------
# Byline boxes: :func:`maintext.metadata.authors.byline_author` reads a box's name texts

cdef object _text_content(_Element el, xmlNode* n):
    text = _plain_text(n)
    return el.text_content() if text is None else text


def name_texts(_Element box):
    """``[n.text_content() for n in box.findall(".//*[@itemprop='name']")] or
    [box.text_content()]``: the texts of ``box``'s descendant elements whose ``itemprop``
    (no namespace) is "name", in page order, else ``box``'s own text."""
    cdef _Document doc = box._doc
    cdef xmlNode* top = box._c_node
    cdef xmlNode* n
    cdef xmlAttr* a
    cdef list out = []
    if top.type != tree.XML_ELEMENT_NODE:
        return [box.text_content()]
    n = _next_element(top, top)
    while n is not NULL:
        if n.properties is not NULL:
            a = _attr_node(n, "itemprop")
            if a is not NULL and attributeValue(n, a) == "name":
                out.append(_text_content(elementFactory(doc, n), n))
        n = _next_element(n, top)
    return out or [_text_content(box, top)]


# ---------------------------------------------------------------------------------------
# Text after the headline: :func:`maintext.metadata.visible.texts_after`

cdef xmlNode* _next_node(xmlNode* n, xmlNode* top) noexcept nogil:
    """The element-like node after ``n`` in ``top.iter()`` order (descending into elements
    only), or NULL."""
    cdef xmlNode* c
    if n.type == tree.XML_ELEMENT_NODE:
        c = n.children
        while c is not NULL:
            if _elementlike(c):
                return c
            c = c.next
    while n is not top:
        c = n.next
        while c is not NULL:
            if _elementlike(c):
                return c
            c = c.next
        n = n.parent
        if n is NULL:
            return NULL
    return NULL


cdef object _own_text(xmlNode* n):
    """lxml's ``.text`` of an element-like node (None or '' when it has none)."""
    if n.type == tree.XML_ELEMENT_NODE:
        return textOf(n) if _has_text(n.children) else None
    if n.type == tree.XML_ENTITY_REF_NODE:
        return "&" + (<const char*>n.name).decode("utf-8") + ";"
    if n.content is NULL:
        return None
    return (<const char*>n.content).decode("utf-8")  # a comment or PI: its content


cdef Py_ssize_t _collapsed_len(str text):
    """``len(" ".join(text.split()))``."""
    cdef Py_ssize_t i, chars = 0, words = 0
    cdef bint inword = False
    for i in range(len(text)):
        if Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, i)):
            inword = False
        else:
            chars += 1
            if not inword:
                words += 1
                inword = True
    return chars + words - 1 if words else 0


cdef inline bint _put(list out, object text, Py_ssize_t* size, Py_ssize_t budget):
    """Append a non-empty ``text``; whether the collapsed length so far exceeds ``budget``."""
    if not text:
        return False
    out.append(text)
    size[0] += _collapsed_len(text)
    return size[0] > budget


def texts_after(_Element el, Py_ssize_t max_nodes, frozenset skip, Py_ssize_t budget):
    """The pieces ``visible.texts_after(el, max_nodes)`` yields, in its order (each following
    sibling's subtree as ``visible.subtree_texts(sib, with_tail=True)``, ``skip`` its
    ``_SKIP_TEXT_TAGS``), cut after the piece at which their whitespace-collapsed length
    exceeds ``budget``: a reader that stops once the collapsed, stripped or raw length of
    the non-empty pieces it read exceeds ``budget`` reads none past the cut."""
    cdef xmlNode* cur = el._c_node
    cdef xmlNode* sib
    cdef xmlNode* n
    cdef Py_ssize_t seen = 0, size = 0
    cdef list out = []
    cdef dict names = {}
    while cur is not NULL and seen < max_nodes:
        if _has_text(cur.next) and _put(out, tailOf(cur), &size, budget):
            return out
        sib = cur.next
        while sib is not NULL:
            if _elementlike(sib):
                n = sib
                while n is not NULL:
                    if not (n.type == tree.XML_ELEMENT_NODE and _tag_in(n, skip, names)) \
                            and _put(out, _own_text(n), &size, budget):
                        return out
                    if _has_text(n.next) and _put(out, tailOf(n), &size, budget):
                        return out
                    n = _next_node(n, sib)
                seen += 1
                if seen >= max_nodes:
                    return out
            sib = sib.next
        cur = cur.parent
        if cur is not NULL and not _elementlike(cur):
            cur = NULL
    return out


# ---------------------------------------------------------------------------------------
# Labelled bylines: :func:`maintext.metadata.authors.labelled_byline`'s loop over the body's text

cdef inline bint _label_step(object text, Py_ssize_t* seen, bint* label_seen, Py_ssize_t limit,
                             Py_ssize_t max_label, frozenset labels, str strip_chars, Py_ssize_t max_name,
                             list out):
    """One piece of the loop; True when the reader stops (the text read exceeds ``limit``)."""
    cdef Py_ssize_t i, j, n, length
    if not text:
        return False
    n = len(<str>text)
    i = 0
    while i < n and Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, i)):
        i += 1
    if i == n:
        return False  # nothing but white space: skipped
    j = n
    while Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, j - 1)):
        j -= 1
    length = j - i
    seen[0] += length
    if seen[0] > limit:
        return True
    if label_seen[0] and length <= max_name:
        out.append(text[i:j])
    label_seen[0] = length <= max_label and text[i:j].lower().rstrip(strip_chars) in labels
    return False


cdef bint _blank_run(xmlNode* c) noexcept nogil:
    """The text lxml reads from ``c`` on (``.text`` of a parent whose first child is ``c``,
    ``.tail`` of a node followed by ``c``: the run of text and CDATA nodes, XInclude
    markers skipped) holds only ASCII white space (``str.isspace``: tab, line feed,
    vertical tab, form feed, carriage return, 0x1C-0x1F, space): stripped, it is empty."""
    cdef const unsigned char* p
    while c is not NULL:
        if c.type == tree.XML_TEXT_NODE or c.type == tree.XML_CDATA_SECTION_NODE:
            if c.content is not NULL:
                p = <const unsigned char*>c.content
                while p[0]:
                    if not (p[0] == 32 or 9 <= p[0] <= 13 or 28 <= p[0] <= 31):
                        return False
                    p += 1
        elif c.type != tree.XML_XINCLUDE_START and c.type != tree.XML_XINCLUDE_END:
            break
        c = c.next
    return True


def label_followers(_Element body, frozenset skip, Py_ssize_t limit, Py_ssize_t max_label, frozenset labels,
                    str strip_chars, Py_ssize_t max_name):
    """The pieces ``authors.labelled_byline`` tries as names, in its order: of the stripped
    text pieces of ``body`` (``visible.subtree_texts(body)``, ``skip`` its
    ``_SKIP_TEXT_TAGS``) within the first ``limit`` characters, those of at most
    ``max_name`` characters right after a piece of at most ``max_label`` characters that,
    lower-cased and stripped of ``strip_chars`` on the right, is in ``labels``."""
    cdef xmlNode* top = body._c_node
    cdef xmlNode* n = top
    cdef Py_ssize_t seen = 0
    cdef bint label_seen = False
    cdef list out = []
    cdef dict names = {}
    while n is not NULL:  # a piece of white space only is skipped by the loop: not even read
        if not (n.type == tree.XML_ELEMENT_NODE and (_blank_run(n.children) or _tag_in(n, skip, names))) \
                and _label_step(_own_text(n), &seen, &label_seen, limit, max_label, labels, strip_chars,
                                max_name, out):
            return out
        if n is not top and _has_text(n.next) and not _blank_run(n.next) and _label_step(
                tailOf(n), &seen, &label_seen, limit, max_label, labels, strip_chars, max_name, out):
            return out
        n = _next_node(n, top)
    return out


cdef Py_ssize_t _run_bytes(xmlNode* c) noexcept nogil:
    """The UTF-8 length of the text lxml reads from ``c`` on (see :func:`_blank_run`)."""
    cdef Py_ssize_t size = 0
    while c is not NULL:
        if c.type == tree.XML_TEXT_NODE or c.type == tree.XML_CDATA_SECTION_NODE:
            if c.content is not NULL:
                size += strlen(<const char*>c.content)
        elif c.type != tree.XML_XINCLUDE_START and c.type != tree.XML_XINCLUDE_END:
            break
        c = c.next
    return size


cdef Py_ssize_t _utf8_chars(const unsigned char* p) noexcept nogil:
    """Characters in the NUL-terminated UTF-8 string ``p`` (its non-continuation bytes)."""
    cdef Py_ssize_t count = 0
    while p[0]:
        if (p[0] & 0xC0) != 0x80:
            count += 1
        p += 1
    return count


cdef Py_ssize_t _add_run(xmlNode* c, list parts) except -1:
    """Append the UTF-8 bytes of the text lxml reads from ``c`` on (see :func:`_blank_run`)
    to ``parts``; its length in characters."""
    cdef Py_ssize_t chars = 0
    while c is not NULL:
        if c.type == tree.XML_TEXT_NODE or c.type == tree.XML_CDATA_SECTION_NODE:
            if c.content is not NULL and c.content[0]:
                parts.append(<bytes>(<const char*>c.content))
                chars += _utf8_chars(<const unsigned char*>c.content)
        elif c.type != tree.XML_XINCLUDE_START and c.type != tree.XML_XINCLUDE_END:
            break
        c = c.next
    return chars


def collapsed_text(_Element body, frozenset skip, Py_ssize_t limit):
    """``visible.labelled_text``'s text of ``body``: its pieces (``visible.subtree_texts``,
    ``skip`` its ``_SKIP_TEXT_TAGS``) up to the one that takes their length over
    ``limit``, joined, white space collapsed. The pieces' UTF-8 bytes are joined and
    decoded once (the same text); a piece of ASCII white space only is counted (its
    length is its UTF-8 length) but not kept: it changes nothing once collapsed."""
    cdef xmlNode* top = body._c_node
    cdef xmlNode* n = top
    cdef Py_ssize_t size = 0, chars
    cdef list parts = []  # UTF-8 bytes; b" " between two pieces
    cdef dict names = {}
    while n is not NULL:
        if not (n.type == tree.XML_ELEMENT_NODE and _tag_in(n, skip, names)):
            if n.type == tree.XML_ELEMENT_NODE:
                if _blank_run(n.children):
                    size += _run_bytes(n.children)
                else:
                    parts.append(b" ")
                    size += _add_run(n.children, parts)
            else:
                text = _own_text(n)
                if text:
                    parts.append(b" ")
                    parts.append((<str>text).encode("utf-8"))
                    size += len(<str>text)
            if size > limit:
                break
        if n is not top and _has_text(n.next):
            if _blank_run(n.next):
                size += _run_bytes(n.next)
            else:
                parts.append(b" ")
                size += _add_run(n.next, parts)
            if size > limit:
                break
        n = _next_node(n, top)
    return " ".join(b"".join(parts).decode("utf-8").split())


# ---------------------------------------------------------------------------------------
# Category and tag links: :func:`maintext.metadata.extras._labels`'s loop over the anchors

def label_links(list anchors, list records, str rel, href_path):
    """``(marked, by_path)`` of ``extras._labels``: ``(anchor, text)`` of the anchors whose
    rel list holds ``rel`` (a "tag" not also "category"), and of those without a rel list
    whose href ``href_path`` finds (None: not searched)."""
    cdef list marked = [], by_path = []
    cdef Py_ssize_t i
    for i in range(min(len(anchors), len(records))):
        href, rel_value, text = records[i]
        if rel_value:
            rels = rel_value.lower().split()
            if rel in rels and not (rel == "tag" and "category" in rels):
                marked.append((anchors[i], text))
            elif not rels and href_path is not None and href_path.search(href or ""):
                by_path.append((anchors[i], text))
        elif href_path is not None and href_path.search(href or ""):
            by_path.append((anchors[i], text))
    return marked, by_path


cdef bint _subtree_put(xmlNode* top, bint with_tail, frozenset skip, dict names, list out, Py_ssize_t* size,
                       Py_ssize_t budget) except -1:
    """The pieces of ``visible.subtree_texts(top, with_tail=with_tail)`` put to ``out``
    (:func:`_put`); True once the budget is exceeded."""
    cdef xmlNode* n = top
    while n is not NULL:
        if not (n.type == tree.XML_ELEMENT_NODE and _tag_in(n, skip, names)) \
                and _put(out, _own_text(n), size, budget):
            return True
        if (n is not top or with_tail) and _has_text(n.next) and _put(out, tailOf(n), size, budget):
            return True
        n = _next_node(n, top)
    return False


def texts_before(_Element el, Py_ssize_t max_siblings, frozenset skip, Py_ssize_t budget):
    """The pieces ``visible.texts_before(el, max_siblings)`` yields, in its order, cut as
    :func:`texts_after` cuts."""
    cdef xmlNode* level = el._c_node
    cdef xmlNode* sib
    cdef Py_ssize_t count, size = 0, k
    cdef list out = []
    cdef dict names = {}
    for k in range(2):
        if level is NULL:
            return out
        sib = level.prev
        count = 0
        while sib is not NULL and count < max_siblings:
            if _elementlike(sib):
                if _subtree_put(sib, False, skip, names, out, &size, budget):
                    return out
                count += 1
            sib = sib.prev
        level = level.parent
        if level is not NULL and not _elementlike(level):
            level = NULL
    return out
