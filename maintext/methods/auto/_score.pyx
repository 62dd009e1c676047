# cython: language_level=3
"""The two loops of ``auto``'s container scoring (:func:`maintext.methods.auto.score.choose_region`)
in C, twins of :func:`~maintext.methods.auto.score.block_scores` and
:func:`~maintext.methods.auto.score.rank_containers`: the same dict of scores (same keys in
the same order, the same doubles added in the same order), the same ``Container.score``
values and the same ranking. Built with ``-ffp-contract=off`` (no fused multiply-add: each
product is rounded before it is added, as Python does). The Python loops stay the
reference and the fallback (no compiler, ``MAINTEXT_NATIVE=0``);
``tests/methods/test_auto_score.py`` checks both agree."""

from bisect import bisect_left

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc

from maintext.html._slots cimport Layout, fits, get_slot, read_layout, set_slot

# segmentation.Block's and Container's slots read here (in this order)
_BLOCK_SLOTS = ("heading", "weight", "link_chars", "chars", "commas", "chain", "paragraph")
_CONTAINER_SLOTS = ("start", "end", "tag", "content_hint", "semantic", "boiler", "owner", "score", "id_end", "parent")
cdef Layout _blk, _cont


cdef int _grow(double** acc, unsigned char** seen, Py_ssize_t* cap, Py_ssize_t need) except -1:
    """Room in ``acc`` and ``seen`` (zeroed) for container ids below ``need``."""
    cdef Py_ssize_t size = cap[0] * 2 if cap[0] else 256, i
    while size < need:
        size *= 2
    cdef double* a = <double*>PyMem_Realloc(acc[0], size * sizeof(double))
    if a is NULL:
        raise MemoryError()
    acc[0] = a
    cdef unsigned char* f = <unsigned char*>PyMem_Realloc(seen[0], size)
    if f is NULL:
        raise MemoryError()
    seen[0] = f
    for i in range(cap[0], size):
        a[i] = 0.0
        f[i] = 0
    cap[0] = size
    return 0


def block_scores(list blocks, object Block, double min_prose_weight, double link_density_max,
                 double unit, double cap, tuple shares, galleries, double caption_share):
    """``score.block_scores``: container id -> the sum of its prose blocks' shares, in the
    order the Python loop first adds to each id. ``galleries``: a set of container ids or
    None; ``shares``: the level shares (floats). (The sums are kept in a C array by id, each
    id listed when first added to, and the dict is built at the end: the same doubles added
    in the same order, 0.0 first, as the Python loop's ``scores.get(cid, 0.0) + ...``.)"""
    cdef dict scores = {}
    cdef double weight, s, share
    cdef Py_ssize_t chars, link_chars, top, level, idx, nlevels = len(shares), cid, k
    cdef bint direct
    cdef double[16] share_of
    cdef double* acc = NULL
    cdef unsigned char* seen = NULL
    cdef Py_ssize_t acc_cap = 0
    cdef list order = []  # ids, in the order first added to
    if nlevels > 16:
        raise ValueError("at most 16 level shares")
    for level in range(nlevels):
        share_of[level] = shares[level]
    read_layout(&_blk, Block, _BLOCK_SLOTS)
    try:
        for b in blocks:
            direct = fits(&_blk, b)
            if (get_slot(b, _blk.off[0]) if direct else b.heading):
                continue
            weight = get_slot(b, _blk.off[1]) if direct else b.weight
            if not weight >= min_prose_weight:
                continue
            chars = get_slot(b, _blk.off[3]) if direct else b.chars
            link_chars = get_slot(b, _blk.off[2]) if direct else b.link_chars
            if not ((<double>link_chars / <double>chars) if chars else 0.0) <= link_density_max:
                continue
            commas = get_slot(b, _blk.off[4]) if direct else b.commas
            s = weight / unit
            if cap < s:
                s = cap
            s = (1.0 + <double>commas) + s
            chain = get_slot(b, _blk.off[5]) if direct else b.chain
            if galleries is not None:
                for c in chain:
                    if c in galleries:
                        s *= caption_share
                        break
            # a paragraph tag's own element is not a container: start at its parent
            top = len(chain) - 1 - (1 if (get_slot(b, _blk.off[6]) if direct else b.paragraph) else 0)
            for level in range(nlevels):
                idx = top - level
                if idx < 0:
                    break
                cid = chain[idx]
                if cid < 0:
                    raise ValueError("negative container id")
                if cid >= acc_cap:
                    _grow(&acc, &seen, &acc_cap, cid + 1)
                if not seen[cid]:
                    seen[cid] = 1
                    order.append(cid)
                share = share_of[level]
                acc[cid] = acc[cid] + s * share
        for k in range(len(order)):
            cid = order[k]
            scores[cid] = acc[cid]
    finally:
        PyMem_Free(acc)
        PyMem_Free(seen)
    return scores


