# cython: language_level=3
# The region selection of maintext/html/blockregion.py (select_blocks: core blocks, the
# container they vote for with its rivals, runs of cores, the headline before) over C arrays
# of Block-List blocks, for maintext/pagetype/_totals.pyx (the page-type classifier's sums):
# inline functions, as _slots.pxd. The floats are summed in the Python code's order, with
# builtins.sum's rule for sum() (FSum), so the figures are the same doubles.

from libc.math cimport fabs, isfinite
from libc.stdlib cimport calloc, free

cdef extern from "Python.h":
    int PY_VERSION_HEX  # of the Python this is compiled for

# builtins.sum of floats: a plain running sum before Python 3.12, Neumaier's compensated sum
# since (PY_VERSION_HEX >= 0x030C0000, a constant of the build)

cdef struct FSum:
    double s
    double c


cdef inline void _add(FSum* a, double x) noexcept:
    cdef double t
    if PY_VERSION_HEX >= 0x030C0000:
        t = a.s + x
        if fabs(a.s) >= fabs(x):
            a.c += (a.s - t) + x
        else:
            a.c += (x - t) + a.s
        a.s = t
    else:
        a.s += x


cdef inline double _value(FSum* a) noexcept:
    if PY_VERSION_HEX >= 0x030C0000 and a.c != 0.0 and isfinite(a.c):
        return a.s + a.c
    return a.s


cdef enum:
    T_OTHER = 0
    T_P = 1
    T_H1 = 2
    T_H2 = 3
    T_H6 = 7
    T_ARTICLE = 8
    T_FORM = 9


cdef struct Blk:
    Py_ssize_t parent  # block index of the enclosing block, -1 for the root
    Py_ssize_t depth
    Py_ssize_t end  # index of the last block inside
    Py_ssize_t chars
    Py_ssize_t link_chars
    Py_ssize_t links
    double weight
    double density  # link_chars / chars (0 without text)
    int tag
    bint in_comments
    bint has_br  # a run of the block holds a <br>


cdef struct Region:  # BlockListOptions, read once
    double long_words, max_density, gshare, rival_share
    double max_gap, min_chars  # compared with counts (any number, as in Python)
    Py_ssize_t max_rivals, lookback
    bint use_container, skip


cdef inline bint _core(Blk* b, Region* o, bint skip) noexcept:
    return b.weight >= o.long_words and b.density <= o.max_density and not (b.in_comments and skip)


cdef inline bint _content(Blk* b, Region* o, bint skip) noexcept:
    return b.chars >= 1 and b.density <= o.max_density and not (b.in_comments and skip)


cdef struct Rival:
    double score
    Py_ssize_t pos  # order of first vote (the dict's insertion order)
    Py_ssize_t index


cdef inline int _by_score(const void* a, const void* b) noexcept nogil:
    """Score descending, then first voted first: ``sorted(key=-score)`` of a dict's keys."""
    cdef const Rival* x = <const Rival*>a
    cdef const Rival* y = <const Rival*>b
    if x.score != y.score:
        return -1 if x.score > y.score else 1
    return -1 if x.pos < y.pos else (1 if x.pos > y.pos else 0)


cdef extern from "stdlib.h":
    void qsort(void* base, size_t n, size_t size, int (*cmp)(const void*, const void*) noexcept nogil) nogil


cdef inline void _vote(Py_ssize_t k, double w, double* score, Py_ssize_t* order, Py_ssize_t* count,
                       char* seen) noexcept:
    if not seen[k]:
        seen[k] = 1
        score[k] = 0.0
        order[count[0]] = k
        count[0] += 1
    score[k] += w


cdef inline Py_ssize_t _common_ancestor(Blk* blk, Py_ssize_t a, Py_ssize_t b) noexcept:
    while blk[a].depth > blk[b].depth:
        a = blk[a].parent
    while blk[b].depth > blk[a].depth:
        b = blk[b].parent
    while a != b:
        a, b = blk[a].parent, blk[b].parent
    return a


