# Included by maintext/metadata/_native.pyx (one extension module, its source in parts).
# ---------------------------------------------------------------------------------------
# The title shown in the page: :func:`maintext.metadata.title._shown_title`'s loop

cdef Py_ssize_t _text_bytes(xmlNode* c) noexcept nogil:
    """The UTF-8 length of lxml's ``.text`` of the element whose first child is ``c``: its
    leading run of text and CDATA nodes (XInclude markers skipped)."""
    cdef Py_ssize_t size = 0
    while c is not NULL:
        if c.type == tree.XML_TEXT_NODE or c.type == tree.XML_CDATA_SECTION_NODE:
            if c.content is not NULL:
                size += strlen(<const char*>c.content)
        elif c.type != tree.XML_XINCLUDE_START and c.type != tree.XML_XINCLUDE_END:
            break
        c = c.next
    return size


cdef class _TagMemo:
    """What :func:`_tag_in` answered for each element name one walk met, by the name's
    pointer (a document interns its names; the walk's document lives while it runs): the
    first 64 names in C arrays (a page uses some 20-40 tag names), any further ones in a dict."""
    cdef const void* names[64]
    cdef bint found[64]
    cdef int count
    cdef dict more


cdef bint _tag_in(xmlNode* n, frozenset tags, _TagMemo seen):
    """The element's ``.tag`` (no namespace) is in ``tags``; looked up once per name."""
    cdef int i
    if n.ns is not NULL:
        return False
    for i in range(seen.count):
        if seen.names[i] == <const void*>n.name:
            return seen.found[i]
    if seen.count == 64:
        if seen.more is None:
            seen.more = {}
        found = seen.more.get(<size_t>n.name)
        if found is None:
            found = seen.more[<size_t>n.name] = (<const char*>n.name).decode("utf-8") in tags
        return found
    found = (<const char*>n.name).decode("utf-8") in tags
    seen.names[seen.count] = <const void*>n.name
    seen.found[seen.count] = found
    seen.count += 1
    return found


def shown_title(_Element body, str part, frozenset tags, Py_ssize_t max_elements, Py_ssize_t min_chars,
                double min_share, collapse):
    """``title._shown_title``'s loop over ``body.iter(*tags)`` (the first ``max_elements``):
    ``(element, text)`` of the first element whose collapsed ``.text`` is at least
    ``min_chars`` long, starts ``part`` and is at least ``min_share`` of it, else None.
    ``collapse``: ``collapse_ws``, called only where such a text is possible: a ``.text``
    of enough UTF-8 bytes (a character takes one or more) whose first non-space character
    is ``part``'s first."""
    cdef _Document doc = body._doc
    cdef xmlNode* top = body._c_node
    cdef xmlNode* n = top
    cdef Py_ssize_t count = 0, size, i, length
    cdef double need = min_share * len(part)
    cdef _TagMemo seen = _TagMemo()
    cdef Py_UCS4 first, c
    if top.type != tree.XML_ELEMENT_NODE or len(part) == 0:
        return None
    first = PyUnicode_READ_CHAR(part, 0)
    n = _next_element(n, top)
    while n is not NULL and count < max_elements:
        if _tag_in(n, tags, seen):
            count += 1
            size = _text_bytes(n.children)
            if size >= min_chars and size >= need:
                raw = textOf(n)
                length = len(raw)
                for i in range(length):
                    c = PyUnicode_READ_CHAR(raw, i)
                    if not Py_UNICODE_ISSPACE(c):
                        if c == first:
                            text = collapse(raw)
                            if len(text) >= min_chars and part.startswith(text) and len(text) >= min_share * len(part):
                                return elementFactory(doc, n), text
                        break
        n = _next_element(n, top)
    return None


# ---------------------------------------------------------------------------------------
# Comment threads: :func:`maintext.metadata.authors.in_comments`

cdef extern from "Python.h":
    bint PyUnicode_IS_ASCII(object o)


cdef bint _marked(object value, tuple words, pattern) except -1:
    """``pattern.search(value)`` found something (``value``: a class or id, or None);
    an ASCII value is lower-cased and searched for ``words``, the pattern's alternatives
    (lower-case ASCII words, the pattern case-blind): the same answer, as an ASCII
    character matches a letter case-blind only as its upper or lower case (~10x cheaper)."""
    if not value:
        return False
    if PyUnicode_IS_ASCII(value):
        low = value.lower()
        for word in words:
            if word in low:
                return True
        return False
    return pattern.search(value) is not None


