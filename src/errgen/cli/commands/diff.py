"""``errgen diff OLD NEW`` / ``errgen diff --against REV`` and `check_against` (``errgen check --against REV``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from errgen.cli.commands.common import CONTEXT, fail, project
from errgen.workflow.report import FORMATS

if TYPE_CHECKING:
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.diff_model import Finding
    from errgen.workflow.evolution import Against, Pair
    from errgen.workflow.project import Project

CATEGORY_CHOICES = ("all", "wire", "source", "docs")


def comparison_options(func: Any) -> Any:
    """The options `errgen diff` and `errgen changelog` share: what to compare with what."""
    options = [
        click.argument("sources", nargs=-1, metavar="[OLD NEW | CATALOG…]"),
        click.option(
            "--against", metavar="GIT_REF",
            help="Compare each catalog (CATALOG…, else the configured ones) with its version at this git revision, "
            "e.g. origin/main.",
        ),
        click.option(
            "--old-identity", metavar="FILE",
            help="identity.txt committed with OLD (path or REV:path), to catch renamed generated identifiers. "
            "[default: identity.txt beside OLD when OLD is a catalog.json; with --against: "
            "<out>/<catalog>/identity.txt at GIT_REF]",
        ),
        click.option(
            "--changelog", metavar="FILE",
            help="The new version's changelog (path or REV:path).  [default: <catalog>.changes.md beside NEW]",
        ),
    ]  # fmt: skip
    for option in reversed(options):
        func = option(func)
    return func


@click.command("diff", context_settings=CONTEXT)
@comparison_options
@click.option(
    "--category", type=click.Choice(CATEGORY_CHOICES, case_sensitive=False), default="all", show_default=True,
    help="WIRE: what deployed clients and servers see; SOURCE: what code using the generated API sees; DOCS: only "
    "the documentation; or all.",
)  # fmt: skip
@click.option(
    "--semver/--no-semver", default=True, show_default=True,
    help="Hold catalog.version to the changes: a bump for any change, a major one for a break (accepted when the "
    "changelog records it).",
)  # fmt: skip
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True, help="Output format.")
def command(
    sources: tuple[str, ...], against: str | None, old_identity: str | None, changelog: str | None, category: str,
    semver: bool, fmt: str,
) -> None:  # fmt: skip
    """Report the changes from catalog OLD to catalog NEW; exit 1 on a break the version does not accept.

    OLD and NEW are catalog files, published catalog.json snapshots, or REV:path for a file at a git
    revision (`errgen diff main:catalog/shop.yaml catalog/shop.yaml`); `--against REV` compares every
    catalog with its version at REV (what CI runs: `errgen diff --against origin/main`). Each
    finding prints as `path:line:col: error|note: message [rule-id]`. A breaking change needs a
    major bump of catalog.version (a minor one below 1.0) and an entry in the catalog's changelog
    (`<catalog>.changes.md`, written by `errgen changelog --write`); any change needs a higher version.
    See docs/workflow.md for the rules.
    """
    from errgen.workflow.evolution import judge

    if against:
        sys.exit(check_against_cli(sources, against, category.lower(), fmt, semver=semver))
    pair = _pair(sources, old_identity, changelog)
    sys.exit(_finish(judge(pair, category=category.lower(), semver=semver), category.lower(), fmt))


def _pair(sources: tuple[str, ...], old_identity: str | None, changelog: str | None) -> Pair:
    """The pair of OLD NEW; exit 2 with the diagnostics when it cannot be compared."""
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.evolution import pair_of
    from errgen.workflow.sources import SourceError

    if len(sources) != 2:
        raise click.UsageError("give OLD and NEW, or --against GIT_REF (with CATALOG… or none)")
    options = project(())[0].options  # templates, module names and the black cache of the project around
    diags = Diagnostics()
    try:
        pair = pair_of(*sources, diags, Path.cwd(), old_identity=old_identity, changelog=changelog, options=options)
    except SourceError as exc:
        fail(str(exc))
    _print_diags(diags)
    if pair is None:
        fail("cannot compare invalid catalogs")
    return pair


def _print_diags(diags: Diagnostics) -> None:
    for diagnostic in diags.sorted():
        click.echo(diagnostic.format(), err=True)


def _finish(findings: list[Finding], category: str, fmt: str) -> int:
    """Print the findings and a summary line; 1 when one is an error (a break not accepted, a version problem)."""
    from errgen.workflow.report import plural, render_findings

    click.echo(render_findings(findings, fmt), nl=False)
    scope = "" if category == "all" else f" ({category.upper()})"
    errors = [f for f in findings if f.level == "error"]
    versions = [f for f in findings if "version" in f.categories]
    breaking = [f for f in findings if f.breaking and f not in versions]
    accepted = [f for f in breaking if f.accepted]
    compatible = [f for f in findings if not f.breaking]
    parts = [plural(len(breaking), "breaking change") + (f" ({len(accepted)} accepted)" if accepted else "")]
    parts.append(plural(len(compatible), "compatible change"))
    if versions:
        parts.append(plural(len(versions), "version problem"))
    if not findings:
        click.echo(f"errgen diff: no changes{scope}", err=True)
    else:
        click.echo(f"errgen diff: {', '.join(parts)}{scope}", err=True)
    return 1 if errors else 0


def check_against_cli(catalogs: tuple[str, ...], ref: str, category: str, fmt: str, *, semver: bool = True) -> int:
    """`errgen diff --against REF [CATALOG…]`: the project's catalogs (or the given ones) against `ref`."""
    proj, _ = project(catalogs)
    return check_against(proj, ref, category, fmt, semver=semver)


def check_against(project: Project, ref: str, category: str = "all", fmt: str = "text", *, semver: bool = True) -> int:
    """Compare every catalog of `project` with its version at git revision `ref`; returns the exit code.

    Returns 0 (nothing to stop a release), 1 (findings that are errors printed) or 2 (invalid input).
    """
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.evolution import judge, pairs_against
    from errgen.workflow.sources import SourceError

    diags = Diagnostics()
    try:
        found: Against = pairs_against(project, ref, diags)
    except SourceError as exc:
        click.echo(f"errgen: {exc}", err=True)
        return 2
    for display in found.new:
        click.echo(f"errgen: {display} is new since {ref}; nothing to compare", err=True)
    _print_diags(diags)
    if diags.has_errors:
        click.echo("errgen: cannot compare invalid catalogs", err=True)
        return 2
    findings = [f for pair in found.pairs for f in judge(pair, category=category, semver=semver)] + found.removed
    return _finish(findings, category, fmt)
