# Included by maintext/metadata/_native.pyx (one extension module, its source in parts).
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
    cdef _TagMemo names = _TagMemo()
    cdef bytes strip_ascii = "".join(c for c in strip_chars if ord(c) < 128).encode("ascii")
    cdef int stop
    while n is not NULL:  # a piece of white space only is skipped by the loop: not even read
        if not (n.type == tree.XML_ELEMENT_NODE and (_blank_run(n.children) or _tag_in(n, skip, names))):
            stop = (_bytes_label_step(n.children, &seen, &label_seen, limit, max_label, labels, strip_ascii,
                                      strip_chars, max_name, out) if n.type == tree.XML_ELEMENT_NODE else -1)
            if stop < 0:
                stop = _label_step(_own_text(n), &seen, &label_seen, limit, max_label, labels, strip_chars,
                                   max_name, out)
            if stop:
                return out
        if n is not top and _has_text(n.next) and not _blank_run(n.next):
            stop = _bytes_label_step(n.next, &seen, &label_seen, limit, max_label, labels, strip_ascii,
                                     strip_chars, max_name, out)
            if stop < 0:
                stop = _label_step(tailOf(n), &seen, &label_seen, limit, max_label, labels, strip_chars,
                                   max_name, out)
            if stop:
                return out
        n = _next_node(n, top)
    return out


cdef inline bint _ascii_space(unsigned char c) noexcept nogil:
    """``str.isspace`` of an ASCII character (tab to carriage return, 0x1C-0x1F, space)."""
    return c == 32 or 9 <= c <= 13 or 28 <= c <= 31


cdef int _bytes_label_step(xmlNode* c, Py_ssize_t* seen, bint* label_seen, Py_ssize_t limit,
                           Py_ssize_t max_label, frozenset labels, bytes strip_ascii, str strip_chars,
                           Py_ssize_t max_name, list out) except -2:
    """:func:`_label_step` of the text lxml reads from ``c`` on when that is one text node
    (most pieces), read from its UTF-8 bytes (white space beyond ASCII read off its ends
    too: a page in Chinese is never decoded here): a string is made only of a piece kept
    as a name or of a short one not in ASCII tried as a label. -1 for any other text (the
    caller then reads it as a string); else whether the reader stops."""
    cdef const unsigned char* p
    cdef xmlNode* after
    cdef Py_ssize_t i, j, n, length, k, m
    cdef bint ascii, space = False
    cdef unsigned char low[64]
    if c is NULL or (c.type != tree.XML_TEXT_NODE and c.type != tree.XML_CDATA_SECTION_NODE) or c.content is NULL:
        return -1
    after = c.next
    if after is not NULL and (after.type == tree.XML_TEXT_NODE or after.type == tree.XML_CDATA_SECTION_NODE
                              or after.type == tree.XML_XINCLUDE_START or after.type == tree.XML_XINCLUDE_END):
        return -1  # a run of several nodes
    p = <const unsigned char*>c.content
    n = strlen(<const char*>p)
    i = 0
    while i < n:  # white space (str.isspace) read off the start ...
        if p[i] < 128:
            if not _ascii_space(p[i]):
                break
            i += 1
        else:
            m = _utf8_space_at(p, i, n, &space)
            if m == 0:
                return -1  # (not well formed: read as a string)
            if not space:
                break
            i += m
    if i == n:
        return 0  # nothing but white space: skipped
    j = n
    while True:  # ... and off the end (a character that is none stands at i)
        if p[j - 1] < 128:
            if not _ascii_space(p[j - 1]):
                break
            j -= 1
        else:
            k = j - 1
            while k > i and (p[k] & 0xC0) == 0x80:
                k -= 1
            m = _utf8_space_at(p, k, j, &space)
            if m != j - k:
                return -1
            if not space:
                break
            j = k
    length = _u8_count(p + i, j - i)  # (_copyright.pxi)
    ascii = length == j - i  # (a character beyond ASCII takes two bytes or more)
    seen[0] += length
    if seen[0] > limit:
        return 1
    if label_seen[0] and length <= max_name:
        out.append((<const char*>p + i)[:j - i].decode("utf-8"))
    if length > max_label:
        label_seen[0] = False
    elif not ascii or length > 64:
        label_seen[0] = (<const char*>p + i)[:j - i].decode("utf-8").lower().rstrip(strip_chars) in labels
    else:
        for k in range(length):
            low[k] = p[i + k] + 32 if 65 <= p[i + k] <= 90 else p[i + k]
        k = length
        while k > 0 and memchr(<const char*>strip_ascii, low[k - 1], len(strip_ascii)) is not NULL:
            k -= 1
        label_seen[0] = (<const char*>low)[:k].decode("ascii") in labels
    return 0


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
    cdef _TagMemo names = _TagMemo()
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
    return _collapsed_utf8(b"".join(parts))


