# Included by maintext/metadata/_native.pyx (one extension module, its source in parts).
# ---------------------------------------------------------------------------------------
# Forward links: :func:`maintext.metadata.links.extract_links`'s loop over the anchors

cdef extern from "Python.h":
    Py_UCS4 PyUnicode_READ_CHAR(object o, Py_ssize_t index)
    Py_UCS4 PyUnicode_READ(int kind, const void* data, Py_ssize_t index) nogil
    int PyUnicode_KIND(object o)
    int PyUnicode_1BYTE_KIND
    bint PyUnicode_IS_ASCII(object o)
    void* PyUnicode_DATA(object o)
    Py_ssize_t PyUnicode_GET_LENGTH(object o)
    object PyUnicode_New(Py_ssize_t size, Py_UCS4 maxchar)


cdef inline bint _starts_http(str href):
    """``href.startswith(("http://", "https://"))``."""
    cdef Py_ssize_t n = len(href)
    cdef const char* s
    if n < 7 or PyUnicode_KIND(href) != PyUnicode_1BYTE_KIND:
        return n >= 7 and (href.startswith("http://") or href.startswith("https://"))
    s = <const char*>PyUnicode_DATA(href)  # (Latin-1: one byte a character)
    if memcmp(s, b"http", 4) != 0:
        return False
    return memcmp(s + 4, b"://", 3) == 0 or (n >= 8 and memcmp(s + 4, b"s://", 4) == 0)


cdef inline bint _holds_bracket(str url):
    """``"[" in url`` (``memchr`` over a one-byte string)."""
    if PyUnicode_KIND(url) == PyUnicode_1BYTE_KIND:
        return memchr(PyUnicode_DATA(url), 91, PyUnicode_GET_LENGTH(url)) is not NULL
    return "[" in url


cdef bint _has_slash_dot(str href):
    """``"/." in href`` (a byte loop over a one-byte string)."""
    cdef Py_ssize_t i, n = len(href)
    cdef const unsigned char* s
    if PyUnicode_KIND(href) != PyUnicode_1BYTE_KIND:
        return "/." in href
    s = <const unsigned char*>PyUnicode_DATA(href)
    for i in range(n - 1):
        if s[i] == 47 and s[i + 1] == 46:
            return True
    return False


cdef bint _has_scheme(str href):
    """``links._SCHEME.match(href)``: an ASCII letter, then ASCII letters, digits, "+", "."
    or "-", then ":"."""
    cdef Py_ssize_t i, n = len(href)
    cdef Py_UCS4 c
    if n == 0:
        return False
    c = PyUnicode_READ_CHAR(href, 0)
    if not (65 <= c <= 90 or 97 <= c <= 122):
        return False
    for i in range(1, n):
        c = PyUnicode_READ_CHAR(href, i)
        if c == 58:  # ":"
            return True
        if not (65 <= c <= 90 or 97 <= c <= 122 or 48 <= c <= 57 or c == 43 or c == 46 or c == 45):
            return False
    return False


cdef bint _starts_http_any_case(str href):
    """``href[:8].lower().startswith(("http://", "https://"))`` (no character past ASCII
    lowers to one of these)."""
    cdef Py_ssize_t i, n = len(href)
    cdef uint32_t c  # (a number: Cython adds to a Py_UCS4 as to a str)
    cdef const char* want = "https://"
    for i in range(min(n, 8)):
        c = PyUnicode_READ_CHAR(href, i)
        if 65 <= c <= 90:
            c += 32
        if i == 4 and c == 58:  # "http:" : the rest is "//"
            return n >= 7 and PyUnicode_READ_CHAR(href, 5) == 47 and PyUnicode_READ_CHAR(href, 6) == 47
        if c != <unsigned char>want[i]:
            return False
    return n >= 8


cdef inline str _stripped(str text):
    """``text.strip()``, without a new string when there is nothing to strip."""
    cdef Py_ssize_t n = len(text)
    if n and not Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, 0)) \
            and not Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, n - 1)):
        return text
    return text.strip()


