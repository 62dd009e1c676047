# The walk's skip rule in C (included by _walk.pyx): boxskip.skip_box (and its weighing
# closure) over BoxSizes' plain case, without a Python call, an element proxy or a
# BoxSizes lookup per box.
#
# BoxSizes measures a box alone (its ``length`` and ``link_length``, here _text_len and
# _link_text_len on the node) unless DEEP measured boxes that were read are open: then it
# may know the box from one pass over the innermost of them, and the rule is asked in
# Python as before (ASK). Its record of the boxes read (``read``, ``close``) is kept by the
# walk in both cases. The page's text length (BoxSizes.total) is counted once a walk, and
# only as far as a decision needs: a box holds more than SKIP_MAX_SHARE of the page's text
# only while the text counted so far is too short to rule it out (the count can only grow,
# and a product of doubles by the same positive factor grows with it), so the count stops
# there and goes on from there for the next box; on most pages the first boxes are small
# and the whole page is never counted (one pass over a tree that a big page's cache does
# not hold).

DEF ASK = -8  # (size_to_skip: the rule must be asked in Python)


cdef inline xmlNode* _after_under(xmlNode* n, xmlNode* top) noexcept nogil:
    """The node after ``n`` and its subtree in a depth-first walk of every node under
    ``top`` (NULL at the end): _next_under without going down into ``n``."""
    while n is not top and n.next is NULL:
        n = n.parent
    if n is top:
        return NULL
    return n.next


cdef class _SkipRule:
    """boxskip.skip_box's numbers and tables (and the weighing closure's evidence)."""
    cdef double share_max, link_box_density, evidence_density
    cdef Py_ssize_t link_box_min_chars, evidence_min_chars, weigh, deep
    cdef Py_ssize_t counted  # the page's text counted so far (-1: not begun; -2: ASK)
    cdef xmlNode* next_text  # the node the count goes on from (NULL: all counted)
    cdef object link_box_reasons, evidence_reasons  # (sets of reasons)
    cdef bint weighing
    cdef set weighed

    cdef int setup(self, tuple rule, evidence, set weighed) except -1:
        """``rule``: segment's SKIP_RULE; ``evidence``: the weighing closure's RunningEvidence
        (None: plain skip_box); ``weighed``: the segmentation's boxes read to be weighed."""
        (self.share_max, self.link_box_reasons, self.link_box_min_chars, self.link_box_density,
         self.weigh, self.deep) = rule
        self.weighing = evidence is not None
        if self.weighing:
            self.evidence_reasons = evidence.reasons
            self.evidence_min_chars = evidence.min_chars
            self.evidence_density = evidence.link_density_max
        self.weighed = weighed
        self.counted = -1
        self.next_text = NULL
        return 0

    cdef int holds_much(self, xmlNode* top, xmlNode* box, Py_ssize_t size) noexcept:
        """``size > share_max * total``, the page's text length under ``top`` (1 or 0),
        counted only as far as needed; -1 when an entity reference is met (ASK). ``size``
        is the text of element ``box`` (no entity reference under it): a count that meets
        the box adds it and goes on after it, instead of reading its text nodes again (the
        answer is a function of the total, whatever the step the count stops at)."""
        cdef xmlNode* n
        cdef const unsigned char* p
        if self.counted == -2:
            return -1
        if self.counted == -1:
            self.counted = 0
            self.next_text = top.children
        n = self.next_text
        while n is not NULL and <double>size > self.share_max * <double>self.counted:
            if n is box:
                self.counted += size
                n = _after_under(n, top)
                continue
            if n.type == tree.XML_TEXT_NODE or n.type == tree.XML_CDATA_SECTION_NODE:
                p = <const unsigned char*>n.content
                if p is not NULL:
                    self.counted += _utf8_code_points(p, strlen(<const char*>p))
            elif n.type == tree.XML_ENTITY_REF_NODE:
                self.counted = -2  # (never from the HTML parser)
                return -1
            n = _next_under(n, top)
        self.next_text = n
        return <double>size > self.share_max * <double>self.counted

    cdef Py_ssize_t size_to_skip(self, xmlNode* cur, xmlNode* top, str boiler, Py_ssize_t cid,
                                 Py_ssize_t read_open) except -9:
        """skip_box of box ``cur`` (reason ``boiler``, container ``cid``) in the walk of
        ``top``, ``read_open`` measured boxes read being open: the size to skip, -1 to read
        it, WEIGH to read and weigh it (noted in ``weighed``), or ASK."""
        cdef Py_ssize_t size, links = -1
        cdef int much
        if read_open >= self.deep:
            return ASK
        size = _text_len(cur)
        if size < 0:
            return ASK
        much = self.holds_much(top, cur, size)
        if much < 0:
            return ASK
        if much:
            return -1
        if size >= self.link_box_min_chars and boiler in self.link_box_reasons:
            links = _link_text_len(cur)
            if links < 0:
                return ASK
            if <double>links <= self.link_box_density * <double>size:
                return -1
        if self.weighing and boiler in self.evidence_reasons and size >= self.evidence_min_chars:
            if links < 0:
                links = _link_text_len(cur)
                if links < 0:
                    return ASK
            if <double>links <= self.evidence_density * <double>size:
                self.weighed.add(cid)
                return self.weigh
        return size
