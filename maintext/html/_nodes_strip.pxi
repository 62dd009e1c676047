# Cleaning's stripping passes in C (maintext/html/clean.py, included by _nodes.pyx): lxml's
# ``strip_elements(root, *names, with_tail=False)`` (with the hiding attributes of what is
# left, found in the same walk; or in cleaning's first walk, _nodes_clean.pxi) and
# ``strip_tags(root, *names)`` (of the elements a walk found, ``strip_tags_found``), the same
# tree after; and clean_tree's loop over the hiding attributes (``remove_hidden``, at the
# end). lxml's strip functions test every element against every name given (~30 tags each),
# each in a pass of its own; here a name is decided once for each name string of the
# document.
#
# Exactly lxml's result (lxml 6 cleanup.pxi, _MultiTagMatcher, _removeNode,
# _replaceNodeByChildren, attemptDeallocation), given:
# - a name matches as lxml's matcher does: the element's name is the very string the
#   document's dictionary holds for it (xmlDictExists: lxml compares addresses only), and
#   the element has no namespace, or one of empty URI; only elements match (never the top);
# - strip_elements removes the outermost matching elements (lxml does not look inside a
#   removed one): unlinked, their tails left where they were (with_tail=False, no text
#   merged), freed unless an element proxy (``_private``) lives in their subtree (then left
#   detached for the proxy, as lxml's attemptDeallocation does);
# - strip_tags replaces every matching element by its children, in place (no text merged),
#   and frees it unless it has a proxy;
# - lxml also fixes the namespaces of what it keeps detached (moveNodeToDocument) and of the
#   children of an unwrapped element declaring namespaces: on such a tree (never an HTML
#   parse) nothing is changed and None is returned, and the caller runs lxml's own.
# Both walk first, change after: on None the tree is as it was.

from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memset

from maintext.html._dl cimport dlsym, _open_loaded

# libxml2's functions, from lxml's own module (its libxml2 is linked in, not shared)
ctypedef void (*node_f)(xmlNode* node) noexcept nogil
ctypedef const unsigned char* (*dict_exists_f)(void* dict, const unsigned char* name, int length) noexcept nogil
ctypedef xmlNode* (*add_sibling_f)(xmlNode* cur, xmlNode* elem) noexcept nogil
cdef add_sibling_f _xmlAddNextSibling = NULL
cdef node_f _xmlUnlinkNode = NULL
cdef node_f _xmlFreeNode = NULL
cdef dict_exists_f _xmlDictExists = NULL


cdef bint _bind_strip():
    """Look libxml2's functions up in lxml's loaded module; whether all were found."""
    global _xmlUnlinkNode, _xmlFreeNode, _xmlDictExists, _xmlAddNextSibling
    import lxml.etree
    cdef void* h = _open_loaded(lxml.etree)
    if h is NULL:
        return False
    _xmlUnlinkNode = <node_f>dlsym(h, "xmlUnlinkNode")
    _xmlFreeNode = <node_f>dlsym(h, "xmlFreeNode")
    _xmlDictExists = <dict_exists_f>dlsym(h, "xmlDictExists")
    _xmlAddNextSibling = <add_sibling_f>dlsym(h, "xmlAddNextSibling")
    return (_xmlUnlinkNode is not NULL and _xmlFreeNode is not NULL and _xmlDictExists is not NULL
            and _xmlAddNextSibling is not NULL)


STRIP_BOUND = _bind_strip()  # (False: the functions below are not to be called)
_HIDING_NAMES = (None, "style", "hidden", "aria-hidden")  # (_hiding_name's numbers)

cdef enum:
    _STRIP_SLOTS = 256  # (a power of two) the names asked, at most half of it


cdef struct _NameSet:
    const void* slots[_STRIP_SLOTS]


cdef inline size_t _slot_of(const void* name) noexcept nogil:
    cdef size_t h = ((<size_t>name) >> 4) * <size_t>0x9E3779B97F4A7C15ULL
    return (h >> 40) & (_STRIP_SLOTS - 1)


cdef dict _encoded = {}  # names tuple -> its names in UTF-8 (the few tuples cleaning asks with)


