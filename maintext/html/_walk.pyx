# cython: language_level=3
"""The segmentation walk of :func:`maintext.html.segment.segment`, over libxml2's tree.

Takes the root element of a (cleaned) lxml tree and an empty ``Segmentation``; fills its
blocks, containers, anchors, spans and images exactly as the pure-Python walk does (the
same events in the same order, the same Python objects built by the same constructors),
but visits the nodes through lxml's public C API: no ``iterwalk`` event tuples, no
element proxy for nodes that need none, tag names and box marks looked up once per page
(``_walk_tables.pxi``); the walk's state and its Block and Container builders are in
``_walk_state.pxi``, the block text measures in ``_text.pyx``.

Built by ``setup.py`` when a C compiler and Cython are present; :mod:`maintext.html.walk`
falls back to the Python walk otherwise. Every rule here has its twin in ``segment.py`` (the types in ``segmentation.py``);
``benchmarks/identity.py`` and ``tests/html/test_native.py`` check they agree.
"""

from lxml.includes cimport tree
from libc.string cimport strlen, strcmp, memcmp, memcpy, memset
from libc.stdlib cimport bsearch, calloc, malloc, qsort, realloc, free
from cpython.object cimport PyObject
from cpython.long cimport PyLong_AsSsize_t, PyLong_CheckExact
from lxml.includes.tree cimport xmlAttr, xmlNode
from maintext.html._xmlnode cimport _elementlike, _has_text, _next_under
from lxml.includes.etreepublic cimport _Document, _Element, elementFactory, import_lxml__etree, textOf, tailOf
from maintext.html._slots cimport Layout, fits, get_slot, new_instance, read_layout, set_slot
from maintext.html._text cimport (_collapse, _link_text_len, _text_len, _utf8_code_points, _utf8_isspace,
                                   _utf8_stripped_len)

# the text measures, re-exported: callers reach them as the walk module's (walk.native)
from maintext.html._text import block_of, has_cjk, link_text_length, set_cjk_ranges, text_length, text_weight

import_lxml__etree()

include "_walk_tables.pxi"

# the container marks read in C (maintext/html/_nodes.pyx), called from C
from maintext.html._nodes cimport _container_marks

# markers.MARK_BR, MARK_SPAN, MARK_IMAGE (checked equal when the walk starts)
cdef enum Mark:
    MARK_BR = 1
    MARK_SPAN = 2
    MARK_IMAGE = 4

cdef enum Kind:
    OTHER = 0
    BLOCK = 1
    ANCHOR = 2
    SPAN = 3
    BREAK = 4
    IMAGE_EL = 5


cdef inline xmlNode* _next_elementlike(xmlNode* n) noexcept nogil:
    while n is not NULL and not _elementlike(n):
        n = n.next
    return n


include "_walk_skip.pxi"
include "_walk_state.pxi"