# The first bytes of the UTF-8 forms of the white-space characters beyond ASCII (U+0085,
# U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000: tested against
# str.isspace over every code point); any other byte >= 0x80 starts no white space
SPACE_LEAD_BYTES = (0xC2, 0xE1, 0xE2, 0xE3)
cdef unsigned char _space_lead[256]
memset(_space_lead, 0, sizeof(_space_lead))
for _c in SPACE_LEAD_BYTES:
    _space_lead[_c] = 1


cdef inline Py_ssize_t _space_len(const unsigned char* p, Py_ssize_t i, Py_ssize_t n) noexcept:
    """The UTF-8 length of the white-space character (``str.isspace``) at ``p[i]``, else 0
    (ASCII here, the others told by _text._utf8_space_at: only after a byte that may start
    one, so a Chinese text is read without a call a byte)."""
    cdef bint space = False
    cdef Py_ssize_t m
    if p[i] < 128:
        return 1 if _ascii_space(p[i]) else 0
    if not _space_lead[p[i]]:
        return 0
    m = _utf8_space_at(p, i, n, &space)
    return m if space else 0


cdef str _collapsed_utf8(bytes data):
    """``" ".join(data.decode("utf-8").split())``, collapsed in the bytes (no list of words;
    a continuation byte never starts a space, so the bytes are tested one by one)."""
    cdef const unsigned char* p = data
    cdef Py_ssize_t n = len(data), i = 0, w = 0, space
    cdef bint pending = False  # a space to write before the next character
    cdef unsigned char* out = <unsigned char*>malloc(n + 1)
    if out is NULL:
        raise MemoryError()
    try:
        while i < n:
            space = _space_len(p, i, n)
            if space:
                pending = w > 0
                i += space
            else:
                if pending:
                    out[w] = 32
                    w += 1
                    pending = False
                out[w] = p[i]
                w += 1
                i += 1
        return (<const char*>out)[:w].decode("utf-8")
    finally:
        free(out)


cdef bint _subtree_put(xmlNode* top, bint with_tail, frozenset skip, _TagMemo names, list out, Py_ssize_t* size,
                       Py_ssize_t budget) except -1:
    """The pieces of ``visible.subtree_texts(top, with_tail=with_tail)`` put to ``out``
    (:func:`_put`); True once the budget is exceeded."""
    cdef xmlNode* n = top
    while n is not NULL:
        if not (n.type == tree.XML_ELEMENT_NODE and _tag_in(n, skip, names)) \
                and _put(out, _piece(n), size, budget):
            return True
        if (n is not top or with_tail) and _tail_piece(n) and _put(out, tailOf(n), size, budget):
            return True
        n = _next_node(n, top)
    return False


def texts_before(_Element el, Py_ssize_t max_siblings, frozenset skip, Py_ssize_t budget):
    """The pieces ``visible.texts_before(el, max_siblings)`` yields, in its order, but those
    of ASCII white space only, cut as :func:`texts_after` cuts."""
    cdef xmlNode* level = el._c_node
    cdef xmlNode* sib
    cdef Py_ssize_t count, size = 0, k
    cdef list out = []
    cdef _TagMemo names = _TagMemo()
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