cdef tuple _utf8_names(tuple names):
    """``names`` encoded, from ``_encoded`` (cleared past 64 tuples)."""
    found = _encoded.get(names)
    if found is None:
        if len(_encoded) >= 64:
            _encoded.clear()
        found = _encoded[names] = tuple([(<str>tag).encode("utf-8") for tag in names])
    return <tuple>found


cdef int _name_set(_NameSet* s, xmlNode* top, tuple names) except -1:
    """Fill ``s`` with the dictionary's strings of ``names`` (names without namespace: those
    the dictionary has; the others name no element of the document); the number found."""
    cdef Py_ssize_t found = 0
    cdef size_t h
    cdef const unsigned char* name
    cdef bytes b
    memset(s.slots, 0, sizeof(s.slots))
    if len(names) > _STRIP_SLOTS // 2:
        raise ValueError("too many names")
    if top.doc is NULL or top.doc.dict is NULL:
        return 0  # (lxml: xmlDictExists finds nothing)
    for b in _utf8_names(names):
        name = _xmlDictExists(top.doc.dict, <const unsigned char*>(<char*>b), <int>len(b))
        if name is NULL:
            continue
        h = _slot_of(name)
        while s.slots[h] is not NULL and s.slots[h] != <const void*>name:
            h = (h + 1) & (_STRIP_SLOTS - 1)
        if s.slots[h] is NULL:
            s.slots[h] = <const void*>name
            found += 1
    return found


cdef inline bint _in_set(_NameSet* s, const void* name) noexcept nogil:
    """``name`` (a dictionary's string) is one of the set's, by address."""
    cdef size_t h = _slot_of(name)
    while s.slots[h] is not NULL:
        if s.slots[h] == name:
            return True
        h = (h + 1) & (_STRIP_SLOTS - 1)
    return False


cdef inline bint _no_namespace(xmlNode* n) noexcept nogil:
    """Element ``n`` has no namespace URI (what a name without ``{}`` matches in lxml)."""
    return n.ns is NULL or n.ns.href is NULL or n.ns.href[0] == 0


cdef inline bint _named(_NameSet* s, xmlNode* n) noexcept nogil:
    """Element ``n`` matches one of the names (by address) and has no namespace URI."""
    cdef size_t h = _slot_of(<const void*>n.name)
    while s.slots[h] is not NULL:
        if s.slots[h] == <const void*>n.name:
            return n.ns is NULL or n.ns.href is NULL or n.ns.href[0] == 0
        h = (h + 1) & (_STRIP_SLOTS - 1)
    return False


cdef struct _NodeList:
    xmlNode** items
    Py_ssize_t count
    Py_ssize_t size


cdef int _push_node(_NodeList* lst, xmlNode* n) except -1:
    cdef xmlNode** grown
    if lst.count == lst.size:
        lst.size = lst.size * 2 if lst.size else 64
        grown = <xmlNode**>realloc(lst.items, lst.size * sizeof(xmlNode*))
        if grown is NULL:
            raise MemoryError()
        lst.items = grown
    lst.items[lst.count] = n
    lst.count += 1
    return 0


cdef inline xmlNode* _first_element(xmlNode* c) noexcept nogil:
    """``c`` or the first element sibling after it, or NULL."""
    while c is not NULL and c.type != tree.XML_ELEMENT_NODE:
        c = c.next
    return c


cdef inline xmlNode* _after_subtree(xmlNode* n, xmlNode* top) noexcept nogil:
    """The next element in document order after ``n`` and its subtree, under ``top``."""
    cdef xmlNode* c
    while n is not top:
        c = _first_element(n.next)
        if c is not NULL:
            return c
        n = n.parent
        if n is NULL:
            return NULL
    return NULL


cdef bint _has_namespace(xmlNode* n) noexcept nogil:
    """``n`` (an element) or one of its attributes has a namespace, or it declares one."""
    cdef xmlAttr* a
    if n.ns is not NULL or n.nsDef is not NULL:
        return True
    a = n.properties
    while a is not NULL:
        if a.ns is not NULL:
            return True
        a = a.next
    return False


