# Included by _scan.pyx: the compiled twin of maintext.html.document._unnest's scan.
#
# ``unnest_spans(html, max_depth)`` / ``unnest_spans_utf8(data, max_depth)``: where the
# tags ``_unnest(html, max_depth)`` removes stand (none: it gives ``html`` itself).
# The same scan, step by step: ``_SCAN_TAG``'s matches (a "<", an optional "/", a name
# [a-zA-Z][a-zA-Z0-9:-]*, then everything up to the first ">" if no "<" comes first; a "/"
# just before that ">" and after the name makes it self-closing), the names lowercased,
# the same three sets, a stack of open names with an open count per name (names get ids
# from a hash table). Every character the scan tests is ASCII, so the UTF-8 bytes of a
# text give the text's tags. The Python loop costs ~90 ms on a 1.3 MB page, and runs on
# every page of more than _DEEP_SCAN_TAGS "<" (nearly all of them shallow: nothing removed).

from libc.stdlib cimport malloc, realloc, free, calloc
from libc.stdint cimport uint64_t
from libc.string cimport memcmp

cdef extern from *:
    """
    /* _unnest's sets (maintext/html/document.py): _VOID and _OPTIONAL_END (not counted), */
    /* then _NO_SELF_NESTING; each list ends with NULL */
    static const char* maintext_unnest_uncounted[] = {
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "param", "source", "track", "wbr",
        "p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead",
        "tbody", "tfoot", "colgroup", "caption", "rb", "rt", "rtc", "rp", "html",
        "head", "body", NULL};
    static const char* maintext_unnest_no_self[] = {"a", "button", "nobr", "form", NULL};
    """
    const char** maintext_unnest_uncounted
    const char** maintext_unnest_no_self

cdef enum:  # the classes of names
    _COUNTED = 0
    _UNCOUNTED = 1  # _VOID, _OPTIONAL_END
    _NO_SELF = 2  # _NO_SELF_NESTING


cdef bint _in_list(const char** words, const char* name, Py_ssize_t length) noexcept nogil:
    cdef Py_ssize_t t = 0
    while words[t] != NULL:
        if strlen(words[t]) == <size_t>length and memcmp(words[t], name, length) == 0:
            return True
        t += 1
    return False


cdef int _name_class(const char* name, Py_ssize_t length) noexcept nogil:
    if _in_list(maintext_unnest_uncounted, name, length):
        return _UNCOUNTED
    if _in_list(maintext_unnest_no_self, name, length):
        return _NO_SELF
    return _COUNTED


cdef struct _Name:
    uint64_t hash
    Py_ssize_t off  # of the lowercased name in _Names.buf
    Py_ssize_t length
    Py_ssize_t count  # open elements of this name
    int cls


cdef struct _Names:
    _Name* names  # by id, in order of first sight (the stack holds ids: they never move)
    Py_ssize_t used
    Py_ssize_t names_cap
    Py_ssize_t* table  # open addressing on the hash: id + 1, or 0 (empty)
    Py_ssize_t cap  # a power of 2, more than twice ``used``
    char* buf
    Py_ssize_t buf_len
    Py_ssize_t buf_cap


cdef inline char _lower(uint32_t c) noexcept nogil:
    if 65 <= c <= 90:
        return <char>(c + 32)
    return <char>c


cdef inline bint _tag_name_char(uint32_t c) noexcept nogil:
    # [a-zA-Z0-9:-]
    return (97 <= c <= 122) or (65 <= c <= 90) or (48 <= c <= 58) or c == 45


cdef bint _grow(_Names* names) noexcept nogil:
    """Double the table and the names; False when out of memory."""
    cdef Py_ssize_t cap = names.cap * 2, k, at
    cdef Py_ssize_t* table = <Py_ssize_t*>calloc(cap, sizeof(Py_ssize_t))
    cdef _Name* grown
    if table == NULL:
        return False
    for k in range(names.used):
        at = <Py_ssize_t>(names.names[k].hash & <uint64_t>(cap - 1))
        while table[at]:
            at = (at + 1) & (cap - 1)
        table[at] = k + 1
    free(names.table)
    names.table, names.cap = table, cap
    grown = <_Name*>realloc(names.names, cap * sizeof(_Name))
    if grown == NULL:
        return False
    names.names, names.names_cap = grown, cap
    return True


