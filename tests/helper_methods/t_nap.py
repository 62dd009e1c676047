import time

from maintext.result import Page


def extract(doc, options):
    """Sleeps 0.15 s, or 3 s on a page whose text says SLOW; keeps the <p> texts."""
    time.sleep(3.0 if "SLOW" in doc.tree.text_content() else 0.15)
    page = Page(method="t_nap")
    page.set_paragraphs([p.text_content() for p in doc.tree.iter("p")])
    return page