# ---------------------------------------------------------------------------------------
# Labelled dates: the stretches of a page's text :func:`maintext.metadata.visible.label_matches`
# searches (:func:`maintext.metadata.visible._label_windows`)

cdef extern from "Python.h":
    Py_ssize_t PyUnicode_FindChar(object text, Py_UCS4 ch, Py_ssize_t start, Py_ssize_t end, int direction) except -2


cdef Py_ssize_t _spaces_before(str text, Py_ssize_t at) noexcept:
    """How many white-space characters end ``text[:at]``."""
    cdef Py_ssize_t n = at
    while n > 0 and Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, n - 1)):
        n -= 1
    return at - n


cdef bint _may_hold_label(str text, Py_ssize_t start, Py_ssize_t stop, tuple ascii_labels) except -1:
    """``not visible._no_label(text[start:stop], ascii_labels)``: a non-ASCII letter or digit
    in the stretch, or one of the (lower-case ASCII) labels in it with its ASCII letters
    lower-cased (a non-ASCII character that is no letter or digit lowers to no ASCII one)."""
    cdef Py_ssize_t i, n = stop - start
    cdef Py_UCS4 c
    cdef unsigned char small[256]
    cdef bytearray large = None
    cdef unsigned char* buf = small
    if n > 256:
        large = bytearray(n)
        buf = large
    for i in range(n):
        c = PyUnicode_READ_CHAR(text, start + i)
        if c >= 128:
            if Py_UNICODE_ISALNUM(c):
                return True
            buf[i] = 128  # (in no label)
        else:
            buf[i] = <unsigned char>(<unsigned int>c + 32 if 65 <= c <= 90 else <unsigned int>c)
    for label in ascii_labels:
        if _holds(buf, n, <bytes>label):
            return True
    return False


def next_label_window(str text, tuple labels, tuple colons, Py_ssize_t since, Py_ssize_t label_span,
                      Py_ssize_t after_span, Py_ssize_t value_chars):
    """The first ``(colon, start, stop)`` of ``visible._label_windows(text, ...)`` whose colon
    is at ``since`` or later, else None (``label_matches`` asks for one after another, and
    stops at its first date). ``labels``: the ASCII labels as bytes; ``colons``: its
    ``_COLONS`` (two characters); ``label_span``/``after_span``/``value_chars``: its
    ``_LABEL_SPAN``/``_LABEL_AFTER_SPAN``/``_LABEL_VALUE_CHARS``."""
    cdef Py_ssize_t n = len(text), at, word_end, word_start, label_end, start, stop, after
    if len(colons) != 2:
        raise ValueError("next_label_window reads two colon characters")
    cdef Py_UCS4 first = ord(colons[0]), second = ord(colons[1])
    if since >= n:
        return None
    cdef Py_ssize_t next_first = PyUnicode_FindChar(text, first, since, n, 1)
    cdef Py_ssize_t next_second = PyUnicode_FindChar(text, second, since, n, 1)
    while next_first >= 0 or next_second >= 0:  # the colons in order (found by memchr-like search)
        if next_second < 0 or 0 <= next_first < next_second:
            at = next_first
            next_first = PyUnicode_FindChar(text, first, at + 1, n, 1)
        else:
            at = next_second
            next_second = PyUnicode_FindChar(text, second, at + 1, n, 1)
        word_end = at - _spaces_before(text, at)
        word_start = word_end - after_span
        label_end = word_start - _spaces_before(text, word_start) if word_start > 0 else 0
        start = max(min(word_end, label_end) - label_span, 0)
        after = at + 1
        while after < n and Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, after)):
            after += 1
        stop = min(n, after + value_chars)
        if _may_hold_label(text, start, stop, labels):
            return at, start, stop
    return None
