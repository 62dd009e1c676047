# Included by maintext/metadata/_native.pyx (one extension module, its source in parts).
# The collection walk: :func:`maintext.metadata.collect.collect`'s loop (see _native.pyx)

cdef xmlNode* _next_element(xmlNode* n, xmlNode* top) noexcept nogil:
    """The element after ``n`` in ``top``'s subtree in the order of ``top.iter(tag)``
    (depth first, descending into elements only), or NULL."""
    cdef xmlNode* c
    if n.type == tree.XML_ELEMENT_NODE:
        c = n.children
        while c is not NULL:
            if c.type == tree.XML_ELEMENT_NODE:
                return c
            c = c.next
    while n is not top:
        c = n.next
        while c is not NULL:
            if c.type == tree.XML_ELEMENT_NODE:
                return c
            c = c.next
        n = n.parent
        if n is NULL:
            return NULL
    return NULL


cdef xmlAttr* _attr_node(xmlNode* n, const char* name) noexcept:
    """The attribute ``el.get(name)`` reads: the first of that name without namespace."""
    cdef xmlAttr* a = n.properties
    while a is not NULL:  # (the first byte before the call: most names differ there)
        if a.ns is NULL and a.name[0] == <unsigned char>name[0] and strcmp(<const char*>a.name, name) == 0:
            return a
        a = a.next
    return NULL


cdef object _attr(xmlNode* n, const char* name):
    """``el.get(name)`` (no namespace), or None."""
    cdef xmlAttr* a = _attr_node(n, name)
    if a is NULL:
        return None
    return _attr_value(n, a)


cdef object _attr_value(xmlNode* n, xmlAttr* a):
    """The value of ``n``'s attribute ``a``. A value held in one text node (as the HTML
    parser stores every value but an empty one) is decoded from that node: lxml's
    ``attributeValue`` copies it (``xmlNodeGetContent``: the same bytes), decodes the copy
    and frees it."""
    cdef xmlNode* only = a.children
    if (only is not NULL and only.next is NULL and only.content is not NULL
            and (only.type == tree.XML_TEXT_NODE or only.type == tree.XML_CDATA_SECTION_NODE)):
        return (<const char*>only.content).decode("utf-8")
    return attributeValue(n, a)


# What collect() keeps of each wanted tag
cdef enum Kind:
    OTHER, ANCHOR, META, SCRIPT, HEADING, TIME, TITLE, BASE, LINK


cdef Kind _kind(const char* name) noexcept nogil:
    """Which of collect()'s tags ``name`` is (``_WANTED_TAGS``), else OTHER."""
    cdef char c = name[0]
    if c == 97:  # a
        return ANCHOR if name[1] == 0 else OTHER
    if c == 109:  # m
        return META if strcmp(name, "meta") == 0 else OTHER
    if c == 115:  # s
        return SCRIPT if strcmp(name, "script") == 0 else OTHER
    if c == 104:  # h
        return HEADING if name[1] >= 49 and name[1] <= 51 and name[2] == 0 else OTHER
    if c == 116:  # t
        if strcmp(name, "time") == 0:
            return TIME
        return TITLE if strcmp(name, "title") == 0 else OTHER
    if c == 98:  # b
        return BASE if strcmp(name, "base") == 0 else OTHER
    if c == 108:  # l
        return LINK if strcmp(name, "link") == 0 else OTHER
    return OTHER


cdef bint _dated_prop(xmlNode* n, frozenset itemprops, frozenset properties) except -1:
    """Whether ``n`` is an element ``_nodes.prop_elements(root, itemprops, properties)``
    gives: its ``itemprop`` in ``itemprops`` or its RDFa ``property`` in ``properties``,
    ``<meta property>`` left out. One pass over its attributes (most elements have
    neither name: no value is decoded then)."""
    cdef xmlAttr* a = n.properties
    cdef xmlAttr* itemprop = NULL
    cdef xmlAttr* prop = NULL
    cdef unsigned char c
    while a is not NULL:
        if a.ns is NULL:
            c = a.name[0]
            if c == 105 and itemprop is NULL and strcmp(<const char*>a.name, "itemprop") == 0:  # i
                itemprop = a
            elif c == 112 and prop is NULL and strcmp(<const char*>a.name, "property") == 0:  # p
                prop = a
        a = a.next
    if prop is not NULL and n.ns is NULL and strcmp(<const char*>n.name, "meta") == 0:
        return False
    return ((itemprop is not NULL and _attr_value(n, itemprop) in itemprops)
            or (prop is not NULL and _attr_value(n, prop) in properties))


