import datetime

from maintext.result import Page


def extract(doc, options):
    page = Page(method="t_weird")
    page.set_paragraphs(["lone surrogate \ud800 here", "ok"])
    page.extra = {"when": datetime.date(2020, 1, 2), "ids": {1}}
    return page
