"""A live run is trustworthy: skips are not passes, --timeout bounds the connect, and no process outlives errgen."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import run_errgen

from .support import EXAMPLE_SERVER, ROOT, SERVERS, WORKBOOK_PACK, pids, process_state, python_command, shared_packs

pytestmark = pytest.mark.slow
MISBEHAVING = SERVERS / "misbehaving.py"
WORKBOOK_CODES = ("invalid_input", "missing_field", "unsupported_option", "strict_constant_override")

OK = """
version: 3
invariants:
  - name: t.ok
    tool: ok
    fixed: {}
    cases: 1
    assert: [{kind: equals, lhs: {path: $.response.isError}, rhs: {value: true}}]
"""
FAILING = OK.replace("t.ok", "t.wrong").replace("{value: true}", "{value: false}")
HANG = """
version: 3
invariants:
  - {name: f.hang, tool: hang, fixed: {}, cases: 1, assert: []}
  - {name: f.after_hang, tool: ok, fixed: {}, cases: 1, assert: []}
"""
CRASH = """
version: 3
invariants:
  - {name: f.crash, tool: crash, fixed: {}, cases: 1, assert: []}
"""


def conform(pack: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``errgen conform PACK ARGS`` with room for a server's start-up on a loaded machine (a later --timeout wins)."""
    return run_errgen("conform", str(pack), "--timeout", "30", *args)


def write_pack(folder: Path, source: str) -> Path:
    path = folder / "pack.yaml"
    path.write_text(textwrap.dedent(source).lstrip(), encoding="utf-8")
    return path


@pytest.fixture
def pidfile(tmp_path: Path) -> Iterator[Path]:
    """Where the test servers record their process ids; whatever errgen leaked is killed afterwards."""
    path = tmp_path / "pids"
    yield path
    for pid in pids(path) + pids(Path(f"{path}.children")):
        if process_state(pid) not in (None, "Z"):
            os.kill(pid, signal.SIGKILL)


def misbehaving(pidfile: Path, *options: str) -> str:
    return python_command(MISBEHAVING, str(pidfile), *options)


def test_a_run_that_tested_nothing_fails_and_names_every_skip(pidfile: Path) -> None:
    server = misbehaving(pidfile)  # lists none of the workbook pack's tools
    result = conform(WORKBOOK_PACK, "--server", server)
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == "0 passed, 0 failed, 6 skipped"  # 4 codes' invariants, 2 tools'
    summary = lines[lines.index("skipped, so not checked (6):") + 1 : -2]
    assert summary == [
        *(f"  errgen.workbook.{code} [compute]: no witness tool: 'compute' is not listed by the server "
          f"(choose a listed tool with --param {code}_witness_tool=TOOL)" for code in WORKBOOK_CODES),
        *(f"  errgen.workbook.tool:{tool} [{tool}]: tool {tool!r} is not listed by the server"
          for tool in ("compute", "units")),
    ]  # fmt: skip
    assert lines[-2] == "errgen conform: nothing was tested: every invariant was skipped"


def test_skips_fail_the_run_unless_allowed(tmp_path: Path, pidfile: Path) -> None:
    pack = write_pack(tmp_path, OK + "  - {name: t.absent, tool: nope, fixed: {}, assert: []}\n")
    server = misbehaving(pidfile)
    strict = conform(pack, "--server", server, "--format", "json")
    assert strict.returncode == 1, strict.stdout + strict.stderr
    data = json.loads(strict.stdout)
    assert data["summary"] == {"passed": 1, "failed": 0, "skipped": 1}
    assert data["skips"] == [
        {"pack": "pack", "name": "t.absent", "tool": "nope", "kind": "tool-not-listed",
         "reason": "tool 'nope' is not listed by the server"},
    ]  # fmt: skip
    assert data["outcome"] == {
        "exit_code": 1,
        "reason": "1 invariant(s) skipped; pass --allow-skips to accept skipped invariants",
    }
    allowed = conform(pack, "--server", server, "--allow-skips")
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr
    assert "  t.absent [nope]: tool 'nope' is not listed by the server" in allowed.stdout.splitlines()
    assert allowed.stdout.endswith("\n1 passed, 0 failed, 1 skipped\n")


def test_allow_skips_does_not_accept_a_run_that_tested_nothing(pidfile: Path) -> None:
    result = conform(WORKBOOK_PACK, "--server", misbehaving(pidfile), "--allow-skips")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "errgen conform: nothing was tested: every invariant was skipped" in result.stdout


