# Included by _scan.pyx (one extension module): the scans over libxml2's tree, twins of
# XPaths and loops of maintext.html.clean (the style/hidden attributes, the text-node count,
# the text length _unwrap_swallowing measures).
# The string scans stay in _scan.pyx.

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
        cur = _next_under(cur, top)
    return out


cdef xmlNode* _first_child_named(xmlNode* parent, const char* name) noexcept nogil:
    """The first element child of ``parent`` named ``name`` in no namespace, or NULL."""
    cdef xmlNode* cur = parent.children
    while cur is not NULL:
        if cur.type == tree.XML_ELEMENT_NODE and cur.ns is NULL and strcmp(<const char*>cur.name, name) == 0:
            return cur
        cur = cur.next
    return NULL


cdef xmlNode* _head_title(xmlNode* root) noexcept nogil:
    """The first <title> child of the first <head> child of ``root`` that has one (as
    ``root.iterchildren("head")`` then ``iterchildren("title")`` find them), or NULL."""
    cdef xmlNode* head = root.children
    cdef xmlNode* title
    while head is not NULL:
        if head.type == tree.XML_ELEMENT_NODE and head.ns is NULL and strcmp(<const char*>head.name, "head") == 0:
            title = _first_child_named(head, "title")
            if title is not NULL:
                return title
        head = head.next
    return NULL


def head_title(_Element root):
    """``document.head_title``'s element, or None: one walk of the children in C, no
    iterator objects."""
    cdef xmlNode* title = _head_title(root._c_node)
    return elementFactory(root._doc, title) if title is not NULL else None


def head_title_text(_Element root):
    """``head_title(root).text``, or False without a title: no element proxy made."""
    cdef xmlNode* title = _head_title(root._c_node)
    return textOf(title) if title is not NULL else False


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


cdef inline Py_ssize_t _utf8_chars(const unsigned char* p, Py_ssize_t n) noexcept nogil:
    """The characters of the valid UTF-8 ``p[:n]``: its bytes that are not continuation bytes,
    counted in blocks of 255 (a byte-wide sum cannot overflow; the compiler turns the inner
    loop into vector steps: ~0.3 instructions a byte, against 4 one byte at a time)."""
    cdef Py_ssize_t i = 0, j, m, count = 0
    cdef unsigned char block
    while i < n:
        m = min(n - i, 255)
        block = 0
        for j in range(m):
            block += (p[i + j] & 0xC0) != 0x80
        count += block
        i += m
    return count


def text_length(_Element el):
    """``len(el.text_content())`` without building the string: the characters (UTF-8 lead
    bytes) of the text and CDATA nodes under ``el``, its tail not included."""
    cdef xmlNode* top = el._c_node
    cdef xmlNode* cur = top.children
    cdef const unsigned char* p
    cdef Py_ssize_t count = 0
    while cur is not NULL:
        if cur.type == tree.XML_TEXT_NODE or cur.type == tree.XML_CDATA_SECTION_NODE:
            p = <const unsigned char*>cur.content
            if p is not NULL:
                count += _utf8_chars(p, <Py_ssize_t>strlen(<const char*>p))
        elif cur.type == tree.XML_ELEMENT_NODE and cur.children is not NULL:
            cur = cur.children
            continue
        while cur is not top and cur.next is NULL:
            cur = cur.parent
        if cur is top:
            break
        cur = cur.next
    return count


def long_text_runs(_Element el, Py_ssize_t run):
    """The elements of ``el``'s document holding ``run`` adjacent text nodes or more (text and
    CDATA children with no other node between them), in document order:
    :func:`maintext.html.clean._long_runs_py`'s selection, in one walk over libxml2's nodes."""
    cdef _Document doc = el._doc
    cdef xmlNode* top = <xmlNode*>el._c_node.doc
    cdef xmlNode* cur = top.children
    cdef xmlNode* child
    cdef Py_ssize_t count
    cdef list out = []
    while cur is not NULL:
        if cur.type == tree.XML_ELEMENT_NODE:
            count = 0
            child = cur.children
            while child is not NULL and count < run:
                if child.type == tree.XML_TEXT_NODE or child.type == tree.XML_CDATA_SECTION_NODE:
                    count += 1
                else:
                    count = 0
                child = child.next
            if count >= run and run > 0:
                out.append(elementFactory(doc, cur))
            if cur.children is not NULL:
                cur = cur.children
                continue
        while cur is not top and cur.next is NULL:
            cur = cur.parent
        if cur is top:
            break
        cur = cur.next
    return out


def text_runs(_Element el):
    """``(count_texts(el), longest)``, in the same walk: ``longest``, the most text nodes that
    follow each other under one element (:func:`long_text_runs` finds none longer)."""
    cdef xmlNode* top = <xmlNode*>el._c_node.doc
    cdef xmlNode* cur = top.children
    cdef Py_ssize_t count = 0, run = 0, longest = 0
    while cur is not NULL:
        if cur.type == tree.XML_TEXT_NODE or cur.type == tree.XML_CDATA_SECTION_NODE:
            count += 1
            # a text sibling just before it is the node the walk met last (a text has no
            # children), so ``run`` is that sibling's run
            if cur.prev is not NULL and (cur.prev.type == tree.XML_TEXT_NODE
                                         or cur.prev.type == tree.XML_CDATA_SECTION_NODE):
                run += 1
            else:
                run = 1
            if run > longest and cur.parent is not NULL and cur.parent.type == tree.XML_ELEMENT_NODE:
                longest = run
        if cur.type == tree.XML_ELEMENT_NODE and cur.children is not NULL:
            cur = cur.children
            continue
        while cur is not top and cur.next is NULL:
            cur = cur.parent
        if cur is top:
            break
        cur = cur.next
    return count, longest


from libc.string cimport memset

cdef enum:
    _NAME_SLOTS = 1024  # (a power of two) twice the distinct names tag_names takes


def tag_names(_Element root):
    """The names of ``root`` and its descendant elements, lowercased, as a set (the twin of
    ``{el.tag.lower() for el in root.iter() if isinstance(el.tag, str)}``); None when
    more than _NAME_SLOTS // 2 distinct name strings were met. One walk, each name's
    pointer looked up in a small table (the parser interns names: a page has a few dozen),
    so that cleaning gives lxml's strip functions only the tags that are there (their
    matcher compares each element with every tag it is given: ~0.4 M a page on gne-cn)."""
    cdef xmlNode* top = root._c_node
    cdef xmlNode* cur = top
    cdef const void* slots[_NAME_SLOTS]
    cdef size_t h
    cdef Py_ssize_t used = 0, i
    memset(slots, 0, sizeof(slots))
    while cur is not NULL:
        if cur.type == tree.XML_ELEMENT_NODE:
            h = ((<size_t>cur.name) >> 4) * <size_t>0x9E3779B97F4A7C15ULL
            h = (h >> 40) & (_NAME_SLOTS - 1)
            while slots[h] is not NULL and slots[h] != <const void*>cur.name:
                h = (h + 1) & (_NAME_SLOTS - 1)
            if slots[h] is NULL:
                if used >= _NAME_SLOTS // 2:
                    return None
                slots[h] = <const void*>cur.name
                used += 1
        cur = _next_under(cur, top)
    names = set()
    for i in range(_NAME_SLOTS):
        if slots[i] is not NULL:
            names.add((<const char*>slots[i]).decode("utf-8", "replace").lower())
    return names
