# cython: language_level=3
"""Text measures in C for the native walk (:mod:`maintext.html._walk`) and its callers.

- ``_collapse``: what ``segmentation.Block`` makes of a block's raw text (markers removed,
  white space collapsed as ``str.split`` does, spaces, commas, CJK and ASCII counted), in
  one pass; ``block_of`` exposes it to the tests.
- ``_utf8_isspace``, ``_utf8_stripped_len``: ``isspace()`` and ``len(strip())`` of UTF-8 text
  runs, decoded only when a non-ASCII character decides.
- ``text_weight`` / ``has_cjk``: :func:`maintext.textutil.text_weight` and ``has_cjk`` with the
  CJK table of ``textutil`` (``set_cjk_ranges``).
- ``text_length`` / ``link_text_length``: ``len(el.text_content())`` and the sum of it over
  ``el.iter("a")`` without building strings (the box sizes of :mod:`maintext.html.boxsize`).
- ``Needles``: whether any of a table of words is a substring of a text, in one pass (the
  prefilters of :mod:`maintext.html.promo` and :mod:`maintext.html.lines`).

Each has its Python twin (textutil, segmentation.Block, boxsize, the prefilters' loops); ``tests/html/test_native.py``
checks they agree.
"""

from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode
from lxml.includes.etreepublic cimport _Element, import_lxml__etree
from libc.string cimport memcpy, strlen, strcmp
from libc.stdint cimport uint64_t
from maintext.html._xmlnode cimport _next_under

import_lxml__etree()

# markers.MARK_BR, MARK_SPAN, MARK_IMAGE (the walk checks them when it starts)
cdef enum Mark:
    MARK_BR = 1
    MARK_SPAN = 2
    MARK_IMAGE = 4


cdef extern from "Python.h":
    int PyUnicode_KIND(object)
    void* PyUnicode_DATA(object)
    Py_ssize_t PyUnicode_GET_LENGTH(object)
    Py_UCS4 PyUnicode_READ(int kind, void* data, Py_ssize_t index) nogil
    void PyUnicode_WRITE(int kind, void* data, Py_ssize_t index, Py_UCS4 value) nogil
    object PyUnicode_FromKindAndData(int kind, const void* buffer, Py_ssize_t size)
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch) nogil
    object PyUnicode_DecodeUTF8(const char* s, Py_ssize_t size, const char* errors)


# str.isspace() of the ASCII characters (\t\n\v\f\r, \x1c-\x1f, space)
cdef unsigned char _ascii_space[128]
for _i in range(128):
    _ascii_space[_i] = chr(_i).isspace()


cdef inline Py_ssize_t _space_at(const unsigned char* p, Py_ssize_t i, Py_ssize_t n, bint* space) noexcept:
    """The length of the UTF-8 character at ``p[i]`` (0 when it is not well formed), with
    whether it is white space (``str.isspace``)."""
    cdef unsigned int c = p[i]
    cdef Py_ssize_t m, k
    if c < 0x80:
        space[0] = _ascii_space[c]
        return 1
    if c < 0xC2:
        return 0
    if c < 0xE0:
        c, m = c & 0x1F, 2
    elif c < 0xF0:
        c, m = c & 0x0F, 3
    elif c < 0xF5:
        c, m = c & 0x07, 4
    else:
        return 0
    if i + m > n:
        return 0
    for k in range(1, m):
        if (p[i + k] & 0xC0) != 0x80:
            return 0
        c = (c << 6) | (p[i + k] & 0x3F)
    space[0] = Py_UNICODE_ISSPACE(<Py_UCS4>c)
    return m


cdef Py_ssize_t _utf8_space_at(const unsigned char* p, Py_ssize_t i, Py_ssize_t n, bint* space) noexcept:
    """_space_at for other modules (metadata's _labelled); this module's loops inline it."""
    return _space_at(p, i, n, space)


