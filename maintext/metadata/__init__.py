"""Metadata: a parsed document in; title, headline, dates, authors, keywords, JSON-LD and links out.

:mod:`.extract` runs the stage: :mod:`.collect` walks the tree once; :mod:`.jsonld`,
:mod:`.title`, :mod:`.dates` (with :mod:`.dateparse` and :mod:`.visible`), :mod:`.authors`,
:mod:`.extras`, :mod:`.urls` and :mod:`.links` each turn what it collected into fields.
"""
