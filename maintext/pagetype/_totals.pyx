# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The page-type classifier's sums over the Block-List, in C, straight from the segmentation
(:func:`maintext.pagetype.classifier.segmentation_features`): the same per-block text, chars,
weight, link characters and links as :func:`maintext.html.blocklist.block_list` (its C twin
``_blocks.view_blocks``), then the loops of ``classifier._block_totals``,
``blockregion.select_blocks`` and ``features._structure_counts`` over C arrays, without one
``Block`` object. Every float is summed in the order of the Python loops (``sum()`` of floats
as the running interpreter does it), so the features are the same doubles; the Python code
stays the reference and the fallback (``MAINTEXT_NATIVE=0``), and
``tests/pagetype/test_totals_native.py`` checks both agree.

The tag sets are the Python modules': ``p``; ``h2``..``h6`` (classifier._SUBHEADINGS);
``h1``/``h2`` (blockregion.HEADLINE_TAGS); ``h1``..``h6`` (features._HEADINGS)."""

import sys

from libc.math cimport fabs, isfinite, rint
from libc.stdlib cimport calloc, free
from maintext.html._slots cimport get_slot, read_offsets

# builtins.sum of floats: a plain running sum before Python 3.12, Neumaier's compensated sum since
cdef bint _NEUMAIER = sys.version_info >= (3, 12)

cdef struct FSum:
    double s
    double c


cdef inline void _add(FSum* a, double x) noexcept:
    cdef double t
    if _NEUMAIER:
        t = a.s + x
        if fabs(a.s) >= fabs(x):
            a.c += (a.s - t) + x
        else:
            a.c += (x - t) + a.s
        a.s = t
    else:
        a.s += x


cdef inline double _value(FSum* a) noexcept:
    if _NEUMAIER and a.c != 0.0 and isfinite(a.c):
        return a.s + a.c
    return a.s


cdef enum:
    T_OTHER = 0
    T_P = 1
    T_H1 = 2
    T_H2 = 3
    T_H6 = 7

_TAG_CODES = {"p": T_P, "h1": T_H1, "h2": T_H2, "h3": 4, "h4": 5, "h5": 6, "h6": T_H6}


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


cdef struct Region:  # BlockListOptions, read once
    double long_words, max_density, gshare, rival_share
    Py_ssize_t max_gap, min_chars, max_rivals, lookback
    bint use_container, skip


# the slots read of segmentation.Block (runs) and segmentation.Container
_RUN_FIELDS = ("chain", "text", "marked", "link_chars")
_CONTAINER_FIELDS = ("id_end", "tag", "parent", "boiler")
cdef object _run_cls = None, _container_cls = None
cdef Py_ssize_t _roff[4]
cdef Py_ssize_t _coff[4]
cdef bint _rdirect = False, _cdirect = False


cdef _layout(list runs, list containers):
    """Read the slot offsets of the run and container classes once per class."""
    global _run_cls, _rdirect, _container_cls, _cdirect
    if runs and type(runs[0]) is not _run_cls:
        _run_cls = type(runs[0])
        _rdirect = read_offsets(_run_cls, _RUN_FIELDS, _roff)
    if containers and type(containers[0]) is not _container_cls:
        _container_cls = type(containers[0])
        _cdirect = read_offsets(_container_cls, _CONTAINER_FIELDS, _coff)


cdef void _containers(Blk* blk, Py_ssize_t n, list containers) except *:
    """Parent, depth, end, comment flag and tag code of each block (block ``k`` is container
    ``k - 1``; block 0, the root, holds the text outside any container)."""
    cdef Py_ssize_t k = 0, p
    cdef dict codes = _TAG_CODES
    blk[0].parent = -1
    blk[0].end = n - 1
    for c in containers:
        k += 1
        if _cdirect and type(c) is _container_cls:
            id_end, tag, parent, boiler = (get_slot(c, _coff[0]), get_slot(c, _coff[1]), get_slot(c, _coff[2]),
                                           get_slot(c, _coff[3]))
        else:
            id_end, tag, parent, boiler = c.id_end, c.tag, c.parent, c.boiler
        p = (<Py_ssize_t>parent) + 1 if parent is not None else 0
        blk[k].parent = p
        blk[k].depth = blk[p].depth + 1
        blk[k].end = id_end
        blk[k].in_comments = blk[p].in_comments or (boiler is not None and boiler == "comments")
        code = codes.get(tag)
        blk[k].tag = T_OTHER if code is None else <int>code


cdef object _fill(Blk* blk, Py_ssize_t n, list runs, list containers, list anchors, object weigh,
                  int mark_br):
    """The blocks' fields (as ``_blocks.view_blocks`` sets them); the text of the first
    ``h1`` holding text, or "". A block's non-space characters are summed over its pieces
    (joined by single spaces, so the same count as in the joined text)."""
    cdef Py_ssize_t k, i, length, lc, spaces, n_runs = len(runs)
    cdef list parts = [None] * n
    cdef list piece_list
    cdef str text, piece
    cdef tuple chain
    cdef object h1 = ""
    cdef bint no_h1 = True, direct
    _layout(runs, containers)
    _containers(blk, n, containers)
    direct = _rdirect
    for run in runs:
        if direct and type(run) is _run_cls:
            chain, text, marked, lc = (get_slot(run, _roff[0]), get_slot(run, _roff[1]), get_slot(run, _roff[2]),
                                       get_slot(run, _roff[3]))
        else:
            chain, text, marked, lc = run.chain, run.text, run.marked, run.link_chars
        k = (<Py_ssize_t>chain[len(chain) - 1]) + 1 if chain else 0
        length = len(text)
        spaces = text.count(" ")
        if (<int>marked) & mark_br:  # "\n".join(run.lines()): the text itself without <br>
            piece = "\n".join(run.lines())
            blk[k].chars += len(piece) - piece.count(" ") - piece.count("\n")
        else:
            piece = text
            blk[k].chars += length - spaces
        piece_list = <list>parts[k]
        if piece_list is None:
            parts[k] = [piece]
        else:
            piece_list.append(piece)
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
        piece_list = <list>parts[i]
        text = piece_list[0] if len(piece_list) == 1 else " ".join(piece_list)
        if blk[i].link_chars > blk[i].chars:
            blk[i].link_chars = blk[i].chars
        blk[i].weight = weigh(text)
        blk[i].density = (<double>blk[i].link_chars) / (<double>blk[i].chars)
        if no_h1 and blk[i].tag == T_H1:
            h1, no_h1 = text, False
    return h1


cdef tuple _totals(Blk* blk, Py_ssize_t* tb, Py_ssize_t m, tuple bins, tuple consts, list containers,
                   double long_words, double max_density, double* by_parent):
    """``classifier._block_totals`` (the maxima of its two dicts in place of the dicts)."""
    cdef double linked = consts[0], teaser_density = consts[1], teaser_words = consts[2]
    cdef double prose_words = consts[3], prose_density = consts[4]
    cdef double bounds[64]
    cdef Py_ssize_t nb = len(bins), j, i, q, chars = 0, link_chars = 0, linky = 0, n_cores = 0
    cdef Py_ssize_t heads = 0, linked_heads = 0, max_group = 0, g
    cdef double total = 0.0, core_weight = 0.0, max_weight = 0.0, teaser_weight = 0.0, best_prose = 0.0
    cdef double w, d
    cdef list dist = [0] * (nb + 1)
    cdef dict groups = {}
    cdef Blk* b
    if nb > 64:
        raise ValueError("at most 64 length bins")
    for j in range(nb):
        bounds[j] = bins[j]
    for q in range(m):
        i = tb[q]
        b = &blk[i]
        w, d = b.weight, b.density
        j = 0
        while j < nb and bounds[j] < w:  # bisect_left(bins, w)
            j += 1
        dist[j] = <Py_ssize_t>dist[j] + 1
        if T_H2 <= b.tag <= T_H6:
            heads += 1
            linked_heads += d >= linked
        if b.links and d >= teaser_density and w <= teaser_words:
            key = (b.parent, containers[i - 1].tag if i else "#root")
            g = groups.get(key, 0) + 1
            groups[key] = g
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
            max_group, teaser_weight, best_prose, dist)


cdef inline bint _core(Blk* b, Region* o, bint skip) noexcept:
    return b.weight >= o.long_words and b.density <= o.max_density and not (b.in_comments and skip)


cdef inline bint _content(Blk* b, Region* o, bint skip) noexcept:
    return b.chars >= 1 and b.density <= o.max_density and not (b.in_comments and skip)


cdef struct Rival:
    double score
    Py_ssize_t pos  # order of first vote (the dict's insertion order)
    Py_ssize_t index


cdef int _by_score(const void* a, const void* b) noexcept nogil:
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


cdef Py_ssize_t _common_ancestor(Blk* blk, Py_ssize_t a, Py_ssize_t b) noexcept:
    while blk[a].depth > blk[b].depth:
        a = blk[a].parent
    while blk[b].depth > blk[a].depth:
        b = blk[b].parent
    while a != b:
        a, b = blk[a].parent, blk[b].parent
    return a


cdef Py_ssize_t _main_container(Blk* blk, Py_ssize_t n, Py_ssize_t* tb, Py_ssize_t m, Region* o,
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


cdef tuple _region(Blk* blk, Py_ssize_t n, Py_ssize_t* tb, Py_ssize_t m, Region* o):
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
            if noise > o.max_gap:
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
        if blk[tb[first]].chars < o.min_chars or blk[tb[first]].density > o.max_density:
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


def page_totals(list runs, list containers, list anchors, object weigh, int mark_br, tuple bins,
                object opts, tuple totals_consts, tuple structure_consts):
    """None when no block holds text, else (``_block_totals``'s figures, (weight, blocks) of
    the selected region, ``_structure_counts``'s figures) of the Block-List view of the
    segmentation (``runs``, ``containers``, ``anchors``: its blocks, containers, anchors;
    ``opts``: the BlockListOptions of the region selection)."""
    cdef Py_ssize_t n = len(containers) + 1, m = 0, i
    cdef Blk* blk = <Blk*>calloc(n, sizeof(Blk))
    cdef Py_ssize_t* tb = <Py_ssize_t*>calloc(n, sizeof(Py_ssize_t))
    cdef double* by_parent = <double*>calloc(n, sizeof(double))
    cdef Region o
    try:
        if blk is NULL or tb is NULL or by_parent is NULL:
            raise MemoryError()
        h1 = _fill(blk, n, runs, containers, anchors, weigh, mark_br)
        for i in range(n):
            if blk[i].chars:
                tb[m] = i
                m += 1
        if not m:
            return None
        o.long_words, o.max_density = opts.long_block_words, opts.max_link_density
        o.gshare, o.rival_share = opts.grandparent_share, opts.rival_share
        o.max_gap, o.min_chars = opts.max_gap_blocks, opts.min_block_chars
        o.max_rivals, o.lookback = opts.max_rivals, opts.headline_lookback
        o.use_container, o.skip = opts.use_container, opts.skip_comment_boxes
        return (_totals(blk, tb, m, bins, totals_consts, containers, o.long_words, o.max_density, by_parent),
                _region(blk, n, tb, m, &o), _structure(blk, n, tb, m, structure_consts, h1))
    finally:
        free(blk)
        free(tb)
        free(by_parent)
