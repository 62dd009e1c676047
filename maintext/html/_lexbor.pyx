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
the pruned build left out (0 for the full build). ``attributes``: html5's ``RECORD_KINDS``
for the record build (every element, as the full build, but only the attributes of that
table), else None.
"""

from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcmp, memcpy, memset, strcmp
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlAttr, xmlDoc, xmlNode
from lxml.includes.etreepublic cimport _Element, import_lxml__etree

import_lxml__etree()

include "_lexbor_bind.pxi"
include "_stash.pxi"
include "_arena.pxi"


MISSING = _bind()
AVAILABLE = not MISSING
_install_arena()
if AVAILABLE:
    ls_install(_memory_setup)
_direct = AVAILABLE and _probe_layout()


def read_directly(bint on):
    """Read lexbor's structs directly (when the layout check passes) or only through its
    functions (the tests compare both); whether they are now read directly."""
    global _direct
    _direct = on and AVAILABLE and _probe_layout()
    return _direct


def own_nodes(bint on):
    """Make the libxml2 nodes here (when _bind_own_nodes allows it) or through libxml2's
    constructors (the tests compare both); whether they are now made here."""
    global _own_nodes
    _own_nodes = on and _own_found
    return _own_nodes


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
# the record build's: an attribute with KEEP and one of these is copied on that element only
DEF ON_SCRIPT = 4096
DEF ON_META = 8192
DEF ON_HTML = 16384
DEF ON_ONE = ON_SCRIPT | ON_META | ON_HTML
DEF STRIPPED = SUBTREE | SCRIPT | TITLE | SWALLOW | HEAD | UNWRAP
DEF COPIED_NAMES = 128  # room for the STRIPPED names copied (the table has ~60)
BITS = (SUBTREE, SCRIPT, TITLE, SWALLOW, HEAD, UNWRAP, KEEP, HIDING, HIDING_STYLE, SIGNAL, MARK, BLOCK,
        ON_SCRIPT, ON_META, ON_HTML)
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


include "_lexbor_text.pxi"


cdef struct NameSlot:
    const unsigned char* key  # a name as lexbor gives it (one pointer per name and document)
    const unsigned char* name  # the same name interned in the lxml document's dictionary

# Names already interned during this build (cleared at each: lexbor's pointers are only
# stable within one of its documents); a direct-mapped cache in front of the dictionary,
# indexed by a multiplicative hash of the pointer (lexbor's names lie at evenly spaced places).
DEF NAME_SLOTS = 512
cdef NameSlot _names[NAME_SLOTS]
# The bits in the pruned build's table (0 in the full build) of the name in the same slot
# (written with the slot's key: not cleared, the full build's memset stays as small)
cdef int _name_kinds[NAME_SLOTS]
cdef dict _kinds = None  # the pruned build's table during a pruned build, else None
# The record build's: the full build's walk, but only the attributes with KEEP in _kinds
# (html5.RECORD_KINDS, its table during that build) are copied
cdef bint _record = False
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
    cdef size_t i = <size_t>((<unsigned long long><size_t>s * 0x9E3779B97F4A7C15ULL) >> 55)  # (NAME_SLOTS: 2**9)
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
    """``len(html5.clean_text(text))`` of the UTF-8 text ``s[:n]``: its characters once cleaned
    (16 bytes at a time, their continuation bytes counted together, where no byte of them
    may be refused; else byte by byte)."""
    cdef size_t i = 0, count = 0, end
    cdef unsigned char c
    while i < n:
        if i + 16 <= n and not _suspect16(s + i):
            count += 16 - <size_t>_continuations16(s + i)
            i += 16
            continue
        end = i + 16 if i + 16 <= n else n
        while i < end:  # (a refused U+FFFE/U+FFFF may end past it: the next block starts there)
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


include "_lexbor_prune.pxi"


# A text shorter than INLINE_TEXT bytes is stored inside its node, in the room of the
# properties and nsDef fields a text node does not use, as libxml2's own parser stores it
# (XML_PARSE_COMPACT, lxml's default): every libxml2 and lxml function that changes, copies
# or frees a text node knows such nodes. It saves a malloc and a free per text (aeb: 7 in
# 10 texts and 4 in 10 attribute values are that short). Interning white space in the
# dictionary, as libxml2's parser also does, was measured to cost more than it saves.
DEF INLINE_TEXT = 16
cdef xmlNode _probe
# the two fields follow each other (in every libxml2 since 2.6; else no text is inlined)
cdef bint _inline_ok = <char*>&_probe.nsDef - <char*>&_probe.properties == sizeof(void*)


# Where a node's properties field starts: a text made here (``_own``) is stored from there
# on whatever its length, in a node made longer when the text needs more room than the
# fields after it (see _new_text)
cdef size_t _inline_at = <char*>&_probe.properties - <char*>&_probe


cdef bint _own = False  # this build makes its nodes itself (_bind_own_nodes, _no_node_callback)


cdef inline xmlNode* _zeroed_node(size_t size=sizeof(xmlNode)) noexcept:
    """A node's block (_block; NULL when out of memory), its fields zeroed; ``size``: its
    block's size, at least the node's (the size known here, the compiler writes the zeros
    itself)."""
    cdef xmlNode* p = <xmlNode*>_block(size)
    if p is not NULL:
        memset(p, 0, sizeof(xmlNode))
    return p


cdef xmlNode* _new_text(xmlDoc* doc, const unsigned char* s, size_t n) except NULL:
    """A new text node of ``doc`` holding ``s[:n]`` (see INLINE_TEXT): made as
    xmlNewDocTextLen makes it, by libxml2's function or (``_own``) here."""
    cdef xmlNode* node
    cdef unsigned char* content
    if _own:
        # Every text is stored in its node's block, from the properties field on: up to 31
        # bytes fit in the fields a text node does not use (properties, nsDef, psvi, line,
        # extra), a longer one in a block made longer (one allocation and one free instead
        # of two: aeb, full build, 4 in 10 texts and 6 in 10 attribute values are 16 bytes
        # or longer). libxml2 and lxml tell such content by its place (``content ==
        # &properties``: never freed on its own; a change makes a new copy and clears
        # properties) and read it as a C string; nothing reads psvi, line or extra of a
        # text node of this tree (xmlGetLineNo would, asked of the text itself).
        node = _zeroed_node(_inline_at + n + 1 if _inline_ok and _inline_at + n + 1 > sizeof(xmlNode)
                            else sizeof(xmlNode))
        if node is NULL:
            raise MemoryError()
        node.type = tree.XML_TEXT_NODE
        node.name = xmlStringText
        node.doc = doc
        if _inline_ok:
            content = <unsigned char*>&node.properties
        else:
            content = <unsigned char*>xmlMallocPtr[0](n + 1)
            if content is NULL:
                xmlFreePtr[0](node)
                raise MemoryError()
        memcpy(content, s, n)
        content[n] = 0
        node.content = content
        return node
    if n < INLINE_TEXT and _inline_ok:
        node = xmlNewDocTextLen(doc, NULL, 0)
        if node is NULL:
            raise MemoryError()
        content = <unsigned char*>&node.properties
        memcpy(content, s, n)
        content[n] = 0
        node.content = content
        return node
    node = xmlNewDocTextLen(doc, s, <int>n)
    if node is NULL:
        raise MemoryError()
    return node