# str.split's white space (Py_UNICODE_ISSPACE) among the one-byte characters, by byte
cdef unsigned char _space_byte[256]
for _c in range(256):
    _space_byte[_c] = chr(_c).isspace()


cdef str _words(str text):
    """``" ".join(text.split())``: ``text`` itself when it is that already (no white space
    but single spaces between words)."""
    cdef Py_ssize_t i, n = len(text)
    cdef Py_UCS4 c
    cdef bint space = True  # at the start, a space would be leading
    cdef int kind = PyUnicode_KIND(text)
    cdef const void* data = PyUnicode_DATA(text)
    cdef const unsigned char* b
    if kind == PyUnicode_1BYTE_KIND:  # (most anchor texts: one table load a character)
        b = <const unsigned char*>data
        for i in range(n):
            if _space_byte[b[i]]:
                if space or b[i] != 32:
                    return _joined_words(text)
                space = True
            else:
                space = False
        if space and n:
            return _joined_words(text)
        return text
    for i in range(n):
        c = PyUnicode_READ(kind, data, i)
        if Py_UNICODE_ISSPACE(c):
            if space or c != 32:
                return _joined_words(text)
            space = True
        else:
            space = False
    if space and n:
        return _joined_words(text)
    return text


def words(str text):
    """``" ".join(text.split())`` (:func:`maintext.textutil.collapse_ws`): ``text`` itself
    when it is that already, else its words joined in one pass (see :func:`_words`)."""
    return _words(text)


cdef str _joined_words(str text):
    """``" ".join(text.split())``; a one-byte (Latin-1) ``text`` in one pass over its bytes
    into a scratch buffer (the words, their largest character), then copied into a str of
    that length, without the list of words. The white space is ``str.split``'s
    (``Py_UNICODE_ISSPACE``), and the result has the kind its largest character gives, as
    every str."""
    if PyUnicode_KIND(text) != PyUnicode_1BYTE_KIND:
        return " ".join(text.split())
    cdef Py_ssize_t i, k = 0, n = len(text)
    cdef const unsigned char* s = <const unsigned char*>PyUnicode_DATA(text)
    cdef unsigned char c, largest = 0
    cdef unsigned char local[512]
    cdef unsigned char* out = &local[0] if n <= 512 else <unsigned char*>malloc(n)
    cdef bint gap = False  # white space after a word (a space before the next one)
    if out is NULL:
        raise MemoryError()
    for i in range(n):
        c = s[i]
        if _space_byte[c]:
            gap = k > 0
        else:
            if gap:
                out[k] = 32
                k += 1
                gap = False
            out[k] = c
            k += 1
            if c > largest:
                largest = c
    try:
        joined = PyUnicode_New(k, 127 if largest < 128 else 255)
        memcpy(PyUnicode_DATA(joined), out, k)
    finally:
        if out != &local[0]:
            free(out)
    return joined


# Link's fields, in its __init__'s order: link_rows stores them into the slots of an object
# made by the class's tp_new (as its dataclass __init__ does, without the Python call)
_LINK_FIELDS = ("url", "text", "in_main")
cdef Layout _lnk  # the slot offsets of the last link class seen (see html/_slots.pxd)
cdef object _in_main_default = None  # that class's default for in_main


cdef int _read_link_class(object cls) except -1:
    """Read ``cls``'s slot offsets once. They are used only when ``cls`` is a slots dataclass
    whose fields are :data:`_LINK_FIELDS`, all set by its generated ``__init__`` and nothing
    else (no ``__post_init__``); otherwise ``link_rows`` calls ``cls(url, text)``."""
    global _in_main_default
    if <PyObject*>cls is _lnk.cls:
        return 0
    read_layout(&_lnk, cls, _LINK_FIELDS)
    fields = getattr(cls, "__dataclass_fields__", None)
    params = getattr(cls, "__dataclass_params__", None)
    if (not fields or tuple(fields) != _LINK_FIELDS or hasattr(cls, "__post_init__")
            or params is None or not params.init or fields["in_main"].default is _MISSING
            or any(not f.init for f in fields.values())):
        _lnk.direct = False
        return 0
    _in_main_default = fields["in_main"].default
    return 0


