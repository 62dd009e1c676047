# The first scan of cleaning (maintext/html/clean.py, included by _nodes.pyx): one walk of
# the tree that gives what two used to: the tags present (_scan.tag_names) and the elements
# that may have swallowed the page (clean._swallowing_candidates, an lxml iter()).

from libc.string cimport memset, strlen

cdef enum:
    _CLEAN_NAME_SLOTS = 1024  # (a power of two) twice the distinct names, as _scan.tag_names


cdef bint _has_elementlike_child(xmlNode* n) noexcept nogil:
    """``len(el) > 0``: a child lxml counts (element, comment, entity reference, PI)."""
    cdef xmlNode* c = n.children
    while c is not NULL:
        if _elementlike(c):
            return True
        c = c.next
    return False


cdef bint _name_in(const char* name, const char** wanted, Py_ssize_t n) noexcept nogil:
    """``name`` is one of the ``n`` names of ``wanted``, exactly."""
    cdef Py_ssize_t i
    for i in range(n):
        if name[0] == wanted[i][0] and strcmp(name, wanted[i]) == 0:
            return True
    return False




cdef xmlNode* _next_element_counting(xmlNode* n, xmlNode* top, Py_ssize_t* texts) noexcept nogil:
    """``_next(n, top, True)``, adding to ``texts`` the text and CDATA nodes it passes over
    (over the whole walk: each of those under ``top`` once)."""
    cdef xmlNode* c
    if n.type == tree.XML_ELEMENT_NODE:
        c = n.children
        while c is not NULL:
            if c.type == tree.XML_ELEMENT_NODE:
                return c
            texts[0] += _is_text(c)
            c = c.next
    return _after_counting(n, top, texts)


cdef xmlNode* _after_counting(xmlNode* n, xmlNode* top, Py_ssize_t* texts) noexcept nogil:
    """The next element after ``n``'s subtree (``_after_subtree``), adding to ``texts`` the text
    and CDATA nodes it passes over (a walk that skips subtrees counts none of theirs)."""
    cdef xmlNode* c
    while n is not top:
        c = n.next
        while c is not NULL:
            if c.type == tree.XML_ELEMENT_NODE:
                return c
            texts[0] += _is_text(c)
            c = c.next
        n = n.parent
        if n is NULL:
            return NULL
    return NULL


cdef object _document_texts(xmlNode* top, Py_ssize_t inside):
    """The text and CDATA nodes of ``top``'s document (``_scan.text_runs``' count), given
    ``inside``, those under ``top``: when ``top`` is a child of the document node with no
    other element beside it (its siblings' texts added); else None (not known)."""
    cdef xmlNode* c
    if top.parent is NULL or (top.parent.type != tree.XML_DOCUMENT_NODE
                              and top.parent.type != tree.XML_HTML_DOCUMENT_NODE):
        return None
    c = top.parent.children
    while c is not NULL:
        if c is not top:
            if c.type == tree.XML_ELEMENT_NODE:
                return None
            inside += _is_text(c)
        c = c.next
    return inside


cdef Py_ssize_t _text_under(xmlNode* top) noexcept nogil:
    """``_scan.text_length``: the characters of the text and CDATA nodes under ``top``."""
    cdef xmlNode* cur = top.children
    cdef const unsigned char* p
    cdef Py_ssize_t count = 0
    while cur is not NULL:
        if _is_text(cur):
            p = <const unsigned char*>cur.content
            if p is not NULL:
                count += _utf8_code_points(p, strlen(<const char*>p))
        cur = _next_under(cur, top)
    return count


cdef list _swallowing(_Element root, list found, list sizes):
    """Of the elements ``found`` (of ``sizes`` characters each), those whose text is more than
    half of ``root``'s: clean._unwrap_swallowing's test with its _PageLength (the page counted
    as far as the questions need, at most once per higher limit)."""
    cdef list out = []
    cdef Py_ssize_t count = -1, size, limit
    cdef bint whole = False
    for i in range(len(found)):
        size = sizes[i]
        limit = size * 2
        if count < 0 or (not whole and count < limit):
            count = text_length_within(root, limit)
            whole = count < limit
        if count < limit:
            out.append(found[i])
    return out


