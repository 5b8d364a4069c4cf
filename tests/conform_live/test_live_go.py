"""The Go example server (official Go SDK, generated Go errors) passes the generated workbook pack live."""

from __future__ import annotations

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
    assert result.stdout.strip().endswith("4 passed, 0 failed, 0 skipped"), result.stdout


def test_a_witness_sent_to_a_tool_that_succeeds_fails_the_run(server: str) -> None:
    """The live check is real: `units` answers the invalid_input witness with a success."""
    result = run_errgen(
        "conform", str(WORKBOOK_PACK), "--server", server, "--param", "invalid_input_witness_tool=units",
        "--timeout", "60",
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    assert "3 passed, 1 failed, 0 skipped" in result.stdout, result.stdout
