# The page-type URL features in one C pass (included by _totals.pyx): the twin of the regular
# expressions of classifier._url_features, features._slug_words and features._url_shape.

from cpython.unicode cimport PyUnicode_GET_LENGTH


# --- the URL's shape (classifier._url_features, features._slug_words and _url_shape) -------

cdef inline bint _digit(Py_UCS4 c) noexcept:
    return 48 <= c <= 57


cdef inline bint _date_sep(Py_UCS4 c) noexcept:  # [/_-]
    return c == 47 or c == 95 or c == 45


cdef bint _date_end(const unsigned char* s, Py_ssize_t n, Py_ssize_t m) noexcept:
    """``(?:$|[/_.-])`` at ``m``."""
    return m == n or _date_sep(s[m]) or s[m] == 46


cdef bint _date_at(const unsigned char* s, Py_ssize_t n, Py_ssize_t i) noexcept:
    """classifier._URL_DATE after its ``(?:^|[/_-])``, at ``i``: ``(?:19|20)\\d\\d[/_-]?``, a month,
    ``(?:[/_-]?\\d\\d)?``, then the end test; every way the pattern can match is tried."""
    cdef Py_ssize_t j, k, sep, daysep
    if i + 4 > n or not ((s[i] == 49 and s[i + 1] == 57) or (s[i] == 50 and s[i + 1] == 48)):
        return False
    if not (_digit(s[i + 2]) and _digit(s[i + 3])):
        return False
    for sep in range(2):  # with, then without, the separator after the year
        j = i + 4
        if sep == 0:
            if j >= n or not _date_sep(s[j]):
                continue
            j += 1
        if j + 2 > n or not ((s[j] == 48 and 49 <= s[j + 1] <= 57) or (s[j] == 49 and 48 <= s[j + 1] <= 50)):
            continue
        j += 2
        for daysep in range(2):  # the day, after a separator or not
            k = j
            if daysep == 0:
                if k >= n or not _date_sep(s[k]):
                    continue
                k += 1
            if k + 2 <= n and _digit(s[k]) and _digit(s[k + 1]) and _date_end(s, n, k + 2):
                return True
        if _date_end(s, n, j):  # no day
            return True
    return False


cdef bint _has_date(const unsigned char* s, Py_ssize_t n) noexcept:
    """``_URL_DATE.search(s)`` found something."""
    cdef Py_ssize_t p
    if _date_at(s, n, 0):
        return True
    for p in range(n):
        if _date_sep(s[p]) and _date_at(s, n, p + 1):
            return True
    return False


cdef bint _has_digits(const unsigned char* s, Py_ssize_t a, Py_ssize_t b, Py_ssize_t need) noexcept:
    """A run of ``need`` ASCII digits in ``s[a:b]``."""
    cdef Py_ssize_t run = 0
    while a < b:
        run = run + 1 if _digit(s[a]) else 0
        if run >= need:
            return True
        a += 1
    return False


# features._EXTENSION's alternatives (after its "."), as they end a lower-cased segment
_EXTENSIONS = (b"shtml", b"shtm", b"html", b"htm", b"php", b"aspx", b"asp", b"jsp", b"cms")


cdef Py_ssize_t _extension_at(const unsigned char* s, Py_ssize_t a, Py_ssize_t b) except -1:
    """Where ``features._EXTENSION`` (any case) starts in ``s[a:b]``, else ``b``."""
    cdef Py_ssize_t k, m, q
    cdef const unsigned char* ext
    for e in _EXTENSIONS:
        ext = <bytes>e
        m = len(<bytes>e)
        if b - a < m + 1 or s[b - m - 1] != 46:
            continue
        for q in range(m):
            k = s[b - m + q]
            if 65 <= k <= 90:
                k += 32
            if k != ext[q]:
                break
        else:
            return b - m - 1
    return b


