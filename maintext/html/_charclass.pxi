# The character classes of text measures, one table a module that includes this (html/_chars.pxi
# for _text.pyx, pagetype/_totals.pyx): what a code point is to ``str.split`` (white space), to
# ``re``'s ``\w`` (a word character) and to textutil's CJK table, read once per code point.

from libc.string cimport memset


cdef extern from "Python.h":
    bint Py_UNICODE_ISALNUM(Py_UCS4 ch) nogil
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch) nogil


cdef enum CharClass:
    C_WORD = 1  # \w of re: str.isalnum() or "_"
    C_CJK = 2  # in a block of textutil._CJK_RANGES
    C_SPACE = 4  # str.isspace() (what str.split() splits at)
    C_KNOWN = 8  # the entry of _bmp_class is filled


cdef Py_UCS4 _cjk_lo[64]
cdef Py_UCS4 _cjk_hi[64]
cdef int _n_cjk = 0
# the classes of the code points below U+10000, each computed the first time it is met
# (zeroed whenever the CJK table is set): one load a character instead of a scan of the
# CJK table and a walk of the Unicode database
cdef unsigned char _bmp_class[65536]


cdef int _set_cjk_table(tuple ranges) except -1:
    """Set the CJK blocks (maintext.textutil's, sorted; the first 64) and forget the classes
    computed with the old ones."""
    global _n_cjk
    cdef int i = 0
    for lo, hi in ranges[:64]:
        _cjk_lo[i] = lo
        _cjk_hi[i] = hi
        i += 1
    _n_cjk = i
    memset(_bmp_class, 0, sizeof(_bmp_class))
    return 0


cdef inline bint _is_cjk(Py_UCS4 c) noexcept nogil:
    cdef int i
    for i in range(_n_cjk):
        if c < _cjk_lo[i]:
            return False
        if c <= _cjk_hi[i]:
            return True
    return False


cdef unsigned char _class_of(Py_UCS4 c) noexcept nogil:
    """The classes of ``c``, computed."""
    cdef unsigned char k = C_KNOWN
    if c == 95 or Py_UNICODE_ISALNUM(c):
        k |= C_WORD
    if c >= 0x1100 and _is_cjk(c):
        k |= C_CJK
    if Py_UNICODE_ISSPACE(c):
        k |= C_SPACE
    return k


cdef inline unsigned char _char_class(Py_UCS4 c) noexcept nogil:
    """The classes of ``c``: from the table below U+10000 (filled on first sight)."""
    cdef unsigned char k
    if c >= 65536:
        return _class_of(c)
    k = _bmp_class[c]
    if k == 0:
        k = _bmp_class[c] = _class_of(c)
    return k
