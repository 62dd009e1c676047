# Included by _scan.pyx (one extension module): the UTF-8 check that lets a page's bytes stand
# for its text (maintext.io.decode: the text is decoded only when something reads it).



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

    /* The length of the character whose lead byte s[i] (>= 0x80) starts at i, in bytes
       (2 to 4), when it is valid UTF-8 as Python's strict decoder reads it (no overlong
       forms, surrogates or code points past U+10FFFF); else 0. */
    static inline int mt_utf8_char(const uint8_t* s, Py_ssize_t i, Py_ssize_t n) {
        uint8_t c = s[i], d;
        if (c < 0xC2)  /* a continuation byte, or the lead of an overlong two-byte form */
            return 0;
        if (c < 0xE0)
            return i + 1 < n && (s[i + 1] & 0xC0) == 0x80 ? 2 : 0;
        if (c < 0xF0) {
            if (i + 2 >= n)
                return 0;
            d = s[i + 1];
            if ((d & 0xC0) != 0x80 || (s[i + 2] & 0xC0) != 0x80)
                return 0;
            if ((c == 0xE0 && d < 0xA0) || (c == 0xED && d >= 0xA0))  /* overlong; a surrogate */
                return 0;
            return 3;
        }
        if (c < 0xF5) {
            if (i + 3 >= n)
                return 0;
            d = s[i + 1];
            if ((d & 0xC0) != 0x80 || (s[i + 2] & 0xC0) != 0x80 || (s[i + 3] & 0xC0) != 0x80)
                return 0;
            if ((c == 0xF0 && d < 0x90) || (c == 0xF4 && d >= 0x90))  /* overlong; past U+10FFFF */
                return 0;
            return 4;
        }
        return 0;
    }

    /* The bytes s[i:i + 64] (i + 66 <= n, s[i] a character's first byte) when they are
       ASCII, two-byte characters (leads 0xC2-0xDF: none overlong) and three-byte ones
       whose lead is neither 0xE0 nor 0xED (no overlong form or surrogate to rule out),
       all whole (the last ones' continuation bytes may be s[i + 64] and s[i + 65]): how
       many bytes they take (64 to 66), their continuation bytes added to *tails. 0
       otherwise (other non-ASCII bytes, or a lead without its continuation bytes or one
       without its lead: invalid), when the steps decide. Four masks of the 64 bytes
       (high bits, continuation bytes, two- and three-byte leads): the continuation bytes
       are exactly the bytes after each lead, cont == lead2 << 1 | lead3 << 1 | lead3 << 2
       (a lead where a continuation byte is due is not one: the masks then differ).
       Cyrillic, Greek or CJK text, and Latin text with its punctuation (’ “ —), in ~100
       instructions per 64 bytes instead of ~25 a character (or ~40 a short CJK run). */
    static inline Py_ssize_t mt_utf8_block(const uint8_t* s, Py_ssize_t i, Py_ssize_t* tails) {
    #ifdef MT_MASK64
        const __m128i below_lead = _mm_set1_epi8(-64),                    /* 0xC0 */
                      lead2_low = _mm_set1_epi8(-63), lead2_high = _mm_set1_epi8(-32),  /* 0xC1, 0xE0 */
                      lead3_low = _mm_set1_epi8(-32), lead3_high = _mm_set1_epi8(-16),  /* 0xE0, 0xF0 */
                      ed = _mm_set1_epi8(-19);                            /* 0xED */
        uint64_t high = 0, cont = 0, lead2 = 0, lead3 = 0;
        __m128i x;
        int part, due;
        Py_ssize_t end;
        for (part = 0; part < 64; part += 16) {
            x = _mm_loadu_si128((const __m128i*)(s + i + part));
            high |= (uint64_t)(unsigned int)_mm_movemask_epi8(x) << part;
            cont |= (uint64_t)(unsigned int)_mm_movemask_epi8(_mm_cmplt_epi8(x, below_lead)) << part;
            lead2 |= (uint64_t)(unsigned int)_mm_movemask_epi8(_mm_and_si128(
                _mm_cmpgt_epi8(x, lead2_low), _mm_cmplt_epi8(x, lead2_high))) << part;
            lead3 |= (uint64_t)(unsigned int)_mm_movemask_epi8(_mm_andnot_si128(_mm_cmpeq_epi8(x, ed),
                _mm_and_si128(_mm_cmpgt_epi8(x, lead3_low), _mm_cmplt_epi8(x, lead3_high)))) << part;
        }
        if ((high & ~(cont | lead2 | lead3)) || cont != ((lead2 << 1) | (lead3 << 1) | (lead3 << 2)))
            return 0;
        /* the continuation bytes due past the 64: one of a two-byte lead at bit 63, two of a
           three-byte one, one of a three-byte lead at 62 */
        due = (lead2 >> 63) ? 1 : (lead3 >> 63) ? 2 : (int)((lead3 >> 62) & 1);
        if (due >= 1 && (s[i + 64] & 0xC0) != 0x80)
            return 0;
        if (due == 2 && (s[i + 65] & 0xC0) != 0x80)
            return 0;
        end = 64 + due;
        *tails += mt_popcount64(cont) + (end - 64);
        return end;
    #else
        (void)s; (void)i; (void)tails;
        return 0;
    #endif
    }

    /* len(s[:n].decode("utf-8")) when s[:n] is valid UTF-8, else -1: n less the
       continuation bytes. ASCII runs are stepped through by mt_ascii_end, text of two- and
       three-byte characters 64 bytes a step (mt_utf8_block), else runs of simple
       three-byte characters several a step (mt_three_byte_run), other characters one by
       one. */
    static inline Py_ssize_t mt_utf8_length(const uint8_t* s, Py_ssize_t n) {
        Py_ssize_t i = 0, tails = 0, k;
        int w;
        while (i < n) {
            i = mt_ascii_end(s, i, n);
            if (i >= n)
                break;
            if (s[i] >= 0xC2 && s[i] < 0xF0 && i + 66 <= n) {
                k = mt_utf8_block(s, i, &tails);
                if (k) {
                    i += k;
                    continue;
                }
            }
            w = mt_utf8_char(s, i, n);
            if (w == 0)
                return -1;
            tails += w - 1;
            i += w;
            if (w == 3 && i < n && s[i] >= 0xE1 && s[i] < 0xF0 && s[i] != 0xED) {
                k = mt_three_byte_run(s, i, n);  /* (a lone one's run would end at once) */
                tails += 2 * ((k - i) / 3);
                i = k;
            }
        }
        return n - tails;
    }
    """
    Py_ssize_t _ascii_end "mt_ascii_end"(const uint8_t* s, Py_ssize_t i, Py_ssize_t n) noexcept nogil
    Py_ssize_t _three_byte_run "mt_three_byte_run"(const uint8_t* s, Py_ssize_t i, Py_ssize_t n) noexcept nogil
    Py_ssize_t _utf8_length_c "mt_utf8_length"(const uint8_t* s, Py_ssize_t n) noexcept nogil


def utf8_length(bytes data):
    """``len(data.decode("utf-8"))`` when ``data`` is valid UTF-8 (what Python's strict
    decoder accepts: no overlong forms, surrogates or code points past U+10FFFF), else -1;
    without building the text (mt_utf8_length: ASCII runs tested 64 bytes a step)."""
    cdef Py_ssize_t n = len(data), length
    cdef const uint8_t* s = <const uint8_t*><const char*>data
    with nogil:
        length = _utf8_length_c(s, n)
    return length
