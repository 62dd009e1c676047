# The walk's per-page lookup tables (included by _walk.pyx), and the slot layouts of the Block
# and Container it makes (with its C table of nodes).
#
# Tag names: libxml2 name pointer -> (tag, kind), one decode per name per page, in a C table
# (no Python int and dict lookup per start and end event), a dict past NAME_LIMIT names.
#
# Container marks: a box's marks (vocab.marks: boilerplate reason, content hint,
# semantic) are a function of its tag and of the values of its class, id, role and itemprop attributes; within a page (and across
# the pages of a site) the same values come back box after box, so the marks are looked up
# by those values' bytes, read straight from libxml2, before any Python string or tuple is
# built for them. A miss asks container_marks_of (or vocab.marks) as before and keeps its
# answer (in one table for the process, emptied when full, as vocab's own caches are).

from libc.stdint cimport uint64_t


cdef enum:
    NAME_SLOTS = 1024  # a power of two
    NAME_LIMIT = 600  # names kept in the table (beyond: a dict)


cdef struct _Name:  # a slot of the walk's table of tag names
    size_t name  # the libxml2 name pointer (0: an empty slot)
    int kind
    PyObject* tag  # kept alive by _Walk.kept


cdef inline Py_ssize_t _name_slot(_Name* table, size_t name) noexcept nogil:
    """The slot holding ``name``, or the empty slot where it goes (linear probing)."""
    cdef size_t h = ((name >> 4) ^ (name >> 14)) & (NAME_SLOTS - 1)
    while table[h].name != 0 and table[h].name != name:
        h = (h + 1) & (NAME_SLOTS - 1)
    return h


cdef enum:
    MARK_SLOTS = 8192  # a power of two
    MARK_LIMIT = 5400  # entries kept (then the table is emptied)
    KEY_MAX = 1024  # longer keys (huge class values) are not cached


cdef const char* _ABSENT = b"\xff"  # an absent value or namespace (no byte of UTF-8 text)
cdef const char* _MARK_ATTRS[4]
_MARK_ATTRS[0] = "class"
_MARK_ATTRS[1] = "id"
_MARK_ATTRS[2] = "role"
_MARK_ATTRS[3] = "itemprop"


cdef inline int _mark_attr(const char* name) noexcept nogil:
    """The index of attribute ``name`` in _MARK_ATTRS, or -1 (its first letter first)."""
    cdef char c = name[0]
    if c == b'c':
        return 0 if strcmp(name, _MARK_ATTRS[0]) == 0 else -1
    if c == b'i':
        if name[1] == b'd' and name[2] == 0:
            return 1
        return 3 if strcmp(name, _MARK_ATTRS[3]) == 0 else -1
    if c == b'r':
        return 2 if strcmp(name, _MARK_ATTRS[2]) == 0 else -1
    return -1


cdef struct _MarkEntry:
    uint64_t hash  # 0: an empty slot
    char* key  # the key's bytes (malloc'd)
    Py_ssize_t klen
    PyObject* marks  # kept alive by _MarksCache.kept


cdef struct _KeyCopy:  # a key of _MarksCache kept apart while its marks are computed
    char* key  # malloc'd
    Py_ssize_t klen
    uint64_t hash


