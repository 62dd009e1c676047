# cython: language_level=3, boundscheck=False, wraparound=False
"""Scans in C, twins of regular expressions and XPaths in the Python code.

``first_long_tag(html, cap)``: where :func:`maintext.io.limits.cap_attributes`'s pattern
(``_LONG_TAG``: a start tag followed by ``cap + 1`` attribute-like tokens) first matches,
or -1. The same token grammar, step by step: every quantifier of the pattern is possessive,
so a token matches in one way only and a tag is a run of tokens; ``\\s`` is Python's
Unicode whitespace (``Py_UNICODE_ISSPACE``, what ``re`` uses for a str pattern). Used as a
pre-check: on the pages where it finds nothing (nearly all) the regular expression, which
costs ~0.25 ms on a 170 KB page, does not run. ``tests/html/test_scan.py`` checks both agree.

``hiding_attributes(root)``: what :mod:`maintext.html.clean`'s ``_HIDING_ATTRS`` XPath
selects (the ``style``, ``hidden`` and ``aria-hidden`` attributes, without namespace, of the
root and its descendant elements, in document order), as (element, name, value); one walk
over libxml2's nodes instead of the XPath engine's three node sets (0.2-0.5 ms a page).
"""

from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode, xmlAttr
from lxml.includes.etreepublic cimport _Document, _Element, elementFactory, import_lxml__etree, attributeValue, textOf

from libc.stdint cimport uint8_t, uint16_t, uint32_t
from maintext.html._xmlnode cimport _hiding_name, _next_under
from libc.string cimport memchr, strcmp, strlen


import_lxml__etree()


