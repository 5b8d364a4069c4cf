"""The ``errgen`` console script: answers ``--version``, ``--help`` (from the cache, `helpcache`), a
warm ``build`` or ``check`` with nothing to do, and a plain ``build``, without importing click; else runs the CLI.

A warm ``errgen build`` / ``errgen check`` (pre-commit runs one on every commit) is answered
here when the build cache proves the output current (`errgen.workflow.project.up_to_date`):
the same line as the command prints, exit 0. Only plain arguments are read here (catalogs,
``-o``/``--out``, ``-t``/``--target``, ``--templates``, and ``--diff``/``--no-diff`` for
check, which only matter when something differs). A plain ``build`` whose output is not current
runs `errgen.cli.building.build`, the function the click command runs. Anything else and any doubt
goes to the click command.

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
from typing import Any


def run() -> None:
    """Run the command line; ends with `SystemExit` as click does."""
    if sys.argv[1:] in (["--version"], ["-V"]):
        from errgen import __version__

        sys.stdout.write(f"errgen {__version__}\n")
        return
    if sys.argv[1:] in (["--help"], ["-h"]) and _help():
        return
    given = _arguments(sys.argv[1], sys.argv[2:]) if sys.argv[1:2] in (["build"], ["check"]) else None
    project = _plain_project(given) if given is not None else None
    if project is not None:
        done = _up_to_date(sys.argv[1], project)
        if done is not None:
            sys.stdout.write(done)
            return
    gc.set_threshold(20_000, 50, 50)
    if given is not None and project is not None and sys.argv[1] == "build":  # (given: for the type checker)
        from errgen.cli import building

        catalogs, targets = tuple(given["catalogs"]), tuple(given["targets"])
        building.build(catalogs, _last(given["out"]), targets, _last(given["templates"]))
        return
    from errgen.cli.main import main as cli

    cli()


def _help() -> bool:
    """Print ``errgen --help`` from the cache (`errgen.cli.helpcache`), or render and keep it; False: for click."""
    from errgen.cli import helpcache

    text, inputs = helpcache.cached()
    if text is None:
        if inputs is None:
            return False
        text = helpcache.render()
        helpcache.keep(inputs, text)
    sys.stdout.write(text)
    return True


_VALUED = {"-o": "out", "--out": "out", "-t": "targets", "--target": "targets", "--templates": "templates"}


def _arguments(command: str, args: list[str]) -> dict[str, list[str]] | None:
    """`args` of ``build``/``check`` as click reads them, or None for anything this does not read."""
    given: dict[str, list[str]] = {"catalogs": [], "out": [], "targets": [], "templates": []}
    rest = iter(args)
    for arg in rest:
        if command == "check" and arg in ("--diff", "--no-diff"):
            continue
        name, equals, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in _VALUED:
            if not equals:
                value = next(rest, "-")
            if not value or value.startswith("-"):
                return None
            given[_VALUED[name]].append(value)
        elif arg.startswith("-") or not arg:
            return None
        else:
            given["catalogs"].append(arg)
    return given


def _last(values: list[str]) -> str | None:
    return values[-1] if values else None


def _plain_project(given: dict[str, list[str]]) -> Any:
    """The `Project` of plain arguments, or None for what click reports (an unknown target, a bad setting)."""
    try:
        from pathlib import Path

        from errgen.targets import TARGETS
        from errgen.workflow.config import ConfigError
        from errgen.workflow.project import from_settings

        templates = _last(given["templates"])
        if any(t not in TARGETS for t in given["targets"]) or (templates and os.path.isfile(templates)):
            return None  # click reports it
        return from_settings(cwd=Path.cwd(), catalogs=tuple(given["catalogs"]), out=_last(given["out"]),
                             targets=tuple(given["targets"]), templates=templates)  # fmt: skip
    except (ConfigError, OSError, ValueError):
        return None  # the command reports it


def _up_to_date(command: str, project: Any) -> str | None:
    """What ``errgen build``/``check`` prints when the build cache proves the output current, else None."""
    from errgen.workflow.project import up_to_date

    try:
        count = up_to_date(project)
    except (OSError, ValueError):
        return None  # the command reports it
    if count is None:
        return None
    if command == "check":
        return f"errgen: {count} file(s) up to date\n"
    catalogs = len(project.catalogs)
    return f"errgen: {catalogs} catalog(s), {count} file(s): 0 written, 0 removed, {count} unchanged\n"


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
