import time

from maintext.result import Page


def extract(doc, options):
    """Works for 3 s, swallowing every exception on the way (as a broad except would)."""
    end = time.monotonic() + 3.0
    while time.monotonic() < end:
        try:
            sum(range(10000))
        except Exception:  # noqa: BLE001 - the point of this method
            pass
    return Page(method="t_swallow")