cdef extern from *:
    """
    /* maintext: byte steps of the scans. With SSE2 (every x86-64 CPU) 16 bytes are tested
       at once, the byte found from the mask of the comparisons; elsewhere one byte (or 8,
       in 64-bit words) a step: the same answers. */
    #if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
    #include <emmintrin.h>
    #define MT_SSE2 1
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int mt_ctz(unsigned int m) { unsigned long k; _BitScanForward(&k, m); return (int)k; }
    #else
    #define mt_ctz(m) __builtin_ctz(m)
    #endif
    #endif
    /* 64-bit masks of 64 bytes (four SSE2 masks) read by the builtins of GCC and Clang */
    #if defined(MT_SSE2) && (defined(__GNUC__) || defined(__clang__))
    #define MT_MASK64 1
    #define mt_ctz64(m) __builtin_ctzll(m)
    #define mt_parity64(m) __builtin_parityll(m)
    #ifdef __POPCNT__
    #define mt_popcount64(m) __builtin_popcountll(m)
    #else
    static inline int mt_popcount64(uint64_t x) {  /* (without the instruction: no call) */
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    #endif
    #endif
    #if defined(MT_SSE2) || (defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
    #define MT_LITTLE_ENDIAN 1
    #endif

    /* The first of the bytes '"', "'", '<' and '>' in s[k:stop] (or stop); table: 1 at
       those four (the tail's steps). */
    static inline Py_ssize_t mt_room_stop(const uint8_t* s, Py_ssize_t k, Py_ssize_t stop,
                                          const uint8_t* table) {
    #ifdef MT_SSE2
        const __m128i dq = _mm_set1_epi8('"'), sq = _mm_set1_epi8(39),
                      lt = _mm_set1_epi8('<'), gt = _mm_set1_epi8('>');
        __m128i x;
        int m;
        while (k + 16 <= stop) {
            x = _mm_loadu_si128((const __m128i*)(s + k));
            m = _mm_movemask_epi8(_mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(x, dq), _mm_cmpeq_epi8(x, sq)),
                _mm_or_si128(_mm_cmpeq_epi8(x, lt), _mm_cmpeq_epi8(x, gt))));
            if (m)
                return k + mt_ctz((unsigned int)m);
            k += 16;
        }
    #endif
        while (k < stop && !table[s[k]])
            k++;
        return k;
    }

    /* The first byte c from q on in s[:n] (n: none); *lt set when a '<' comes before it.
       A quoted attribute value: most are short (half under 16 bytes), where two memchr
       calls (the quote, then a '<' before it) cost more than the value's bytes; the first
       64 bytes are tested 16 at a time with SSE2, the rest by memchr. */
    static inline Py_ssize_t mt_quote_end(const uint8_t* s, Py_ssize_t q, Py_ssize_t n,
                                          uint8_t c, int* lt) {
        const char* found;
        Py_ssize_t k;
    #ifdef MT_SSE2
        const __m128i vc = _mm_set1_epi8((char)c), vl = _mm_set1_epi8('<');
        Py_ssize_t far = q + 64;
        __m128i x;
        unsigned int mq, ml;
        while (q + 16 <= n && q < far) {
            x = _mm_loadu_si128((const __m128i*)(s + q));
            mq = (unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(x, vc));
            ml = (unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(x, vl));
            if (mq) {
                if (ml & ((mq & (0u - mq)) - 1u))  /* a '<' below the quote's bit */
                    *lt = 1;
                return q + mt_ctz(mq);
            }
            if (ml)
                *lt = 1;
            q += 16;
        }
    #endif
        found = q < n ? (const char*)memchr((const char*)s + q, c, (size_t)(n - q)) : NULL;
        k = found != NULL ? found - (const char*)s : n;
        if (!*lt && k > q && memchr((const char*)s + q, '<', (size_t)(k - q)) != NULL)
            *lt = 1;
        return k;
    }

    /* Whether s[:n] holds a byte below 4 (the segmentation's marker bytes, NUL among them):
       SSE2: the minimum of 128 bytes a step, compared once with 3 (~0.2 instructions a
       byte, as one memchr); else memchr of each of the four bytes. */
    static inline int mt_has_low(const uint8_t* s, Py_ssize_t n) {
        Py_ssize_t i = 0;
    #ifdef MT_SSE2
        const __m128i three = _mm_set1_epi8(3);
        __m128i m;
        int k;
        while (i + 128 <= n) {
            m = _mm_loadu_si128((const __m128i*)(s + i));
            for (k = 16; k < 128; k += 16)
                m = _mm_min_epu8(m, _mm_loadu_si128((const __m128i*)(s + i + k)));
            if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(m, three), m)))  /* m <= 3 */
                return 1;
            i += 128;
        }
        for (; i < n; i++)
            if (s[i] < 4)
                return 1;
        return 0;
    #else
        for (; i < 4; i++)
            if (n > 0 && memchr(s, (int)i, (size_t)n) != NULL)
                return 1;
        return 0;
    #endif
    }

    /* The first byte c of s[i:n], or -1 (i < n): the next 16 bytes tested at once, then
       memchr. Most "<" stand a few dozen bytes after the last (half of them within 24 on
       news pages): a memchr call costs ~30 instructions however near its byte is. */
    static inline Py_ssize_t mt_byte_find(const uint8_t* s, Py_ssize_t i, Py_ssize_t n, uint8_t c) {
        const char* found;
    #ifdef MT_SSE2
        int m;
        if (i + 16 <= n) {
            m = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(s + i)),
                                                 _mm_set1_epi8((char)c)));
            if (m)
                return i + mt_ctz((unsigned int)m);
            i += 16;
            if (i >= n)
                return -1;
        }
    #endif
        found = (const char*)memchr((const char*)s + i, c, (size_t)(n - i));
        return found != NULL ? found - (const char*)s : -1;
    }
    """
    Py_ssize_t _byte_find "mt_byte_find"(const uint8_t* s, Py_ssize_t i, Py_ssize_t n, uint8_t c) noexcept nogil
    int _has_low "mt_has_low"(const uint8_t* s, Py_ssize_t n) noexcept nogil
    Py_ssize_t _room_stop "mt_room_stop"(const uint8_t* s, Py_ssize_t k, Py_ssize_t stop,
                                         const uint8_t* table) noexcept nogil
    Py_ssize_t _quote_end "mt_quote_end"(const uint8_t* s, Py_ssize_t q, Py_ssize_t n, uint8_t c,
                                         int* lt) noexcept nogil