cdef xmlNode* _new_element(xmlDoc* doc, const unsigned char* name) except NULL:
    """A new element of ``doc`` named ``name`` (interned in its dictionary), no namespace:
    as xmlNewDocNodeEatName makes it."""
    cdef xmlNode* node
    if not _own:
        node = xmlNewDocNodeEatName(doc, NULL, <unsigned char*>name, NULL)
    else:
        node = _zeroed_node()
        if node is not NULL:
            node.type = tree.XML_ELEMENT_NODE
            node.name = name
            node.doc = doc
    if node is NULL:
        raise MemoryError()
    return node


cdef xmlAttr* _new_attribute(xmlNode* node, xmlAttr* last, const unsigned char* name) except NULL:
    """A new attribute of ``node`` named ``name`` (interned), no namespace, no value, after
    ``last`` (``node``'s last one, or NULL when it has none): as xmlNewNsPropEatName makes it."""
    cdef xmlAttr* prop
    if not _own:
        prop = xmlNewNsPropEatName(node, NULL, <unsigned char*>name, NULL)
        if prop is NULL:
            raise MemoryError()
        return prop
    prop = <xmlAttr*>_block(sizeof(xmlAttr))
    if prop is NULL:
        raise MemoryError()
    memset(prop, 0, sizeof(xmlAttr))
    prop.type = tree.XML_ATTRIBUTE_NODE
    prop.parent = node
    prop.doc = node.doc
    prop.name = name
    if last is NULL:
        node.properties = prop
    else:
        last.next = prop
        prop.prev = last
    return prop


