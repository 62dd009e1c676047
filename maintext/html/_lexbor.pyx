# cython: language_level=3
"""The HTML5 parse in C: lexbor parses the page, and its DOM is copied into libxml2 nodes
of an lxml document, so every later pass works on an lxml tree.

Lexbor is the copy inside selectolax's extension module (``selectolax.lexbor``): its
functions are looked up at import with ``dlsym`` in the already loaded module and called
through pointers whose argument types are opaque (``void*``). No lexbor header, struct
layout or link-time dependency is needed. The five libxml2 functions that make nodes are
looked up the same way in lxml's module (its libxml2 is linked into it, and the nodes
must come from that copy). When a function is missing, ``AVAILABLE`` is
False and :mod:`maintext.html.html5` builds the same tree in Python through selectolax's
node API (the reference twin; ``tests/html/test_html5.py`` checks both agree).

``build(data, root, max_depth, kinds)``: parses the UTF-8 ``data`` and gives ``root`` (the
empty ``<html>`` element of an lxml HTML document) the attributes and the content of
lexbor's ``<html>`` element, following the rules of :mod:`maintext.html.html5` (comments
dropped, names lxml refuses unwrapped or skipped, control characters removed, elements
below ``max_depth`` unwrapped). ``kinds``: None for the full build, else html5's
``PRUNE_KINDS`` (name -> bits) for the pruned build; returns the characters of the text
the pruned build left out (0 for the full build).
"""

from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcmp, memcpy, memset
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlAttr, xmlDoc, xmlNode
from lxml.includes.etreepublic cimport _Element, import_lxml__etree

import_lxml__etree()

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

cdef doc_create_f _doc_create = NULL
cdef doc_parse_f _doc_parse = NULL
cdef node_f _doc_destroy = NULL
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

DEF ELEMENT = 1  # lexbor's node types are the DOM's
DEF TEXT = 3

# html5's bits of the pruned build's table (PRUNE_KINDS), checked equal by html5 at import
DEF SUBTREE = 1
DEF SCRIPT = 2
DEF TITLE = 4
DEF SWALLOW = 8
DEF HEAD = 16
DEF UNWRAP = 32
DEF KEEP = 64
DEF HIDING = 128
DEF HIDING_STYLE = 256
DEF SIGNAL = 512
DEF MARK = 1024
DEF BLOCK = 2048
DEF STRIPPED = SUBTREE | SCRIPT | TITLE | SWALLOW | HEAD | UNWRAP
DEF COPIED_NAMES = 128  # room for the STRIPPED names copied (the table has ~60)
BITS = (SUBTREE, SCRIPT, TITLE, SWALLOW, HEAD, UNWRAP, KEEP, HIDING, HIDING_STYLE, SIGNAL, MARK, BLOCK)
ROOM = COPIED_NAMES  # html5 checks its table has fewer STRIPPED names
# html5's modes of the walk (where the pruned build is, for an element's content)
DEF NORMAL = 0
DEF IN_HEAD = 1
DEF COPY = 2
DEF PRUNED = 3
DEF COPIED = 0x100  # _decide: the element is copied (its content's mode in the low bits)
# the walk's modes[level] holds the mode in its low bits, and html5's marks[level]:
DEF MODE = 3
DEF HOLDS = 4  # the element of that level's nodes holds a BLOCK element
DEF WAITS = 8  # ... and its MARK attributes wait for that


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
    global _doc_create, _doc_parse, _doc_destroy, _doc_element, _first_child, _next, _parent
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


MISSING = _bind()
AVAILABLE = not MISSING


cdef struct Buf:
    unsigned char* data
    size_t length
    size_t size


cdef struct Pending:
    # The run of text waiting for its place (the text of the current parent, or the tail
    # of its last child): one lexbor text kept as it is (``seg``, clean, owned by lexbor's
    # document) or, from the second piece on, the pieces copied into ``buf``.
    unsigned char* seg
    size_t seg_length
    Buf buf


# Bytes the cleaning rule looks at: C0 controls but tab, newline and carriage return, and
# 0xEF (the lead byte of U+FFFE and U+FFFF, and of other characters, checked further).
cdef unsigned char _special[256]
for _i in range(256):
    _special[_i] = (_i < 0x20 and _i not in (0x09, 0x0A, 0x0D)) or _i == 0xEF