def clean_scan(_Element root, tuple swallowing, Py_ssize_t big=-1, tuple drop=None, tuple unwrap=None):
    """``(tag_names(root), candidates, texts)`` in one walk: the lowercased names of ``root``
    and its descendant elements as a set (None past _CLEAN_NAME_SLOTS // 2 distinct name
    strings: ``_scan.tag_names``' answer), the elements of ``root.iter(*swallowing)``
    (at most 8 ASCII tags: a name without ``{}`` matches elements of no namespace) that have
    children (``len(el)``), in document order (clean._swallowing_candidates), and the text
    and CDATA nodes of the document (the count of ``_scan.text_runs``; None when ``root`` is
    not its only element at the top). Whether a name is wanted is decided once for each
    name string (the parser interns names). ``big`` >= 0: of those elements, only the ones
    clean._unwrap_swallowing unwraps (of more than ``big`` characters, more than half of the
    page's), decided here (no proxy made for the others). ``drop`` (with ``big`` >= 0): a fourth
    value, when no element swallowed the page, ``strip_elements_hiding(root, drop)`` done
    from this walk (the tree changed after it); else None (the tree as it was); the names
    are not collected then (None: the caller's filters of its tables by them are not needed
    by the compiled stripping, which finds the names in the document's dictionary). With
    ``drop``, a fifth value: the elements named in ``unwrap`` (an :class:`Unwraps` for
    ``strip_tags_found``) outside those dropped, when the drop was done; else None."""
    cdef xmlNode* top = root._c_node
    cdef const char* wanted[8]
    cdef Py_ssize_t i, n_wanted = len(swallowing)
    cdef bint asked = drop is not None and big >= 0  # (a fourth value answered)
    cdef bint dropping = asked and STRIP_BOUND
    cdef _NameSet drop_names
    cdef _NameSet unwrap_names
    cdef _NodeList drops
    cdef Unwraps unwraps = None
    cdef list keep = [tag.encode("ascii") for tag in swallowing]  # (owns the bytes)
    if n_wanted > 8:
        raise ValueError("clean_scan takes at most 8 tags")
    for i in range(n_wanted):
        wanted[i] = <const char*>(<bytes>keep[i])
    if top.type != tree.XML_ELEMENT_NODE:  # (no element to name or to match)
        return (set(), [], None, None, None) if asked else (set(), [], None)
    if dropping:
        _name_set(&drop_names, top, drop)
        if unwrap is not None and _name_set(&unwrap_names, top, unwrap) > 0:
            unwraps = Unwraps.__new__(Unwraps)
            unwraps.top = top
    drops.items, drops.count, drops.size = NULL, 0, 0
    try:
        found = _clean_walk(root, n_wanted, wanted, big, dropping, &drop_names, &drops,
                            &unwrap_names if unwraps is not None else NULL,
                            &unwraps.found if unwraps is not None else NULL)
    finally:
        free(drops.items)
    if not asked:
        return found[:3]
    if found[3] is None:
        unwraps = None  # (the drop not done: the tree may change before the unwrapping)
    elif unwraps is None and unwrap is not None:
        unwraps = Unwraps.__new__(Unwraps)  # (none of the names in the document)
        unwraps.top = top
    return found + (unwraps,)


cdef enum:
    _WANTED = 1  # a name of ``swallowing``
    _TO_DROP = 2  # ... of ``drop``
    _TO_UNWRAP = 4  # ... of ``unwrap``


cdef unsigned char _name_kind(const unsigned char* name, const char** wanted, Py_ssize_t n_wanted,
                              bint dropping, _NameSet* drop_names, _NameSet* unwrap_names) noexcept nogil:
    """The kind bits of element name ``name`` (``unwrap_names`` NULL: no name is to unwrap)."""
    cdef unsigned char kind = _WANTED if _name_in(<const char*>name, wanted, n_wanted) else 0
    if dropping:
        if _in_set(drop_names, <const void*>name):
            kind |= _TO_DROP
        if unwrap_names is not NULL and _in_set(unwrap_names, <const void*>name):
            kind |= _TO_UNWRAP
    return kind