cdef object _anchor_record(_Element a):
    """``(a.get("href"), a.get("rel"), text)`` as ``_nodes.anchor_records`` reads it."""
    cdef xmlNode* n = a._c_node
    if n.properties is NULL:
        href = rel = None
    else:
        href = _attr(n, "href")
        rel = _attr(n, "rel")
    text = _plain_text(n)
    if text is None:
        text = a.text_content()
    return (href, rel, text)


def collect_nodes(_Element root, Py_ssize_t max_headings, dict no_field=None, dict link_fields=None,
                  frozenset itemprops=None, frozenset properties=None):
    """``(anchors, records, metas, ld_texts, title, headings, times, base, links, dated)``
    of the elements of ``root.iter("a", "meta", "script", "title", "h1", "h2", "h3", "time",
    "base", "link")`` (``root`` included), in page order within each kind:

    - ``anchors``: the ``<a>`` elements; ``records``: their ``(href, rel, text)``;
    - ``metas``: ``(key, content)`` of each ``<meta>`` with a key (its first non-empty
      ``property``, ``name`` or ``itemprop``), ``content`` None when absent; a key that
      ``no_field`` (a dict, or None) maps to None is left out, its content not read;
    - ``ld_texts``: the non-empty ``.text`` of the scripts whose ``type`` holds "ld+json";
    - ``title``: the first ``<title>`` or None; ``headings``: the first ``max_headings``
      h1/h2/h3; ``times``: the ``<time>`` elements;
    - ``base``: the first non-empty ``href`` of a ``<base>``, else None;
    - ``links``: ``(href, rel)`` of each ``<link>``, but those whose ``rel`` ``link_fields``
      (a dict, or None) maps to an empty tuple (no field; their href is not read);
    - ``dated``: with ``itemprops`` and ``properties`` given, what
      ``_nodes.prop_elements(root, itemprops, properties)`` gives, read in this walk
      (instead of a second walk of the tree); else None."""
    cdef _Document doc = root._doc
    cdef xmlNode* top = root._c_node
    cdef xmlNode* n = top
    cdef Kind kind
    cdef list anchors = [], records = [], metas = [], ld_texts = [], headings = [], times = [], links = []
    cdef _Element el
    cdef bint props = itemprops is not None and properties is not None
    cdef list dated = [] if props else None
    title = base = None
    if top.type != tree.XML_ELEMENT_NODE:
        return anchors, records, metas, ld_texts, title, headings, times, base, links, dated
    while n is not NULL:
        if props and n.properties is not NULL and _dated_prop(n, itemprops, properties):
            dated.append(elementFactory(doc, n))
        kind = _kind(<const char*>n.name) if n.ns is NULL else OTHER
        if kind == ANCHOR:
            el = elementFactory(doc, n)
            anchors.append(el)
            records.append(_anchor_record(el))
        elif kind == META:
            key = _attr(n, "property") or _attr(n, "name") or _attr(n, "itemprop")
            if key and (no_field is None or no_field.get(key, key) is not None):
                metas.append((key, _attr(n, "content")))
        elif kind == SCRIPT:
            kind_value = _attr(n, "type")
            if kind_value and "ld+json" in kind_value:
                text = textOf(n)
                if text:
                    ld_texts.append(text)
        elif kind == HEADING:
            if len(headings) < max_headings:
                headings.append(elementFactory(doc, n))
        elif kind == TIME:
            times.append(elementFactory(doc, n))
        elif kind == TITLE:
            if title is None:
                title = elementFactory(doc, n)
        elif kind == BASE:
            if not base:
                base = _attr(n, "href")
        elif kind == LINK:
            rel = _attr(n, "rel")
            if link_fields is None or link_fields.get(rel, True):  # (most are style sheets, icons)
                links.append((_attr(n, "href"), rel))
        n = _next_element(n, top)
    return anchors, records, metas, ld_texts, title, headings, times, base, links, dated
