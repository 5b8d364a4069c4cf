"""The SDK adapters end to end: every example server built on them, every official client, the real wallfacer.

The servers use only the generated adapters (docs/adapters-*.md): Python on `MCPServer` (mcp 2.x) and on
`FastMCP` (mcp 1.x, the same file in a venv of the 1.x line), TypeScript on SDK 2.x and 1.x, Go on
go-sdk, Rust on rmcp. Each is built once (the TypeScript project and the Go binary into the test cache,
the Rust binary into the Rust tests' target folder) and shared by the tests below:

* the official clients (the Python client of either line, the TypeScript SDK 1.x and 2.x clients, pinned
  in tests/ts/package-lock.json) call every case of `clients/calls.json` on every server: each error parses
  through the generated parser to the expected code and repair fields (an argument failure sent by the
  client comes back as a repair payload), each success to its data, and no client throws (the TypeScript
  SDK 1.x client validates `structuredContent` against the listed `outputSchema` even when `isError` is
  true: the widened schema is what keeps it from throwing);
* `errgen conform` with the generated pack passes against every server;
* the real wallfacer (0.8.1) finds nothing with errgen's pack and its own `error-shape` pack (embedded in it).
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conform import wallfacer
from conftest import run_errgen

from .support import ROOT, WORKBOOK_PACK
from .test_sdk_v1 import Venv, venv  # noqa: F401 (the mcp 1.x venv fixture)

pytestmark = pytest.mark.slow
CLIENTS_DIR = Path(__file__).resolve().parent / "clients"
CALLS = json.loads((CLIENTS_DIR / "calls.json").read_text(encoding="utf-8"))
PYTHON_SERVER = ROOT / "examples" / "workbook_mcpserver" / "server.py"


def ts_server(line: str) -> Callable[[Venv], list[str]]:
    def command(_: Venv) -> list[str]:
        from ts import harness

        return harness.example_server(line)

    return command


def go_server(_: Venv) -> list[str]:
    from go import harness

    return [str(harness.example_binary())]


def rust_server(_: Venv) -> list[str]:
    from rust import harness

    example = ROOT / "examples" / "rust_workbook_server"
    done = harness.locked([harness.cargo(), "build", "--quiet"], cwd=example)
    assert done.returncode == 0, done.stderr[-4000:]
    return [str(harness.target_dir() / "debug" / "workbook-server")]


SERVERS: dict[str, Callable[[Venv], list[str]]] = {
    "python": lambda _: [sys.executable, str(PYTHON_SERVER)],
    "python-mcp1": lambda v: [str(v.python), str(PYTHON_SERVER)],
    "typescript": ts_server("2"),
    "typescript-sdk1": ts_server("1"),
    "go": go_server,
    "rust": rust_server,
}


def ts_client(line: str) -> Callable[[Venv], list[str]]:
    def command(_: Venv) -> list[str]:
        from ts import harness

        client = harness.example_project() / "tests" / "conform_live" / "clients" / f"client-v{line}.js"
        return [harness.tool("node"), str(client), str(CLIENTS_DIR / "calls.json")]

    return command


CLIENTS: dict[str, Callable[[Venv], list[str]]] = {
    "python": lambda _: [sys.executable, str(CLIENTS_DIR / "client.py")],
    "python-mcp1": lambda v: [str(v.python), str(CLIENTS_DIR / "client.py")],
    "typescript-sdk1": ts_client("1"),
    "typescript-sdk2": ts_client("2"),
}
_commands: dict[str, list[str]] = {}


def server_command(name: str, env: Venv) -> list[str]:
    """The server's command, built on first use and shared by every test of the module."""
    if name not in _commands:
        _commands[name] = SERVERS[name](env)
    return _commands[name]


@pytest.mark.parametrize("client", list(CLIENTS))
@pytest.mark.parametrize("server", list(SERVERS))
def test_every_client_reads_every_case_through_the_generated_parser(server: str, client: str, venv: Venv) -> None:  # noqa: F811
    command = CLIENTS[client](venv) + server_command(server, venv)
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stdout + done.stderr[-4000:]
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == len(CALLS), done.stdout + done.stderr[-2000:]
    for case, line in zip(CALLS, lines, strict=True):
        where = f"{client} → {server}: {case['tool']} {case['arguments']}"
        assert "threw" not in line, f"{where}: the client threw {line['threw']}"
        if "error" in case:
            assert line["isError"] is True, where
            assert line.get("error") == case["error"], where
        else:
            assert line["isError"] is False, where
            assert {key: line["data"][key] for key in case["data"]} == case["data"], where


@pytest.mark.parametrize("server", list(SERVERS))
def test_errgen_conform_passes_the_generated_pack(server: str, venv: Venv) -> None:  # noqa: F811
    command = shlex.join(server_command(server, venv))
    result = run_errgen("conform", str(WORKBOOK_PACK), "--server", command, "--timeout", "60")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith("6 passed, 0 failed, 0 skipped"), result.stdout  # 4 codes, 2 tools


@pytest.mark.parametrize("server", list(SERVERS))
def test_wallfacer_finds_nothing_with_errgens_pack_and_its_error_shape_pack(
    server: str, venv: Venv, tmp_path: Path  # noqa: F811
) -> None:
    command = server_command(server, venv)
    config = f'[target]\nkind = "stdio"\ncommand = {json.dumps(command[0])}\nargs = {json.dumps(command[1:])}\n'
    (tmp_path / "wallfacer.toml").write_text(config + "timeout_ms = 60000\n", encoding="utf-8")
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / WORKBOOK_PACK.name).write_bytes(WORKBOOK_PACK.read_bytes())
    for pack, params in (("errgen-workbook", []), ("error-shape", ["--param=error_witness_tool=compute"])):
        args = ["property", "--pack", pack, "--cases", "3", "--seed", "1", "--format", "json", *params]
        done = wallfacer.run(args, tmp_path)
        assert done.returncode == 0, f"{pack}: {done.stdout[-3000:]}{done.stderr[-3000:]}"
        report = json.loads(done.stdout)
        assert report["findings"] == [], (pack, report["findings"])
        skipped = {entry["reason"].split("`")[1] for entry in report.get("skipped", [])}
        assert skipped <= {"error.unknown_tool_returns_envelope_not_panic"}, (pack, skipped)  # always skipped live