cdef bint _holds(const void* data, size_t size, bytes word) noexcept:
    """``word in data[:size]``, by ``memchr`` on the word's first byte and ``memcmp``: on
    the short values and stretches searched here glibc's ``memmem``, which first fills a
    table of 256 shifts, costs several times more."""
    cdef const char* s = <const char*>data
    cdef const char* w = word
    cdef size_t n = len(word)
    cdef const char* last
    cdef const char* hit
    if n == 0:
        return True
    if n > size:
        return False
    last = s + (size - n)  # the last place the word may start
    while s <= last:
        hit = <const char*>memchr(s, w[0], <size_t>(last - s) + 1)
        if hit is NULL:
            return False
        if memcmp(hit + 1, w + 1, n - 1) == 0:
            return True
        s = hit + 1
    return False


# _marked_attr's lower-cased copy of a value: a longer one is decoded and tested by _marked
DEF _MARK_BUFFER = 256
cdef tuple _mark_words = None  # the words of the last in_comments call ...
cdef tuple _mark_bytes = None  # ... as ASCII bytes


cdef bint _marked_attr(xmlNode* n, const char* name, tuple words, tuple raw_words, pattern) except -1:
    """``_marked(_attr(n, name), words, pattern)``; ``raw_words``: ``words`` as ASCII bytes.
    A value of ASCII bytes held in one text node (as the parser stores a value) is
    lower-cased into a buffer and searched for the words there, without a str: the same
    answer, as its str is ASCII, and ``str.lower`` of ASCII lowers A-Z alone."""
    cdef xmlAttr* a = _attr_node(n, name)
    cdef xmlNode* only
    cdef const unsigned char* p
    cdef unsigned char c
    cdef size_t size, i
    cdef char buf[_MARK_BUFFER]
    if a is NULL:
        return False
    only = a.children
    if (only is not NULL and only.next is NULL and only.content is not NULL
            and (only.type == tree.XML_TEXT_NODE or only.type == tree.XML_CDATA_SECTION_NODE)):
        p = <const unsigned char*>only.content
        size = strlen(<const char*>p)
        if size < _MARK_BUFFER:
            for i in range(size):
                c = p[i]
                if c >= 0x80:
                    break
                buf[i] = <char>(c + 32 if 65 <= c <= 90 else c)
            else:
                for word in raw_words:
                    if _holds(buf, size, <bytes>word):
                        return True
                return False
    return _marked(_attr(n, name), words, pattern)


def in_comments(_Element el, Py_ssize_t levels, pattern, tuple words):
    """``authors.in_comments(el, levels)`` (``pattern``: its ``_COMMENT_AREA``, ``words``:
    that pattern's alternatives, lower-case ASCII) without element proxies: up to
    ``levels`` ancestors, a ``<form>`` or class/id words of a comment area, then ``el``'s
    own class. (A word holds no space: one found in ``class + " " + id`` is found in one
    of them.)"""
    global _mark_words, _mark_bytes
    cdef xmlNode* n = el._c_node.parent
    cdef Py_ssize_t count = 0
    if words is not _mark_words:
        _mark_bytes = tuple(w.encode("ascii") for w in words)
        _mark_words = words
    cdef tuple raw = _mark_bytes
    while n is not NULL and n.type == tree.XML_ELEMENT_NODE and count < levels:
        if n.ns is NULL and strcmp(<const char*>n.name, "form") == 0:
            return True
        if n.properties is not NULL and (_marked_attr(n, "class", words, raw, pattern)
                                         or _marked_attr(n, "id", words, raw, pattern)):
            return True
        n = n.parent
        count += 1
    return el._c_node.properties is not NULL and _marked_attr(el._c_node, "class", words, raw, pattern)


# ---------------------------------------------------------------------------------------
# Byline boxes: :func:`maintext.metadata.authors.byline_author` reads a box's name texts

cdef object _text_content(_Element el, xmlNode* n):
    text = _plain_text(n)
    return el.text_content() if text is None else text


