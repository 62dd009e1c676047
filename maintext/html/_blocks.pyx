# cython: language_level=3
"""The container blocks of the Block-List view (:func:`maintext.html.blocklist.block_list`)
built in C: the same ``Block`` objects with the same field values as its Python loop,
without the dataclass ``__init__`` per container (a fifth of the text-only time on
gne-cn). The Python loop stays as the fallback; ``tests/html/test_blocklist.py`` checks
both agree."""

from libc.math cimport rint


from cpython.object cimport PyObject
from libc.stdlib cimport malloc, free
from maintext.html._slots cimport Layout, fits, get_slot, read_layout, set_slot

# blocklist.Block's fields, in the order _block stores them
_FIELDS = ("index", "tag", "depth", "parent", "in_form", "in_comments", "end", "parts", "link_chars",
           "links", "text", "chars", "weight")
_CONTAINER_FIELDS = ("id", "id_end", "tag", "parent", "boiler")
cdef Layout _blk, _cont  # the slot offsets of the Block-List Block and of Container


cdef _layout(object Block, object Container):
    """Read the slot offsets of ``Block`` (and of ``Container``) once per class."""
    read_layout(&_blk, Block, _FIELDS)
    read_layout(&_cont, Container, _CONTAINER_FIELDS)


cdef object _block(object Block, object index, object tag, object depth, object parent,
                   object in_form, object in_comments, object end):
    b = Block.__new__(Block)
    if fits(&_blk, b):
        set_slot(b, _blk.off[0], index)
        set_slot(b, _blk.off[1], tag)
        set_slot(b, _blk.off[2], depth)
        set_slot(b, _blk.off[3], parent)
        set_slot(b, _blk.off[4], in_form)
        set_slot(b, _blk.off[5], in_comments)
        set_slot(b, _blk.off[6], end)
        set_slot(b, _blk.off[7], [])
        set_slot(b, _blk.off[8], 0)
        set_slot(b, _blk.off[9], 0)
        set_slot(b, _blk.off[10], "")
        set_slot(b, _blk.off[11], 0)
        set_slot(b, _blk.off[12], 0.0)
        return b
    b.index = index
    b.tag = tag
    b.depth = depth
    b.parent = parent
    b.in_form = in_form
    b.in_comments = in_comments
    b.end = end
    b.parts = []
    b.link_chars = 0
    b.links = 0
    b.text = ""
    b.chars = 0
    b.weight = 0.0
    return b


def container_blocks(list containers, object Block, str form_tag):
    """``[root, block of container 0, block of container 1, ...]``: block ``i + 1`` is
    container ``i``, under its parent's block (the root block for a top container)."""
    cdef Py_ssize_t n = len(containers), k, p
    cdef list blocks = []
    cdef int* depth = <int*>malloc((n + 1) * 3 * sizeof(int))  # depth, in_form, in_comments
    cdef int* in_form = depth + (n + 1)
    cdef int* in_comments = depth + 2 * (n + 1)
    if depth is NULL:
        raise MemoryError()
    try:
        if containers:
            _layout(Block, type(containers[0]))
        root = _block(Block, 0, "#root", 0, -1, False, False, n)
        blocks.append(root)
        depth[0] = in_form[0] = in_comments[0] = 0
        k = 0
        for c in containers:
            k += 1
            if fits(&_cont, c):
                cid, id_end, tag, parent, boiler = (get_slot(c, _cont.off[0]), get_slot(c, _cont.off[1]),
                                                    get_slot(c, _cont.off[2]), get_slot(c, _cont.off[3]),
                                                    get_slot(c, _cont.off[4]))
            else:
                cid, id_end, tag, parent, boiler = c.id, c.id_end, c.tag, c.parent, c.boiler
            p = (<Py_ssize_t>parent) + 1 if parent is not None else 0
            depth[k] = depth[p] + 1
            in_form[k] = in_form[p] or tag == form_tag
            in_comments[k] = in_comments[p] or boiler == "comments"
            blocks.append(_block(Block, cid + 1, tag, depth[k], p, bool(in_form[k]), bool(in_comments[k]),
                                 id_end))
    finally:
        free(depth)
    return blocks