cdef bint _record_copies(xmlNode* node, int kind, const unsigned char* value, size_t n) noexcept:
    """Whether the record build copies an attribute of its table (``kind``: its bits) of
    ``node`` holding ``value`` (cleaned, ``n`` bytes): on its element for ON_SCRIPT, ON_META
    and ON_HTML; when it may hide the element for HIDING_STYLE (html5._read_on). Apart from
    _copy_attributes, so that the pruned build's loop stays as small."""
    cdef const char* name = <const char*>node.name
    if kind & HIDING_STYLE:
        return n > 0 and _may_hide(value, n)
    if kind & ON_SCRIPT:
        return strcmp(name, "script") == 0
    if kind & ON_META:
        return strcmp(name, "meta") == 0
    if kind & ON_HTML:
        return strcmp(name, "html") == 0
    return True


cdef int _copy_attributes(xmlDoc* doc, xmlNode* node, void* element, Buf* values, bint prune,
                          int marks) except -1:
    """Add the attributes of lexbor's ``element`` to ``node``, in order (lexbor's tokenizer
    has dropped repeated names, as the HTML standard says: each name comes once). The
    value's text node is made here, as xmlNewProp would, but without registering ``id``
    values in the document's table of ids (lxml's parser did not either: collect_ids).
    ``prune``: only the attributes the pruned build keeps; ``marks``: the MARK ones too
    (html5._set_attributes; MARK: only those, for _add_marks); whether a MARK one was left out.
    The record build (``_record``, ``prune`` False): only those with KEEP in its table (with
    ON_SCRIPT, ON_META or ON_HTML: only on that element), and those with HIDING_STYLE when
    their value may hide the element."""
    cdef void* attr = _first_attr(element)
    cdef const unsigned char* name
    cdef const unsigned char* value
    cdef size_t name_len, value_len
    cdef xmlAttr* prop
    cdef xmlAttr* last = node.properties
    cdef xmlNode* text
    cdef int kind = 0, left_out = 0
    cdef int wanted = (MARK if marks == MARK else (KEEP | HIDING | HIDING_STYLE | (MARK if marks else 0)))
    while last is not NULL and last.next is not NULL:
        last = last.next
    while attr is not NULL:
        name_len = 0
        name = _attr_name(attr, &name_len)
        name = _name(doc, name, name_len, &kind)
        if name is NULL:
            pass
        elif (prune or _record) and not kind & wanted:
            if kind & MARK:
                left_out = 1
        else:
            value = _value(attr, &value_len, values)
            if not _record or _record_copies(node, kind, value, value_len):
                prop = last = _new_attribute(node, last, name)
                text = _new_text(doc, value, value_len)
                prop.children = prop.last = text
                text.parent = <xmlNode*>prop
        attr = _next_attr(attr)
    return left_out


cdef inline void _append(xmlNode* parent, xmlNode* node) noexcept:
    """Make ``node`` (new, of the same document) the last child of ``parent``: what
    xmlAddChild does when no text node comes next to another one (the walk never puts two
    side by side: a run of text is added whole, before an element or at a level's end);
    else xmlAddChild itself, which merges them."""
    cdef xmlNode* last = parent.last
    if last is NULL:
        parent.children = node
    elif node.type == tree.XML_TEXT_NODE and last.type == tree.XML_TEXT_NODE:
        xmlAddChild(parent, node)
        return
    else:
        last.next = node
        node.prev = last
    parent.last = node
    node.parent = parent


