# Included by _lexbor.pyx (one extension module): lexbor's and libxml2's functions, found at
# import with dlsym in selectolax's and lxml's loaded modules (no headers, nothing to link).

cdef extern from "dlfcn.h":
    void* dlopen(const char* filename, int flags)
    void* dlsym(void* handle, const char* symbol)
    int RTLD_NOW
    int RTLD_NOLOAD

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

cdef void* _sym(void* handle, const char* name, list missing):
    cdef void* f = dlsym(handle, name)
    if f is NULL:
        missing.append(name.decode())
    return f


cdef void* _open(module):
    return dlopen(module.__file__.encode(), RTLD_NOW | RTLD_NOLOAD)


def _bind():
    """Look lexbor's functions up in selectolax's loaded module, libxml2's in lxml's; the
    names not found."""
    global _doc_create, _doc_parse, _doc_destroy, _doc_clean, _doc_element, _first_child, _next, _parent
    global _node_type, _element_name, _first_attr, _next_attr, _attr_name, _attr_value
    global _text, _destroy_text
    global xmlNewDocNodeEatName, xmlNewDocTextLen, xmlNewNsPropEatName, xmlAddChild, xmlDictLookup
    try:
        import selectolax.lexbor as module
    except ImportError:
        return ["selectolax.lexbor"]
    import lxml.etree
    cdef void* h = _open(lxml.etree)
    if h is NULL:
        return [lxml.etree.__file__]
    cdef list missing = []
    xmlNewDocNodeEatName = <new_node_f>_sym(h, "xmlNewDocNodeEatName", missing)
    xmlNewDocTextLen = <new_text_f>_sym(h, "xmlNewDocTextLen", missing)
    xmlNewNsPropEatName = <new_prop_f>_sym(h, "xmlNewNsPropEatName", missing)
    xmlAddChild = <add_child_f>_sym(h, "xmlAddChild", missing)
    xmlDictLookup = <dict_lookup_f>_sym(h, "xmlDictLookup", missing)
    h = _open(module)
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
    return missing
