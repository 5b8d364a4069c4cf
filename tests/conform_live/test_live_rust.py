"""End to end: the generated workbook pack, live against the Rust example server (rmcp + the generated crate).

`examples/rust_workbook_server` is an MCP server on the official Rust SDK whose tools fail through
`generated/workbook/rust`; cargo builds it once per session (the Rust tests' shared target folder);
`errgen conform --server` runs the generated pack and wallfacer's own packs against it, as for the
Python example (test_live_workbook.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import anyio
import pytest
from rust import harness

from errgen.conform.extends import Composed
from errgen.conform.live import Settings, run_live
from errgen.conform.live_conn import Target
from errgen.conform.live_report import LiveReport
from errgen.conform.model import Pack
from errgen.conform.pack import load_pack

from .support import ROOT, WORKBOOK_PACK, composed, shared_packs

pytestmark = pytest.mark.slow
EXAMPLE = ROOT / "examples" / "rust_workbook_server"
CODES = ("invalid_input", "missing_field", "unsupported_option", "strict_constant_override")


@pytest.fixture(scope="module")
def server() -> Path:
    """The example server's binary, built by cargo."""
    done = harness.locked([harness.cargo(), "build", "--quiet"], cwd=EXAMPLE)
    if done.returncode != 0:
        pytest.fail("cargo build of the Rust example server failed:\n" + done.stderr[-6000:], pytrace=False)
    return harness.target_dir() / "debug" / "workbook-server"


def load(path: Path, **params: str) -> Pack:
    loaded = load_pack(path, params)
    assert loaded.pack is not None, [str(e) for e in loaded.errors]
    return loaded.pack


def run(packs: Sequence[Composed | Pack], server: Path) -> LiveReport:
    return anyio.run(run_live, packs, Target(command=(str(server),)), Settings(timeout=20, cases=3))


def test_generated_pack_passes_against_the_rust_server(server: Path) -> None:
    report = run([load(WORKBOOK_PACK)], server)
    assert report.tools == ["compute", "units"]
    expected = {f"errgen.workbook.{name}": "passed" for name in (*CODES, "tool:compute", "tool:units")}
    assert {r.name: r.status.value for r in report.results} == expected


def test_shared_packs_pass_against_the_rust_server(server: Path) -> None:
    """Including idempotency's envelope_is_stable: the example says `isError: false` on success (rmcp omits it)."""
    packs = [
        composed(shared_packs() / "mcp-spec-conformance.yaml"),
        composed(shared_packs() / "error-shape.yaml", error_witness_tool="compute"),
    ]
    found = {r.name: r.status.value for r in run(packs, server).results}
    assert found.pop("error.unknown_tool_returns_envelope_not_panic") == "skipped"
    assert len(found) == 15 and set(found.values()) == {"passed"}, found


def test_errgen_conform_cli_passes(server: Path) -> None:
    from conftest import run_errgen

    result = run_errgen("conform", str(WORKBOOK_PACK), "--server", str(server), "--timeout", "20")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == "6 passed, 0 failed, 0 skipped"  # 4 codes, 2 tools
