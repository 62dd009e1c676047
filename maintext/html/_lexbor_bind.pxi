# Included by _lexbor.pyx (one extension module): lexbor's and libxml2's functions, found at
# import with dlsym in selectolax's and lxml's loaded modules (no headers, nothing to link).

from maintext.html._dl cimport dlsym, _open_loaded

# libxml2's functions, from lxml's own module (its libxml2 is linked in, not shared)
ctypedef xmlNode* (*new_node_f)(xmlDoc* doc, void* ns, unsigned char* name, const unsigned char* content) noexcept nogil
ctypedef xmlNode* (*new_text_f)(xmlDoc* doc, const unsigned char* content, int length) noexcept nogil
ctypedef xmlAttr* (*new_prop_f)(xmlNode* node, void* ns, unsigned char* name, const unsigned char* value) noexcept nogil
ctypedef xmlNode* (*add_child_f)(xmlNode* parent, xmlNode* cur) noexcept nogil
ctypedef const unsigned char* (*dict_lookup_f)(void* dict, const unsigned char* name, int length) noexcept nogil

cdef new_node_f xmlNewDocNodeEatName = NULL
cdef new_text_f xmlNewDocTextLen = NULL
cdef new_prop_f xmlNewNsPropEatName = NULL
cdef add_child_f xmlAddChild = NULL
cdef dict_lookup_f xmlDictLookup = NULL

# Optional (_bind_own_nodes): what libxml2's node constructors use, for _lexbor's own
ctypedef void* (*malloc_f)(size_t size) noexcept nogil
ctypedef void (*free_f)(void* p) noexcept nogil
ctypedef void* (*register_f)() noexcept nogil
cdef malloc_f* xmlMallocPtr = NULL  # libxml2's allocator (xmlFree frees the nodes)
cdef free_f* xmlFreePtr = NULL
cdef const unsigned char* xmlStringText = NULL  # the name of every text node
cdef register_f xmlRegisteredNode = NULL  # the (per-thread) node-registration callback's place

cdef extern from "libxml/xmlversion.h":
    int LIBXML_VERSION  # of the headers this module was compiled with

# lexbor's functions, all with opaque pointers (documents, nodes, elements, attributes)
ctypedef void* (*doc_create_f)() noexcept nogil
ctypedef unsigned int (*doc_parse_f)(void* doc, const unsigned char* html, size_t size) noexcept nogil
ctypedef void* (*node_f)(void* node) noexcept nogil
ctypedef int (*node_type_f)(void* node) noexcept nogil
ctypedef const unsigned char* (*name_f)(void* obj, size_t* length) noexcept nogil
ctypedef unsigned char* (*text_f)(void* node, size_t* length) noexcept nogil
ctypedef void* (*destroy_text_f)(void* doc, unsigned char* text) noexcept nogil
ctypedef void (*clean_f)(void* doc) noexcept nogil

cdef doc_create_f _doc_create = NULL
cdef doc_parse_f _doc_parse = NULL
cdef node_f _doc_destroy = NULL
cdef clean_f _doc_clean = NULL
cdef node_f _doc_element = NULL
cdef node_f _first_child = NULL
cdef node_f _next = NULL
cdef node_f _parent = NULL
cdef node_type_f _node_type = NULL
cdef name_f _element_name = NULL
cdef node_f _first_attr = NULL
cdef node_f _next_attr = NULL
cdef name_f _attr_name = NULL
cdef name_f _attr_value = NULL
cdef text_f _text = NULL
cdef destroy_text_f _destroy_text = NULL
cdef void* _memory_setup = NULL  # lexbor_memory_setup (optional: _stash.pxi)

cdef void* _sym(void* handle, const char* name, list missing):
    cdef void* f = dlsym(handle, name)
    if f is NULL:
        missing.append(name.decode())
    return f


cdef bint _own_found = False  # _lexbor may make its libxml2 nodes itself (see _bind_own_nodes)
cdef bint _own_nodes = False  # ... and does (own_nodes)