cdef class _MarksCache:
    """(tag, class, id, role, itemprop) bytes -> marks tuple."""
    cdef _MarkEntry* table
    cdef Py_ssize_t n
    cdef list kept
    cdef char key[KEY_MAX + 8]  # the key being looked up (and room to pad its last word)
    cdef Py_ssize_t klen
    cdef uint64_t hash

    def __cinit__(self):
        self.table = NULL
        self.n = 0
        self.kept = []

    def __dealloc__(self):
        self.clear()
        free(self.table)

    cdef void clear(self) noexcept:
        cdef Py_ssize_t i
        if self.table is not NULL:
            for i in range(MARK_SLOTS):
                free(self.table[i].key)
            memset(self.table, 0, MARK_SLOTS * sizeof(_MarkEntry))
        self.n = 0
        self.kept = []

    cdef inline bint _append(self, const char* p) noexcept:
        """Add the NUL-terminated ``p`` (and its NUL) to the key; False when too long."""
        cdef Py_ssize_t n = strlen(p)
        if self.klen + n + 1 > KEY_MAX:
            return False
        memcpy(self.key + self.klen, p, n + 1)
        self.klen += n + 1
        return True

    cdef bint make_key(self, xmlNode* node) noexcept:
        """Fill the key of element ``node``: its name and namespace, then its class, id,
        role and itemprop values; False when it cannot be read from the bytes (an
        attribute value that is not one text node) or is too long. Each attribute is the
        first of its name without a namespace (lxml's lookup by name); absent ones (and
        no namespace) are marked apart from empty ones."""
        cdef xmlAttr* found[4]
        cdef xmlAttr* a = node.properties
        cdef const char* value
        cdef int i
        cdef uint64_t h = 1469598103934665603ULL, word
        found[0] = found[1] = found[2] = found[3] = NULL
        while a is not NULL:
            if a.ns is NULL:
                i = _mark_attr(<const char*>a.name)
                if i >= 0 and found[i] is NULL:
                    found[i] = a
            a = a.next
        self.klen = 0
        value = <const char*>node.name
        if not self._append(value):
            return False
        value = _ABSENT if node.ns is NULL or node.ns.href is NULL else <const char*>node.ns.href
        if not self._append(value):
            return False
        for i in range(4):
            if found[i] is NULL:
                value = _ABSENT
            elif found[i].children is NULL:
                value = ""
            elif (found[i].children.next is not NULL or found[i].children.content is NULL
                  or found[i].children.type != tree.XML_TEXT_NODE):
                return False
            else:
                value = <const char*>found[i].children.content
            if not self._append(value):
                return False
        memset(self.key + self.klen, 0, 8)  # (KEY_MAX leaves room: the last word padded)
        for i in range(0, self.klen, 8):  # FNV-1a over 8-byte words
            memcpy(&word, self.key + i, 8)
            h = (h ^ word) * 1099511628211ULL
            h ^= h >> 29
        self.hash = h if h else 1
        return True

    cdef Py_ssize_t _slot(self, const char* key, Py_ssize_t klen, uint64_t hash) noexcept:
        """The slot holding ``key``, or the empty slot where it goes."""
        cdef Py_ssize_t h = <Py_ssize_t>(hash & (MARK_SLOTS - 1))
        cdef _MarkEntry* e
        while True:
            e = &self.table[h]
            if e.hash == 0:
                return h
            if e.hash == hash and e.klen == klen and memcmp(e.key, key, klen) == 0:
                return h
            h = (h + 1) & (MARK_SLOTS - 1)

    cdef object get(self):
        """The marks of the key made last, or None."""
        cdef Py_ssize_t h
        if self.table is NULL:
            return None
        h = self._slot(self.key, self.klen, self.hash)
        if self.table[h].hash == 0:
            return None
        return <object>self.table[h].marks

    cdef int copy_key(self, _KeyCopy* out) except -1:
        """A copy of the key made last (its bytes malloc'd) for ``put``: the marks of a
        missing key are computed by Python code, meanwhile another thread's walk may make
        its own key here."""
        out.key = <char*>malloc(self.klen)
        if out.key is NULL:
            raise MemoryError()
        memcpy(out.key, self.key, self.klen)
        out.klen = self.klen
        out.hash = self.hash
        return 0

    cdef int put(self, object marks, _KeyCopy* k) except -1:
        """Keep ``marks`` for key ``k`` (its bytes owned from here on; the table emptied
        first when full)."""
        cdef Py_ssize_t h
        if self.n >= MARK_LIMIT:
            self.clear()
        if self.table is NULL:
            self.table = <_MarkEntry*>calloc(MARK_SLOTS, sizeof(_MarkEntry))
            if self.table is NULL:
                free(k.key)
                raise MemoryError()
        h = self._slot(k.key, k.klen, k.hash)
        if self.table[h].hash != 0:
            free(k.key)
            return 0
        self.kept.append(marks)
        self.table[h].hash = k.hash
        self.table[h].key = k.key
        self.table[h].klen = k.klen
        self.table[h].marks = <PyObject*>marks
        self.n += 1
        return 0


cdef _MarksCache _marks_seen = _MarksCache()  # the walk's, for the process


# ---- the slots of the Block and Container the walk makes, and its C tables of nodes

# segmentation.Block's and Container's slots, in the order block() and container() store them
_BLOCK_SLOTS = ("raw", "text", "marked", "tag", "chain", "paragraph", "heading", "in_table", "chars",
                "link_chars", "weight", "commas", "owner", "boiler", "index")
_CONTAINER_SLOTS = ("id", "id_end", "tag", "start", "end", "parent", "boiler", "content_hint", "semantic",
                    "score", "owner", "el")
cdef Layout _blk, _cont  # the slot offsets of the Block and Container classes


cdef _layout(object Block, object Container):
    """Read the slot offsets of the two classes once (see _slots.pxd)."""
    read_layout(&_blk, Block, _BLOCK_SLOTS)
    read_layout(&_cont, Container, _CONTAINER_SLOTS)



from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.list cimport PyList_GET_ITEM
from cpython.ref cimport Py_INCREF


cdef extern from "Python.h":
    object PyUnicode_DecodeUTF8(const char* s, Py_ssize_t size, const char* errors)
    void PyObject_GC_UnTrack(object o)


cdef int _push_node(size_t** table, Py_ssize_t* n, Py_ssize_t* cap, xmlNode* node) except -1:
    """Append ``node``'s address to a growing C table."""
    cdef Py_ssize_t room
    cdef size_t* grown
    if n[0] == cap[0]:
        room = cap[0] * 2 if cap[0] else 256
        grown = <size_t*>realloc(table[0], room * sizeof(size_t))
        if grown is NULL:
            raise MemoryError()
        table[0], cap[0] = grown, room
    table[0][n[0]] = <size_t>node
    n[0] += 1
    return 0


# ---- shared float objects for the weights of blocks: a whole number of words (most blocks)

cdef enum:
    SHARED_WEIGHTS = 1024  # 1.0 .. 1023.0

cdef list _WEIGHTS = [float(i) for i in range(SHARED_WEIGHTS)]


cdef inline object _weight_object(double w):
    """``w`` as a float object: one shared object for each whole number from 1 to
    SHARED_WEIGHTS - 1 (a block's weight is a word count unless it holds CJK text)."""
    cdef Py_ssize_t i
    if 1.0 <= w < SHARED_WEIGHTS:
        i = <Py_ssize_t>w
        if <double>i == w:
            return <object>PyList_GET_ITEM(_WEIGHTS, i)
    return w
