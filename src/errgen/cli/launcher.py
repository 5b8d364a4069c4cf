"""The ``errgen`` console script: answers ``--version`` without importing click, else runs the CLI.

errgen allocates millions of small acyclic objects (YAML values, IR, output
chunks); a larger first-generation threshold spares most of the cyclic garbage
collector's passes over them (≈6% of a build's time), while still collecting.
When the command is done, the process ends without tearing down that heap object
by object (≈2% of a build; mypy's ``fast_exit`` does the same): every file errgen
writes is closed by then, and standard output and error are flushed first. Not when
something watches the process (a profiler, a tracer, coverage): their reports are
written at normal exit.
"""

from __future__ import annotations

import gc
import os
import sys


def run() -> None:
    """Run the command line; ends with `SystemExit` as click does."""
    if sys.argv[1:] in (["--version"], ["-V"]):
        from errgen import __version__

        sys.stdout.write(f"errgen {__version__}\n")
        return
    gc.set_threshold(20_000, 50, 50)
    from errgen.cli.main import main as cli

    cli()


def main() -> None:
    """Entry point of the installed ``errgen`` command (and ``python -m errgen``)."""
    try:
        run()
        status = 0
    except SystemExit as exc:
        status = _status(exc.code)
    if sys.getprofile() is not None or sys.gettrace() is not None or "coverage" in sys.modules:
        sys.exit(status)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:  # e.g. a closed pipe: what Python's own shutdown reports as status 120
        status = status or 120
    os._exit(status)


def _status(code: object) -> int:
    """The exit status `sys.exit(code)` gives: None is 0, an int itself, anything else printed and 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1
