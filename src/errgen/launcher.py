"""The ``errgen`` console script: answers ``--version`` without importing click, else runs the CLI."""

from __future__ import annotations

import sys


def main() -> None:
    """Entry point of the installed ``errgen`` command."""
    if sys.argv[1:] in (["--version"], ["-V"]):
        from errgen import __version__

        sys.stdout.write(f"errgen {__version__}\n")
        return
    from errgen.cli import main as cli

    cli()
