"""Test-only extraction methods for the CLI and batch tests, one module per method as the
registry wants. They are deliberately simple (``t_para``) or deliberately misbehaving:
sleeping past the time limit, ignoring the timer signal, allocating without bound, dying.
"""

from __future__ import annotations

# name -> summary; the module is helper_methods.<name>
TEST_METHODS = {
    "t_para": "test: text of every <p>",
    "t_sleep": "test: sleeps 30 s (interruptible)",
    "t_stuck": "test: blocks SIGALRM and sleeps 30 s",
    "t_hog": "test: allocates memory without bound",
    "t_crash": "test: the process dies",
    "t_weird": "test: a lone surrogate in the text, a date and a set in extra",
    "t_unpicklable": "test: a lambda in extra",
    "t_nap": "test: sleeps 0.15 s a page (3 s when the page says SLOW)",
    "t_swallow": "test: busy 3 s, swallowing every exception",
    "t_spin": "test: spins at the memory limit",
    "t_exit": "test: its process exits on a page that says EXIT",
}


def register_all() -> None:
    from maintext import registry

    for name, summary in TEST_METHODS.items():
        registry.register(name, f"{__name__}.{name}", summary)
