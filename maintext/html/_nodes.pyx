# cython: language_level=3
"""Tree scans of the metadata pass in C, twins of Python loops over ``el.iter()``.

Each function visits libxml2's nodes through lxml's public C API in the order lxml's
``iter()`` yields them (elements, comments, entity references and processing instructions,
depth first, descending into elements only) and builds an element proxy only for the
elements it returns. The Python loops stay as the fallback (no compiler, or
``MAINTEXT_NATIVE=0``); ``tests/html/test_nodes.py`` checks both agree.

``subtree_texts(el, skip, with_tail, limit, stripped)``: the list
:func:`maintext.metadata.visible.subtree_texts` yields, cut after the piece at which the
running length (of the pieces, or of the stripped pieces) exceeds ``limit`` (< 0: no cut).

``prop_elements(root, itemprops, properties)``: :func:`maintext.metadata.dates._prop_elements`.

``author_boxes(scope, limit)``: the first ``limit`` descendants of ``scope`` that
:func:`maintext.metadata.authors.is_author_box` accepts.

``ld_script_texts(root)``: the JSON-LD script texts of :func:`maintext.metadata.jsonld.script_texts`.

``gallery_hits(elements, min_items, reach, words, search)``: the loop of
:func:`maintext.methods.auto.gallery.gallery_containers` (``_nodes_gallery.pxi``);
``gallery_hits_at(root, nodes, cids, ...)`` the same of boxes given by their recorded nodes.

``clean_scan(root, swallowing, big, drop)``: cleaning's first walk (``_nodes_clean.pxi``): the
tags present and the candidates of :func:`maintext.html.clean._swallowing_candidates` (or
those that swallowed the page), and lxml's ``strip_elements`` of ``drop`` done in the same walk
when none did; ``strip_elements_hiding`` and ``strip_tags`` (``_nodes_strip.pxi``): cleaning's
stripping passes as lxml does them.
"""

from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode, xmlAttr
from maintext.html._xmlnode cimport _elementlike, _has_text, _hiding_name, _is_text, _next_under, _plain_text
from maintext.html._text cimport _utf8_code_points
from lxml.includes.etreepublic cimport (_Document, _Element, attributeValue, elementFactory,
                                        import_lxml__etree, setNodeText, setTailText, textOf, tailOf)

from libc.string cimport strcmp, strlen, strncmp, strstr

import_lxml__etree()


cdef xmlNode* _next(xmlNode* n, xmlNode* top, bint elements_only) noexcept nogil:
    """The node after ``n`` in a depth-first walk of ``top``'s subtree, or NULL."""
    cdef xmlNode* c
    if n.type == tree.XML_ELEMENT_NODE:
        c = n.children
        while c is not NULL:
            if c.type == tree.XML_ELEMENT_NODE or (not elements_only and _elementlike(c)):
                return c
            c = c.next
    while n is not top:
        c = n.next
        while c is not NULL:
            if c.type == tree.XML_ELEMENT_NODE or (not elements_only and _elementlike(c)):
                return c
            c = c.next
        n = n.parent
        if n is NULL:
            return NULL
    return NULL


cdef object _own_text(xmlNode* n):
    """lxml's ``.text`` of an element-like node (None or '' when it has none)."""
    if n.type == tree.XML_ELEMENT_NODE:
        return textOf(n) if _has_text(n.children) else None
    if n.type == tree.XML_ENTITY_REF_NODE:
        return "&" + (<const char*>n.name).decode("utf-8") + ";"
    if n.content is NULL:
        return None
    return (<const char*>n.content).decode("utf-8")  # a comment or PI: its content


cdef bint _skipped(xmlNode* n, frozenset skip, dict seen):
    """The element's tag (``.tag``: no namespace) is in ``skip``; looked up once per name."""
    if n.type != tree.XML_ELEMENT_NODE or n.ns is not NULL:
        return False  # a comment's tag is a function, a namespaced tag reads "{uri}name"
    found = seen.get(<size_t>n.name)
    if found is None:
        found = seen[<size_t>n.name] = (<const char*>n.name).decode("utf-8") in skip
    return found


