"""Methods -- the select stage: a :class:`~maintext.html.document.Document` in, a
:class:`~maintext.result.Page` (main text, typed blocks, explanation) out.

One module or subpackage per method, each with ``extract(doc, options) -> Page`` and one line
in :mod:`maintext.registry`: :mod:`.auto` (the default), :mod:`.lineblock`, :mod:`.blocklist`,
:mod:`.vote` (with its rule table :mod:`.vote_rules`), :mod:`.dompath` and :mod:`.lcs` (which
compare the page with other pages of its site, :mod:`maintext.site`), and the baselines
:mod:`.bte`, :mod:`.dsc`, :mod:`.lqf`, :mod:`.ccb`. :mod:`.comments` finds readers' comments
after a method ran (not a method itself).
"""
