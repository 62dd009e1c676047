"""Parse, clean, segment: decoded HTML in; a tree, a cleaned tree and the typed block segmentation out.

- :mod:`.document`: decoded HTML in; a :class:`~.document.Document` (parsed once, lazily) out.
- :mod:`.tags`, :mod:`.vocab`: the tag table and the boilerplate class/id vocabulary.
- :mod:`.clean`: a tree in; the tree without what never holds running text out.
- :mod:`.segment` (walked by :mod:`.walk`: ``_walk.pyx`` or Python), :mod:`.markers`,
  :mod:`.boxsize`: a cleaned tree in; the one segmentation (blocks, containers) out.
- :mod:`.context`, :mod:`.structure`: a segmentation and kept blocks in; typed blocks out.
- :mod:`.blocks`, :mod:`.blocklist`: the segmentation's views for vote/LQF and Block-List.
- :mod:`.lines`: one block's text in; what kind of short line it is out.
"""
