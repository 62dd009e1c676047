# cython: language_level=3
# Direct stores into the __slots__ of objects the native code builds (segmentation.Block,
# Container, blocklist.Block): a slot is a PyObject* at a fixed offset in the object, read
# off the class's member descriptor once; a store there is what the descriptor's __set__
# does (no type lookup, no descriptor call: ~10x cheaper than setattr). Used only on
# objects made by ``cls.__new__(cls)`` of the exact class whose offsets were read;
# ``slot_offsets`` gives None when a name is not a plain writable object slot (then the
# callers use setattr).

from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_INCREF, Py_XDECREF


cdef extern from "Python.h":
    PyObject* Py_TYPE(object o)  # borrowed
    ctypedef struct PyMemberDef:
        const char* name
        int type
        Py_ssize_t offset
        int flags
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member


cdef inline void set_slot(object obj, Py_ssize_t offset, object value) noexcept:
    cdef PyObject** p = <PyObject**>((<char*><PyObject*>obj) + offset)
    cdef PyObject* old = p[0]
    Py_INCREF(value)
    p[0] = <PyObject*>value
    Py_XDECREF(old)


cdef inline object slot_offsets(type cls, tuple names):
    """The slot offsets of ``names`` in ``cls`` (a list), or None when one is not a plain
    writable object slot (``T_OBJECT_EX``, not read-only) of a member descriptor."""
    from types import MemberDescriptorType
    cdef list out = []
    cdef PyMemberDef* m
    for name in names:
        d = None
        for klass in cls.__mro__:
            if name in klass.__dict__:
                d = klass.__dict__[name]
                break
        if d is None or type(d) is not MemberDescriptorType:
            return None
        m = (<PyMemberDescrObject*><PyObject*>d).d_member
        if m.type != 16 or (m.flags & 1):  # T_OBJECT_EX, READONLY
            return None
        out.append(m.offset)
    return out


cdef inline object get_slot(object obj, Py_ssize_t offset):
    """The object in the slot at ``offset`` (AttributeError when it was never set, as getattr)."""
    cdef PyObject* p = (<PyObject**>((<char*><PyObject*>obj) + offset))[0]
    if p is NULL:
        raise AttributeError("slot not set")
    return <object>p


cdef inline bint read_offsets(object cls, tuple names, Py_ssize_t* out) except -1:
    """Fill ``out`` with the slot offsets of ``names`` in ``cls``; False (``out`` untouched)
    when ``cls`` is not a class or a name is not a plain writable object slot."""
    cdef Py_ssize_t i
    offsets = slot_offsets(cls, names) if isinstance(cls, type) else None
    if offsets is None:
        return False
    for i in range(len(names)):
        out[i] = offsets[i]
    return True


cdef struct Layout:
    # the slot offsets of some names in one class, read once per class (read_layout)
    PyObject* cls  # the class they were read of (a reference is kept: classes live on)
    bint direct  # False: not plain writable object slots of a class (use attributes)
    Py_ssize_t off[16]  # (at most 16 names)


cdef inline int read_layout(Layout* lay, object cls, tuple names) except -1:
    """Read the offsets of ``names`` in ``cls`` into ``lay``, unless they were read of
    ``cls`` last (each module keeps one Layout per class it builds or reads)."""
    if <PyObject*>cls is lay.cls:
        return 0
    if len(names) > 16:
        raise ValueError("too many slots for a Layout")
    lay.direct = read_offsets(cls, names, lay.off)
    Py_INCREF(cls)
    Py_XDECREF(lay.cls)
    lay.cls = <PyObject*>cls
    return 0


cdef inline bint fits(Layout* lay, object obj) noexcept:
    """Whether ``obj``'s slots are at ``lay``'s offsets (its exact class was read, directly)."""
    return lay.direct and <PyObject*>Py_TYPE(obj) is lay.cls


cdef inline object new_instance(type cls):
    """``cls.__new__(cls)``: its tp_new called directly, with no arguments (no attribute
    lookup, no bound method, no argument tuple built)."""
    return (<PyTypeObject*>cls).tp_new(cls, <PyObject*>(), NULL)