cdef tuple _clean_walk(_Element root, Py_ssize_t n_wanted, const char** wanted, Py_ssize_t big,
                       bint dropping, _NameSet* drop_names, _NodeList* drops, _NameSet* unwrap_names,
                       _NodeList* unwraps):
    """clean_scan's walk and its four values (``drops`` owned by the caller)."""
    cdef list hiding = [] if dropping else None
    cdef xmlNode* top = root._c_node
    cdef xmlNode* cur = top
    cdef const void* slots[_CLEAN_NAME_SLOTS]
    cdef unsigned char kind_at[_CLEAN_NAME_SLOTS]
    cdef size_t h
    cdef Py_ssize_t used = 0, i
    cdef bint overflow = False
    cdef unsigned char kind  # of the element's name: _WANTED, _TO_DROP, _TO_UNWRAP bits
    cdef list candidates = []
    cdef list sizes = []  # (big >= 0) the characters of each of candidates
    cdef Py_ssize_t size
    cdef Py_ssize_t texts = 0
    cdef _Document doc = root._doc
    cdef tuple names_of = _HIDING_NAMES
    cdef xmlNode* leave_at = NULL  # (dropping) the element after the one being dropped
    cdef bint inside = False  # (dropping) in an element to drop
    memset(slots, 0, sizeof(slots))
    while cur is not NULL:
        # (what a name is, decided once for each name string)
        if overflow:
            kind = _name_kind(cur.name, wanted, n_wanted, dropping, drop_names, unwrap_names)
        else:
            h = ((<size_t>cur.name) >> 4) * <size_t>0x9E3779B97F4A7C15ULL
            h = (h >> 40) & (_CLEAN_NAME_SLOTS - 1)
            while slots[h] is not NULL and slots[h] != <const void*>cur.name:
                h = (h + 1) & (_CLEAN_NAME_SLOTS - 1)
            if slots[h] is NULL:
                kind = _name_kind(cur.name, wanted, n_wanted, dropping, drop_names, unwrap_names)
                if used >= _CLEAN_NAME_SLOTS // 2:
                    overflow = True
                else:
                    slots[h] = <const void*>cur.name
                    kind_at[h] = kind
                    used += 1
            else:
                kind = kind_at[h]
        if dropping:
            if inside and cur is leave_at:
                inside = False
            if not inside:
                if kind & _TO_DROP and cur is not top and _no_namespace(cur):
                    _push_node(drops, cur)
                    inside = True
                    leave_at = _after_subtree(cur, top)
                else:
                    if _any_hiding(cur):
                        _add_hiding(hiding, doc, cur, names_of)
                    if kind & _TO_UNWRAP and cur is not top and _no_namespace(cur):
                        _push_node(unwraps, cur)
        if kind & _WANTED and cur.ns is NULL and _has_elementlike_child(cur):
            if big < 0:
                candidates.append(elementFactory(root._doc, cur))
            else:
                size = _text_under(cur)
                if size > big:
                    candidates.append(elementFactory(root._doc, cur))
                    sizes.append(size)
        cur = _next_element_counting(cur, top, &texts)
    if candidates and big >= 0:
        candidates = _swallowing(root, candidates, sizes)
    names = None
    if not overflow and not dropping:
        names = set()
        for i in range(_CLEAN_NAME_SLOTS):
            if slots[i] is not NULL:
                names.add((<const char*>slots[i]).decode("utf-8", "replace").lower())
    if dropping and (candidates or not _remove_all(drops)):
        hiding = None  # (the tree as it was: the caller unwraps, then drops)
    return names, candidates, _document_texts(top, texts), hiding


def text_length_within(_Element el, Py_ssize_t limit):
    """``_scan.text_length(el)`` (``len(el.text_content())``: the characters of the text and
    CDATA nodes under ``el``) when it is below ``limit``; else a number at least ``limit``
    (the walk stops at the first text node that reaches it: a test "is the page's text
    shorter than twice this box's" seldom needs the whole page counted)."""
    cdef xmlNode* top = el._c_node
    cdef xmlNode* cur = top.children
    cdef const unsigned char* p
    cdef Py_ssize_t count = 0
    while cur is not NULL:
        if _is_text(cur):
            p = <const unsigned char*>cur.content
            if p is not NULL:
                count += _utf8_code_points(p, strlen(<const char*>p))
                if count >= limit:
                    return count
        cur = _next_under(cur, top)
    return count