from dataclasses import MISSING as _MISSING


cdef object _new_link(object cls, str url, str text):
    """``cls(url, text)``: the class's ``tp_new`` and the three slots stored directly."""
    if not _lnk.direct:
        return cls(url, text)
    link = (<PyTypeObject*>cls).tp_new(cls, <PyObject*>_NO_ARGS, NULL)
    set_slot(link, _lnk.off[0], url)
    set_slot(link, _lnk.off[1], text)
    set_slot(link, _lnk.off[2], _in_main_default)
    return link


cdef tuple _NO_ARGS = ()


cdef bint _first_chars(tuple skip, unsigned char* table) except -1:
    """Mark in ``table`` (128 entries) the first character of each of ``skip``'s strings, so
    that an href starting with an unmarked character needs no ``startswith(skip)``. False
    (every href tested) when a string is empty or starts past ASCII."""
    memset(table, 0, 128)
    for prefix in skip:
        if not isinstance(prefix, str) or not prefix or ord(prefix[0]) >= 128:
            return False
        table[ord(prefix[0])] = 1
    return True


cdef object _UNSEEN = object()  # (no answer of resolve yet: None is one)


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
    cdef Py_UCS4 c0
    cdef unsigned char first[128]
    cdef bint by_first = _first_chars(skip, first)
    cdef bint rooted = bool(base) and bool(origin)  # (``base and origin``, read once)
    cdef dict resolved = None  # href -> resolve's answer, for the hrefs repeated on the page
    _read_link_class(link_class)
    cdef tuple record
    for i in range(min(len(anchors), len(records))):
        a = anchors[i]
        record = records[i]
        href = record[0]
        text = record[2]
        if not href:
            continue
        if _starts_http(href):  # the common case, no resolving
            url = _stripped(href)
            if _holds_bracket(url) and not valid_bracketed(url):
                continue
        else:
            href = _stripped(href)
            if not href:
                continue
            c0 = PyUnicode_READ_CHAR(href, 0)
            if (not by_first or c0 >= 128 or first[c0]) and href.startswith(skip):
                continue
            if (c0 == 47 and (len(href) < 2 or PyUnicode_READ_CHAR(href, 1) != 47)
                    and rooted and not _has_slash_dot(href)):
                url = origin + href  # root-relative, the common case
            elif PyUnicode_READ_CHAR(href, 0) == 47 and len(href) > 1 and PyUnicode_READ_CHAR(href, 1) == 47:
                if not base:  # protocol-relative: as _resolve reads it
                    url = href
                elif scheme:
                    url = scheme + ":" + href
                else:
                    continue
            elif not base:  # nothing to resolve against: _resolve's answer without the call
                if _has_scheme(href) and not _starts_http_any_case(href):
                    continue  # ftp:, skype:, ... not a web link
                url = href
            else:  # (the page's base is the same for every href: each href resolved once)
                if resolved is None:
                    resolved = {}
                found = resolved.get(href, _UNSEEN)
                if found is _UNSEEN:
                    found = resolved[href] = resolve(href, base, scheme, origin)
                if found is None:
                    continue
                url = found
        if text is None:
            text = text_of(a)
        link = _new_link(link_class, url, _words(text) if text else "")
        if main_anchors is not None:
            link.in_main = id(a) in main_anchors
        links.append(link)
        if pairs is not None:
            pairs.append((a, link))
    return links


# ---------------------------------------------------------------------------------------
# The anchors' hrefs joined and the anchors with a rel value: ``collect.href_index``

