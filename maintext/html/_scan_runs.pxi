# Included by _scan.pyx (one extension module): the scans of maintext.io.limits besides the
# long-tag search: runs without ">" (runaway tags), bounded character counts, the first start
# tag of a stretch, and a byte count.

cdef list _runs(const char_t* s, Py_ssize_t n, Py_UCS4 stop, Py_ssize_t min_len):
    cdef Py_ssize_t i, start = 0
    cdef list out = []
    if stop < 128:  # the next stop found by memchr (a character a step is ~10x dearer)
        i = _next_ascii(s, 0, n, <uint8_t>stop)
        while i >= 0:
            if i - start >= min_len:
                out.append((start, i))
            start = i + 1
            i = _next_ascii(s, start, n, <uint8_t>stop)
    else:
        for i in range(n):
            if s[i] == stop:
                if i - start >= min_len:
                    out.append((start, i))
                start = i + 1
    if n - start >= min_len:
        out.append((start, n))
    return out


def long_runs(str html, str stop, Py_ssize_t min_len):
    """``(start, end)`` of each piece of ``html.split(stop)`` (one character) at least
    ``min_len`` long, in order: the matches of :data:`maintext.io.limits._RUNAWAY`
    (``(?:\\A|(?<=>))[^>]{65536,}`` for ``stop=">"``, ``min_len=65536``), which
    Python's regular expressions find at ~140 ms per MB of markup."""
    cdef int kind = PyUnicode_KIND(html)
    cdef void* data = PyUnicode_DATA(html)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(html)
    cdef Py_UCS4 c = ord(stop)
    if min_len < 1:
        raise ValueError("min_len must be at least 1")
    if kind == 1:
        return _runs(<const uint8_t*>data, n, c, min_len)
    if kind == 2:
        return _runs(<const uint16_t*>data, n, c, min_len)
    return _runs(<const uint32_t*>data, n, c, min_len)


cdef Py_ssize_t _count_upto(const char_t* s, Py_ssize_t i, Py_ssize_t n, uint8_t ch,
                            Py_ssize_t most) noexcept nogil:
    cdef Py_ssize_t count = 0
    while count < most:
        i = _next_ascii(s, i, n, ch)
        if i < 0:
            break
        count += 1
        i += 1
    return count


def count_upto(str html, str ch, Py_ssize_t most, Py_ssize_t start=0, end=None):
    """``min(html.count(ch, start, end), most)`` for an ASCII ``ch`` (``start``, ``end``: not
    negative): the count stops at
    ``most`` (memchr from one to the next: a page holds thousands of "=", the caller's
    test needs to know whether there are more than about a thousand)."""
    cdef int kind = PyUnicode_KIND(html)
    cdef void* data = PyUnicode_DATA(html)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(html), c = ord(ch)
    if c >= 128:
        raise ValueError("count_upto counts an ASCII character")
    if end is not None:
        n = min(n, max(<Py_ssize_t>end, 0))
    start = max(start, 0)
    if kind == 1:
        return _count_upto(<const uint8_t*>data, start, n, <uint8_t>c, most)
    if kind == 2:
        return _count_upto(<const uint16_t*>data, start, n, <uint8_t>c, most)
    return _count_upto(<const uint32_t*>data, start, n, <uint8_t>c, most)


cdef Py_ssize_t _first_start_tag(const char_t* s, Py_ssize_t i, Py_ssize_t n) noexcept nogil:
    while True:
        i = _next_lt(s, i, n)
        if i < 0 or i + 1 >= n:
            return -1
        if _ascii_letter(s[i + 1]):
            return i
        i += 1


def first_start_tag(str html, Py_ssize_t start, Py_ssize_t end):
    """Where ``limits._START_TAG`` (``<`` and an ASCII letter) first matches in
    ``html[start:end]`` (``0 <= start``, ``end <= len(html)``), or -1: each ``<`` found by
    memchr (the pattern's search steps through every character: ~0.5 ms on the 100 KB
    runs without a tag in a large page's scripts)."""
    cdef int kind = PyUnicode_KIND(html)
    cdef void* data = PyUnicode_DATA(html)
    cdef Py_ssize_t n = min(end, PyUnicode_GET_LENGTH(html))
    if start < 0:
        start = 0
    if kind == 1:
        return _first_start_tag(<const uint8_t*>data, start, n)
    if kind == 2:
        return _first_start_tag(<const uint16_t*>data, start, n)
    return _first_start_tag(<const uint32_t*>data, start, n)


