"""``python -m maintext``: the command line (see :mod:`maintext.cli`)."""

from .cli import main

main(prog_name="maintext")
