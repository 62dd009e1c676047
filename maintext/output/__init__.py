"""Output: a :class:`~maintext.result.Page` in; txt, markdown, html, JSON, folder files out."""