def walk(root, frozenset skip, seg, sizes, dict env, bint elements=True, bint box_elements=True):
    """Fill ``seg`` from the tree under ``root`` (see segment.segment); ``env`` holds the
    Python side's classes, tables and helpers; ``elements=False``: None for each span,
    image and link element (no proxy made) and for each container's ``el`` (see
    Segmentation.element and anchor_element); ``box_elements=False``: None for each
    container's ``el`` only (Segmentation.element)."""
    cdef _Element r = root
    cdef _Document doc = r._doc
    cdef xmlNode* top = r._c_node
    cdef xmlNode* cur = top
    cdef xmlNode* child
    cdef bint descend
    cdef int kind, link_depth = 0
    cdef _Walk w = _Walk()
    skip_box = env["skip_box"]
    w.setup(seg, env)
    w.top = top
    w.elements = elements
    w.box_elements = elements and box_elements
    w.keep_raw = elements
    while True:
        # ---- start event of cur
        descend = False
        if cur.type == tree.XML_ELEMENT_NODE:
            descend = True
            kind = w.kind_of(cur, doc)
            if kind == BLOCK:
                descend = w.open_block(cur, doc, skip, skip_box, sizes)
            elif kind == ANCHOR or kind == SPAN:
                el = elementFactory(doc, cur) if elements else None
                if kind == ANCHOR:
                    link_depth += 1
                    w.anchors.append((w.block_count(len(w.blocks)), el))
                    if not elements:
                        w.add_anchor_node(cur)
                w.put(1)  # SPAN_OPEN
                w.spans.append(el if elements else None)
                w.marked |= MARK_SPAN
            elif kind == BREAK:
                w.put(0)  # BR
                w.marked |= MARK_BR
            elif kind == IMAGE_EL:
                w.put(3)  # IMAGE
                w.images.append(elementFactory(doc, cur) if elements else None)
                w.marked |= MARK_IMAGE
            if descend:  # (a skipped box: its text is not read either)
                w.add_text(cur.children, link_depth > 0)
        # ---- descend into the children, or end cur and move on
        while True:
            if descend:
                child = _next_elementlike(cur.children)
                if child is not NULL:
                    cur = child
                    break
            # end event of cur
            if cur.type == tree.XML_ELEMENT_NODE:
                kind = w.kind_of(cur, doc)
                if kind == BLOCK:
                    w.close_block(w.tag, sizes)
                elif kind == ANCHOR or kind == SPAN:
                    if kind == ANCHOR:
                        link_depth -= 1
                    w.put(2)  # SPAN_CLOSE
                    w.marked |= MARK_SPAN
                if cur is top:
                    w.end(root)
                    return
                w.add_text(cur.next, link_depth > 0)
            elif cur is top:
                w.end(root)
                return
            child = _next_elementlike(cur.next)
            if child is not NULL:
                cur = child
                break
            cur = cur.parent
            descend = False


def finish_sums(list blocks, frozenset sentence_end, list headings=None):
    """The prefix sums of :meth:`maintext.html.segmentation.Segmentation.finish`, in one pass:
    (characters, link characters, running-text weight of each block, its prefix sums, the
    prefix sums of all weights). Running text is ``Block.is_running_text``; the float sums
    are added in the same order as ``itertools.accumulate`` adds them. A sum that a block
    leaves as it was (no link characters, no running text) is the same object again.
    ``headings``: a list the indexes of the heading blocks (``Block.heading``) are appended
    to, in order (``Segmentation.headings``, read in this pass: no loop over the blocks
    in Python on every page)."""
    cdef Py_ssize_t n = len(blocks), i = 0, c, lc, commas
    cdef Py_ssize_t sum_chars = 0, sum_links = 0
    cdef double sum_running = 0.0, sum_weights = 0.0, weight
    cdef list chars = [0], links = [0], running_weight = [], running = [0.0], weights = [0.0]
    cdef bint run
    cdef str text
    links_sum, running_sum = links[0], running[0]
    for b in blocks:
        if fits(&_blk, b):
            c = get_slot(b, _blk.off[8])
            lc = get_slot(b, _blk.off[9])
            w = get_slot(b, _blk.off[10])
            heading = get_slot(b, _blk.off[6])
        else:
            c, lc, w, heading = b.chars, b.link_chars, b.weight, b.heading
        weight = w
        sum_chars += c
        sum_links += lc
        chars.append(sum_chars)
        if lc:
            links_sum = sum_links
        links.append(links_sum)
        if headings is not None and heading:
            headings.append(i)
        i += 1
        run = weight >= 8 and lc * 10 < c and not heading
        if run:
            commas = get_slot(b, _blk.off[11]) if fits(&_blk, b) else b.commas
            if commas <= 0:
                text = get_slot(b, _blk.off[1]) if fits(&_blk, b) else b.text
                run = text[-1:] in sentence_end
        if run:
            running_weight.append(w)
            sum_running += weight
            running_sum = sum_running
        else:
            running_weight.append(0.0)
            sum_running += 0.0  # (the sum of nonnegative weights: the same value)
        running.append(running_sum)
        sum_weights += weight
        weights.append(sum_weights)
    return chars, links, running_weight, running, weights