def subtree_texts(_Element el, frozenset skip, bint with_tail=False, Py_ssize_t limit=-1,
                  bint stripped=False):
    """Visible text pieces of ``el``'s subtree in the order of ``visible.subtree_texts``."""
    cdef xmlNode* top = el._c_node
    cdef xmlNode* n = top
    cdef list out = []
    cdef dict seen = {}
    cdef Py_ssize_t size = 0
    while n is not NULL:
        if not _skipped(n, skip, seen) and _add(out, _own_text(n), &size, limit, stripped):
            return out
        if (n is not top or with_tail) and _has_text(n.next) \
                and _add(out, tailOf(n), &size, limit, stripped):
            return out
        n = _next(n, top, False)
    return out


cdef inline bint _add(list out, object text, Py_ssize_t* size, Py_ssize_t limit, bint stripped):
    """Append a non-empty ``text`` to ``out``; whether the running length now exceeds ``limit``."""
    if not text:
        return False
    out.append(text)
    if limit < 0:
        return False
    size[0] += len(text.strip()) if stripped else len(text)
    return size[0] > limit


cdef xmlAttr* _attr_node(xmlNode* n, const char* name) noexcept:
    """The attribute ``el.get(name)`` reads: the first of that name without namespace."""
    cdef xmlAttr* a = n.properties
    while a is not NULL:  # (the first byte before the call: most names differ there)
        if a.ns is NULL and a.name[0] == <unsigned char>name[0] and strcmp(<const char*>a.name, name) == 0:
            return a
        a = a.next
    return NULL


cdef const char* _plain_value(xmlAttr* a) noexcept:
    """The value of an attribute held in one text node (the usual case), else NULL."""
    cdef xmlNode* c = a.children
    if c is not NULL and c.next is NULL and c.type == tree.XML_TEXT_NODE and c.content is not NULL:
        return <const char*>c.content
    return NULL


cdef object _attr(xmlNode* n, const char* name):
    """``el.get(name)`` (no namespace), or None."""
    cdef xmlAttr* a = _attr_node(n, name)
    return attributeValue(n, a) if a is not NULL else None


def prop_elements(_Element root, frozenset itemprops, frozenset properties):
    """Elements (``root`` included) whose itemprop is in ``itemprops`` or whose RDFa
    property is in ``properties``, ``<meta property>`` left out, in page order."""
    cdef _Document doc = root._doc
    cdef xmlNode* top = root._c_node
    cdef xmlNode* n = top
    cdef list out = []
    if top.type != tree.XML_ELEMENT_NODE:
        return out
    while n is not NULL:
        if n.properties is not NULL:
            prop = _attr(n, "property")
            if (_attr(n, "itemprop") in itemprops or prop in properties) and not (
                    prop is not None and n.ns is NULL and strcmp(<const char*>n.name, "meta") == 0):
                out.append(elementFactory(doc, n))
        n = _next(n, top, True)
    return out


cdef bint _holds_author_word(const char* value) noexcept:
    """``value`` holds author, Author, byline or Byline: one pass that compares the rest of
    a word only at its (either case) first letter."""
    cdef const char* p = value
    cdef char c
    while p[0] != 0:
        c = p[0] | 0x20  # a or A, b or B (no other byte lowers to them)
        if (c == b'a' and strncmp(p + 1, "uthor", 5) == 0
                or c == b'b' and strncmp(p + 1, "yline", 5) == 0):
            return True
        p += 1
    return False


cdef enum:  # the attributes authors.is_author_box reads, as bits
    BOX_REL = 1
    BOX_ITEMPROP = 2
    BOX_CLASS = 4
    BOX_ID = 8