cdef int _reserve(Buf* b, size_t extra) except -1:
    cdef size_t need = b.length + extra + 1
    cdef unsigned char* grown
    if need <= b.size:
        return 0
    if need < 2 * b.size:
        need = 2 * b.size
    grown = <unsigned char*>realloc(b.data, need)
    if grown is NULL:
        raise MemoryError()
    b.data = grown
    b.size = need
    return 0


cdef inline bint _noncharacter(const unsigned char* s, size_t i, size_t n) noexcept nogil:
    """Whether the 0xEF at ``s[i]`` starts U+FFFE or U+FFFF."""
    return i + 2 < n and s[i + 1] == 0xBF and (s[i + 2] == 0xBE or s[i + 2] == 0xBF)


cdef bint _is_clean(const unsigned char* s, size_t n) noexcept nogil:
    """Whether the cleaning rule leaves ``s`` as it is."""
    cdef size_t i
    for i in range(n):
        if _special[s[i]] and (s[i] != 0xEF or _noncharacter(s, i, n)):
            return False
    return True


cdef int _append_clean(Buf* b, const unsigned char* s, size_t n) except -1:
    """Append ``s`` without the characters lxml refuses (html5.clean_text's rule: C0
    controls but tab, newline and carriage return dropped, form feed made a space,
    U+FFFE/U+FFFF dropped); the buffer stays NUL-terminated."""
    cdef size_t i = 0, start = 0
    cdef unsigned char c
    _reserve(b, n)
    while i < n:
        c = s[i]
        if not _special[c] or (c == 0xEF and not _noncharacter(s, i, n)):
            i += 1
            continue
        memcpy(b.data + b.length, s + start, i - start)
        b.length += i - start
        if c == 0x0C:
            b.data[b.length] = 0x20
            b.length += 1
        i += 3 if c == 0xEF else 1
        start = i
    memcpy(b.data + b.length, s + start, n - start)
    b.length += n - start
    b.data[b.length] = 0
    return 0


cdef bint _name_ok(const unsigned char* s, size_t n) noexcept nogil:
    """html5.name_ok: a name lxml takes as a plain HTML name (not empty, no "{" first, no
    white space, control character, quote, "&", "<", ">", "/", U+FFFE or U+FFFF)."""
    cdef size_t i
    cdef unsigned char c
    if s is NULL or n == 0 or s[0] == 0x7B:
        return False
    for i in range(n):
        c = s[i]
        if c <= 0x20 or c == 0x22 or c == 0x26 or c == 0x27 or c == 0x2F or c == 0x3C or c == 0x3E:
            return False
        if c == 0xEF and _noncharacter(s, i, n):
            return False
    return True


cdef struct NameSlot:
    const unsigned char* key  # a name as lexbor gives it (one pointer per name and document)
    const unsigned char* name  # the same name interned in the lxml document's dictionary

# Names already interned during this build (cleared at each: lexbor's pointers are only
# stable within one of its documents); a direct-mapped cache in front of the dictionary.
DEF NAME_SLOTS = 512
cdef NameSlot _names[NAME_SLOTS]
# The bits in the pruned build's table (0 in the full build) of the name in the same slot
# (written with the slot's key: not cleared, the full build's memset stays as small)
cdef int _name_kinds[NAME_SLOTS]
cdef dict _kinds = None  # the pruned build's table during a pruned build, else None
# The STRIPPED names the pruned build copied (interned: one pointer per name)
cdef const unsigned char* _copied[COPIED_NAMES]
cdef size_t _n_copied = 0


cdef void _note_copied(const unsigned char* name) noexcept nogil:
    global _n_copied
    cdef size_t i
    for i in range(_n_copied):
        if _copied[i] == name:
            return
    if _n_copied < COPIED_NAMES:
        _copied[_n_copied] = name
        _n_copied += 1


cdef inline const unsigned char* _name(xmlDoc* doc, const unsigned char* s, size_t n, int* kind) except? NULL:
    """``s`` interned in ``doc``'s dictionary, or NULL when lxml refuses the name; its bits
    in the pruned build's table in ``kind``."""
    cdef size_t i = ((<size_t>s) >> 3) % NAME_SLOTS
    cdef NameSlot* slot = &_names[i]
    cdef const unsigned char* name
    if slot.key is s and s is not NULL:
        kind[0] = _name_kinds[i]
        return slot.name
    if not _name_ok(s, n):
        return NULL
    name = xmlDictLookup(doc.dict, s, <int>n)
    if name is NULL:
        raise MemoryError()
    slot.key = s
    slot.name = name
    _name_kinds[i] = 0 if _kinds is None else _kinds.get((<const char*>s)[:n], 0)
    kind[0] = _name_kinds[i]
    return name