cdef int _subtree_state(xmlNode* top) noexcept nogil:
    """Of the nodes lxml's walks visit in ``top``'s subtree (element-like nodes; into
    elements only): bit 1, one has an element proxy; bit 2, an element has a namespace."""
    cdef int state = 0
    cdef xmlNode* n = top
    while n is not NULL:
        if n._private is not NULL and _elementlike(n):
            state |= 1
        if n.type == tree.XML_ELEMENT_NODE and _has_namespace(n):
            state |= 2
        if state == 3:
            return state
        n = _next_under(n, top)
    return state


# Of the hiding attributes, clean_tree's loop passes over some at its first test, with no
# other effect: a style without "display: none" or "visibility: hidden" (``may_hide`` false:
# ASCII without "none" or "hidden" in any case) and an aria-hidden whose value is not "true"
# (``value.strip().lower()``). Those of ASCII values (one text node, or none) are told here and
# left out of the lists (no element proxy, value or tuple made for them); the others are in.

cdef inline bint _ascii_space(unsigned char c) noexcept nogil:
    # str.strip()'s white space among the ASCII characters
    return c == 32 or 9 <= c <= 13 or 28 <= c <= 31


cdef bint _has_word(const unsigned char* p, Py_ssize_t n, const char* word, Py_ssize_t k) noexcept nogil:
    """ASCII ``p[:n]`` holds lowercase ``word`` (``k`` letters) in any case."""
    cdef Py_ssize_t i, j
    for i in range(n - k + 1):
        j = 0
        while j < k and (p[i + j] | 0x20) == <unsigned char>word[j] and (
                (p[i + j] >= 65 and p[i + j] <= 90) or (p[i + j] >= 97 and p[i + j] <= 122)):
            j += 1
        if j == k:
            return True
    return False


cdef bint _may_hide_attr(xmlAttr* attr, int which) noexcept nogil:
    """False only when clean_tree's loop surely passes over hiding attribute ``attr`` (``which``:
    _hiding_name's number) at its first test (see above)."""
    cdef xmlNode* t = attr.children
    cdef const unsigned char* p = <const unsigned char*>""
    cdef Py_ssize_t n = 0, start = 0, i
    if which == 2:
        return True  # hidden: always
    if t is not NULL:
        if t.type != tree.XML_TEXT_NODE or t.next is not NULL or t.content is NULL:
            return True
        p = <const unsigned char*>t.content
    while p[n]:
        if p[n] >= 0x80:
            return True  # (not ASCII: the loop decides)
        n += 1
    if which == 1:
        return _has_word(p, n, "none", 4) or _has_word(p, n, "hidden", 6)
    while start < n and _ascii_space(p[start]):
        start += 1
    while n > start and _ascii_space(p[n - 1]):
        n -= 1
    if n - start != 4:
        return False
    for i in range(4):
        if (p[start + i] | 0x20) != <unsigned char>b"true"[i]:
            return False
    return True


cdef inline bint _any_hiding(xmlNode* n) noexcept nogil:
    """Element ``n`` has an attribute ``_add_hiding`` takes."""
    cdef xmlAttr* attr = n.properties
    cdef int which
    while attr is not NULL:
        if attr.ns is NULL and attr.type == tree.XML_ATTRIBUTE_NODE:
            which = _hiding_name(<const char*>attr.name)
            if which and _may_hide_attr(attr, which):
                return True
        attr = attr.next
    return False


cdef int _add_hiding(list out, _Document doc, xmlNode* n, tuple names_of) except -1:
    """Append (element, name, value) of element ``n``'s hiding attributes to ``out``
    (``hiding_attributes``' entries, in its order), but those clean_tree's loop surely passes
    over (_may_hide_attr)."""
    cdef xmlAttr* attr = n.properties
    cdef int which
    while attr is not NULL:
        if attr.type == tree.XML_ATTRIBUTE_NODE and attr.ns is NULL:
            which = _hiding_name(<const char*>attr.name)
            if which and _may_hide_attr(attr, which):
                out.append((elementFactory(doc, n), names_of[which], attributeValue(n, attr)))
        attr = attr.next
    return 0


