"""``errgen build`` itself, without click: what the click command runs, and what the launcher runs alone.

Most builds are ``errgen build`` with plain arguments (pre-commit, CI, an editor's save hook). The
launcher reads those itself (`errgen.cli.launcher`) and, when the output is not current, calls
`build` here directly: a cold build then never imports click, a sixth of errgen's start-up. The
click command calls the same function, so both print the same lines and exit with the same status.
Output goes through `say` (a line, flushed), as ``click.echo`` writes it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from errgen.workflow.project import Project


def say(text: str, *, err: bool = False) -> None:
    """Write one line to standard output (or error), flushed."""
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")
    stream.flush()


def project(catalogs: tuple[str, ...], out: str | None, targets: tuple[str, ...], templates: str | None) -> Project:
    """The project of these arguments (a CLI build may fork: `workers.jobs`); a configuration error exits 2."""
    from errgen.workflow.config import ConfigError
    from errgen.workflow.project import from_settings
    from errgen.workflow.workers import jobs

    try:
        return from_settings(cwd=Path.cwd(), catalogs=catalogs, out=out, targets=targets, templates=templates,
                             jobs=jobs())  # fmt: skip
    except ConfigError as exc:
        say(str(exc), err=True)
        sys.exit(2)


def fail(diagnostics: list[Any], *, wrote: bool = False) -> NoReturn:
    """Print the diagnostics and how many errors they hold; exit 2."""
    for diagnostic in diagnostics:
        say(diagnostic.format(), err=True)
    say(failed(diagnostics, wrote=wrote), err=True)
    sys.exit(2)


def failed(diagnostics: list[Any], *, wrote: bool) -> str:
    """The line that ends a run refused for its diagnostics: how many errors, and whether anything was written."""
    errors = sum(1 for d in diagnostics if d.level == "error")
    note = "" if wrote else "; nothing was written"
    return f"errgen: {errors} error{'s' if errors != 1 else ''}{note}"


def shown(filename: object) -> str:
    """A path relative to the working folder when it is inside it."""
    path = os.fsdecode(filename) if isinstance(filename, (str, bytes)) else str(filename)
    relative = os.path.relpath(path) if os.path.isabs(path) else path
    return path if relative.startswith("..") else relative


@contextmanager
def os_errors_reported() -> Iterator[None]:
    """An OS error (read-only, disk full, not a folder…) becomes one line per problem and exit 2."""
    from errgen.output.ownership import OutputError

    try:
        yield
    except OutputError as exc:
        lines = str(exc).splitlines()
        for line in lines:
            say(f"errgen: {line}", err=True)
        if len(lines) > 1:
            say(f"errgen: {len(lines)} problems; nothing was changed", err=True)
        sys.exit(2)
    except OSError as exc:
        where = f" {shown(exc.filename)}" if exc.filename else ""
        say(f"errgen: cannot access{where}: {exc.strerror or exc}", err=True)
        sys.exit(2)


def warn_kept(out_name: str, kept: list[str]) -> None:
    """Warn about each file errgen no longer generates but kept, because someone changed it."""
    for rel in kept:
        say(
            f"errgen: warning: kept {out_name}/{rel}: errgen no longer generates it, but it changed since errgen "
            "wrote it and has no do-not-edit header; remove it yourself if it is not needed",
            err=True,
        )


def build(
    catalogs: tuple[str, ...], out: str | None, targets: tuple[str, ...], templates: str | None, strict: bool = False
) -> None:
    """``errgen build``: generate, write what changed, print what it did (exit 2 on invalid input)."""
    from errgen.catalog.diagnostics import CatalogInvalid, Diagnostics
    from errgen.workflow.project import build as run_build

    with os_errors_reported():
        built = project(catalogs, out, targets, templates)._replace(strict=strict)
        diags = Diagnostics()
        try:
            result = run_build(built, diags)
        except CatalogInvalid as exc:
            fail(exc.diagnostics)
        for diagnostic in diags.sorted():
            say(diagnostic.format(), err=True)
        diff = result.diff
        out_name = built.display(built.out_dir)
        for rel in diff.extra:
            say(f"removed: {out_name}/{rel}")
        warn_kept(out_name, diff.kept)
        changed = len(diff.modified) + len(diff.missing)
        say(
            f"errgen: {len(built.catalogs)} catalog(s), {result.file_count} file(s): "
            f"{changed} written, {len(diff.extra)} removed, {result.file_count - changed} unchanged"
        )
