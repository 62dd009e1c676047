# Included by maintext/metadata/_native.pyx (one extension module, its source in parts).
# ---------------------------------------------------------------------------------------
# Inline-script dates: :func:`maintext.metadata.dates.script_dates`'s scan of the page source

cdef extern from "Python.h":
    int PyUnicode_KIND(object o)
    void* PyUnicode_DATA(object o)
    Py_ssize_t PyUnicode_GET_LENGTH(object o)
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch) nogil
    bint Py_UNICODE_ISALNUM(Py_UCS4 ch) nogil
    bint Py_UNICODE_ISDECIMAL(Py_UCS4 ch) nogil

ctypedef fused char_t:  # the three str layouts (PEP 393)
    uint8_t
    uint16_t
    uint32_t


cdef inline bint _script_letter(Py_UCS4 c, Py_ssize_t k) noexcept nogil:
    """``c`` matches letter ``k`` of "script" under ``re.IGNORECASE`` (long s, dotted and
    dotless i included: what Python's case-blind match accepts, checked in the tests)."""
    if k == 0:
        return c == 115 or c == 83 or c == 0x17f
    if k == 1:
        return c == 99 or c == 67
    if k == 2:
        return c == 114 or c == 82
    if k == 3:
        return c == 105 or c == 73 or c == 0x130 or c == 0x131
    if k == 4:
        return c == 112 or c == 80
    return c == 116 or c == 84


cdef inline bint _script_at(const char_t* s, Py_ssize_t i, Py_ssize_t end) noexcept nogil:
    """``s[i:i + 6]`` is "script" in any case, within ``end``."""
    cdef Py_ssize_t k
    if i + 6 > end:
        return False
    for k in range(6):
        if not _script_letter(s[i + k], k):
            return False
    return True


cdef Py_ssize_t _find_char(const char_t* s, Py_ssize_t i, Py_ssize_t end, Py_UCS4 ch) noexcept nogil:
    """``html.find(ch, i, end)`` for an ASCII ``ch``: memchr over the bytes (for 2- and 4-byte
    text, of ``ch``'s byte, each hit checked as a whole character), as ``str.find`` does."""
    cdef const char* base = <const char*>s
    cdef const char* p
    cdef const char* q
    cdef const char* e
    cdef Py_ssize_t at
    if i >= end:
        return -1
    if char_t is uint8_t:
        q = <const char*>memchr(base + i, <int>ch, end - i)
        return q - base if q != NULL else -1
    p = base + i * sizeof(char_t)
    e = base + end * sizeof(char_t)
    while p < e:
        q = <const char*>memchr(p, <int>ch, e - p)
        if q == NULL:
            return -1
        at = (q - base) // sizeof(char_t)
        if s[at] == ch:
            return at
        p = base + (at + 1) * sizeof(char_t)
    return -1


cdef Py_ssize_t _script_open(const char_t* s, Py_ssize_t i, Py_ssize_t end) noexcept nogil:
    """``re.compile(r"<script\\b", re.I).search(html, i, end).start()``, or -1."""
    cdef Py_UCS4 c
    while True:
        i = _find_char(s, i, end, 60)
        if i < 0:
            return -1
        if _script_at(s, i + 1, end):
            if i + 7 == end:
                return i
            c = s[i + 7]
            if not (Py_UNICODE_ISALNUM(c) or c == 95):
                return i
        i += 1


cdef Py_ssize_t _script_close(const char_t* s, Py_ssize_t i, Py_ssize_t end) noexcept nogil:
    """``re.compile(r"</script", re.I).search(html, i, end).start()``, or -1."""
    while True:
        i = _find_char(s, i, end, 60)
        if i < 0:
            return -1
        if i + 1 < end and s[i + 1] == 47 and _script_at(s, i + 2, end):
            return i
        i += 1


cdef inline bint _name_char(Py_UCS4 c) noexcept nogil:
    return Py_UNICODE_ISALNUM(c) or c == 95 or c == 45  # str.isalnum(), "_", "-"


cdef Py_ssize_t _name_start(const char_t* s, Py_ssize_t lo, Py_ssize_t end, Py_ssize_t max_name,
                            Py_ssize_t* stop_out) noexcept nogil:
    """The steps of ``dates._assigned_name(script, end)`` before its first-letter test, with
    ``script`` starting at ``lo``: the name's start (its end in ``stop_out``), or -1 when
    there is none (wrong length, or part of a dotted or ``$`` path)."""
    cdef Py_ssize_t pos = end, stop, low
    cdef Py_UCS4 c
    while pos > lo and (s[pos - 1] == 32 or s[pos - 1] == 9 or s[pos - 1] == 13 or s[pos - 1] == 10):
        pos -= 1
    if pos > lo and (s[pos - 1] == 34 or s[pos - 1] == 39):
        pos -= 1
    stop = pos
    low = stop - max_name - 1
    if low < lo:
        low = lo
    while pos > low and _name_char(s[pos - 1]):
        pos -= 1
    if not (2 <= stop - pos <= max_name):
        return -1
    if pos > lo:
        c = s[pos - 1]
        if _name_char(c) or c == 46 or c == 36:  # "." "$"
            return -1
    stop_out[0] = stop
    return pos