def href_index(list records):
    """``collect.href_index(records)``: the records' hrefs (an absent one and one not in
    ASCII as "") joined by NUL and lower-cased, the indices of the records with a rel
    value, and those of the records whose href is not ASCII. The joined text is written in
    one pass, its capitals lowered on the way (``str.lower`` of ASCII text changes only
    those)."""
    cdef Py_ssize_t i, j, k = 0, size, n = len(records), total = 0
    cdef list hrefs = [None] * n, rels = [], wide = []
    cdef str href_text
    cdef const unsigned char* src
    cdef unsigned char* dst
    cdef unsigned char c
    for i in range(n):
        href, rel, _ = records[i]
        href_text = href if href else ""
        if not PyUnicode_IS_ASCII(href_text):
            wide.append(i)
            href_text = ""
        hrefs[i] = href_text
        total += len(href_text)
        if rel:
            rels.append(i)
    joined = PyUnicode_New(total + n - 1 if n else 0, 127)
    dst = <unsigned char*>PyUnicode_DATA(joined)
    for i in range(n):
        if i:
            dst[k] = 0
            k += 1
        href_text = <str>hrefs[i]
        src = <const unsigned char*>PyUnicode_DATA(href_text)
        size = len(href_text)
        for j in range(size):
            c = src[j]
            dst[k + j] = c + 32 if 65 <= c <= 90 else c
        k += size
    return joined, rels, wide


cdef enum:
    MAX_C_HEADS = 64  # heads head_hits compares in C (more: the Python twin)

# head_hits' heads as the bytes it compares (the heads without a NUL, ASCII), by heads tuple
cdef dict _ENCODED_HEADS = {}


def head_hits(str low, tuple heads):
    """``hrefheads.head_hits(low, heads)``: the indices (ascending) of the NUL-separated parts
    of the ASCII text ``low`` that hold one of ``heads`` (a head that is not ASCII or holds a
    NUL is in no part, an empty one in all). One pass: ``memchr`` to each byte a head starts
    with (when they all start alike), then only the heads whose second byte follows it are
    compared; after a hit the rest of its part is skipped."""
    if not PyUnicode_IS_ASCII(low):
        raise ValueError("head_hits reads ASCII text")
    cdef const char* s = <const char*>PyUnicode_DATA(low)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(low), pos = 0, counted = 0, index = 0
    cdef const char* text[MAX_C_HEADS]
    cdef Py_ssize_t size[MAX_C_HEADS]
    cdef uint64_t follow[256]  # second byte -> the heads (bits) with it after their first
    cdef uint64_t short_heads = 0, mask
    cdef unsigned char first[256]
    cdef int k, count = 0, starts = 0, start_byte = -1
    cdef list kept, out = []
    cdef bytes h
    cdef const char* q
    memset(first, 0, sizeof(first))
    memset(follow, 0, sizeof(follow))
    if "" in heads:  # (found in every part)
        return list(range(low.count("\0") + 1))
    kept = _ENCODED_HEADS.get(heads)
    if kept is None:
        kept = [head.encode("ascii") for head in heads if head.isascii() and "\0" not in head]
        if len(_ENCODED_HEADS) < 64:
            _ENCODED_HEADS[heads] = kept
    if len(kept) > MAX_C_HEADS:
        from maintext.metadata.hrefheads import head_hits as python_twin
        return python_twin(low, heads)
    for h in kept:
        text[count], size[count] = <const char*>h, len(h)
        if not first[<unsigned char>text[count][0]]:
            first[<unsigned char>text[count][0]] = 1
            starts += 1
            start_byte = <unsigned char>text[count][0]
        if size[count] == 1:
            short_heads |= (<uint64_t>1) << count
        else:
            follow[<unsigned char>text[count][1]] |= (<uint64_t>1) << count
        count += 1
    while pos < n:
        if starts == 1:  # jump to the next byte the heads start with
            q = <const char*>memchr(s + pos, start_byte, n - pos)
            if q is NULL:
                break
            pos = q - s
        elif not first[<unsigned char>s[pos]]:
            pos += 1
            continue
        mask = short_heads | (follow[<unsigned char>s[pos + 1]] if pos + 1 < n else 0)
        k = 0
        while mask:  # the heads that may start here (bit k: head k)
            if mask & 1 and size[k] <= n - pos and memcmp(s + pos, text[k], size[k]) == 0:
                break
            mask >>= 1
            k += 1
        if not mask:
            pos += 1
            continue
        q = s + counted  # a hit: count the NULs before it (the parts passed)
        while True:
            q = <const char*>memchr(q, 0, pos - (q - s))
            if q is NULL:
                break
            index += 1
            q += 1
        out.append(index)
        q = <const char*>memchr(s + pos, 0, n - pos)  # the rest of this part: no new hit
        if q is NULL:
            break
        pos = counted = q - s + 1
        index += 1
    return out