cdef bint _is_author_attr(xmlNode* n, xmlAttr* a, int which):
    """The test of ``authors.is_author_box`` for attribute ``a`` (``which`` of them) of
    element ``n``: rel/itemprop equal to author, class holding author/Author/byline/Byline,
    id holding author. A value held in more than one node is read whole (``attributeValue``)."""
    cdef const char* got = _plain_value(a)
    if got is NULL:
        value = attributeValue(n, a)
        if which == BOX_CLASS:
            return any(part in value for part in ("author", "Author", "byline", "Byline"))
        return value == "author" if which != BOX_ID else "author" in value
    if which == BOX_CLASS:
        return _holds_author_word(got)
    if which == BOX_ID:
        return strstr(got, "author") is not NULL
    return strcmp(got, "author") == 0  # rel, itemprop: the whole value


cdef bint _is_author_box(xmlNode* n):
    """``authors.is_author_box``, in one pass over the element's attributes; as ``el.get``,
    only the first attribute of each name (without namespace) counts."""
    cdef xmlAttr* a = n.properties
    cdef int seen = 0, which  # the attributes met (bits)
    cdef const char* name
    while a is not NULL:
        name = <const char*>a.name
        which = 0
        if a.ns is NULL:  # (the first byte before the call: most names differ there)
            if name[0] == b'c':
                which = BOX_CLASS if strcmp(name, "class") == 0 else 0
            elif name[0] == b'i':
                which = BOX_ID if strcmp(name, "id") == 0 else (BOX_ITEMPROP if strcmp(name, "itemprop") == 0 else 0)
            elif name[0] == b'r':
                which = BOX_REL if strcmp(name, "rel") == 0 else 0
        if which and not seen & which:
            seen |= which
            if _is_author_attr(n, a, which):
                return True
        a = a.next
    return False


def author_boxes(_Element scope, Py_ssize_t limit):
    """The first ``limit`` descendant elements of ``scope`` (itself left out) with
    rel/itemprop=author, a class holding author/Author/byline/Byline or an id holding
    author (``authors.is_author_box``), in page order."""
    cdef _Document doc = scope._doc
    cdef xmlNode* top = scope._c_node
    cdef xmlNode* n
    cdef list out = []
    if top.type != tree.XML_ELEMENT_NODE:
        return out
    n = _next(top, top, True)
    while n is not NULL and len(out) < limit:
        if n.properties is not NULL and _is_author_box(n):
            out.append(elementFactory(doc, n))
        n = _next(n, top, True)
    return out


def anchor_records(list anchors):
    """(href, rel, text) of each element of ``anchors``: ``a.get("href")``,
    ``a.get("rel")`` and its whole text (``a.text`` of a leaf, else ``text_content()``)."""
    cdef list out = []
    cdef _Element a
    cdef xmlNode* n
    for a in anchors:
        n = a._c_node
        if n.properties is NULL:
            href = rel = None
        else:
            href = _attr(n, "href")
            rel = _attr(n, "rel")
        text = _plain_text(n) if n.type == tree.XML_ELEMENT_NODE else None
        if text is None:
            text = a.text_content()
        out.append((href, rel, text))
    return out


def container_marks_of(_Element el, str tag, dict cache, compute, Py_ssize_t cache_max, dict words_cache):
    """``vocab.marks(tag, el.items())`` without the items: the class, id, role and itemprop
    attributes (no namespace; the last of a repeated name, as ``dict(items)``) read in C,
    the id value's words looked up (:func:`id_words`), the marks looked up in ``cache``
    (``vocab._MARKS_BY_ID_WORDS``, cleared when it holds ``cache_max`` entries) by
    (tag, class, id words, role, itemprop), else in ``words_cache``
    (``vocab._MARKS_BY_WORDS``) by (tag, class words, id words, role, itemprop), the class
    value's words read here too, else ``compute`` of that key (``vocab.marks_by_words``);
    ``cache`` None: ``words_cache`` alone (the walk's call)."""
    return _container_marks(el._c_node, tag, cache, compute, cache_max, words_cache)


