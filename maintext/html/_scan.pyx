# cython: language_level=3, boundscheck=False, wraparound=False
"""Scans of the decoded page text in C, twins of regular expressions in the Python code.

``first_long_tag(html, cap)``: where :func:`maintext.io.loading.cap_attributes`'s pattern
(``_LONG_TAG``: a start tag followed by ``cap + 1`` attribute-like tokens) first matches,
or -1. The same token grammar, step by step: every quantifier of the pattern is possessive,
so a token matches in one way only and a tag is a run of tokens; ``\\s`` is Python's
Unicode whitespace (``Py_UNICODE_ISSPACE``, what ``re`` uses for a str pattern). Used as a
pre-check: on the pages where it finds nothing (nearly all) the regular expression, which
costs ~0.25 ms on a 170 KB page, does not run. ``tests/html/test_scan.py`` checks both agree.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t
from libc.string cimport memchr


cdef extern from "Python.h":
    int PyUnicode_KIND(object o)
    void* PyUnicode_DATA(object o)
    Py_ssize_t PyUnicode_GET_LENGTH(object o)
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch) nogil

ctypedef fused char_t:  # the three str layouts (PEP 393)
    uint8_t
    uint16_t
    uint32_t


cdef inline bint _space(Py_UCS4 c) noexcept nogil:
    return Py_UNICODE_ISSPACE(c)


cdef inline bint _name_char(Py_UCS4 c) noexcept nogil:
    # [^\s<>="'/]
    return not (c == 60 or c == 62 or c == 61 or c == 34 or c == 39 or c == 47 or _space(c))


cdef inline bint _value_char(Py_UCS4 c) noexcept nogil:
    # [^\s"'<>]
    return not (c == 34 or c == 39 or c == 60 or c == 62 or _space(c))


cdef Py_ssize_t _token(const char_t* s, Py_ssize_t i, Py_ssize_t n) noexcept nogil:
    """End of the attribute token starting at ``i``, or -1 when none starts there:
    ``[\\s/]*+[^\\s<>="'/]++(?:\\s*+=\\s*+(?:"[^"]*+"|'[^']*+'|[^\\s"'<>]++))?+``"""
    cdef Py_ssize_t j, k
    cdef Py_UCS4 c, q
    while i < n:
        c = s[i]
        if c != 47 and not _space(c):
            break
        i += 1
    j = i
    while j < n and _name_char(s[j]):
        j += 1
    if j == i:
        return -1
    # the optional value (possessive: when it does not match, the token ends at the name)
    k = j
    while k < n and _space(s[k]):
        k += 1
    if k >= n or s[k] != 61:  # "="
        return j
    k += 1
    while k < n and _space(s[k]):
        k += 1
    if k >= n:
        return j
    q = s[k]
    if q == 34 or q == 39:  # a quoted value up to its closing quote (none: no value)
        k += 1
        while k < n and s[k] != q:
            k += 1
        return k + 1 if k < n else j
    i = k
    while k < n and _value_char(s[k]):
        k += 1
    return k if k > i else j


cdef inline bint _ascii_letter(Py_UCS4 c) noexcept nogil:
    return (65 <= c <= 90) or (97 <= c <= 122)


cdef Py_ssize_t _first_long_tag(const char_t* s, Py_ssize_t n, Py_ssize_t cap) noexcept nogil:
    cdef Py_ssize_t i = 0, p, j, count
    cdef const char* found
    cdef Py_UCS4 c
    while i < n:
        if char_t is uint8_t:
            found = <const char*>memchr(<const char*>s + i, 60, n - i)
            if found == NULL:
                return -1
            i = found - <const char*>s
        elif s[i] != 60:
            i += 1
            continue
        p = i
        i += 1
        if i >= n or not _ascii_letter(s[i]):
            continue
        # the tag name: [a-zA-Z][^\s<>/]*+
        j = i + 1
        while j < n:
            c = s[j]
            if c == 60 or c == 62 or c == 47 or _space(c):
                break
            j += 1
        count = 0
        while count <= cap:
            j = _token(s, j, n)
            if j < 0:
                break
            count += 1
        if count > cap:
            return p
    return -1


def first_long_tag(str html, Py_ssize_t cap):
    """Position of the first ``<`` that ``cap_attributes``'s pattern matches at, or -1."""
    cdef int kind = PyUnicode_KIND(html)
    cdef void* data = PyUnicode_DATA(html)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(html), at
    with nogil:
        if kind == 1:
            at = _first_long_tag(<const uint8_t*>data, n, cap)
        elif kind == 2:
            at = _first_long_tag(<const uint16_t*>data, n, cap)
        else:
            at = _first_long_tag(<const uint32_t*>data, n, cap)
    return at