cdef size_t _clean_length(const unsigned char* s, size_t n) noexcept nogil:
    """``len(html5.clean_text(text))`` of the UTF-8 text ``s[:n]``: its characters once cleaned."""
    cdef size_t i = 0, count = 0
    cdef unsigned char c
    while i < n:
        c = s[i]
        if _special[c] and (c != 0xEF or _noncharacter(s, i, n)):
            if c == 0x0C:
                count += 1  # made a space
            i += 3 if c == 0xEF else 1
            continue
        count += (c & 0xC0) != 0x80
        i += 1
    return count


cdef inline const unsigned char* _value(void* attr, size_t* length, Buf* values) except? NULL:
    """The attribute's value cleaned (html5.clean_text): lexbor's text, or ``values``' copy."""
    cdef const unsigned char* value
    length[0] = 0
    value = _attr_value(attr, length)
    if value is NULL:
        length[0] = 0
        return <const unsigned char*>b""
    if not _is_clean(value, length[0]):
        values.length = 0
        _append_clean(values, value, length[0])
        length[0] = values.length
        return values.data
    return value


cdef bint _has(const unsigned char* s, size_t n, const char* word, size_t k, bint fold) noexcept nogil:
    """Whether ``word`` (lower case ASCII) is in ``s[:n]`` (ASCII letters folded when ``fold``)."""
    cdef size_t i, j
    cdef unsigned char c
    if n < k:
        return False
    for i in range(n - k + 1):
        for j in range(k):
            c = s[i + j]
            if fold and 0x41 <= c <= 0x5A:
                c += 0x20
            if c != <unsigned char>word[j]:
                break
        else:
            return True
    return False


cdef bint _may_hide(const unsigned char* s, size_t n) noexcept nogil:
    """clean.may_hide of a (cleaned) style value: not ASCII, or "none"/"hidden" in any case."""
    cdef size_t i
    for i in range(n):
        if s[i] >= 0x80:
            return True
    return _has(s, n, "none", 4, True) or _has(s, n, "hidden", 6, True)


cdef const unsigned char* _find(void* element, const char* wanted, size_t k, size_t* length,
                                Buf* values) except? NULL:
    """The cleaned value of the element's attribute named ``wanted``, or NULL."""
    cdef void* attr = _first_attr(element)
    cdef const unsigned char* name
    cdef size_t name_len
    while attr is not NULL:
        name_len = 0
        name = _attr_name(attr, &name_len)
        if name_len == k and name is not NULL and memcmp(name, wanted, k) == 0:
            return _value(attr, length, values)
        attr = _next_attr(attr)
    return NULL


cdef bint _is_word(const unsigned char* s, size_t n, const char* word, size_t k) noexcept nogil:
    """Whether ``s[:n]`` is ``word`` (lower case ASCII) in any ASCII case, or is not ASCII."""
    cdef size_t i
    for i in range(n):
        if s[i] >= 0x80:
            return True
    return n == k and _has(s, n, word, k, True)


cdef int _head_signal(void* element, bint meta, Buf* values) except -1:
    """html5._head_signal of a ``<meta>`` (``meta``) or ``<link>``."""
    cdef const unsigned char* value
    cdef size_t n = 0
    if not meta:
        value = _find(element, "rel", 3, &n, values)
        return value is not NULL and _is_word(value, n, "canonical", 9)
    value = _find(element, "property", 8, &n, values)
    if value is NULL or n == 0:
        n = 0
        value = _find(element, "name", 4, &n, values)
    return value is not NULL and (_is_word(value, n, "og:type", 7) or _is_word(value, n, "og:url", 6))


cdef int _attr_test(xmlDoc* doc, void* element, Buf* values, bint script) except -1:
    """html5._ld_json of a script (``script``), else html5._may_be_hidden."""
    cdef void* attr
    cdef const unsigned char* name
    cdef const unsigned char* value
    cdef size_t name_len, value_len = 0
    cdef int kind
    if script:
        value = _find(element, "type", 4, &value_len, values)
        return value is not NULL and _has(value, value_len, "ld+json", 7, False)
    attr = _first_attr(element)
    while attr is not NULL:
        name_len = 0
        name = _attr_name(attr, &name_len)
        kind = 0
        if _name(doc, name, name_len, &kind) is not NULL:
            if kind & HIDING:
                return True
            if kind & HIDING_STYLE:
                value = _value(attr, &value_len, values)
                if value_len and _may_hide(value, value_len):
                    return True
        attr = _next_attr(attr)
    return False


