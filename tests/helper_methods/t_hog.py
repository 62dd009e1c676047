from maintext.result import Page


def extract(doc, options):
    hoard = []
    while True:
        hoard.append(bytearray(64 * 1024 * 1024))
    return Page(method="t_hog")
