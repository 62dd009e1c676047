# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The page-type classifier's sums over the Block-List, in C, straight from the segmentation
(:func:`maintext.pagetype.classifier.view_features`): the same per-block text, chars,
weight, link characters and links as :func:`maintext.html.blocklist.block_list` (its C twin
``_blocks.view_blocks``), then the loops of ``classifier._block_totals``,
``blockregion.select_blocks`` and ``features._structure_counts`` over C arrays, without one
``Block`` object (the region selection: ``maintext/html/_blockregion.pxd``). Every float is summed in the order of the Python loops (``sum()`` of floats
as the running interpreter does it), so the features are the same doubles; the Python code
stays the reference and the fallback (``MAINTEXT_NATIVE=0``), and
``tests/pagetype/test_totals_native.py`` checks both agree.

The tag sets are the Python modules': ``p``; ``h2``..``h6`` (classifier._SUBHEADINGS);
``h1``/``h2`` (blockregion.HEADLINE_TAGS); ``h1``..``h6`` (features._HEADINGS)."""

from cpython.object cimport PyObject
from libc.math cimport exp, fabs, log, log1p, rint
from libc.stdlib cimport calloc, free
from libc.string cimport memcmp, memset
from maintext.html._blockregion cimport (
    T_ARTICLE, T_FORM, T_H1, T_H2, T_H6, T_OTHER, T_P, Blk, FSum, Region, _add, _region, _value)
from maintext.html._slots cimport Layout, fits, get_slot, read_layout

_TAG_CODES = {"p": T_P, "h1": T_H1, "h2": T_H2, "h3": 4, "h4": 5, "h5": 6, "h6": T_H6, "article": T_ARTICLE,
              "form": T_FORM}

cdef extern from "Python.h":
    int PyUnicode_KIND(object s)
    void* PyUnicode_DATA(object s)
    ctypedef unsigned short Py_UCS2


# \w of re (str.isalnum() or "_") for the code points below 256, which hold no CJK
# character: textutil.text_weight of a Latin-1 text is its number of runs of these
cdef unsigned char _word_byte[256]
for _i in range(256):
    _word_byte[_i] = chr(_i).isalnum() or _i == 95

cdef inline unsigned char _word_char(unsigned char c) noexcept nogil:
    """``_word_byte[c]`` computed, without a table (so that the loop below becomes vector
    steps): ASCII letters and digits, "_", and the Latin-1 letters and numbers (ª ² ³ µ ¹ º
    ¼ ½ ¾ and À to ÿ but × and ÷); tests/pagetype/test_totals_native.py checks all 256."""
    return ((<unsigned char>(c - 48) < 10) | (<unsigned char>((c | 32) - 97) < 26) | (c == 95)
            | ((c >= 0xC0) & (c != 0xD7) & (c != 0xF7))
            | (c == 0xAA) | (<unsigned char>(c - 0xB2) < 2) | (c == 0xB5) | (<unsigned char>(c - 0xB9) < 2)
            | (<unsigned char>(c - 0xBC) < 3))


def word_char(int c):
    """:func:`_word_char` (for tests: it agrees with ``_word_byte``)."""
    return bool(_word_char(<unsigned char>c)), bool(_word_byte[<unsigned char>c])


def latin1_counts(str text):
    """(spaces, word-character runs) of a one-byte ``text`` by :func:`_spaces_and_tokens`
    (for tests), else None."""
    cdef Py_ssize_t tokens = 0, spaces
    if PyUnicode_KIND(text) != 1:
        return None
    spaces = _spaces_and_tokens(<const unsigned char*>PyUnicode_DATA(text), len(text), &tokens)
    return spaces, tokens


cdef Py_ssize_t _spaces_and_tokens(const unsigned char* b, Py_ssize_t n, Py_ssize_t* tokens) noexcept:
    """The spaces of a Latin-1 text (``text.count(' ')``), with its word-character runs
    added to ``tokens`` in the same pass. A run starts at a word character whose previous
    character is none (each character's test made from its own byte and the one before, no
    state carried: vector steps), counted in blocks of 255 (byte-wide sums cannot overflow)."""
    cdef Py_ssize_t i = 1, j, m, whole, spaces, runs
    cdef unsigned char s_sum, r_sum
    if n <= 0:
        return 0
    spaces = b[0] == 32
    runs = _word_char(b[0])
    while i < n:
        m = min(n - i, 255)
        whole = m & ~15  # (the vector steps' characters; the last few read from the table)
        s_sum = r_sum = 0
        for j in range(i, i + whole):
            s_sum += b[j] == 32
            r_sum += _word_char(b[j]) & (_word_char(b[j - 1]) ^ 1)
        for j in range(i + whole, i + m):
            s_sum += b[j] == 32
            r_sum += _word_byte[b[j]] & (_word_byte[b[j - 1]] ^ 1)
        spaces += s_sum
        runs += r_sum
        i += m
    tokens[0] += runs
    return spaces


# textutil.text_weight of a wider text: its CJK characters and ``\w`` tokens (textutil._TOKEN:
# a CJK word character alone, other word characters in runs), each character's class read
# from html/_charclass.pxi's table (this module's own copy, set from the ranges page_totals
# is given)
include "../html/_charclass.pxi"

cdef object _cjk_set = None  # the ranges the table was made of


cdef int _use_cjk_ranges(tuple ranges) except -1:
    """Set the CJK table from ``ranges`` (textutil._CJK_RANGES, sorted) unless it was set
    from that tuple already."""
    global _cjk_set
    if ranges is _cjk_set:
        return 0
    if len(ranges) > 64:
        raise ValueError("at most 64 CJK ranges")
    _set_cjk_table(ranges)
    _cjk_set = ranges
    return 0


ctypedef fused wide_char:
    Py_UCS2
    Py_UCS4


cdef Py_ssize_t _wide_counts(const wide_char* p, Py_ssize_t n, Py_ssize_t* tokens, Py_ssize_t* cjk) noexcept nogil:
    """The spaces of a two- or four-byte text, its ``\w`` tokens and CJK characters added to
    ``tokens`` and ``cjk`` (as html/_chars.pxi's ``_weight_wide`` counts them; a space ends
    a token, so the counts of a block's runs add up to those of their joined text)."""
    cdef Py_ssize_t i, spaces = 0, found = 0, han = 0
    cdef bint in_run = False, word
    cdef unsigned char k
    cdef Py_UCS4 c
    for i in range(n):
        c = p[i]
        if c < 256:  # (most characters of a wide text: as _spaces_and_tokens, no branch)
            spaces += c == 32
            word = _word_byte[c]
            found += word and not in_run
            in_run = word
            continue
        k = _char_class(c)
        if k & C_CJK:
            han += 1
            found += k & C_WORD
            in_run = False
        elif k & C_WORD:
            if not in_run:
                found += 1
                in_run = True
        else:
            in_run = False
    tokens[0] += found
    cjk[0] += han
    return spaces


# the slots read of segmentation.Block (runs) and segmentation.Container
_RUN_FIELDS = ("chain", "text", "marked", "link_chars")
_CONTAINER_FIELDS = ("id_end", "tag", "parent", "boiler")
cdef Layout _run, _cont  # the slot offsets of the run and container classes


cdef _layout(list runs, list containers):
    """Read the slot offsets of the run and container classes once per class."""
    if runs:
        read_layout(&_run, type(runs[0]), _RUN_FIELDS)
    if containers:
        read_layout(&_cont, type(containers[0]), _CONTAINER_FIELDS)


cdef int _tag_code(const unsigned char* s, Py_ssize_t n) noexcept:
    """``_TAG_CODES.get(tag, T_OTHER)`` of a one-byte tag name ``s[:n]``, read off its letters
    (no dict lookup a container)."""
    if n == 1:
        return T_P if s[0] == 112 else T_OTHER  # "p"
    if n == 2:  # "h1".."h6": T_H1..T_H6 in order
        return T_H1 + (s[1] - 49) if s[0] == 104 and 49 <= s[1] <= 54 else T_OTHER
    if n == 4:
        return T_FORM if memcmp(s, b"form", 4) == 0 else T_OTHER
    if n == 7:
        return T_ARTICLE if memcmp(s, b"article", 7) == 0 else T_OTHER
    return T_OTHER


def tag_code(str tag):
    """:func:`_tag_code` of ``tag`` (for tests: it agrees with ``_TAG_CODES``)."""
    if PyUnicode_KIND(tag) != 1:
        return None
    return _tag_code(<const unsigned char*>PyUnicode_DATA(tag), len(tag))


cdef int _is_comments(object boiler) except -1:
    """``boiler == "comments"``, a str read off its letters (another object compared)."""
    if type(boiler) is str:
        return (PyUnicode_KIND(boiler) == 1 and len(<str>boiler) == 8
                and memcmp(PyUnicode_DATA(boiler), b"comments", 8) == 0)
    return 1 if boiler == "comments" else 0


cdef tuple _containers(Blk* blk, Py_ssize_t n, list containers):
    """Parent, depth, end, comment flag and tag code of each block (block ``k`` is container
    ``k - 1``; block 0, the root, holds the text outside any container); the numbers of
    ``p``, ``article``, ``h1`` and ``form`` containers (blocklist._COUNTED_TAGS)."""
    cdef Py_ssize_t k = 0, p
    cdef Py_ssize_t counts[T_FORM + 1]
    cdef int t
    cdef dict codes = _TAG_CODES
    for t in range(T_FORM + 1):
        counts[t] = 0
    blk[0].parent = -1
    blk[0].end = n - 1
    for c in containers:
        k += 1
        if fits(&_cont, c):
            id_end, tag, parent, boiler = (get_slot(c, _cont.off[0]), get_slot(c, _cont.off[1]), get_slot(c, _cont.off[2]),
                                           get_slot(c, _cont.off[3]))
        else:
            id_end, tag, parent, boiler = c.id_end, c.tag, c.parent, c.boiler
        p = (<Py_ssize_t>parent) + 1 if parent is not None else 0
        blk[k].parent = p
        blk[k].depth = blk[p].depth + 1
        blk[k].end = id_end
        blk[k].in_comments = blk[p].in_comments or (boiler is not None and _is_comments(boiler))
        if type(tag) is str and PyUnicode_KIND(tag) == 1:
            t = _tag_code(<const unsigned char*>PyUnicode_DATA(tag), len(<str>tag))
        else:
            code = codes.get(tag)
            t = T_OTHER if code is None else <int>code
        blk[k].tag = t
        counts[t] += 1
    return counts[T_P], counts[T_ARTICLE], counts[T_H1], counts[T_FORM]


cdef tuple _fill(Blk* blk, Py_ssize_t n, list runs, list containers, list anchors, int mark_br):
    """The blocks' fields (as ``_blocks.view_blocks`` sets them); (the text of the first
    ``h1`` holding text or "", the tag counts of :func:`_containers`).

    A block's text is its runs' texts joined by single spaces, where view_blocks has each
    ``<br>`` run's lines joined by newlines: the same words between other whitespace, so the
    same non-space characters and the same weight (whitespace only ends a word); only
    the h1's text is rebuilt with its lines (:func:`_lined_text`). The weight
    (textutil.text_weight of the joined text) is counted run by run: a space ends a
    token, so the tokens and CJK characters of the runs add up to the joined text's (no
    Latin-1 character is CJK); no block's text is joined to be weighed."""
    cdef Py_ssize_t k, i, length, lc, spaces, n_runs = len(runs)
    cdef int kind
    cdef Py_ssize_t* tokens = <Py_ssize_t*>calloc(n, sizeof(Py_ssize_t))
    cdef Py_ssize_t* cjk = <Py_ssize_t*>calloc(n, sizeof(Py_ssize_t))  # the block's CJK characters
    cdef Py_ssize_t* first = <Py_ssize_t*>calloc(n, sizeof(Py_ssize_t))  # of each block: run index + 1
    cdef Py_ssize_t* last = <Py_ssize_t*>calloc(n, sizeof(Py_ssize_t))
    cdef Py_ssize_t* after = <Py_ssize_t*>calloc(n_runs + 1, sizeof(Py_ssize_t))  # the block's next run + 1
    cdef str text
    cdef tuple chain
    cdef object h1 = ""
    cdef bint no_h1 = True, is_h1
    try:
        if tokens is NULL or cjk is NULL or first is NULL or last is NULL or after is NULL:
            raise MemoryError()
        _layout(runs, containers)
        counts = _containers(blk, n, containers)
        i = 0
        for run in runs:
            if fits(&_run, run):
                chain, text, marked, lc = (get_slot(run, _run.off[0]), get_slot(run, _run.off[1]),
                                           get_slot(run, _run.off[2]), get_slot(run, _run.off[3]))
            else:
                chain, text, marked, lc = run.chain, run.text, run.marked, run.link_chars
            k = (<Py_ssize_t>chain[len(chain) - 1]) + 1 if chain else 0
            length = len(text)
            kind = PyUnicode_KIND(text)
            if kind == 1:
                spaces = _spaces_and_tokens(<const unsigned char*>PyUnicode_DATA(text), length, &tokens[k])
            elif kind == 2:
                spaces = _wide_counts(<const Py_UCS2*>PyUnicode_DATA(text), length, &tokens[k], &cjk[k])
            else:
                spaces = _wide_counts(<const Py_UCS4*>PyUnicode_DATA(text), length, &tokens[k], &cjk[k])
            blk[k].chars += length - spaces  # the text is whitespace-collapsed: single spaces
            if (<int>marked) & mark_br:
                blk[k].has_br = True
            i += 1
            if first[k]:
                after[last[k]] = i
            else:
                first[k] = i
            last[k] = i
            if lc and length:  # round(lc * non-space / length), as view_blocks
                blk[k].link_chars += <Py_ssize_t>rint((<double>(lc * (length - spaces))) / (<double>length))
        for index, _el in anchors:
            i = index
            if i < n_runs:
                chain = (<object>runs[i]).chain
                if chain:
                    blk[(<Py_ssize_t>chain[len(chain) - 1]) + 1].links += 1
        for i in range(n):
            if not blk[i].chars:
                continue
            if blk[i].link_chars > blk[i].chars:
                blk[i].link_chars = blk[i].chars
            is_h1 = no_h1 and blk[i].tag == T_H1
            text = _joined_text(runs, first[i], after) if is_h1 and not blk[i].has_br else None
            # (_weight_wide's sum; tokens alone without CJK, as _weight_ucs1's)
            blk[i].weight = (<double>(tokens[i] - cjk[i]) + <double>cjk[i] / 1.7) if cjk[i] else <double>tokens[i]
            blk[i].density = (<double>blk[i].link_chars) / (<double>blk[i].chars)
            if is_h1:
                h1, no_h1 = _lined_text(runs, i, mark_br) if blk[i].has_br else text, False
        return h1, counts
    finally:
        free(tokens)
        free(cjk)
        free(first)
        free(last)
        free(after)


cdef str _joined_text(list runs, Py_ssize_t r, Py_ssize_t* after):
    """The texts of the runs of a block joined by single spaces: its runs are run ``r - 1``
    and those ``after`` links from it."""
    cdef str text = _run_text(runs[r - 1])
    cdef list pieces
    if not after[r]:
        return text
    pieces = [text]
    r = after[r]
    while r:
        pieces.append(_run_text(runs[r - 1]))
        r = after[r]
    return " ".join(pieces)


cdef inline str _run_text(object run):
    return <str>get_slot(run, _run.off[1]) if fits(&_run, run) else run.text


cdef str _lined_text(list runs, Py_ssize_t k, int mark_br):
    """The text view_blocks gives block ``k``: its runs' texts, a ``<br>`` run's lines
    joined by newlines, joined by spaces."""
    cdef list pieces = []
    cdef tuple chain
    for run in runs:
        chain = run.chain
        if ((<Py_ssize_t>chain[len(chain) - 1]) + 1 if chain else 0) == k:
            pieces.append("\n".join(run.lines()) if (<int>run.marked) & mark_br else run.text)
    return " ".join(pieces)


cdef struct Group:  # the teasers of one (parent, tag) sibling group
    PyObject* tag  # (borrowed: the container's, alive while the containers are)
    Py_ssize_t count
    Py_ssize_t next  # the parent's next group + 1, 0 after its last


cdef object _block_tag(list containers, Py_ssize_t i):
    """The tag of block ``i`` (container ``i - 1``; "#root" for block 0)."""
    if not i:
        return "#root"
    c = containers[i - 1]
    return get_slot(c, _cont.off[1]) if fits(&_cont, c) else c.tag


cdef Py_ssize_t _count_teaser(Group* groups, Py_ssize_t* used, Py_ssize_t* by_parent, Py_ssize_t parent,
                              object tag) except -1:
    """Count a teaser in its (parent, tag) group, the key ``_block_totals``' dict has (the
    tags compared as a dict compares them: the same object, else ``==``); its new count.
    ``by_parent[parent + 1]``: the parent's first group + 1."""
    cdef Py_ssize_t g = by_parent[parent + 1]
    while g:
        other = <object>groups[g - 1].tag
        if other is tag or other == tag:
            groups[g - 1].count += 1
            return groups[g - 1].count
        g = groups[g - 1].next
    g = used[0]
    used[0] += 1
    groups[g].tag = <PyObject*>tag
    groups[g].count = 1
    groups[g].next = by_parent[parent + 1]
    by_parent[parent + 1] = g + 1
    return 1


cdef tuple _totals(Blk* blk, Py_ssize_t n, Py_ssize_t* tb, Py_ssize_t m, tuple bins, tuple consts, list containers,
                   double long_words, double max_density, double* by_parent):
    """``classifier._block_totals`` (the maxima of its two dicts in place of the dicts; the
    teaser groups in C arrays, a list of (tag, count) per parent)."""
    cdef Py_ssize_t counts[65]  # (at most 64 bins: _sum_blocks checks)
    cdef Group* groups = <Group*>calloc(m, sizeof(Group))
    cdef Py_ssize_t* group_of = <Py_ssize_t*>calloc(n + 1, sizeof(Py_ssize_t))  # by parent + 1
    if groups is NULL or group_of is NULL:
        free(groups)
        free(group_of)
        raise MemoryError()
    try:
        return _sum_blocks(blk, tb, m, bins, consts, containers, long_words, max_density, by_parent, groups,
                           group_of, counts)
    finally:
        free(groups)
        free(group_of)


cdef tuple _sum_blocks(Blk* blk, Py_ssize_t* tb, Py_ssize_t m, tuple bins, tuple consts, list containers,
                       double long_words, double max_density, double* by_parent, Group* groups,
                       Py_ssize_t* group_of, Py_ssize_t* counts):
    """The loop of :func:`_totals` (``counts``: room for the length classes)."""
    cdef double linked = consts[0], teaser_density = consts[1], teaser_words = consts[2]
    cdef double prose_words = consts[3], prose_density = consts[4]
    cdef double bounds[64]
    cdef Py_ssize_t nb = len(bins), j, i, q, chars = 0, link_chars = 0, linky = 0, n_cores = 0
    cdef Py_ssize_t heads = 0, linked_heads = 0, max_group = 0, g, used = 0
    cdef double total = 0.0, core_weight = 0.0, max_weight = 0.0, teaser_weight = 0.0, best_prose = 0.0
    cdef double w, d
    cdef Blk* b
    if nb > 64:
        raise ValueError("at most 64 length bins")
    for j in range(nb + 1):
        counts[j] = 0
    for j in range(nb):
        bounds[j] = bins[j]
    for q in range(m):
        i = tb[q]
        b = &blk[i]
        w, d = b.weight, b.density
        j = 0
        while j < nb and bounds[j] < w:  # bisect_left(bins, w)
            j += 1
        counts[j] += 1
        if T_H2 <= b.tag <= T_H6:
            heads += 1
            linked_heads += d >= linked
        if b.links and d >= teaser_density and w <= teaser_words:
            g = _count_teaser(groups, &used, group_of, b.parent, _block_tag(containers, i))
            if g > max_group:
                max_group = g
            teaser_weight += w
        elif b.tag == T_P and w >= prose_words and d <= prose_density:
            by_parent[b.parent] += w
            if by_parent[b.parent] > best_prose:
                best_prose = by_parent[b.parent]
        total += w
        chars += b.chars
        link_chars += b.link_chars
        if w > max_weight:
            max_weight = w
        if d > 0.5:
            linky += 1
        if w >= long_words and d <= max_density:
            n_cores += 1
            core_weight += w
    return (total, chars, link_chars, linky, n_cores, core_weight, max_weight, heads, linked_heads,
            max_group, teaser_weight, best_prose, [counts[j] for j in range(nb + 1)])


cdef tuple _structure(Blk* blk, Py_ssize_t n, Py_ssize_t* tb, Py_ssize_t m, tuple consts, object h1):
    """``features._structure_counts``: (total, paragraphs of the largest prose run, prose
    words, parents and paragraphs, words after the run, long paragraphs, link-dense words,
    headings, the first h1's text)."""
    cdef double prose_words = consts[0], prose_density = consts[1], long_words = consts[2]
    cdef double long_density = consts[3], linky = consts[4]
    cdef double* weight = <double*>calloc(n, sizeof(double))
    cdef Py_ssize_t* order = <Py_ssize_t*>calloc(3 * n, sizeof(Py_ssize_t))
    cdef Py_ssize_t* count = order + n
    cdef Py_ssize_t* last = order + 2 * n
    cdef char* seen = <char*>calloc(n, 1)
    cdef Py_ssize_t q, i, p, parents = 0, paras = 0, headings = 0, best = -1, run_last = -1
    cdef double long_paras = 0.0, linky_weight = 0.0, total, after
    cdef FSum s_total, s_prose, s_after
    cdef Blk* b
    try:
        if weight is NULL or order is NULL or seen is NULL:
            raise MemoryError()
        s_total.s = s_total.c = s_prose.s = s_prose.c = s_after.s = s_after.c = 0.0
        for q in range(m):
            i = tb[q]
            b = &blk[i]
            _add(&s_total, b.weight)
            if b.tag == T_P and b.weight >= prose_words and <double>b.link_chars <= prose_density * b.chars:
                p = b.parent
                if not seen[p]:
                    seen[p] = 1
                    order[parents] = p
                    parents += 1
                weight[p] += b.weight
                count[p] += 1
                last[p] = i
            if b.weight >= long_words and b.density <= long_density:
                long_paras += 1
            if b.density >= linky:
                linky_weight += b.weight
            if T_H1 <= b.tag <= T_H6:
                headings += 1
        total = _value(&s_total) or 1.0
        for q in range(parents):
            p = order[q]
            _add(&s_prose, weight[p])
            paras += count[p]
            if best < 0 or weight[p] > weight[best]:
                best = p
        if best >= 0:
            run_last = last[best]
            for q in range(m):
                if tb[q] > run_last:
                    _add(&s_after, blk[tb[q]].weight)
            after = _value(&s_after)
        else:
            after = total
        return (total, count[best] if best >= 0 else 0, _value(&s_prose), parents, paras, after,
                long_paras, linky_weight, headings, h1)
    finally:
        free(weight)
        free(order)
        free(seen)


def page_totals(list runs, list containers, list anchors, tuple cjk_ranges, int mark_br, tuple bins,
                object opts, tuple totals_consts, tuple structure_consts):
    """(the counts of ``p``, ``article``, ``h1`` and ``form`` containers, then None when no
    block holds text, else (``_block_totals``'s figures, (weight, blocks) of the selected
    region, ``_structure_counts``'s figures)) of the Block-List view of the
    segmentation (``runs``, ``containers``, ``anchors``: its blocks, containers, anchors;
    ``cjk_ranges``: textutil._CJK_RANGES, which the weights count as text_weight does;
    ``opts``: the BlockListOptions of the region selection)."""
    cdef Py_ssize_t n = len(containers) + 1, m = 0, i
    cdef Blk* blk = <Blk*>calloc(n, sizeof(Blk))
    cdef Py_ssize_t* tb = <Py_ssize_t*>calloc(n, sizeof(Py_ssize_t))
    cdef double* by_parent = <double*>calloc(n, sizeof(double))
    cdef Region o
    try:
        if blk is NULL or tb is NULL or by_parent is NULL:
            raise MemoryError()
        _use_cjk_ranges(cjk_ranges)
        h1, counts = _fill(blk, n, runs, containers, anchors, mark_br)
        for i in range(n):
            if blk[i].chars:
                tb[m] = i
                m += 1
        if not m:
            return counts, None
        o.long_words, o.max_density = opts.long_block_words, opts.max_link_density
        o.gshare, o.rival_share = opts.grandparent_share, opts.rival_share
        o.max_gap, o.min_chars = opts.max_gap_blocks, opts.min_block_chars
        o.max_rivals, o.lookback = opts.max_rivals, opts.headline_lookback
        o.use_container, o.skip = opts.use_container, opts.skip_comment_boxes
        return counts, (_totals(blk, n, tb, m, bins, totals_consts, containers, o.long_words, o.max_density, by_parent),
                        _region(blk, n, tb, m, &o), _structure(blk, n, tb, m, structure_consts, h1))
    finally:
        free(blk)
        free(tb)
        free(by_parent)


def logit(dict feats, list names, list means, list scales, list coefs, double intercept):
    """``z`` of :func:`maintext.pagetype.classifier.probability`: the intercept plus, feature
    by feature in the model's order, ``coef * (value - mean) / scale`` (a missing feature is
    0), the same operations in the same order on doubles."""
    cdef Py_ssize_t i, n = len(names)
    cdef double z = intercept, x
    if not (len(means) == len(scales) == len(coefs) == n):
        raise ValueError("feature, scaling and weight lengths differ")
    for i in range(n):
        value = feats.get(names[i])
        x = 0.0 if value is None else <double>value
        z += <double>coefs[i] * (x - <double>means[i]) / <double>scales[i]
    return z


cdef inline double _clamped_logit(double p) noexcept:
    """classifier._logit: the logit of ``p`` kept within [1e-9, 1 - 1e-9] (NaN kept)."""
    p = 1e-9 if p < 1e-9 else (1.0 - 1e-9 if p > 1.0 - 1e-9 else p)
    return log(p / (1.0 - p))


def decide(double z, double threshold, double a, double b):
    """classifier.decision(classifier.probability's p of the logit ``z``, ``threshold``,
    the Platt calibration ``{"a": a, "b": b}``): (answer, confidence), the same operations
    on doubles (the C library's exp and log, as math's)."""
    cdef double p, ez, margin, zc
    if z >= 0:
        p = 1.0 / (1.0 + exp(-z))
    else:
        ez = exp(z)
        p = ez / (1.0 + ez)
    margin = fabs(_clamped_logit(p) - _clamped_logit(threshold))
    zc = a * margin + b
    return p >= threshold, 1.0 / (1.0 + exp(-zc)) if zc >= -700 else 0.0


# --- the numeric features (classifier._length_features, _teaser_features and the counts'
# part of features.features_from_counts) ----------------------------------------------------

cdef inline double _ratio(object a, object b):
    """``a / b`` of two Python ints (or floats) as Python divides them: both are converted to
    doubles exactly (ints below 2**53) and divided once."""
    return (<double>a) / (<double>b)


cdef inline double _log1p(double x) noexcept:
    """``math.log1p`` (CPython keeps the sign of a zero, then calls the C library's)."""
    return x if x == 0.0 else log1p(x)


def numeric_features(tuple totals, tuple region, tuple counts, tuple dist_names):
    """The features :func:`maintext.pagetype.classifier._length_features`,
    :func:`~maintext.pagetype.classifier._teaser_features` and the block counts' part of
    :func:`maintext.pagetype.features.features_from_counts` give, from ``page_totals``'
    figures (``totals``: ``_Totals``' arguments; ``region``; ``counts``), the same doubles
    by the same operations (``dist_names``: the names of the ``d<i>`` features)."""
    cdef list dist = totals[12]
    cdef Py_ssize_t nb = len(dist), i, n_blocks = 0, weighted = 0
    cdef double total = totals[0] or 1.0, chars = totals[1] or 1, lo = 0.0, hi = 0.0, r
    cdef double heads = totals[7], linked_heads = totals[8], best_prose = totals[11]
    cdef dict feats = {}
    if len(dist_names) < nb:
        raise ValueError("a name for every length class")
    for i in range(nb):
        n_blocks += <Py_ssize_t>dist[i]
        weighted += i * <Py_ssize_t>dist[i]
    if not n_blocks:
        n_blocks = 1
    for i in range(nb):
        feats[dist_names[i]] = (<double>(<Py_ssize_t>dist[i])) / n_blocks
    # blocklist.dev and ratio_spread
    feats["dev"] = 0.0 if nb < 2 or not sum(dist) else (<double>weighted) / (<double>((nb - 1) * sum(dist)))
    for i in range(nb - 1):
        r = log((<double>(<Py_ssize_t>dist[i + 1] + 1)) / (<double>(<Py_ssize_t>dist[i] + 1)))
        if i == 0 or r > hi:
            hi = r
        if i == 0 or r < lo:
            lo = r
    feats["ratio_spread"] = hi - lo if nb >= 2 else 0.0
    feats["log_words"] = _log1p(total)
    feats["link_density"] = (<double>totals[2]) / chars
    feats["core_share"] = (<double>totals[5]) / total
    feats["region_share"] = (<double>region[0]) / total
    feats["log_region_words"] = _log1p(region[0])
    feats["log_region_blocks"] = _log1p(region[1])
    feats["log_cores"] = _log1p(totals[4])
    feats["log_max_block"] = _log1p(totals[6])
    feats["linky_blocks"] = (<double>totals[3]) / n_blocks
    feats["log_linked_heads"] = _log1p(linked_heads)
    feats["linked_head_share"] = linked_heads / heads if heads else 0.0
    feats["log_repeated_links"] = _log1p(totals[9])
    feats["teaser_share"] = (<double>totals[10]) / total
    feats["prun_share"] = best_prose / total
    feats["log_prun"] = _log1p(best_prose)
    c_total, run_count, prose_words, prose_parents, prose_paras, after, long_paras, linky_weight, headings = counts[:9]
    feats["log_run_paras"] = _log1p(run_count)
    feats["log_long_paras"] = _log1p(long_paras)
    feats["log_prose_words"] = _log1p(prose_words)
    feats["prose_parent_ratio"] = _ratio(prose_parents, prose_paras) if prose_paras else 1.0
    feats["after_run_share"] = _ratio(after, c_total)
    feats["linky_text_share"] = _ratio(linky_weight, c_total)
    r = (100.0 * <double>headings) / <double>c_total
    feats["heads_per_100w"] = r if r < 10.0 else 10.0
    return feats


def signal_features(dict feats, sig, double total, tuple suffixes, listing, og_article):
    """:func:`maintext.pagetype.classifier._signal_features` written into ``feats``: the same
    doubles in the same order, from the page signals ``sig`` (``suffixes``, ``listing`` and
    ``og_article``: its ``_LD_ARTICLE_SUFFIXES``, ``_LD_LISTING`` and ``_OG_ARTICLE``)."""
    cdef double anchors = sig.anchors, images = sig.images, r
    cdef bint ld_article = False, ld_listing = False
    ld_types = sig.ld_types
    if ld_types:
        for t in ld_types:
            if t.endswith(suffixes):
                ld_article = True
                break
        ld_listing = not listing.isdisjoint(ld_types)
    og_type = sig.og_type
    article_tags = sig.article_tags
    feats["log_anchors"] = _log1p(anchors)
    r = 100.0 * anchors / total
    feats["anchors_per_100w"] = r if r < 20.0 else 20.0  # (min(20.0, r))
    feats["og_article"] = 0.0 if not og_type else (1.0 if og_type in og_article else -1.0)
    feats["ld_article"] = 1.0 if ld_article else 0.0
    feats["ld_listing"] = 1.0 if ld_listing else 0.0
    feats["article_one"] = 1.0 if article_tags == 1 else 0.0
    feats["log_article_tags"] = _log1p(article_tags)
    feats["log_paragraphs"] = _log1p(sig.paragraphs)
    feats["h1_one"] = 1.0 if sig.h1 == 1 else 0.0
    feats["log_images"] = _log1p(images)
    r = 100.0 * images / total
    feats["images_per_100w"] = r if r < 20.0 else 20.0
    return feats


include "_url.pxi"
