"""The three real wallfacer packs: every fixture must come out as its `expect`."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import need_shared

from errgen.conform.fixtures import run_pack
from errgen.conform.pack import load_pack
from errgen.conform.run import run_fixtures

REAL_PACKS = ("error-shape.yaml", "mcp-spec-conformance.yaml", "rate-limit.yaml")
FIXTURE_COUNTS = {"error-shape.yaml": 8, "mcp-spec-conformance.yaml": 11, "rate-limit.yaml": 8}


def _pack_path(name: str) -> Path:
    return need_shared("wallfacer-packs", name)


@pytest.mark.parametrize("name", REAL_PACKS)
def test_every_fixture_matches_expect(name: str) -> None:
    loaded = load_pack(_pack_path(name), {})
    assert loaded.errors == ()
    assert loaded.pack is not None
    results = run_pack(loaded.pack)
    assert len(results) == FIXTURE_COUNTS[name]
    assert [r for r in results if not r.matched] == []


def test_expected_failures_fail_by_assertion() -> None:
    loaded = load_pack(_pack_path("error-shape.yaml"), {})
    assert loaded.pack is not None
    failing = [r for r in run_pack(loaded.pack) if r.expected.value == "fail"]
    assert failing and {r.observed.value for r in failing} == {"fail"}


def test_run_fixtures_over_the_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    code = run_fixtures([_pack_path(name) for name in REAL_PACKS], {})
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[-1] == "27 passed, 0 failed"


def test_parameter_override_reaches_the_invariant() -> None:
    loaded = load_pack(_pack_path("error-shape.yaml"), {"error_witness_tool": "divide_by"})
    assert loaded.pack is not None
    assert {inv.tool for inv in loaded.pack.invariants} == {"divide_by", "this_tool_does_not_exist"}


def test_for_each_tool_names_are_synthesised() -> None:
    loaded = load_pack(_pack_path("mcp-spec-conformance.yaml"), {})
    assert loaded.pack is not None
    names = {r.invariant for r in run_pack(loaded.pack)}
    assert "mcp-spec.is_error_is_boolean.__pack_test__" in names