cdef extern from *:
    """
    /* maintext: the usual start tag's attributes read at once. The first '<' or '>' at f
       of the 64 bytes from j (where the attributes begin) ends them when f - j < need and
       the quotes before f are all of one kind and even in number: _token_room's steps
       then pair those quotes as they come (each pair a quoted value holding no '<', as
       none stands before f) and stop at f, so f is its answer. -1 otherwise (mixed or odd
       quotes, no '<' or '>' in the 64 bytes, the page's last 64 bytes): the steps decide.
       Most tags are of this kind (aeb: a median of ~40 bytes from '<' to '>'), and one
       test of three bit masks replaces their 2-6 steps, each a branch that is hard to
       foresee. */
    static inline Py_ssize_t mt_room_at_once(const uint8_t* s, Py_ssize_t j, Py_ssize_t n,
                                             Py_ssize_t need) {
    #ifdef MT_MASK64
        const __m128i vl = _mm_set1_epi8('<'), vg = _mm_set1_epi8('>'),
                      vd = _mm_set1_epi8('"'), vs = _mm_set1_epi8(39);
        uint64_t stop, dq, sq, quotes = 0, dqs = 0, sqs = 0;
        __m128i x;
        Py_ssize_t k = j;
        int part, f;
        while (k + 64 <= n && k - j < need) {
            stop = dq = sq = 0;
            for (part = 0; part < 64; part += 16) {
                x = _mm_loadu_si128((const __m128i*)(s + k + part));
                stop |= (uint64_t)(unsigned int)_mm_movemask_epi8(
                    _mm_or_si128(_mm_cmpeq_epi8(x, vl), _mm_cmpeq_epi8(x, vg))) << part;
                dq |= (uint64_t)(unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(x, vd)) << part;
                sq |= (uint64_t)(unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(x, vs)) << part;
            }
            if (stop) {  /* the quotes below f only */
                f = mt_ctz64(stop);
                dq &= (((uint64_t)1) << f) - 1;
                sq &= (((uint64_t)1) << f) - 1;
            }
            quotes ^= dq ^ sq;  /* (parity of the quotes: of the xor of the masks) */
            dqs |= dq;
            sqs |= sq;
            if (stop) {
                k += f;
                if (k - j >= need || ((dqs != 0) & (sqs != 0)) || mt_parity64(quotes))
                    return -1;
                return k;
            }
            k += 64;
        }
        return -1;
    #else
        (void)s; (void)j; (void)n; (void)need;
        return -1;
    #endif
    }
    """
    Py_ssize_t _room_at_once "mt_room_at_once"(const uint8_t* s, Py_ssize_t j, Py_ssize_t n,
                                               Py_ssize_t need) noexcept nogil


cdef extern from "Python.h":
    int PyUnicode_KIND(object o)
    void* PyUnicode_DATA(object o)
    Py_ssize_t PyUnicode_GET_LENGTH(object o)
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch) nogil

ctypedef fused char_t:  # the three str layouts (PEP 393)
    uint8_t
    uint16_t
    uint32_t


cdef inline bint _space(Py_UCS4 c) noexcept nogil:
    return Py_UNICODE_ISSPACE(c)


cdef inline int _space_len(const char_t* s, Py_ssize_t i, Py_ssize_t n, bint utf8) noexcept nogil:
    """How many units the white-space character at ``i`` takes; 0: none starts there.
    ``utf8``: ``s`` is valid UTF-8 (uint8_t), and a lead byte's whole character is tested
    (U+0085 and U+00A0 take two bytes, the other non-ASCII spaces three); a continuation
    byte is never white space, so a scan that steps one byte over other characters stays
    in step."""
    cdef uint32_t c = s[i]
    if c < 128 or not utf8:
        return _space(c)
    if c >= 0xF0:
        if i + 3 < n and _space(((c & 0x07) << 18) | ((<uint32_t>s[i + 1] & 0x3F) << 12)
                                | ((<uint32_t>s[i + 2] & 0x3F) << 6) | (<uint32_t>s[i + 3] & 0x3F)):
            return 4
        return 0
    if c >= 0xE0:
        if i + 2 < n and _space(((c & 0x0F) << 12) | ((<uint32_t>s[i + 1] & 0x3F) << 6)
                                | (<uint32_t>s[i + 2] & 0x3F)):
            return 3
        return 0
    if c >= 0xC0 and i + 1 < n and _space(((c & 0x1F) << 6) | (<uint32_t>s[i + 1] & 0x3F)):
        return 2
    return 0


