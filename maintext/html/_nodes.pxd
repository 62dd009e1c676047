# cython: language_level=3
# What the native walk (_walk.pyx) calls of _nodes.pyx from C.

from lxml.includes.tree cimport xmlNode

cdef object _container_marks(xmlNode* n, str tag, dict cache, object compute, Py_ssize_t cache_max,
                             dict words_cache)
