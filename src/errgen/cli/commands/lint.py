"""``errgen lint``: cross-field rules on the catalogs (see `errgen.workflow.lint`)."""

from __future__ import annotations

import sys

import click

from errgen.cli.commands.common import CONTEXT, compile_located, project
from errgen.workflow.report import FORMATS


def _rule_ids() -> list[str]:
    from errgen.workflow.lint import RULES

    return list(RULES)


@click.command("lint", context_settings=CONTEXT)
@click.argument("catalogs", nargs=-1, type=click.Path(dir_okay=False, path_type=str))
@click.option(
    "--disable",
    multiple=True,
    metavar="RULE",
    help="Turn a rule off for this run (repeatable), on top of [tool.errgen.lint] disable.",
)
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too, not only on errors.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True, help="Output format.")
@click.option("--list-rules", is_flag=True, help="Print every rule with its default severity and exit.")
def command(catalogs: tuple[str, ...], disable: tuple[str, ...], strict: bool, fmt: str, list_rules: bool) -> None:
    """Check CATALOGS for contradictions and gaps (exit 1 on an error finding).

    Findings print as `path:line:col: error|warning: message [rule-id]`. Allow a rule where it
    does not apply, with the reason, in the catalog: `lint: {allow: {rule-id: "why"}}` at the top
    level (the whole catalog) or under a code (that code). Turn rules off per run with --disable,
    or in pyproject.toml: `[tool.errgen.lint] disable = [...]` for every catalog,
    `[tool.errgen.lint.<catalog>] disable = [...]` for one.
    """
    import difflib

    from errgen.workflow.lint import RULES, report
    from errgen.workflow.report import counts, plural, render

    if list_rules:
        for rule in RULES.values():
            click.echo(f"{rule.id:32} {rule.severity:8} {rule.summary}")
        return
    for unknown in (r for r in disable if r not in RULES):
        hint = difflib.get_close_matches(unknown, list(RULES), n=1)
        tip = f"did you mean {hint[0]!r}?" if hint else "see --list-rules"
        raise click.BadParameter(f"unknown rule {unknown!r}; {tip}", param_hint="--disable")
    proj, config = project(catalogs)
    sources = compile_located(proj)
    names = {s.catalog.name for s in sources}
    if not catalogs:  # a typo in a table name; linting a chosen file says nothing about the others
        for name in sorted(set(config.lint_catalogs) - names):
            where = proj.display(config.source) if config.source else "pyproject.toml"
            click.echo(f"{where}: warning: [tool.errgen.lint.{name}] names no configured catalog", err=True)
    reports = [report(s, config.lint_for(s.catalog.name), disable=disable) for s in sources]
    findings = [d for r in reports for d in r.findings]
    allowed = sum(len(r.allowed) for r in reports)
    click.echo(render(findings, fmt), nl=False)
    errors, warnings = counts(findings)
    note = f" ({allowed} allowed by lint.allow)" if allowed else ""
    if findings:
        click.echo(f"errgen lint: {plural(errors, 'error')}, {plural(warnings, 'warning')}{note}", err=True)
    else:
        click.echo(f"errgen lint: {plural(len(sources), 'catalog')} clean{note}", err=True)
    if errors or (strict and warnings):
        sys.exit(1)
