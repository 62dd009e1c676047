import signal
import time

from maintext.result import Page


def extract(doc, options):
    # like a long call into C code: the timer signal cannot interrupt it
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    time.sleep(30)
    return Page(method="t_stuck")