cdef tuple _slug(const unsigned char* s, Py_ssize_t a, Py_ssize_t b):
    """``features._slug_words`` of one segment ``s[a:b]``: the letter-only pieces of its
    lower-cased text without the extension, split at ``[-_+.,]`` runs."""
    cdef list words = []
    cdef Py_ssize_t start, q
    cdef bint letters
    b = _extension_at(s, a, b)
    q = a
    while q <= b:
        start, letters = q, True
        while q < b and not (s[q] == 45 or s[q] == 95 or s[q] == 43 or s[q] == 46 or s[q] == 44):
            letters = letters and ((65 <= s[q] <= 90) or (97 <= s[q] <= 122))
            q += 1
        if letters and q > start:
            words.append((<bytes>s[start:q]).decode("ascii").lower())
        q += 1
    return tuple(words)


cdef bint _query_id(const unsigned char* s, Py_ssize_t n) noexcept:
    """``features._QUERY_ID.search(query)`` (``(?:^|&)[a-z_]*id=\\d{3,}``, any case) found
    something: a parameter whose name is letters and ``_`` ending in ``id``, 3 digits after "="."""
    cdef Py_ssize_t p = 0, e
    while p <= n:
        e = p
        while e < n and (s[e] == 95 or (65 <= s[e] <= 90) or (97 <= s[e] <= 122)):
            e += 1
        if (e - p >= 2 and (s[e - 2] | 32) == 105 and (s[e - 1] | 32) == 100 and e + 4 <= n and s[e] == 61
                and _digit(s[e + 1]) and _digit(s[e + 2]) and _digit(s[e + 3])):
            return True
        while p < n and s[p] != 38:  # the next "&"
            p += 1
        p += 1
    return False


def url_facts(str path, str query):
    """What the page-type features read of a URL's path and query, for ASCII ones without a
    newline (else None: the regular expressions decide): (path segments, largest number of
    ``[-_+]``-separated pieces in a segment, a date in the path, a run of 5 digits in it, a
    run of 5 digits in its last segment, ``features._slug_words``, the last segment's
    extension, ``features._QUERY_ID`` in the query)."""
    return _facts(path, query)


cdef tuple _facts(str path, str query):
    """:func:`url_facts`."""
    cdef bytes pb, qb
    cdef const unsigned char* s
    cdef Py_ssize_t n, p = 0, a, segments = 0, pieces, best = 0, last_a = 0, last_b = 0
    cdef tuple words = ()
    if not (path.isascii() and query.isascii()) or "\n" in path or "\n" in query:
        return None
    pb, qb = path.encode("ascii"), query.encode("ascii")
    s, n = pb, len(pb)
    while p < n:
        while p < n and s[p] == 47:
            p += 1
        if p >= n:
            break
        a = p
        pieces = 1
        while p < n and s[p] != 47:
            if (s[p] == 45 or s[p] == 95 or s[p] == 43) and (p == a or not (s[p - 1] == 45 or s[p - 1] == 95
                                                                           or s[p - 1] == 43)):
                pieces += 1
            p += 1
        segments += 1
        best = pieces if pieces > best else best
        last_a, last_b = a, p
    p = last_b
    while p > 0 and not words:  # the segments from the last: the first with letter-only words
        while p > 0 and s[p - 1] == 47:
            p -= 1
        a = p
        while a > 0 and s[a - 1] != 47:
            a -= 1
        if a < p:
            words = _slug(s, a, p)
        p = a
    return (segments, best, _has_date(s, n) if n else False, _has_digits(s, 0, n, 5), _has_digits(s, last_a, last_b, 5),
            words, segments > 0 and _extension_at(s, last_a, last_b) < last_b, _query_id(<const unsigned char*>qb, len(qb)))


# --- the URL features written into the feature dict (classifier._assemble_native) ---------

