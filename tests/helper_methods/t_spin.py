from maintext.result import Page


def extract(doc, options):
    """Fills memory to the limit, then keeps retrying a failed allocation (spins at the cap)."""
    hoard = []
    while True:
        try:
            hoard.append(bytearray(16 * 1024 * 1024))
        except MemoryError:
            pass
    return Page(method="t_spin")
