"""Load: bytes, files, URLs and WARC records in; decoded HTML text (:class:`~maintext.io.loading.Loaded`) out.

- :mod:`.loading`: any source in; a ``Loaded`` out (size caps, gzip, decoding).
- :mod:`.limits`: a page's text in; the same with attributes capped, or too many elements
  refused (bounds on hostile markup, before parsing).
- :mod:`.decode`: bytes in; text out (BOM, HTTP charset, ``<meta>``, detection).
- :mod:`.fetch`, :mod:`.httpbody`, :mod:`.netguard`, :mod:`.robots`: a URL in; the body out,
  safely (timeouts, size caps, no private addresses, robots.txt).
- :mod:`.warc`: WARC archives in; page records out.
- :mod:`.discover`, :mod:`.crawl`: sitemaps, feeds, start URLs in; page URLs out.
"""
