# cython: language_level=3
# Direct stores into the __slots__ of objects the native code builds (segmentation.Block,
# Container, blocklist.Block): a slot is a PyObject* at a fixed offset in the object, read
# off the class's member descriptor once; a store there is what the descriptor's __set__
# does (no type lookup, no descriptor call: ~10x cheaper than setattr). Used only on
# objects made by ``cls.__new__(cls)`` of the exact class whose offsets were read;
# ``slot_offsets`` gives None when a name is not a plain writable object slot (then the
# callers use setattr).

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF, Py_XDECREF


cdef extern from "Python.h":
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
