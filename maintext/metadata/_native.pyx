# cython: language_level=3
"""Loops of the metadata pass in C, twins of Python code in :mod:`maintext.metadata`.

The Python code stays as the fallback (no compiler, or ``MAINTEXT_NATIVE=0``) and as the
reference: ``tests/metadata/test_native.py`` checks each function against its twin on
random inputs.

``collect_nodes(root, max_headings)``: what :func:`maintext.metadata.collect.collect`'s
loop over ``root.iter(*_WANTED_TAGS)`` reads, in one walk of libxml2's nodes that builds an
element proxy only for the elements kept (anchors, headings, ``<time>``, ``<title>``), and
reads the attributes of the others (``<meta>``, ``<link>``, ``<base>``, ``<script>``) in C.
The anchors' ``(href, rel, text)`` records (``_nodes.anchor_records``) are read in the
same walk.

The module is one extension; its source is split by topic into the ``.pxi`` files included
below (each a section of the metadata pass).
"""

from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode, xmlAttr
from lxml.includes.etreepublic cimport (_Document, _Element, attributeValue, elementFactory,
                                        import_lxml__etree, tailOf, textOf)
from maintext.html._xmlnode cimport _elementlike, _has_text, _is_text, _next_under, _plain_text
from maintext.html._slots cimport Layout, read_layout, set_slot
from maintext.html._text cimport _utf8_space_at
from cpython.object cimport PyObject, PyTypeObject

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memchr, memcmp, memcpy, memset, strcmp, strlen

import_lxml__etree()

include "_collect.pxi"
include "_scripts.pxi"
include "_scripts8.pxi"
include "_links.pxi"
include "_shown.pxi"
include "_labelled.pxi"
include "_firstdate.pxi"
include "_copyright.pxi"