cdef inline Py_ssize_t _main_container(Blk* blk, Py_ssize_t n, Py_ssize_t* tb, Py_ssize_t m, Region* o,
                                bint skip) except -2:
    """``blockregion.main_container``: the block index, -1 for None."""
    cdef double* score = <double*>calloc(n, sizeof(double))
    cdef Py_ssize_t* order = <Py_ssize_t*>calloc(n, sizeof(Py_ssize_t))
    cdef char* seen = <char*>calloc(n, 1)
    cdef Rival* rivals = <Rival*>calloc(n, sizeof(Rival))
    cdef Py_ssize_t count = 0, q, i, p, g, best, k, nr = 0, take, container
    cdef double bar
    try:
        if score is NULL or order is NULL or seen is NULL or rivals is NULL:
            raise MemoryError()
        for q in range(m):
            i = tb[q]
            p = blk[i].parent
            if p < 0 or not _core(&blk[i], o, skip):
                continue
            _vote(p, blk[i].weight, score, order, &count, seen)
            g = blk[p].parent
            if g >= 0 and o.gshare > 0:
                _vote(g, o.gshare * blk[i].weight, score, order, &count, seen)
        if not count:
            return -1
        best = order[0]
        for q in range(1, count):
            k = order[q]
            if score[k] > score[best] or (score[k] == score[best] and k < best):
                best = k
        bar = o.rival_share * score[best]
        for q in range(count):
            k = order[q]
            if score[k] >= bar and k != best:
                rivals[nr].score, rivals[nr].pos, rivals[nr].index = score[k], q, k
                nr += 1
        qsort(rivals, nr, sizeof(Rival), _by_score)
        take = o.max_rivals if o.max_rivals >= 0 else max(0, nr + o.max_rivals)  # [:max_rivals]
        container = best
        for q in range(min(take, nr)):
            container = _common_ancestor(blk, container, rivals[q].index)
        return container
    finally:
        free(score)
        free(order)
        free(seen)
        free(rivals)


cdef inline tuple _region(Blk* blk, Py_ssize_t n, Py_ssize_t* tb, Py_ssize_t m, Region* o):
    """(weight, blocks) of ``blockregion.select_blocks``'s answer."""
    cdef bint skip = o.skip, found = False
    cdef Py_ssize_t q, i, lo = 0, hi = m, c = -1, first = -1, last = -1, prev = -1, noise, start = -1
    cdef Py_ssize_t best_start = -1, best_last = -1, chosen = 0, first_pos = 0, head = -1, stop
    cdef double v, best_v = 0.0
    cdef FSum run, best_run, out
    run.s = run.c = best_run.s = best_run.c = 0.0
    if skip:
        for q in range(m):
            if _core(&blk[tb[q]], o, True):
                found = True
                break
        skip = found  # every long block in a "comment" box: the hint misfired, ignore it
    if o.use_container:
        c = _main_container(blk, n, tb, m, o, skip)
    if c >= 0:  # the text blocks with c <= index <= end: a slice of tb
        while lo < m and tb[lo] < c:
            lo += 1
        hi = lo
        while hi < m and tb[hi] <= blk[c].end:
            hi += 1
    for q in range(lo, hi):  # main_region: runs of cores, at most max_gap non-content between
        if not _core(&blk[tb[q]], o, skip):
            continue
        if start < 0:
            start, run.s, run.c = q, 0.0, 0.0
        else:
            noise = 0
            for i in range(prev + 1, q):
                noise += not _content(&blk[tb[i]], o, skip)
            if <double>noise > o.max_gap:
                if best_start < 0 or _value(&run) > _value(&best_run):
                    best_start, best_last, best_run = start, prev, run
                start, run.s, run.c = q, 0.0, 0.0
        _add(&run, blk[tb[q]].weight)
        prev = q
    if start >= 0:
        if best_start < 0 or _value(&run) > _value(&best_run):
            best_start, best_last = start, prev
        first, last = best_start, best_last
    elif lo < hi:  # no core: the best single block, if long enough and not links
        first = lo
        best_v = blk[tb[lo]].weight * (1 - blk[tb[lo]].density)
        for q in range(lo + 1, hi):
            v = blk[tb[q]].weight * (1 - blk[tb[q]].density)
            if v > best_v:
                first, best_v = q, v
        if <double>blk[tb[first]].chars < o.min_chars or blk[tb[first]].density > o.max_density:
            return 0.0, 0
        last = first
    else:
        return 0.0, 0
    first_pos = -1
    for q in range(first, last + 1):
        if _content(&blk[tb[q]], o, skip):
            chosen += 1
            if first_pos < 0:
                first_pos = q
    if first_pos < 0:
        first_pos = 0
    stop = first_pos - 1 - o.lookback
    if stop < -1:
        stop = -1
    q = first_pos - 1
    while q > stop:  # the headline just before the region
        if T_H1 <= blk[tb[q]].tag <= T_H2 and _content(&blk[tb[q]], o, skip):
            head = q
            break
        q -= 1
    out.s, out.c = 0.0, 0.0
    if head >= 0:
        _add(&out, blk[tb[head]].weight)
    for q in range(first, last + 1):
        if _content(&blk[tb[q]], o, skip):
            _add(&out, blk[tb[q]].weight)
    return _value(&out), chosen + (head >= 0)


