# cython: language_level=3
# The dynamic loader's calls _lexbor and _nodes find libxml2's (lxml's) and lexbor's
# (selectolax's) functions with, in the modules Python has already loaded (nothing to link).

cdef extern from "dlfcn.h":
    void* dlopen(const char* filename, int flags)
    void* dlsym(void* handle, const char* symbol)
    int RTLD_NOW
    int RTLD_NOLOAD


cdef inline void* _open_loaded(module):
    """The handle of the extension module ``module`` as loaded (NULL when it is not)."""
    return dlopen(module.__file__.encode(), RTLD_NOW | RTLD_NOLOAD)
