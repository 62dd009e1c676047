# cython: language_level=3
# libxml2 node tests shared by the native walk (_walk.pyx) and the metadata scans (_nodes.pyx,
# metadata/_native.pyx):
# which nodes lxml's iteration yields, and where lxml's .text/.tail find text.

from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode
from libc.string cimport strcmp


cdef inline bint _elementlike(xmlNode* n) noexcept nogil:
    # the nodes iter()/iterwalk yield (elements, comments, entity references, PIs)
    return (n.type == tree.XML_ELEMENT_NODE or n.type == tree.XML_COMMENT_NODE
            or n.type == tree.XML_ENTITY_REF_NODE or n.type == tree.XML_PI_NODE)


cdef inline bint _is_text(xmlNode* n) noexcept nogil:
    # a text or CDATA node (what lxml's text, tail and text_content() read)
    return n.type == tree.XML_TEXT_NODE or n.type == tree.XML_CDATA_SECTION_NODE


cdef inline bint _has_text(xmlNode* n) noexcept nogil:
    # lxml's text/tail: text and CDATA nodes from here, XInclude markers skipped
    while n is not NULL:
        if n.type == tree.XML_TEXT_NODE or n.type == tree.XML_CDATA_SECTION_NODE:
            return True
        if n.type != tree.XML_XINCLUDE_START and n.type != tree.XML_XINCLUDE_END:
            return False
        n = n.next
    return False


cdef inline xmlNode* _next_under(xmlNode* n, xmlNode* top) noexcept nogil:
    # the node after n in a depth-first walk of every node under top (NULL at the end)
    if n.type == tree.XML_ELEMENT_NODE and n.children is not NULL:
        return n.children
    while n is not top and n.next is NULL:
        n = n.parent
    if n is top:
        return NULL
    return n.next


cdef inline object _plain_text(xmlNode* top):
    """The text and CDATA nodes under element ``top`` joined (``text_content()``), or
    None when an entity reference is met (then lxml's own rule is used)."""
    cdef xmlNode* n = top.children
    cdef xmlNode* only = NULL
    cdef list parts = None
    while n is not NULL:
        if n.type == tree.XML_TEXT_NODE or n.type == tree.XML_CDATA_SECTION_NODE:
            if n.content is not NULL and n.content[0]:
                if only is NULL and parts is None:
                    only = n
                else:
                    if parts is None:
                        parts = [<bytes>(<const char*>only.content)]
                    parts.append(<bytes>(<const char*>n.content))
        elif n.type == tree.XML_ENTITY_REF_NODE:
            return None
        n = _next_under(n, top)
    if parts is not None:
        return b"".join(parts).decode("utf-8")
    if only is not NULL:
        return (<const char*>only.content).decode("utf-8")
    return ""


cdef inline int _hiding_name(const char* name) noexcept nogil:
    # of an attribute: 1 style, 2 hidden, 3 aria-hidden (those that can hide an element),
    # 0 other (the first letter tells which to compare: most attributes, class, href, id,
    # src, are passed over without a call)
    cdef char c = name[0]
    if c == b's':
        return 1 if strcmp(name, "style") == 0 else 0
    if c == b'h':
        return 2 if strcmp(name, "hidden") == 0 else 0
    if c == b'a':
        return 3 if strcmp(name, "aria-hidden") == 0 else 0
    return 0