# ---------------------------------------------------------------------------------------
# Category and tag links: :func:`maintext.metadata.extras._labels`'s loop over the anchors

cdef enum:  # what a rel value says of an anchor, for label_links
    REL_EMPTY = 0  # no word (white space only)
    REL_OTHER = 1  # words, but not the one asked for
    REL_MARKED = 2  # the word asked for (a "tag" not also "category")


cdef int _rel_words(str rel_value, str rel) except -1:
    """What ``rels = rel_value.lower().split()`` says: REL_MARKED when ``rel in rels and
    not (rel == "tag" and "category" in rels)``, else REL_OTHER when ``rels``, else
    REL_EMPTY. An ASCII value and ``rel`` are read in place (``str.lower`` of ASCII text
    changes only the capitals; ``Py_UNICODE_ISSPACE`` is ``str.split``'s white space)."""
    cdef const unsigned char* s
    cdef const unsigned char* want
    cdef Py_ssize_t i = 0, start, j, n = len(rel_value), size = len(rel)
    cdef bint words = False, has_rel = False, has_category = False
    if not (PyUnicode_IS_ASCII(rel_value) and PyUnicode_IS_ASCII(rel)):
        rels = rel_value.lower().split()
        if rel in rels and not (rel == "tag" and "category" in rels):
            return REL_MARKED
        return REL_OTHER if rels else REL_EMPTY
    s = <const unsigned char*>PyUnicode_DATA(rel_value)
    want = <const unsigned char*>PyUnicode_DATA(rel)
    while i < n:
        if Py_UNICODE_ISSPACE(s[i]):
            i += 1
            continue
        start = i
        while i < n and not Py_UNICODE_ISSPACE(s[i]):
            i += 1
        words = True
        if i - start == size and _lowered_is(s + start, want, size):
            has_rel = True
        if i - start == 8 and _lowered_is(s + start, <const unsigned char*>b"category", 8):
            has_category = True
    if has_rel and not (size == 3 and memcmp(want, b"tag", 3) == 0 and has_category):
        return REL_MARKED
    return REL_OTHER if words else REL_EMPTY


cdef inline bint _lowered_is(const unsigned char* s, const unsigned char* lower, Py_ssize_t n) noexcept:
    """The ASCII bytes ``s[:n]``, capitals lowered, are ``lower[:n]``."""
    cdef Py_ssize_t i
    cdef unsigned char c
    for i in range(n):
        c = s[i]
        if (c + 32 if 65 <= c <= 90 else c) != lower[i]:
            return False
    return True


def label_links(list anchors, list records, str rel, href_path, hits=None):
    """``(marked, by_path)`` of ``extras._labels``: ``(anchor, text)`` of the anchors whose
    rel list holds ``rel`` (a "tag" not also "category"), and of those without a rel list
    whose href ``href_path`` finds (None: not searched). ``hits``: None, or the ascending
    indices of the only anchors whose href ``href_path`` may find (``Collected.href_hits``)."""
    cdef list marked = [], by_path = []
    cdef Py_ssize_t i, h = 0, n_hits = len(hits) if hits is not None else 0
    cdef bint every = hits is None
    for i in range(min(len(anchors), len(records))):
        href, rel_value, text = records[i]
        if rel_value:
            found = _rel_words(rel_value, rel)
            if found == REL_MARKED:
                marked.append((anchors[i], text))
                continue
            elif found == REL_OTHER:
                continue
        if href_path is None:
            continue
        if not every:
            while h < n_hits and <Py_ssize_t>hits[h] < i:
                h += 1
            if h == n_hits or <Py_ssize_t>hits[h] != i:
                continue
        if href_path.search(href or ""):
            by_path.append((anchors[i], text))
    return marked, by_path