cdef object _container_marks(xmlNode* n, str tag, dict cache, object compute, Py_ssize_t cache_max,
                             dict words_cache):
    """:func:`container_marks_of` of element node ``n`` (the native walk's call, from C
    through ``_nodes.pxd``: no proxy, no Python call); ``cache`` None: only ``words_cache``
    is looked in (the walk's cache by the attributes' bytes is in front: ``cache``, by the
    same values, found little it missed, aeb: 1 call in 10, for a tuple hashed, looked up
    and stored at each), and the class and id words are read from the values' bytes."""
    cdef xmlAttr* a = n.properties
    cdef xmlAttr* cls_at = NULL
    cdef xmlAttr* ident_at = NULL
    cdef const char* name
    role = itemprop = None
    while a is not NULL:
        if a.ns is NULL:
            name = <const char*>a.name
            if strcmp(name, "class") == 0:
                cls_at = a
            elif strcmp(name, "id") == 0:
                ident_at = a
            elif strcmp(name, "role") == 0:
                role = attributeValue(n, a)
            elif strcmp(name, "itemprop") == 0:
                itemprop = attributeValue(n, a)
        a = a.next
    cdef Py_ssize_t cls_code, ident_code
    if cache is None:
        cls_code = _value_code(n, cls_at)
        ident_code = _value_code(n, ident_at) if cls_code != CODE_WIDE else CODE_WIDE
        if ident_code != CODE_WIDE:
            return _marks_by_code(tag, cls_code, ident_code, role, itemprop, compute, cache_max, words_cache)
        return _marks_by_words(tag, _value_words(n, cls_at), _value_words(n, ident_at), role, itemprop,
                               compute, cache_max, words_cache)
    cls = attributeValue(n, cls_at) if cls_at is not NULL else None
    ident = attributeValue(n, ident_at) if ident_at is not NULL else None
    ident_words = _id_words(ident) if ident else None
    key = (tag, cls, ident_words, role, itemprop)
    found = cache.get(key)
    if found is None:
        found = _marks_by_words(tag, _id_words(cls) if cls else None, ident_words, role, itemprop,
                                compute, cache_max, words_cache)
        if len(cache) >= cache_max:
            cache.clear()
        cache[key] = found
    return found


cdef Py_ssize_t _value_code(xmlNode* n, xmlAttr* a) except -3:
    """The words of attribute ``a`` of ``n`` as a number (:func:`_value_bytes_code`;
    CODE_EMPTY when ``a`` is NULL), read from the bytes of a value held in one text node;
    CODE_WIDE for a non-ASCII value or one held otherwise (then :func:`_value_words`)."""
    cdef const unsigned char* p
    if a is NULL:
        return CODE_EMPTY
    p = <const unsigned char*>_plain_value(a)
    if p is NULL:
        return CODE_WIDE
    if _BOILER is None:
        _load_vocab()
    return _value_bytes_code(p, <Py_ssize_t>strlen(<const char*>p))


cdef object _value_words(xmlNode* n, xmlAttr* a):
    """``_id_words(value) if value else None`` of attribute ``a`` of ``n`` (NULL: None)."""
    cdef Py_ssize_t code = _value_code(n, a)
    if code != CODE_WIDE:
        return _words_of_code(code)
    value = attributeValue(n, a)
    return _id_words(value) if value else None


cdef object _marks_by_code(str tag, Py_ssize_t cls_code, Py_ssize_t ident_code, role, itemprop,
                           object compute, Py_ssize_t cache_max, dict words_cache):
    """:func:`_marks_by_words` of the words given as numbers (:func:`_value_bytes_code`):
    kept in ``words_cache`` by (tag, the two numbers in one int, role, itemprop), four items
    (apart from _marks_by_words' keys of five), no tuple of words made on a hit."""
    cdef Py_ssize_t plain = -1
    if role is None and itemprop is None and cls_code <= CODE_NO_WORDS and ident_code <= CODE_NO_WORDS:
        plain = (cls_code - CODE_EMPTY) + 2 * (ident_code - CODE_EMPTY)  # (_plain_index's slot)
        slots = _plain_marks.get(tag)
        if slots is not None and (<list>slots)[plain] is not None:
            return (<list>slots)[plain]
    key = (tag, (cls_code - CODE_EMPTY) * (CODE_SPAN + 1) + (ident_code - CODE_EMPTY), role, itemprop)
    found = words_cache.get(key)
    if found is None:
        if len(words_cache) >= cache_max:
            words_cache.clear()
        found = words_cache[key] = compute(tag, _words_of_code(cls_code), _words_of_code(ident_code), role,
                                           itemprop)
    if plain >= 0:
        _keep_plain(tag, plain, found, cache_max)
    return found


