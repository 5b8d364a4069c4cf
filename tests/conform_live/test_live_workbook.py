"""End to end: the generated workbook pack, live against the example server and its broken variant."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import anyio
import pytest

from errgen.conform.extends import Composed
from errgen.conform.live import Settings, run_live
from errgen.conform.live_conn import Target
from errgen.conform.live_report import LiveReport, Status
from errgen.conform.model import Pack
from errgen.conform.pack import load_pack

from .support import (
    BROKEN_SERVER,
    EXAMPLE_SERVER,
    ROOT,
    WORKBOOK_PACK,
    compile_file,
    composed,
    example_over_http,
    pack_text,
    python_command,
    shared_packs,
)

pytestmark = pytest.mark.slow
CODES = ("invalid_input", "missing_field", "unsupported_option", "strict_constant_override")
TOOLS = ("compute", "units")  # catalog/workbook.yaml's tools: one invariant each, after the codes'
EVERY = (*CODES, *(f"tool:{tool}" for tool in TOOLS))


def load(path: Path, **params: str) -> Pack:
    loaded = load_pack(path, params)
    assert loaded.pack is not None, [str(e) for e in loaded.errors]
    return loaded.pack


def run(packs: Sequence[Composed | Pack], target: Target, cases: int = 3) -> LiveReport:
    return anyio.run(run_live, packs, target, Settings(timeout=20, cases=cases))


def statuses(report: LiveReport) -> dict[str, str]:
    return {r.name: r.status.value for r in report.results}


def test_committed_workbook_pack_is_current() -> None:
    catalog = compile_file(ROOT / "catalog" / "workbook.yaml")
    assert WORKBOOK_PACK.read_text(encoding="utf-8") == pack_text(catalog)


@pytest.fixture(scope="module")
def good() -> LiveReport:
    """The generated pack against the example server."""
    return run([load(WORKBOOK_PACK)], Target(command=(sys.executable, str(EXAMPLE_SERVER))))


@pytest.fixture(scope="module")
def redirected() -> LiveReport:
    """The generated pack with a witness sent elsewhere (a run of its own: a run runs each invariant name once)."""
    pack = load(WORKBOOK_PACK, missing_field_witness_tool="not_a_tool")
    return run([pack], Target(command=(sys.executable, str(EXAMPLE_SERVER))))


@pytest.fixture(scope="module")
def shared() -> LiveReport:
    """wallfacer's own packs (../shared; mcp-spec-conformance with the idempotency pack it extends)."""
    packs = [
        composed(shared_packs() / "mcp-spec-conformance.yaml"),
        composed(shared_packs() / "error-shape.yaml", error_witness_tool="compute"),
    ]
    return run(packs, Target(command=(sys.executable, str(EXAMPLE_SERVER))))


def test_generated_pack_passes_against_the_example_server(good: LiveReport) -> None:
    assert good.tools == ["compute", "units"]
    generated = [r for r in good.results[:4] if r.pack == "errgen-workbook"]
    assert [(r.name, r.status, r.cases) for r in generated] == [
        (f"errgen.workbook.{code}", Status.PASSED, 1) for code in CODES
    ]


def test_shared_packs_pass_against_the_example_server(shared: LiveReport) -> None:
    """12 invariants of mcp-spec-conformance (4 blocks of its own, 2 of idempotency, x 2 tools) + error-shape's 3."""
    found = {r.name: r.status.value for r in shared.results}
    assert found.pop("error.unknown_tool_returns_envelope_not_panic") == "skipped"
    assert {name for name in found if name.startswith("idempotency.")} == {
        f"idempotency.{check}.{tool}"
        for check in ("envelope_is_stable", "structured_content_is_object")
        for tool in ("compute", "units")
    }
    assert len(found) == 15 and set(found.values()) == {"passed"}, found


def test_an_unlisted_witness_tool_is_skipped_not_passed(redirected: LiveReport) -> None:
    results = redirected.results
    assert [r.status for r in results] == [Status.PASSED, Status.SKIPPED, *[Status.PASSED] * 4]
    assert (results[1].skip, results[1].reason) == (
        "witness-not-listed",
        "no witness tool: 'not_a_tool' is not listed by the server "
        "(choose a listed tool with --param missing_field_witness_tool=TOOL)",
    )
    assert redirected.summary_line() == "5 passed, 0 failed, 1 skipped"


def test_a_run_runs_each_invariant_name_once_as_wallfacer_does(good: LiveReport) -> None:
    """wallfacer's `property` composes packs by invariant name, the first one met wins: so does errgen."""
    twice = run([load(WORKBOOK_PACK), load(WORKBOOK_PACK, missing_field_witness_tool="not_a_tool")],
                Target(command=(sys.executable, str(EXAMPLE_SERVER))))  # fmt: skip
    assert [(r.name, r.status) for r in twice.results] == [(r.name, r.status) for r in good.results]


def test_each_fault_of_the_broken_server_is_reported_under_its_invariant() -> None:
    report = run([load(WORKBOOK_PACK)], Target(command=(sys.executable, str(BROKEN_SERVER))))
    results = {r.name.rsplit(".", 1)[1]: r for r in report.results}
    assert {code: r.status for code, r in results.items()} == {
        "invalid_input": Status.FAILED,
        "missing_field": Status.FAILED,
        "unsupported_option": Status.FAILED,
        "strict_constant_override": Status.PASSED,
        "tool:compute": Status.PASSED,  # schema-valid inputs: successes (and codes compute may return)
        "tool:units": Status.PASSED,
    }
    wrong_is_error, leak, missing = (results[c].finding for c in CODES[:3])
    assert wrong_is_error is not None and wrong_is_error.assertion == "1 (matches_schema $.response)"
    assert "/isError" in wrong_is_error.message  # isError false at the top and in the payload (pmcp reads either)
    assert leak is not None and leak.assertion == "2 (not matches_regex $.response.content[0].text)"
    assert "'/home/deploy'" in leak.message
    assert missing is not None and missing.assertion == "1 (matches_schema $.response)"
    assert '"allowed" is a required property at /structuredContent' in missing.message


def test_cli_json_report_and_exit_code() -> None:
    from conftest import run_errgen

    result = run_errgen(
        "conform", str(WORKBOOK_PACK), "--server", python_command(BROKEN_SERVER), "--format", "json", "--timeout", "20"
    )
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"target", "client", "tools", "results", "server_stderr", "skips", "outcome", "summary"}
    assert data["summary"] == {"passed": 3, "failed": 3, "skipped": 0}
    assert data["outcome"] == {"exit_code": 1, "reason": "3 invariant(s) failed"}
    assert data["skips"] == [] and data["client"].startswith("mcp 2.")
    failed = {r["name"]: r["finding"]["assertion"] for r in data["results"] if r["status"] == "failed"}
    assert failed == {
        "errgen.workbook.invalid_input": "1 (matches_schema $.response)",
        "errgen.workbook.missing_field": "2 (not matches_regex $.response.content[0].text)",
        "errgen.workbook.unsupported_option": "1 (matches_schema $.response)",
    }
    first = data["results"][0]
    assert first["tool"] == "compute" and first["finding"]["input"] == {"unit": "stone", "quantity": 1}
    assert first["finding"]["response"]["isError"] is False


@pytest.fixture
def http_server() -> Iterator[str]:
    with example_over_http() as url:
        yield url


def test_generated_pack_passes_over_streamable_http(http_server: str) -> None:
    report = run([load(WORKBOOK_PACK)], Target(url=http_server))
    assert report.target == f"{http_server} (streamable HTTP)"
    assert statuses(report) == {f"errgen.workbook.{name}": "passed" for name in EVERY}
