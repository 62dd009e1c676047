# The character classes of the block text measures (included by _text.pyx): what a code
# point is to ``str.split`` (white space), to ``re``'s ``\w`` (a word character) and to
# textutil's CJK table, read once per code point and process, and the one pass that
# turns a block's raw text into its text, spaces, commas and weight (``_collapse``).
#
# Twins: segmentation.Block (the text, spaces, commas), textutil.text_weight (the weight),
# textutil.has_cjk; tests/html/test_native.py compares them on random text of every width.

from libc.string cimport memcmp, memcpy, memset
from libc.stdlib cimport free, malloc


cdef extern from "Python.h":
    ctypedef unsigned char Py_UCS1
    ctypedef unsigned short Py_UCS2
    object PyUnicode_New(Py_ssize_t size, Py_UCS4 maxchar)


include "_charclass.pxi"


def set_cjk_ranges(tuple ranges):
    """The CJK blocks of maintext.textutil (one table for both paths), sorted."""
    _set_cjk_table(ranges)


cdef struct Counts:  # what _collapse_run counts on the text it writes
    Py_ssize_t written, words, commas, cjk, tokens
    Py_UCS4 maxchar


ctypedef fused uchar:
    Py_UCS1
    Py_UCS2
    Py_UCS4


# What a Latin-1 character is to _collapse_latin1: written as it is (PLAIN), a comma (written,
# counted), or to look at (a marker below 4 or white space to str.split)
cdef enum:
    L1_PLAIN = 0
    L1_COMMA = 1
    L1_OTHER = 2
cdef unsigned char _latin1_kind[256]
for _c in range(256):
    _latin1_kind[_c] = (L1_OTHER if _c < 4 or chr(_c).isspace() else L1_COMMA if _c == 44 else L1_PLAIN)
# \w of re (str.isalnum() or "_") for the code points below 256, which hold no CJK character
# (C_WORD there)
cdef unsigned char _word_byte[256]
for _i in range(256):
    _word_byte[_i] = chr(_i).isalnum() or _i == 95


cdef void _collapse_latin1(const Py_UCS1* src, Py_ssize_t n, Py_UCS1* dst, bint br, bint span, bint image,
                           Counts* out) noexcept nogil:
    """_collapse_run of a Latin-1 text: the same text and counts, a word's characters after
    its first copied in a tight loop (one table load each); ``maxchar`` is the OR of the
    characters written (below 128 exactly when their maximum is: all PyUnicode_New asks)."""
    cdef Py_ssize_t i = 0, j = 0, words = 0, commas = 0
    cdef unsigned char c, kind, seen = 0
    cdef bint gap = False
    while i < n:
        c = src[i]
        kind = _latin1_kind[c]
        if kind == L1_OTHER:
            i += 1
            if c < 4:
                if (c == 1 or c == 2) and span or c == 3 and image:
                    continue  # a span or image marker: gone
                if c == 0 and br:
                    gap = True  # a line break: a space
                    continue
                kind = L1_PLAIN  # any other character below 4 is written as a word's
            else:
                gap = True
                continue
        else:
            i += 1
        if gap or not words:
            if words:
                dst[j] = 32
                j += 1
            words += 1
        gap = False
        # this character, then the word's others up to the next one to look at
        while True:
            dst[j] = c
            j += 1
            seen |= c
            commas += kind  # (L1_COMMA is 1, L1_PLAIN 0)
            if i >= n:
                break
            c = src[i]
            kind = _latin1_kind[c]
            if kind == L1_OTHER:
                break
            i += 1
    out.written, out.words, out.commas, out.cjk, out.tokens, out.maxchar = j, words, commas, 0, 0, seen


cdef void _collapse_run(const uchar* src, Py_ssize_t n, uchar* dst, int marked, Counts* out) noexcept nogil:
    """Write the text of ``src[:n]`` to ``dst`` (the markers ``marked`` names removed, line
    breaks as spaces, ``" ".join(text.split())``), counting its words (white space runs + 1),
    commas (",", "，", "、"), maximal code point and, above Latin-1, its CJK characters and
    ``\\w`` tokens (textutil._TOKEN: a CJK word character alone, other word characters in
    runs; the space written between words ends a run). Latin-1 text: _collapse_latin1."""
    cdef Py_ssize_t i, j = 0, words = 0, commas = 0, cjk = 0, tokens = 0
    cdef Py_UCS4 c, maxchar = 0
    cdef unsigned int small = 0  # the OR of the Latin-1 characters written
    cdef unsigned char k
    cdef bint gap = False, in_run = False
    cdef bint br = marked & MARK_BR, span = marked & MARK_SPAN, image = marked & MARK_IMAGE
    if uchar is Py_UCS1:
        _collapse_latin1(src, n, dst, br, span, image, out)
    else:
        i = 0
        while i < n:
            c = src[i]
            i += 1
            if c < 256 and _latin1_kind[c] != L1_OTHER:
                # a Latin-1 character starts a word: it and the word's next Latin-1 ones
                # in a tight loop (their classes from two tables; their maximum as an OR,
                # below 256, which changes no maximum above it nor which side of 128 it is)
                if gap or not words:
                    if words:
                        dst[j] = 32
                        j += 1
                        in_run = False
                    words += 1
                gap = False
                while True:
                    dst[j] = <uchar>c
                    j += 1
                    small |= <unsigned int>c
                    commas += _latin1_kind[c]  # (L1_COMMA is 1, L1_PLAIN 0)
                    if _word_byte[c]:
                        tokens += not in_run
                        in_run = True
                    else:
                        in_run = False
                    if i >= n:
                        break
                    c = src[i]
                    if c >= 256 or _latin1_kind[c] == L1_OTHER:
                        break
                    i += 1
                continue
            if c < 4:
                if (c == 1 or c == 2) and span or c == 3 and image:
                    continue  # a span or image marker: gone
                if c == 0 and br:
                    gap = True  # a line break: a space
                    continue
            k = _char_class(c)
            if k & C_SPACE:
                gap = True
                continue
            if gap or not words:
                if words:
                    dst[j] = 32
                    j += 1
                    in_run = False
                words += 1
            gap = False
            dst[j] = <uchar>c
            j += 1
            if c > maxchar:
                maxchar = c
            if c == 44 or c == 0xFF0C or c == 0x3001:
                commas += 1
            if k & C_CJK:  # (no CJK character below U+1100)
                cjk += 1
                tokens += k & C_WORD
                in_run = False
            elif k & C_WORD:
                if not in_run:
                    tokens += 1
                    in_run = True
            else:
                in_run = False
        if small > maxchar:
            maxchar = <Py_UCS4>small
        out.written, out.words, out.commas, out.cjk, out.tokens, out.maxchar = j, words, commas, cjk, tokens, maxchar