def blocks_with_tag(list blocks, list indexes, str tag):
    """The ``indexes`` of the blocks whose tag is ``tag``, in order (``[i for i in indexes if
    blocks[i].tag == tag]``: Segmentation.blocks_of among the heading blocks)."""
    cdef list out = []
    for i in indexes:
        b = blocks[i]
        if (get_slot(b, _blk.off[3]) if fits(&_blk, b) else b.tag) == tag:
            out.append(i)
    return out


def finish_blocks(list blocks, list containers, set exempt, list running_weight):
    """The block pass of :meth:`maintext.html.segmentation.Segmentation.finish`: each
    block's index and boilerplate reason (its innermost owner that is not exempt, one step
    up past an exempt one), and the prefix sums of the running-text weight of the blocks
    outside boilerplate (returned), added in the Python loop's order (a sum a block leaves
    as it was is the same object again)."""
    cdef list prose = [0.0]
    cdef double total = 0.0, add
    cdef Py_ssize_t i = 0
    cdef bint blk
    total_sum = prose[0]
    for b in blocks:
        blk = fits(&_blk, b)
        if blk:
            if not _is_int(get_slot(b, _blk.off[14]), i):  # (the walk's blocks hold it already)
                set_slot(b, _blk.off[14], i)
            o = get_slot(b, _blk.off[12])
        else:
            b.index = i
            o = b.owner
        if o is not None:
            if exempt and o in exempt:
                o = _container_owner(containers[o])
            if o is not None:
                boiler = _container_boiler(containers[o])
                if blk:
                    set_slot(b, _blk.off[13], boiler)
                else:
                    b.boiler = boiler
        boiler = get_slot(b, _blk.off[13]) if blk else b.boiler
        if boiler is None:
            add = <double>running_weight[i]
            total += add
            if add != 0.0:  # (else the sum of nonnegative weights is the same value)
                total_sum = total
        prose.append(total_sum)
        i += 1
    return prose


cdef inline bint _is_int(object x, Py_ssize_t i):
    """``x`` is the int ``i`` (an exact int)."""
    return PyLong_CheckExact(x) and PyLong_AsSsize_t(x) == i


cdef inline object _container_owner(c):
    return get_slot(c, _cont.off[10]) if fits(&_cont, c) else c.owner


cdef inline object _container_boiler(c):
    return get_slot(c, _cont.off[6]) if fits(&_cont, c) else c.boiler


def boxes_to_weigh(list containers, object Container, list running, list chars, double floor, double wrapper,
                   bint has_text, set weighed, set exempt):
    """:meth:`maintext.html.segmentation.Segmentation.finish`'s first test of each box with a
    boilerplate reason, in one pass (the twin of ``segmentation._boxes_to_weigh``): the boxes
    holding at least ``floor`` words of running text (``running``: its prefix sums), in
    order, for the other tests; each other box added to ``exempt`` when the page has text,
    it holds more than ``wrapper`` characters (``chars``: their prefix sums) and it is not
    in ``weighed``. (The prefix sums: Python floats and ints, read as doubles and integers;
    the differences and comparisons as Python makes them, the counts far below 2**53.)"""
    cdef list out = []
    cdef Py_ssize_t start, end
    cdef double run
    read_layout(&_cont, Container, _CONTAINER_SLOTS)
    for c in containers:
        if fits(&_cont, c):
            if not get_slot(c, _cont.off[6]):
                continue
            start, end = get_slot(c, _cont.off[3]), get_slot(c, _cont.off[4])
        else:
            if not c.boiler:
                continue
            start, end = c.start, c.end
        run = <double>running[end] - <double>running[start]
        if run < floor:
            if has_text and <double>(<Py_ssize_t>chars[end] - <Py_ssize_t>chars[start]) > wrapper:
                cid = get_slot(c, _cont.off[0]) if fits(&_cont, c) else c.id
                if cid not in weighed:
                    exempt.add(cid)
            continue
        out.append(c)
    return out


cdef int _by_address(const void* a, const void* b) noexcept nogil:
    cdef size_t x = (<const size_t*>a)[0], y = (<const size_t*>b)[0]
    return (x > y) - (x < y)


