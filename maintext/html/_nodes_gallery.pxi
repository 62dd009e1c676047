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


cdef object _names_gallery(xmlNode* n, tuple words, object search):
    """gallery._names_gallery of the element at ``n``: its class or id holds one of ``words``
    (lower-case ASCII) in any case: for ASCII names as substrings of the lower-cased names,
    else ``search`` (the IGNORECASE regular expression) decides."""
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
                                object search) except -1:
    """Whether ``n`` or one of its ``reach`` nearest ancestors (``getparent``: element nodes
    only) has a class or id naming a gallery; ``named`` memoizes the test per node address."""
    cdef Py_ssize_t level
    for level in range(reach + 1):
        if n is NULL:
            return False
        key = <size_t>n
        found = named.get(key)
        if found is None:
            found = named[key] = _names_gallery(n, words, search)
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
    cdef xmlNode* n
    cdef Py_ssize_t items
    cdef _Element el
    for box in elements:
        hit = False
        if box is not None:
            el = <_Element>box
            n = el._c_node
            # The memoized class/id name test first: it is cheap after its first call and
            # rarely true, so the child tag count (a walk over every child) runs only for
            # boxes named (or under an ancestor named) a gallery. Same answer: both must hold.
            if _child_count(n) >= min_items and _named_gallery_within(n, reach, named, words, search):
                items = _max_child_tag_count(el._doc, n)
                hit = items >= min_items and items != 0
        out.append(hit)
    return out
