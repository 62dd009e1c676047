# cython: language_level=3
"""The segmentation walk of :func:`maintext.html.segment.segment`, over libxml2's tree.

Takes the root element of a (cleaned) lxml tree and an empty ``Segmentation``; fills its
blocks, containers, anchors, spans and images exactly as the pure-Python walk does (the
same events in the same order, the same Python objects built by the same constructors),
but visits the nodes through lxml's public C API: no ``iterwalk`` event tuples, no
element proxy for nodes that need none, tag names looked up once per name per page.

Built by ``setup.py`` when a C compiler and Cython are present; :mod:`maintext.html.walk`
falls back to the Python walk otherwise. Every rule here has its twin in ``segment.py`` (the types in ``segmentation.py``);
``benchmarks/identity.py`` and ``tests/html/test_native.py`` check they agree.
"""

from lxml.includes cimport tree
from libc.string cimport strlen, strcmp, memcmp, memcpy, memset
from libc.stdlib cimport calloc, malloc, realloc, free
from cpython.object cimport PyObject
from lxml.includes.tree cimport xmlAttr, xmlNode
from maintext.html._xmlnode cimport _elementlike, _has_text, _next_under
from lxml.includes.etreepublic cimport _Document, _Element, elementFactory, import_lxml__etree, textOf, tailOf
from maintext.html._slots cimport Layout, fits, get_slot, new_instance, read_layout, set_slot
from maintext.html._text cimport _collapse, _utf8_isspace, _utf8_stripped_len

# the text measures, re-exported: callers reach them as the walk module's (walk.native)
from maintext.html._text import block_of, has_cjk, link_text_length, set_cjk_ranges, text_length, text_weight

import_lxml__etree()

include "_walk_marks.pxi"

try:  # the container marks read in C (maintext/html/_nodes.pyx), else vocab.marks on el.items()
    from maintext.html._nodes import container_marks_of
except ImportError:
    container_marks_of = None

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


# segmentation.Block's and Container's slots, in the order block() and container() store them
_BLOCK_SLOTS = ("raw", "text", "marked", "tag", "chain", "paragraph", "heading", "in_table", "chars",
                "link_chars", "weight", "commas", "owner", "boiler", "index")
_CONTAINER_SLOTS = ("id", "id_end", "tag", "start", "end", "parent", "boiler", "content_hint", "semantic",
                    "score", "owner", "el")
cdef Layout _blk, _cont  # the slot offsets of the Block and Container classes


cdef _layout(object Block, object Container):
    """Read the slot offsets of the two classes once (see _slots.pxd)."""
    read_layout(&_blk, Block, _BLOCK_SLOTS)
    read_layout(&_cont, Container, _CONTAINER_SLOTS)



cdef extern from "Python.h":
    object PyUnicode_DecodeUTF8(const char* s, Py_ssize_t size, const char* errors)


cdef enum:
    NAME_SLOTS = 1024  # a power of two
    NAME_LIMIT = 600  # names kept in the table (beyond: a dict)


cdef struct _Name:  # a slot of the walk's table of tag names
    size_t name  # the libxml2 name pointer (0: an empty slot)
    int kind
    PyObject* tag  # kept alive by _Walk.kept


cdef inline Py_ssize_t _name_slot(_Name* table, size_t name) noexcept nogil:
    """The slot holding ``name``, or the empty slot where it goes (linear probing)."""
    cdef size_t h = ((name >> 4) ^ (name >> 14)) & (NAME_SLOTS - 1)
    while table[h].name != 0 and table[h].name != name:
        h = (h + 1) & (NAME_SLOTS - 1)
    return h


