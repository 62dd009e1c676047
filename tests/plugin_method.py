"""A minimal method used by the registry tests (the smallest valid plug-in)."""

from maintext.result import Page


def extract(doc, options):
    text = " ".join(t.strip() for t in doc.tree.itertext() if t.strip())
    page = Page(method="_test_upper")
    page.set_paragraphs([text.upper()])
    return page
