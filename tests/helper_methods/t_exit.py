import os

from maintext.result import Page


def extract(doc, options):
    """Kills its whole process on a page whose text says EXIT; else keeps the <p> texts."""
    if "EXIT" in doc.tree.text_content():
        os._exit(9)
    page = Page(method="t_exit")
    page.set_paragraphs([p.text_content() for p in doc.tree.iter("p")])
    return page
