"""Pages of the same site: grouping pages by site and finding the site's template.

Takes documents with their URLs (a collection, or one page fetched by URL) and gives each
page the other pages of its site a template method compares it with, or a template learned
earlier; the methods read the result as the page's template text nodes.

- :mod:`.group`: a collection in; each page's comparison pages (``doc.site_docs``) out.
- :mod:`.siblings`, :mod:`.ondemand`: one page by URL in; similar pages of its site fetched.
- :mod:`.nodeseq`: trees in; node sequences and the synchronized walk's template flags out.
- :mod:`.template`: a page and its site pages in; its text nodes as template or content out.
- :mod:`.learn`, :mod:`.learned`, :mod:`.store`: what a page and its site pages show about
  the template, as keys a later page can use, kept in SQLite.
"""