cdef struct State:
    # html5._State: what the pruned build's decisions remember
    void* ldoc  # lexbor's document
    void* html  # its <html> element
    bint title_seen  # a <title> was copied
    long big  # clean.BIG_HIDDEN_CHARS


cdef long _text_size(void* ldoc, void* top, void* skip, long limit) noexcept:
    """html5._text_size: the characters of the text under lexbor's node ``top``, cleaned,
    without the text under ``skip``, and once past ``limit`` (>= 0) what was counted so far."""
    cdef long size = 0
    cdef size_t depth = 0
    cdef void* cur = _first_child(top)
    cdef void* child
    while cur is not NULL:
        if _node_type(cur) == TEXT:
            size += _text_length(ldoc, cur)
            if 0 <= limit <= size:
                return size
        elif cur is not skip:
            child = _first_child(cur)
            if child is not NULL:
                cur = child
                depth += 1
                continue
        while _next(cur) is NULL:
            if depth == 0:
                return size
            cur = _parent(cur)
            depth -= 1
        cur = _next(cur)
    return size


cdef bint _swallows(void* element, State* state) noexcept:
    """html5._swallows: clean._unwrap_swallowing's test of a candidate, on lexbor's text."""
    cdef long size = _text_size(state.ldoc, element, NULL, -1)
    return size > state.big and _text_size(state.ldoc, state.html, element, size) < size


cdef int _decide(xmlDoc* doc, void* element, const unsigned char* name, int bits, int mode, State* state,
                 Buf* values) except -1:
    """html5._decide: COPIED when the element is copied, with the mode of its content."""
    if mode == COPY:
        return COPIED | COPY
    if (bits & SCRIPT and _attr_test(doc, element, values, True)) or (
            bits & TITLE and mode == PRUNED and not state.title_seen):
        return COPIED | COPY
    if mode == PRUNED or bits & (SUBTREE | SCRIPT):
        return PRUNED
    if bits & SWALLOW:
        return COPIED | COPY if _swallows(element, state) else PRUNED
    if bits & HEAD:
        return COPIED | IN_HEAD
    # (the two SIGNAL tags: <meta> and <link>)
    if bits & SIGNAL and mode == IN_HEAD and not _head_signal(element, name[0] == 0x6D, values):
        return PRUNED
    if bits & UNWRAP and mode == NORMAL and not _attr_test(doc, element, values, False):
        return NORMAL
    return COPIED | mode


cdef int _copy_attributes(xmlDoc* doc, xmlNode* node, void* element, Buf* values, bint prune,
                          int marks) except -1:
    """Add the attributes of lexbor's ``element`` to ``node``, in order (lexbor's tokenizer
    has dropped repeated names, as the HTML standard says: each name comes once). The
    value's text node is made here, as xmlNewProp would, but without registering ``id``
    values in the document's table of ids (lxml's parser did not either: collect_ids).
    ``prune``: only the attributes the pruned build keeps; ``marks``: the MARK ones too
    (html5._set_attributes; MARK: only those, for _add_marks); whether a MARK one was left out."""
    cdef void* attr = _first_attr(element)
    cdef const unsigned char* name
    cdef const unsigned char* value
    cdef size_t name_len, value_len
    cdef xmlAttr* prop
    cdef xmlNode* text
    cdef int kind = 0, left_out = 0
    cdef int wanted = (MARK if marks == MARK else (KEEP | HIDING | HIDING_STYLE | (MARK if marks else 0)))
    while attr is not NULL:
        name_len = 0
        name = _attr_name(attr, &name_len)
        name = _name(doc, name, name_len, &kind)
        if name is NULL:
            pass
        elif prune and not kind & wanted:
            if kind & MARK:
                left_out = 1
        else:
            value = _value(attr, &value_len, values)
            prop = xmlNewNsPropEatName(node, NULL, <unsigned char*>name, NULL)
            text = xmlNewDocTextLen(doc, value, <int>value_len)
            if prop is NULL or text is NULL:
                raise MemoryError()
            prop.children = prop.last = text
            text.parent = <xmlNode*>prop
        attr = _next_attr(attr)
    return left_out


