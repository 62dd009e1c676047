# Included by _scan.pyx (one extension module): the scans over libxml2's tree, twins of
# XPaths and loops of maintext.html.clean (the style/hidden attributes, the text-node count,
# the candidates of _unwrap_swallowing). The string scans stay in _scan.pyx.

cdef inline int _hiding_name(const char* name) noexcept nogil:
    # 1 style, 2 hidden, 3 aria-hidden, 0 other
    if strcmp(name, "style") == 0:
        return 1
    if strcmp(name, "hidden") == 0:
        return 2
    if strcmp(name, "aria-hidden") == 0:
        return 3
    return 0


_NAMES = (None, "style", "hidden", "aria-hidden")


def hiding_attributes(_Element root):
    """(element, attribute name, value) of every style/hidden/aria-hidden attribute of
    ``root`` and its descendants, in document order (``_HIDING_ATTRS``'s selection)."""
    cdef _Document doc = root._doc
    cdef xmlNode* top = root._c_node
    cdef xmlNode* cur = top
    cdef xmlAttr* attr
    cdef int which
    cdef list out = []
    while cur is not NULL:
        if cur.type == tree.XML_ELEMENT_NODE:
            attr = cur.properties
            while attr is not NULL:
                if attr.type == tree.XML_ATTRIBUTE_NODE and attr.ns is NULL:
                    which = _hiding_name(<const char*>attr.name)
                    if which:
                        out.append((elementFactory(doc, cur), _NAMES[which], attributeValue(cur, attr)))
                attr = attr.next
            if cur.children is not NULL:  # only an element's children are its descendants
                cur = cur.children
                continue
        if cur is top:
            break
        while cur.next is NULL:
            cur = cur.parent
            if cur is top or cur is NULL:
                cur = NULL
                break
        if cur is not NULL:
            cur = cur.next
    return out


def count_texts(_Element el):
    """``count(//text())`` of ``el``'s document (the XPath :mod:`maintext.html.clean` runs):
    its text and CDATA nodes, children of the document's elements (only elements hold
    children in a parsed HTML tree; a DTD's are not on the descendant axis)."""
    cdef xmlNode* top = <xmlNode*>el._c_node.doc
    cdef xmlNode* cur = top.children
    cdef Py_ssize_t count = 0
    while cur is not NULL:
        if cur.type == tree.XML_TEXT_NODE or cur.type == tree.XML_CDATA_SECTION_NODE:
            count += 1
        if cur.type == tree.XML_ELEMENT_NODE and cur.children is not NULL:
            cur = cur.children
            continue
        while cur is not top and cur.next is NULL:
            cur = cur.parent
        if cur is top:
            break
        cur = cur.next
    return count


cdef long _line(_Document doc, xmlNode* c) except? -1:
    """``sourceline or 0`` of the node (read through its proxy: libxml2's xmlGetLineNo is not
    linked into this module)."""
    return elementFactory(doc, c).sourceline or 0


cdef long _line_span(_Document doc, xmlNode* el, long line_cap) except? -2:
    """:func:`maintext.html.clean._line_span`: lines from ``el`` to its last descendant (the
    last child, as ``el[-1]`` takes it, down to a leaf), -1 when libxml2 stopped counting
    (at ``line_cap``) inside an element with a parent element."""
    cdef xmlNode* last = el
    cdef xmlNode* child
    cdef long end
    while True:
        child = last.last
        while child is not NULL and not tree._isElement(child):
            child = child.prev
        if child is NULL:
            break
        last = child
    end = _line(doc, last)
    if end >= line_cap and el.parent is not NULL and tree._isElement(el.parent):
        return -1
    return end - _line(doc, el)


cdef inline bint _swallowing_name(xmlNode* c) noexcept:
    # noscript, nav, menu (clean._SWALLOWING_TAGS), without a namespace
    cdef const char* name = <const char*>c.name
    if c.ns is not NULL and c.ns.href is not NULL and c.ns.href[0] != 0:
        return False
    return strcmp(name, "noscript") == 0 or strcmp(name, "nav") == 0 or strcmp(name, "menu") == 0


def swallowing_candidates(_Element root, long min_span_lines, long line_cap):
    """The ``noscript``/``nav``/``menu`` elements (``root`` and its descendants, in document
    order) with children that :func:`maintext.html.clean._unwrap_swallowing` measures: those
    whose source lines may span half the page's (its ``_swallowing_candidates``)."""
    cdef _Document doc = root._doc
    cdef xmlNode* top = root._c_node
    cdef xmlNode* cur = top
    cdef xmlNode* child
    cdef long page_lines = _line_span(doc, top, line_cap)
    cdef long span
    cdef list out = []
    while cur is not NULL:
        if cur.type == tree.XML_ELEMENT_NODE:
            if _swallowing_name(cur):
                child = cur.children
                while child is not NULL and not tree._isElement(child):
                    child = child.next
                if child is not NULL:  # len(el) > 0
                    span = _line_span(doc, cur, line_cap)
                    if not (page_lines >= min_span_lines and 0 <= span and span * 2 < page_lines):
                        out.append(elementFactory(doc, cur))
            if cur.children is not NULL:
                cur = cur.children
                continue
        if cur is top:
            break
        while cur.next is NULL:
            cur = cur.parent
            if cur is top or cur is NULL:
                cur = NULL
                break
        if cur is not NULL:
            cur = cur.next
    return out
