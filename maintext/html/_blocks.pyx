# cython: language_level=3
"""The container blocks of the Block-List view (:func:`maintext.html.blocklist.block_list`)
built in C: the same ``Block`` objects with the same field values as its Python loop,
without the dataclass ``__init__`` per container (a fifth of the text-only time on
gne-cn). The Python loop stays as the fallback; ``tests/html/test_blocklist.py`` checks
both agree."""


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
