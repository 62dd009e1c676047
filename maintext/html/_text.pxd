# cython: language_level=3
# The text measures of _text.pyx that the native walk (_walk.pyx) calls from C.

cdef Py_ssize_t _utf8_space_at(const unsigned char* p, Py_ssize_t i, Py_ssize_t n, bint* space) noexcept
cdef bint _utf8_isspace(const char* p, Py_ssize_t n) except -1
cdef Py_ssize_t _utf8_stripped_len(const char* p, Py_ssize_t n) except -1
cdef str _collapse(str raw, int marked, Py_ssize_t* commas, double* weight)

from lxml.includes.tree cimport xmlNode
cdef Py_ssize_t _text_len(xmlNode* top) noexcept
cdef Py_ssize_t _link_text_len(xmlNode* top) noexcept
cdef Py_ssize_t _utf8_code_points(const unsigned char* p, size_t n) noexcept nogil
