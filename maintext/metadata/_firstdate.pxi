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


# ---------------------------------------------------------------------------------------
# An ISO date at the start of a value: :func:`maintext.metadata.dateparse._iso_stamp`'s twin

cdef inline bint _ascii_digit(Py_UCS4 c) noexcept nogil:
    return 48 <= c <= 57


cdef int _two(const unsigned char* s) noexcept nogil:
    """The number two ASCII digits write."""
    return (s[0] - 48) * 10 + (s[1] - 48)


cdef int _month_days(int year, int month) noexcept nogil:
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month == 4 or month == 6 or month == 9 or month == 11 else 31


cdef str _utc_offset(const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
    """``dateparse._offset_after`` of the ASCII text ``s[:n]`` at ``i``: ``_OFFSET``'s match
    read step by step (each of its optional parts, where taken, leaves a character the rest
    cannot start with when given back: the greedy reading is the match)."""
    cdef Py_ssize_t j, k, m, size
    cdef int hours, minutes
    cdef unsigned char sign
    if i + 2 < n and s[i] == 58 and _ascii_digit(s[i + 1]) and _ascii_digit(s[i + 2]):  # ":ss"
        i += 3
        if i + 1 < n and (s[i] == 46 or s[i] == 44) and _ascii_digit(s[i + 1]):  # ".fff"
            i += 2
            while i < n and _ascii_digit(s[i]):
                i += 1
    while i < n and Py_UNICODE_ISSPACE(s[i]):
        i += 1
    if i >= n:
        return ""
    size = 0
    if s[i] == 90:  # Z
        size = 1
    elif i + 2 < n and ((s[i] == 85 and s[i + 1] == 84 and s[i + 2] == 67)  # UTC
                        or (s[i] == 71 and s[i + 1] == 77 and s[i + 2] == 84)):  # GMT
        size = 3
    if size:
        j = i + size
        if j < n and (65 <= s[j] <= 90 or 97 <= s[j] <= 122):
            return ""
        if not (j + 1 < n and (s[j] == 43 or s[j] == 45) and _ascii_digit(s[j + 1])):
            return "+00:00"
        sign = s[j]
        k = j + 2
        if k < n and _ascii_digit(s[k]):
            k += 1  # \d{1,2}: k - j - 1 digits
        m = k + 1 if k < n and s[k] == 58 else k
        if m + 1 < n and _ascii_digit(s[m]) and _ascii_digit(s[m + 1]):
            # the digits (the ":" left out) are hours and the last two minutes
            if k - j - 1 == 1:
                hours, minutes = s[j + 1] - 48, _two(s + m)
            else:
                hours, minutes = _two(s + j + 1), _two(s + m)
        elif k - j - 1 == 1:
            hours, minutes = s[j + 1] - 48, 0
        else:
            hours, minutes = _two(s + j + 1), 0
    else:
        if not (i + 2 < n and (s[i] == 43 or s[i] == 45) and _ascii_digit(s[i + 1]) and _ascii_digit(s[i + 2])):
            return ""
        sign = s[i]
        m = i + 4 if i + 3 < n and s[i + 3] == 58 else i + 3
        if not (m + 1 < n and _ascii_digit(s[m]) and _ascii_digit(s[m + 1])) or (m + 2 < n and _ascii_digit(s[m + 2])):
            return ""
        hours, minutes = _two(s + i + 1), _two(s + m)
    if hours > 14 or minutes >= 60:
        return ""
    return "%c%02d:%02d" % (sign, hours, minutes)


def iso_stamp(str value, int last_year):
    """``dateparse._iso_stamp(value)`` of an ASCII ``value`` (``last_year``: the latest year
    a date may have): the ISO date, with its time and UTC offset, of an ISO date at the
    start of ``value`` followed by a time or its end; None when there is none or it is no
    valid date. A value not in ASCII: ValueError."""
    if not PyUnicode_IS_ASCII(value):
        raise ValueError("iso_stamp reads ASCII text")
    cdef const unsigned char* s = <const unsigned char*>PyUnicode_DATA(value)
    cdef Py_ssize_t i, n = PyUnicode_GET_LENGTH(value)
    cdef int year, month, day, hour, minute
    cdef bint timed
    if n < 10 or not (s[0] == 49 and s[1] == 57 or s[0] == 50 and s[1] == 48) or s[4] != 45 or s[7] != 45:
        return None
    for i in (2, 3, 5, 6, 8, 9):
        if not _ascii_digit(s[i]):
            return None
    if n == 10:
        timed = False
    elif (n >= 16 and (s[10] == 84 or s[10] == 32) and _ascii_digit(s[11]) and _ascii_digit(s[12])
          and s[13] == 58 and _ascii_digit(s[14]) and _ascii_digit(s[15])):
        timed = True
    else:
        return None
    year, month, day = _two(s) * 100 + _two(s + 2), _two(s + 5), _two(s + 8)
    if not (1990 <= year <= last_year and 1 <= month <= 12 and 1 <= day <= _month_days(year, month)):
        return None
    if not timed:
        return value
    hour, minute = _two(s + 11), _two(s + 14)
    if not (hour < 24 and minute < 60 and (hour or minute)):
        return value[:10]
    return value[:10] + "T" + value[11:16] + _utc_offset(s, 16, n)
