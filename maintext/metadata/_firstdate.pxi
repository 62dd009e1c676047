# ---------------------------------------------------------------------------------------
# The first date in a run of text pieces: :func:`maintext.metadata.visible.first_date`'s loop
# (its Python twin is ``visible._first_date``). The piece tests (strip, length, a year in the
# searched stretch, a digit) run here; the date readers stay Python callables.

cdef extern from "Python.h":
    bint Py_UNICODE_ISDIGIT(Py_UCS4 ch) nogil


cdef bint _has_year(str text, Py_ssize_t endpos) noexcept:
    """``YEAR.search(text, 0, endpos) is not None``: "19" or "20" and two decimal digits
    (``\\d`` of a str pattern is ``Py_UNICODE_ISDECIMAL``) within ``text[:endpos]``."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i
    cdef int kind = PyUnicode_KIND(text)
    cdef const void* data = PyUnicode_DATA(text)
    cdef Py_UCS4 c, d
    if endpos < n:
        n = endpos
    for i in range(n - 3):
        c = PyUnicode_READ(kind, data, i)
        if c == 0x31 or c == 0x32:
            d = PyUnicode_READ(kind, data, i + 1)
            if ((c == 0x31 and d == 0x39) or (c == 0x32 and d == 0x30)) \
                    and Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, i + 2)) \
                    and Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, i + 3)):
                return True
    return False


cdef bint _has_digit(str text) noexcept:
    """``any(map(str.isdigit, text))``."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i
    cdef int kind = PyUnicode_KIND(text)
    cdef const void* data = PyUnicode_DATA(text)
    for i in range(n):
        if Py_UNICODE_ISDIGIT(PyUnicode_READ(kind, data, i)):
            return True
    return False


def first_date(texts, Py_ssize_t budget, reference, max_piece, Py_ssize_t date_span, Py_ssize_t relative_piece,
               Py_ssize_t short_piece, piece_date, parse_date, clock_fullmatch):
    """``visible._first_date(texts, budget, reference, max_piece)``; ``piece_date``,
    ``parse_date`` and ``clock_fullmatch`` are what it calls (``visible._piece_date``,
    ``dateparse.parse_date``, ``visible._CLOCK.fullmatch``), the constants its module's."""
    cdef Py_ssize_t seen = 0, size, limit
    cdef Py_ssize_t max_size = 0
    cdef bint bounded = max_piece is not None
    cdef bint relative = reference is not None
    cdef list window = []
    cdef str piece
    pending = None
    if bounded:
        max_size = max_piece
    for text in texts:
        piece = text.strip()
        size = PyUnicode_GET_LENGTH(piece)
        if size == 0:
            continue
        if pending is not None:
            if clock_fullmatch(piece):
                return parse_date(" ".join(window + [piece])) or pending
            return pending
        if not bounded or size <= max_size:
            limit = budget - seen
            if limit < 0:
                limit = 0
            limit += date_span
            if (size >= 6 and _has_year(piece, limit)) or (relative and size <= relative_piece):
                found = piece_date(piece, reference, limit)
                if found:
                    return found
        if size <= short_piece:
            window.append(piece)
            if len(window) > 3:
                del window[0]
            if len(window) > 1 and _has_digit(piece):
                found = parse_date(" ".join(window))
                if found:
                    pending = found if "T" not in found else None
                    if pending is None:
                        return found
        elif window:
            del window[:]
        seen += size
        if seen > budget:
            break
    return pending
