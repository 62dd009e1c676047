# Included by maintext/metadata/_native.pyx (one extension module, its source in parts).
# ---------------------------------------------------------------------------------------
# Inline-script dates read from the page's UTF-8 bytes: ``script_assignments_utf8(data)``
# gives what ``script_assignments(data.decode("utf-8"))`` (_scripts.pxi) gives, without
# decoding the page. Every limit and test of the text scan counts characters; here a
# character is a code point's bytes, decoded where a test needs more than ASCII (the
# letters of "script", white space, digits, name characters). Positions are byte offsets.

cdef inline Py_UCS4 _u8_at(const uint8_t* s, Py_ssize_t i, Py_ssize_t end, Py_ssize_t* nxt) noexcept nogil:
    """The code point whose bytes start at ``s[i]`` (``i < end``); the offset after it in
    ``nxt``. A byte that starts no valid sequence is read as itself, one byte long (valid
    UTF-8, what a Document's bytes are, has none)."""
    cdef uint8_t c = s[i]
    if c < 0x80:
        nxt[0] = i + 1
        return c
    if 0xC2 <= c < 0xE0 and i + 1 < end and (s[i + 1] & 0xC0) == 0x80:
        nxt[0] = i + 2
        return ((c & 0x1F) << 6) | (s[i + 1] & 0x3F)
    if 0xE0 <= c < 0xF0 and i + 2 < end and (s[i + 1] & 0xC0) == 0x80 and (s[i + 2] & 0xC0) == 0x80:
        nxt[0] = i + 3
        return ((c & 0x0F) << 12) | ((s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F)
    if 0xF0 <= c < 0xF5 and i + 3 < end and (s[i + 1] & 0xC0) == 0x80 and (s[i + 2] & 0xC0) == 0x80 \
            and (s[i + 3] & 0xC0) == 0x80:
        nxt[0] = i + 4
        return ((c & 0x07) << 18) | ((s[i + 1] & 0x3F) << 12) | ((s[i + 2] & 0x3F) << 6) | (s[i + 3] & 0x3F)
    nxt[0] = i + 1
    return c


cdef inline Py_ssize_t _u8_back(const uint8_t* s, Py_ssize_t i, Py_ssize_t lo) noexcept nogil:
    """The offset where the code point ending just before ``s[i]`` starts (``i > lo``)."""
    cdef Py_ssize_t j = i - 1
    while j > lo and i - j < 4 and (s[j] & 0xC0) == 0x80:
        j -= 1
    return j


cdef inline Py_ssize_t _u8_chars(const uint8_t* s, Py_ssize_t i, Py_ssize_t end) noexcept nogil:
    """The code points in ``s[i:end]`` (its bytes but continuation bytes: _copyright.pxi's
    count, eight bytes at a time)."""
    return _u8_count(s + i, end - i) if end > i else 0


cdef Py_ssize_t _u8_offset(const uint8_t* s, Py_ssize_t n, Py_ssize_t chars) noexcept nogil:
    """The offset of code point ``chars`` of ``s[:n]`` (``n`` when it has no more)."""
    cdef Py_ssize_t i = 0, seen = 0
    if chars >= n:
        return n  # (at least one byte a code point)
    while i < n:
        if (s[i] & 0xC0) != 0x80:
            if seen == chars:
                return i
            seen += 1
        i += 1
    return n


cdef Py_ssize_t _u8_script(const uint8_t* s, Py_ssize_t i, Py_ssize_t end) noexcept nogil:
    """The offset after "script" written at ``s[i]`` in any case (:func:`_script_letter`'s
    letters), within ``end``; -1 when it is not there."""
    cdef Py_ssize_t k, nxt = 0
    for k in range(6):
        if i >= end or not _script_letter(_u8_at(s, i, end, &nxt), k):
            return -1
        i = nxt
    return i


cdef Py_ssize_t _u8_script_open(const uint8_t* s, Py_ssize_t i, Py_ssize_t end, Py_ssize_t* after) noexcept nogil:
    """:func:`_script_open` on the bytes: the offset of the "<" (-1: none); the offset after
    "<script" in ``after``."""
    cdef Py_ssize_t j, nxt = 0
    cdef Py_UCS4 c
    while True:
        i = _find_char(s, i, end, 60)
        if i < 0:
            return -1
        if i + 1 < end and s[i + 1] < 128 and (s[i + 1] | 0x20) != 115:  # (ASCII, no "s" or "S": most tags)
            i += 1
            continue
        j = _u8_script(s, i + 1, end)
        if j >= 0:
            after[0] = j
            if j == end:
                return i
            c = _u8_at(s, j, end, &nxt)
            if not (Py_UNICODE_ISALNUM(c) or c == 95):
                return i
        i += 1


cdef Py_ssize_t _u8_script_close(const uint8_t* s, Py_ssize_t i, Py_ssize_t end, Py_ssize_t* after) noexcept nogil:
    """:func:`_script_close` on the bytes: the offset of the "<" (-1: none); the offset
    after "</script" in ``after``."""
    cdef Py_ssize_t j
    while True:
        i = _find_char(s, i, end, 60)
        if i < 0:
            return -1
        if i + 1 < end and s[i + 1] == 47:
            j = _u8_script(s, i + 2, end)
            if j >= 0:
                after[0] = j
                return i
        i += 1


cdef Py_ssize_t _u8_name_start(const uint8_t* s, Py_ssize_t lo, Py_ssize_t end, Py_ssize_t max_name,
                               Py_ssize_t* stop_out) noexcept nogil:
    """:func:`_name_start` on the bytes (the name's length counted in code points)."""
    cdef Py_ssize_t pos = end, stop, back, nxt = 0, chars = 0
    cdef Py_UCS4 c
    while pos > lo and (s[pos - 1] == 32 or s[pos - 1] == 9 or s[pos - 1] == 13 or s[pos - 1] == 10):
        pos -= 1
    if pos > lo and (s[pos - 1] == 34 or s[pos - 1] == 39):
        pos -= 1
    stop = pos
    while pos > lo and chars <= max_name:
        back = _u8_back(s, pos, lo)
        if not _name_char(_u8_at(s, back, pos, &nxt)):
            break
        pos = back
        chars += 1
    if not (2 <= chars <= max_name):
        return -1
    if pos > lo:
        c = _u8_at(s, _u8_back(s, pos, lo), pos, &nxt)
        if _name_char(c) or c == 46 or c == 36:  # "." "$"
            return -1
    stop_out[0] = stop
    return pos


cdef object _u8_name_kind(bytes data, const uint8_t* s, Py_ssize_t pos, Py_ssize_t stop, dict kinds):
    """:func:`_name_kind` of the name ``data[pos:stop]``."""
    cdef char buf[64]
    cdef Py_ssize_t i, k = 0
    cdef uint8_t c = s[pos]
    cdef int code
    for i in range(pos, stop):
        if s[i] >= 128 or stop - pos >= 64:
            name = data[pos:stop].decode("utf-8", "surrogateescape")
            if not ("a" <= name[0].lower() <= "z"):
                return None
            return kinds.get(name.lower().replace("_", "").replace("-", ""))
    if not ((65 <= c <= 90) or (97 <= c <= 122)):
        return None
    for i in range(pos, stop):
        code = s[i]
        if code == 95 or code == 45:
            continue
        buf[k] = <char>(code + 32 if 65 <= code <= 90 else code)
        k += 1
    return kinds.get(buf[:k].decode("ascii"))


cdef Py_ssize_t _u8_value_end(const uint8_t* s, Py_ssize_t k, Py_ssize_t end, Py_ssize_t* g_start,
                              Py_ssize_t* g_end, bint* quoted) noexcept nogil:
    """:func:`_value_end` on the bytes (lengths counted in code points)."""
    cdef Py_ssize_t r, nxt = 0, chars = 0
    cdef uint8_t c
    k += 1
    while k < end and Py_UNICODE_ISSPACE(_u8_at(s, k, end, &nxt)):
        k = nxt
    if k >= end:
        return -1
    c = s[k]
    if c == 34 or c == 39:
        r = k + 1
        while r < end and s[r] != 34 and s[r] != 39 and s[r] != 10:  # (ASCII: no byte of another code point)
            chars += (s[r] & 0xC0) != 0x80
            if chars > 40:
                return -1  # (too long to be a date, wherever it ends: not read to its end)
            r += 1
        if r >= end or s[r] == 10 or not (6 <= chars <= 40):
            return -1
        g_start[0], g_end[0], quoted[0] = k + 1, r, True
        return r + 1
    r = k
    while r < end and Py_UNICODE_ISDECIMAL(_u8_at(s, r, end, &nxt)):
        r = nxt
        chars += 1
    if chars != 10 and chars != 13:
        return -1
    g_start[0], g_end[0], quoted[0] = k, r, False
    return r


cdef list _u8_assignments(bytes data, const uint8_t* s, Py_ssize_t n, Py_ssize_t max_html, Py_ssize_t max_script,
                          Py_ssize_t max_name, dict kinds):
    cdef Py_ssize_t eos = _u8_offset(s, n, max_html)
    cdef Py_ssize_t m, after = 0, start, close, k, end, pos, stop = 0, g_start = 0, g_end = 0, colon, equals
    cdef bint quoted = False
    cdef list out = []
    m = _u8_script_open(s, 0, eos, &after)
    while m >= 0:
        start = _find_char(s, after, eos, 62)
        close = _u8_script_close(s, start, eos, &after) if start >= 0 else -1
        if close < 0:
            break
        if close - start <= max_script or _u8_chars(s, start, close) <= max_script:
            k = start + 1
            colon = equals = k - 1  # the next ":" and "=" at or after k (-1: none)
            while k < close:
                if 0 <= colon < k:
                    colon = _find_char(s, k, close, 58)
                if 0 <= equals < k:
                    equals = _find_char(s, k, close, 61)
                if colon < 0 and equals < 0:
                    break
                k = equals if colon < 0 or (0 <= equals < colon) else colon
                end = _u8_value_end(s, k, close, &g_start, &g_end, &quoted)
                if end < 0:
                    k += 1
                    continue
                pos = _u8_name_start(s, start + 1, k, max_name, &stop)
                kind = _u8_name_kind(data, s, pos, stop, kinds) if pos >= 0 else None
                if kind is not None:
                    value = data[g_start:g_end].decode("utf-8", "surrogateescape")
                    out.append((kind, value, None) if quoted else (kind, None, value))
                k = end
        m = _u8_script_open(s, after, eos, &after)
    return out


def script_assignments_utf8(bytes data, Py_ssize_t max_html, Py_ssize_t max_script, Py_ssize_t max_name,
                            dict kinds):
    """``script_assignments(data.decode("utf-8"), ...)`` read from the UTF-8 bytes ``data``
    (one pass, the page never decoded: only the names and values found are)."""
    return _u8_assignments(data, <const uint8_t*>data, len(data), max_html, max_script, max_name, kinds)
