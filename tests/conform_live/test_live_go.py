"""The Go example server (official Go SDK, generated Go errors) passes the generated workbook pack live."""

from __future__ import annotations

import json
import shlex

import pytest
from conftest import run_errgen
from go import harness

from .support import WORKBOOK_PACK

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server() -> str:
    return shlex.quote(str(harness.example_binary()))


def test_go_sdk_server_passes_the_generated_pack(server: str) -> None:
    result = run_errgen("conform", str(WORKBOOK_PACK), "--server", server, "--timeout", "60")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 tool(s) listed" in result.stdout
    assert result.stdout.strip().endswith("6 passed, 0 failed, 0 skipped"), result.stdout  # 4 codes, 2 tools


def test_a_witness_sent_to_the_wrong_tool_fails_the_run(server: str) -> None:
    """The live check is real: `units` answers the missing_field witness with another code (the adapter reports
    its argument `quantity` as unknown to `units`: invalid_input)."""
    result = run_errgen(
        "conform", str(WORKBOOK_PACK), "--server", server, "--param", "missing_field_witness_tool=units",
        "--timeout", "60",
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    assert "5 passed, 1 failed, 0 skipped" in result.stdout, result.stdout


def test_the_go_sdk_cannot_say_is_error_false_so_idempotency_fails_on_success(server: str) -> None:
    """wallfacer's mcp-spec-conformance extends `idempotency`, whose envelope_is_stable wants a boolean `isError`
    on every result of an idempotentHint tool. The Go SDK's `CallToolResult.IsError` is `omitempty`: a success
    never carries `isError: false`, so exactly the success-returning tool fails it (docs/go-target.md); errors
    (`compute` called with `{}`) and every other invariant pass."""
    from conftest import need_shared

    pack = need_shared("wallfacer-packs", "mcp-spec-conformance.yaml")
    result = run_errgen("conform", str(pack), "--server", server, "--timeout", "60", "--cases", "3", "--format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    report = json.loads(result.stdout)
    failed = {r["name"]: r["finding"]["message"] for r in report["results"] if r["status"] == "failed"}
    assert failed == {
        "idempotency.envelope_is_stable.units": "path `$.response.isError` did not resolve to any value",
    }, failed
    assert report["summary"] == {"passed": 11, "failed": 1, "skipped": 0}
