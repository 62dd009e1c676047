# Included by _scan.pyx (one extension module): the UTF-8 check that lets a page's bytes stand
# for its text (maintext.io.decode: the text is decoded only when something reads it).

cimport cython


cdef extern from *:
    """
    /* (MT_SSE2, mt_ctz and MT_LITTLE_ENDIAN: see _scan.pyx) */
    #define MT_HIGH 0x8080808080808080ULL

    /* The first non-ASCII byte of s[i:n] (or n). SSE2: 64 bytes a step (four loads, one
       test of their high bits), then 16 (the byte found from the mask); else 32 and 8
       bytes in 64-bit words. ~0.2 instructions a byte of ASCII against ~0.5. */
    static inline Py_ssize_t mt_ascii_end(const uint8_t* s, Py_ssize_t i, Py_ssize_t n) {
    #ifdef MT_SSE2
        int m;
        while (i + 64 <= n) {
            __m128i a = _mm_or_si128(_mm_loadu_si128((const __m128i*)(s + i)),
                                     _mm_loadu_si128((const __m128i*)(s + i + 16)));
            __m128i b = _mm_or_si128(_mm_loadu_si128((const __m128i*)(s + i + 32)),
                                     _mm_loadu_si128((const __m128i*)(s + i + 48)));
            if (_mm_movemask_epi8(_mm_or_si128(a, b)))
                break;
            i += 64;
        }
        while (i + 16 <= n) {
            m = _mm_movemask_epi8(_mm_loadu_si128((const __m128i*)(s + i)));
            if (m)
                return i + mt_ctz((unsigned int)m);
            i += 16;
        }
    #else
        uint64_t w[4];
        while (i + 32 <= n) {
            memcpy(w, s + i, 32);
            if ((w[0] | w[1] | w[2] | w[3]) & MT_HIGH)
                break;
            i += 32;
        }
        while (i + 8 <= n) {
            memcpy(w, s + i, 8);
            if (w[0] & MT_HIGH)
                break;
            i += 8;
        }
    #endif
        while (i < n && s[i] < 0x80)
            i++;
        return i;
    }

    /* The end of the run of three-byte characters from i on whose lead is neither 0xE0 nor
       0xED (no overlong form or surrogate to rule out: most CJK text): lead 1110xxxx and two
       continuation bytes, two characters a step in a little-endian 64-bit word (6 of its
       bytes), then one. The rest is left to the general steps. */
    static inline Py_ssize_t mt_three_byte_run(const uint8_t* s, Py_ssize_t i, Py_ssize_t n) {
        uint32_t v, lead;
    #ifdef MT_SSE2
        /* five characters (15 of 16 loaded bytes) a step: leads 1110xxxx and continuation
           bytes 10xxxxxx where they stand, no lead 0xE0 or 0xED (0 at the other places: a
           continuation byte is never 0) */
        const __m128i mask = _mm_setr_epi8(-16, -64, -64, -16, -64, -64, -16, -64, -64,
                                           -16, -64, -64, -16, -64, -64, 0);
        const __m128i want = _mm_setr_epi8(-32, -128, -128, -32, -128, -128, -32, -128, -128,
                                           -32, -128, -128, -32, -128, -128, 0);
        const __m128i e0 = _mm_setr_epi8(-32, 0, 0, -32, 0, 0, -32, 0, 0, -32, 0, 0, -32, 0, 0, 1);
        const __m128i ed = _mm_setr_epi8(-19, 0, 0, -19, 0, 0, -19, 0, 0, -19, 0, 0, -19, 0, 0, 1);
        __m128i x;
        while (i + 16 <= n) {
            x = _mm_loadu_si128((const __m128i*)(s + i));
            if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(x, mask), want)) != 0xFFFF
                    || (_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, e0), _mm_cmpeq_epi8(x, ed)))
                        & 0x7FFF))
                break;
            i += 15;
        }
    #endif
    #ifdef MT_LITTLE_ENDIAN
        uint64_t w;
        uint32_t lead2;
        while (i + 8 <= n) {
            memcpy(&w, s + i, 8);
            if ((w & 0xC0C0F0C0C0F0ULL) != 0x8080E08080E0ULL)
                break;
            lead = (uint32_t)(w & 0xFF);
            lead2 = (uint32_t)((w >> 24) & 0xFF);
            if (lead == 0xE0 || lead == 0xED || lead2 == 0xE0 || lead2 == 0xED)
                break;
            i += 6;
        }
    #endif
        while (i + 3 <= n) {
            v = (uint32_t)s[i] | ((uint32_t)s[i + 1] << 8) | ((uint32_t)s[i + 2] << 16);
            lead = v & 0xFF;
            if ((v & 0xC0C0F0) != 0x8080E0 || lead == 0xE0 || lead == 0xED)
                break;
            i += 3;
        }
        return i;
    }
    """
    Py_ssize_t _ascii_end "mt_ascii_end"(const uint8_t* s, Py_ssize_t i, Py_ssize_t n) noexcept nogil
    Py_ssize_t _three_byte_run "mt_three_byte_run"(const uint8_t* s, Py_ssize_t i, Py_ssize_t n) noexcept nogil


@cython.cdivision(True)
cdef Py_ssize_t _utf8_length(const uint8_t* s, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i = 0, tails = 0, j  # tails: continuation bytes (not characters of their own)
    cdef uint8_t c, d
    while i < n:
        c = s[i]
        if c < 0x80:  # (a run of other characters is stepped through without this call)
            i = _ascii_end(s, i + 1, n)
            continue
        if c < 0xC2:  # a continuation byte, or the lead of an overlong two-byte form
            return -1
        if c < 0xE0:
            if i + 1 >= n or (s[i + 1] & 0xC0) != 0x80:
                return -1
            i += 2
            tails += 1
            continue
        if c < 0xF0:
            if i + 2 >= n:
                return -1
            d = s[i + 1]
            if (d & 0xC0) != 0x80 or (s[i + 2] & 0xC0) != 0x80:
                return -1
            if (c == 0xE0 and d < 0xA0) or (c == 0xED and d >= 0xA0):  # overlong; a surrogate
                return -1
            j = _three_byte_run(s, i + 3, n)
            tails += 2 * ((j - i) // 3)  # (cdivision: a C division, j - i >= 0)
            i = j
            continue
        if c < 0xF5:
            if i + 3 >= n:
                return -1
            d = s[i + 1]
            if (d & 0xC0) != 0x80 or (s[i + 2] & 0xC0) != 0x80 or (s[i + 3] & 0xC0) != 0x80:
                return -1
            if (c == 0xF0 and d < 0x90) or (c == 0xF4 and d >= 0x90):  # overlong; past U+10FFFF
                return -1
            i += 4
            tails += 3
            continue
        return -1
    return n - tails


def utf8_length(bytes data):
    """``len(data.decode("utf-8"))`` when ``data`` is valid UTF-8 (what Python's strict
    decoder accepts: no overlong forms, surrogates or code points past U+10FFFF), else -1;
    without building the text (ASCII runs tested 32 bytes a step)."""
    cdef Py_ssize_t n = len(data), length
    cdef const uint8_t* s = <const uint8_t*><const char*>data
    with nogil:
        length = _utf8_length(s, n)
    return length