def web_path_and_query(str url):
    """``classifier._path_and_query`` of the common URL, an ASCII ``http(s)://`` one without
    control characters or spaces and without brackets in its host: (path, query); else None
    (``urlsplit``'s general reading decides). tests/pagetype/test_path_and_query.py."""
    cdef const unsigned char* s
    cdef Py_ssize_t n, start, end, q
    if not (url.startswith(("http://", "https://")) and url.isascii() and url.isprintable()):
        return None
    s, n = <const unsigned char*>PyUnicode_DATA(url), len(url)
    start = 8 if s[4] == 115 else 7  # (after "https://" or "http://": its first "//")
    end = start
    while end < n and s[end] != 47 and s[end] != 63 and s[end] != 35:  # the host ends at "/", "?" or "#"
        if s[end] == 91 or s[end] == 93:  # "[" or "]": urlsplit checks the host
            return None
        end += 1
    q = end
    while q < n and s[q] != 35:  # the fragment cut off
        q += 1
    n = q
    q = end
    while q < n and s[q] != 63:  # the query after the first "?"
        q += 1
    return url[end:q], url[q + 1:n] if q < n else ""


cdef inline double _clamp1(double x) noexcept:
    """``max(-1.0, min(1.0, x))``."""
    x = x if x < 1.0 else 1.0
    return x if x > -1.0 else -1.0


cdef bint _is_run(const unsigned char* h, Py_ssize_t n, str word) noexcept:
    """``word`` (lower-case ASCII letters) is one of the runs of ASCII letters and digits
    of ``h[:n]``, read lower-cased (``features._WORD.findall`` of an ASCII headline)."""
    cdef const unsigned char* w = <const unsigned char*>PyUnicode_DATA(word)
    cdef Py_ssize_t m = PyUnicode_GET_LENGTH(word), i = 0, a, k
    while i < n:
        while i < n and not _ascii_alnum(h[i]):
            i += 1
        a = i
        while i < n and _ascii_alnum(h[i]):
            i += 1
        if i - a == m:
            for k in range(m):
                if (h[a + k] | 32) != w[k]:  # (| 32 lower-cases a letter, leaves a digit)
                    break
            else:
                return True
    return False


cdef inline bint _ascii_alnum(unsigned char c) noexcept:
    return (<unsigned char>(c - 48) < 10) | (<unsigned char>((c | 32) - 97) < 26)


def url_features(dict feats, str path, str query, object h1):
    """Write the URL features into ``feats``, in the order ``classifier._assemble`` adds them:
    ``_path_features``, ``h1_url_match`` (``features._headline_url_match`` of the headline
    ``h1``) and ``_shape_features``, from :func:`url_facts` of ``path`` and ``query``: the
    same doubles. None (nothing written) when url_facts gives None; the slug words when the
    headline is not ASCII (``h1_url_match`` is then written as 0.0, for the caller to set);
    else True."""
    cdef Py_ssize_t segments, pieces, n_words, found = 0
    cdef double match = 0.0
    facts = _facts(path, query)
    if facts is None:
        return None
    segments, pieces, date, ident, last_ident, words, extension, query_id = facts
    n_words = len(words)
    done = True
    if h1 and n_words >= 3:
        if type(h1) is str and (<str>h1).isascii():
            for word in words:
                found += _is_run(<const unsigned char*>PyUnicode_DATA(h1), PyUnicode_GET_LENGTH(h1), word)
            match = 2.0 * <double>found / <double>n_words - 1.0
        else:
            done = words
    feats["url_date"] = 1.0 if date else -1.0
    feats["url_slug"] = _clamp1(<double>(pieces - 3) / 3.0)
    feats["url_id"] = 1.0 if ident else -1.0
    feats["url_front"] = 1.0 if segments <= 1 and pieces <= 2 and not last_ident else -1.0
    feats["url_depth"] = _clamp1(<double>(segments - 2) / 2.0)
    feats["h1_url_match"] = match
    feats["url_last_words"] = _clamp1(<double>(n_words - 3) / 3.0)
    feats["url_query_id"] = 1.0 if query_id else -1.0
    feats["url_extension"] = 1.0 if extension else -1.0
    return done
