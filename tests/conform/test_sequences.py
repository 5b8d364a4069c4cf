"""Sequence fixtures: one response per step, step binding, structural vs observed failures."""

from __future__ import annotations

import pytest

from errgen.conform.fixtures import run_pack
from errgen.conform.pack import load_pack
from errgen.conform.steps import StepContext, SubstitutionError

from .helpers import PACKS, valid_pack


def test_sequence_pack_fixtures_all_match() -> None:
    pack = load_pack(PACKS / "sequence.yaml", {}).pack
    assert pack is not None
    results = run_pack(pack)
    assert len(results) == 7
    assert [(r.fixture, r.observed.value) for r in results if not r.matched] == []
    observed = {r.fixture: r.observed.value for r in results}
    assert observed["fails when the step path is missing"] == "fail"  # not structural, unlike invariants


def test_failure_detail_names_the_step() -> None:
    pack = load_pack(PACKS / "sequence.yaml", {}).pack
    assert pack is not None
    by_name = {r.fixture: r.detail for r in run_pack(pack)}
    assert by_name["fails when a default-ok step reports isError"] == (
        "step 0: outcome mismatch: expected ok, observed isError=true"
    )
    assert by_name["fails when read returns another id"].startswith("step 1: assertion failed: expected 7 to equal 8")


def test_count_mismatch_and_unbound_reference_are_structural() -> None:
    pack = load_pack(PACKS / "mismatch.yaml", {}).pack
    assert pack is not None
    results = {r.fixture: r for r in run_pack(pack) if r.invariant == "two.steps"}
    assert results["one response for two steps"].observed.value == "structural"
    assert results["one response for two steps"].detail == "fixture provides 1 responses but sequence has 2 steps"
    assert results["unbound step reference"].observed.value == "structural"


def test_missing_path_in_a_binding_is_structural() -> None:
    pack = valid_pack(
        """
        version: 3
        invariants: []
        sequences:
          - name: s
            steps:
              - { call: a, bind: first }
              - { call: b, with: { id: "{{steps.first.response.id}}" } }
            test_fixtures:
              - { name: no id, responses: [{}, {}], expect: fail }
        """
    )
    result = run_pack(pack)[0]
    assert (result.observed.value, result.matched) == ("structural", False)


def test_single_placeholder_keeps_json_type() -> None:
    steps = StepContext()
    steps.bind("login", {"user": "u"}, {"structuredContent": {"id": 42, "tags": ["a"]}})
    assert steps.substitute({"id": "{{ steps.login.response.structuredContent.id }}"}) == {"id": 42}
    assert steps.substitute(["{{steps.login.response.structuredContent.tags}}"]) == [["a"]]
    assert steps.substitute("Bearer {{steps.login.input.user}}-{{steps.login.response.structuredContent.tags}}") == (
        'Bearer u-["a"]'
    )
    assert steps.substitute("{{steps.login}}") == {
        "input": {"user": "u"},
        "response": {"structuredContent": {"id": 42, "tags": ["a"]}},
    }


@pytest.mark.parametrize(
    "text",
    ["{{steps.nope.response}}", "{{other.x}}", "x {{steps.login.response", "{{steps.login.response.missing}}"],
)
def test_unresolvable_placeholders(text: str) -> None:
    steps = StepContext()
    steps.bind("login", {}, {})
    with pytest.raises(SubstitutionError):
        steps.substitute(text)