cdef Py_ssize_t _intern(_Names* names, const char_t* s, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
    """The id of the lowercased name ``s[start:end]`` (added when new); -1: out of memory."""
    cdef uint64_t h = 14695981039346656037ULL
    cdef Py_ssize_t length = end - start, k, at, nid
    cdef char* buf
    cdef _Name* name
    for k in range(start, end):
        h = (h ^ <uint8_t>_lower(s[k])) * 1099511628211ULL
    at = <Py_ssize_t>(h & <uint64_t>(names.cap - 1))
    while names.table[at]:
        nid = names.table[at] - 1
        name = &names.names[nid]
        if name.hash == h and name.length == length:
            buf = names.buf + name.off
            for k in range(length):
                if buf[k] != _lower(s[start + k]):
                    break
            else:
                return nid
        at = (at + 1) & (names.cap - 1)
    if (names.used + 1) * 2 > names.cap or names.used >= names.names_cap:
        if not _grow(names):
            return -1
        return _intern(names, s, start, end)  # the table changed: probe again
    if names.buf_len + length > names.buf_cap:
        k = max(2 * names.buf_cap, names.buf_len + length)
        buf = <char*>realloc(names.buf, k)
        if buf == NULL:
            return -1
        names.buf, names.buf_cap = buf, k
    buf = names.buf + names.buf_len
    for k in range(length):
        buf[k] = _lower(s[start + k])
    nid = names.used
    name = &names.names[nid]
    name.hash = h
    name.off = names.buf_len
    name.length = length
    name.count = 0
    name.cls = _name_class(buf, length)
    names.buf_len += length
    names.used += 1
    names.table[at] = nid + 1
    return nid


cdef struct _Ints:  # a growing array
    Py_ssize_t* items
    Py_ssize_t used
    Py_ssize_t cap


cdef inline bint _push(_Ints* a, Py_ssize_t value) noexcept nogil:
    """Append ``value``; False when out of memory."""
    cdef Py_ssize_t* grown
    if a.used == a.cap:
        grown = <Py_ssize_t*>realloc(a.items, 2 * a.cap * sizeof(Py_ssize_t))
        if grown == NULL:
            return False
        a.items, a.cap = grown, 2 * a.cap
    a.items[a.used] = value
    a.used += 1
    return True


cdef inline bint _close_to(_Names* names, _Ints* stack, Py_ssize_t nid) noexcept nogil:
    """``_close``: pop the open elements down to the last of ``nid``'s name (one is open);
    whether that one was kept. (The stack holds ``2 * id + kept``.)"""
    cdef Py_ssize_t top
    while True:
        stack.used -= 1
        top = stack.items[stack.used]
        names.names[top >> 1].count -= 1
        if top >> 1 == nid:
            return top & 1


cdef int _unnest_spans(const char_t* s, Py_ssize_t n, Py_ssize_t max_depth, _Names* names,
                       _Ints* stack, _Ints* spans) noexcept nogil:
    """Add the (start, end) of the tags _unnest removes to ``spans``; 0, or -1: out of memory."""
    cdef Py_ssize_t i = 0, j, k, q, nid
    cdef bint closing, selfclose, keep
    cdef Py_UCS4 c
    while i < n:
        i = _next_lt(s, i, n)
        if i < 0:
            return 0
        j = i + 1
        closing = j < n and s[j] == 47
        if closing:
            j += 1
        if j >= n or not _ascii_letter(s[j]):
            i += 1
            continue
        k = j + 1
        while k < n and _tag_name_char(s[k]):
            k += 1
        q = k
        while q < n:
            c = s[q]
            if c == 60 or c == 62:
                break
            q += 1
        if q >= n or s[q] == 60:  # no match at this "<": the scan goes on at the next one
            i = q
            continue
        selfclose = q > k and s[q - 1] == 47
        if selfclose and not closing:
            i = q + 1
            continue
        nid = _intern(names, s, j, k)
        if nid < 0:
            return -1
        if names.names[nid].cls == _UNCOUNTED:
            i = q + 1
            continue
        if not closing and names.names[nid].cls == _NO_SELF and names.names[nid].count:
            _close_to(names, stack, nid)
        if closing:
            if not names.names[nid].count:
                i = q + 1
                continue
            keep = _close_to(names, stack, nid)
        else:
            keep = stack.used + 3 <= max_depth  # in <body>: <html> is at depth 1
            if not _push(stack, 2 * nid + keep):
                return -1
            names.names[nid].count += 1
        if not keep and not (_push(spans, i) and _push(spans, q + 1)):
            return -1
        i = q + 1
    return 0


cdef int _unnest_run(const void* data, int kind, Py_ssize_t n, Py_ssize_t max_depth, _Ints* spans) noexcept nogil:
    cdef _Names names
    cdef _Ints stack
    cdef int result = -1
    stack.used, stack.cap = 0, 256
    stack.items = <Py_ssize_t*>malloc(stack.cap * sizeof(Py_ssize_t))
    names.cap = names.names_cap = 256
    names.used = 0
    names.table = <Py_ssize_t*>calloc(names.cap, sizeof(Py_ssize_t))
    names.names = <_Name*>malloc(names.names_cap * sizeof(_Name))
    names.buf_cap = 4096
    names.buf_len = 0
    names.buf = <char*>malloc(names.buf_cap)
    if stack.items != NULL and names.table != NULL and names.names != NULL and names.buf != NULL:
        if kind == 1:
            result = _unnest_spans(<const uint8_t*>data, n, max_depth, &names, &stack, spans)
        elif kind == 2:
            result = _unnest_spans(<const uint16_t*>data, n, max_depth, &names, &stack, spans)
        else:
            result = _unnest_spans(<const uint32_t*>data, n, max_depth, &names, &stack, spans)
    free(stack.items)
    free(names.table)
    free(names.names)
    free(names.buf)
    return result


cdef list _spans_list(const void* data, int kind, Py_ssize_t n, Py_ssize_t max_depth):
    cdef _Ints spans
    cdef int result = -1
    cdef Py_ssize_t k
    spans.used, spans.cap = 0, 64
    spans.items = <Py_ssize_t*>malloc(spans.cap * sizeof(Py_ssize_t))
    if spans.items != NULL:
        with nogil:
            result = _unnest_run(data, kind, n, max_depth, &spans)
    if result < 0:
        free(spans.items)
        raise MemoryError()
    try:
        return [spans.items[k] for k in range(spans.used)]
    finally:
        free(spans.items)


def unnest_spans(str html, Py_ssize_t max_depth):
    """Where the tags ``maintext.html.document._unnest(html, max_depth)`` removes stand:
    ``[start, end, start, end, ...]`` in order (empty: it gives ``html`` itself)."""
    return _spans_list(PyUnicode_DATA(html), PyUnicode_KIND(html), PyUnicode_GET_LENGTH(html), max_depth)


def unnest_spans_utf8(bytes data, Py_ssize_t max_depth):
    """:func:`unnest_spans` of the text whose UTF-8 encoding is ``data``, in bytes."""
    return _spans_list(<const char*>data, 1, len(data), max_depth)