def name_texts(_Element box):
    """``[n.text_content() for n in box.findall(".//*[@itemprop='name']")] or
    [box.text_content()]``: the texts of ``box``'s descendant elements whose ``itemprop``
    (no namespace) is "name", in page order, else ``box``'s own text."""
    cdef _Document doc = box._doc
    cdef xmlNode* top = box._c_node
    cdef xmlNode* n
    cdef xmlAttr* a
    cdef list out = []
    if top.type != tree.XML_ELEMENT_NODE:
        return [box.text_content()]
    n = _next_element(top, top)
    while n is not NULL:
        if n.properties is not NULL:
            a = _attr_node(n, "itemprop")
            if a is not NULL and attributeValue(n, a) == "name":
                out.append(_text_content(elementFactory(doc, n), n))
        n = _next_element(n, top)
    return out or [_text_content(box, top)]


# ---------------------------------------------------------------------------------------
# Text after the headline: :func:`maintext.metadata.visible.texts_after`

cdef xmlNode* _next_node(xmlNode* n, xmlNode* top) noexcept nogil:
    """The element-like node after ``n`` in ``top.iter()`` order (descending into elements
    only), or NULL."""
    cdef xmlNode* c
    if n.type == tree.XML_ELEMENT_NODE:
        c = n.children
        while c is not NULL:
            if _elementlike(c):
                return c
            c = c.next
    while n is not top:
        c = n.next
        while c is not NULL:
            if _elementlike(c):
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


cdef Py_ssize_t _collapsed_len(str text):
    """``len(" ".join(text.split()))`` (a one-byte text read by the table of its spaces)."""
    cdef Py_ssize_t i, chars = 0, words = 0
    cdef bint inword = False
    cdef int kind = PyUnicode_KIND(text)
    cdef const void* data = PyUnicode_DATA(text)
    cdef const unsigned char* b
    cdef Py_UCS4 c
    cdef bint space
    if kind == PyUnicode_1BYTE_KIND:
        b = <const unsigned char*>data
        for i in range(len(text)):
            if _space_byte[b[i]]:  # (_links.pxi)
                inword = False
            elif not inword:
                chars += 1
                words += 1
                inword = True
            else:
                chars += 1
        return chars + words - 1 if words else 0
    for i in range(len(text)):
        c = PyUnicode_READ(kind, data, i)
        # (no white space between U+00FF and U+1680: a CJK text asks no table for most characters)
        if c < 256:
            space = _space_byte[c] != 0
        else:
            space = c >= 0x1680 and Py_UNICODE_ISSPACE(c)
        if space:
            inword = False
        else:
            chars += 1
            if not inword:
                words += 1
                inword = True
    return chars + words - 1 if words else 0


cdef inline object _piece(xmlNode* n):
    """:func:`_own_text` of ``n``, None for an element whose text is ASCII white space only
    (:func:`_blank_run`: the readers of the pieces skip a piece that strips to nothing)."""
    if n.type == tree.XML_ELEMENT_NODE:
        return textOf(n) if _has_text(n.children) and not _blank_run(n.children) else None
    return _own_text(n)


cdef inline bint _tail_piece(xmlNode* n) noexcept nogil:
    """``n`` has a tail that is not ASCII white space only (see :func:`_piece`)."""
    return _has_text(n.next) and not _blank_run(n.next)


cdef inline bint _put(list out, object text, Py_ssize_t* size, Py_ssize_t budget, bint past=True):
    """Append a non-empty ``text``; whether the collapsed length so far exceeds ``budget``
    (``past`` False: the text that takes it over ``budget`` is not appended)."""
    if not text:
        return False
    size[0] += _collapsed_len(text)
    if past or size[0] <= budget:
        out.append(text)
    return size[0] > budget


def texts_after(_Element el, Py_ssize_t max_nodes, frozenset skip, Py_ssize_t budget, bint past=True):
    """The pieces ``visible.texts_after(el, max_nodes)`` yields, in its order (each following
    sibling's subtree as ``visible.subtree_texts(sib, with_tail=True)``, ``skip`` its
    ``_SKIP_TEXT_TAGS``), but those of ASCII white space only (not even decoded: most
    pieces between elements), cut after the piece at which their whitespace-collapsed
    length exceeds ``budget``: a reader that skips the pieces that strip to nothing and
    stops once the collapsed, stripped or raw length of the others it read exceeds
    ``budget`` reads none past the cut. ``past`` False: cut before that piece (the
    pieces whose collapsed lengths add up to at most ``budget``)."""
    cdef xmlNode* cur = el._c_node
    cdef xmlNode* sib
    cdef xmlNode* n
    cdef Py_ssize_t seen = 0, size = 0
    cdef list out = []
    cdef _TagMemo names = _TagMemo()
    while cur is not NULL and seen < max_nodes:
        if _tail_piece(cur) and _put(out, tailOf(cur), &size, budget, past):
            return out
        sib = cur.next
        while sib is not NULL:
            if _elementlike(sib):
                n = sib
                while n is not NULL:
                    if not (n.type == tree.XML_ELEMENT_NODE and _tag_in(n, skip, names)) \
                            and _put(out, _piece(n), &size, budget, past):
                        return out
                    if _tail_piece(n) and _put(out, tailOf(n), &size, budget, past):
                        return out
                    n = _next_node(n, sib)
                seen += 1
                if seen >= max_nodes:
                    return out
            sib = sib.next
        cur = cur.parent
        if cur is not NULL and not _elementlike(cur):
            cur = NULL
    return out