def test_skip_reasons_name_destructive_tools_and_empty_filters(tmp_path: Path, pidfile: Path) -> None:
    pack = write_pack(tmp_path, OK + textwrap.dedent("""\
        for_each_tool:
          - {name: "wipe.{{tool_name}}", where: {name_matches: "^wi"}, apply: {fixed: {}, assert: []}}
          - {name: "none.{{tool_name}}", where: {name_matches: "^zzz"}, apply: {fixed: {}, assert: []}}
        """))  # fmt: skip
    result = conform(pack, "--server", misbehaving(pidfile), "--format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    skips = {s["name"]: (s["kind"], s["reason"]) for s in json.loads(result.stdout)["skips"]}
    assert skips == {
        "wipe.wipe": (
            "destructive",
            "destructive tool (annotated destructiveHint: true); pass --allow-destructive to run it",
        ),
        "none.{{tool_name}}": ("no-matching-tool", "no listed tool matches its `where` filter"),
    }


def test_an_invariant_with_zero_cases_runs_once_as_in_wallfacer(tmp_path: Path, pidfile: Path) -> None:
    """wallfacer runs `cases.max(1)` calls: `--cases 0` (or `cases: 0`) still tests the invariant once."""
    pack = write_pack(tmp_path, OK.replace("    cases: 1\n", ""))
    result = conform(pack, "--server", misbehaving(pidfile), "--cases", "0", "--format", "json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert [(r["name"], r["status"], r["cases"]) for r in json.loads(result.stdout)["results"]] == [
        ("t.ok", "passed", 1)
    ]


def test_the_shared_error_shape_pack_skips_its_unknown_tool_invariant() -> None:
    pack = shared_packs() / "error-shape.yaml"
    args = ("--param", "error_witness_tool=compute", "--server", python_command(EXAMPLE_SERVER))
    strict = conform(pack, *args)
    assert strict.returncode == 1, strict.stdout + strict.stderr
    assert strict.stdout.endswith("\n3 passed, 0 failed, 1 skipped\n")
    assert conform(pack, *args, "--allow-skips").returncode == 0


def test_timeout_bounds_the_connect(tmp_path: Path, pidfile: Path) -> None:
    """A server that answers only after 8 s is not reached with --timeout 1 (it was: connect had 30 s)."""
    server = misbehaving(pidfile, "--start-delay", "8")
    pack = write_pack(tmp_path, OK)
    result = conform(pack, "--server", server, "--timeout", "1", "--format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    data = json.loads(result.stdout)
    assert data["summary"] == {"passed": 0, "failed": 1, "skipped": 0}
    assert data["outcome"] == {"exit_code": 1, "reason": "the server could not be reached, so nothing was tested"}
    finding = data["results"][0]["finding"]
    assert finding["kind"] == "connect"
    assert finding["message"].endswith(": no answer to initialize within 1 s (--timeout)"), finding
    assert_gone(pidfile)


def test_help_says_timeout_bounds_the_connect_too() -> None:
    result = run_errgen("conform", "--help")
    text = " ".join(result.stdout.split())
    assert "Seconds to wait for the server to start, initialize and list its tools, and for each tool call" in text
    assert "--allow-skips" in text


def assert_gone(pidfile: Path, *, servers: int = 1) -> None:
    """Every server started and every child it spawned is dead (an orphan may stay a zombie until init reaps it)."""
    started, children = pids(pidfile), pids(Path(f"{pidfile}.children"))
    assert len(started) == servers, started
    states = {pid: process_state(pid) for pid in started + children}
    assert all(state in (None, "Z") for state in states.values()), states
    assert all(process_state(pid) is None for pid in started), states  # errgen reaps its own children


SCENARIOS = {
    "passed": (OK, (), 1),
    "failed": (FAILING, (), 1),
    "call time-out (restart)": (HANG, ("--timeout", "20"), 2),  # it also bounds the restart's start-up
    "server crash (restart)": (CRASH + "  - {name: f.after, tool: ok, fixed: {}, cases: 1, assert: []}\n", (), 2),
    "connect time-out": (OK, ("--timeout", "1"), 1),
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_no_process_the_server_started_outlives_errgen(tmp_path: Path, scenario: str, pidfile: Path) -> None:
    source, options, servers = SCENARIOS[scenario]
    delay = ("--start-delay", "8") if scenario == "connect time-out" else ()
    server = misbehaving(pidfile, "--spawn-child", *delay)
    result = conform(write_pack(tmp_path, source), "--server", server, *options)
    assert result.returncode == (0 if scenario == "passed" else 1), result.stdout + result.stderr
    assert len(pids(Path(f"{pidfile}.children"))) == servers
    assert_gone(pidfile, servers=servers)


def test_a_shell_wrapper_and_its_background_job_are_stopped(tmp_path: Path, pidfile: Path) -> None:
    children = f"{pidfile}.children"
    script = f"sleep 600 </dev/null >/dev/null 2>&1 & echo $! >> {shlex.quote(children)}; exec {misbehaving(pidfile)}"
    result = conform(write_pack(tmp_path, OK), "--server", shlex.join(["sh", "-c", script]))
    assert result.returncode == 0, result.stdout + result.stderr
    assert_gone(pidfile)


@pytest.mark.parametrize(("sent", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "sigterm"])
def test_ctrl_c_or_sigterm_stops_the_server_and_its_children(
    tmp_path: Path, pidfile: Path, sent: signal.Signals, status: int
) -> None:
    """SIGTERM (a cancelled CI job) used to leave the server, in its own session, running."""
    command = [sys.executable, "-m", "errgen", "conform", str(write_pack(tmp_path, HANG)), "--timeout", "300"]
    process = subprocess.Popen(
        [*command, "--server", misbehaving(pidfile, "--spawn-child")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        for _ in range(600):
            if Path(f"{pidfile}.hang").exists() or process.poll() is not None:
                break
            time.sleep(0.1)
        assert Path(f"{pidfile}.hang").exists(), process.communicate(timeout=5)
        process.send_signal(sent)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == status, out + err
    assert "interrupted; the server was stopped" in err
    assert_gone(pidfile)


def test_an_unreachable_url_is_a_failed_connect_not_a_traceback() -> None:
    """Found by the docs test: the HTTP transport's task group re-raised the refused connection past the runner."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again before errgen connects: nothing listens there
    result = conform(WORKBOOK_PACK, "--url", f"http://127.0.0.1:{port}/mcp", "--timeout", "10")
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert "cannot connect to" in result.stdout and "nothing was tested" in result.stdout, result.stdout