_LINK_SLOTS = ("in_main",)  # result.Link's slot set by main_links
cdef Layout _lnk


def main_links(list kept, list anchors, list pairs, bytes nodes=None):
    """``auto.mark_main_links``' loop (its Python twin ``auto._main_links``): each link of
    ``pairs`` (element, link) gets ``in_main``: whether its element is one of ``anchors``'
    (block index, element) that starts in a kept block. After a walk without elements,
    ``nodes`` (``Segmentation._anchor_nodes``: the node of each of ``anchors``, recorded by
    the walk; the tree unchanged since) stand for the anchors' elements and each pair's
    element is known by its node (lxml gives a node one proxy while one lives: the same
    answers as comparing the elements; an object that is no lxml element is none of the
    anchors'). False (nothing set) when an index is not a plain non-negative int or the
    nodes are not one per anchor: the Python loop then decides."""
    cdef const size_t* table = <const size_t*><const char*>nodes if nodes is not None else NULL
    cdef Py_ssize_t n = 0, i, m = 0, k = len(anchors), a = 0
    cdef unsigned char* flags = NULL
    cdef size_t* inside = NULL
    cdef size_t key
    if nodes is not None and <Py_ssize_t>(len(nodes) // sizeof(size_t)) != k:
        return False
    for b in kept:
        index = b.index
        if type(index) is not int or index < 0:
            return False
        if index >= n:
            n = index + 1
    for index, _el in anchors:
        if type(index) is not int or index < 0:
            return False
    try:
        flags = <unsigned char*>calloc(n + 1, 1)
        inside = <size_t*>malloc((k + 1) * sizeof(size_t))
        if flags is NULL or inside is NULL:
            raise MemoryError()
        for b in kept:
            flags[<Py_ssize_t>b.index] = 1
        for index, el in anchors:
            i = index
            if i < n and flags[i]:
                inside[m] = table[a] if table is not NULL else <size_t><void*>el
                m += 1
            a += 1
        qsort(inside, m, sizeof(size_t), _by_address)
        for el, link in pairs:
            if table is NULL:
                key = <size_t><void*>el
                flag = bsearch(&key, inside, m, sizeof(size_t), _by_address) is not NULL
            elif isinstance(el, _Element):
                key = <size_t>(<_Element>el)._c_node
                flag = bsearch(&key, inside, m, sizeof(size_t), _by_address) is not NULL
            else:  # (no element: none of the anchors')
                flag = False
            read_layout(&_lnk, type(link), _LINK_SLOTS)
            if fits(&_lnk, link):  # (the store the slot's descriptor makes)
                set_slot(link, _lnk.off[0], flag)
            else:
                link.in_main = flag
        return True
    finally:
        free(flags)
        free(inside)


def skip_exempt_owners(list containers, object Container, set exempt):
    """``Segmentation._skip_exempt_owners``: each container's owner past the exempt boxes
    (parents come first: one step reaches a non-exempt owner); gives the owners before."""
    cdef list walked = []
    cdef bint direct
    read_layout(&_cont, Container, _CONTAINER_SLOTS)
    for c in containers:
        direct = fits(&_cont, c)
        o = get_slot(c, _cont.off[10]) if direct else c.owner
        walked.append(o)
        if o is not None and o in exempt:
            while o is not None and o in exempt:
                o = _container_owner(containers[o])
            if direct:
                set_slot(c, _cont.off[10], o)
            else:
                c.owner = o
    return walked


def element_at(root, bytes nodes, Py_ssize_t cid):
    """The element of container (or link) ``cid`` of a walk with elements=False: its node,
    recorded in ``nodes`` (Segmentation._nodes, _anchor_nodes) while the tree of ``root``
    was walked, given a proxy."""
    cdef _Element r = root
    cdef const size_t* table = <const size_t*><const char*>nodes
    if not 0 <= cid < <Py_ssize_t>(len(nodes) // sizeof(size_t)):
        raise IndexError(cid)
    return elementFactory(r._doc, <xmlNode*>table[cid])