cdef object _name_kind(str html, const char_t* s, Py_ssize_t pos, Py_ssize_t stop, dict kinds):
    """``kinds.get(name.lower().replace("_", "").replace("-", ""))`` for the name
    ``html[pos:stop]`` when it starts with a letter (``"a" <= name[0].lower() <= "z"``),
    else None. An ASCII name is folded here, another by Python."""
    cdef char buf[64]
    cdef Py_ssize_t i, k = 0
    cdef Py_UCS4 c = s[pos]
    for i in range(pos, stop):
        if s[i] >= 128 or stop - pos >= 64:
            name = html[pos:stop]
            if not ("a" <= name[0].lower() <= "z"):
                return None
            return kinds.get(name.lower().replace("_", "").replace("-", ""))
    if not ((65 <= c <= 90) or (97 <= c <= 122)):
        return None
    cdef int code
    for i in range(pos, stop):
        code = <int>s[i]
        if code == 95 or code == 45:
            continue
        buf[k] = <char>(code + 32 if 65 <= code <= 90 else code)
        k += 1
    return kinds.get(buf[:k].decode("ascii"))


cdef Py_ssize_t _value_end(const char_t* s, Py_ssize_t k, Py_ssize_t end, Py_ssize_t* g_start,
                           Py_ssize_t* g_end, bint* quoted) noexcept nogil:
    """Where ``dates._SCRIPT_VALUE`` (``[:=]\\s*(?:["']([^"'\\n]{6,40})["']|(\\d{10}(?:\\d{3})?)(?!\\d))``)
    matching at ``k`` (a ``:`` or ``=``) ends within ``end``, or -1; its group in ``g_start``,
    ``g_end`` and which one it is in ``quoted``."""
    cdef Py_ssize_t r
    cdef Py_UCS4 c
    k += 1
    while k < end and Py_UNICODE_ISSPACE(s[k]):
        k += 1
    if k >= end:
        return -1
    c = s[k]
    if c == 34 or c == 39:
        r = k + 1
        while r < end and s[r] != 34 and s[r] != 39 and s[r] != 10:
            r += 1
            if r - k - 1 > 40:
                return -1  # (too long to be a date, wherever it ends: not read to its end)
        if r >= end or s[r] == 10 or not (6 <= r - k - 1 <= 40):
            return -1
        g_start[0], g_end[0], quoted[0] = k + 1, r, True
        return r + 1
    r = k
    while r < end and Py_UNICODE_ISDECIMAL(s[r]):
        r += 1
    if r - k != 10 and r - k != 13:
        return -1
    g_start[0], g_end[0], quoted[0] = k, r, False
    return r


cdef list _assignments(str html, const char_t* s, Py_ssize_t n, Py_ssize_t max_html, Py_ssize_t max_script,
                       Py_ssize_t max_name, dict kinds):
    cdef Py_ssize_t eos = n if n < max_html else max_html
    cdef Py_ssize_t m, start, close, k, end, pos, stop = 0, g_start = 0, g_end = 0, colon, equals
    cdef bint quoted = False
    cdef list out = []
    m = _script_open(s, 0, eos)
    while m >= 0:
        start = _find_char(s, m + 7, eos, 62)
        close = _script_close(s, start, eos) if start >= 0 else -1
        if close < 0:
            break
        if close - start <= max_script:
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
                end = _value_end(s, k, close, &g_start, &g_end, &quoted)
                if end < 0:
                    k += 1
                    continue
                pos = _name_start(s, start + 1, k, max_name, &stop)
                kind = _name_kind(html, s, pos, stop, kinds) if pos >= 0 else None
                if kind is not None:
                    value = html[g_start:g_end]
                    out.append((kind, value, None) if quoted else (kind, None, value))
                k = end
        m = _script_open(s, close + 8, eos)
    return out


def script_assignments(str html, Py_ssize_t max_html, Py_ssize_t max_script, Py_ssize_t max_name,
                       dict kinds):
    """``(kind, quoted value, digits)`` of each value that ``dates.script_dates`` reads, in
    its order: in the bodies ``dates._script_bodies`` yields (``max_html``, ``max_script``:
    its ``MAX_SCRIPT_HTML_CHARS``, ``MAX_SCRIPT_CHARS``), each match of
    ``dates._SCRIPT_VALUE`` whose assigned name (``dates._assigned_name``, names up to
    ``max_name`` long) folds to a key of ``kinds`` (``dates._SCRIPT_KIND``); one of the
    two values is None. One pass over the page's buffer, no regular expression."""
    cdef int kind = PyUnicode_KIND(html)
    cdef void* data = PyUnicode_DATA(html)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(html)
    if kind == 1:
        return _assignments(html, <const uint8_t*>data, n, max_html, max_script, max_name, kinds)
    if kind == 2:
        return _assignments(html, <const uint16_t*>data, n, max_html, max_script, max_name, kinds)
    return _assignments(html, <const uint32_t*>data, n, max_html, max_script, max_name, kinds)
