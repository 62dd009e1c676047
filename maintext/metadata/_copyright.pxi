# Included by maintext/metadata/_native.pyx (one extension module, its source in parts).
# ---------------------------------------------------------------------------------------
# The end of <body>'s text and where copyright lines may open in it:
# :func:`maintext.metadata.authors.copyright_holder`'s reading, without the whole text

cdef inline uint64_t _continuations8(const unsigned char* p) noexcept nogil:
    """A 1 in the byte lane of each continuation byte (``10xxxxxx``) of the 8 bytes at ``p``."""
    cdef uint64_t w
    memcpy(&w, p, 8)
    return (w & ~(w << 1) & 0x8080808080808080ULL) >> 7


cdef Py_ssize_t _u8_count(const unsigned char* p, Py_ssize_t n) noexcept nogil:
    """The code points in the ``n`` UTF-8 bytes at ``p``: its bytes but the continuation
    bytes, these counted eight at a time in a byte lane each (at most 255 words a round, so
    no lane overflows), the lanes summed at each round's end (no popcount instruction: the
    build targets plain x86-64, where it is a library call)."""
    cdef Py_ssize_t i = 0, cont = 0, end
    cdef uint64_t lanes
    while n - i >= 8:
        end = i + min((n - i) >> 3, 255) * 8
        lanes = 0
        while end - i >= 32:
            lanes += (_continuations8(p + i) + _continuations8(p + i + 8) + _continuations8(p + i + 16)
                      + _continuations8(p + i + 24))
            i += 32
        while i < end:
            lanes += _continuations8(p + i)
            i += 8
        lanes = (lanes & 0x00FF00FF00FF00FFULL) + ((lanes >> 8) & 0x00FF00FF00FF00FFULL)
        cont += <Py_ssize_t>((lanes * 0x0001000100010001ULL) >> 48)
    while i < n:
        cont += (p[i] & 0xC0) == 0x80
        i += 1
    return n - cont


cdef Py_ssize_t _u8_skip(const unsigned char* p, Py_ssize_t n, Py_ssize_t chars) noexcept nogil:
    """``_u8_offset(p, n, chars)``: the offset of code point ``chars`` of ``p[:n]`` (``n``
    when it has no more), the code points that start in each 8 bytes counted at once
    while they are not more than the ones still to pass."""
    cdef Py_ssize_t i = 0, starts
    while n - i >= 8:
        starts = 8 - <Py_ssize_t>((_continuations8(p + i) * 0x0101010101010101ULL) >> 56)
        if starts > chars:
            break
        chars -= starts
        i += 8
    while i < n:
        if (p[i] & 0xC0) != 0x80:
            if chars == 0:
                return i
            chars -= 1
        i += 1
    return n




cdef xmlNode* _last_below(xmlNode* n) noexcept nogil:
    """The last node of ``n``'s subtree in document order (elements descended only)."""
    while n.type == tree.XML_ELEMENT_NODE and n.last is not NULL:
        n = n.last
    return n


cdef xmlNode* _prev_below(xmlNode* n, xmlNode* top) noexcept nogil:
    """The node before ``n`` among ``top``'s descendants, leaves in reverse document order
    (an element comes after its children here: only the text nodes' order counts), or NULL."""
    if n.prev is not NULL:
        return _last_below(n.prev)
    n = n.parent
    return NULL if n is top or n is NULL else n


cdef list _openings_in(const unsigned char* buf, Py_ssize_t size, tuple openings):
    """The byte offsets in ``buf[:size]`` where an opening stands. ``openings``: pairs of
    an opening's bytes and the index of its rarest byte, found by ``memchr`` (a few calls
    over the text's bytes; glibc's ``memmem`` steps through them, ~5 times the work)."""
    cdef list where = []
    cdef bytes opening
    cdef const unsigned char* o
    cdef const unsigned char* hit
    cdef Py_ssize_t anchor, length, at
    for opening, anchor in openings:
        o = <const unsigned char*>(<const char*>opening)
        length = len(opening)
        at = anchor
        while at < size:
            hit = <const unsigned char*>memchr(buf + at, o[anchor], size - at)
            if hit is NULL:
                break
            at = hit - buf
            if at - anchor + length <= size and memcmp(hit - anchor, o, length) == 0:
                where.append(at - anchor)
            at += 1
    return where


