# The words of a class or id value looked up in maintext.html.vocab's tables (included by
# _nodes.pyx): ``vocab._attr_marks`` for ASCII values, in C. The vocabulary's words go into
# a hash table of their bytes once per process, so a value's words are cut, lower-cased
# and looked up in a buffer: no slice, no lower-cased copy, no dict lookup per word.
# tests/html/test_nodes.py compares it with the Python function on random values.

from libc.string cimport memcmp as _memcmp, memcpy
from libc.stdlib cimport calloc, free
from cpython.object cimport PyObject


cdef extern from "Python.h":
    void* PyUnicode_DATA(object)
    Py_ssize_t PyUnicode_GET_LENGTH(object)


cdef enum:
    VOCAB_SLOTS = 2048  # a power of two, over twice the vocabulary
    WORD_MAX = 48  # longer words are in no table (checked when the table is built)
    W_BOILER = 1
    W_STRONG = 2
    W_CONTENT = 4
    W_STATE = 8


cdef struct _Word:
    unsigned char length  # 0: an empty slot
    unsigned char flags
    char text[WORD_MAX]
    PyObject* reason  # BOILERPLATE_WORDS[word] (kept alive by _BOILER)
    short canon  # the first slot of a word of the same reason (_value_bytes_code's numbers)


cdef dict _BOILER = None, _STRONG, _CONTENT, _STATE
cdef object _py_attr_marks
cdef _Word* _words = NULL  # VOCAB_SLOTS slots, published once filled (see _load_vocab)


cdef inline unsigned int _word_hash(const char* p, Py_ssize_t n) noexcept:
    cdef unsigned int h = 2166136261u
    cdef Py_ssize_t i
    for i in range(n):
        h = (h ^ <unsigned char>p[i]) * 16777619u
    return h


cdef Py_ssize_t _word_slot(_Word* words, const char* p, Py_ssize_t n) noexcept:
    """The slot of word ``p[:n]`` in the table ``words``, or the empty slot where it goes."""
    cdef Py_ssize_t h = _word_hash(p, n) & (VOCAB_SLOTS - 1)
    while words[h].length and not (words[h].length == n and _memcmp(words[h].text, p, n) == 0):
        h = (h + 1) & (VOCAB_SLOTS - 1)
    return h


cdef _load_vocab():
    """The vocabulary's tables; the word table is filled apart and published at the end,
    with _BOILER (a thread that loads them at the same time keeps the first published)."""
    global _BOILER, _STRONG, _CONTENT, _STATE, _py_attr_marks, _words
    from maintext.html import vocab
    cdef Py_ssize_t h
    cdef bytes b
    cdef _Word* table
    _STRONG = dict.fromkeys(vocab.STRONG_WORDS)
    _CONTENT = dict.fromkeys(vocab.CONTENT_WORDS)
    _STATE = dict.fromkeys(vocab.STATE_WORDS)
    _py_attr_marks = vocab._attr_marks
    boiler = dict(vocab.BOILERPLATE_WORDS)
    words = set(boiler) | set(_CONTENT) | set(_STATE)
    if len(words) * 2 > VOCAB_SLOTS:
        raise ValueError("vocabulary too large for the word table")
    table = <_Word*>calloc(VOCAB_SLOTS, sizeof(_Word))
    if table is NULL:
        raise MemoryError()
    try:
        for w in words:
            b = w.encode("ascii")
            if not 0 < len(b) <= WORD_MAX:
                raise ValueError(f"vocabulary word of unexpected length: {w!r}")
            h = _word_slot(table, b, len(b))
            table[h].length = len(b)
            memcpy(table[h].text, <const char*>b, len(b))
            table[h].flags = ((W_BOILER if w in boiler else 0) | (W_STRONG if w in _STRONG else 0)
                              | (W_CONTENT if w in _CONTENT else 0) | (W_STATE if w in _STATE else 0))
            table[h].reason = <PyObject*>boiler[w] if w in boiler else NULL
        _canonical_slots(table)
    except BaseException:
        free(table)
        raise
    if _words is not NULL:  # loaded meanwhile by another thread: keep that one
        free(table)
        return
    _words = table  # (then _BOILER: its being set says the table is ready)
    _BOILER = boiler


cdef int _canonical_slots(_Word* table) except -1:
    """Give each word of a reason the slot of the first word (in slot order) of an equal
    reason: words of one reason make one number (_value_bytes_code), one cache entry."""
    cdef Py_ssize_t h
    first = {}
    for h in range(VOCAB_SLOTS):
        if table[h].length:
            table[h].canon = h
            if table[h].reason is not NULL:
                table[h].canon = first.setdefault(<object>table[h].reason, h)
    return 0


cdef inline bint _is_lower(Py_UCS4 c) noexcept:
    return c >= 97 and c <= 122


cdef inline bint _is_upper(Py_UCS4 c) noexcept:
    return c >= 65 and c <= 90


cdef inline bint _is_digit(Py_UCS4 c) noexcept:
    return c >= 48 and c <= 57


cdef tuple _id_words(str value):
    """``vocab._attr_marks(value)`` (a non-empty class or id value): for an ASCII value, its
    words (runs of letters and digits, also cut between a lower-case and an upper-case
    letter, lower-cased) looked up in the word table; other values by the Python function
    (Unicode lower-casing)."""
    if _BOILER is None:
        _load_vocab()
    if not value.isascii():
        return _py_attr_marks(value)
    if not value:
        return _NO_WORDS
    return _words_of_code(_value_bytes_code(<const unsigned char*>PyUnicode_DATA(value), PyUnicode_GET_LENGTH(value)))


