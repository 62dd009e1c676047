# The walk's state and builders (included by _walk.pyx): the table of tag names, the UTF-8
# buffer of the block being read, and segmentation.Block / Container made without their
# Python __init__ (the same slots, the same values; segment._Walk is the twin). The slot
# layouts and C helpers it uses are in _walk_tables.pxi.

cdef class _Walk:
    """The walk's state (the locals of the Python walk)."""
    # tag name pointer -> (tag, kind), one decode per name per page: a C table (no Python
    # int and dict lookup per start and end event), a dict past NAME_LIMIT names
    cdef _Name* names
    cdef Py_ssize_t n_names
    cdef list kept
    cdef list blocks, containers, anchors, spans, images, stack, owners
    # the boxes measured and read (sizes.read), innermost last: BoxSizes.close changes
    # something only for them (its open boxes and its scope are among them)
    cdef list read_boxes
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
    # what the walk takes from segment.py (its tables, constructors and helpers)
    # elements=False: no proxy for a container unless its marks or size are read; its node
    # recorded in ``nodes`` (Segmentation.element makes the proxy when asked)
    cdef bint elements
    # False: no proxy for a container either (elements=True but box_elements=False: the
    # links, spans, images and raw kept, the containers' nodes recorded as above)
    cdef bint box_elements
    cdef size_t* nodes
    cdef Py_ssize_t n_nodes, cap_nodes
    cdef size_t* anodes  # (the same for the links: Segmentation.anchor_element)
    cdef Py_ssize_t n_anodes, cap_anodes
    cdef dict overflow  # name pointer -> (tag, kind) past NAME_LIMIT names
    cdef object tag  # the tag of the element kind_of read last
    cdef frozenset block_tags, special_tags
    cdef tuple last_chain  # chain() of the stack as it is (None: it changed since)
    cdef str last_tag  # the tag block() read last, and whether it is a paragraph or heading tag
    cdef bint last_paragraph, last_heading
    cdef _SkipRule rule  # skip_box in C (None: asked in Python)
    cdef xmlNode* top  # the root of the walk
    cdef dict span_tags
    cdef str image_tag
    cdef type Container
    cdef object no_marks, marks, marks_by_words
    cdef dict marks_cache, words_cache
    cdef Py_ssize_t marks_max
    cdef _MarksCache marks_seen
    # the int objects of the block and container counts asked for last: the slots and lists
    # that hold the same count (a container's start and end, its id and the stack's entry,
    # the next container's id and this one's id_end, an anchor's block) share one object
    cdef object block_n, cont_n
    cdef Py_ssize_t block_v, cont_v
    cdef bint keep_raw  # every block's raw (elements=True), else only those with a line break

    def __dealloc__(self):
        free(self.buf)
        free(self.names)
        free(self.nodes)
        free(self.anodes)

    cdef int setup(self, seg, dict env) except -1:
        """The state of a walk filling ``seg``, with segment.py's tables from ``env``."""
        from maintext.html import vocab
        if (env["MARKS"] != (MARK_BR, MARK_SPAN, MARK_IMAGE)
                or (env["BR"], env["SPAN_OPEN"], env["SPAN_CLOSE"], env["IMAGE"]) != ("\x00", "\x01", "\x02", "\x03")):
            raise RuntimeError("maintext.html._walk is out of date with segment.py: rebuild it")
        self.Container, self.Block = env["Container"], env["Block"]
        _layout(self.Block, self.Container)
        self.block_tags, self.special_tags = env["BLOCK_TAGS"], env["SPECIAL_TAGS"]
        self.span_tags, self.image_tag = env["SPAN_TAGS"], env["IMAGE_TAG"]
        self.paragraph_tags, self.heading_tags = env["PARAGRAPH_TAGS"], env["HEADING_TAGS"]
        self.no_marks, self.marks = env["NO_MARKS"], env["marks"]
        self.marks_cache, self.marks_by_words = vocab._MARKS_BY_ID_WORDS, vocab.marks_by_words
        self.marks_max, self.words_cache = vocab._MARKS_CACHE_MAX, vocab._MARKS_BY_WORDS
        self.marks_seen = _marks_seen
        self.set_blank(env["BLANK"])
        self.seg = seg
        self.span_open, self.image = env["SPAN_OPEN"], env["IMAGE"]
        self.chain_keep = env["CHAIN_KEEP"]
        self.buf = NULL
        self.blen = self.bcap = 0
        self.elements = self.box_elements = True
        self.keep_raw = True
        self.block_n = self.cont_n = None
        self.block_v = self.cont_v = -1
        self.nodes = NULL
        self.n_nodes = self.cap_nodes = 0
        self.anodes = NULL
        self.n_anodes = self.cap_anodes = 0
        self.names = <_Name*>calloc(NAME_SLOTS, sizeof(_Name))
        if self.names is NULL:
            raise MemoryError()
        self.n_names = 0
        self.kept = []
        self.overflow = {}
        self.blocks, self.containers, self.anchors = seg.blocks, seg.containers, seg.anchors
        self.spans, self.images = seg.spans, seg.images
        self.stack = []
        self.owners = []
        self.read_boxes = []
        self.last_chain = self.last_tag = None
        self.rule = None
        if env.get("SKIP_RULE") is not None:
            self.rule = _SkipRule()
            self.rule.setup(env["SKIP_RULE"], env.get("skip_evidence"), seg.weighed)
        self.link_chars = 0
        self.table_depth = 0
        self.marked = 0
        return 0

    cdef object block_count(self, Py_ssize_t n):
        """``n`` (a count of blocks) as an int object, the same object as last time for the same count."""
        if n != self.block_v:
            self.block_n = n
            self.block_v = n
        return self.block_n

    cdef object container_count(self, Py_ssize_t n):
        """``n`` (a count of containers) as an int object, the same object as last time for the same count."""
        if n != self.cont_v:
            self.cont_n = n
            self.cont_v = n
        return self.cont_n

    cdef int kind_of(self, xmlNode* cur, _Document doc) except -1:
        """The kind of element ``cur`` (its tag in ``self.tag``): its name decoded and
        classified the first time it is met in the page, then read from the table."""
        cdef Py_ssize_t h = _name_slot(self.names, <size_t>cur.name)
        cdef int kind
        if self.names[h].name != 0:
            self.tag = <object>self.names[h].tag
            return self.names[h].kind
        info = self.overflow.get(<size_t>cur.name)
        if info is not None:
            self.tag, kind = info
            return kind
        tag = (<const char*>cur.name).decode("utf-8") if cur.ns is NULL else elementFactory(doc, cur).tag
        if tag in self.block_tags:
            kind = BLOCK
        elif tag in self.span_tags:
            kind = ANCHOR if tag == "a" else SPAN
        elif tag == "br":
            kind = BREAK
        elif tag == self.image_tag:
            kind = IMAGE_EL
        else:
            kind = OTHER
        if self.n_names < NAME_LIMIT:
            self.kept.append(tag)
            self.names[h].name = <size_t>cur.name
            self.names[h].kind = kind
            self.names[h].tag = <PyObject*>tag
            self.n_names += 1
        else:
            self.overflow[<size_t>cur.name] = (tag, kind)
        self.tag = tag
        return kind

    cdef object marks_of(self, xmlNode* cur, _Document doc, el, str tag):
        """vocab.marks of box ``cur`` (its proxy ``el`` or None: not needed): from the page's
        cache by its attribute bytes, else from _nodes' container marks (read in C, called
        from C) and then cached."""
        cdef bint cached
        cdef _KeyCopy key
        if cur.properties is NULL and tag not in self.special_tags:
            return self.no_marks
        cached = self.marks_seen.make_key(cur)
        m = self.marks_seen.get() if cached else None
        if m is None:
            if not cached:
                return _container_marks(cur, tag, self.marks_cache, self.marks_by_words, self.marks_max,
                                        self.words_cache)
            self.marks_seen.copy_key(&key)
            try:
                m = _container_marks(cur, tag, None, self.marks_by_words, self.marks_max, self.words_cache)
            except BaseException:
                free(key.key)
                raise
            self.marks_seen.put(m, &key)
        return m

    cdef bint open_block(self, xmlNode* cur, _Document doc, frozenset skip, skip_box, sizes) except -1:
        """Open the container of box ``cur`` (its tag in ``self.tag``); False when its
        subtree is skipped unread (segment._Walk.open_block)."""
        cdef str tag = self.tag
        cdef Py_ssize_t n = len(self.containers)
        if self.blen:
            self.flush()
        cid = self.container_count(n)
        if self.box_elements:
            el = elementFactory(doc, cur)
        else:
            el = None
            self.add_node(cur)
        m = self.marks_of(cur, doc, el, tag)
        c = self.container(self.Container, n, tag, m, el)
        self.containers.append(c)
        self.stack.append(cid)
        self.last_chain = None
        if len(tag) == 5 and tag == "table":  # (the length first: no string compare for most tags)
            self.table_depth += 1
        boiler = m[0]
        if boiler:
            self.owners.append(cid)
            if boiler in skip:
                size = ASK if self.rule is None else self.rule.size_to_skip(
                    cur, self.top, boiler, n, len(self.read_boxes))
                if size == ASK:
                    if el is None:
                        el = elementFactory(doc, cur)
                    size = skip_box(sizes, el, c)
                if size >= 0:
                    self.seg.skipped.append((cid, size))
                    return False
                sizes.read(cid, el if el is not None else elementFactory(doc, cur))
                self.read_boxes.append(cid)
        return True

    cdef int close_block(self, str tag, sizes) except -1:
        """The end of the innermost open box: its block and container ranges closed."""
        if self.blen:
            self.flush()
        cid = self.stack.pop()
        self.last_chain = None
        c = self.containers[<Py_ssize_t>cid]  # (a C index: the list's fast path)
        end = self.block_count(len(self.blocks))
        id_end = self.container_count(len(self.containers))
        if fits(&_cont, c):
            set_slot(c, _cont.off[4], end)
            set_slot(c, _cont.off[1], id_end)
        else:
            c.end = end
            c.id_end = id_end
        if self.owners and self.owners[-1] == cid:
            self.owners.pop()
            if self.read_boxes and self.read_boxes[-1] == cid:
                self.read_boxes.pop()
                sizes.close(cid)
        if len(tag) == 5 and tag == "table":  # (the length first: no string compare for most tags)
            self.table_depth -= 1
        return 0

    cdef int add_node(self, xmlNode* cur) except -1:
        """Record the node of the next container (elements=False)."""
        return _push_node(&self.nodes, &self.n_nodes, &self.cap_nodes, cur)

    cdef int add_anchor_node(self, xmlNode* cur) except -1:
        """Record the node of the next link (elements=False)."""
        return _push_node(&self.anodes, &self.n_anodes, &self.cap_anodes, cur)

    cdef int end(self, root) except -1:
        """The walk is over: the block being read ended; with box_elements=False the
        containers' nodes handed to the segmentation (``seg._nodes``, ``seg._root``), with
        elements=False the links' too (``seg._anchor_nodes``)."""
        if self.blen:
            self.flush()
        if not self.box_elements:
            self.seg._nodes = (<char*>self.nodes)[:self.n_nodes * sizeof(size_t)] if self.n_nodes else b""
            self.seg._root = root
        if not self.elements:
            self.seg._anchor_nodes = (<char*>self.anodes)[:self.n_anodes * sizeof(size_t)] if self.n_anodes else b""
        return 0

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

    cdef block(self, object raw, str tag, tuple chain, Py_ssize_t link_chars, bint in_table,
               object owner, int marked):
        """segmentation.Block(...) without its Python __init__: the same slots, the same values,
        but for ``index``: its place in the blocks already (the int object of the containers'
        block counts, which finish_blocks then keeps), not -1 until Segmentation.finish."""
        cdef str text
        cdef Py_ssize_t chars, commas = 0
        cdef double weight = 0.0
        b = new_instance(self.Block)
        # the markers removed and " ".join(text.split()), with its commas and weight, in one pass
        text = _collapse(raw, marked, &commas, &weight)
        chars = len(text)
        if tag is not self.last_tag:
            self.last_tag = tag
            self.last_paragraph = tag in self.paragraph_tags
            self.last_heading = tag in self.heading_tags
        w = _weight_object(weight)
        if not self.keep_raw and not marked & MARK_BR:
            raw = None  # (the text alone: only Block.lines reads it, and only with a line break)
        if fits(&_blk, b):
            set_slot(b, _blk.off[0], raw)
            set_slot(b, _blk.off[1], text)
            set_slot(b, _blk.off[2], marked)
            set_slot(b, _blk.off[3], tag)
            set_slot(b, _blk.off[4], chain)
            set_slot(b, _blk.off[5], self.last_paragraph)
            set_slot(b, _blk.off[6], self.last_heading)
            set_slot(b, _blk.off[7], in_table)
            set_slot(b, _blk.off[8], chars)
            set_slot(b, _blk.off[9], link_chars if link_chars < chars else chars)
            set_slot(b, _blk.off[10], w)
            set_slot(b, _blk.off[11], commas)
            set_slot(b, _blk.off[12], owner)
            set_slot(b, _blk.off[13], None)
            set_slot(b, _blk.off[14], self.block_count(len(self.blocks)))
            # (its slots hold strings, numbers and a tuple of ints: it cannot close a reference
            # cycle, so the cycle collector need not visit it: ~1.5% of a text-only extract)
            PyObject_GC_UnTrack(b)
            return b
        b.raw = raw
        b.text = text
        b.marked = marked
        b.tag = tag
        b.chain = chain
        b.paragraph = self.last_paragraph
        b.heading = self.last_heading
        b.in_table = in_table
        b.chars = chars
        b.link_chars = link_chars if link_chars < chars else chars
        b.weight = w
        b.commas = commas
        b.owner = owner
        b.boiler = None
        b.index = self.block_count(len(self.blocks))
        return b

    cdef container(self, type Container, Py_ssize_t n, str tag, tuple marks, el):
        """segmentation.Container(n, tag, len(blocks), parent, marks, owner) with ``el`` set,
        without its Python __init__: the same slots, the same values."""
        c = new_instance(Container)
        cid = self.container_count(n)
        id_end = self.container_count(n + 1)  # (the next container's id, unless one is closed first)
        start = self.block_count(len(self.blocks))
        parent = self.stack[-1] if self.stack else None
        owner = self.owners[-1] if self.owners else None
        boiler, content_hint, semantic = marks
        if fits(&_cont, c):
            set_slot(c, _cont.off[0], cid)
            set_slot(c, _cont.off[1], id_end)
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
            # (strings, numbers and its lxml element, which refers to nothing of ours: it
            # cannot close a reference cycle, the cycle collector need not visit it)
            PyObject_GC_UnTrack(c)
            return c
        c.id = cid
        c.id_end = id_end
        c.tag = tag
        c.start = c.end = start
        c.parent = parent
        c.boiler, c.content_hint, c.semantic = boiler, content_hint, semantic
        c.score = None
        c.owner = owner
        c.el = el
        return c

    cdef Py_ssize_t count_byte(self, char byte) noexcept:
        """Occurrences of an ASCII ``byte`` in the block's UTF-8 bytes (a marker: the same
        count as in its decoded text, no byte of a longer character being ASCII)."""
        cdef Py_ssize_t i, n = 0
        for i in range(self.blen):
            if self.buf[i] == byte:
                n += 1
        return n

    cdef tuple chain(self):
        """``tuple(stack[-chain_keep:])``, without the list slice; the blocks read while the
        stack does not change share one tuple."""
        if self.last_chain is None:
            self.last_chain = self.new_chain()
        return self.last_chain

    cdef tuple new_chain(self):
        cdef Py_ssize_t n = len(self.stack), k = self.chain_keep, i
        if k <= 0:  # (as the slice: stack[-0:] is all of it)
            return tuple(self.stack[-k:])
        if k > n:
            k = n
        cdef tuple t = PyTuple_New(k)
        for i in range(k):
            x = <object>PyList_GET_ITEM(self.stack, n - k + i)
            Py_INCREF(x)
            PyTuple_SET_ITEM(t, i, x)
        PyObject_GC_UnTrack(t)  # (ints: no cycle; the collector would untrack it on its first visit)
        return t

    cdef str innermost_tag(self):
        """The tag of the innermost open container ("body" outside any)."""
        if not self.stack:
            return "body"
        c = self.containers[<Py_ssize_t>self.stack[-1]]
        return get_slot(c, _cont.off[2]) if fits(&_cont, c) else c.tag

    cdef flush(self):
        cdef str raw
        cdef Py_ssize_t n
        cdef bint text = self.has_text()
        if text:
            raw = PyUnicode_DecodeUTF8(self.buf, self.blen, NULL)
            self.blen = 0
            self.blocks.append(self.block(
                raw, self.innermost_tag(), self.chain(), self.link_chars, self.table_depth > 0,
                self.owners[-1] if self.owners else None, self.marked))
            self.marked = 0
        elif self.marked:  # a run without text: its spans are dropped, its images carried over
            n = self.count_byte(1)  # SPAN_OPEN
            if n:
                del self.spans[len(self.spans) - n:]
            n = self.count_byte(3)  # IMAGE
            self.blen = 0
            if n:
                self._reserve(n)
                memset(self.buf, 3, n)  # the images' markers, shown with the next block
                self.blen = n
                self.marked = MARK_IMAGE
            else:
                self.marked = 0
        else:
            self.blen = 0
        self.link_chars = 0
