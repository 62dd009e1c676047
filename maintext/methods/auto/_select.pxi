# The per-block loops of auto's block selection and edge trimming in C, included by
# _score.pyx (one extension module). Each is the twin of a Python function that stays the
# reference and the fallback (no compiler, MAINTEXT_NATIVE=0):
#   select_region    filter.select_blocks' loop over the region (no explain) with
#                    filter._drop_rule's tests
#   repeat_runs      filter._repeat_runs
#   next_related     edges._next_related
#   next_comments    edges._next_comments_heading
#   paragraphs       auto._paragraphs (the text of the kept blocks)
#   scoring_at_least common.scoring_at_least (the ranked containers that score well)
#   skipped_starts   edges._skipped_starts (where the unread comments headings stood)
#   heading_ends     headings._heading_ends (the kept headings an orphan may be among)
#   title_heading    score._title_heading (the heading the page's <title> repeats)
#   sibling_verdict  widen._sibling_verdict's reading of a sibling box (with _only_figures)
#   boiler_inside    filter._boiler_inside (select_region's first test, through a partial)
#   child_ids        Segmentation.children (the widening's sibling boxes)
#   story_of         widen._story (the <article> with its own <h1> around a box)
#   headline_before  edges._headline_before (the lead's headline)
#   widen_up         widen._widen_up's walk up the ancestors (before _into_article)
#   promo_pitch      edges._promo_pitch (a call to action and its pitch ending the article)
#   into_article     widen._into_article (the <article> around the body box)
#   innermost_list   lists._innermost_list's walk up a block's boxes
#   holds_other_story widen._holds_other_story (widen_up's call back)
# The text tests (lines.py's regular expressions) stay in Python: the C loops ask them only
# of the blocks that pass their cheap exact prefilters (the early returns of lines.py's
# functions: length, last character, a needed character). The thresholds come in one tuple
# built by filter.drop_limits, which the Python twin reads too.
# tests/methods/test_auto_select_native.py checks both twins agree (random and real pages).

from cpython.unicode cimport PyUnicode_GET_LENGTH, PyUnicode_READ_CHAR
from cpython.object cimport PyObject
from libc.string cimport memcmp

cdef extern from "Python.h":
    bint PyUnicode_IS_ASCII(object text)  # (a flag of the str object: no scan)
    void* PyUnicode_DATA(object text)
    bint Py_UNICODE_ISALNUM(Py_UCS4 ch)
    bint Py_UNICODE_ISDECIMAL(Py_UCS4 ch)
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch)
    Py_UCS4 Py_UNICODE_TOLOWER(Py_UCS4 ch)
    object PyUnicode_FromKindAndData(int kind, const void* buffer, Py_ssize_t size)
    Py_ssize_t PyUnicode_FindChar(object text, Py_UCS4 ch, Py_ssize_t start, Py_ssize_t end, int direction)
    int PyUnicode_KIND(object text)
    ctypedef unsigned char Py_UCS1
    ctypedef unsigned short Py_UCS2

# segmentation.Block's slots read here (in this order)
_SEL_SLOTS = ("owner", "weight", "tag", "text", "heading", "chars", "link_chars", "in_table",
              "marked", "index", "chain", "boiler", "raw")
cdef Layout _sel

cdef enum DropCode:
    KEEP = 0
    DROP_BOILER = 1  # inside a boilerplate box of the region ("inside <reason>")
    DROP_HEADLINE = 2  # filter.HEADLINE_REASON
    DROP_LINK = 3  # one of filter.LINK_REASONS
    DROP_FURNITURE = 4  # filter.FURNITURE_REASON
    DROP_OTHER = 5