cdef void _bind_own_nodes(void* h):
    """Whether _lexbor may make its text, element and attribute nodes itself, as
    xmlNewDocTextLen, xmlNewDocNodeEatName and xmlNewNsPropEatName make them (one
    allocation by libxml2's xmlMalloc, zeroed, the same fields set) without a call per
    node into libxml2: only when the running libxml2 is the one whose headers (struct
    sizes) this module was compiled with, its allocator and xmlStringText are found, and
    no node-registration callback is set (the constructors would call it)."""
    global _own_found, _own_nodes, xmlMallocPtr, xmlFreePtr, xmlStringText, xmlRegisteredNode
    import lxml.etree
    v = lxml.etree.LIBXML_VERSION
    xmlRegisteredNode = <register_f>dlsym(h, "__xmlRegisterNodeDefaultValue")
    xmlMallocPtr = <malloc_f*>dlsym(h, "xmlMalloc")
    xmlFreePtr = <free_f*>dlsym(h, "xmlFree")
    xmlStringText = <const unsigned char*>dlsym(h, "xmlStringText")
    _own_found = _own_nodes = (v[0] * 10000 + v[1] * 100 + v[2] == LIBXML_VERSION and xmlRegisteredNode is not NULL
                  and xmlMallocPtr is not NULL and xmlMallocPtr[0] is not NULL and xmlFreePtr is not NULL
                  and xmlFreePtr[0] is not NULL and xmlStringText is not NULL)


cdef bint _no_node_callback() noexcept:
    """No node-registration callback is set in this thread (checked at each build)."""
    cdef void** callback = <void**>xmlRegisteredNode()
    return callback is not NULL and callback[0] is NULL


def _bind():
    """Look lexbor's functions up in selectolax's loaded module, libxml2's in lxml's; the
    names not found."""
    global _doc_create, _doc_parse, _doc_destroy, _doc_clean, _doc_element, _first_child, _next, _parent
    global _node_type, _element_name, _first_attr, _next_attr, _attr_name, _attr_value
    global _text, _destroy_text, _memory_setup
    global xmlNewDocNodeEatName, xmlNewDocTextLen, xmlNewNsPropEatName, xmlAddChild, xmlDictLookup
    try:
        import selectolax.lexbor as module
    except ImportError:
        return ["selectolax.lexbor"]
    import lxml.etree
    cdef void* h = _open_loaded(lxml.etree)
    if h is NULL:
        return [lxml.etree.__file__]
    cdef list missing = []
    xmlNewDocNodeEatName = <new_node_f>_sym(h, "xmlNewDocNodeEatName", missing)
    xmlNewDocTextLen = <new_text_f>_sym(h, "xmlNewDocTextLen", missing)
    xmlNewNsPropEatName = <new_prop_f>_sym(h, "xmlNewNsPropEatName", missing)
    xmlAddChild = <add_child_f>_sym(h, "xmlAddChild", missing)
    xmlDictLookup = <dict_lookup_f>_sym(h, "xmlDictLookup", missing)
    _bind_own_nodes(h)
    h = _open_loaded(module)
    if h is NULL:
        return missing + [module.__file__]
    _doc_create = <doc_create_f>_sym(h, "lxb_html_document_create", missing)
    _doc_parse = <doc_parse_f>_sym(h, "lxb_html_document_parse", missing)
    _doc_destroy = <node_f>_sym(h, "lxb_html_document_destroy", missing)
    _doc_clean = <clean_f>_sym(h, "lxb_html_document_clean", missing)
    _doc_element = <node_f>_sym(h, "lxb_dom_document_element_noi", missing)
    _first_child = <node_f>_sym(h, "lxb_dom_node_first_child_noi", missing)
    _next = <node_f>_sym(h, "lxb_dom_node_next_noi", missing)
    _parent = <node_f>_sym(h, "lxb_dom_node_parent_noi", missing)
    _node_type = <node_type_f>_sym(h, "lxb_dom_node_type_noi", missing)
    _element_name = <name_f>_sym(h, "lxb_dom_element_qualified_name", missing)
    _first_attr = <node_f>_sym(h, "lxb_dom_element_first_attribute_noi", missing)
    _next_attr = <node_f>_sym(h, "lxb_dom_element_next_attribute_noi", missing)
    _attr_name = <name_f>_sym(h, "lxb_dom_attr_qualified_name", missing)
    _attr_value = <name_f>_sym(h, "lxb_dom_attr_value_noi", missing)
    _text = <text_f>_sym(h, "lxb_dom_node_text_content", missing)
    _destroy_text = <destroy_text_f>_sym(h, "lxb_dom_document_destroy_text_noi", missing)
    _memory_setup = dlsym(h, "lexbor_memory_setup")  # (older lexbor: none; nothing kept)
    return missing


# Lexbor's node and text structs, as lexbor 2 lays them out (selectolax's lexbor.pxd
# declares the same). Read directly only when _probe_layout confirms the layout on a parsed
# document against lexbor's own functions (else every read goes through those): reading
# saves a call per step of the walk, and a text's copy (malloc, copy, free) per text node.
cdef struct LxbNode:
    void* events
    size_t local_name
    size_t prefix
    size_t ns
    void* owner_document
    LxbNode* next
    LxbNode* prev
    LxbNode* parent
    LxbNode* first_child
    LxbNode* last_child
    void* user
    int type

