"""Entry point for `errgen conform --fixtures PACK... [--param k=v]`.

Only the standard library is imported at module level, so the CLI can import
`run_fixtures` cheaply; the evaluator (YAML, JSONPath, JSON Schema) loads on first call.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from errgen.conform.fixtures import FixtureResult

EXIT_OK, EXIT_MISMATCH, EXIT_INVALID = 0, 1, 2


def parse_param(raw: str) -> tuple[str, str]:
    """Split a `--param key=value` like wallfacer (first `=`, key trimmed, value kept).

    Raises:
        ValueError: when `raw` has no `=`.
    """
    key, sep, value = raw.partition("=")
    if not sep:
        raise ValueError(f"invalid `--param`: expected `key=value`, got `{raw}`")
    return key.strip(), value


def run_fixtures(
    paths: list[Path], params: Mapping[str, str], *, workspace: Path | None = None, output: str = "human",
    on_results: Callable[[list[FixtureResult]], None] | None = None,
) -> int:  # fmt: skip
    """Evaluate every `test_fixtures` entry of the given packs, as `wallfacer pack test` does.

    Pack errors and warnings go to stderr as `file:line:col: level: message`. A pack's
    `extends` is not followed (`wallfacer pack test` does not follow it either): a note says
    so, and an extended pack that a live run could not find is a warning. Human output: one
    line per fixture whose observed outcome (pass / fail / structural) differs from its
    `expect`, then `N passed, M failed`; JSON output (`output="json"`): every fixture with
    its expected and observed outcome, and the counts. `params` override declared pack
    parameters (an override a pack does not declare is an error for that pack, as in wallfacer);
    `workspace` is where `extends` looks first (default: `extends.find_workspace` of the current folder);
    `on_results` receives every evaluated fixture (``errgen conform --junit`` writes its report from them).

    Returns:
        0 if every fixture matched, 1 if any did not, 2 if any pack file is invalid.
    """
    from errgen.conform import report
    from errgen.conform.extends import compose, find_workspace
    from errgen.conform.fixtures import run_pack
    from errgen.conform.pack import load_pack

    workspace = find_workspace(Path.cwd()) if workspace is None else workspace
    results: list[FixtureResult] = []
    invalid = False
    for path in paths:
        loaded = load_pack(path, params)
        for problem in (*loaded.errors, *loaded.warnings):
            print(problem, file=sys.stderr)
        if loaded.pack is None:
            invalid = True
            continue
        extends = loaded.pack.metadata.extends if loaded.pack.metadata else ()
        if extends:
            names = ", ".join(extends)
            print(f"note: {path} extends {names}: their fixtures are not evaluated here (as `wallfacer pack test`); "
                  "live runs include their invariants", file=sys.stderr)  # fmt: skip
            for problem in compose(loaded.pack, params, workspace).errors:
                print(problem.as_warning(), file=sys.stderr)
        pack_results = run_pack(loaded.pack)
        if not pack_results:
            print(f"note: {path} has no test_fixtures", file=sys.stderr)
        results += pack_results
    if on_results is not None:
        on_results(results)
    if output == "json":
        print(report.to_json(results))
    else:
        for line in report.mismatch_lines(results):
            print(line)
        print(report.summary_line(results))
    if invalid:
        return EXIT_INVALID
    return EXIT_OK if all(result.matched for result in results) else EXIT_MISMATCH