cdef inline uint64_t _zero_bytes(uint64_t w) noexcept nogil:
    """0x80 in each byte of ``w`` that is 0, 0 in the others (exact: no carry across bytes)."""
    return ~(((w & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | w) & 0x8080808080808080ULL


cdef inline Py_ssize_t _indent_run(const unsigned char* u, Py_ssize_t n) noexcept nogil:
    """How many bytes from the start of ``u[:n]``, 8 at a time, are all space, newline,
    tab or carriage return (white space to ``str.isspace``; the indentation between tags):
    a whole number of 8-byte words, the rest left to the caller's loop."""
    cdef Py_ssize_t i = 0
    cdef uint64_t w
    while i + 8 <= n:
        memcpy(&w, u + i, 8)
        if (_zero_bytes(w ^ 0x2020202020202020ULL) | _zero_bytes(w ^ 0x0A0A0A0A0A0A0A0AULL)
                | _zero_bytes(w ^ 0x0909090909090909ULL) | _zero_bytes(w ^ 0x0D0D0D0D0D0D0D0DULL)) != 0x8080808080808080ULL:
            break
        i += 8
    return i


cdef bint _utf8_isspace(const char* p, Py_ssize_t n) except -1:
    """``text.isspace()`` of the UTF-8 text ``p[:n]`` (n > 0): its characters read in turn
    up to the first that is not white space (decoded by Python only if not well formed),
    runs of indentation (spaces, newlines, tabs) passed over 8 bytes at a time first."""
    cdef const unsigned char* u = <const unsigned char*>p
    cdef Py_ssize_t i = _indent_run(u, n), m
    cdef bint space = False
    while i < n:
        m = _space_at(u, i, n, &space)
        if m == 0:
            return PyUnicode_DecodeUTF8(p, n, NULL).isspace()
        if not space:
            return False
        i += m
    return True


cdef Py_ssize_t _utf8_stripped_len(const char* p, Py_ssize_t n) except -1:
    """``len(text.strip())`` of the UTF-8 text ``p[:n]``: white space characters read off
    both ends, the code points between them counted (decoded by Python only if not well
    formed)."""
    cdef const unsigned char* u = <const unsigned char*>p
    cdef Py_ssize_t lo = 0, hi = n, i, m, start, count = 0
    cdef bint space = False
    while lo < hi:
        m = _space_at(u, lo, hi, &space)
        if m == 0:
            return len(PyUnicode_DecodeUTF8(p, n, NULL).strip())
        if not space:
            break
        lo += m
    while hi > lo:
        start = hi - 1
        while start > lo and (u[start] & 0xC0) == 0x80:
            start -= 1
        m = _space_at(u, start, hi, &space)
        if m != hi - start:
            return len(PyUnicode_DecodeUTF8(p, n, NULL).strip())
        if not space:
            break
        hi = start
    for i in range(lo, hi):
        count += (u[i] & 0xC0) != 0x80
    return count


def utf8_measures(bytes data):
    """(``text.isspace()``, ``len(text.strip())``) of the non-empty UTF-8 ``data`` as the
    walk reads them from libxml2's text (for tests)."""
    return _utf8_isspace(data, len(data)), _utf8_stripped_len(data, len(data))


include "_chars.pxi"


cdef Py_ssize_t _code_points(const unsigned char* p, size_t n) noexcept nogil:
    """The code points of ``n`` bytes of valid UTF-8: the bytes that do not continue a
    character (10xxxxxx), those counted 8 at a time (a count per byte of a 64-bit word,
    summed at most every 255 words), the last few one by one."""
    cdef size_t i = 0, words
    cdef uint64_t w, lanes
    cdef Py_ssize_t continuing = 0
    while i + 8 <= n:
        lanes = 0
        words = 0
        while words < 255 and i + 8 <= n:
            memcpy(&w, p + i, 8)
            lanes += ((w & ~(w << 1)) >> 7) & 0x0101010101010101ULL  # bit 7 set, bit 6 clear
            i += 8
            words += 1
        lanes = (lanes & 0x00FF00FF00FF00FFULL) + ((lanes >> 8) & 0x00FF00FF00FF00FFULL)
        continuing += <Py_ssize_t>((lanes * 0x0001000100010001ULL) >> 48)
    while i < n:
        continuing += (p[i] & 0xC0) == 0x80
        i += 1
    return <Py_ssize_t>n - continuing


cdef Py_ssize_t _utf8_code_points(const unsigned char* p, size_t n) noexcept nogil:
    """_code_points for other modules (the walk's count of the page's text); this module's loops inline it."""
    return _code_points(p, n)


cdef Py_ssize_t _text_len(xmlNode* top) noexcept:
    """The code points of the text and CDATA nodes under element ``top``, or -1 when an
    entity reference lies under it (then libxml2's own rule, text_content, is asked)."""
    cdef xmlNode* n = top.children
    cdef Py_ssize_t count = 0
    cdef const unsigned char* p
    while n is not NULL:
        if n.type == tree.XML_TEXT_NODE or n.type == tree.XML_CDATA_SECTION_NODE:
            p = <const unsigned char*>n.content
            if p is not NULL:
                count += _code_points(p, strlen(<const char*>p))
        elif n.type == tree.XML_ENTITY_REF_NODE:
            return -1  # (never from the HTML parser)
        n = _next_under(n, top)
    return count


def text_length(el):
    """``len(el.text_content())`` without building the string: the code points of the text
    and CDATA nodes under ``el`` (lxml's text_content is XPath ``string()``; libxml2 holds
    valid UTF-8, so code points are the bytes that do not continue a character)."""
    cdef _Element e = el
    cdef Py_ssize_t count
    if e._c_node.type != tree.XML_ELEMENT_NODE:
        return len(el.text_content())
    count = _text_len(e._c_node)
    return count if count >= 0 else len(el.text_content())


cdef Py_ssize_t _link_text_len(xmlNode* top) noexcept:
    """The text length of each ``<a>`` (no namespace) under element ``top``, ``top``
    included, nested links counted again inside their parent's; -1 when an entity
    reference lies under one (then libxml2's own rule, text_content, is asked)."""
    cdef xmlNode* n = top
    cdef Py_ssize_t total = 0, count
    while n is not NULL:
        if n.type == tree.XML_ELEMENT_NODE and n.ns is NULL and strcmp(<const char*>n.name, "a") == 0:
            count = _text_len(n)
            if count < 0:
                return -1
            total += count
        n = _next_under(n, top)
    return total


def link_text_length(el):
    """``sum(len(a.text_content()) for a in el.iter("a"))`` (boxsize.BoxSizes.links) without
    an element proxy or a string per link (_link_text_len)."""
    cdef _Element e = el
    cdef Py_ssize_t total = -1
    if e._c_node.type == tree.XML_ELEMENT_NODE:
        total = _link_text_len(e._c_node)
    return total if total >= 0 else sum(len(a.text_content()) for a in el.iter("a"))


from libc.stdlib cimport malloc, free
from libc.stdint cimport uint64_t
from libc.string cimport memcmp
cimport cython


@cython.final  # (its cdef helpers called directly, not through a table)
cdef class Needles:
    """``any(word in text for word in words)`` (the needle tables that let a line skip a
    regex search, :mod:`maintext.html.promo` and :mod:`maintext.html.lines`) in one pass
    over ``text``: at each position only the words starting with its character and going on
    with the next one (a bit mask per first ASCII character) are compared, instead of one
    substring search of the whole text per word. Twin of the Python loops it stands for
    (``tests/html/test_native.py``)."""

    cdef readonly tuple words
    cdef Py_UCS4* chars  # every word's code points, one after the other
    cdef Py_ssize_t* offset  # word k: chars[offset[k]:offset[k] + length[k]]
    cdef Py_ssize_t* length
    cdef int* order  # word indexes: those starting with ASCII character c at [first[c], first[c + 1])
    cdef int first[129]
    cdef uint64_t second[128][2]  # bit d: a word starting with c goes on with ASCII character d
    cdef bint loose[128]  # a word starting with c has no ASCII second character: always compared
    # (the 1-byte loop's finer split of loose: a word of c alone, always compared; a word going
    # on with a non-ASCII character, compared only where one follows c)
    cdef bint single[128]
    cdef bint wide[128]
    # bit d of pair[c]: words starting with ASCII c are compared where ASCII d follows (some
    # start with c, and one is c alone or goes on with d): the 1-byte loop's one test there
    cdef uint64_t pair[128][2]
    cdef int* others  # indexes of the words starting with a non-ASCII character
    cdef Py_ssize_t n_others
    cdef uint64_t others_mask  # bit (u & 63) of each of their first characters u
    cdef bint always  # an empty word: in every text
    # every word's code points as bytes, where word k is Latin-1 (latin1[k]): compared with
    # memcmp in a text of 1-byte kind (a word holding a wider character is in no such text)
    cdef unsigned char* bytes_
    cdef bint* latin1

    def __cinit__(self, words):
        self.words = tuple(words)
        cdef Py_ssize_t n = len(self.words), total = 0, k, j, at = 0
        cdef int c, d, filled
        for w in self.words:
            if not isinstance(w, str):
                raise TypeError("needles are str")
            total += len(w)
        self.chars = <Py_UCS4*>malloc((total + 1) * sizeof(Py_UCS4))
        self.offset = <Py_ssize_t*>malloc((n + 1) * sizeof(Py_ssize_t))
        self.length = <Py_ssize_t*>malloc((n + 1) * sizeof(Py_ssize_t))
        self.order = <int*>malloc((n + 1) * sizeof(int))
        self.others = <int*>malloc((n + 1) * sizeof(int))
        self.bytes_ = <unsigned char*>malloc((total + 1) * sizeof(unsigned char))
        self.latin1 = <bint*>malloc((n + 1) * sizeof(bint))
        if not (self.chars and self.offset and self.length and self.order and self.others and self.bytes_
                and self.latin1):
            raise MemoryError()
        self.n_others = 0
        self.others_mask = 0
        self.always = False
        for c in range(128):
            self.second[c][0] = self.second[c][1] = 0
            self.loose[c] = self.single[c] = self.wide[c] = False
            self.pair[c][0] = self.pair[c][1] = 0
        for k in range(n):
            w = self.words[k]
            self.offset[k] = at
            self.length[k] = len(w)
            self.latin1[k] = True
            for j in range(len(w)):
                self.chars[at] = ord(w[j])
                if self.chars[at] < 256:
                    self.bytes_[at] = <unsigned char>self.chars[at]
                else:
                    self.bytes_[at] = 0
                    self.latin1[k] = False
                at += 1
            if not w:
                self.always = True
            elif self.chars[self.offset[k]] >= 128:
                self.others[self.n_others] = k
                self.n_others += 1
                self.others_mask |= (<uint64_t>1) << ((<uint64_t>self.chars[self.offset[k]]) & 63)
        filled = 0
        for c in range(128):  # the words of each ASCII first character, in table order
            self.first[c] = filled
            for k in range(n):
                if self.length[k] and self.chars[self.offset[k]] == <Py_UCS4>c:
                    self.order[filled] = k
                    filled += 1
                    if self.length[k] < 2 or self.chars[self.offset[k] + 1] >= 128:
                        self.loose[c] = True
                        if self.length[k] < 2:
                            self.single[c] = True
                        else:
                            self.wide[c] = True
                    else:
                        d = <int>self.chars[self.offset[k] + 1]
                        self.second[c][d >> 6] |= (<uint64_t>1) << (d & 63)
        self.first[128] = filled
        for c in range(128):  # (no word of c: no bit; a word of c alone: every bit)
            if self.first[c] != self.first[c + 1]:
                for d in range(2):
                    self.pair[c][d] = ~(<uint64_t>0) if self.single[c] else self.second[c][d]

    def __dealloc__(self):
        free(self.chars)
        free(self.offset)
        free(self.length)
        free(self.order)
        free(self.others)
        free(self.bytes_)
        free(self.latin1)

    cdef inline bint _at(self, int k, int kind, void* data, Py_ssize_t i, Py_ssize_t n) noexcept:
        """Word ``k`` (whose first character is text[i]) is in the text at ``i``."""
        cdef Py_ssize_t m = self.length[k], j
        cdef Py_UCS4* w = self.chars + self.offset[k]
        if m > n - i:
            return False
        for j in range(1, m):
            if w[j] != PyUnicode_READ(kind, data, i + j):
                return False
        return True

    cdef inline bint _at1(self, int k, const unsigned char* s, Py_ssize_t i, Py_ssize_t n) noexcept:
        """``_at`` in a text of 1-byte kind ``s``: word ``k`` whole, compared as bytes."""
        cdef Py_ssize_t m = self.length[k]
        return m <= n - i and self.latin1[k] and memcmp(self.bytes_ + self.offset[k], s + i, m) == 0

    cdef bint _any_in_1byte(self, const unsigned char* s, Py_ssize_t n) noexcept:
        """The loop of :meth:`any_in` over a text of 1-byte kind (ASCII or Latin-1, most
        lines): its characters read as bytes, one table test per pair of ASCII characters
        (``pair``), the words compared with memcmp, and a word going on with a non-ASCII
        character compared only where one follows (the general loop compares every word of
        its first character there: "síguenos" at every "s"). The same words are compared at
        the same places as there, but for those."""
        cdef Py_ssize_t i, q
        cdef int c, d, k
        for i in range(n):
            c = s[i]
            d = s[i + 1] if i + 1 < n else 128  # (128: no ASCII character follows)
            if (c | d) < 128:  # (the common case: two ASCII characters)
                if not (self.pair[c][d >> 6] >> (d & 63)) & 1:
                    continue
            elif c >= 128:
                if not (self.others_mask >> (c & 63)) & 1:
                    continue  # (no word starts with c)
                for q in range(self.n_others):
                    k = self.others[q]
                    if self.chars[self.offset[k]] == <Py_UCS4>c and self._at1(k, s, i, n):
                        return True
                continue
            elif self.first[c] == self.first[c + 1]:
                continue
            elif not (self.single[c] or (self.wide[c] and i + 1 < n)):
                continue  # (the text's end, or a non-ASCII character: only those words can be there)
            for q in range(self.first[c], self.first[c + 1]):
                if self._at1(self.order[q], s, i, n):
                    return True
        return False

    def any_in(self, str text):
        """Whether one of the words is a substring of ``text``."""
        cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i, q
        cdef int kind = PyUnicode_KIND(text), k
        cdef void* data = PyUnicode_DATA(text)
        cdef Py_UCS4 u
        cdef int c, d
        if self.always:
            return True
        if kind == 1:  # (PyUnicode_1BYTE_KIND)
            return self._any_in_1byte(<const unsigned char*>data, n)
        for i in range(n):
            u = PyUnicode_READ(kind, data, i)
            if u >= 128:
                if not (self.others_mask >> ((<uint64_t>u) & 63)) & 1:
                    continue  # (no word starts with u: most CJK characters, one test)
                for q in range(self.n_others):
                    k = self.others[q]
                    if self.chars[self.offset[k]] == u and self._at(k, kind, data, i, n):
                        return True
                continue
            c = <int>u
            if self.first[c] == self.first[c + 1]:
                continue
            if not self.loose[c]:
                if i + 1 >= n:
                    continue
                u = PyUnicode_READ(kind, data, i + 1)
                if u >= 128:
                    continue
                d = <int>u
                if not (self.second[c][d >> 6] >> (d & 63)) & 1:
                    continue
            for q in range(self.first[c], self.first[c + 1]):
                if self._at(self.order[q], kind, data, i, n):
                    return True
        return False
