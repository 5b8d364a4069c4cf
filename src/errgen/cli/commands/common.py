"""Helpers the workflow commands share: resolve the project, compile it, fail cleanly.

Exit codes follow `errgen.cli.main`: 1 = findings, 2 = invalid input or usage.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

if TYPE_CHECKING:
    from errgen.catalog.located import Located
    from errgen.workflow.config import Config
    from errgen.workflow.project import Project

CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def fail(message: str) -> NoReturn:
    """Print ``errgen: message`` to stderr and exit 2."""
    click.echo(f"errgen: {message}", err=True)
    sys.exit(2)


def project(catalogs: tuple[str, ...] = (), templates: str | None = None) -> tuple[Project, Config]:
    """The resolved project (command line over ``[tool.errgen]``) and its config."""
    from errgen.workflow.config import ConfigError, load_config
    from errgen.workflow.project import from_settings

    try:
        proj = from_settings(cwd=Path.cwd(), catalogs=catalogs, templates=templates)
        return proj, load_config(proj.root)
    except ConfigError as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)


def compile_located(proj: Project) -> list[Located]:
    """Every catalog of `proj` with its document; print the errors and exit 2 if any is invalid."""
    from errgen.catalog.diagnostics import CatalogInvalid, Diagnostics
    from errgen.workflow.sources import compile_project

    if not proj.catalogs:
        fail("no catalogs found; pass catalog files or set [tool.errgen] catalogs in pyproject.toml")
    diags = Diagnostics()
    try:
        found = compile_project(proj, diags)
    except CatalogInvalid as exc:
        for diagnostic in exc.diagnostics:
            click.echo(diagnostic.format(), err=True)
        fail(f"{sum(d.level == 'error' for d in exc.diagnostics)} error(s) in the catalogs")
    for diagnostic in diags.sorted():
        click.echo(diagnostic.format(), err=True)
    return found


def catalogs_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``-c/--catalog NAME|PATH`` (repeatable) for commands whose arguments are not catalogs."""
    return click.option(
        "-c", "--catalog", "catalog_specs", multiple=True, metavar="NAME|PATH",
        help="Only this catalog: a configured catalog's name, or a catalog file (repeatable).  "
        "[default: [tool.errgen] catalogs]",
    )(func)  # fmt: skip


def _is_path(spec: str) -> bool:
    return Path(spec).suffix in (".yaml", ".yml", ".json") or "/" in spec or Path(spec).is_file()


def select(specs: tuple[str, ...], templates: str | None = None) -> tuple[Project, list[Located]]:
    """The project and the catalogs chosen by ``-c`` values (files are read, names filter the configured ones)."""
    import difflib

    paths = tuple(s for s in specs if _is_path(s))
    names = [s for s in specs if not _is_path(s)]
    proj, _ = project(paths, templates)
    found = compile_located(proj)
    known = [s.catalog.name for s in found]
    for name in names:
        if name not in known:
            hint = difflib.get_close_matches(name, known, n=1)
            fail(
                f"unknown catalog {name!r}"
                + (f"; did you mean {hint[0]!r}?" if hint else f" (catalogs: {', '.join(known)})")
            )
    return proj, [s for s in found if not names or s.catalog.name in names]


def quiet_catalogs() -> list[Located]:
    """The configured catalogs for shell completion: never prints, never exits."""
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.project import from_settings
    from errgen.workflow.sources import compile_path

    try:
        proj = from_settings(cwd=Path.cwd())
        found = [compile_path(p, proj.display(p), Diagnostics()) for p in proj.catalogs]
    except Exception:  # completion must never crash the shell
        return []
    return [s for s in found if s is not None]