def long_runs_utf8(bytes data, Py_ssize_t min_len, bint tagged=False):
    """:func:`long_runs` of the text whose UTF-8 encoding is ``data`` (valid UTF-8) with
    ``stop=">"``, read from the bytes: ``(start, end)`` in bytes of each piece of
    ``data.split(b">")`` that holds at least ``min_len`` characters (the pieces are the
    text's, as ">" is one byte; a piece's characters are its bytes that are not
    continuation bytes, counted only in pieces of ``min_len`` bytes or more).
    ``tagged``: only the pieces that hold a start tag (:func:`first_start_tag_bytes`),
    told before their characters are counted (a large page's long runs are mostly
    scripts and JSON without one: their count, a pass over them, is spared)."""
    cdef const uint8_t* s = <const uint8_t*><const char*>data
    cdef Py_ssize_t i, j, m, start, end, chars
    cdef uint8_t block
    cdef list out = []
    if min_len < 1:
        raise ValueError("min_len must be at least 1")
    for start, end in _runs(s, len(data), 62, min_len):
        if tagged and _first_start_tag(s, start, end) < 0:
            continue
        chars = 0
        i = start
        with nogil:
            while i < end:  # blocks of 255 bytes: a byte-wide sum (vector steps, see count_byte)
                m = min(end - i, 255)
                block = 0
                for j in range(m):
                    block += (s[i + j] & 0xC0) != 0x80
                chars += block
                i += m
        if chars >= min_len:
            out.append((start, end))
    return out


def count_upto_bytes(bytes data, int byte, Py_ssize_t most, Py_ssize_t start, Py_ssize_t end):
    """``min(data.count(bytes([byte]), start, end), most)`` (``0 <= start``): :func:`count_upto`
    of bytes, stopping at ``most`` (``data.count`` reads every byte, ~5 instructions each:
    2 M on a 400 KB page whose question is whether it holds more than a thousand "=")."""
    cdef Py_ssize_t n = min(end, len(data))
    if start < 0:
        start = 0
    return _count_upto(<const uint8_t*><const char*>data, start, n, <uint8_t>byte, most)


def first_start_tag_bytes(bytes data, Py_ssize_t start, Py_ssize_t end):
    """:func:`first_start_tag` of bytes (``<`` and an ASCII letter: the same in a text
    and in its UTF-8 encoding)."""
    cdef Py_ssize_t n = min(end, len(data))
    if start < 0:
        start = 0
    return _first_start_tag(<const uint8_t*><const char*>data, start, n)


def count_byte(bytes data, int byte):
    """``data.count(bytes([byte]))``, in a loop the compiler turns into vector steps
    (bytes.count tests one byte at a time: ~2 instructions a byte, ~0.5 M on a page)."""
    cdef const unsigned char* p = <const unsigned char*>data
    cdef Py_ssize_t i = 0, j, m, n = len(data), count = 0
    cdef unsigned char b = <unsigned char>byte, block
    with nogil:
        while i < n:  # blocks of 255 bytes: a byte-wide sum cannot overflow (16 lanes a step)
            m = min(n - i, 255)
            block = 0
            for j in range(m):
                block += p[i + j] == b
            count += block
            i += m
    return count


def control_counts(bytes data, Py_ssize_t limit):
    """``(nul, controls)`` of ``sample = data[:limit]``: ``sample.count(b"\\x00")`` and
    ``len(sample) - len(sample.translate(None, CONTROLS))``, CONTROLS being the C0 bytes
    other than tab, newline, vertical tab, form feed, carriage return and ESC
    (:func:`maintext.io.decode.check_binary`); one pass, without the copies (the translate
    alone was ~12 instructions a byte: 0.05 M a page). Blocks of 240 bytes (15 vector
    steps of 16) summed byte-wide, each test a comparison without a branch: ~1.4
    instructions a byte (a test of a bit table per byte was ~8)."""
    cdef const unsigned char* p = <const unsigned char*>data
    cdef Py_ssize_t i = 0, j, m, n = len(data), nul = 0, controls = 0
    cdef unsigned char c, nul_block, control_block
    if limit < n:
        n = limit
    with nogil:
        while i < n:
            m = min(n - i, 240)
            nul_block = control_block = 0
            for j in range(m):
                c = p[i + j]
                nul_block += c == 0
                # a C0 byte but neither 9-13 (tab to carriage return) nor 27 (ESC)
                control_block += (c < 32) & (<unsigned char>(c - 9) >= 5) & (c != 27)
            nul += nul_block
            controls += control_block
            i += m
    return nul, controls


def has_markers(bytes data):
    """``any(b in data for b in b"\\x00\\x01\\x02\\x03")`` in one pass (16 bytes a step)."""
    cdef const uint8_t* s = <const uint8_t*><const char*>data
    cdef Py_ssize_t n = len(data)
    cdef bint found
    with nogil:
        found = _has_low(s, n)
    return found


def lt_and_markers(bytes data):
    """``(data.count(b"<"), any(b in data for b in b"\\x00\\x01\\x02\\x03"))``: one pass
    (blocks of 255 bytes, as :func:`count_byte`) instead of five."""
    cdef const unsigned char* p = <const unsigned char*>data
    cdef Py_ssize_t i = 0, j, m, n = len(data), count = 0
    cdef unsigned char block, low
    cdef bint markers = False
    with nogil:
        while i < n:
            m = min(n - i, 255)
            block = 0
            low = 0
            for j in range(m):
                block += p[i + j] == 60
                low |= p[i + j] < 4
            count += block
            markers = markers or low != 0
            i += m
    return count, markers
