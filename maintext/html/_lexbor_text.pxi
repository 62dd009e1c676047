# Included by _lexbor.pyx (one extension module): the text buffers and the cleaning rule of
# html5.clean_text / html5.name_ok (characters and names lxml refuses).

cdef struct Buf:
    unsigned char* data
    size_t length
    size_t size


cdef struct Pending:
    # The run of text waiting for its place (the text of the current parent, or the tail
    # of its last child): one lexbor text kept as it is (``seg``, clean, owned by lexbor's
    # document) or, from the second piece on, the pieces copied into ``buf``.
    unsigned char* seg
    size_t seg_length
    Buf buf


# Bytes the cleaning rule looks at: C0 controls but tab, newline and carriage return, and
# 0xEF (the lead byte of U+FFFE and U+FFFF, and of other characters, checked further).
cdef unsigned char _special[256]
for _i in range(256):
    _special[_i] = (_i < 0x20 and _i not in (0x09, 0x0A, 0x0D)) or _i == 0xEF


cdef int _reserve(Buf* b, size_t extra) except -1:
    cdef size_t need = b.length + extra + 1
    cdef unsigned char* grown
    if need <= b.size:
        return 0
    if need < 2 * b.size:
        need = 2 * b.size
    grown = <unsigned char*>realloc(b.data, need)
    if grown is NULL:
        raise MemoryError()
    b.data = grown
    b.size = need
    return 0


cdef inline bint _noncharacter(const unsigned char* s, size_t i, size_t n) noexcept nogil:
    """Whether the 0xEF at ``s[i]`` starts U+FFFE or U+FFFF."""
    return i + 2 < n and s[i + 1] == 0xBF and (s[i + 2] == 0xBE or s[i + 2] == 0xBF)


cdef inline bint _refused(const unsigned char* s, size_t i, size_t n) noexcept nogil:
    """The cleaning rule drops (or, a form feed, replaces) the character at ``s[i]``."""
    return _special[s[i]] and (s[i] != 0xEF or _noncharacter(s, i, n))


# Whether a block of 16, 8 or 4 bytes holds a byte below 0x20 or an 0xEF (then the block
# is looked at byte by byte): SSE2's compares where the compiler has them (x86-64 always),
# else 8 bytes at a time in a word; a lone byte's test, _refused, is exact.
cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    static inline int maintext_suspect8(const unsigned char* p) {
        uint64_t w, e;
        memcpy(&w, p, 8);
        e = w ^ 0xEFEFEFEFEFEFEFEFULL;
        return (((w - 0x2020202020202020ULL) & ~w) | ((e - 0x0101010101010101ULL) & ~e))
               & 0x8080808080808080ULL ? 1 : 0;
    }
    static inline int maintext_suspect4(const unsigned char* p) {
        uint32_t w, e;
        memcpy(&w, p, 4);
        e = w ^ 0xEFEFEFEFU;
        return (((w - 0x20202020U) & ~w) | ((e - 0x01010101U) & ~e)) & 0x80808080U ? 1 : 0;
    }
    /* UTF-8 continuation bytes (0x80 to 0xBF) of an 8-byte word: top bit set, the next clear */
    static inline int maintext_continuations8(const unsigned char* p) {
        uint64_t w;
        memcpy(&w, p, 8);
        return __builtin_popcountll(w & ~(w << 1) & 0x8080808080808080ULL);
    }
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline int maintext_suspect16(const unsigned char* p) {
        __m128i v = _mm_loadu_si128((const __m128i*)p);
        __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
        __m128i ef = _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xEF));
        return _mm_movemask_epi8(_mm_or_si128(low, ef));
    }
    static inline int maintext_continuations16(const unsigned char* p) {
        /* as signed bytes, 0x80 to 0xBF are the ones below -64 */
        __m128i v = _mm_loadu_si128((const __m128i*)p);
        return __builtin_popcount(_mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(-64))));
    }
    #else
    static inline int maintext_suspect16(const unsigned char* p) {
        return maintext_suspect8(p) | maintext_suspect8(p + 8);
    }
    static inline int maintext_continuations16(const unsigned char* p) {
        return maintext_continuations8(p) + maintext_continuations8(p + 8);
    }
    #endif
    """
    bint _suspect16 "maintext_suspect16"(const unsigned char* p) noexcept nogil
    int _continuations16 "maintext_continuations16"(const unsigned char* p) noexcept nogil
    bint _suspect8 "maintext_suspect8"(const unsigned char* p) noexcept nogil
    bint _suspect4 "maintext_suspect4"(const unsigned char* p) noexcept nogil


cdef inline bint _span_clean(const unsigned char* s, size_t i, size_t end, size_t n) noexcept nogil:
    """Whether no byte of ``s[i:end]`` is refused (``n``: the length of ``s``)."""
    while i < end:
        if _refused(s, i, n):
            return False
        i += 1
    return True


cdef bint _is_clean(const unsigned char* s, size_t n) noexcept nogil:
    """Whether the cleaning rule leaves ``s`` as it is: read 16 bytes at a time (the last
    block, and a short text's two blocks, overlap rather than end byte by byte), and byte by
    byte only the blocks holding a byte below 0x20 or an 0xEF (line breaks, CJK punctuation)."""
    cdef size_t i = 0
    if n >= 16:
        while i + 16 < n:
            if _suspect16(s + i) and not _span_clean(s, i, i + 16, n):
                return False
            i += 16
        return not _suspect16(s + n - 16) or _span_clean(s, n - 16, n, n)
    if n >= 8:
        return ((not _suspect8(s) or _span_clean(s, 0, 8, n))
                and (not _suspect8(s + n - 8) or _span_clean(s, n - 8, n, n)))
    if n >= 4:
        return ((not _suspect4(s) or _span_clean(s, 0, 4, n))
                and (not _suspect4(s + n - 4) or _span_clean(s, n - 4, n, n)))
    return _span_clean(s, 0, n, n)


cdef int _append_clean(Buf* b, const unsigned char* s, size_t n) except -1:
    """Append ``s`` without the characters lxml refuses (html5.clean_text's rule: C0
    controls but tab, newline and carriage return dropped, form feed made a space,
    U+FFFE/U+FFFF dropped); the buffer stays NUL-terminated."""
    cdef size_t i = 0, start = 0
    cdef unsigned char c
    _reserve(b, n)
    while i < n:
        if not _refused(s, i, n):
            i += 1
            continue
        c = s[i]
        memcpy(b.data + b.length, s + start, i - start)
        b.length += i - start
        if c == 0x0C:
            b.data[b.length] = 0x20
            b.length += 1
        i += 3 if c == 0xEF else 1
        start = i
    memcpy(b.data + b.length, s + start, n - start)
    b.length += n - start
    b.data[b.length] = 0
    return 0


cdef bint _name_ok(const unsigned char* s, size_t n) noexcept nogil:
    """html5.name_ok: a name lxml takes as a plain HTML name (not empty, no "{" first, no
    white space, control character, quote, "&", "<", ">", "/", U+FFFE or U+FFFF)."""
    cdef size_t i
    cdef unsigned char c
    if s is NULL or n == 0 or s[0] == 0x7B:
        return False
    for i in range(n):
        c = s[i]
        if c <= 0x20 or c == 0x22 or c == 0x26 or c == 0x27 or c == 0x2F or c == 0x3C or c == 0x3E:
            return False
        if c == 0xEF and _noncharacter(s, i, n):
            return False
    return True