cdef int _keep_plain(str tag, Py_ssize_t plain, found, Py_ssize_t cache_max) except -1:
    """Keep ``found`` in ``_plain_marks``' slot ``plain`` of ``tag``."""
    slots = _plain_marks.get(tag)
    if slots is None:
        if len(_plain_marks) >= cache_max:
            _plain_marks.clear()
        slots = _plain_marks[tag] = [None, None, None, None]
    (<list>slots)[plain] = found
    return 0


cdef object _marks_by_words(str tag, cls_words, ident_words, role, itemprop, object compute,
                            Py_ssize_t cache_max, dict words_cache):
    """The marks of (tag, class words, id words, role, itemprop) from ``words_cache``, else
    ``compute``d and kept there (cleared when it holds ``cache_max`` entries); a box of no
    known word, role or itemprop (most) found by its tag alone (``_plain_marks``)."""
    cdef Py_ssize_t plain = _plain_index(cls_words, ident_words) if role is None and itemprop is None else -1
    slots = None
    if plain >= 0:
        slots = _plain_marks.get(tag)
        if slots is not None and (<list>slots)[plain] is not None:
            return (<list>slots)[plain]
    words_key = (tag, cls_words, ident_words, role, itemprop)
    found = words_cache.get(words_key)
    if found is None:
        if len(words_cache) >= cache_max:
            words_cache.clear()
        found = words_cache[words_key] = compute(*words_key)
    if plain >= 0:
        if slots is None:
            if len(_plain_marks) >= cache_max:
                _plain_marks.clear()
            slots = _plain_marks[tag] = [None, None, None, None]
        (<list>slots)[plain] = found
    return found


# tag -> the marks of (tag, class words, id words, None, None) with each words None (no
# value) or _NO_WORDS (no known word), at _plain_index: one lookup by the tag (its hash
# kept by the string) instead of a tuple of five made, hashed and compared; the marks are
# a function of the key (vocab.marks_by_words), the same whichever cache gives them
cdef dict _plain_marks = {}


cdef inline Py_ssize_t _plain_index(cls_words, ident_words) noexcept:
    """The slot of ``_plain_marks`` for these words, or -1 (a known word)."""
    cdef Py_ssize_t i
    if cls_words is None:
        i = 0
    elif cls_words is _NO_WORDS:
        i = 1
    else:
        return -1
    if ident_words is None:
        return i
    if ident_words is _NO_WORDS:
        return i + 2
    return -1


include "_vocab_words.pxi"
include "_nodes_strip.pxi"
include "_nodes_clean.pxi"
include "_nodes_gallery.pxi"


def max_child_tag_count(_Element el):
    """The largest number of element children of ``el`` that share one tag (0 without
    element children): ``max`` of the counts of ``child.tag`` over the children whose tag is
    a string, as :func:`maintext.methods.auto.gallery.gallery_containers` counts them."""
    return _max_child_tag_count(el._doc, el._c_node)


cdef Py_ssize_t _max_child_tag_count(_Document doc, xmlNode* el_node) except -1:
    """:func:`max_child_tag_count` of the element at ``el_node``."""
    cdef xmlNode* c = el_node.children
    cdef dict names = {}  # name pointer -> tag (one decode per name), tag -> count
    cdef dict counts = {}
    cdef Py_ssize_t best = 0, n
    while c is not NULL:
        if c.type == tree.XML_ELEMENT_NODE:
            if c.ns is NULL:
                tag = names.get(<size_t>c.name)
                if tag is None:
                    tag = names[<size_t>c.name] = (<const char*>c.name).decode("utf-8")
            else:
                tag = elementFactory(doc, c).tag  # "{uri}name"
            n = counts.get(tag, 0) + 1
            counts[tag] = n
            if n > best:
                best = n
        c = c.next
    return best