cdef bint _remove_all(_NodeList* drops) except -1:
    """Unlink the elements of ``drops`` (none inside another), freeing those without a proxy
    in them; False, nothing changed, when lxml would fix the namespaces of one kept."""
    cdef Py_ssize_t i
    cdef int state
    cdef char* kept
    if not drops.count:
        return True
    kept = <char*>malloc(drops.count)  # per element: a proxy lives in it (not freed)
    if kept is NULL:
        raise MemoryError()
    for i in range(drops.count):
        state = _subtree_state(drops.items[i])
        if state == 3:
            free(kept)
            return False
        kept[i] = state & 1
    for i in range(drops.count):
        _xmlUnlinkNode(drops.items[i])
        if not kept[i]:
            _xmlFreeNode(drops.items[i])
    free(kept)
    return True


def strip_elements_hiding(_Element root, tuple names):
    """``etree.strip_elements(root, *names, with_tail=False)``, then (``hiding_attributes(root)``
    of the tree left but those clean_tree surely passes over (_may_hide_attr), the text and
    CDATA nodes of the document left: ``_scan.text_runs``' count, None when ``root`` is not
    its only element at the top), from one walk (the removed elements are not entered); None,
    the tree untouched, when lxml would fix namespaces (see above): run lxml's then."""
    cdef _Document doc = root._doc
    cdef xmlNode* top = root._c_node
    cdef xmlNode* cur
    cdef xmlNode* child
    cdef _NameSet wanted
    cdef _NodeList drops
    cdef list out = []
    cdef tuple names_of = _HIDING_NAMES
    cdef Py_ssize_t texts = 0
    if top.type != tree.XML_ELEMENT_NODE:
        return None
    cdef bint any_name = _name_set(&wanted, top, names) > 0
    drops.items, drops.count, drops.size = NULL, 0, 0
    try:
        cur = top
        while cur is not NULL:
            if cur is not top and any_name and _named(&wanted, cur):
                _push_node(&drops, cur)
                cur = _after_counting(cur, top, &texts)
                continue
            if _any_hiding(cur):
                _add_hiding(out, doc, cur, names_of)
            cur = _next_element_counting(cur, top, &texts)
        return (out, _document_texts(top, texts)) if _remove_all(&drops) else None
    finally:
        free(drops.items)


cdef void _replace_by_children(xmlNode* n) noexcept nogil:
    """lxml's _replaceNodeByChildren of an element declaring no namespace: its children take
    its place under its parent; it is left unlinked."""
    cdef xmlNode* parent
    cdef xmlNode* c
    if n.children is NULL:
        _xmlUnlinkNode(n)
        return
    parent = n.parent
    c = n.children
    while c is not NULL:
        c.parent = parent
        c = c.next
    if n.prev is NULL:
        parent.children = n.children
    else:
        n.prev.next = n.children
        n.children.prev = n.prev
    if n.next is NULL:
        parent.last = n.last
    else:
        n.next.prev = n.last
        n.last.next = n.next
    n.children = n.last = NULL
    n.parent = n.next = n.prev = NULL


cdef bint _unwrap_all(_NodeList* found, xmlNode* top, bint check) except -1:
    """Replace the elements of ``found`` by their children (freeing those without a proxy);
    ``check``: only those still under ``top`` (the others were taken out of the tree since
    they were found, and are kept alive). False, the tree untouched, when lxml would fix
    namespaces (an element to unwrap declares one)."""
    cdef Py_ssize_t i
    cdef xmlNode* cur
    for i in range(found.count):
        if found.items[i].nsDef is not NULL and (not check or _under(found.items[i], top)):
            return False
    for i in range(found.count):
        cur = found.items[i]
        if check and not _under(cur, top):
            continue
        _replace_by_children(cur)
        if cur._private is NULL:
            _xmlFreeNode(cur)
    return True


cdef inline bint _under(xmlNode* n, xmlNode* top) noexcept nogil:
    """``n`` is in ``top``'s subtree."""
    while n is not NULL:
        if n is top:
            return True
        n = n.parent
    return False