cdef inline Py_ssize_t _skip_space(const char_t* s, Py_ssize_t i, Py_ssize_t n, bint utf8) noexcept nogil:
    """The end of the white space (``\\s*+``) from ``i`` on."""
    cdef int w
    while i < n:
        w = _space_len(s, i, n, utf8)
        if w == 0:
            break
        i += w
    return i


cdef inline bint _name_char(const char_t* s, Py_ssize_t i, Py_ssize_t n, bint utf8) noexcept nogil:
    # [^\s<>="'/]
    cdef Py_UCS4 c = s[i]
    return not (c == 60 or c == 62 or c == 61 or c == 34 or c == 39 or c == 47
                or _space_len(s, i, n, utf8))


cdef inline bint _value_char(const char_t* s, Py_ssize_t i, Py_ssize_t n, bint utf8) noexcept nogil:
    # [^\s"'<>]
    cdef Py_UCS4 c = s[i]
    return not (c == 34 or c == 39 or c == 60 or c == 62 or _space_len(s, i, n, utf8))


cdef Py_ssize_t _token(const char_t* s, Py_ssize_t i, Py_ssize_t n, bint utf8) noexcept nogil:
    """End of the attribute token starting at ``i``, or -1 when none starts there:
    ``[\\s/]*+[^\\s<>="'/]++(?:\\s*+=\\s*+(?:"[^"]*+"|'[^']*+'|[^\\s"'<>]++))?+``
    (``utf8``: see :func:`_space_len`)."""
    cdef Py_ssize_t j, k
    cdef Py_UCS4 q
    cdef int w
    while i < n:
        if s[i] == 47:
            i += 1
            continue
        w = _space_len(s, i, n, utf8)
        if w == 0:
            break
        i += w
    j = i
    while j < n and _name_char(s, j, n, utf8):
        j += 1
    if j == i:
        return -1
    # the optional value (possessive: when it does not match, the token ends at the name)
    k = _skip_space(s, j, n, utf8)
    if k >= n or s[k] != 61:  # "="
        return j
    k = _skip_space(s, k + 1, n, utf8)
    if k >= n:
        return j
    q = s[k]
    if q == 34 or q == 39:  # a quoted value up to its closing quote (none: no value)
        k = _next_ascii(s, k + 1, n, <uint8_t>q)  # (memchr: values run to kilobytes)
        return k + 1 if k >= 0 else j
    i = k
    while k < n and _value_char(s, k, n, utf8):
        k += 1
    return k if k > i else j


cdef inline bint _ascii_letter(Py_UCS4 c) noexcept nogil:
    return (65 <= c <= 90) or (97 <= c <= 122)


cdef struct _Stats:
    # what a scan that found no long tag saw of the whole page (see tag_stats)
    Py_ssize_t lt, starts, last_gt, widest


cdef inline void _saw_gt(_Stats* st, Py_ssize_t k) noexcept nogil:
    """Note a ``>`` at ``k``: the stretch since the last one noted is a ``>``-free piece
    at most that long."""
    if k - st.last_gt - 1 > st.widest:
        st.widest = k - st.last_gt - 1
    st.last_gt = k