# What a byte is to _value_bytes_code: a separator (NUL among them), a letter or
# digit of a word (upper-case letters apart: they may start one), or a byte of a non-ASCII
# character (the value goes to _id_words' Python twin)
cdef enum:
    B_SEP = 0
    B_LOWER = 1
    B_UPPER = 2
    B_DIGIT = 3
    B_WIDE = 4

cdef unsigned char _byte_kind[256]
for _b in range(256):
    _byte_kind[_b] = (B_WIDE if _b >= 0x80 else B_LOWER if 97 <= _b <= 122 else B_UPPER if 65 <= _b <= 90
                      else B_DIGIT if 48 <= _b <= 57 else B_SEP)

# The words of a class or id value as a small number (_value_bytes_code), so that the walk's
# cache of marks is looked up by (tag, one int, role, itemprop) with no tuple of words made
# or hashed: the words tuple is a function of the number (_words_of_code), made on a miss.
cdef enum:
    CODE_WIDE = -2  # a non-ASCII byte: no number (the caller decodes the value)
    CODE_EMPTY = -1  # an empty value: None
    CODE_NO_WORDS = 0  # no known word: _NO_WORDS
    CODE_STRONG = 1  # + the strong word's slot: (reason, None, False, False)
    CODE_WEAK = 1 + VOCAB_SLOTS  # + (first weak word's slot + 1) * 4 + content * 2 + state
    CODE_SPAN = CODE_WEAK + (VOCAB_SLOTS + 1) * 4  # the numbers are below this


cdef Py_ssize_t _value_bytes_code(const unsigned char* p, Py_ssize_t n) noexcept:
    """The words of the ASCII value ``p[:n]`` (the vocabulary loaded: runs of letters and
    digits, also cut between a lower-case and an upper-case letter, lower-cased, looked up in
    the word table) as a number (CODE_*), in one pass over the bytes: each word's hash made as
    it is read, lower-cased (``| 0x20`` turns an upper-case letter into its lower case and
    leaves a lower-case letter or a digit as it is), and its bytes compared with the table's
    without a copy. A strong word ends the lookups, but the rest is still read for a
    non-ASCII byte (CODE_WIDE: the Python twin may cut such a value otherwise)."""
    cdef const unsigned char* end = p + n
    cdef const unsigned char* start
    cdef unsigned char kind, prev
    cdef unsigned int h
    cdef Py_ssize_t length, slot, j, weak = -1, strong = -1
    cdef bint content = False, state = False
    cdef int flags
    if n == 0:
        return CODE_EMPTY
    while p < end:
        kind = _byte_kind[p[0]]
        if kind == B_SEP:
            p += 1
            continue
        if kind == B_WIDE:
            return CODE_WIDE
        start = p  # a word: to a separator, a non-ASCII byte or an upper-case letter after a lower-case one
        h = 2166136261u
        prev = B_SEP
        while p < end:
            kind = _byte_kind[p[0]]
            if kind == B_SEP or kind == B_WIDE or (kind == B_UPPER and prev == B_LOWER):
                break
            h = (h ^ (p[0] | 0x20)) * 16777619u
            prev = kind
            p += 1
        if strong >= 0:
            continue
        length = p - start
        if length > WORD_MAX:
            continue
        slot = h & (VOCAB_SLOTS - 1)
        while _words[slot].length:
            if _words[slot].length == length:
                j = 0
                while j < length and (start[j] | 0x20) == <unsigned char>_words[slot].text[j]:
                    j += 1
                if j == length:
                    break
            slot = (slot + 1) & (VOCAB_SLOTS - 1)
        flags = _words[slot].flags if _words[slot].length else 0
        if flags & W_BOILER:
            if flags & W_STRONG:
                strong = _words[slot].canon
            elif weak < 0:
                weak = _words[slot].canon
        elif flags & W_CONTENT:
            content = True
        elif flags & W_STATE:
            state = True
    if strong >= 0:
        return CODE_STRONG + strong
    if weak < 0 and not content and not state:
        return CODE_NO_WORDS
    return CODE_WEAK + (weak + 1) * 4 + content * 2 + state


cdef object _words_of_code(Py_ssize_t code):
    """The words tuple (``_id_words``' answer; None for CODE_EMPTY) of a number of
    :func:`_value_bytes_code` (not CODE_WIDE)."""
    cdef Py_ssize_t weak
    if code == CODE_EMPTY:
        return None
    if code == CODE_NO_WORDS:
        return _NO_WORDS
    if code < CODE_WEAK:
        return <object>_words[code - CODE_STRONG].reason, None, False, False
    code -= CODE_WEAK
    weak = (code >> 2) - 1
    return (None, <object>_words[weak].reason if weak >= 0 else None, bool(code & 2), bool(code & 1))


def value_bytes_words(bytes value):
    """The words of ``value`` read from its bytes (:func:`_value_bytes_code`, then
    :func:`_words_of_code`), for the tests; "wide" for a non-ASCII value."""
    if _BOILER is None:
        _load_vocab()
    cdef Py_ssize_t code = _value_bytes_code(<const unsigned char*><const char*>value, len(value))
    return "wide" if code == CODE_WIDE else _words_of_code(code)


# the marks of a value of no known word (most of them): one tuple, so that the keys of the
# marks caches that hold it compare by identity there, and none is made and freed a value
cdef tuple _NO_WORDS = (None, None, False, False)


def id_words(str value):
    """:func:`_id_words` (for callers in Python and the tests)."""
    return _id_words(value)
