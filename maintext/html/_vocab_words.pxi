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
    except BaseException:
        free(table)
        raise
    if _words is not NULL:  # loaded meanwhile by another thread: keep that one
        free(table)
        return
    _words = table  # (then _BOILER: its being set says the table is ready)
    _BOILER = boiler


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
    return _ascii_words(<const unsigned char*>PyUnicode_DATA(value), PyUnicode_GET_LENGTH(value))


cdef tuple _ascii_words(const unsigned char* p, Py_ssize_t n):
    """:func:`_id_words` of the ASCII value ``p[:n]`` (the vocabulary loaded)."""
    cdef Py_ssize_t i, start = -1, length, h
    cdef unsigned char c, prev = 0
    cdef bint inword, content = False, state = False
    cdef char word[WORD_MAX]
    cdef PyObject* weak = NULL
    cdef int flags
    for i in range(n + 1):
        c = p[i] if i < n else 0
        inword = _is_lower(c) or _is_upper(c) or _is_digit(c)
        if start >= 0 and (not inword or (_is_lower(prev) and _is_upper(c))):
            length = i - start
            if length <= WORD_MAX:
                for h in range(length):  # lower-cased into the buffer
                    word[h] = p[start + h] | 0x20 if _is_upper(p[start + h]) else p[start + h]
                h = _word_slot(_words, word, length)
                flags = _words[h].flags if _words[h].length else 0
                if flags & W_BOILER:
                    if flags & W_STRONG:
                        return <object>_words[h].reason, None, False, False
                    if weak is NULL:
                        weak = _words[h].reason
                elif flags & W_CONTENT:
                    content = True
                elif flags & W_STATE:
                    state = True
            start = -1
        if inword and start < 0:
            start = i
        prev = c
    if weak is NULL and not content and not state:
        return _NO_WORDS
    return None, (<object>weak if weak is not NULL else None), content, state


# the marks of a value of no known word (most of them): one tuple, so that the keys of the
# marks caches that hold it compare by identity there, and none is made and freed a value
cdef tuple _NO_WORDS = (None, None, False, False)


def id_words(str value):
    """:func:`_id_words` (for callers in Python and the tests)."""
    return _id_words(value)
