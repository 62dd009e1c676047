# Included by _lexbor.pyx (one extension module): the pruned build's decisions (html5's table:
# which elements are copied, unwrapped or left out, which attributes kept, swallowing).

cdef bint _has(const unsigned char* s, size_t n, const char* word, size_t k, bint fold) noexcept nogil:
    """Whether ``word`` (lower case ASCII) is in ``s[:n]`` (ASCII letters folded when ``fold``)."""
    cdef size_t i, j
    cdef unsigned char c
    if n < k:
        return False
    for i in range(n - k + 1):
        for j in range(k):
            c = s[i + j]
            if fold and 0x41 <= c <= 0x5A:
                c += 0x20
            if c != <unsigned char>word[j]:
                break
        else:
            return True
    return False


cdef inline bint _may_hide(const unsigned char* s, size_t n) noexcept nogil:
    """clean.may_hide of a (cleaned) style value: not ASCII, or "none"/"hidden" in any case."""
    cdef size_t i
    for i in range(n):
        if s[i] >= 0x80:
            return True
    return _has(s, n, "none", 4, True) or _has(s, n, "hidden", 6, True)


cdef const unsigned char* _find(void* element, const char* wanted, size_t k, size_t* length,
                                Buf* values) except? NULL:
    """The cleaned value of the element's attribute named ``wanted``, or NULL."""
    cdef void* attr = _first_attr(element)
    cdef const unsigned char* name
    cdef size_t name_len
    while attr is not NULL:
        name_len = 0
        name = _attr_name(attr, &name_len)
        if name_len == k and name is not NULL and memcmp(name, wanted, k) == 0:
            return _value(attr, length, values)
        attr = _next_attr(attr)
    return NULL


cdef bint _is_word(const unsigned char* s, size_t n, const char* word, size_t k) noexcept nogil:
    """Whether ``s[:n]`` is ``word`` (lower case ASCII) in any ASCII case, or is not ASCII."""
    cdef size_t i
    for i in range(n):
        if s[i] >= 0x80:
            return True
    return n == k and _has(s, n, word, k, True)


cdef int _head_signal(void* element, bint meta, Buf* values) except -1:
    """html5._head_signal of a ``<meta>`` (``meta``) or ``<link>``."""
    cdef const unsigned char* value
    cdef size_t n = 0
    if not meta:
        value = _find(element, "rel", 3, &n, values)
        return value is not NULL and _is_word(value, n, "canonical", 9)
    value = _find(element, "property", 8, &n, values)
    if value is NULL or n == 0:
        n = 0
        value = _find(element, "name", 4, &n, values)
    return value is not NULL and (_is_word(value, n, "og:type", 7) or _is_word(value, n, "og:url", 6))


cdef int _attr_test(xmlDoc* doc, void* element, Buf* values, bint script) except -1:
    """html5._ld_json of a script (``script``), else html5._may_be_hidden."""
    cdef void* attr
    cdef const unsigned char* name
    cdef const unsigned char* value
    cdef size_t name_len, value_len = 0
    cdef int kind
    if script:
        value = _find(element, "type", 4, &value_len, values)
        return value is not NULL and _has(value, value_len, "ld+json", 7, False)
    attr = _first_attr(element)
    while attr is not NULL:
        name_len = 0
        name = _attr_name(attr, &name_len)
        kind = 0
        if _name(doc, name, name_len, &kind) is not NULL:
            if kind & HIDING:
                return True
            if kind & HIDING_STYLE:
                value = _value(attr, &value_len, values)
                if value_len and _may_hide(value, value_len):
                    return True
        attr = _next_attr(attr)
    return False


cdef struct State:
    # html5._State: what the pruned build's decisions remember
    void* ldoc  # lexbor's document
    void* html  # its <html> element
    bint title_seen  # a <title> was copied
    long big  # clean.BIG_HIDDEN_CHARS


cdef long _text_size(void* ldoc, void* top, void* skip, long limit) noexcept:
    """html5._text_size: the characters of the text under lexbor's node ``top``, cleaned,
    without the text under ``skip``, and once past ``limit`` (>= 0) what was counted so far."""
    cdef long size = 0
    cdef size_t depth = 0
    cdef void* cur = _child_of(top)
    cdef void* child
    while cur is not NULL:
        if _type_of(cur) == TEXT:
            size += _text_length(ldoc, cur)
            if 0 <= limit <= size:
                return size
        elif cur is not skip:
            child = _child_of(cur)
            if child is not NULL:
                cur = child
                depth += 1
                continue
        while _next_of(cur) is NULL:
            if depth == 0:
                return size
            cur = _parent_of(cur)
            depth -= 1
        cur = _next_of(cur)
    return size


cdef bint _swallows(void* element, State* state) noexcept:
    """html5._swallows: clean._unwrap_swallowing's test of a candidate, on lexbor's text."""
    cdef long size = _text_size(state.ldoc, element, NULL, -1)
    return size > state.big and _text_size(state.ldoc, state.html, element, size) < size


cdef int _decide(xmlDoc* doc, void* element, const unsigned char* name, int bits, int mode, State* state,
                 Buf* values) except -1:
    """html5._decide: COPIED when the element is copied, with the mode of its content."""
    if mode == COPY:
        return COPIED | COPY
    if (bits & SCRIPT and _attr_test(doc, element, values, True)) or (
            bits & TITLE and mode == PRUNED and not state.title_seen):
        return COPIED | COPY
    if mode == PRUNED or bits & (SUBTREE | SCRIPT):
        return PRUNED
    if bits & SWALLOW:
        return COPIED | COPY if _swallows(element, state) else PRUNED
    if bits & HEAD:
        return COPIED | IN_HEAD
    # (the two SIGNAL tags: <meta> and <link>)
    if bits & SIGNAL and mode == IN_HEAD and not _head_signal(element, name[0] == 0x6D, values):
        return PRUNED
    if bits & UNWRAP and mode == NORMAL and not _attr_test(doc, element, values, False):
        return NORMAL
    return COPIED | mode