cdef class _Walk:
    """The walk's state (the locals of the Python walk)."""
    # tag name pointer -> (tag, kind), one decode per name per page: a C table (no Python
    # int and dict lookup per start and end event), a dict past NAME_LIMIT names
    cdef _Name* names
    cdef Py_ssize_t n_names
    cdef list kept
    cdef list blocks, containers, anchors, spans, images, stack, owners
    # the block being read: the UTF-8 bytes of its text runs and markers (the Python walk's
    # ``parts``, joined), decoded once when the block ends
    cdef char* buf
    cdef Py_ssize_t blen, bcap
    cdef object seg, span_open, image
    cdef type Block
    # segment._BLANK, what a block of no text holds: its ASCII characters, its others
    cdef unsigned char blank_ascii[128]
    cdef Py_UCS4 blank_wide[8]
    cdef int n_blank_wide
    cdef frozenset paragraph_tags, heading_tags
    cdef Py_ssize_t link_chars
    cdef int table_depth
    cdef int marked  # markers.MARK_BR | MARK_SPAN | MARK_IMAGE
    cdef int chain_keep

    def __dealloc__(self):
        free(self.buf)
        free(self.names)

    cdef int _reserve(self, Py_ssize_t extra) except -1:
        cdef Py_ssize_t cap = self.bcap if self.bcap else 256
        cdef char* grown
        if self.blen + extra <= self.bcap:
            return 0
        while cap < self.blen + extra:
            cap *= 2
        grown = <char*>realloc(self.buf, cap)
        if grown is NULL:
            raise MemoryError()
        self.buf, self.bcap = grown, cap
        return 0

    cdef int set_blank(self, str blank) except -1:
        cdef Py_UCS4 c
        memset(self.blank_ascii, 0, sizeof(self.blank_ascii))
        self.n_blank_wide = 0
        for c in blank:
            if c < 128:
                self.blank_ascii[c] = 1
            elif self.n_blank_wide < 8:
                self.blank_wide[self.n_blank_wide] = c
                self.n_blank_wide += 1
            else:
                raise ValueError("too many blank characters")
        return 0

    cdef bint has_text(self) noexcept:
        """``raw.strip(BLANK)`` is not empty: a character of the block's UTF-8 bytes (valid,
        from libxml2) is not one of BLANK's."""
        cdef const unsigned char* p = <const unsigned char*>self.buf
        cdef Py_ssize_t i = 0, n = self.blen, m
        cdef unsigned int c
        cdef int k
        while i < n:
            c = p[i]
            if c < 0x80:
                if not self.blank_ascii[c]:
                    return True
                i += 1
                continue
            if c < 0xE0:
                c, m = c & 0x1F, 2
            elif c < 0xF0:
                c, m = c & 0x0F, 3
            else:
                c, m = c & 0x07, 4
            if i + m > n:
                return True
            for k in range(1, m):
                c = (c << 6) | (p[i + k] & 0x3F)
            for k in range(self.n_blank_wide):
                if c == <unsigned int>self.blank_wide[k]:
                    break
            else:
                return True
            i += m
        return False

    cdef int put(self, char marker) except -1:
        """Append one marker character (one byte in UTF-8)."""
        self._reserve(1)
        self.buf[self.blen] = marker
        self.blen += 1
        return 0

    cdef int add_text(self, xmlNode* first, bint in_link) except -1:
        """lxml's text of the run of text nodes from ``first`` (``.text`` of a parent given its
        first child, ``.tail`` given the next sibling), appended when it holds text or
        follows other text (leading white space never starts a block); its stripped length
        added to the link characters when ``in_link``."""
        cdef xmlNode* n = first
        cdef Py_ssize_t start = self.blen, k
        while n is not NULL:
            if n.type == tree.XML_TEXT_NODE or n.type == tree.XML_CDATA_SECTION_NODE:
                if n.content is not NULL:
                    k = strlen(<const char*>n.content)
                    self._reserve(k)
                    memcpy(self.buf + self.blen, n.content, k)
                    self.blen += k
            elif n.type != tree.XML_XINCLUDE_START and n.type != tree.XML_XINCLUDE_END:
                break
            n = n.next
        if self.blen == start:
            return 0  # no text (None or "")
        if start == 0 and _utf8_isspace(self.buf, self.blen):
            self.blen = 0
            return 0
        if in_link:
            self.link_chars += _utf8_stripped_len(self.buf + start, self.blen - start)
        return 0

    cdef block(self, str raw, str tag, tuple chain, Py_ssize_t link_chars, bint in_table,
               object owner, int marked):
        """segmentation.Block(...) without its Python __init__: the same slots, the same values."""
        cdef str text
        cdef Py_ssize_t chars, commas = 0
        cdef double weight = 0.0
        b = new_instance(self.Block)
        # the markers removed and " ".join(text.split()), with its commas and weight, in one pass
        text = _collapse(raw, marked, &commas, &weight)
        chars = len(text)
        if fits(&_blk, b):
            set_slot(b, _blk.off[0], raw)
            set_slot(b, _blk.off[1], text)
            set_slot(b, _blk.off[2], marked)
            set_slot(b, _blk.off[3], tag)
            set_slot(b, _blk.off[4], chain)
            set_slot(b, _blk.off[5], tag in self.paragraph_tags)
            set_slot(b, _blk.off[6], tag in self.heading_tags)
            set_slot(b, _blk.off[7], in_table)
            set_slot(b, _blk.off[8], chars)
            set_slot(b, _blk.off[9], link_chars if link_chars < chars else chars)
            set_slot(b, _blk.off[10], weight)
            set_slot(b, _blk.off[11], commas)
            set_slot(b, _blk.off[12], owner)
            set_slot(b, _blk.off[13], None)
            set_slot(b, _blk.off[14], -1)
            return b
        b.raw = raw
        b.text = text
        b.marked = marked
        b.tag = tag
        b.chain = chain
        b.paragraph = tag in self.paragraph_tags
        b.heading = tag in self.heading_tags
        b.in_table = in_table
        b.chars = chars
        b.link_chars = link_chars if link_chars < chars else chars
        b.weight = weight
        b.commas = commas
        b.owner = owner
        b.boiler = None
        b.index = -1
        return b

    cdef container(self, type Container, Py_ssize_t cid, str tag, tuple marks, el):
        """segmentation.Container(cid, tag, len(blocks), parent, marks, owner) with ``el`` set,
        without its Python __init__: the same slots, the same values."""
        c = new_instance(Container)
        start = len(self.blocks)
        parent = self.stack[-1] if self.stack else None
        owner = self.owners[-1] if self.owners else None
        boiler, content_hint, semantic = marks
        if fits(&_cont, c):
            set_slot(c, _cont.off[0], cid)
            set_slot(c, _cont.off[1], cid + 1)
            set_slot(c, _cont.off[2], tag)
            set_slot(c, _cont.off[3], start)
            set_slot(c, _cont.off[4], start)
            set_slot(c, _cont.off[5], parent)
            set_slot(c, _cont.off[6], boiler)
            set_slot(c, _cont.off[7], content_hint)
            set_slot(c, _cont.off[8], semantic)
            set_slot(c, _cont.off[9], None)
            set_slot(c, _cont.off[10], owner)
            set_slot(c, _cont.off[11], el)
            return c
        c.id = cid
        c.id_end = cid + 1
        c.tag = tag
        c.start = c.end = start
        c.parent = parent
        c.boiler, c.content_hint, c.semantic = boiler, content_hint, semantic
        c.score = None
        c.owner = owner
        c.el = el
        return c

    cdef flush(self):
        cdef str raw = PyUnicode_DecodeUTF8(self.buf, self.blen, NULL)
        cdef Py_ssize_t n
        cdef bint text = self.has_text()
        self.blen = 0
        if text:
            self.blocks.append(self.block(
                raw, self.containers[self.stack[-1]].tag if self.stack else "body",
                tuple(self.stack[-self.chain_keep:]), self.link_chars, self.table_depth > 0,
                self.owners[-1] if self.owners else None, self.marked))
            self.marked = 0
        elif self.marked:  # a run without text: its spans are dropped, its images carried over
            n = raw.count(self.span_open)
            if n:
                del self.spans[len(self.spans) - n:]
            n = raw.count(self.image)
            if n:
                self._reserve(n)
                memset(self.buf, 3, n)  # the images' markers, shown with the next block
                self.blen = n
                self.marked = MARK_IMAGE
            else:
                self.marked = 0
        self.link_chars = 0


