"""The ``errgen`` command line. Commands only wire the pipeline stages together.

Exit codes: 0 success; 1 a check found differences (or findings); 2 invalid input
(catalog, pack or usage). Heavy modules are imported inside commands so that
``errgen --help`` and ``--version`` stay fast.
"""

from __future__ import annotations

import sys
from typing import Any, NoReturn

import click

from errgen import __version__
from errgen.targets import TARGETS

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
TARGET_NAMES = tuple(TARGETS)
SHORT_DIFF = 12  # diff lines per modified file that `errgen check` prints without --diff


def _fail(diagnostics: list[Any], *, wrote: bool = False, fmt: str = "text") -> NoReturn:
    from errgen.cli import building

    if fmt not in ("github", "sarif"):
        building.fail(diagnostics, wrote=wrote)
    from errgen.workflow.report import render

    click.echo(render(diagnostics, fmt), nl=False)  # on stdout, where CI reads annotations and logs
    click.echo(building.failed(diagnostics, wrote=wrote), err=True)
    sys.exit(2)


def _project(catalogs: tuple[str, ...], out: str | None, targets: tuple[str, ...], templates: str | None) -> Any:
    from errgen.cli import building

    return building.project(catalogs, out, targets, templates)


def _common(func: Any) -> Any:
    options = [
        click.argument("catalogs", nargs=-1, type=click.Path(dir_okay=True, path_type=str)),
        click.option("-o", "--out", help="Output folder.  [default: generated, or [tool.errgen] out]"),
        click.option(
            "-t", "--target", "targets", multiple=True, type=click.Choice(TARGET_NAMES),
            help="Build only this target (repeatable).  [default: all]",
        ),
        click.option(
            "--templates", type=click.Path(file_okay=False),
            help="Folder of templates that override or add to the built-ins.",
        ),
    ]  # fmt: skip
    for option in reversed(options):
        func = option(func)
    return func


# Commands defined in `errgen.cli.commands`, imported only when run (or asked for their own help):
# name → (module, attribute, short help as `errgen --help` lists it; a test keeps it equal).
LAZY_COMMANDS: dict[str, tuple[str, str, str]] = {
    "conform": ("errgen.cli.commands.conform", "command",
                "Check wallfacer conformance PACKS: evaluate their fixtures, or run them against a server."),
    "changelog": ("errgen.cli.commands.changelog", "command",
                  "Write Keep-a-Changelog entries for the changes from OLD to NEW (or since --against GIT_REF)."),
    "diff": ("errgen.cli.commands.diff", "command",
             "Report the changes from catalog OLD to catalog NEW; exit 1 on a break the version does not accept."),
    "docs": ("errgen.cli.commands.docs", "command",
             "Keep generated Markdown (code tables, code sections) inside your own files."),
    "explain": ("errgen.cli.commands.explain", "command",
                "Show everything about CODE (semantics, fields, examples, docs), or the errors a TOOL can return."),
    "init": ("errgen.cli.commands.init", "command",
             "Create catalog/NAME.yaml and [tool.errgen] in FOLDER's pyproject.toml; `errgen build` then works."),
    "lint": ("errgen.cli.commands.lint", "command",
             "Check CATALOGS for contradictions and gaps (exit 1 on an error finding)."),
    "list": ("errgen.cli.commands.explain", "list_command",
             "List the codes of the catalogs, optionally of one catalog (-c NAME) or one kind (--kind)."),
}  # fmt: skip