def strip_tags(_Element root, tuple names):
    """``etree.strip_tags(root, *names)``: True; False, the tree untouched, when lxml would
    fix namespaces (an element to unwrap declares one): run lxml's then."""
    cdef xmlNode* top = root._c_node
    cdef xmlNode* cur
    cdef xmlNode* child
    cdef _NameSet wanted
    cdef _NodeList found
    if top.type != tree.XML_ELEMENT_NODE or _name_set(&wanted, top, names) == 0:
        return True
    found.items, found.count, found.size = NULL, 0, 0
    try:
        cur = top
        while cur is not NULL:
            if cur is not top and _named(&wanted, cur):
                _push_node(&found, cur)
            child = _first_element(cur.children)
            cur = child if child is not NULL else _after_subtree(cur, top)
        return _unwrap_all(&found, top, False)
    finally:
        free(found.items)


cdef class Unwraps:
    """The elements to unwrap of a tree, as the first scan of cleaning found them (in document
    order, none inside an element it dropped), for ``strip_tags_found``: valid while the tree
    frees none of its nodes (cleaning's hidden elements are taken out, not freed, while the
    loop's list holds their proxies)."""

    cdef _NodeList found
    cdef xmlNode* top

    def __cinit__(self):
        self.found.items, self.found.count, self.found.size = NULL, 0, 0
        self.top = NULL

    def __dealloc__(self):
        free(self.found.items)

    def __len__(self):
        return self.found.count


def strip_tags_found(_Element root, Unwraps unwraps, bint moved):
    """``strip_tags(root, names)`` of the elements the first scan found (``unwraps``, found from
    ``root``: emptied by this call); ``moved``: elements were taken out of the tree since (those
    found in them are left, as lxml's walk of ``root`` would not meet them)."""
    if unwraps.top is not root._c_node:
        raise ValueError("not the tree scanned")
    try:
        return _unwrap_all(&unwraps.found, root._c_node, moved)
    finally:
        free(unwraps.found.items)
        unwraps.found.items, unwraps.found.count, unwraps.found.size = NULL, 0, 0


# clean_tree's loop over the hiding attributes (clean.py: the Python loop is the reference),
# with lxml's element operations done on the nodes: ``getparent``, ``getprevious``, the text
# and tail read and written (lxml's public textOf/tailOf/setNodeText/setTailText) and
# ``parent.remove(el)`` (unlink, the tail moved along as lxml's _moveTail does; lxml's
# namespace fix, a no-op without namespaces, is left to lxml's remove on a subtree with one).

cdef inline xmlNode* _parent_element(xmlNode* n) noexcept nogil:
    """lxml's ``getparent()`` of element-like ``n``: its parent if element-like, else NULL."""
    n = n.parent
    return n if n is not NULL and _elementlike(n) else NULL


cdef inline xmlNode* _previous_element(xmlNode* n) noexcept nogil:
    """lxml's ``getprevious()``: the element-like sibling before ``n``, or NULL."""
    n = n.prev
    while n is not NULL and not _elementlike(n):
        n = n.prev
    return n


cdef inline xmlNode* _text_or_skip(xmlNode* n) noexcept nogil:
    """lxml's _textNodeOrSkip: ``n`` when a text or CDATA node, passing over XInclude markers."""
    while n is not NULL:
        if n.type == tree.XML_TEXT_NODE or n.type == tree.XML_CDATA_SECTION_NODE:
            return n
        if n.type != tree.XML_XINCLUDE_START and n.type != tree.XML_XINCLUDE_END:
            return NULL
        n = n.next
    return NULL


cdef int _remove_child(_Element el, xmlNode* parent) except -1:
    """``parent.remove(el)`` as lxml does it (see above)."""
    cdef xmlNode* n = el._c_node
    cdef xmlNode* tail
    cdef xmlNode* following
    cdef xmlNode* target = n
    if _subtree_state(n) & 2:
        elementFactory(el._doc, parent).remove(el)
        return 0
    tail = n.next
    _xmlUnlinkNode(n)
    tail = _text_or_skip(tail)
    while tail is not NULL:
        following = _text_or_skip(tail.next)
        target = _xmlAddNextSibling(target, tail)
        tail = following
    return 0


cdef bint _xml_unsafe(str text):
    """``text`` holds a character ``textutil.xml_safe`` takes out (its ``_XML_UNSAFE``: the
    C0 controls but tab, line feed and carriage return, U+FFFE, U+FFFF); else it returns
    ``text`` itself, and need not be called."""
    cdef Py_UCS4 c
    for c in text:
        if c < 0x20:
            if c != 9 and c != 10 and c != 13:
                return True
        elif c == 0xFFFE or c == 0xFFFF:
            return True
    return False


