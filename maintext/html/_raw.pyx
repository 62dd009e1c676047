# cython: language_level=3, boundscheck=False, wraparound=False
"""``drop_script_bodies`` of :mod:`maintext.html.document` in C: the same bytes out.

Every step is the Python function's (see there for the rules): find ``<script``, ``<style``
or ``<!--`` (a comment is skipped to its end), not inside a tag; a script's body ends at the
first end tag (``</script`` in any case, then white space, ``/`` or ``>``) after its start
tag; it is emptied unless ``<!--`` comes first (then the rest is left to the parser), a
``<script`` not in a string (after a quote or a backslash) comes first (the body is left as
it is, up to the end tag) or the start tag's
quotes do not pair up; a style sheet's body ends at its first ``<`` when that starts
``</style`` and its start tag holds no ``<`` and paired quotes (else it is left as it is, up
to its end tag). A body kept out is replaced by its newlines (JSON-LD scripts are kept).
Elements the tokenizer reads as text (``<title>``, ``<textarea>``...) are skipped to their
end tag; in ``<svg>``/``<math>`` (counted open and closed) a script is emptied only when it
holds no markup, and a CDATA section stops the scan. With ``drawings``, the body of an
``<svg>`` outside foreign content is emptied, but for its white space, when it holds only
start and end tags of drawing elements (_SVG_DRAWING without _SVG_READ_ATTRIBUTES), read
strictly, each end tag closing the element opened last, and comments; its <title> and
<desc> are kept (_svg_body).
One pass, one output buffer (the output is never longer than the input).
``tests/html/test_document.py`` checks it against the Python function.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.object cimport PyObject
from cpython.ref cimport Py_DECREF
from libc.string cimport memchr, memcmp, memcpy


cdef inline bint _at(const char* d, Py_ssize_t n, Py_ssize_t i, const char* s, Py_ssize_t k) noexcept nogil:
    return i >= 0 and i + k <= n and memcmp(d + i, s, k) == 0


cdef Py_ssize_t _find(const char* d, Py_ssize_t i, Py_ssize_t end, char c) noexcept nogil:
    cdef const char* p
    if i >= end:
        return -1
    p = <const char*>memchr(d + i, c, end - i)
    return p - d if p != NULL else -1


cdef inline bint _name_end(char c) noexcept nogil:
    return c == 32 or c == 9 or c == 10 or c == 13 or c == 12 or c == 62 or c == 47


cdef bint _word_at(const char* d, Py_ssize_t n, Py_ssize_t i, const char* w, Py_ssize_t k) noexcept nogil:
    """Whether ``d[i:i + k]`` is ``w`` (lower case) in any ASCII case."""
    cdef Py_ssize_t j
    cdef char c
    if i + k > n:
        return False
    for j in range(k):
        c = d[i + j]
        if 65 <= c <= 90:
            c = c + 32
        if c != w[j]:
            return False
    return True


cdef inline bint _end_tag(const char* d, Py_ssize_t n, Py_ssize_t i, const char* w, Py_ssize_t k) noexcept nogil:
    # d[i:] starts rb"</(?i:W)[\t\n\f\r />]" (W: ``w``, its ``k`` letters)
    return i + k + 2 < n and d[i + 1] == 47 and _word_at(d, n, i + 2, w, k) and _name_end(d[i + 2 + k])


# What _raw_start found (document._RAW_START's alternatives)
cdef enum:
    K_SCRIPT = 1  # "<script"
    K_STYLE = 2  # "<style"
    K_COMMENT = 3  # "<!--"
    K_CDATA = 4  # "<![CDATA["
    K_FOREIGN = 5  # <svg, <math (any case, then a name's end)
    K_FOREIGN_END = 6  # </svg, </math
    K_TEXT = 7  # a start tag of document._TEXT_ONLY (any case, then a name's end)

# document._TEXT_ONLY, in its order (the last: <plaintext>), and their lengths
_TEXT_ONLY = (b"title", b"textarea", b"xmp", b"iframe", b"noembed", b"noframes", b"plaintext")
cdef const char* _TEXT_NAMES[7]
cdef Py_ssize_t _TEXT_LENGTHS[7]
for _k, _name in enumerate(_TEXT_ONLY):
    _TEXT_NAMES[_k], _TEXT_LENGTHS[_k] = _name, len(_name)
DEF PLAINTEXT = 6


cdef inline bint _named(const char* d, Py_ssize_t n, Py_ssize_t i, const char* w, Py_ssize_t k) noexcept nogil:
    # d[i:] starts rb"(?i:W)(?=[\t\n\f\r />])"
    return i + k < n and _word_at(d, n, i, w, k) and _name_end(d[i + k])


cdef inline bint _is(const char* d, Py_ssize_t n, Py_ssize_t i, const char* s, Py_ssize_t k, int found,
                     int* kind, Py_ssize_t* after) noexcept nogil:
    """Whether ``d[i:]`` starts ``s`` (``k`` bytes): then ``kind`` is ``found``, ``after`` its end."""
    if not _at(d, n, i, s, k):
        return False
    kind[0], after[0] = found, i + k
    return True


cdef Py_ssize_t _raw_start(const char* d, Py_ssize_t n, Py_ssize_t i, int* kind, int* which,
                           Py_ssize_t* after) noexcept nogil:
    """_RAW_START's next match from ``i``: where it starts (-1: none), its ``kind`` (K_*),
    ``which`` name (0 svg, 1 math; the index in _TEXT_NAMES) and where it ends (``after``).
    The character after each "<" tells which names may follow (most tags start none)."""
    cdef Py_ssize_t j
    cdef int k
    cdef char c
    while True:
        i = _find(d, i, n, 60)
        if i < 0 or i + 1 >= n:
            return -1
        c = d[i + 1] | 32
        j = i + 1
        if c == 115:  # "s"
            if _is(d, n, i, "<script", 7, K_SCRIPT, kind, after) or _is(d, n, i, "<style", 6, K_STYLE, kind, after):
                return i
        elif c == 33:  # "!"
            if _is(d, n, i, "<!--", 4, K_COMMENT, kind, after) or _is(d, n, i, "<![CDATA[", 9, K_CDATA, kind, after):
                return i
        elif c == 47:  # "/": only </svg and </math are looked for
            j = i + 2
            c = d[j] | 32 if j < n else 0
        if c == 115 or c == 109:  # "s", "m"
            for k in range(2):
                if _named(d, n, j, "svg" if k == 0 else "math", 3 + k):
                    kind[0], which[0], after[0] = K_FOREIGN if j == i + 1 else K_FOREIGN_END, k, j + 3 + k
                    return i
        elif j == i + 1 and (c == 116 or c == 120 or c == 105 or c == 110 or c == 112):  # t x i n p
            for k in range(7):
                if _TEXT_NAMES[k][0] == c and _named(d, n, j, _TEXT_NAMES[k], _TEXT_LENGTHS[k]):
                    kind[0], which[0], after[0] = K_TEXT, k, j + _TEXT_LENGTHS[k]
                    return i
        i += 1


cdef Py_ssize_t _script_stop(const char* d, Py_ssize_t n, Py_ssize_t i, bint script_too) noexcept nogil:
    # rb"</(?i:script)[\t\n\f\r />]|<(?:!--|(?i:script))" (_SCRIPT_STOP), or without its
    # "<script" (_SCRIPT_END) when not ``script_too``
    while True:
        i = _find(d, i, n, 60)
        if i < 0:
            return -1
        if (_end_tag(d, n, i, "script", 6) or _at(d, n, i, "<!--", 4)
                or script_too and _word_at(d, n, i + 1, "script", 6)):
            return i
        i += 1


cdef Py_ssize_t _style_close(const char* d, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    # rb"</(?i:style)[\t\n\f\r />]" (_STYLE_END): where its match ends, or -1
    while True:
        i = _find(d, i, n, 60)
        if i < 0:
            return -1
        if _end_tag(d, n, i, "style", 5):
            return i + 8
        i += 1


cdef Py_ssize_t _comment_close(const char* d, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    # rb"--!?>" (_COMMENT_END): where its match ends, or -1
    while True:
        i = _find(d, i, n, 45)
        if i < 0:
            return -1
        if i + 2 < n and d[i + 1] == 45:
            if d[i + 2] == 62:
                return i + 3
            if d[i + 2] == 33 and i + 3 < n and d[i + 3] == 62:
                return i + 4
        i += 1


cdef bint _in_tag(const char* d, Py_ssize_t start) noexcept nogil:
    # _TAG_OPEN.search(data, data.rfind(b">", 0, start) + 1, start) is not None (document._in_tag)
    cdef Py_ssize_t i = start - 1
    cdef char c
    while i >= 0 and d[i] != 62:
        if d[i] == 60 and i + 1 < start:
            c = d[i + 1]
            if c == 47 or 65 <= c <= 90 or 97 <= c <= 122 or c == 33 or c == 63:  # (/, letters, !, ?)
                return True
        i -= 1
    return False


cdef bint _unpaired(const char* d, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    cdef Py_ssize_t i, dq = 0, sq = 0
    for i in range(a, b):
        if d[i] == 34:
            dq += 1
        elif d[i] == 39:
            sq += 1
    return dq % 2 == 1 or sq % 2 == 1


cdef bint _has_ld_json(const char* d, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    # b"ld+json" in data[a:b].lower()
    cdef const char* w = "ld+json"
    cdef Py_ssize_t i, k
    cdef char c
    for i in range(a, b - 6):
        for k in range(7):
            c = d[i + k]
            if 65 <= c <= 90:
                c = c + 32
            if c != w[k]:
                break
        else:
            return True
    return False


cdef inline bint _in_string(const char* d, Py_ssize_t i) noexcept nogil:
    # data[i - 1] in _JS_QUOTES or data[i - 2] == 0x5C (i > gt >= 7: both in the page)
    return d[i - 1] == 39 or d[i - 1] == 34 or d[i - 1] == 96 or d[i - 2] == 92


cdef Py_ssize_t _script_end(const char* d, Py_ssize_t n, Py_ssize_t start, Py_ssize_t gt, bint* sure) noexcept nogil:
    # _script_end: the end, -1 when only the parser knows; ``sure``: the body may be emptied
    cdef Py_ssize_t m
    sure[0] = False
    if gt < 0 or _unpaired(d, start, gt):
        return -1
    m = gt
    while True:
        m = _script_stop(d, n, m + 1, True)
        if m < 0 or d[m + 1] == 33:  # (no end, or "<!--")
            return -1
        if d[m + 1] == 47:
            sure[0] = True
            return m
        if not _in_string(d, m):
            break
        m += 6  # a "<script" in a string
    m = _script_stop(d, n, m + 7, False)  # after a "<script": the end, unless "<!--"
    if m < 0 or d[m + 1] != 47:
        return -1
    return m


cdef Py_ssize_t _style_end(const char* d, Py_ssize_t n, Py_ssize_t start, Py_ssize_t gt) noexcept nogil:
    cdef Py_ssize_t lt = _find(d, gt + 1, n, 60)
    if lt < 0 or not _at(d, n, lt, "</style", 7) or _find(d, start + 1, gt, 60) >= 0 or _unpaired(d, start, gt):
        return -1
    return lt


cdef inline bint _space(char c) noexcept nogil:
    return c == 32 or c == 9 or c == 10 or c == 12 or c == 13


cdef Py_ssize_t _tag_end(const char* d, Py_ssize_t n, Py_ssize_t start) noexcept nogil:
    # document._tag_end: the start tag's ">" (not in a value quoted right after "="), or -1
    cdef Py_ssize_t i = start + 1, j
    while i < n:
        if d[i] == 62:
            return i
        if d[i] == 61:  # "="
            j = i + 1
            while j < n and _space(d[j]):
                j += 1
            if j < n and (d[j] == 34 or d[j] == 39):
                i = _find(d, j + 1, n, d[j])
                if i < 0:
                    return -1
            else:
                i = j - 1
        i += 1
    return -1


cdef Py_ssize_t _text_only_end(const char* d, Py_ssize_t n, Py_ssize_t start, int which) noexcept nogil:
    # document._text_only_end: after the end tag of the _TEXT_NAMES[which] at ``start``, or -1
    cdef Py_ssize_t gt = _tag_end(d, n, start), i
    if which == PLAINTEXT or gt < 0:
        return -1
    i = gt + 1
    while True:
        i = _find(d, i, n, 60)
        if i < 0:
            return -1
        if _end_tag(d, n, i, _TEXT_NAMES[which], _TEXT_LENGTHS[which]):
            return i + 3 + _TEXT_LENGTHS[which]
        i += 1


cdef bint _self_closing(const char* d, Py_ssize_t name_end, Py_ssize_t gt) noexcept nogil:
    # document._self_closing
    return gt > name_end and d[gt - 1] == 47 and (gt - 1 == name_end or _space(d[gt - 2]) or d[gt - 2] == 34
                                                  or d[gt - 2] == 39)


cdef Py_ssize_t _foreign_script_end(const char* d, Py_ssize_t n, Py_ssize_t gt, bint* sure) noexcept nogil:
    # document._foreign_script_end
    cdef Py_ssize_t lt
    sure[0] = True
    if gt < 0:
        return -1
    lt = _find(d, gt + 1, n, 60)
    if lt < 0:
        return -1
    if _end_tag(d, n, lt, "script", 6):
        return lt
    sure[0] = False
    return -1


# document._SVG_DRAWING, _SVG_READ_ATTRIBUTES and _SVG_MARKS (their one copy: document gives
# them at its import, use_svg_tables), looked up by their first letter: the names of a table
# starting with letter c are _*_NAMES[_*_FROM[c]:_*_FROM[c + 1]] (sorted; c lower case).
DEF TABLE_ROOM = 128
cdef const char* _ELEMENT_NAMES[TABLE_ROOM]
cdef Py_ssize_t _ELEMENT_LENGTHS[TABLE_ROOM]
cdef int _ELEMENT_FROM[257]
cdef const char* _ATTRIBUTE_NAMES[TABLE_ROOM]
cdef Py_ssize_t _ATTRIBUTE_LENGTHS[TABLE_ROOM]
cdef int _ATTRIBUTE_FROM[257]
cdef bint _ATTRIBUTE_MARK[TABLE_ROOM]  # an attribute of _SVG_MARKS (by its index)
_ELEMENTS_SORTED: tuple = ()  # (the C strings point into these bytes, kept here)
_ATTRIBUTES_SORTED: tuple = ()
cdef bint _svg_tables = False  # given (drop_script_bodies' drawings needs them)


cdef void _fill_table(tuple names, const char** out, Py_ssize_t* lengths, int* start):
    cdef int k = 0, c
    for c in range(257):
        while k < len(names) and names[k][0] < c:
            k += 1
        start[c] = k
    for k, name in enumerate(names):
        out[k], lengths[k] = name, len(name)


def use_svg_tables(drawing, read_attributes, marks):
    """Take :mod:`maintext.html.document`'s tables of the ``<svg>`` bodies emptied
    (``_SVG_DRAWING``, ``_SVG_READ_ATTRIBUTES``, ``_SVG_MARKS``: lower-case bytes names)."""
    global _ELEMENTS_SORTED, _ATTRIBUTES_SORTED, _svg_tables
    elements, attributes = tuple(sorted(drawing)), tuple(sorted(read_attributes))
    if len(elements) > TABLE_ROOM or len(attributes) > TABLE_ROOM:
        raise ValueError(f"more than {TABLE_ROOM} names in an <svg> table")
    _ELEMENTS_SORTED, _ATTRIBUTES_SORTED = elements, attributes
    _fill_table(elements, _ELEMENT_NAMES, _ELEMENT_LENGTHS, _ELEMENT_FROM)
    _fill_table(attributes, _ATTRIBUTE_NAMES, _ATTRIBUTE_LENGTHS, _ATTRIBUTE_FROM)
    for k, name in enumerate(attributes):
        _ATTRIBUTE_MARK[k] = name in marks
    _svg_tables = True


cdef int _listed(const char* d, Py_ssize_t i, Py_ssize_t k, const char** names, const Py_ssize_t* lengths,
                 const int* start) noexcept nogil:
    """The index in the table (see _fill_table) of ``d[i:i + k]`` (``k`` > 0) in lower case, or -1."""
    cdef unsigned char c = <unsigned char>d[i]
    cdef int j
    if 65 <= c <= 90:
        c = c + 32
    for j in range(start[c], start[c + 1]):
        if lengths[j] == k and _word_at(d, i + k, i, names[j], k):
            return j
    return -1


# The classes of the bytes the strict reading of a tag tests (one table look-up a byte:
# an attribute's name or value is read byte by byte)
DEF C_SPACE = 1  # white space: \t \n \f \r and " "
DEF C_LETTER = 2  # [A-Za-z]
DEF C_NAME = 4  # a tag's name after its first letter: [A-Za-z0-9]
DEF C_ATTRIBUTE = 8  # an attribute's name after its first byte: [-A-Za-z0-9_:.]
DEF C_VALUE = 16  # an unquoted value's: none of white space, " ' = < > `
cdef unsigned char _CLASS[256]
for _i in range(256):
    _c = chr(_i)
    _CLASS[_i] = ((C_SPACE if _c in "\t\n\f\r " else 0)
                  | (C_LETTER if _c.isascii() and _c.isalpha() else 0)
                  | (C_NAME if _c.isascii() and _c.isalnum() else 0)
                  | (C_ATTRIBUTE if _c.isascii() and (_c.isalnum() or _c in "-_:.") else 0)
                  | (C_VALUE if _c not in "\t\n\f\r \"'=<>`" else 0))


cdef inline bint _of(const char* d, Py_ssize_t i, unsigned char cls) noexcept nogil:
    """Whether ``d[i]`` is of class ``cls``."""
    return _CLASS[<unsigned char>d[i]] & cls


cdef inline Py_ssize_t _skip(const char* d, Py_ssize_t n, Py_ssize_t i, unsigned char cls) noexcept nogil:
    """Past the bytes of class ``cls`` from ``i``."""
    while i < n and _CLASS[<unsigned char>d[i]] & cls:
        i += 1
    return i


cdef inline Py_ssize_t _skip_spaces(const char* d, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    return _skip(d, n, i, C_SPACE)


cdef bint _may_mark(const char* d, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    """document._may_mark(data[a:b]): whether it holds "&" or a word of _AUTHOR_BOX_WORDS
    (author, Author, byline, Byline)."""
    cdef Py_ssize_t i
    cdef char c
    for i in range(a, b):
        c = d[i]
        if c == 38:  # "&"
            return True
        if (c == 97 or c == 65) and _at(d, b, i + 1, "uthor", 5) or (c == 98 or c == 66) and _at(d, b, i + 1, "yline", 5):
            return True
    return False


cdef Py_ssize_t _strict_tag_rest(const char* d, Py_ssize_t n, Py_ssize_t i, bint drawing, bint* closed) noexcept nogil:
    """document._SVG_TAG_REST.match(data, i): where its match ends (after the ">"), or -1;
    ``closed``: whether it ends with "/>" (its group 1); ``drawing``: -1 too when an
    attribute's name is in _SVG_READ_ATTRIBUTES, but for an id or class (_SVG_MARKS) whose
    value cannot mark an author box (_may_mark)."""
    cdef Py_ssize_t j, a
    cdef int known = -1
    cdef char c
    while True:
        j = _skip_spaces(d, n, i)
        if j >= n:
            return -1
        c = d[j]
        if c == 62:  # ">"
            closed[0] = False
            return j + 1
        if c == 47:  # "/>"
            closed[0] = True
            return j + 2 if j + 1 < n and d[j + 1] == 62 else -1
        if j == i or not (_of(d, j, C_LETTER) or c == 95 or c == 58):  # (an attribute after white space)
            return -1
        a = j
        j = _skip(d, n, j + 1, C_ATTRIBUTE)
        if drawing:
            known = _listed(d, a, j - a, _ATTRIBUTE_NAMES, _ATTRIBUTE_LENGTHS, _ATTRIBUTE_FROM)
            if known >= 0 and not _ATTRIBUTE_MARK[known]:
                return -1
        i = j
        j = _skip_spaces(d, n, j)
        if j < n and d[j] == 61:  # "=": a value, quoted or not
            j = _skip_spaces(d, n, j + 1)
            if j >= n:
                return -1
            a = j
            c = d[j]
            if c == 34 or c == 39:
                j = _find(d, j + 1, n, c)
                if j < 0:
                    return -1
                i = j + 1
            elif _of(d, j, C_VALUE):
                i = j = _skip(d, n, j + 1, C_VALUE)
            else:
                return -1
            if drawing and known >= 0 and _may_mark(d, a, i):  # (an id or class: known, not refused)
                return -1


DEF SVG_MAX_DEPTH = 16  # document._SVG_MAX_DEPTH
_SVG_KEPT = (b"title", b"desc")  # document._SVG_KEPT (as the names below)


cdef Py_ssize_t _kept_end(const char* d, Py_ssize_t n, Py_ssize_t i, const char* name, Py_ssize_t k) noexcept nogil:
    """document._SVG_KEPT_END[name].match(data, i): where its match ends (after the end
    tag's ">": text without "<" before it), or -1."""
    i = _find(d, i, n, 60)
    if i < 0 or i + 1 >= n or d[i + 1] != 47 or not _word_at(d, n, i + 2, name, k):
        return -1
    i = _skip_spaces(d, n, i + 2 + k)
    return i + 1 if i < n and d[i] == 62 else -1


cdef Py_ssize_t _svg_body(const char* d, Py_ssize_t n, Py_ssize_t name_end, Py_ssize_t gt, char* text,
                          Py_ssize_t* length) noexcept nogil:
    """document._svg_body: where the body of the <svg> ends (its "</svg"), or -1 when it
    may not be emptied; what is kept of it (the white space between its tags and comments,
    its <title> and <desc>) written to ``text``, ``length`` bytes (at most the body's)."""
    cdef Py_ssize_t i, j, a, k = 0
    cdef bint closing, closed
    cdef int name, depth = 0
    cdef int opened[SVG_MAX_DEPTH]  # the elements open in the body (their _ELEMENT_NAMES index)
    if _strict_tag_rest(d, n, name_end, False, &closed) != gt + 1:
        return -1
    i = gt + 1
    while True:
        if i < n and d[i] == 10 and k > 0 and text[k - 1] == 13:  # (one CR LF line break, not two)
            return -1
        while i < n and _of(d, i, C_SPACE):
            text[k] = d[i]
            k += 1
            i += 1
        if _at(d, n, i, "<!--", 4):  # a comment (in no tree)
            i = _comment_close(d, n, i + 2)
            if i < 0:
                return -1
            continue
        if i + 1 >= n or d[i] != 60:  # "<"
            return -1
        closing = d[i + 1] == 47
        a = i + 1 + closing
        if a >= n or not _of(d, a, C_LETTER):
            return -1
        j = _skip(d, n, a + 1, C_NAME)
        if j - a == 3 and _word_at(d, n, a, "svg", 3):
            if closing and j < n and _name_end(d[j]):
                length[0] = k
                return i
            return -1
        if not closing and (j - a == 5 and _word_at(d, n, a, "title", 5) or j - a == 4 and _word_at(d, n, a, "desc", 4)):
            # kept as it is (document._SVG_KEPT): written after the text so far
            a, j = i, _strict_tag_rest(d, n, j, False, &closed)
            if j >= 0 and not closed:
                j = _kept_end(d, n, j, "title" if d[i + 1] | 32 == 116 else "desc", 5 if d[i + 1] | 32 == 116 else 4)
            if j < 0:
                return -1
            memcpy(text + k, d + a, j - a)
            k += j - a
            i = j
            continue
        name = _listed(d, a, j - a, _ELEMENT_NAMES, _ELEMENT_LENGTHS, _ELEMENT_FROM)
        if name < 0:
            return -1
        if closing:
            j = _skip_spaces(d, n, j)
            if j >= n or d[j] != 62 or depth == 0 or opened[depth - 1] != name:
                return -1
            depth -= 1
            i = j + 1
        else:
            i = _strict_tag_rest(d, n, j, True, &closed)
            if i < 0:
                return -1
            if not closed:
                if depth == SVG_MAX_DEPTH:
                    return -1
                opened[depth] = name
                depth += 1


cdef Py_ssize_t _empty_body(const char* d, char* out, Py_ssize_t o, Py_ssize_t pos, Py_ssize_t gt,
                            Py_ssize_t end) noexcept nogil:
    """Copy ``d[pos:gt + 1]`` then the newlines of ``d[gt + 1:end]`` to ``out[o:]`` (each
    found by memchr: a body is a quarter of a page, and has a newline every few dozen bytes
    at most; a test of every byte cost ~0.5 M instructions a page)."""
    cdef Py_ssize_t i
    memcpy(out + o, d + pos, gt + 1 - pos)
    o += gt + 1 - pos
    i = _find(d, gt + 1, end, 10)
    while i >= 0:
        out[o] = 10
        o += 1
        i = _find(d, i + 1, end, 10)
    return o


cdef Py_ssize_t _drop(const char* d, Py_ssize_t n, char* out, Py_ssize_t* pos_out, bint drawings) noexcept nogil:
    """Fill ``out``; returns its length so far (the tail from ``pos_out[0]`` not copied),
    or -1 when nothing changed."""
    cdef Py_ssize_t pos = 0, o = 0, start, gt, end, m, after = 0, length = 0
    cdef bint changed = False, sure
    cdef int kind = 0, which = 0
    cdef int foreign[2]  # <svg>, <math> open (start tags less end tags seen; never below 0)
    foreign[0] = foreign[1] = 0
    m = _raw_start(d, n, 0, &kind, &which, &after)
    while m >= 0:
        start = m
        if _in_tag(d, start):
            m = _raw_start(d, n, start + 2, &kind, &which, &after)
            continue
        if kind == K_COMMENT:
            end = _comment_close(d, n, start + 2)
            if end < 0:
                break
            m = _raw_start(d, n, end, &kind, &which, &after)
            continue
        if kind == K_CDATA:  # text in foreign content, else a bogus comment (to ">")
            gt = _find(d, start, n, 62)
            if foreign[0] or foreign[1] or gt < 0:
                break
            m = _raw_start(d, n, gt + 1, &kind, &which, &after)
            continue
        if kind == K_FOREIGN_END:
            if foreign[which] > 0:
                foreign[which] -= 1
            m = _raw_start(d, n, after, &kind, &which, &after)
            continue
        if kind == K_FOREIGN:
            gt = _tag_end(d, n, start)
            if not _self_closing(d, after, gt):
                if drawings and which == 0 and not foreign[0] and not foreign[1]:
                    # a drawing: its text (white space, <title>) alone kept, written right where
                    # the start tag copied before it will end; then on at its "</svg"
                    end = _svg_body(d, n, after, gt, out + o + (gt + 1 - pos), &length)
                    if end >= 0:
                        memcpy(out + o, d + pos, gt + 1 - pos)
                        o += gt + 1 - pos + length
                        pos = end
                        changed = True
                        m = _raw_start(d, n, end, &kind, &which, &after)
                        continue
                foreign[which] += 1
            m = _raw_start(d, n, after, &kind, &which, &after)
            continue
        if kind == K_TEXT:
            end = _text_only_end(d, n, start, which)
            if end < 0:
                break
            m = _raw_start(d, n, end, &kind, &which, &after)
            continue
        if kind == K_SCRIPT:
            if foreign[0] or foreign[1]:
                gt = _tag_end(d, n, start)
                end = _foreign_script_end(d, n, gt, &sure)
                if end < 0:
                    if sure:
                        break
                    m = _raw_start(d, n, start + 7, &kind, &which, &after)  # markup in it: read on
                    continue
            else:
                gt = _find(d, start + 7, n, 62)
                end = _script_end(d, n, start, gt, &sure)
            if end < 0:
                break
            if sure and _name_end(d[start + 7]) and not _has_ld_json(d, start, gt):
                o = _empty_body(d, out, o, pos, gt, end)
                pos = end
                changed = True
            m = _raw_start(d, n, end + 8, &kind, &which, &after)
            continue
        gt = _find(d, start + 6, n, 62)  # <style
        if gt < 0:
            break
        if not _name_end(d[start + 6]):
            m = _raw_start(d, n, start + 6, &kind, &which, &after)
            continue
        end = _style_end(d, n, start, gt)
        if end < 0:  # left as it is, up to its end tag
            end = _style_close(d, n, gt + 1)
            if end < 0:
                break
            m = _raw_start(d, n, end, &kind, &which, &after)
            continue
        if end > gt + 1:
            o = _empty_body(d, out, o, pos, gt, end)
            pos = end
            changed = True
        m = _raw_start(d, n, end + 7, &kind, &which, &after)
    pos_out[0] = pos
    return o if changed else -1


cdef extern from "Python.h":
    # (a new reference, or NULL with an exception set; the bytes are left to fill)
    PyObject* _new_bytes "PyBytes_FromStringAndSize"(const char* v, Py_ssize_t size)
    int _PyBytes_Resize(PyObject** string, Py_ssize_t size)


def drop_script_bodies(bytes data, bint drawings=False):
    """``maintext.html.document.drop_script_bodies(data, drawings)``: ``data`` itself when nothing
    changes. The output is written into the bytes object returned, shrunk to its length
    (one copy of the kept bytes, not two). ``drawings`` needs document's tables
    (:func:`use_svg_tables`, given at its import)."""
    cdef const char* d = PyBytes_AS_STRING(data)
    cdef Py_ssize_t n = PyBytes_GET_SIZE(data), o, pos = 0
    cdef PyObject* res
    cdef object out
    cdef char* buf
    if drawings and not _svg_tables:
        raise ValueError("drawings: the <svg> tables were not given (use_svg_tables)")
    res = _new_bytes(NULL, n)
    if res == NULL:
        raise MemoryError()
    buf = PyBytes_AS_STRING(<object>res)
    with nogil:
        o = _drop(d, n, buf, &pos, drawings)
        if o >= 0:
            memcpy(buf + o, d + pos, n - pos)
            o += n - pos
    if o < 0:
        Py_DECREF(<object>res)
        return data
    if _PyBytes_Resize(&res, o) < 0:  # (res freed and NULL: the exception is set)
        raise MemoryError()
    out = <object>res  # (a reference of its own: ours is given up)
    Py_DECREF(out)
    return out


cdef inline bint _name_char(Py_UCS4 c) noexcept:
    return c.isalnum() or c == u'_' or c == u'-'


def assigned_name(str script, Py_ssize_t end, Py_ssize_t max_name):
    """:func:`maintext.metadata.dates._assigned_name` (``max_name``: its
    ``MAX_SCRIPT_NAME``): the name written right before ``script[end]``, or None; the same
    steps (``Py_UCS4.isalnum`` is ``str.isalnum`` of one character)."""
    cdef Py_ssize_t pos = end, stop, low
    cdef Py_UCS4 c
    while pos > 0 and script[pos - 1] in u" \t\r\n":
        pos -= 1
    if pos > 0 and script[pos - 1] in u"\"'":
        pos -= 1
    stop = pos
    low = stop - max_name - 1
    if low < 0:
        low = 0
    while pos > low and _name_char(script[pos - 1]):
        pos -= 1
    if not 2 <= stop - pos <= max_name:
        return None
    c = script[pos]
    if c < 128:
        if not (u'a' <= c <= u'z' or u'A' <= c <= u'Z'):
            return None
    elif not (u"a" <= str(c).lower() <= u"z"):  # Unicode lower-casing, as the Python function
        return None
    if pos > 0:
        c = script[pos - 1]
        if _name_char(c) or c == u'.' or c == u'$':
            return None
    return script[pos:stop]