class LazyGroup(click.Group):
    """A group whose `LAZY_COMMANDS` are imported on first use, so start-up stays small."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in LAZY_COMMANDS:
            import importlib

            module, attribute, _ = LAZY_COMMANDS[cmd_name]
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return self.commands.get(cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; an OS error (read-only, disk full, not a folder…) is one line and exit 2."""
        from errgen.cli.building import os_errors_reported

        with os_errors_reported():
            return super().invoke(ctx)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help``, without importing the lazy commands."""
        width = formatter.width - 6 - max(len(name) for name in self.list_commands(ctx))
        rows = []
        for name in self.list_commands(ctx):
            command = self.commands.get(name)
            if command is not None:
                rows.append((name, command.get_short_help_str(width)))
            else:
                stand_in = click.Command(name, short_help=LAZY_COMMANDS[name][2])  # shortened as its own would be
                rows.append((name, stand_in.get_short_help_str(width)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="errgen", message="%(prog)s %(version)s")
def main() -> None:
    """Compile YAML error catalogs into pydantic models, JSON Schema, TypeScript + zod,
    Markdown tables and MCP conformance packs.

    With no CATALOGS, commands use [tool.errgen] catalogs in pyproject.toml, else catalog/*.yaml.
    """


@main.command(context_settings=CONTEXT)
@_common
@click.option("--strict", is_flag=True, help="Missing translations are errors: exit 2 and write nothing.")
def build(
    catalogs: tuple[str, ...], out: str | None, targets: tuple[str, ...], templates: str | None, strict: bool
) -> None:
    """Generate every target of CATALOGS into the output folder (only changed files are written)."""
    from errgen.cli import building

    building.build(catalogs, out, targets, templates, strict)


@main.command(context_settings=CONTEXT)
@_common
@click.option(
    "--diff/--no-diff", "show_diff", default=None,
    help="Print the whole unified diff of each modified file (--no-diff: only the list).  "
         f"[default: the first {SHORT_DIFF} diff lines of each file]",
)
@click.option(
    "--against",
    metavar="GIT_REF",
    help="Also report breaking changes of the catalogs since this git revision (e.g. origin/main).",
)
@click.option(
    "--category",
    type=click.Choice(["all", "wire", "source", "docs"]),
    default="all",
    show_default=True,
    help="With --against: which changes count (WIRE: payloads on the wire; SOURCE: generated API; DOCS: docs only).",
)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json", "github", "sarif"]), default="text", show_default=True,
    help="Output format of the findings: github (workflow annotations) and sarif (one SARIF 2.1.0 log) report the "
    "stale files and, with --against, the changes; json is for the changes of --against only.",
)  # fmt: skip
def check(
    catalogs: tuple[str, ...],
    out: str | None,
    targets: tuple[str, ...],
    templates: str | None,
    show_diff: bool | None,
    against: str | None,
    category: str,
    fmt: str,
) -> None:
    """Exit 1 if the output folder is not what CATALOGS generate (modified, missing or extra files),
    or, with --against, if a catalog changed incompatibly since GIT_REF."""
    from errgen.catalog.diagnostics import CatalogInvalid, Diagnostics
    from errgen.cli import building
    from errgen.output.writer import unified
    from errgen.workflow.foreign import foreign_files
    from errgen.workflow.project import check as run_check

    project = _project(catalogs, out, targets, templates)
    collected: list[Any] | None = [] if fmt == "sarif" else None  # one SARIF log for both checks
    if against:
        from errgen.cli.commands.diff import check_against

        breaking = check_against(project, against, category, fmt, collect=collected)
        if breaking:
            _report_stale(collected, [], fmt)
            sys.exit(breaking)
    try:
        result = run_check(project, Diagnostics())
    except CatalogInvalid as exc:
        _fail(exc.diagnostics, wrote=True, fmt=fmt)
    diff, texts = result.diff, result.texts
    out_name = project.display(project.out_dir)
    building.warn_kept(out_name, diff.kept)
    foreign = foreign_files(project.out_dir)
    if fmt in ("github", "sarif"):
        from errgen.workflow.report import stale_files

        stale = stale_files(out_name, diff.modified, diff.missing, diff.extra, foreign)
        _report_stale(collected, stale, fmt)
        if stale:
            click.echo(f"errgen: {len(stale)} generated file(s) out of date; run `errgen build`", err=True)
            sys.exit(1)
    if diff.clean and not foreign:
        click.echo(f"errgen: {result.file_count} file(s) up to date", err=fmt in ("github", "sarif"))
        return
    for rel in diff.modified:
        click.echo(f"modified: {out_name}/{rel}")
        if show_diff is not False:
            limit = None if show_diff else SHORT_DIFF
            click.echo(unified(project.out_dir, rel, texts[rel], context=1 if limit else 3, limit=limit), nl=False)
    for rel in diff.missing:
        click.echo(f"missing:  {out_name}/{rel}")
    for rel in diff.extra:
        click.echo(f"extra:    {out_name}/{rel}")
    for rel in foreign:
        click.echo(f"extra:    {out_name}/{rel} (generated, but not by this build)")
    if not diff.clean:
        click.echo("errgen: generated files are out of date; run `errgen build` to update them", err=True)
    if foreign:
        click.echo(
            f"errgen: {len(foreign)} generated file(s) in the output folder that this build did not write (stale "
            "output of another build); `errgen build` never removes those: remove them",
            err=True,
        )
    sys.exit(1)


@main.command(context_settings=CONTEXT)
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@click.option(
    "--format", "fmt", type=click.Choice(["text", "github", "sarif"]), default="text", show_default=True,
    help="Output format of the problems: text (path:line:col: error: …, on stderr), github (workflow annotations) "
    "or sarif (one SARIF 2.1.0 log), the last two on stdout.",
)  # fmt: skip
def validate(paths: tuple[str, ...], fmt: str) -> None:
    """Check catalog files without generating anything (exit 2 on any error)."""
    from errgen.catalog.diagnostics import CatalogInvalid, Diagnostics
    from errgen.workflow.project import compile_all

    project = _project(paths, None, (), None)
    diags = Diagnostics()
    try:
        catalogs = compile_all(project, diags)
    except CatalogInvalid as exc:
        _fail(exc.diagnostics, wrote=True, fmt=fmt)
    if fmt != "text":
        from errgen.workflow.report import render

        click.echo(render(diags.sorted(), fmt), nl=False)  # warnings (untranslated texts), or an empty log
    for catalog in catalogs:
        click.echo(f"{catalog.source}: ok ({len(catalog.codes)} codes, {catalog.fingerprint})", err=fmt != "text")


def _report_stale(collected: list[Any] | None, stale: list[Any], fmt: str) -> None:
    """Print `errgen check`'s findings in `fmt` (github, sarif: with what --against collected)."""
    from errgen.workflow.report import render

    if fmt == "sarif":
        from errgen.cli.commands.diff import rule_summaries
        from errgen.workflow.report import STALE_RULES, sarif

        click.echo(sarif([*(collected or []), *stale], {**rule_summaries(), **STALE_RULES}), nl=False)
    elif fmt == "github":
        click.echo(render(stale, fmt), nl=False)


@main.command(context_settings=CONTEXT)
def schema() -> None:
    """Print the JSON Schema of the catalog format (for editors and yaml-language-server)."""
    import json

    from errgen.catalog.catalog_schema import SCHEMA

    click.echo(json.dumps(SCHEMA, indent=2, ensure_ascii=False))