cdef int _value_bytes(xmlNode* n, const char* name, const char** out) noexcept:
    """How ``el.get(name)`` reads: 0 absent; 1 its value is the string at ``out[0]`` (one
    text node, or "" for an empty value); 2 another form (then read it with :func:`_attr`)."""
    cdef xmlAttr* a = _attr_node(n, name)
    if a is NULL:
        return 0
    if a.children is NULL:
        out[0] = ""
        return 1
    out[0] = _plain_value(a)
    return 1 if out[0] is not NULL else 2


cdef bint _lower_is(const char* value, const char* key) noexcept:
    """``value`` (UTF-8), lower-cased as ``str.lower`` does, is ``key`` (ASCII lower case
    without "i" and "k": the only characters beyond ASCII that lower-case to ASCII ones,
    U+0130 and U+212A, give "i" with a combining dot and "k")."""
    cdef unsigned char c
    while key[0]:
        c = <unsigned char>value[0]
        if 65 <= c <= 90:
            c += 32
        if c != <unsigned char>key[0]:
            return False
        value += 1
        key += 1
    return value[0] == 0


cdef object _head_link(xmlNode* cur):
    """:func:`head_links`' item for one ``<meta>`` or ``<link>`` with attributes, or None:
    its tests made on the attribute bytes (no string is made of the many other elements'
    keys) unless a value is not one text node, which is read as lxml reads it."""
    cdef const char* key = NULL
    cdef const char* rel = NULL
    cdef int got
    if strcmp(<const char*>cur.name, "meta") == 0:
        got = _value_bytes(cur, "property", &key)
        if got == 1 and key[0] == 0:
            got = 0
        if got == 0:
            got = _value_bytes(cur, "name", &key)
        if got == 2:
            key_text = (_attr(cur, "property") or _attr(cur, "name") or "").lower()
            if key_text == "og:type" or key_text == "og:url":
                return (key_text, _attr(cur, "content"))
        elif got == 1:
            if _lower_is(key, "og:type"):
                return ("og:type", _attr(cur, "content"))
            if _lower_is(key, "og:url"):
                return ("og:url", _attr(cur, "content"))
    elif strcmp(<const char*>cur.name, "link") == 0:
        got = _value_bytes(cur, "rel", &rel)
        if (got == 2 and (_attr(cur, "rel") or "").lower() == "canonical") or (got == 1 and _lower_is(rel, "canonical")):
            return ("canonical", _attr(cur, "href"))
    return None


def head_links(_Element head):
    """What :func:`maintext.html.blocklist.head_signals` reads, in document order:
    ("og:type" or "og:url", the content attribute) for each ``<meta>`` under ``head`` (itself
    included) whose property, else name, is that key in any case, and ("canonical", the
    href attribute) for each ``<link rel=canonical>``; None for a missing attribute."""
    cdef xmlNode* top = head._c_node
    cdef xmlNode* cur = top
    cdef list out = []
    while cur is not NULL:
        if cur.type == tree.XML_ELEMENT_NODE and cur.ns is NULL and cur.properties is not NULL:
            item = _head_link(cur)
            if item is not None:
                out.append(item)
        cur = _next(cur, top, True)
    return out


def ld_script_texts(_Element root):
    """``[s.text for s in root.iter("script") if s.text and "ld+json" in (s.get("type") or "")]``
    (:func:`maintext.metadata.jsonld.script_texts`): the ``<script>`` elements of no namespace
    (``iter("script")`` is ``iter("{}script")``), ``root`` included, in page order; an element
    proxy and its ``type`` string built for none of the others."""
    cdef xmlNode* top = root._c_node
    cdef xmlNode* n = top
    cdef list out = []
    if top.type != tree.XML_ELEMENT_NODE:
        return out
    while n is not NULL:
        if n.ns is NULL and strcmp(<const char*>n.name, "script") == 0:
            kind = _attr(n, "type")
            if kind is not None and "ld+json" in kind and _has_text(n.children):
                text = textOf(n)
                if text:
                    out.append(text)
        n = _next(n, top, True)
    return out