cdef struct LxbText:
    LxbNode node
    unsigned char* data
    size_t length

cdef bint _direct = False


cdef inline void* _child_of(void* node) noexcept:
    return (<LxbNode*>node).first_child if _direct else _first_child(node)


cdef inline void* _next_of(void* node) noexcept:
    return (<LxbNode*>node).next if _direct else _next(node)


cdef inline void* _parent_of(void* node) noexcept:
    return (<LxbNode*>node).parent if _direct else _parent(node)


cdef inline int _type_of(void* node) noexcept:
    return (<LxbNode*>node).type if _direct else _node_type(node)


cdef inline unsigned char* _text_of(void* node, size_t* length) noexcept:
    """The text of a text node, UTF-8 (NULL when it has none): lexbor's own bytes, or
    (not _direct) a copy to give back with _release."""
    if _direct:
        length[0] = (<LxbText*>node).length
        return (<LxbText*>node).data
    return _text(node, length)


cdef inline void _release(void* ldoc, unsigned char* text) noexcept:
    if not _direct and text is not NULL:
        _destroy_text(ldoc, text)


cdef bint _same_node(void* node) noexcept:
    """Whether the struct's fields hold what lexbor's functions give for ``node``."""
    cdef LxbNode* n = <LxbNode*>node
    return (n.next is _next(node) and n.parent is _parent(node) and n.first_child is _first_child(node)
            and n.type == _node_type(node))


cdef bint _probe_layout() noexcept:
    """Whether lexbor's structs are laid out as LxbNode/LxbText say, checked on every node of
    a parsed document (texts of several lengths: a length read from the wrong place would
    not match them all; their bytes are compared only then)."""
    cdef const char* page = b"<p class=a>ab<b>cde</b>fghijkl</p><!--c--><ul><li>mnopqrstuvwxyz0123456789</ul>x"
    cdef void* ldoc = _doc_create()
    cdef void* cur
    cdef void* up
    cdef unsigned char* text
    cdef size_t n = 0, texts = 0
    cdef bint ok = ldoc is not NULL and _doc_parse(ldoc, <const unsigned char*>page, len(page)) == 0
    cdef list lengths = []
    cur = _doc_element(ldoc) if ok else NULL
    ok = cur is not NULL
    while ok and cur is not NULL:
        ok = _same_node(cur)
        if ok and _node_type(cur) == 3:
            text = _text(cur, &n)
            ok = text is not NULL and (<LxbText*>cur).length == n
            lengths.append(n)
            if ok:
                ok = (<LxbText*>cur).data is not NULL and memcmp((<LxbText*>cur).data, text, n) == 0
            _destroy_text(ldoc, text)
            texts += 1
        if _first_child(cur) is not NULL:
            cur = _first_child(cur)
            continue
        while cur is not NULL and _next(cur) is NULL:
            cur = _parent(cur)
        if cur is not NULL:
            cur = _next(cur)
    if ldoc is not NULL:
        _doc_destroy(ldoc)
    return ok and texts == 5 and len(set(lengths)) == 5


# A document begins with its node, then its quirks mode (lexbor's lxb_dom_document_t).
cdef struct LxbDocument:
    LxbNode node
    int compat_mode

DEF NO_QUIRKS = 0  # lexbor's LXB_DOM_DOCUMENT_CMODE_*
DEF QUIRKS = 1
DEF LIMITED_QUIRKS = 2


cdef int _quirks_of(const char* page) noexcept:
    """The quirks mode lexbor sets in LxbDocument.compat_mode parsing ``page``, or -1."""
    cdef void* ldoc = _doc_create()
    cdef int mode = -1
    if ldoc is not NULL:
        if _doc_parse(ldoc, <const unsigned char*>page, len(page)) == 0:
            mode = (<LxbDocument*>ldoc).compat_mode
        _doc_destroy(ldoc)
    return mode


cdef bint _probe_quirks() noexcept:
    """Whether LxbDocument.compat_mode is lexbor's quirks mode: the three modes of three
    doctypes read where it says."""
    return (_quirks_of(b"<!DOCTYPE html><p>x") == NO_QUIRKS and _quirks_of(b"<p>x") == QUIRKS
            and _quirks_of(b'<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"><p>x')
            == LIMITED_QUIRKS)
