from maintext.result import Page


def extract(doc, options):
    page = Page(method="t_para")
    page.set_paragraphs([" ".join(p.text_content().split()) for p in doc.tree.iter("p")])
    if not page.text:
        page.reason = "no <p> text"
    return page
