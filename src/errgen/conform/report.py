"""Output of `errgen conform --fixtures`: one line per mismatch and a closing count, or one JSON document."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from errgen.conform.fixtures import FixtureResult


def mismatch_line(result: FixtureResult) -> str:
    """Describe a fixture whose observed outcome differs from its `expect`."""
    detail = f" ({result.detail})" if result.detail else ""
    return (
        f"{result.pack}: {result.invariant} / {result.fixture}: "
        f"expected {result.expected.value}, observed {result.observed.value}{detail}"
    )


def mismatch_lines(results: Iterable[FixtureResult]) -> list[str]:
    """Lines for every mismatch, in evaluation order."""
    return [mismatch_line(result) for result in results if not result.matched]


def summary_line(results: Sequence[FixtureResult]) -> str:
    """`N passed, M failed`: N fixtures observed as expected, M not (structural included)."""
    passed = sum(1 for result in results if result.matched)
    return f"{passed} passed, {len(results) - passed} failed"


def to_json(results: Sequence[FixtureResult]) -> str:
    """Every fixture (pack file, invariant, fixture, expected, observed, detail) and the counts, as JSON."""
    passed = sum(1 for result in results if result.matched)
    fixtures = [
        {
            "pack": r.pack, "invariant": r.invariant, "fixture": r.fixture, "expected": r.expected.value,
            "observed": r.observed.value, "matched": r.matched, "detail": r.detail,
        }
        for r in results
    ]  # fmt: skip
    document = {"fixtures": fixtures, "passed": passed, "failed": len(results) - passed}
    return json.dumps(document, indent=2, ensure_ascii=False)