def rank_containers(dict scores, list containers, object Container, list char_sums, list link_sums,
                    h1, Py_ssize_t headline_reach, double headline_bonus, double class_weight,
                    dict tag_prior, double bonus_cap, double semantic_bonus, double inside_boiler_factor):
    """``score.rank_containers``: each scored container's score set (``Container.score``);
    gives ([(score, id)] in the order of ``scores``, the best id: the first in the page
    on a tie)."""
    cdef list ranked = []
    cdef double raw, bonus, score, cap_bonus, best = float("-inf")
    cdef Py_ssize_t start, end, chars, h1_index = -1, best_id = -1, id_
    cdef bint has_h1 = h1 is not None, direct
    if has_h1:
        h1_index = h1
    read_layout(&_cont, Container, _CONTAINER_SLOTS)
    for cid, raw_score in scores.items():
        raw = raw_score
        id_ = cid
        c = containers[id_]
        direct = fits(&_cont, c)
        start = get_slot(c, _cont.off[0]) if direct else c.start
        end = get_slot(c, _cont.off[1]) if direct else c.end
        bonus = 0.0
        if has_h1 and start - headline_reach <= h1_index < end:
            bonus += headline_bonus  # the article follows its headline
        if (get_slot(c, _cont.off[3]) if direct else c.content_hint):
            bonus += class_weight
        cap_bonus = bonus_cap * raw
        score = raw + <double>tag_prior.get(get_slot(c, _cont.off[2]) if direct else c.tag, 0.0)
        score = score + (cap_bonus if cap_bonus < bonus else bonus)
        if (get_slot(c, _cont.off[4]) if direct else c.semantic):
            score += semantic_bonus
        if (get_slot(c, _cont.off[5]) if direct else c.boiler):
            score -= class_weight
        if (get_slot(c, _cont.off[6]) if direct else c.owner) is not None:  # inside a comment section, side column, ...
            score *= inside_boiler_factor
        chars = <Py_ssize_t>char_sums[end] - <Py_ssize_t>char_sums[start]
        score *= 1.0 - (((<Py_ssize_t>link_sums[end] - <Py_ssize_t>link_sums[start]) / <double>chars) if chars else 0.0)
        boxed = score
        if direct:
            set_slot(c, _cont.off[7], boxed)
        else:
            c.score = boxed
        ranked.append((boxed, cid))
        if score > best or (score == best and id_ < best_id):  # on a tie the first in the page
            best, best_id = score, id_
    return ranked, best_id


def containers_holding(list containers, object Container, Py_ssize_t min_blocks):
    """``gallery.containers_holding``: the containers holding at least ``min_blocks`` blocks
    (``end - start``), in order."""
    cdef list out = []
    cdef Py_ssize_t start, end
    read_layout(&_cont, Container, _CONTAINER_SLOTS)
    for c in containers:
        if fits(&_cont, c):
            start = get_slot(c, _cont.off[0])
            end = get_slot(c, _cont.off[1])
        else:
            start, end = c.start, c.end
        if end - start >= min_blocks:
            out.append(c)
    return out


# the selection and edge loops (filter.py, edges.py): their twins in C
include "_select.pxi"
