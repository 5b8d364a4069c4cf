"""Live, side by side: `wallfacer property` (the real one, 0.8.1) and `errgen conform --server` give the same verdicts.

Each example server (Python SDK, its broken variant, the Go SDK's, rmcp's) is run through the generated
workbook pack, wallfacer's `mcp-spec-conformance` (with the `idempotency` pack it extends) and its
`error-shape` pack, by both tools. wallfacer reports a finding per failed invariant and a line per
skipped one; errgen's JSON report gives every invariant's status. The failed and the skipped invariant
names must be the same.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conform import wallfacer
from conftest import need_shared, run_errgen

from .support import BROKEN_SERVER, EXAMPLE_SERVER, WORKBOOK_PACK

pytestmark = pytest.mark.slow
RUNS = {  # pack (a file, or a name wallfacer finds embedded) → its --param
    "errgen-workbook": {},
    "mcp-spec-conformance": {},
    "error-shape": {"error_witness_tool": "compute"},
}


def go_server() -> list[str]:
    from go import harness

    return [str(harness.example_binary())]


def rust_server() -> list[str]:
    from rust import harness

    example = Path(__file__).parents[2] / "examples" / "rust_workbook_server"
    done = harness.locked([harness.cargo(), "build", "--quiet"], cwd=example)
    assert done.returncode == 0, done.stderr[-4000:]
    return [str(harness.target_dir() / "debug" / "workbook-server")]


SERVERS = {
    "python": lambda: [sys.executable, str(EXAMPLE_SERVER)],
    "python-broken": lambda: [sys.executable, str(BROKEN_SERVER)],
    "go": go_server,
    "rust": rust_server,
}


def wallfacer_verdicts(command: list[str], pack: str, params: dict[str, str], workspace: Path) -> tuple[set, set]:
    """(failed, skipped) invariant names of `wallfacer property --pack PACK` against the server `command`."""
    config = f'[target]\nkind = "stdio"\ncommand = {json.dumps(command[0])}\nargs = {json.dumps(command[1:])}\n'
    (workspace / "wallfacer.toml").write_text(config + "timeout_ms = 60000\n", encoding="utf-8")
    args = ["property", "--pack", pack, "--cases", "3", "--seed", "1", "--format", "json"]
    args += [f"--param={key}={value}" for key, value in params.items()]
    done = wallfacer.run(args, workspace)
    assert done.returncode in (0, 1), done.stderr[-3000:]
    report = json.loads(done.stdout)
    failed = {finding["kind"]["invariant"] for finding in report["findings"]}
    skipped = {entry["reason"].split("`")[1] for entry in report.get("skipped", [])}
    return failed, skipped


def errgen_verdicts(command: list[str], pack: Path, params: dict[str, str]) -> tuple[set, set]:
    """(failed, skipped) invariant names of `errgen conform PACK --server ...`."""
    import shlex

    args = ["conform", str(pack), "--server", shlex.join(command), "--cases", "3", "--timeout", "60"]
    args += [f"--param={key}={value}" for key, value in params.items()] + ["--format", "json"]
    done = run_errgen(*args)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    results = json.loads(done.stdout)["results"]
    return (
        {r["name"] for r in results if r["status"] == "failed"},
        {r["name"] for r in results if r["status"] == "skipped"},
    )


@pytest.mark.parametrize("server", list(SERVERS))
def test_same_verdicts_as_wallfacer_property(server: str, tmp_path: Path) -> None:
    command = SERVERS[server]()
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / WORKBOOK_PACK.name).write_bytes(WORKBOOK_PACK.read_bytes())
    shared = need_shared("wallfacer-packs")
    for pack, params in RUNS.items():
        path = tmp_path / "packs" / f"{pack}.yaml" if pack == "errgen-workbook" else shared / f"{pack}.yaml"
        theirs = wallfacer_verdicts(command, pack, params, tmp_path)
        ours = errgen_verdicts(command, path, params)
        assert ours == theirs, (server, pack)