cdef Py_ssize_t _token_room(const char_t* s, Py_ssize_t k, Py_ssize_t n, Py_ssize_t need,
                            Py_ssize_t after, _Stats* st) noexcept nogil:
    """-1 when the attribute tokens starting at ``k`` (right after a tag name) may span
    ``need`` characters; else they cannot, and the result is where the next ``<`` is to be
    searched from: the first ``<`` or ``>`` outside quoted runs (each quote skipping to the
    next of its kind), or the end, when no quoted run on the way holds a ``<``; else
    ``after``. Exact as a bound: outside their quoted values, tokens hold no quote, ``<``
    or ``>``, so up to where the tokens end this scan pairs the quotes as the tokens do
    and cannot stop before that end. Costs a few comparisons per character (no white-space
    test), against the token grammar's dozen, and spares the next search the tag's text."""
    cdef Py_ssize_t limit = k + need, q, stop = n if n < k + need else k + need
    cdef int quoted_lt = False
    cdef Py_UCS4 c
    while k < n:
        if k >= limit:
            return -1
        # the characters that are none of the four, stepped through by a table (each was
        # ~14 instructions of tests: ~0.5 M a page on gne-cn's attributes); bytes 16 at a
        # time (mt_room_stop)
        if char_t is uint8_t:
            k = _room_stop(s, k, stop, _ROOM_STOPS)
        else:
            while k < stop:
                c = s[k]
                if c < 128 and _ROOM_STOPS[c]:
                    break
                k += 1
        if k >= stop:
            continue
        c = s[k]
        if c == 60 or c == 62:
            if c == 62 and st is not NULL:
                _saw_gt(st, k)
            return after if quoted_lt else k
        if c == 34 or c == 39:
            q = k + 1
            if char_t is uint8_t:
                k = _quote_end(s, q, n, <uint8_t>c, &quoted_lt)
            else:
                k = q
                while k < n and s[k] != c:
                    if s[k] == 60:
                        quoted_lt = True
                    k += 1
        k += 1
    if n >= limit:
        return -1
    return after if quoted_lt else n


# The characters _token_room stops at: "<", ">" and the quotes.
cdef uint8_t _ROOM_STOPS[256]
_ROOM_STOPS[:] = [1 if c in (34, 39, 60, 62) else 0 for c in range(256)]
# The ASCII characters that end a tag name: "<", ">", "/" and white space (``\s``).
cdef uint8_t _NAME_STOPS[128]
_NAME_STOPS[:] = [1 if chr(c) in "<>/" or chr(c).isspace() else 0 for c in range(128)]


cdef inline Py_ssize_t _next_lt(const char_t* s, Py_ssize_t i, Py_ssize_t n) noexcept nogil:
    """Position of the first ``<`` from ``i`` on, or -1 (see :func:`_next_ascii`)."""
    return _next_ascii(s, i, n, 60)


cdef inline Py_ssize_t _next_ascii(const char_t* s, Py_ssize_t i, Py_ssize_t n, uint8_t ch) noexcept nogil:
    """Position of the first ASCII character ``ch`` from ``i`` on, or -1: memchr over the
    bytes (for 2- and 4-byte text, of the byte ``ch``, each hit checked as a whole
    character, as ``str.find``)."""
    cdef const char* base = <const char*>s
    cdef const char* p
    cdef const char* found
    cdef const char* e
    if i >= n:
        return -1
    if char_t is uint8_t:
        return _byte_find(<const uint8_t*>s, i, n, ch)
    p = base + i * sizeof(char_t)
    e = base + n * sizeof(char_t)
    while p < e:
        found = <const char*>memchr(p, ch, e - p)
        if found == NULL:
            return -1
        i = (found - base) // sizeof(char_t)
        if s[i] == ch:
            return i
        p = base + (i + 1) * sizeof(char_t)
    return -1


cdef Py_ssize_t _first_long_tag(const char_t* s, Py_ssize_t n, Py_ssize_t cap, Py_ssize_t i,
                                _Stats* st, bint utf8, bint at_once=True) noexcept nogil:
    """(``at_once``: one-byte text's usual tags read at once, mt_room_at_once; False: by
    :func:`_token_room`'s steps alone, the tests' reference: the same answers.)"""
    cdef Py_ssize_t p, j, count, stop
    cdef Py_UCS4 c
    # cap + 1 tokens span at least 2 * (cap + 1) characters: every token takes a separator
    # and a name character, but one that follows a quoted value ("a=''b") may be a lone
    # name character, and that value's token then takes at least four
    cdef Py_ssize_t need = 2 * (cap + 1)
    while i < n:
        i = _next_lt(s, i, n)
        if i < 0:
            break
        p = i
        i += 1
        if st is not NULL:
            st.lt += 1
        if i >= n or not _ascii_letter(s[i]):
            continue
        if st is not NULL:
            st.starts += 1
        # the tag name: [a-zA-Z][^\s<>/]*+ (a table tells the ASCII characters)
        j = i + 1
        while j < n:
            c = s[j]
            if c < 128:
                if _NAME_STOPS[c]:
                    break
            elif _space_len(s, j, n, utf8):
                break
            j += 1
        if char_t is uint8_t and at_once:
            stop = _room_at_once(s, j, n, need)
            if stop >= 0:  # (_token_room's answer: see mt_room_at_once)
                if s[stop] == 62 and st is not NULL:
                    _saw_gt(st, stop)
                i = stop
                continue
        stop = _token_room(s, j, n, need, i, st)
        if stop >= 0:
            i = stop
            continue
        count = 0
        while count <= cap:
            j = _token(s, j, n, utf8)
            if j < 0:
                break
            count += 1
        if count > cap:
            return p
    if st is not NULL:
        _saw_gt(st, n)
    return -1


