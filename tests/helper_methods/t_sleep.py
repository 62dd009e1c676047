import time

from maintext.result import Page


def extract(doc, options):
    time.sleep(30)
    return Page(method="t_sleep")
