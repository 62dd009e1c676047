import os


def extract(doc, options):
    os._exit(7)