cdef int _flush(void* ldoc, xmlDoc* doc, xmlNode* parent, Pending* text) except -1:
    """Add the pending run of text as one text node, the last child of ``parent``."""
    cdef xmlNode* node
    if text.seg is not NULL:
        node = xmlNewDocTextLen(doc, text.seg, <int>text.seg_length)
        _destroy_text(ldoc, text.seg)
        text.seg = NULL
    elif text.buf.length:
        node = xmlNewDocTextLen(doc, text.buf.data, <int>text.buf.length)
        text.buf.length = 0
    else:
        return 0
    if node is NULL:
        raise MemoryError()
    xmlAddChild(parent, node)
    return 0


cdef long _text_length(void* ldoc, void* node) noexcept:
    """The characters of a text node once cleaned (text the pruned build leaves out)."""
    cdef size_t n = 0
    cdef long count
    cdef unsigned char* s = _text(node, &n)
    if s is NULL:
        return 0
    count = _clean_length(s, n)
    _destroy_text(ldoc, s)
    return count


cdef inline int _add_text(void* ldoc, void* node, Pending* pending) except -1:
    cdef size_t n = 0
    cdef unsigned char* s = _text(node, &n)
    if s is NULL:
        return 0
    if pending.seg is NULL and pending.buf.length == 0 and n > 0 and _is_clean(s, n):
        pending.seg = s  # the common case: kept, copied once by _flush
        pending.seg_length = n
        return 0
    try:
        if pending.seg is not NULL:
            _append_clean(&pending.buf, pending.seg, pending.seg_length)
            _destroy_text(ldoc, pending.seg)
            pending.seg = NULL
        _append_clean(&pending.buf, s, n)
    finally:
        _destroy_text(ldoc, s)
    return 0


# The two builds, one walk: _copy_children is compiled once for each (Cython's fused types,
# "if Build is PrunedBuild" decided at compile time), so the full build pays nothing for pruning.
cdef struct FullBuild:
    char unused
cdef struct PrunedBuild:
    char unused
ctypedef fused Build:
    FullBuild
    PrunedBuild


cdef int _copy_children(Build* which, void* ldoc, void* html, xmlDoc* doc, xmlNode* root, long max_depth,
                        Pending* pending, Buf* values, long big, size_t* pruned) except -1:
    """Copy the children of lexbor's ``html`` under ``root``, depth first without recursion;
    ``parents[level]`` is the libxml2 parent of the lexbor nodes at that level (the nearest
    copied ancestor: an element not copied hands its content to it). The pruned build
    (``which``: a PrunedBuild pointer) also keeps ``modes[level]``: where it is (html5's
    modes) and html5's marks (HOLDS, WAITS); the characters of the text it leaves out are
    added to ``pruned``."""
    cdef size_t cap = 64, level = 0
    cdef xmlNode** parents = <xmlNode**>malloc(cap * sizeof(xmlNode*))
    cdef unsigned char* modes = NULL
    cdef xmlNode* parent = root
    cdef xmlNode* node
    cdef xmlNode** grown
    cdef unsigned char* grown_modes
    cdef void* cur = _first_child(html)
    cdef void* child
    cdef const unsigned char* name
    cdef size_t name_len
    cdef int kind, bits = 0, mode = NORMAL, waits = 0
    cdef State state
    if Build is PrunedBuild:
        state.ldoc = ldoc
        state.html = html
        state.title_seen = False
        state.big = big
        modes = <unsigned char*>malloc(cap)
        if modes is NULL:
            free(parents)
            raise MemoryError()
        modes[0] = NORMAL
    if parents is NULL:
        free(modes)
        raise MemoryError()
    parents[0] = root
    try:
        while cur is not NULL:
            kind = _node_type(cur)
            if Build is PrunedBuild:
                mode = modes[level] & MODE
            if kind == TEXT:
                if Build is PrunedBuild and mode == PRUNED:
                    pruned[0] += _text_length(ldoc, cur)
                else:
                    _add_text(ldoc, cur, pending)
            elif kind == ELEMENT:
                node = NULL
                name_len = 0
                name = _element_name(cur, &name_len)
                if Build is PrunedBuild:
                    waits = 0
                if <long>level + 2 <= max_depth:
                    name = _name(doc, name, name_len, &bits)
                    if name is not NULL:
                        if Build is PrunedBuild:
                            mode = _decide(doc, cur, name, bits, mode, &state, values)
                        else:
                            mode = COPIED
                        if mode & COPIED:
                            mode &= ~COPIED
                            _flush(ldoc, doc, parent, pending)
                            node = xmlNewDocNodeEatName(doc, NULL, <unsigned char*>name, NULL)
                            if node is NULL:
                                raise MemoryError()
                            xmlAddChild(parent, node)
                            if Build is PrunedBuild:
                                waits = _copy_attributes(doc, node, cur, values, True, 1 if bits & BLOCK else 0)
                                if bits & BLOCK:
                                    modes[level] |= HOLDS
                                if bits & TITLE:
                                    state.title_seen = True
                                if bits & STRIPPED and not (mode == IN_HEAD and bits & UNWRAP):
                                    _note_copied(name)
                            else:
                                _copy_attributes(doc, node, cur, values, False, 1)
                child = _first_child(cur)
                if child is not NULL:
                    if level + 1 == cap:
                        cap *= 2
                        grown = <xmlNode**>realloc(parents, cap * sizeof(xmlNode*))
                        if grown is NULL:
                            raise MemoryError()
                        parents = grown
                        if Build is PrunedBuild:
                            grown_modes = <unsigned char*>realloc(modes, cap)
                            if grown_modes is NULL:
                                raise MemoryError()
                            modes = grown_modes
                    level += 1
                    if Build is PrunedBuild:
                        modes[level] = mode | (WAITS if waits else 0)
                    parents[level] = node if node is not NULL else parent
                    parent = parents[level]
                    cur = child
                    continue
            # comments, doctypes and processing instructions are skipped
            while True:
                child = _next(cur)
                if child is not NULL:
                    cur = child
                    break
                if level == 0:
                    cur = NULL
                    break
                cur = _parent(cur)
                level -= 1
                if Build is PrunedBuild:
                    if modes[level + 1] & HOLDS:  # html5._next_up: marks of an element above a box
                        modes[level] |= HOLDS
                        if modes[level + 1] & WAITS:
                            _copy_attributes(doc, parents[level + 1], cur, values, True, MARK)
                if parents[level] is not parent:
                    _flush(ldoc, doc, parent, pending)
                    parent = parents[level]
        _flush(ldoc, doc, parent, pending)
    finally:
        free(parents)
        free(modes)
    return 0


