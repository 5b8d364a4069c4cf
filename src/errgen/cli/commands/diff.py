"""``errgen diff OLD NEW`` and `check_against` (``errgen check --against REV``): breaking changes."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from errgen.cli.commands.common import CONTEXT, fail
from errgen.workflow.report import FORMATS

if TYPE_CHECKING:
    from errgen.catalog.diagnostics import Diagnostic, Diagnostics
    from errgen.workflow.diff import Identity
    from errgen.workflow.project import Project

CATEGORY_CHOICES = ("all", "wire", "source")


@click.command("diff", context_settings=CONTEXT)
@click.argument("old")
@click.argument("new")
@click.option(
    "--category", type=click.Choice(CATEGORY_CHOICES, case_sensitive=False), default="all", show_default=True,
    help="WIRE: what deployed clients and servers see; SOURCE: what code using the generated API sees; or all.",
)  # fmt: skip
@click.option(
    "--old-identity", metavar="FILE",
    help="identity.txt committed with OLD (path or REV:path), to catch renamed generated identifiers. "
    "[default: identity.txt beside OLD when OLD is a catalog.json]",
)  # fmt: skip
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True, help="Output format.")
def command(old: str, new: str, category: str, old_identity: str | None, fmt: str) -> None:
    """Report breaking changes from catalog OLD to catalog NEW (exit 1 if there is one).

    OLD and NEW are catalog files, published catalog.json snapshots, or REV:path for a file
    at a git revision (e.g. `errgen diff main:catalog/workbook.yaml catalog/workbook.yaml`).
    Each finding prints as `path:line:col: error: message [rule-id]`; see docs/workflow.md
    for the rules and their categories.
    """
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.diff import compare
    from errgen.workflow.sources import SourceError, compile_spec

    diags = Diagnostics()
    cwd = Path.cwd()
    try:
        before = compile_spec(old, diags, cwd)
        after = compile_spec(new, diags, cwd)
        identity = _identity(old_identity or _beside(old, cwd), diags, cwd, explicit=old_identity is not None)
    except SourceError as exc:
        fail(str(exc))
    _print_diags(diags)
    if before is None or after is None or diags.has_errors:
        fail("cannot compare invalid catalogs")
    findings = compare(before, after, old_identity=identity, category=category.lower())
    sys.exit(_finish(findings, category.lower(), fmt))


def _beside(old: str, cwd: Path) -> str | None:
    """``identity.txt`` next to a ``catalog.json`` snapshot (a local file or ``REV:path``), if any."""
    if not old.endswith("catalog.json"):
        return None
    sibling = old.removesuffix("catalog.json") + "identity.txt"
    local = (cwd / sibling).is_file()
    return sibling if local or (":" in sibling and not (cwd / old).exists()) else None


def _identity(spec: str | None, diags: Diagnostics, cwd: Path, *, explicit: bool) -> Identity | None:
    from errgen.catalog.diagnostics import Loc
    from errgen.catalog.yamlsrc import read_text
    from errgen.workflow.diff import parse_identity
    from errgen.workflow.sources import git_show

    if spec is None:
        return None
    path = cwd / spec
    if path.exists() or ":" not in spec:
        text = read_text(path, spec, diags)
    else:
        rev, _, rel = spec.partition(":")
        text = git_show(rev, cwd / rel, diags, display=spec)
        if text is None and explicit:
            diags.error(Loc(spec), f"{rel} does not exist at revision {rev}")
    return None if text is None else parse_identity(text)


def _print_diags(diags: Diagnostics) -> None:
    for diagnostic in diags.sorted():
        click.echo(diagnostic.format(), err=True)


def _finish(findings: list[Diagnostic], category: str, fmt: str) -> int:
    from errgen.workflow.report import plural, render

    click.echo(render(findings, fmt), nl=False)
    scope = "" if category == "all" else f" ({category.upper()})"
    breaking = [f for f in findings if f.level == "error"]  # a warning (tool-added) breaks nothing
    if breaking:
        click.echo(f"errgen diff: {plural(len(breaking), 'breaking change')}{scope}", err=True)
        return 1
    click.echo(f"errgen diff: no breaking changes{scope}", err=True)
    return 0


def check_against(project: Project, ref: str, category: str = "all", fmt: str = "text") -> int:
    """Compare every catalog of `project` with its version at git revision `ref`; returns the exit code.

    The previous identifiers come from ``<out>/<catalog>/identity.txt`` at `ref` when it was
    committed. Catalogs that did not exist at `ref` are new and cannot break anything; one
    generated at `ref` that no catalog is now was removed (`_removed_catalogs`).
    Returns 0 (no breaking change), 1 (breaking changes printed) or 2 (invalid input).
    """
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.diff import compare, parse_identity
    from errgen.workflow.sources import GitFiles, SourceError, compile_path, compile_text, folder_of, git_show

    diags, findings = Diagnostics(), []
    names: set[str] = set()  # of the catalogs read, now and at `ref`
    try:
        for path in project.catalogs:
            display = project.display(path)
            current = compile_path(path, display, diags)
            if current is not None:
                names.add(current.catalog.name)
            previous_text = git_show(ref, path, diags, display=f"{ref}:{display}")
            if previous_text is None:
                click.echo(f"errgen: {display} is new since {ref}; nothing to compare", err=True)
                continue
            files = GitFiles(ref, path.parent, folder_of(display))  # the schema files it refers to, at `ref`
            previous = compile_text(previous_text, f"{ref}:{display}", diags, files)
            if previous is not None:
                names.add(previous.catalog.name)
            if current is None or previous is None:
                continue
            identity_path = project.out_dir / previous.catalog.name / "identity.txt"
            identity_text = git_show(ref, identity_path, diags, display=f"{ref}:{project.display(identity_path)}")
            identity = parse_identity(identity_text) if identity_text is not None else None
            findings += compare(previous, current, old_identity=identity, category=category.lower())
        findings += _removed_catalogs(project, ref, names)
    except SourceError as exc:
        click.echo(f"errgen: {exc}", err=True)
        return 2
    _print_diags(diags)
    if diags.has_errors:
        click.echo("errgen: cannot compare invalid catalogs", err=True)
        return 2
    return _finish(findings, category.lower(), fmt)


def _removed_catalogs(project: Project, ref: str, names: set[str]) -> list[Diagnostic]:
    """A ``code-removed`` finding per catalog generated at `ref` that is gone now.

    The catalogs of `ref` are the ``<out>/<name>/identity.txt`` files committed there;
    `names` are those of the catalogs read now (current and previous versions).
    """
    from errgen.catalog.diagnostics import Diagnostics, Loc
    from errgen.workflow.diff import parse_identity
    from errgen.workflow.sources import git_files, git_show

    diags = Diagnostics()
    for rel in git_files(ref, project.out_dir):
        name, _, file = rel.partition("/")
        if file != "identity.txt" or name in names:
            continue
        identity = project.out_dir / name / file
        display = f"{ref}:{project.display(identity)}"
        text = git_show(ref, identity, diags, display=display) or ""
        count = len(parse_identity(text).codes)
        diags.error(
            Loc(display),
            f"catalog {name!r} was removed since {ref} with its {count} codes; they vanish without being "
            "retired (keep the catalog and list them under 'retired')",
            "code-removed",
        )
    return diags.sorted()
