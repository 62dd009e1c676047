# cython: language_level=3
"""The container blocks of the Block-List view (:func:`maintext.html.blocklist.block_list`)
built in C: the same ``Block`` objects with the same field values as its Python loop,
without the dataclass ``__init__`` per container (a fifth of the text-only time on
gne-cn). The Python loop stays as the fallback; ``tests/html/test_blocklist.py`` checks
both agree."""

from libc.math cimport rint


cdef object _block(object Block, object index, object tag, object depth, object parent,
                   object in_form, object in_comments, object end):
    b = Block.__new__(Block)
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
    cdef list blocks = []
    root = _block(Block, 0, "#root", 0, -1, False, False, len(containers))
    blocks.append(root)
    for c in containers:
        parent = blocks[c.parent + 1] if c.parent is not None else root
        tag = c.tag
        blocks.append(_block(Block, c.id + 1, tag, parent.depth + 1, parent.index,
                             parent.in_form or tag == form_tag,
                             parent.in_comments or c.boiler == "comments", c.id_end))
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
            b = blocks[k]
            b.link_chars = b.link_chars + <Py_ssize_t>rint(share)
    for index, _el in anchors:
        i = index
        if i < n_runs:
            chain = runs[i].chain
            if chain:
                b = blocks[(<Py_ssize_t>chain[-1]) + 1]
                b.links = b.links + 1
    for i in range(n):
        piece_list = <list>parts[i]
        if piece_list is None:
            continue
        b = blocks[i]
        text = piece_list[0] if len(piece_list) == 1 else " ".join(piece_list)
        b.text = text
        chars = len(text) - _uncounted(text)
        b.chars = chars
        b.weight = weigh(text) if chars else 0.0
        if b.link_chars > chars:
            b.link_chars = chars
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
