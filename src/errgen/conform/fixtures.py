"""Evaluate a pack's `test_fixtures` offline (wallfacer `pack test`).

Invariants and `for_each_tool` blocks (synthesised for tool `__pack_test__`, `where`
ignored, no `$.tool`) evaluate against `{input: fixture.input ?? fixed ?? {}, response}`.
Sequences get one response per step; a count mismatch or an unresolvable
`{{steps.*}}` is structural, any step failure (even a missing path) is an observed fail.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TypeVar, cast

from errgen.conform import model as m
from errgen.conform.assertions import Verdict, context, evaluate
from errgen.conform.jsonvalue import Json
from errgen.conform.steps import StepContext, SubstitutionError

PACK_TEST_TOOL = "__pack_test__"
T = TypeVar("T")


@dataclass(frozen=True)
class FixtureResult:
    """One evaluated fixture."""

    pack: str
    invariant: str
    fixture: str
    expected: m.Expect
    observed: Verdict
    detail: str = ""

    @property
    def matched(self) -> bool:
        """Whether the observed outcome is the expected one (structural never matches)."""
        return self.observed.value == self.expected.value


def run_pack(pack: m.Pack) -> list[FixtureResult]:
    """Evaluate every fixture of invariants, then for_each_tool blocks, then sequences."""
    label = pack.file.name
    invariants = [*pack.invariants, *(synthesize(block, PACK_TEST_TOOL) for block in pack.for_each_tool)]
    results = [
        FixtureResult(label, inv.name, fx.name, fx.expect, *invariant_fixture(inv, fx))
        for inv in invariants
        for fx in inv.body.fixtures
    ]
    results += [
        FixtureResult(label, seq.name, fx.name, fx.expect, *sequence_fixture(seq, fx))
        for seq in pack.sequences
        for fx in seq.fixtures
    ]
    return results


def invariant_fixture(invariant: m.Invariant, fixture: m.Fixture) -> tuple[Verdict, str]:
    """Evaluate one invariant fixture (wallfacer `evaluate_fixture`)."""
    fixed: Json = dict(invariant.body.fixed or {})
    input_ = fixture.input if fixture.input is not None else fixed
    outcome = evaluate(invariant.body.assertions, context(input_, fixture.response))
    return outcome.verdict, outcome.detail or "all assertions held"


def synthesize(block: m.ForEachTool, tool: str) -> m.Invariant:
    """Make a concrete invariant from a for_each_tool block, `{{tool_name}}` → `tool`."""
    return m.Invariant(name=_with_tool(block.name, tool), tool=tool, body=_with_tool(block.apply, tool))


def _with_tool(value: T, tool: str) -> T:
    """Replace `{{tool_name}}` in every string (and key) of an IR subtree (the pack loader spells it so)."""
    result: object = value
    if isinstance(value, str):
        result = value.replace("{{tool_name}}", tool)
    elif isinstance(value, list | tuple):
        result = type(value)(_with_tool(item, tool) for item in value)
    elif isinstance(value, dict):
        result = {_with_tool(k, tool): _with_tool(v, tool) for k, v in value.items()}
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _with_tool(getattr(value, f.name), tool) for f in dataclasses.fields(value)}
        result = dataclasses.replace(value, **changes)
    return cast(T, result)


def sequence_fixture(sequence: m.Sequence, fixture: m.SequenceFixture) -> tuple[Verdict, str]:
    """Evaluate one sequence fixture (wallfacer `evaluate_sequence_fixture`)."""
    if len(fixture.responses) != len(sequence.steps):
        count = f"fixture provides {len(fixture.responses)} responses but sequence has {len(sequence.steps)} steps"
        return Verdict.STRUCTURAL, count
    steps = StepContext()
    for index, (step, response) in enumerate(zip(sequence.steps, fixture.responses, strict=True)):
        try:
            input_ = steps.substitute(dict(step.with_ or {}))
        except SubstitutionError as exc:
            return Verdict.STRUCTURAL, f"could not substitute step references in step {index}: {exc}"
        mismatch = step_outcome_mismatch(response, step.expect)
        if mismatch:
            return Verdict.FAIL, f"step {index}: outcome mismatch: {mismatch}"
        outcome = evaluate(step.assertions, context(input_, response))
        if outcome.verdict is not Verdict.PASS:
            return Verdict.FAIL, f"step {index}: assertion failed: {outcome.detail}"
        if step.bind is not None:
            steps.bind(step.bind, input_, response)
    return Verdict.PASS, "all steps passed"


def step_outcome_mismatch(response: Json, expect: str) -> str | None:
    """Check a step's `expect` (only a boolean `isError: true` counts as an error)."""
    is_error = isinstance(response, dict) and response.get("isError") is True
    if expect == "ok" and is_error:
        return "expected ok, observed isError=true"
    if expect == "error" and not is_error:
        return "expected isError=true, observed ok response"
    return None
