# gallery_containers' loop over the boxes (maintext/methods/auto/gallery.py, included by
# _nodes.pyx): the children counted and the class/id of the box and its ancestors read in C,
# no proxy made for the ancestors.


cdef Py_ssize_t _child_count(xmlNode* n) noexcept:
    """``len(el)``: the children lxml counts (elements, comments, entity references, PIs)."""
    cdef xmlNode* c = n.children
    cdef Py_ssize_t count = 0
    while c is not NULL:
        if _elementlike(c):
            count += 1
        c = c.next
    return count


cdef int _ascii_lower_into(const char* value, char* buf, Py_ssize_t at, Py_ssize_t cap) noexcept:
    """Copy the ASCII ``value`` lower-cased into ``buf[at:]``; the new end, or -1 when a byte is
    not ASCII or ``cap`` would be passed (the caller then reads the names in Python)."""
    cdef Py_ssize_t i = 0
    cdef unsigned char c
    while value[i]:
        c = <unsigned char>value[i]
        if c >= 128 or at >= cap:
            return -1
        buf[at] = c + 32 if 65 <= c <= 90 else c
        at += 1
        i += 1
    return at


cdef int _names_gallery_ascii(xmlNode* n, list words) noexcept:
    """``_names_gallery`` without a Python string, for the usual element: its class and id
    absent or held in one text node each, ASCII and short. 1 or 0, the same answer
    (the lower-cased ``"class id"`` searched for each of ``words``, as bytes); -1: not such
    an element."""
    cdef char buf[512]
    cdef Py_ssize_t end = 0
    cdef const char* cls = NULL
    cdef const char* ident = NULL
    cdef xmlAttr* a = _attr_node(n, "class")
    if a is not NULL:
        cls = _plain_value(a)
        if cls is NULL and a.children is not NULL:
            return -1  # (no text node: an empty value, as absent; else read in Python)
    a = _attr_node(n, "id")
    if a is not NULL:
        ident = _plain_value(a)
        if ident is NULL and a.children is not NULL:
            return -1
    if cls is not NULL:
        end = _ascii_lower_into(cls, buf, 0, 255)
        if end < 0:
            return -1
    buf[end] = 32  # f"{cls or ''} {ident or ''}"
    end += 1
    if ident is not NULL:
        end = _ascii_lower_into(ident, buf, end, 511)
        if end < 0:
            return -1
    buf[end] = 0
    for word in words:
        if strstr(buf, <const char*>(<bytes>word)) is not NULL:
            return 1
    return 0


cdef object _names_gallery(xmlNode* n, tuple words, object search, list ascii_words=None):
    """gallery._names_gallery of the element at ``n``: its class or id holds one of ``words``
    (lower-case ASCII) in any case: for ASCII names as substrings of the lower-cased names,
    else ``search`` (the IGNORECASE regular expression) decides. ``ascii_words``: ``words``
    as bytes, for the test in C (:func:`_names_gallery_ascii`) first."""
    cdef int found
    if ascii_words is not None:
        found = _names_gallery_ascii(n, ascii_words)
        if found >= 0:
            return found == 1
    cls = _attr(n, "class")
    ident = _attr(n, "id")
    names = f"{cls or ''} {ident or ''}"
    if not names.isascii():
        return search(names) is not None
    lower = names.lower()
    for word in words:
        if word in lower:
            return True
    return False


cdef bint _named_gallery_within(xmlNode* n, Py_ssize_t reach, dict named, tuple words,
                                object search, list ascii_words=None) except -1:
    """Whether ``n`` or one of its ``reach`` nearest ancestors (``getparent``: element nodes
    only) has a class or id naming a gallery; ``named`` memoizes the test per node address."""
    cdef Py_ssize_t level
    for level in range(reach + 1):
        if n is NULL:
            return False
        key = <size_t>n
        found = named.get(key)
        if found is None:
            found = named[key] = _names_gallery(n, words, search, ascii_words)
        if found:
            return True
        n = n.parent
        if n is not NULL and n.type != tree.XML_ELEMENT_NODE:
            n = NULL  # (getparent: None above the root element)
    return False


def gallery_hits(list elements, Py_ssize_t min_items, Py_ssize_t reach, tuple words, object search):
    """For each of ``elements`` (the boxes holding ``min_items`` blocks or more, in order; None
    for a box without one): whether gallery.gallery_containers counts it a gallery: it has
    ``min_items`` children or more, as many of one tag (:func:`max_child_tag_count`), and it
    or one of its ``reach`` nearest ancestors (``getparent``) has a class or id naming a gallery
    (:func:`_names_gallery`, decided once for each element)."""
    cdef list out = []
    cdef dict named = {}  # node address -> its class/id names a gallery
    cdef _Element el
    cdef list ascii_words = _gallery_ascii_words(words)
    for box in elements:
        hit = False
        if box is not None:
            el = <_Element>box
            hit = _gallery_hit(el._doc, el._c_node, min_items, reach, named, words, search, ascii_words)
        out.append(hit)
    return out


def gallery_hits_at(_Element root, bytes nodes, list cids, Py_ssize_t min_items, Py_ssize_t reach, tuple words,
                    object search):
    """:func:`gallery_hits` of the boxes ``cids`` of a walk without container elements
    (``Segmentation._nodes``: their libxml2 nodes, recorded while the tree of ``root`` was
    walked; it must not have changed since): no element proxy made for them."""
    cdef list out = []
    cdef dict named = {}
    cdef const size_t* table = <const size_t*><const char*>nodes
    cdef Py_ssize_t cid, count = len(nodes) // sizeof(size_t)
    cdef list ascii_words = _gallery_ascii_words(words)
    for c in cids:
        cid = c
        if not 0 <= cid < count:
            raise IndexError(cid)
        out.append(_gallery_hit(root._doc, <xmlNode*>table[cid], min_items, reach, named, words, search,
                                ascii_words))
    return out


cdef list _gallery_ascii_words(tuple words):
    """``words`` as bytes for the test in C, or None (a word not of lower-case ASCII
    letters and punctuation without a space: every name then read in Python)."""
    cdef list out = []
    for word in words:
        if not (isinstance(word, str) and word.isascii() and word == word.lower() and " " not in word and word):
            return None
        out.append((<str>word).encode("ascii"))
    return out


cdef bint _gallery_hit(_Document doc, xmlNode* n, Py_ssize_t min_items, Py_ssize_t reach, dict named, tuple words,
                       object search, list ascii_words) except -1:
    """Whether the box at ``n`` is a gallery (see :func:`gallery_hits`)."""
    cdef Py_ssize_t items
    # The memoized class/id name test first: it is cheap after its first call and
    # rarely true, so the child tag count (a walk over every child) runs only for
    # boxes named (or under an ancestor named) a gallery. Same answer: both must hold.
    if _child_count(n) >= min_items and _named_gallery_within(n, reach, named, words, search, ascii_words):
        items = _max_child_tag_count(doc, n)
        return items >= min_items and items != 0
    return False