# copyright_tail's scratch buffer, kept between calls (grown, never freed): a free of a
# chunk of 64 KB or more makes glibc consolidate its free lists (measured: ~1.5M
# instructions a page in malloc on the Chinese set, where most pages reach this source)
cdef unsigned char* _tail_buf = NULL
cdef Py_ssize_t _tail_cap = 0


cdef int _wider(Py_ssize_t* start, Py_ssize_t need) except -1:
    """The scratch buffer (its data at its end from ``start``) grown to hold ``need`` more
    bytes before its data (the same data at the new end)."""
    global _tail_buf, _tail_cap
    cdef Py_ssize_t size = _tail_cap - start[0]
    cdef Py_ssize_t wider = max(2 * _tail_cap, size + need, 1 << 15)
    cdef unsigned char* out = <unsigned char*>malloc(wider)
    if out is NULL:
        raise MemoryError()
    if size:
        memcpy(out + wider - size, _tail_buf + start[0], size)
    free(_tail_buf)
    _tail_buf, _tail_cap = out, wider
    start[0] = wider - size
    return 0


def copyright_tail(_Element body, Py_ssize_t limit, tuple openings):
    """What :func:`maintext.metadata.authors.copyright_holder` searches: the last ``limit`` (> 0)
    characters of ``body``'s text (``text_content``: its text and CDATA nodes joined) and
    the sorted positions in them where one of ``openings`` (UTF-8 bytes of strings that
    start with an ASCII or a lead byte, so a byte match is a character match, each with
    the index of the byte searched for: see :func:`_openings_in`) stands, as
    ``(text, starts)``: ``text`` those characters from the one before the first opening
    on (what a pattern matched at the openings reads, ``\b`` included), ``starts`` the
    positions in it; ``(None, [])`` when none stands there (the text is not decoded).
    The text nodes are read from the end back, their bytes put before the ones read, until
    they hold ``limit`` characters (counted only once they hold that many bytes; of a long
    node, only the bytes that can hold them), so the rest of the body's text is never
    copied nor decoded (nor kept: the buffer stays under ~8 bytes a character of ``limit``). None when an entity reference
    stands among them (libxml2 would read its entity: the caller reads the text itself)."""
    cdef xmlNode* top = body._c_node
    cdef xmlNode* n
    cdef Py_ssize_t start = _tail_cap, chars = -1, length, count = 0, at, k, skip
    # the most bytes of one node that can hold the characters still wanted: ``limit``
    # characters of four bytes at most, and a character cut at the front (not counted)
    cdef Py_ssize_t most = 4 * limit + 3
    cdef const char* content
    cdef list where
    n = _last_below(top) if top.children is not NULL else NULL
    while n is not NULL:
        if _is_text(n) and n.content is not NULL and n.content[0]:
            content = <const char*>n.content
            length = strlen(content)
            if length > most:  # (a long text node: only its end is copied)
                content += length - most
                length = most
            if length > start:
                _wider(&start, length)
            start -= length
            memcpy(_tail_buf + start, content, length)
            if _tail_cap - start >= limit:  # may hold ``limit`` characters: count them
                chars = _u8_count(_tail_buf + start, _tail_cap - start if chars < 0 else length) + max(chars, 0)
                if chars >= limit:
                    start += _u8_skip(_tail_buf + start, _tail_cap - start, chars - limit)
                    break
        elif n.type == tree.XML_ENTITY_REF_NODE:
            return None
        n = _prev_below(n, top)
    where = _openings_in(_tail_buf + start, _tail_cap - start, openings)
    if not where:
        return None, []
    where.sort()
    skip = where[0]  # decoded from the character before the first opening (the pattern's \b reads it)
    if skip > 0:
        skip -= 1
        while skip > 0 and (_tail_buf[start + skip] & 0xC0) == 0x80:
            skip -= 1
    starts = []
    at = skip
    for k in where:  # byte offsets to character offsets
        count += _u8_count(_tail_buf + start + at, k - at)
        at = k
        starts.append(count)
    return (<const char*>_tail_buf + start + skip)[:_tail_cap - start - skip].decode("utf-8"), starts