def walk(root, frozenset skip, seg, sizes, dict env):
    """Fill ``seg`` from the tree under ``root`` (see segment.segment); ``env`` holds the
    Python side's classes, tables and helpers."""
    cdef _Element r = root
    cdef _Document doc = r._doc
    cdef xmlNode* top = r._c_node
    cdef xmlNode* cur = top
    cdef xmlNode* child
    cdef bint descend
    cdef int kind, link_depth = 0
    cdef Py_ssize_t cid
    cdef dict names = {}  # name pointer -> (tag, kind): one decode per tag name per page
    cdef _Walk w = _Walk()
    cdef _MarksCache marks_seen = _MarksCache()
    cdef bint cached
    cdef object tag, el, text, c, items, info
    cdef frozenset BLOCK_TAGS = env["BLOCK_TAGS"], SPECIAL = env["SPECIAL_TAGS"]
    cdef dict SPAN_TAGS = env["SPAN_TAGS"]
    cdef str BR = env["BR"], SPAN_OPEN = env["SPAN_OPEN"], SPAN_CLOSE = env["SPAN_CLOSE"], IMAGE = env["IMAGE"]
    cdef str IMAGE_TAG = env["IMAGE_TAG"]
    cdef type Container = env["Container"]
    _layout(env["Block"], Container)
    marks = env["marks"]
    from maintext.html.vocab import _MARKS_BY_ID_WORDS as marks_cache, _MARKS_CACHE_MAX as marks_max, _MARKS_BY_WORDS as words_cache, marks_by_words
    NO_MARKS = env["NO_MARKS"]
    skip_box = env["skip_box"]
    w.seg = seg
    w.Block = env["Block"]
    w.paragraph_tags = env["PARAGRAPH_TAGS"]
    w.heading_tags = env["HEADING_TAGS"]
    w.set_blank(env["BLANK"])
    w.span_open = SPAN_OPEN
    w.image = IMAGE
    w.chain_keep = env["CHAIN_KEEP"]
    w.buf = NULL
    w.blen = w.bcap = 0
    w.names = <_Name*>calloc(NAME_SLOTS, sizeof(_Name))
    if w.names is NULL:
        raise MemoryError()
    w.n_names = 0
    w.kept = []
    cdef Py_ssize_t h
    w.blocks, w.containers, w.anchors = seg.blocks, seg.containers, seg.anchors
    w.spans, w.images = seg.spans, seg.images
    w.stack = []
    w.owners = []
    w.link_chars = 0
    w.table_depth = 0
    w.marked = 0
    if env["MARKS"] != (MARK_BR, MARK_SPAN, MARK_IMAGE) or (BR, SPAN_OPEN, SPAN_CLOSE, IMAGE) != ("\x00", "\x01", "\x02", "\x03"):
        raise RuntimeError("maintext.html._walk is out of date with segment.py: rebuild it")
    while True:
        # ---- start event of cur
        descend = False
        if cur.type == tree.XML_ELEMENT_NODE:
            descend = True
            h = _name_slot(w.names, <size_t>cur.name)
            if w.names[h].name != 0:
                tag = <object>w.names[h].tag
                kind = w.names[h].kind
            else:
                info = names.get(<size_t>cur.name)
                if info is None:
                    if cur.ns is NULL:
                        tag = (<const char*>cur.name).decode("utf-8")
                    else:
                        tag = elementFactory(doc, cur).tag
                    if tag in BLOCK_TAGS:
                        kind = BLOCK
                    elif tag in SPAN_TAGS:
                        kind = ANCHOR if tag == "a" else SPAN
                    elif tag == "br":
                        kind = BREAK
                    elif tag == IMAGE_TAG:
                        kind = IMAGE_EL
                    else:
                        kind = OTHER
                    if w.n_names < NAME_LIMIT:
                        w.kept.append(tag)
                        w.names[h].name = <size_t>cur.name
                        w.names[h].kind = kind
                        w.names[h].tag = <PyObject*>tag
                        w.n_names += 1
                    else:
                        names[<size_t>cur.name] = (tag, kind)
                else:
                    tag, kind = info
            if kind == BLOCK:
                if w.blen:
                    w.flush()
                cid = len(w.containers)
                el = elementFactory(doc, cur)
                if cur.properties is NULL and tag not in SPECIAL:
                    m = NO_MARKS
                else:
                    cached = marks_seen.make_key(tag, cur)
                    m = marks_seen.get() if cached else None
                    if m is None:
                        if container_marks_of is not None:
                            m = container_marks_of(el, tag, marks_cache, marks_by_words, marks_max, words_cache)
                        else:
                            m = marks(tag, el.items())
                        if cached:
                            marks_seen.put(m)
                c = w.container(Container, cid, tag, m, el)
                w.containers.append(c)
                w.stack.append(cid)
                if tag == "table":
                    w.table_depth += 1
                if c.boiler:
                    w.owners.append(cid)
                    if c.boiler in skip:
                        size = skip_box(sizes, el, c)
                        if size >= 0:
                            descend = False
                            seg.skipped.append((cid, size))
                        else:
                            sizes.read(cid, el)
            elif kind == ANCHOR or kind == SPAN:
                el = elementFactory(doc, cur)
                if kind == ANCHOR:
                    link_depth += 1
                    w.anchors.append((len(w.blocks), el))
                w.put(1)  # SPAN_OPEN
                w.spans.append(el)
                w.marked |= MARK_SPAN
            elif kind == BREAK:
                w.put(0)  # BR
                w.marked |= MARK_BR
            elif kind == IMAGE_EL:
                w.put(3)  # IMAGE
                w.images.append(elementFactory(doc, cur))
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
                h = _name_slot(w.names, <size_t>cur.name)
                if w.names[h].name != 0:
                    tag = <object>w.names[h].tag
                    kind = w.names[h].kind
                else:
                    tag, kind = names[<size_t>cur.name]
                if kind == BLOCK:
                    if w.blen:
                        w.flush()
                    cid = w.stack.pop()
                    c = w.containers[cid]
                    if fits(&_cont, c):
                        set_slot(c, _cont.off[4], len(w.blocks))
                        set_slot(c, _cont.off[1], len(w.containers))
                    else:
                        c.end = len(w.blocks)
                        c.id_end = len(w.containers)
                    if w.owners and w.owners[-1] == cid:
                        w.owners.pop()
                        sizes.close(cid)
                    if tag == "table":
                        w.table_depth -= 1
                elif kind == ANCHOR or kind == SPAN:
                    if kind == ANCHOR:
                        link_depth -= 1
                    w.put(2)  # SPAN_CLOSE
                    w.marked |= MARK_SPAN
                if cur is top:
                    if w.blen:
                        w.flush()
                    return
                w.add_text(cur.next, link_depth > 0)
            elif cur is top:
                if w.blen:
                    w.flush()
                return
            child = _next_elementlike(cur.next)
            if child is not NULL:
                cur = child
                break
            cur = cur.parent
            descend = False


