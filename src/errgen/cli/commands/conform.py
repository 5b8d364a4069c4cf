"""``errgen conform``: check wallfacer packs offline (``--fixtures``) or against a live MCP server.

Exit codes: 0 all passed; 1 a fixture mismatched, an invariant failed, nothing was
tested, or an invariant was skipped without ``--allow-skips``; 2 a pack or the command
line is invalid, or a live run lacks the MCP SDK; 130 interrupted (the server and
everything it started are stopped first).
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from errgen.conform.diagnostics import PackError
    from errgen.conform.extends import Composed

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.command(
    "conform",
    context_settings=CONTEXT,
    short_help="Check wallfacer conformance PACKS: evaluate their fixtures, or run them against a server.",
)
@click.argument("packs", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--fixtures",
    "fixtures",
    is_flag=True,
    help="Evaluate the packs' test_fixtures offline, like `wallfacer pack test` (no server).",
)
@click.option(
    "-p",
    "--param",
    "params",
    multiple=True,
    metavar="KEY=VALUE",
    help="Override a parameter the pack declares, e.g. invalid_input_witness_tool=compute (repeatable).",
)
@click.option(
    "--server",
    metavar='"CMD ARGS"',
    help='Start this MCP server and test it over stdio, e.g. --server "python server.py".',
)
@click.option(
    "--url", metavar="URL", help="Test a running MCP server over streamable HTTP, e.g. http://127.0.0.1:8000/mcp."
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=10.0,
    show_default=True,
    help="Seconds to wait for the server to start, initialize and list its tools, and for each tool call; "
    "what takes longer is a failure.",
)
@click.option(
    "--cases",
    type=click.IntRange(min=0),
    default=100,
    show_default=True,
    help="Calls per invariant that does not set `cases` itself (generated packs set 1).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of generated inputs.")
@click.option(
    "--allow-destructive",
    is_flag=True,
    help="Also call tools wallfacer classifies as destructive (annotated destructiveHint: true, or a name or "
    "description word starting with delete, drop, destroy, truncate, kill, wipe, purge or reset), which are "
    "skipped by default; a tool annotated readOnlyHint: true is never destructive.",
)
@click.option(
    "--allow-skips",
    is_flag=True,
    help="Exit 0 although invariants were skipped (tool not listed, destructive, no input); "
    "a run that tested nothing still fails.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["human", "json"]),
    default="human",
    show_default=True,
    help="Output: text for people, or one JSON document (every fixture with --fixtures; every invariant live).",
)
@click.option(
    "--junit",
    "junit_file",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    help="Also write a JUnit XML report to this file: one test case per invariant (live) or fixture (--fixtures), "
    "for CI test reporters.",
)
@click.option(
    "--workspace",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="Folder whose packs/ holds the packs that `extends` names, before wallfacer's embedded ones "
    "[default: the folder of the nearest wallfacer.toml, else the current folder].",
)
def command(
    *, packs: tuple[Path, ...], fixtures: bool, params: tuple[str, ...], server: str | None, url: str | None,
    timeout: float, cases: int, seed: int, allow_destructive: bool, allow_skips: bool, output_format: str,
    junit_file: Path | None, workspace: Path | None,
) -> None:  # fmt: skip
    """Check wallfacer conformance PACKS (e.g. generated/<catalog>/packs/errgen-<catalog>.yaml).

    With --fixtures, evaluate every test fixture offline, as `wallfacer pack test` does (a
    pack's `extends` is not followed there). With --server or --url, run every invariant
    against the server, with those of the packs a pack `extends` (found in the workspace's
    packs/, then among wallfacer's embedded packs), and print one line per invariant, closing
    with `N passed, M failed, K skipped`. An invariant whose tool the server does not list is
    skipped, and a skip fails the run (exit 1) unless --allow-skips. Live runs need the MCP
    SDK: pip install "errgen[conform]".
    """
    from errgen.conform.extends import find_workspace
    from errgen.conform.run import parse_param

    overrides: dict[str, str] = {}
    for raw in params:
        try:
            key, value = parse_param(raw)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--param") from exc
        overrides[key] = value
    chosen = (("--fixtures", fixtures), ("--server", server is not None), ("--url", url is not None))
    modes = [name for name, present in chosen if present]
    if len(modes) != 1:
        got = f" (got {', '.join(modes)})" if modes else ""
        raise click.UsageError(f"give exactly one of --fixtures, --server or --url{got}")
    root = workspace if workspace is not None else find_workspace(Path.cwd())
    if fixtures:
        from errgen.conform.run import run_fixtures

        written = None if junit_file is None else lambda results: _write_junit(junit_file, _fixture_cases(results))
        sys.exit(run_fixtures(list(packs), overrides, workspace=root, output=output_format, on_results=written))
    _live(packs, overrides, server=server, url=url, options={
        "timeout": timeout, "cases": cases, "seed": seed, "allow_destructive": allow_destructive,
        "allow_skips": allow_skips,
    }, output_format=output_format, workspace=root, junit_file=junit_file)  # fmt: skip


def _fixture_cases(results: list[Any]) -> list[Any]:
    """One JUnit test case per fixture of `errgen conform --fixtures` (a mismatch fails)."""
    from errgen.workflow.report import JUnitCase

    return [
        JUnitCase(
            suite=r.pack,
            name=f"{r.invariant} / {r.fixture}",
            outcome="passed" if r.matched else "failed",
            message="" if r.matched else f"expected {r.expected.value}, observed {r.observed.value}",
            details=r.detail,
        )
        for r in results
    ]


def _live_cases(report: Any) -> list[Any]:
    """One JUnit test case per invariant of a live run, its finding as the failure."""
    from errgen.conform.live_report import result_lines
    from errgen.workflow.report import JUnitCase

    cases = []
    for r in report.results:
        name = r.name + (f" [{r.tool}]" if r.tool else "")
        message = r.reason if r.status.value == "skipped" else (r.finding.message if r.finding else "")
        message = message if len(message) <= 200 else message[:199] + "…"  # the one-line summary; details: all
        details = "\n".join(line.strip() for line in result_lines(r)[1:]) if r.status.value == "failed" else ""
        cases.append(JUnitCase(suite=r.pack, name=name, outcome=r.status.value, message=message, details=details))
    return cases


def _write_junit(path: Path, cases: list[Any]) -> None:
    """Write the JUnit report atomically (a temporary file beside it, then renamed over it)."""
    import os
    import tempfile

    from errgen.workflow.report import junit

    text = junit(cases, "errgen conform")
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _stop_like_ctrl_c(terminated: list[int], number: int) -> None:
    """SIGTERM (a CI job cancelled, `kill`): stop the server and everything it started, as Ctrl-C does."""
    terminated.append(number)
    raise KeyboardInterrupt


def _live(
    packs: tuple[Path, ...], overrides: dict[str, str], *, server: str | None, url: str | None,
    options: dict[str, Any], output_format: str, workspace: Path, junit_file: Path | None = None,
) -> None:  # fmt: skip
    from errgen.conform.live_sdk import SDKMissing, load

    try:
        sdk = load()
    except SDKMissing as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    import anyio  # the SDK's dependency, like everything a live run imports from here on

    from errgen.conform.live import Settings, run_live
    from errgen.conform.live_conn import Target
    from errgen.conform.live_report import to_json, to_text
    from errgen.conform.live_stdio import kill_all

    valid, problems = _compose_all(packs, overrides, workspace)
    errors = [problem for problem in problems if problem.level == "error"]
    for problem in problems:
        click.echo(str(problem), err=True)
    if errors:
        click.echo(f"errgen conform: {len(errors)} pack error(s); nothing was run", err=True)
        sys.exit(2)
    try:
        target = Target.stdio(server) if server is not None else Target(url=url)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--server") from exc
    terminated: list[int] = []
    previous = signal.signal(signal.SIGTERM, lambda number, _frame: _stop_like_ctrl_c(terminated, number))
    try:
        report = anyio.run(run_live, valid, target, Settings(**options), sdk)
    except KeyboardInterrupt:
        kill_all()
        click.echo("errgen conform: interrupted; the server was stopped", err=True)
        sys.exit(128 + terminated[0] if terminated else 130)
    finally:
        signal.signal(signal.SIGTERM, previous)
    if junit_file is not None:
        _write_junit(junit_file, _live_cases(report))
    click.echo(to_json(report) if output_format == "json" else to_text(report), nl=output_format == "json")
    sys.exit(report.exit_code())


def _compose_all(
    packs: tuple[Path, ...], overrides: dict[str, str], workspace: Path
) -> tuple[list[Composed], list[PackError]]:
    """Load each pack and the packs it extends; the composed packs and every error and warning."""
    from errgen.conform.extends import compose
    from errgen.conform.pack import load_pack

    composed: list[Composed] = []
    problems: list[PackError] = []
    for path in packs:
        loaded = load_pack(path, overrides)
        problems += [*loaded.errors, *loaded.warnings]
        if loaded.pack is not None:
            resolution = compose(loaded.pack, overrides, workspace)
            problems += [*resolution.errors, *resolution.warnings]
            composed += [resolution.composed] if resolution.composed else []
    return composed, problems
