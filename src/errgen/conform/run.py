"""Entry point for `errgen conform --fixtures PACK... [--param k=v]`.

Only the standard library is imported at module level, so the CLI can import
`run_fixtures` cheaply; the evaluator (YAML, JSONPath, JSON Schema) loads on first call.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

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


def run_fixtures(paths: list[Path], params: Mapping[str, str]) -> int:
    """Evaluate every `test_fixtures` entry of the given packs, as `wallfacer pack test` does.

    Pack errors go to stderr as `file:line:col: error: message`; each fixture whose observed
    outcome (pass / fail / structural) differs from its `expect` gets one line on stdout,
    followed by `N passed, M failed`. `params` override declared pack parameters (an
    override a pack does not declare is an error for that pack, as in wallfacer).

    Returns:
        0 if every fixture matched, 1 if any did not, 2 if any pack file is invalid.
    """
    from errgen.conform import report
    from errgen.conform.fixtures import FixtureResult, run_pack
    from errgen.conform.pack import load_pack

    results: list[FixtureResult] = []
    invalid = False
    for path in paths:
        loaded = load_pack(path, params)
        for error in loaded.errors:
            print(error, file=sys.stderr)
        if loaded.pack is None:
            invalid = True
            continue
        pack_results = run_pack(loaded.pack)
        if not pack_results:
            print(f"note: {path} has no test_fixtures", file=sys.stderr)
        results += pack_results
    for line in report.mismatch_lines(results):
        print(line)
    print(report.summary_line(results))
    if invalid:
        return EXIT_INVALID
    return EXIT_OK if all(result.matched for result in results) else EXIT_MISMATCH
