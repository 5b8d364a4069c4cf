"""``errgen changelog``: Keep-a-Changelog entries for a catalog's changes, printed or written into its changelog."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from errgen.cli.commands.common import CONTEXT, fail, project
from errgen.cli.commands.diff import _pair, comparison_options

if TYPE_CHECKING:
    from errgen.workflow.evolution import Pair


@click.command("changelog", context_settings=CONTEXT)
@comparison_options
@click.option("--write", is_flag=True, help="Add the entries to the changelog file instead of printing them.")
@click.option(
    "--date", metavar="YYYY-MM-DD", help="The release date in the section's heading.  [default: today (UTC)]"
)
def command(
    sources: tuple[str, ...], against: str | None, old_identity: str | None, changelog: str | None, write: bool,
    date: str | None,
) -> None:  # fmt: skip
    """Write Keep-a-Changelog entries for the changes from OLD to NEW (or since --against GIT_REF).

    The entries go under the new catalog.version (`## [2.0.0] - date`; `[Unreleased]` while the
    version is unchanged), grouped into Added, Changed, Deprecated and Removed; a breaking change
    is marked **Breaking:** and every entry ends with its key (`kind-changed:too_large`), which is
    what `errgen diff` looks for to accept a recorded break. With --write the file
    (`<catalog>.changes.md` beside NEW, or --changelog) gets the entries its section lacks; it is
    created with a Keep-a-Changelog header when missing.
    """
    when = date or datetime.datetime.now(datetime.UTC).date().isoformat()
    try:
        datetime.date.fromisoformat(when)
    except ValueError:
        raise click.BadParameter(f"{when!r} is not a date such as 2025-06-01", param_hint="--date") from None
    if against:
        from errgen.catalog.diagnostics import Diagnostics
        from errgen.workflow.evolution import pairs_against
        from errgen.workflow.sources import SourceError

        diags = Diagnostics()
        try:
            pairs: list[Pair] = pairs_against(project(sources)[0], against, diags).pairs
        except SourceError as exc:
            fail(str(exc))
        for diagnostic in diags.sorted():
            click.echo(diagnostic.format(), err=True)
        if diags.has_errors:
            fail("cannot compare invalid catalogs")
    else:
        pairs = [_pair(sources, old_identity, changelog)]
    for pair in pairs:
        _one(pair, when, write=write)
    sys.exit(0)


def _one(pair: Pair, date: str, *, write: bool) -> None:
    from errgen.workflow import changes
    from errgen.workflow.evolution import judge

    findings = [f for f in judge(pair, semver=False) if "version" not in f.categories]
    version = pair.new.catalog.version if pair.new.catalog.version != pair.old.catalog.version else "Unreleased"
    if not write:
        if findings:
            click.echo(changes.section(version, date, findings))
        click.echo(f"errgen changelog: {pair.changelog}: {len(findings)} entries under [{version}]", err=True)
        return
    if pair.changelog_path is None:
        fail(f"cannot write {pair.changelog}: it is not a file in the work tree (give --changelog FILE)")
    text = changes.merge(pair.changelog_text, pair.new.catalog.name, version, date, findings)
    if text == pair.changelog_text:
        click.echo(f"errgen changelog: {pair.changelog} already records every change under [{version}]", err=True)
        return
    changes.write(Path(pair.changelog_path), text)
    click.echo(f"errgen changelog: wrote {len(findings)} entries under [{version}] to {pair.changelog}", err=True)