def first_long_tag(str html, Py_ssize_t cap, Py_ssize_t start=0):
    """Position of the first ``<`` from ``start`` on that ``cap_attributes``'s pattern
    matches at (``pattern.search(html, start)``), or -1."""
    cdef int kind = PyUnicode_KIND(html)
    cdef void* data = PyUnicode_DATA(html)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(html), at
    if start < 0:
        start = 0
    with nogil:
        if kind == 1:
            at = _first_long_tag(<const uint8_t*>data, n, cap, start, NULL, False)
        elif kind == 2:
            at = _first_long_tag(<const uint16_t*>data, n, cap, start, NULL, False)
        else:
            at = _first_long_tag(<const uint32_t*>data, n, cap, start, NULL, False)
    return at


def tag_stats(str html, Py_ssize_t cap, bint stepwise=False):
    """``(first_long_tag(html, cap), lt, starts, widest)``; when no long tag was found
    (-1) the same pass, which stops at every ``<``, also tells ``html.count("<")``,
    the number of start tags (``<`` and an ASCII letter: ``limits._START_TAG``'s
    matches) and ``widest``, a bound on the length of the longest piece of
    ``html.split(">")`` (from the ``>`` it met at the end of start tags: the page holds
    those and maybe more). After a long tag the three are those of the part before it.
    ``stepwise``: one-byte text's tags read by the steps alone (the tests' reference)."""
    cdef int kind = PyUnicode_KIND(html)
    cdef void* data = PyUnicode_DATA(html)
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(html), at
    cdef _Stats st
    st.lt = st.starts = st.widest = 0
    st.last_gt = -1
    with nogil:
        if kind == 1:
            at = _first_long_tag(<const uint8_t*>data, n, cap, 0, &st, False, not stepwise)
        elif kind == 2:
            at = _first_long_tag(<const uint16_t*>data, n, cap, 0, &st, False)
        else:
            at = _first_long_tag(<const uint32_t*>data, n, cap, 0, &st, False)
    return at, st.lt, st.starts, st.widest


def tag_stats_utf8(bytes data, Py_ssize_t cap, bint stepwise=False):
    """:func:`tag_stats` of the text whose UTF-8 encoding is ``data`` (valid UTF-8: see
    :func:`utf8_length`), read from the bytes: the same search, a non-ASCII character's white
    space told from its whole encoding. Whether a long tag is found, ``lt`` and ``starts``
    are those of the text; positions are in bytes (the long tag's ``<``, and ``widest``,
    at least the longest piece of ``data.split(b">")``, and so of the text's: a character
    takes one byte or more; not always above the text scan's own bound: a tag's
    ``2 * (cap + 1)`` bound counts bytes here, characters there, and the two scans may
    note different ``>``).
    ``stepwise``: as in :func:`tag_stats`."""
    cdef const uint8_t* s = <const uint8_t*><const char*>data
    cdef Py_ssize_t n = len(data), at
    cdef _Stats st
    st.lt = st.starts = st.widest = 0
    st.last_gt = -1
    with nogil:
        at = _first_long_tag(s, n, cap, 0, &st, True, not stepwise)
    return at, st.lt, st.starts, st.widest


include "_scan_runs.pxi"
include "_scan_utf8.pxi"
include "_scan_tree.pxi"
include "_scan_unnest.pxi"