cdef inline Py_ssize_t _uncounted(str text):
    """``text.count(" ") + text.count("\\n")`` in one pass."""
    cdef Py_ssize_t n = 0
    cdef Py_UCS4 c
    for c in text:
        if c == u' ' or c == u'\n':
            n += 1
    return n


def view_blocks(list runs, list containers, list anchors, object Block, str form_tag,
                object weigh, int mark_br):
    """The blocks of :func:`maintext.html.blocklist.block_list` (its Python loops, in C):
    :func:`container_blocks`, then each run's text and link characters added to its
    innermost container's block, the anchors counted, and every block holding text
    finished as ``Block.finish(weigh)`` does (``weigh``: the compiled text_weight)."""
    cdef list blocks = container_blocks(containers, Block, form_tag)
    cdef Py_ssize_t n = len(blocks), i, k, length, chars, lc, n_runs = len(runs)
    cdef list parts = [None] * n  # the text pieces of each block, None for none
    cdef list piece_list
    cdef str text, piece
    cdef tuple chain
    cdef double share
    cdef Py_ssize_t* link_chars = <Py_ssize_t*>malloc(2 * n * sizeof(Py_ssize_t))
    cdef Py_ssize_t* links = link_chars + n
    if link_chars is NULL:
        raise MemoryError()
    try:
        for i in range(2 * n):
            link_chars[i] = 0
        for run in runs:
            chain = run.chain
            k = (<Py_ssize_t>chain[-1]) + 1 if chain else 0
            text = run.text
            # "\n".join(run.lines()), which is the text itself for a run without <br>
            piece = "\n".join(run.lines()) if (<int>run.marked) & mark_br else text
            piece_list = <list>parts[k]
            if piece_list is None:
                parts[k] = [piece]
            else:
                piece_list.append(piece)
            lc = run.link_chars
            length = len(text)
            if lc and length:
                # round(lc * non-space / length): int * int exact, one correctly rounded division
                # (as Python's int / int), then rounded half to even (as round())
                share = (<double>(lc * (length - text.count(" ")))) / (<double>length)
                link_chars[k] += <Py_ssize_t>rint(share)
        for index, _el in anchors:
            i = index
            if i < n_runs:
                chain = runs[i].chain
                if chain:
                    links[(<Py_ssize_t>chain[-1]) + 1] += 1
        for i in range(n):
            piece_list = <list>parts[i]
            if piece_list is None:
                if links[i]:
                    blocks[i].links = links[i]
                continue
            b = blocks[i]
            text = piece_list[0] if len(piece_list) == 1 else " ".join(piece_list)
            chars = len(text) - _uncounted(text)
            lc = link_chars[i] if link_chars[i] < chars else chars
            weight = weigh(text) if chars else 0.0
            if fits(&_blk, b):
                set_slot(b, _blk.off[8], lc)
                set_slot(b, _blk.off[9], links[i])
                set_slot(b, _blk.off[10], text)
                set_slot(b, _blk.off[11], chars)
                set_slot(b, _blk.off[12], weight)
            else:
                b.link_chars = lc
                b.links = links[i]
                b.text = text
                b.chars = chars
                b.weight = weight
    finally:
        free(link_chars)
    return blocks


def tag_counts(list containers, tuple tags):
    """How many containers have each tag of ``tags`` (a tuple of counts, in order)."""
    cdef Py_ssize_t m = len(tags), j
    cdef list counts = [0] * m
    cdef object tag
    for c in containers:
        tag = c.tag
        for j in range(m):
            if tag == tags[j]:
                counts[j] = counts[j] + 1
                break
    return tuple(counts)