cdef inline object _safe(str text, object xml_safe):
    return xml_safe(text) if _xml_unsafe(text) else text


cdef bint _has_declaration(const unsigned char* p, Py_ssize_t n, const char* prop, Py_ssize_t k,
                           const char* value, Py_ssize_t m) noexcept nogil:
    """ASCII ``p[:n]`` matches ``prop\s*:\s*value`` (lowercase words, in any case) somewhere,
    as Python's ``re`` with IGNORECASE finds it in an ASCII str (``\s``: str.isspace(), here
    tab to carriage return and 0x1C-0x20; a word's letters match their two cases only)."""
    cdef Py_ssize_t i, j
    for i in range(n - k + 1):
        if not _word_at(p + i, n - i, prop, k):
            continue
        j = i + k
        while j < n and _ascii_space(p[j]):
            j += 1
        if j >= n or p[j] != b':':
            continue
        j += 1
        while j < n and _ascii_space(p[j]):
            j += 1
        if _word_at(p + j, n - j, value, m):
            return True
    return False


cdef inline bint _word_at(const unsigned char* p, Py_ssize_t n, const char* word, Py_ssize_t k) noexcept nogil:
    """``p[:n]`` starts with lowercase ASCII ``word`` (``k`` letters) in any case."""
    cdef Py_ssize_t j
    if n < k:
        return False
    for j in range(k):
        if (p[j] | 0x20) != <unsigned char>word[j]:
            return False
    return True


cdef bint _style_hides(str value, object style_hides) except -1:
    """``style_hides(value)`` (clean._style_hides: ``_HIDDEN_STYLE`` finds a declaration that
    hides), told in C for an ASCII ``value``."""
    cdef bytes b
    cdef const unsigned char* p
    cdef Py_ssize_t n
    if not value.isascii():
        return bool(style_hides(value))
    b = value.encode("ascii")
    p = <const unsigned char*>(<char*>b)
    n = len(b)
    return _has_declaration(p, n, "display", 7, "none", 4) or _has_declaration(p, n, "visibility", 10, "hidden", 6)


cdef int _drop_keep_tail(_Element el, xmlNode* parent, object xml_safe) except -1:
    """clean.drop_keep_tail(el) of an element whose parent (``getparent()``) is ``parent``
    (``xml_safe`` called only on a text it changes)."""
    cdef xmlNode* n = el._c_node
    cdef xmlNode* prev
    tail = tailOf(n)
    if tail:
        prev = _previous_element(n)
        if prev is not NULL:
            setTailText(prev, _safe((tailOf(prev) or "") + tail, xml_safe))
        else:
            setNodeText(parent, _safe((textOf(parent) or "") + tail, xml_safe))
    return _remove_child(el, parent)


def remove_hidden(_Element root, list hiding, Py_ssize_t big, list removed, object style_hides,
                  object xml_safe):
    """clean_tree's loop over ``hiding`` (entries (element, name, value) in document order):
    each element hidden by its attribute (a style for which ``style_hides(value)``, an
    aria-hidden "true", a hidden), still in a tree, and holding at most ``big`` characters
    or at most half of ``root``'s (counted when first needed, after the removals before it),
    is removed with its tail kept (clean.drop_keep_tail, ``xml_safe`` on the texts joined)
    and (tag, "hidden") appended to ``removed``."""
    cdef Py_ssize_t total = -1, size
    cdef xmlNode* parent
    cdef _Element el
    for entry in hiding:
        item, name, value = entry
        if name == "style":
            if not _style_hides(value, style_hides):
                continue
        elif name == "aria-hidden" and value.strip().lower() != "true":
            continue
        if item is None:
            continue
        el = <_Element?>item
        parent = _parent_element(el._c_node)
        if parent is NULL:
            continue
        size = _text_under(el._c_node)
        if size > big:
            if total < 0:
                total = _text_under(root._c_node)
            if size * 2 > total:
                continue
        tag = el.tag
        removed.append((tag if isinstance(tag, str) else "?", "hidden"))
        _drop_keep_tail(el, parent, xml_safe)
    return None