def subtree_pieces(_Element el, frozenset skip, Py_ssize_t budget):
    """The pieces ``visible.subtree_texts(el)`` yields (``el``'s tail not among them,
    ``skip`` its ``_SKIP_TEXT_TAGS``), in its order, but those of ASCII white space only
    (not even decoded: most pieces between elements), cut after the piece at which their
    whitespace-collapsed length exceeds ``budget`` (see :func:`texts_after`)."""
    cdef xmlNode* top = el._c_node
    cdef xmlNode* n = top
    cdef Py_ssize_t size = 0
    cdef list out = []
    cdef _TagMemo names = _TagMemo()
    while n is not NULL:
        if not (n.type == tree.XML_ELEMENT_NODE and _tag_in(n, skip, names)) and _put(out, _piece(n), &size, budget):
            return out
        if n is not top and _tail_piece(n) and _put(out, tailOf(n), &size, budget):
            return out
        n = _next_node(n, top)
    return out


# ---------------------------------------------------------------------------------------
# The site-name test's shortcut: :func:`maintext.metadata.title.more_alnum`'s twin

def more_alnum(str text, Py_ssize_t limit):
    """``title.more_alnum(text, limit)``: whether ``text`` holds more than ``limit``
    letters and digits (``str.isalnum`` of each character: ``Py_UNICODE_ISALNUM``), read
    only until it does (a one-byte text by a table of its bytes)."""
    cdef Py_ssize_t i, count = 0, n = PyUnicode_GET_LENGTH(text)
    cdef int kind = PyUnicode_KIND(text)
    cdef const void* data = PyUnicode_DATA(text)
    cdef const unsigned char* b
    if kind == PyUnicode_1BYTE_KIND:
        b = <const unsigned char*>data
        for i in range(n):
            count += _alnum_byte[b[i]]
            if count > limit:
                return True
        return False
    for i in range(n):
        if Py_UNICODE_ISALNUM(PyUnicode_READ(kind, data, i)):
            count += 1
            if count > limit:
                return True
    return False


# str.isalnum of each one-byte (Latin-1) character, by byte
cdef unsigned char _alnum_byte[256]
for _c in range(256):
    _alnum_byte[_c] = chr(_c).isalnum()


def char_positions(str text, str chars):
    """The indices (ascending) of ``text``'s characters that are among ``chars`` (a few):
    ``[m.start() for m in re.finditer("[" + chars + "]", text)]`` without a match object
    each (:func:`maintext.metadata.title.split_title`'s separator characters). The one-byte
    characters of ``chars`` are marked in a table, the others (at most 16) compared."""
    cdef Py_ssize_t i, j, n = PyUnicode_GET_LENGTH(text), m = PyUnicode_GET_LENGTH(chars)
    cdef int kind = PyUnicode_KIND(text), ckind = PyUnicode_KIND(chars), w = 0
    cdef const void* data = PyUnicode_DATA(text)
    cdef const void* cdata = PyUnicode_DATA(chars)
    cdef Py_UCS4 c
    cdef Py_UCS4 wide[16]
    cdef unsigned char marked[256]
    cdef list out = []
    memset(marked, 0, sizeof(marked))
    for j in range(m):
        c = PyUnicode_READ(ckind, cdata, j)
        if c < 256:
            marked[c] = 1
        elif w < 16:
            wide[w] = c
            w += 1
        else:
            raise ValueError("char_positions compares at most 16 characters past Latin-1")
    for i in range(n):
        c = PyUnicode_READ(kind, data, i)
        if c < 256:
            if marked[c]:
                out.append(i)
            continue
        for j in range(w):
            if wide[j] == c:
                out.append(i)
                break
    return out