cdef int _flush(void* ldoc, xmlDoc* doc, xmlNode* parent, Pending* text) except -1:
    """Add the pending run of text as one text node, the last child of ``parent``."""
    cdef xmlNode* node
    cdef size_t length
    if text.seg is not NULL:
        try:
            node = _new_text(doc, text.seg, text.seg_length)
        finally:
            _release(ldoc, text.seg)
            text.seg = NULL
    elif text.buf.length:
        text.buf.length, length = 0, text.buf.length
        node = _new_text(doc, text.buf.data, length)
    else:
        return 0
    _append(parent, node)
    return 0


cdef long _text_length(void* ldoc, void* node) noexcept:
    """The characters of a text node once cleaned (text the pruned build leaves out)."""
    cdef size_t n = 0
    cdef long count
    cdef unsigned char* s = _text_of(node, &n)
    if s is NULL:
        return 0
    count = _clean_length(s, n)
    _release(ldoc, s)
    return count


cdef struct Nodes:
    # lexbor nodes kept for later (a growable array)
    void** items
    size_t length
    size_t size


cdef int _keep(Nodes* nodes, void* node) except -1:
    cdef void** grown
    if nodes.length == nodes.size:
        nodes.size = 2 * nodes.size if nodes.size else 64
        grown = <void**>realloc(nodes.items, nodes.size * sizeof(void*))
        if grown is NULL:
            raise MemoryError()
        nodes.items = grown
    nodes.items[nodes.length] = node
    nodes.length += 1
    return 0