cdef inline bint _ends_sentence(str text) noexcept:
    """``text[-1:] in ".!?。！？"`` (lines.py's test of a line that is a sentence; true of
    an empty text, as that test is: "" is in every string)."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text)
    cdef Py_UCS4 c
    if n == 0:
        return True
    c = PyUnicode_READ_CHAR(text, n - 1)
    return c == u'.' or c == u'!' or c == u'?' or c == 0x3002 or c == 0xFF01 or c == 0xFF1F


cdef inline bint _has_char(str text, Py_UCS4 a, Py_UCS4 b, Py_UCS4 c) noexcept:
    """One of ``a``, ``b``, ``c`` is in ``text`` (str.find's search of each: a character wider
    than the text's is refused without a scan)."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text)
    return (PyUnicode_FindChar(text, a, 0, n, 1) >= 0 or (b != a and PyUnicode_FindChar(text, b, 0, n, 1) >= 0)
            or (c != a and c != b and PyUnicode_FindChar(text, c, 0, n, 1) >= 0))


cdef inline int _is_h1(object tag) except -1:
    """``tag == "h1"`` of a block's tag, read off the letters of a str (another object is
    compared)."""
    cdef const unsigned char* s
    if type(tag) is str:
        if PyUnicode_GET_LENGTH(tag) != 2 or PyUnicode_KIND(tag) != 1:
            return 0
        s = <const unsigned char*>PyUnicode_DATA(tag)
        return s[0] == 104 and s[1] == 49
    return 1 if tag == "h1" else 0


cdef inline bint _may_be_post_line(str text, Py_ssize_t max_chars) noexcept:
    """False where lines.is_post_line returns False before splitting the line."""
    return (PyUnicode_GET_LENGTH(text) <= max_chars and not _ends_sentence(text)
            and _has_char(text, u'|', 0x2022, 0x00B7))  # "|", "•", "·"


cdef inline bint _may_be_credit_line(str text) noexcept:
    """False where lines.is_credit_line returns False at once: no colon (no caption, no
    source label) and longer than 80 characters or ending like a sentence."""
    if _has_char(text, u':', 0xFF1A, u':'):
        return True
    return not (PyUnicode_GET_LENGTH(text) > 80 or _ends_sentence(text))


cdef bint _furniture(object furniture_line, str text, bint dates, dict memo) except -1:
    """``furniture_line(text, dates)`` as a truth value, each text asked once (``memo``:
    text -> answer, one per value of ``dates``)."""
    found = memo.get(text)
    if found is None:
        found = memo[text] = bool(furniture_line(text, dates))
    return found is True


cdef inline Py_ssize_t _ascii_lower(Py_UCS4 c) noexcept:
    """``c`` lower-cased when it is ASCII, else -1."""
    if c >= 128:
        return -1
    return <Py_ssize_t>c + 32 if 65 <= c <= 90 else <Py_ssize_t>c


cdef struct Opening:  # lines' opening table of a pattern (lines._opening), alive while read
    const unsigned char* pairs  # its ASCII pairs: 128 * 128 bits
    PyObject* beyond  # a str: the lower-case forms a first word character beyond ASCII may have; NULL: any
    bint digits  # ... or a decimal digit


cdef int _read_opening(Opening* o, object opening) except -1:
    """Read ``opening`` (lines._opening's tuple) into ``o``: 1, else 0 (not such a table)."""
    o.pairs = NULL
    o.beyond = NULL
    o.digits = False
    if type(opening) is not tuple or len(<tuple>opening) != 3:
        return 0
    pairs, beyond, digits = opening
    if type(pairs) is not bytes or len(<bytes>pairs) != 128 * 128 // 8 or not (beyond is None or type(beyond) is str):
        return 0
    o.pairs = <const unsigned char*>(<bytes>pairs)
    o.beyond = <PyObject*>beyond if beyond is not None else NULL
    o.digits = bool(digits)
    return 1


cdef inline bint _pair_open(str text, Opening* o) noexcept:
    """False only where the pattern ``o`` was read of cannot match ``text``: it has no word
    character (``\\w``: alphanumeric or "_"), or its first one and the character after it
    (0 at the end) are ASCII and, lower-cased, no pair of ``o.pairs`` (the pattern's lower-case
    twin, asked of an ASCII line lower-cased; the pattern itself, asked of another line, reads
    an ASCII character under IGNORECASE as lower-casing does: the characters it folds to
    ASCII letters are not ASCII themselves), or its first one is beyond ASCII and its lower
    case (``_sre.unicode_tolower``, as IGNORECASE reads it) is none of ``o.beyond`` (nor a
    decimal digit with ``o.digits``)."""
    cdef Py_ssize_t i, n, a, b
    cdef Py_UCS4 c, lower
    cdef bint ascii = PyUnicode_IS_ASCII(text)
    n = PyUnicode_GET_LENGTH(text)
    for i in range(n):
        c = PyUnicode_READ_CHAR(text, i)
        a = _ascii_lower(c)
        if a < 0:
            if not ascii and Py_UNICODE_ISALNUM(c):  # (the first word character, beyond ASCII)
                if o.beyond is NULL:
                    return True
                lower = Py_UNICODE_TOLOWER(c)
                return (PyUnicode_FindChar(<object>o.beyond, lower, 0, PyUnicode_GET_LENGTH(<object>o.beyond), 1) >= 0
                        or (o.digits and Py_UNICODE_ISDECIMAL(lower)))
            continue
        if not (97 <= a <= 122 or 48 <= a <= 57 or a == 95):  # (not a-z, 0-9, _)
            continue
        b = _ascii_lower(PyUnicode_READ_CHAR(text, i + 1)) if i + 1 < n else 0
        if b < 0:
            return True
        b += a * 128
        return (o.pairs[b >> 3] >> (b & 7)) & 1
    return False


cdef struct FurnitureFilter:  # what _may_be_furniture reads (lines' tables, alive during the loop)
    Opening opening  # lines.FURNITURE_OPENING
    bint on  # (read: the filter applies)
    Py_ssize_t n_needles
    const char* needle[16]  # lines._CREDIT_NEEDS (ASCII, lower case)
    Py_ssize_t needle_len[16]


cdef int _furniture_filter(FurnitureFilter* f, object prefilter) except -1:
    """Read ``prefilter`` ((pairs, credit needles) or None: no filter) into ``f``; 0 when
    there is none to apply."""
    cdef Py_ssize_t i
    f.on = False
    f.n_needles = 0
    if type(prefilter) is not tuple or len(<tuple>prefilter) != 2:
        return 0
    opening, needles = prefilter
    if not _read_opening(&f.opening, opening) or type(needles) is not tuple or len(<tuple>needles) > 16:
        return 0
    for word in <tuple>needles:
        if type(word) is not str or not PyUnicode_IS_ASCII(word) or not PyUnicode_GET_LENGTH(word):
            return 0
    for i, word in enumerate(<tuple>needles):
        f.needle[i] = <const char*>PyUnicode_DATA(word)
        f.needle_len[i] = PyUnicode_GET_LENGTH(word)
    f.n_needles = len(<tuple>needles)
    f.on = True
    return 1


cdef bint _holds_needle(const char* lower, Py_ssize_t n, FurnitureFilter* f) noexcept:
    """One of the needles is in ``lower[:n]``."""
    cdef Py_ssize_t i, k
    for k in range(f.n_needles):
        for i in range(n - f.needle_len[k] + 1):
            if lower[i] == f.needle[k][0] and memcmp(lower + i, f.needle[k], f.needle_len[k]) == 0:
                return True
    return False


cdef bint _may_be_furniture(str text, bint dates, FurnitureFilter* f) noexcept:
    """False only where lines.is_furniture_line(text, dates) is False, read off a line of at
    most 255 characters without calling it: no pair of the furniture pattern opens it
    (``_pair_open``), no "@" (an e-mail line), no decimal digit (with ``dates``: a date or
    dateline), no colon (a caption or source label) and, unless it ends like a sentence, no
    credit word in it lower-cased (lines._credit_line; "©" and the characters IGNORECASE
    folds to ASCII letters pass it on)."""
    cdef Py_ssize_t i, n, a
    cdef Py_UCS4 c
    cdef char lower[256]
    if not f.on:
        return True
    n = PyUnicode_GET_LENGTH(text)
    if n > 255 or _pair_open(text, &f.opening):
        return True
    for i in range(n):
        c = PyUnicode_READ_CHAR(text, i)
        a = _ascii_lower(c)
        if a < 0:  # (beyond ASCII: a full-width colon, a digit, "©", a folding letter)
            if c == 0xFF1A or c == 0xA9 or c == 0x130 or c == 0x131 or c == 0x17F or c == 0x212A \
                    or (dates and Py_UNICODE_ISDECIMAL(c)):
                return True
            lower[i] = <char>0x80  # (no needle holds it: they are ASCII)
            continue
        if a == 64 or a == 58 or (dates and 48 <= a <= 57):  # "@", ":", a digit
            return True
        lower[i] = <char>a
    if _ends_sentence(text):
        return False
    return _holds_needle(lower, n, f)


cdef enum ListTag:
    LIST_BOX = 1  # "ul", "ol"
    LIST_PATH = 2  # "li", "p", "div", "span": the boxes lists._innermost_list walks up through
    LIST_OTHER = 0


cdef int _list_tag(object tag) except -1:
    """The ListTag of a container's tag: read off the letters of a one-byte str, else by
    comparing it as the Python twins do."""
    cdef const unsigned char* s
    cdef Py_ssize_t n
    if type(tag) is str and PyUnicode_KIND(tag) == 1:
        s = <const unsigned char*>PyUnicode_DATA(tag)
        n = PyUnicode_GET_LENGTH(tag)
        if n == 2:
            if s[1] == 108:  # "l": "ul", "ol"
                return LIST_BOX if s[0] == 117 or s[0] == 111 else LIST_OTHER
            return LIST_PATH if s[0] == 108 and s[1] == 105 else LIST_OTHER  # "li"
        if n == 1:
            return LIST_PATH if s[0] == 112 else LIST_OTHER  # "p"
        if n == 3:
            return LIST_PATH if memcmp(s, b"div", 3) == 0 else LIST_OTHER
        if n == 4:
            return LIST_PATH if memcmp(s, b"span", 4) == 0 else LIST_OTHER
        return LIST_OTHER
    if tag == "ul" or tag == "ol":
        return LIST_BOX
    if tag == "li" or tag == "p" or tag == "div" or tag == "span":
        return LIST_PATH
    return LIST_OTHER


def list_tag(tag):
    """``_list_tag`` (for the tests)."""
    return _list_tag(tag)


cdef bint _in_link_list(tuple chain, list containers, object Container, list char_sums, list link_sums,
                        Py_ssize_t levels, double density_max) except -1:
    """filter._in_link_list: the innermost ul/ol among the last ``levels`` containers of
    ``chain`` has a link density above ``density_max``."""
    cdef Py_ssize_t n = len(chain), lo, i, start, end, chars
    lo = -levels  # chain[-levels:] (Python's slice bounds)
    if lo < 0:
        lo += n
        if lo < 0:
            lo = 0
    elif lo > n:
        lo = n
    read_layout(&_cont, Container, _CONTAINER_SLOTS)
    for i in range(n - 1, lo - 1, -1):
        c = containers[<Py_ssize_t>chain[i]]
        if fits(&_cont, c):
            tag = get_slot(c, _cont.off[2])
        else:
            tag = c.tag
        if _list_tag(tag) == LIST_BOX:
            if fits(&_cont, c):
                start = get_slot(c, _cont.off[0])
                end = get_slot(c, _cont.off[1])
            else:
                start, end = c.start, c.end
            chars = <Py_ssize_t>char_sums[end] - <Py_ssize_t>char_sums[start]
            if not chars:
                return 0.0 > density_max
            return ((<Py_ssize_t>link_sums[end] - <Py_ssize_t>link_sums[start]) / <double>chars) > density_max
    return False


def select_region(list blocks, inside, object Block, limits, bint figures, tuple figure_reasons,
                  double section_after, tuple tests, list containers, object Container, list char_sums,
                  list link_sums, furniture_prefilter=None):
    """filter.select_blocks without explain: (kept, linked, cells) as its loop builds them
    (each dropped block of ``linked`` and ``cells`` paired with -1). ``inside``: one byte a
    block, 1 inside the region. ``limits``: filter.drop_limits. ``tests``: the Python tests
    asked of a few blocks, (boiler_inside(b), linked_prose(b), furniture_line(text, dates),
    all_furniture_lines(b), post_line(text), credit_line(text), section_heading(b)).
    ``furniture_prefilter``: (lines._ascii_pairs of the furniture pattern, lines._CREDIT_NEEDS),
    what ``_may_be_furniture`` reads to answer most short lines without furniture_line, or None."""
    cdef bint keep_comments = limits[0], keep_headline = limits[1], keep_tables = limits[2]
    cdef double headline_max = limits[3], long_weight = limits[4], line_max = limits[5]
    cdef double lines_max = limits[6], credit_min = limits[7], short_limit = limits[8]
    cdef double long_limit = limits[9], caption_max = limits[10]
    cdef long mark_br = limits[11]
    cdef Py_ssize_t post_max = limits[12], list_levels = limits[13]
    cdef double list_density_max = limits[14], furniture_max = limits[15]
    boiler_inside, linked_prose, furniture_line, all_furniture_lines, post_line, credit_line, \
        section_heading = tests
    cdef const unsigned char[:] ins = inside
    cdef list kept = [], linked = [], cells = []
    # furniture_line's answers by text, with dates and without (the same short line, a table
    # cell "0" or a repeated label, is asked once: the answer is a function of the text)
    cdef dict furniture_dates = {}, furniture_plain = {}
    cdef Py_ssize_t i, n = len(blocks), chars, link_chars
    cdef double weight, words = 0.0, density
    cdef bint direct, seen_h1 = False, in_table, heading
    cdef int code
    cdef str text
    cdef FurnitureFilter furniture_filter
    _furniture_filter(&furniture_filter, furniture_prefilter)  # (its tables kept alive by the tuple)
    if ins.shape[0] < n:
        raise ValueError("inside is shorter than blocks")
    read_layout(&_sel, Block, _SEL_SLOTS)
    for i in range(n):
        if not ins[i]:
            continue
        b = blocks[i]
        direct = fits(&_sel, b)
        owner = get_slot(b, _sel.off[0]) if direct else b.owner
        weight = get_slot(b, _sel.off[1]) if direct else b.weight
        tag = get_slot(b, _sel.off[2]) if direct else b.tag
        text = get_slot(b, _sel.off[3]) if direct else b.text
        heading = get_slot(b, _sel.off[4]) if direct else b.heading
        chars = get_slot(b, _sel.off[5]) if direct else b.chars
        link_chars = get_slot(b, _sel.off[6]) if direct else b.link_chars
        in_table = get_slot(b, _sel.off[7]) if direct else b.in_table
        # --- filter._drop_rule's drop_reason ---
        code = KEEP
        boiler = boiler_inside(b) if owner is not None else None
        if boiler and not (keep_comments and boiler == "comments"):
            code = DROP_BOILER
            if figures and ("inside " + boiler) in figure_reasons:
                code = KEEP
        elif _is_h1(tag) and not keep_headline and <double>PyUnicode_GET_LENGTH(text) < headline_max:
            code = DROP_HEADLINE
        else:
            density = (<double>link_chars / <double>chars) if chars else 0.0
            if density > (short_limit if weight < long_weight else long_limit) and not heading \
                    and not linked_prose(b):
                code = DROP_LINK
            elif link_chars and weight < long_weight and _in_link_list(
                    get_slot(b, _sel.off[10]) if direct else b.chain, containers, Container, char_sums,
                    link_sums, list_levels, list_density_max):
                code = DROP_LINK
            elif weight < line_max and PyUnicode_GET_LENGTH(text) <= furniture_max \
                    and _may_be_furniture(text, not in_table, &furniture_filter) \
                    and _furniture(furniture_line, text, not in_table,
                                   furniture_plain if in_table else furniture_dates):
                code = DROP_FURNITURE
            elif weight < lines_max and (<long>(get_slot(b, _sel.off[8]) if direct else b.marked)) & mark_br \
                    and all_furniture_lines(b):
                code = DROP_OTHER
            elif weight < long_weight and _may_be_post_line(text, post_max) and post_line(text):
                code = DROP_OTHER
            elif (weight >= line_max or <double>chars > credit_min) and <double>chars <= caption_max \
                    and _may_be_credit_line(text) and credit_line(text):
                code = DROP_OTHER
            elif in_table and not keep_tables:
                code = DROP_OTHER
        # --- select_blocks' loop ---
        if code != KEEP and words >= section_after and heading and not _is_h1(tag) and section_heading(b):
            code = KEEP
        if code == DROP_HEADLINE:
            if not seen_h1:
                seen_h1 = True
            else:
                code = KEEP
        if code != KEEP:
            if code == DROP_LINK:
                linked.append((b, -1))
            elif code == DROP_FURNITURE and in_table:
                cells.append((b, -1))
            continue
        kept.append(b)
        words += weight
    return kept, linked, cells


def repeat_runs(list kept, double min_weight, Py_ssize_t run_min):
    """filter._repeat_runs: the positions in ``kept`` of the runs of at least ``run_min``
    long paragraphs that all repeat earlier ones (a set, filled in the same order)."""
    cdef set seen = set(), drop = set()
    cdef list run = []
    cdef Py_ssize_t i, n = len(kept)
    cdef bint direct
    read_layout(&_sel, type(kept[0]) if kept else None, _SEL_SLOTS)
    for i in range(n):
        b = kept[i]
        direct = fits(&_sel, b)
        if not <double>(get_slot(b, _sel.off[1]) if direct else b.weight) >= min_weight:
            continue
        text = get_slot(b, _sel.off[3]) if direct else b.text
        if text in seen:
            run.append(i)
            continue
        seen.add(text)
        if len(run) >= run_min:
            drop.update(run)
        run = []
    if len(run) >= run_min:
        drop.update(run)
    return drop


cdef int _first_table(unsigned char* table, str first) except -1:
    """``table[c]`` set for each ASCII character ``c`` of ``first`` (the rest cleared)."""
    cdef Py_ssize_t i
    cdef Py_UCS4 c
    for i in range(128):
        table[i] = 0
    for i in range(PyUnicode_GET_LENGTH(first)):
        c = PyUnicode_READ_CHAR(first, i)
        if c < 128:
            table[c] = 1
    return 0


cdef inline bint _may_open(str text, const unsigned char* table) noexcept:
    """False only when ``text`` is ASCII and its first word character ([A-Za-z0-9_]),
    lower-cased, is not in ``table``, or it has none: where lines' heading patterns
    (``^\\W*(?=[first])...``, asked of the lower-cased ASCII text) cannot match."""
    cdef Py_ssize_t i, n, c  # (c: a code point as an int, for the table's index)
    if not PyUnicode_IS_ASCII(text):
        return True
    n = PyUnicode_GET_LENGTH(text)
    for i in range(n):
        c = <Py_ssize_t>PyUnicode_READ_CHAR(text, i)
        if 65 <= c <= 90:  # A-Z: lower-cased
            return table[c + 32]
        if 97 <= c <= 122 or 48 <= c <= 57 or c == 95:  # a-z, 0-9, _
            return table[c]
    return False


cdef inline bint _may_open_heading(str text, str first, const unsigned char* table, Opening* opened) noexcept:
    """The prefilters of next_related and next_comments: the opening table when read (it
    implies the first character), else the first character when given."""
    if opened.pairs is not NULL:
        return _pair_open(text, opened)
    return first is None or _may_open(text, table)


def pair_open(str text, tuple opening):
    """``_pair_open`` (for the tests; ``opening``: lines._opening's table)."""
    cdef Opening o
    if not _read_opening(&o, opening):
        raise ValueError("not an opening table")
    return _pair_open(text, &o)


def may_be_furniture(str text, bint dates, tuple prefilter):
    """``_may_be_furniture`` (for the tests; ``prefilter`` as select_region's)."""
    cdef FurnitureFilter f
    if not _furniture_filter(&f, prefilter):
        raise ValueError("not a furniture prefilter")
    return _may_be_furniture(text, dates, &f)


def may_open_heading(str text, str first):
    """The test of ``_may_open`` (for the tests): ``first``, the ASCII characters a line's
    first word character must be."""
    cdef unsigned char[128] table
    _first_table(table, first)
    return _may_open(text, table)


def next_related(list kept, Py_ssize_t i, double seen, double cut_after, double max_weight,
                 Py_ssize_t max_chars, object related_heading, str first=None, object opening=None):
    """edges._next_related: (position, words) of the first block from ``i`` on that is a
    related heading after ``cut_after`` words, or (-1, words) past the end. ``first``: the
    ASCII characters the first word character of an ASCII heading can be (lower case; see
    ``_may_open``), or None: ``related_heading`` is not asked of other ASCII lines; ``opening``:
    the pattern's opening table (``_pair_open``; lines._opening), or None."""
    cdef Py_ssize_t n = len(kept)
    cdef double weight
    cdef bint direct
    cdef str text
    cdef unsigned char[128] table
    cdef Opening opened
    _first_table(table, first if first is not None else "")
    _read_opening(&opened, opening)
    if n:
        read_layout(&_sel, type(kept[0]), _SEL_SLOTS)
    while i < n:
        b = kept[i]
        direct = fits(&_sel, b)
        weight = get_slot(b, _sel.off[1]) if direct else b.weight
        if seen >= cut_after and weight < max_weight:
            text = get_slot(b, _sel.off[3]) if direct else b.text
            if PyUnicode_GET_LENGTH(text) <= max_chars and _may_open_heading(text, first, table, &opened) \
                    and related_heading(text):
                return i, seen
        seen += weight
        i += 1
    return -1, seen


def next_comments(list blocks, Py_ssize_t lo, Py_ssize_t hi, marks, double max_weight, tags,
                  Py_ssize_t max_chars, object comments_heading, str first=None, object opening=None):
    """edges._next_comments_heading: the position of the first block of ``blocks[lo:hi]``
    whose index is in ``marks`` or that is a comments heading, or -1. ``first``, ``opening``:
    as ``next_related``'s."""
    cdef Py_ssize_t i
    cdef bint direct
    cdef str text
    cdef unsigned char[128] table
    cdef Opening opened
    _first_table(table, first if first is not None else "")
    _read_opening(&opened, opening)
    if hi > len(blocks):
        hi = len(blocks)
    if lo < 0:
        lo = 0
    if lo < hi:
        read_layout(&_sel, type(blocks[lo]), _SEL_SLOTS)
    for i in range(lo, hi):
        b = blocks[i]
        direct = fits(&_sel, b)
        index = get_slot(b, _sel.off[9]) if direct else b.index
        if index in marks:
            return i
        if not <double>(get_slot(b, _sel.off[1]) if direct else b.weight) < max_weight:
            continue
        if not ((get_slot(b, _sel.off[4]) if direct else b.heading)
                or (get_slot(b, _sel.off[2]) if direct else b.tag) in tags):
            continue
        text = get_slot(b, _sel.off[3]) if direct else b.text
        if PyUnicode_GET_LENGTH(text) <= max_chars and _may_open_heading(text, first, table, &opened) \
                and comments_heading(text):
            return i
    return -1


def list_words(list blocks, list containers, object Container):
    """lists._list_words: innermost list id (lists._innermost_list: the nearest ul/ol up the
    chain through li/p/div/span only) -> the words of ``blocks`` inside it, ids in the order
    first met, each sum 0.0 plus the weights in order (as the Python loop adds them)."""
    cdef dict words = {}
    cdef Py_ssize_t i
    cdef bint direct
    cdef int kind
    if blocks:
        read_layout(&_sel, type(blocks[0]), _SEL_SLOTS)
    read_layout(&_cont, Container, _CONTAINER_SLOTS)
    for b in blocks:
        direct = fits(&_sel, b)
        chain = get_slot(b, _sel.off[10]) if direct else b.chain
        found = None
        for i in range(len(chain) - 1, -1, -1):
            cid = chain[i]
            c = containers[cid]
            kind = _list_tag(get_slot(c, _cont.off[2]) if fits(&_cont, c) else c.tag)
            if kind == LIST_BOX:
                found = cid
                break
            if kind != LIST_PATH:
                break
        if found is not None:
            words[found] = <double>words.get(found, 0.0) + <double>(get_slot(b, _sel.off[1]) if direct else b.weight)
    return words


def paragraphs(list kept, int mark_br, object block_class=None, str markers=None):
    """auto._paragraphs: the paragraphs of the kept blocks, in order: each block's text when
    not empty, a block with a line break (``marked & mark_br``) its ``lines()``: read here
    from its raw text (``_raw_lines``) when the block is of ``block_class`` exactly
    (segmentation.Block, whose lines() that is) and ``markers`` are markers.BR, SPAN_OPEN,
    SPAN_CLOSE and IMAGE in that order."""
    cdef list out = []
    cdef bint direct, own = block_class is not None and markers is not None and len(markers) == 4
    if kept:
        read_layout(&_sel, type(kept[0]), _SEL_SLOTS)
    for b in kept:
        direct = fits(&_sel, b)
        if (<int>(get_slot(b, _sel.off[8]) if direct else b.marked)) & mark_br:
            raw = get_slot(b, _sel.off[12]) if direct and own and type(b) is block_class else None
            if type(raw) is str:
                _raw_lines(<str>raw, out, markers)
            else:
                out += b.lines()
        else:
            text = get_slot(b, _sel.off[3]) if direct else b.text
            if text:
                out.append(text)
    return out


ctypedef fused _text_unit:  # the characters of a one-, two- or four-byte str
    Py_UCS1
    Py_UCS2
    Py_UCS4


cdef int _raw_lines(str raw, list out, str markers) except -1:
    """segmentation.Block.lines of a block's ``raw`` text, appended to ``out``: the span and
    image markers dropped, the text split at the line-break marker, each part's white space
    (what str.split() splits at) collapsed to single spaces and stripped, the empty parts
    left out. One pass, no list of words per line (each line built in a buffer of the text's
    own width)."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(raw)
    cdef int kind = PyUnicode_KIND(raw)
    cdef void* buf
    if n == 0:
        return 0
    buf = PyMem_Malloc(n * kind)
    if buf is NULL:
        raise MemoryError()
    try:
        if kind == 1:
            _split_lines(<const Py_UCS1*>PyUnicode_DATA(raw), <Py_UCS1*>buf, n, kind, out, markers)
        elif kind == 2:
            _split_lines(<const Py_UCS2*>PyUnicode_DATA(raw), <Py_UCS2*>buf, n, kind, out, markers)
        else:
            _split_lines(<const Py_UCS4*>PyUnicode_DATA(raw), <Py_UCS4*>buf, n, kind, out, markers)
    finally:
        PyMem_Free(buf)
    return 0


cdef int _split_lines(const _text_unit* p, _text_unit* buf, Py_ssize_t n, int kind, list out,
                      str markers) except -1:
    """The loop of :func:`_raw_lines` over the characters ``p[:n]`` (``buf``: room for them)."""
    cdef Py_ssize_t i, length = 0
    cdef Py_UCS4 br = markers[0], span_open = markers[1], span_close = markers[2], image = markers[3], c
    cdef bint space = False
    for i in range(n):
        c = p[i]
        if c == br:
            if length:
                out.append(PyUnicode_FromKindAndData(kind, buf, length))
            length = 0
            space = False
        elif c == span_open or c == span_close or c == image:
            continue
        elif Py_UNICODE_ISSPACE(c):
            space = length > 0
        else:
            if space:
                buf[length] = 32
                length += 1
                space = False
            buf[length] = p[i]
            length += 1
    if length:
        out.append(PyUnicode_FromKindAndData(kind, buf, length))
    return 0


def raw_lines(str raw, str markers):
    """``_raw_lines`` of ``raw`` (for the tests: it agrees with Block.lines)."""
    cdef list out = []
    if len(markers) != 4:
        raise ValueError("four markers")
    _raw_lines(raw, out, markers)
    return out


def scoring_at_least(list ranked, floor):
    """common.scoring_at_least: the ids of the ``(score, id)`` pairs of ``ranked`` whose
    score is at least ``floor``, in order (two floats compared as doubles: Python's answer)."""
    cdef list out = []
    cdef double f = 0.0
    cdef bint float_floor = type(floor) is float
    if float_floor:
        f = floor
    cdef bint ok
    for pair in ranked:
        score, cid = pair
        if float_floor and type(score) is float:
            ok = (<double>score) >= f
        else:
            ok = score >= floor
        if ok:
            out.append(cid)
    return out


def skipped_starts(list skipped, list containers, object Container, str reason, tags):
    """edges._skipped_starts: the first block of each container not read (the ids of
    ``skipped``'s ``(id, characters)`` pairs) whose boilerplate reason is ``reason`` and
    whose tag is in ``tags`` (a set, filled in order)."""
    cdef set out = set()
    cdef bint direct
    read_layout(&_cont, Container, _CONTAINER_SLOTS)
    for cid, _chars in skipped:
        c = containers[cid]
        direct = fits(&_cont, c)
        boiler = get_slot(c, _cont.off[5]) if direct else c.boiler
        if boiler == reason and (get_slot(c, _cont.off[2]) if direct else c.tag) in tags:
            out.add(get_slot(c, _cont.off[0]) if direct else c.start)
    return out


def heading_ends(list kept):
    """headings._heading_ends: the positions in ``kept`` of the headings outside tables
    that end it or are followed by another heading, in order."""
    cdef list out = []
    cdef Py_ssize_t i, n = len(kept)
    cdef bint direct
    if not n:
        return out
    read_layout(&_sel, type(kept[0]), _SEL_SLOTS)
    nxt = kept[0]
    direct = fits(&_sel, nxt)
    head = get_slot(nxt, _sel.off[4]) if direct else nxt.heading
    for i in range(n):
        b, is_head = nxt, head
        if i + 1 < n:
            nxt = kept[i + 1]
            direct = fits(&_sel, nxt)
            head = get_slot(nxt, _sel.off[4]) if direct else nxt.heading
        else:
            head = True  # (the last heading ends the kept text)
        if is_head and head and not (get_slot(b, _sel.off[7]) if fits(&_sel, b) else b.in_table):
            out.append(i)
    return out


def title_heading(list blocks, list headings, tags, double min_chars, str title):
    """score._title_heading: the index of the first of the heading blocks (``headings``:
    their indexes, in order) whose tag is in ``tags``, of ``min_chars`` to ``len(title)``
    characters, whose casefolded text is part of ``title`` (casefolded); else None."""
    cdef Py_ssize_t n_title = PyUnicode_GET_LENGTH(title), chars
    cdef bint direct
    if not n_title:
        return None
    if headings:
        read_layout(&_sel, type(blocks[headings[0]]), _SEL_SLOTS)
    for i in headings:
        b = blocks[i]
        direct = fits(&_sel, b)
        if (get_slot(b, _sel.off[2]) if direct else b.tag) not in tags:
            continue
        chars = get_slot(b, _sel.off[5]) if direct else b.chars
        if min_chars <= <double>chars and chars <= n_title:
            text = get_slot(b, _sel.off[3]) if direct else b.text
            if text.casefold() in title:
                return get_slot(b, _sel.off[9]) if direct else b.index
    return None


cdef object _end_set = None  # the set of sentence ends _end_chars was read of
cdef Py_UCS4 _end_chars[32]
cdef Py_ssize_t _n_end = -1  # its characters; -1: not all one-character strings (ask the set)


cdef int _use_sentence_end(frozenset ends) except -1:
    """Read the characters of ``ends`` (tags.SENTENCE_END) into ``_end_chars`` unless they
    were read of that set last."""
    global _end_set, _n_end
    cdef Py_ssize_t n = 0
    if ends is _end_set:
        return 0
    for e in ends:
        if type(e) is not str or PyUnicode_GET_LENGTH(e) != 1 or n >= 32:
            n = -1
            break
        _end_chars[n] = PyUnicode_READ_CHAR(e, 0)
        n += 1
    _n_end = n
    _end_set = ends
    return 0


cdef bint _ends_in(str text, frozenset ends) except -1:
    """``text[-1:] in ends`` (after _use_sentence_end(ends))."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), k
    cdef Py_UCS4 c
    if _n_end < 0:
        return text[-1:] in ends
    if n == 0:
        return False  # ("" is none of the one-character members)
    c = PyUnicode_READ_CHAR(text, n - 1)
    for k in range(_n_end):
        if _end_chars[k] == c:
            return True
    return False


cdef bint _only_figures(list blocks, Py_ssize_t start, Py_ssize_t end, list containers, walked,
                        figure_boxes) except -1:
    """widen._only_figures of ``blocks[start:end]``: there are some, and each has a
    boilerplate box among all its owners (Segmentation.all_owners: ``walked``, the owners
    before finish() rewrote them, or the containers' own) whose reason is in ``figure_boxes``."""
    cdef bint found
    if end <= start:
        return False
    for i in range(start, end):
        b = blocks[i]
        o = get_slot(b, _sel.off[0]) if fits(&_sel, b) else b.owner
        found = False
        while o is not None:
            c = containers[o]
            if (get_slot(c, _cont.off[5]) if fits(&_cont, c) else c.boiler) in figure_boxes:
                found = True
                break
            o = walked[o] if walked is not None else (get_slot(c, _cont.off[6]) if fits(&_cont, c) else c.owner)
        if not found:
            return False
    return True


def sibling_verdict(list blocks, sib, list containers, walked, list char_sums, list link_sums,
                    double spacer_weight, double threshold, frozenset sentence_end, figure_boxes):
    """widen._sibling_verdict of the box ``sib``: "join", "skip" (a spacer) or "stop", by the
    same tests in the same order (its words summed as _weight_below sums them; the link
    density from the prefix sums ``char_sums`` and ``link_sums``; ``walked``:
    Segmentation._walked_owner)."""
    cdef Py_ssize_t start, end, i, n = len(blocks), chars
    cdef double weight = 0.0, limit, ld, prose = 0.0, w
    cdef bint direct
    read_layout(&_cont, type(sib), _CONTAINER_SLOTS)
    direct = fits(&_cont, sib)
    start = get_slot(sib, _cont.off[0]) if direct else sib.start
    end = get_slot(sib, _cont.off[1]) if direct else sib.end
    if start < 0 or end > n:
        raise IndexError("a box outside the blocks")
    if start < end:
        read_layout(&_sel, type(blocks[start]), _SEL_SLOTS)
    _use_sentence_end(sentence_end)
    limit = 30.0 if 30.0 > spacer_weight else spacer_weight  # (max(spacer_weight, 30))
    for i in range(start, end):
        b = blocks[i]
        weight += <double>(get_slot(b, _sel.off[1]) if fits(&_sel, b) else b.weight)
        if weight >= limit:
            break
    if weight < spacer_weight or _only_figures(blocks, start, end, containers, walked, figure_boxes):
        return "skip"
    if get_slot(sib, _cont.off[5]) if direct else sib.boiler:
        return "stop"
    score = get_slot(sib, _cont.off[7]) if direct else sib.score
    if score is not None and score >= threshold:
        return "join"
    chars = char_sums[end] - char_sums[start]
    ld = (<double>(link_sums[end] - link_sums[start])) / (<double>chars) if chars else 0.0
    if ld >= 0.25:
        return "stop"
    for i in range(start, end):
        b = blocks[i]
        direct = fits(&_sel, b)
        if _ends_in(get_slot(b, _sel.off[3]) if direct else b.text, sentence_end):
            w = get_slot(b, _sel.off[1]) if direct else b.weight
            prose += w
            if prose >= 15:
                return "join"
    if weight < 30 and ld == 0:
        if end <= start:
            raise IndexError("list index out of range")  # (blocks[-1] of no blocks, as in Python)
        b = blocks[end - 1]
        if _ends_in(get_slot(b, _sel.off[3]) if fits(&_sel, b) else b.text, sentence_end):
            return "join"
    return "stop"


def boiler_inside(dict memo, list containers, object Container, exempt, weighed, list char_sums, top, b):
    """filter._boiler_inside(seg, b, top) (the segmentation's ``boiler_memo``, ``containers``,
    ``exempt``, ``weighed`` and ``_chars`` given): the reason of the innermost boilerplate
    box around ``b`` inside ``top``, each owner passed on the way answered in ``memo`` (the
    same keys and answers, in the same order)."""
    cdef list seen
    cdef Py_ssize_t top_start = 0, top_end = 0, c_start, c_end, c_id, c_id_end, tid = -1
    cdef double half_top = 0.0
    cdef bint direct
    owner = get_slot(b, _sel.off[0]) if fits(&_sel, b) else b.owner
    if owner is None:  # in no boilerplate box (most blocks)
        return None
    read_layout(&_cont, Container, _CONTAINER_SLOTS)
    if top is not None:
        tid = top.id
        top_start, top_end = top.start, top.end
        half_top = 0.5 * <double>(<Py_ssize_t>char_sums[top_end] - <Py_ssize_t>char_sums[top_start])
    top_id = tid
    seen = []
    found = None
    while owner is not None:
        key = (owner, top_id)
        hit = memo.get(key, memo)  # (memo itself: not in it)
        if hit is not memo:
            found = hit
            break
        seen.append(owner)
        c = containers[owner]
        direct = fits(&_cont, c)
        if owner in exempt:
            owner = get_slot(c, _cont.off[6]) if direct else c.owner
            continue
        boiler = get_slot(c, _cont.off[5]) if direct else c.boiler
        if top is None:
            found = boiler
            break
        c_id, c_id_end = c.id, c.id_end
        if c_id <= tid < c_id_end:
            break
        c_start = get_slot(c, _cont.off[0]) if direct else c.start
        c_end = get_slot(c, _cont.off[1]) if direct else c.end
        if (boiler != "comments" and owner not in weighed
                and <double>(<Py_ssize_t>char_sums[c_end] - <Py_ssize_t>char_sums[c_start]) > half_top):
            owner = get_slot(c, _cont.off[6]) if direct else c.owner
            continue
        found = boiler
        break
    for o in seen:
        memo[(o, top_id)] = found
    return found


def child_ids(list containers, Py_ssize_t cid):
    """Segmentation.children: the ids of the child containers of container ``cid``, in
    document order (each child follows the previous one's descendants)."""
    cdef list kids = []
    cdef Py_ssize_t k = cid + 1, end
    c = containers[cid]
    read_layout(&_cont, type(c), _CONTAINER_SLOTS)
    end = get_slot(c, _cont.off[8]) if fits(&_cont, c) else c.id_end
    while k < end:
        kids.append(k)
        c = containers[k]
        k = get_slot(c, _cont.off[8]) if fits(&_cont, c) else c.id_end
    return kids


def story_of(list containers, c, list h1s):
    """widen._story: the first ``<article>`` from ``c`` up (``c`` itself included) when one
    of the blocks ``h1s`` (the <h1> blocks' indexes, in order) lies in it; else None."""
    cdef bint direct
    cdef Py_ssize_t start, end, lo, hi, mid
    if c is not None:
        read_layout(&_cont, type(c), _CONTAINER_SLOTS)
    while c is not None:
        direct = fits(&_cont, c)
        if (get_slot(c, _cont.off[2]) if direct else c.tag) == "article":
            start = get_slot(c, _cont.off[0]) if direct else c.start
            end = get_slot(c, _cont.off[1]) if direct else c.end
            lo, hi = 0, len(h1s)  # (Segmentation.has_block_of: bisect_left for start)
            while lo < hi:
                mid = (lo + hi) // 2
                if <Py_ssize_t>h1s[mid] < start:
                    lo = mid + 1
                else:
                    hi = mid
            return c if lo < len(h1s) and <Py_ssize_t>h1s[lo] < end else None
        parent = get_slot(c, _cont.off[9]) if direct else c.parent
        c = containers[parent] if parent is not None else None
    return None


def headline_before(list blocks, Py_ssize_t first, Py_ssize_t stop, headline):
    """edges._headline_before: the nearest block before ``first`` and after ``stop`` (going
    back) that is an <h1> or the ``headline`` index; else None."""
    cdef Py_ssize_t i = first - 1, at = -1 if headline is None else headline
    if i > stop:
        read_layout(&_sel, type(blocks[i]), _SEL_SLOTS)
    while i > stop:
        b = blocks[i]
        if (get_slot(b, _sel.off[2]) if fits(&_sel, b) else b.tag) == "h1" or i == at:
            return i
        i -= 1
    return None


def widen_up(list containers, top, Py_ssize_t levels, list prose_sums, list char_sums, list link_sums,
             double share, double max_density, story, holds_other_story):
    """widen._widen_up's walk (before its _into_article): the last of up to ``levels``
    ancestors of ``top`` that adds at least ``share`` times ``top``'s prose (``prose_sums``:
    Segmentation._prose) at a link density of at most ``max_density``, stopping at one that
    holds ``story`` and another story (``holds_other_story(c)``); else ``top``."""
    cdef Py_ssize_t start, end, chars, level
    cdef double base, extra
    cdef bint direct
    best = c = top
    read_layout(&_cont, type(top), _CONTAINER_SLOTS)
    direct = fits(&_cont, top)
    start = get_slot(top, _cont.off[0]) if direct else top.start
    end = get_slot(top, _cont.off[1]) if direct else top.end
    base = <double>prose_sums[end] - <double>prose_sums[start]
    for level in range(levels):
        parent = get_slot(c, _cont.off[9]) if fits(&_cont, c) else c.parent
        if parent is None:
            break
        c = containers[parent]
        if story is not None and c.id <= story.id < c.id_end and holds_other_story(c):
            break  # the next stories of an infinite-scroll page, each an <article> with its <h1>
        direct = fits(&_cont, c)
        start = get_slot(c, _cont.off[0]) if direct else c.start
        end = get_slot(c, _cont.off[1]) if direct else c.end
        extra = (<double>prose_sums[end] - <double>prose_sums[start]) - base
        if extra >= share * base:
            chars = <Py_ssize_t>char_sums[end] - <Py_ssize_t>char_sums[start]
            if ((<double>(<Py_ssize_t>link_sums[end] - <Py_ssize_t>link_sums[start]) / <double>chars
                    if chars else 0.0) <= max_density):
                best = c
    return best


def promo_pitch(list kept, Py_ssize_t end, Py_ssize_t reach, double max_weight, double trail_weight,
                double share, dict promos, object promo_line):
    """edges._promo_pitch: the position of a call to action (``promo_line`` of its text,
    remembered in ``promos`` by position as edges._is_promo does) among the last ``reach``
    blocks before ``end``, each under ``max_weight`` words, not a heading's name (a heading
    under ``trail_weight`` words), when the blocks before it weigh at least ``share`` times
    the tail from it (summed as _weight_below sums them); else None."""
    cdef Py_ssize_t j = end - 1, stop = end - 1 - reach, k
    cdef double tail = 0.0, weight, article, before
    cdef bint direct
    if stop < -1:
        stop = -1
    if j > stop:
        read_layout(&_sel, type(kept[j]), _SEL_SLOTS)
    while j > stop:
        b = kept[j]
        direct = fits(&_sel, b)
        weight = get_slot(b, _sel.off[1]) if direct else b.weight
        if weight >= max_weight:
            return None
        tail += weight
        if not ((get_slot(b, _sel.off[4]) if direct else b.heading) and weight < trail_weight):
            hit = promos.get(j)
            if hit is None:
                hit = promos[j] = promo_line(get_slot(b, _sel.off[3]) if direct else b.text)
            if hit:
                article = share * tail
                before = 0.0
                for k in range(j):
                    b = kept[k]
                    before += <double>(get_slot(b, _sel.off[1]) if fits(&_sel, b) else b.weight)
                    if before >= article:
                        break
                return j if before >= article else None
        j -= 1
    return None


def into_article(list blocks, list containers, top, Py_ssize_t levels, double long_weight, double extra_share):
    """widen._into_article: the ``<article>`` at most ``levels`` up from ``top`` when what it
    adds comes before ``top``, holds no link text and no block in a boilerplate box, holds a
    block of ``long_weight`` words and weighs at most ``extra_share`` times ``top`` (the
    weights summed in order, as ``sum`` adds floats); else ``top``."""
    cdef Py_ssize_t level, a, b_end, t_start, t_end, i
    cdef double most, added, body, w
    cdef bint direct
    c = top
    read_layout(&_cont, type(top), _CONTAINER_SLOTS)
    for level in range(levels):
        direct = fits(&_cont, c)
        parent = get_slot(c, _cont.off[9]) if direct else c.parent
        if (get_slot(c, _cont.off[2]) if direct else c.tag) == "article" or parent is None:
            break
        c = containers[parent]
    if c is top or (get_slot(c, _cont.off[2]) if fits(&_cont, c) else c.tag) != "article":
        return top
    direct = fits(&_cont, c)
    a = get_slot(c, _cont.off[0]) if direct else c.start
    b_end = get_slot(c, _cont.off[1]) if direct else c.end
    direct = fits(&_cont, top)
    t_start = get_slot(top, _cont.off[0]) if direct else top.start
    t_end = get_slot(top, _cont.off[1]) if direct else top.end
    if t_end < b_end or a >= t_start:  # (nothing added before top: blocks[a:t_start] is empty)
        return top
    read_layout(&_sel, type(blocks[a]), _SEL_SLOTS)
    for i in range(a, t_start):
        b = blocks[i]
        direct = fits(&_sel, b)
        if (get_slot(b, _sel.off[6]) if direct else b.link_chars) or \
                (get_slot(b, _sel.off[11]) if direct else b.boiler) is not None:
            return top
    most = added = 0.0
    for i in range(a, t_start):
        b = blocks[i]
        w = get_slot(b, _sel.off[1]) if fits(&_sel, b) else b.weight
        if i == a or w > most:
            most = w
        added += w
    if most < long_weight:
        return top
    body = 0.0
    for i in range(t_start, t_end):
        b = blocks[i]
        body += <double>(get_slot(b, _sel.off[1]) if fits(&_sel, b) else b.weight)
    return top if added > extra_share * body else c


def innermost_list(b, list containers):
    """lists._innermost_list: the id of the innermost ``<ul>``/``<ol>`` around block ``b``
    when only ``<li>``, ``<p>``, ``<div>`` or ``<span>`` boxes lie between; else None."""
    cdef tuple chain
    cdef Py_ssize_t k
    cdef int kind
    if fits(&_sel, b):
        chain = <tuple>get_slot(b, _sel.off[10])
    else:
        chain = b.chain
    for k in range(len(chain) - 1, -1, -1):
        cid = chain[k]
        c = containers[cid]
        kind = _list_tag(get_slot(c, _cont.off[2]) if fits(&_cont, c) else c.tag)
        if kind == LIST_BOX:
            return cid
        if kind != LIST_PATH:
            return None
    return None


def holds_other_story(list blocks, list containers, list h1s, story, c):
    """widen._holds_other_story(seg, story, c) (``h1s``: the <h1> blocks' indexes, in
    order): an <article> below ``c``, around one of its <h1> blocks, that neither holds
    ``story`` nor lies in it."""
    cdef Py_ssize_t c_id = c.id, c_end = c.id_end, story_id = story.id, story_end = story.id_end
    cdef Py_ssize_t lo = bisect_left(h1s, c.start), hi = bisect_left(h1s, c.end), j, k_id
    cdef tuple chain
    for j in range(lo, hi):
        b = blocks[h1s[j]]
        chain = <tuple>(get_slot(b, _sel.off[10]) if fits(&_sel, b) else b.chain)
        k = containers[chain[len(chain) - 1]] if chain else c
        while k is not c:
            k_id = k.id
            if not (c_id <= k_id < c_end):
                break
            if k.tag == "article" and not k_id <= story_id < k.id_end and not story_id <= k_id < story_end:
                return True
            k = containers[k.parent]
    return False