cdef enum:
    LOCAL_BYTES = 8192  # _collapse writes blocks up to this size on the stack


cdef str _collapse(str raw, int marked, Py_ssize_t* commas, double* weight):
    """What segmentation.Block makes of ``raw``: its text (the markers ``marked`` says it
    holds removed, line breaks as spaces, then ``" ".join(text.split())``), with its
    commas and its weight (``text.count(" ") + 1`` without CJK characters, else
    textutil.text_weight), in one pass; ``raw`` itself when the text is the same. The
    text is written to a buffer of this call (on the stack, or allocated for a long
    block): no state shared between threads."""
    cdef char local[LOCAL_BYTES]
    cdef char* buf = local
    cdef int kind = PyUnicode_KIND(raw)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(raw)
    if n * kind > LOCAL_BYTES:
        buf = <char*>malloc(n * kind)
        if buf is NULL:
            raise MemoryError()
    try:
        return _collapse_into(raw, marked, commas, weight, buf)
    finally:
        if buf is not local:
            free(buf)


cdef str _collapse_into(str raw, int marked, Py_ssize_t* commas, double* weight, char* buf):
    """_collapse with ``buf`` (room for ``raw``'s data) to write the text to."""
    cdef int kind = PyUnicode_KIND(raw)
    cdef void* data = PyUnicode_DATA(raw)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(raw)
    cdef Counts k
    cdef object text
    if kind == 1:
        _collapse_run(<Py_UCS1*>data, n, <Py_UCS1*>buf, marked, &k)
    elif kind == 2:
        _collapse_run(<Py_UCS2*>data, n, <Py_UCS2*>buf, marked, &k)
    else:
        _collapse_run(<Py_UCS4*>data, n, <Py_UCS4*>buf, marked, &k)
    commas[0] = k.commas
    if k.cjk and k.maxchar >= 128:
        weight[0] = <double>(k.tokens - k.cjk) + <double>k.cjk / 1.7
    else:
        weight[0] = <double>(k.words - 1 if k.words else 0) + 1.0
    if k.written == n and memcmp(data, buf, n * kind) == 0:
        return raw
    text = PyUnicode_New(k.written, k.maxchar)
    if PyUnicode_KIND(text) != kind:  # narrower than raw (its widest characters were dropped)
        return PyUnicode_FromKindAndData(kind, buf, k.written)
    memcpy(PyUnicode_DATA(text), buf, k.written * kind)
    return text


def block_of(str raw, int marked):
    """(text, chars, weight, commas, ASCII) of the Block the walk makes of ``raw`` (for tests)."""
    cdef Py_ssize_t commas = 0
    cdef double weight = 0.0
    text = _collapse(raw, marked, &commas, &weight)
    return text, len(text), weight, commas, text.isascii()


# ---- text_weight (maintext.textutil.text_weight) without the two regex scans

cdef double _weight_ucs1(const unsigned char* p, Py_ssize_t n) noexcept:
    """text_weight of a text of code points below 256: its runs of word characters."""
    cdef Py_ssize_t i, tokens = 0
    cdef bint in_run = False, word
    for i in range(n):
        word = _word_byte[p[i]]
        if word and not in_run:
            tokens += 1
        in_run = word
    return <double>tokens


cdef double _weight_wide(const uchar* p, Py_ssize_t n) noexcept nogil:
    """text_weight of a text of two- or four-byte code points, one class load a character."""
    cdef Py_ssize_t i, cjk = 0, tokens = 0
    cdef bint in_run = False
    cdef unsigned char k
    for i in range(n):
        k = _char_class(p[i])
        if k & C_CJK:
            cjk += 1
            tokens += k & C_WORD
            in_run = False
        elif k & C_WORD:
            if not in_run:
                tokens += 1
                in_run = True
        else:
            in_run = False
    return <double>(tokens - cjk) + <double>cjk / 1.7


def text_weight(str text):
    """Words for Latin text, ~1/1.7 per CJK character: exactly textutil.text_weight (its
    ``_TOKEN`` tokens minus the CJK characters, plus the CJK characters / 1.7)."""
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text)
    if kind == 1:  # Latin-1 (ASCII included): no CJK, one table lookup a character
        return _weight_ucs1(<const unsigned char*>data, n)
    if kind == 2:
        return _weight_wide(<const Py_UCS2*>data, n)
    return _weight_wide(<const Py_UCS4*>data, n)


cdef bint _has_cjk(str text):
    """textutil.has_cjk: a character of one of the CJK blocks (the same table)."""
    cdef Py_UCS4 c
    for c in text:
        if c >= 0x1100 and _char_class(c) & C_CJK:
            return True
    return False


def has_cjk(str text):
    return _has_cjk(text)