cdef inline int _add_text(void* ldoc, void* node, Pending* pending) except -1:
    cdef size_t n = 0
    cdef unsigned char* s = _text_of(node, &n)
    if s is NULL:
        return 0
    if pending.seg is NULL and pending.buf.length == 0 and n > 0 and _is_clean(s, n):
        pending.seg = s  # the common case: kept, copied once by _flush
        pending.seg_length = n
        return 0
    try:
        if pending.seg is not NULL:
            _append_clean(&pending.buf, pending.seg, pending.seg_length)
            _release(ldoc, pending.seg)
            pending.seg = NULL
        _append_clean(&pending.buf, s, n)
    finally:
        _release(ldoc, s)
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
    added to ``pruned`` when it copies a SWALLOW element (html5.Pruned: only then are they
    read; the text nodes are kept until the end of the walk and counted then)."""
    cdef size_t cap = 64, level = 0
    cdef xmlNode** parents = <xmlNode**>malloc(cap * sizeof(xmlNode*))
    cdef unsigned char* modes = NULL
    cdef xmlNode* parent = root
    cdef xmlNode* node
    cdef xmlNode** grown
    cdef unsigned char* grown_modes
    cdef void* cur = _child_of(html)
    cdef void* child
    cdef const unsigned char* name
    cdef size_t name_len
    cdef int kind, bits = 0, mode = NORMAL, waits = 0
    cdef State state
    cdef size_t i
    cdef Nodes left_out
    cdef bint swallow_copied = False
    left_out.items = NULL
    left_out.length = left_out.size = 0
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
            kind = _type_of(cur)
            if Build is PrunedBuild:
                mode = modes[level] & MODE
            if kind == TEXT:
                if Build is PrunedBuild and mode == PRUNED:
                    _keep(&left_out, cur)
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
                            node = _new_element(doc, name)
                            _append(parent, node)
                            if Build is PrunedBuild:
                                waits = _copy_attributes(doc, node, cur, values, True, 1 if bits & BLOCK else 0)
                                if bits & BLOCK:
                                    modes[level] |= HOLDS
                                if bits & TITLE:
                                    state.title_seen = True
                                if bits & STRIPPED and not (mode == IN_HEAD and bits & UNWRAP):
                                    _note_copied(name)
                                    swallow_copied = swallow_copied or bits & SWALLOW
                            else:
                                _copy_attributes(doc, node, cur, values, False, 1)
                child = _child_of(cur)
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
                child = _next_of(cur)
                if child is not NULL:
                    cur = child
                    break
                if level == 0:
                    cur = NULL
                    break
                cur = _parent_of(cur)
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
        if Build is PrunedBuild and swallow_copied:
            for i in range(left_out.length):
                pruned[0] += _text_length(ldoc, left_out.items[i])
    finally:
        free(parents)
        free(modes)
        free(left_out.items)
    return 0


# One lexbor document parses page after page: lexbor cleans a parsed document when it
# parses again, and keeps its parser and the first block of each memory pool (no document
# and parser made and destroyed, nor their pools allocated, per page). Cleaned after each
# build, so it holds no page between builds. Lexbor's clean leaves the document's quirks
# mode as the last page's doctype set it (a page without doctype is parsed in quirks mode,
# where a <table> does not close an open <p>), so it is set back to no-quirks, as a new
# document has it; when that field cannot be found (_probe_quirks), no document is reused.
# A build that starts while it is in use (from a finalizer run during one) parses in a
# document of its own.
cdef void* _document = NULL
cdef bint _document_busy = False
cdef bint _reuse = _direct and _probe_quirks()


cdef void* _take_document() except NULL:
    """The document to parse in: the shared one when it is free, else a new one."""
    global _document, _document_busy
    cdef void* ldoc
    if _document_busy or not _reuse:
        ldoc = _doc_create()
    else:
        if _document is NULL:
            _document = _doc_create()
        ldoc = _document
        _document_busy = ldoc is not NULL
    if ldoc is NULL:
        raise MemoryError()
    return ldoc


cdef void _give_back(void* ldoc, bint ok) noexcept:
    """Done with ``ldoc``: the shared one is cleaned for the next page (destroyed after an
    error: lexbor's state is not known then), another one destroyed."""
    global _document, _document_busy
    if ldoc is not _document:
        _doc_destroy(ldoc)
        return
    if ok:
        _doc_clean(ldoc)
        (<LxbDocument*>ldoc).compat_mode = NO_QUIRKS
    else:
        _doc_destroy(ldoc)
        _document = NULL
    _document_busy = False


def build(bytes data, _Element root, long max_depth, dict kinds, long big, dict attributes=None):
    """Parse ``data`` (UTF-8) with lexbor and copy its ``<html>`` element's attributes and
    content to ``root``: all of it (``kinds`` None), or as the pruned build (``kinds``:
    html5.PRUNE_KINDS; ``big``: clean.BIG_HIDDEN_CHARS), or as the record build (``kinds`` None,
    ``attributes``: html5.RECORD_KINDS). (characters of the text the pruned build left out, the
    STRIPPED names it copied)."""
    global _kinds, _n_copied, _own, _record, _arena
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
    ldoc = _take_document()
    pending.seg = NULL
    pending.seg_length = 0
    pending.buf.data = values.data = NULL
    pending.buf.length = pending.buf.size = values.length = values.size = 0
    memset(_names, 0, sizeof(_names))
    _kinds = kinds
    _record = kinds is None and attributes is not None
    if _record:
        _kinds = attributes
    _n_copied = 0
    _own = _own_nodes and _no_node_callback()
    _arena = _own and _arena_usable()
    try:
        status = _doc_parse(ldoc, <const unsigned char*>data, len(data))
        if status != 0:
            raise MemoryError(f"lexbor could not parse the page (status {status})")
        html = _doc_element(ldoc)
        if html is not NULL:
            _copy_attributes(doc, top, html, &values, kinds is not None, 1)  # (_record: filtered too)
            if kinds is None:
                _copy_children(<FullBuild*>NULL, ldoc, html, doc, top, max_depth, &pending, &values, big, &pruned)
            else:
                _copy_children(<PrunedBuild*>NULL, ldoc, html, doc, top, max_depth, &pending, &values, big, &pruned)
        _give_back(ldoc, True)
    except BaseException:
        _give_back(ldoc, False)  # destroyed: also frees a text still pending after an error
        raise
    finally:
        _kinds = None
        _record = False
        free(pending.buf.data)
        free(values.data)
    return pruned, [(<const char*>_copied[i]).decode() for i in range(_n_copied)]
