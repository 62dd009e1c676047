"""``python -m maintext``: the command line (see :mod:`maintext.cli`)."""

from .cli import main

if __name__ == "__main__":  # not when a worker process imports the main module
    main(prog_name="maintext")