def finish_sums(list blocks, frozenset sentence_end):
    """The prefix sums of :meth:`maintext.html.segmentation.Segmentation.finish`, in one pass:
    (characters, link characters, running-text weight of each block, its prefix sums, the
    prefix sums of all weights). Running text is ``Block.is_running_text``; the float sums
    are added in the same order as ``itertools.accumulate`` adds them."""
    cdef Py_ssize_t n = len(blocks), i, c, lc, commas
    cdef Py_ssize_t sum_chars = 0, sum_links = 0
    cdef double sum_running = 0.0, sum_weights = 0.0, weight
    cdef list chars = [0], links = [0], running_weight = [], running = [0.0], weights = [0.0]
    cdef bint run
    cdef str text
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
        links.append(sum_links)
        run = weight >= 8 and lc * 10 < c and not heading
        if run:
            commas = get_slot(b, _blk.off[11]) if fits(&_blk, b) else b.commas
            if commas <= 0:
                text = get_slot(b, _blk.off[1]) if fits(&_blk, b) else b.text
                run = text[-1:] in sentence_end
        if run:
            running_weight.append(w)
            sum_running += weight
        else:
            running_weight.append(0.0)
            sum_running += 0.0
        running.append(sum_running)
        sum_weights += weight
        weights.append(sum_weights)
    return chars, links, running_weight, running, weights