def build(bytes data, _Element root, long max_depth, dict kinds, long big):
    """Parse ``data`` (UTF-8) with lexbor and copy its ``<html>`` element's attributes and
    content to ``root``: all of it (``kinds`` None), or as the pruned build (``kinds``:
    html5.PRUNE_KINDS; ``big``: clean.BIG_HIDDEN_CHARS). (characters of the text the pruned build left out, the STRIPPED
    names it copied)."""
    global _kinds, _n_copied
    if not AVAILABLE:
        raise RuntimeError(f"lexbor functions not found: {MISSING}")
    cdef xmlNode* top = root._c_node
    cdef xmlDoc* doc = top.doc
    cdef void* ldoc = NULL
    cdef void* html
    cdef unsigned int status
    cdef Pending pending
    cdef Buf values
    cdef size_t pruned = 0
    if doc is NULL or doc.dict is NULL:
        raise ValueError("root must belong to a parsed lxml document (it interns the names)")
    ldoc = _doc_create()
    if ldoc is NULL:
        raise MemoryError()
    pending.seg = NULL
    pending.seg_length = 0
    pending.buf.data = values.data = NULL
    pending.buf.length = pending.buf.size = values.length = values.size = 0
    memset(_names, 0, sizeof(_names))
    _kinds = kinds
    _n_copied = 0
    try:
        status = _doc_parse(ldoc, <const unsigned char*>data, len(data))
        if status != 0:
            raise MemoryError(f"lexbor could not parse the page (status {status})")
        html = _doc_element(ldoc)
        if html is not NULL:
            _copy_attributes(doc, top, html, &values, kinds is not None, 1)
            if kinds is None:
                _copy_children(<FullBuild*>NULL, ldoc, html, doc, top, max_depth, &pending, &values, big, &pruned)
            else:
                _copy_children(<PrunedBuild*>NULL, ldoc, html, doc, top, max_depth, &pending, &values, big, &pruned)
    finally:
        _kinds = None
        free(pending.buf.data)
        free(values.data)
        _doc_destroy(ldoc)  # also frees a text still pending after an error
    return pruned, [(<const char*>_copied[i]).decode() for i in range(_n_copied)]
