"""The live runner against a server that misbehaves on purpose: findings, skips, restarts, process hygiene."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import anyio
import pytest

from errgen.conform.live import Settings, run_live
from errgen.conform.live_conn import Target
from errgen.conform.live_report import LiveReport, Result, Status, to_json, to_text
from errgen.conform.model import Pack
from errgen.conform.pack import parse_pack

from .support import SERVERS, pids, process_state

pytestmark = pytest.mark.slow
MISBEHAVING = SERVERS / "misbehaving.py"

MIXED = """
version: 3
metadata: {name: mixed}
invariants:
  - name: t.ok
    tool: ok
    fixed: {}
    cases: 2
    assert: [{kind: equals, lhs: {path: $.response.isError}, rhs: {value: true}}]
  - name: t.wrong
    tool: ok
    fixed: {}
    assert: [{kind: is_type, path: $.response.structuredContent.code, type: integer}]
  - {name: t.structural, tool: ok, fixed: {}, assert: [{kind: equals, lhs: {path: $.response.nope}, rhs: {value: 1}}]}
  - {name: t.protocol, tool: protocol, fixed: {}, assert: []}
  - {name: t.unlisted, tool: nope, fixed: {}, assert: []}
  - name: t.generated
    tool: echo
    generate: {value: {type: integer, min: 3, max: 3}}
    cases: 4
    assert: [{kind: equals, lhs: {path: $.response.structuredContent.echo.value}, rhs: {value: 3}}]
for_each_tool:
  - name: "read.{{tool_name}}"
    where: {annotations: {readOnlyHint: true}, description_matches: "^(Always|Echo)"}
    apply:
      input: schema_valid
      cases: 3
      assert:
        - {kind: matches_schema, path: $.response, schema: {required: [content]}}
        - {kind: equals, lhs: {path: $.tool.name}, rhs: {value: "{{tool_name}}"}}
  - name: "wipe.{{tool_name}}"
    where: {name_matches: "^wi"}
    apply: {fixed: {}, assert: []}
  - name: "none.{{tool_name}}"
    where: {name_matches: "^zzz"}
    apply: {fixed: {}, assert: []}
sequences:
  - name: seq.bound
    steps:
      - {call: echo, with: {value: 5}, bind: first}
      - call: echo
        with: {value: "{{steps.first.response.structuredContent.echo.value}}"}
        assert: [{kind: equals, lhs: {path: $.response.structuredContent.echo.value}, rhs: {value: 5}}]
      - {call: ok, expect: error}
  - name: seq.expect
    steps:
      - {call: echo, with: {}}
      - {call: echo, with: {}, expect: error}
  - name: seq.unlisted
    steps: [{call: nope}]
"""

FAULTS = """
version: 3
invariants:
  - {name: f.hang, tool: hang, fixed: {}, cases: 1, assert: []}
  - {name: f.after_hang, tool: ok, fixed: {}, cases: 1, assert: []}
  - {name: f.crash, tool: crash, fixed: {}, cases: 1, assert: []}
  - {name: f.after_crash, tool: ok, fixed: {}, cases: 1, assert: []}
"""


def pack(source: str) -> Pack:
    loaded = parse_pack(textwrap.dedent(source).lstrip(), Path("inline.yaml"), {})
    assert loaded.pack is not None, [str(e) for e in loaded.errors]
    return loaded.pack


def live(source: str, pidfile: Path, **settings: float) -> LiveReport:
    target = Target(command=(sys.executable, str(MISBEHAVING), str(pidfile)))
    return anyio.run(run_live, [pack(source)], target, Settings(**settings))  # type: ignore[arg-type]


def by_name(report: LiveReport) -> dict[str, Result]:
    return {r.name: r for r in report.results}


def assert_all_stopped(pidfile: Path, expected: int) -> None:
    started = pids(pidfile)
    assert len(started) == expected, started
    assert {pid: process_state(pid) for pid in started} == dict.fromkeys(started)  # gone: not running, not a zombie


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> tuple[LiveReport, Path]:
    pidfile = tmp_path_factory.mktemp("mixed") / "pids"
    return live(MIXED, pidfile, timeout=30, cases=1), pidfile  # the time-out bounds the start-up too


def test_invariants_pass_fail_and_skip(mixed: tuple[LiveReport, Path]) -> None:
    results = by_name(mixed[0])
    assert (results["t.ok"].status, results["t.ok"].cases) == (Status.PASSED, 2)
    assert results["t.generated"].status is Status.PASSED and results["t.generated"].cases == 4
    wrong = results["t.wrong"]
    assert wrong.status is Status.FAILED and wrong.finding is not None
    assert (wrong.finding.kind, wrong.finding.case) == ("assertion", 1)
    assert wrong.finding.assertion == "1 (is_type $.response.structuredContent.code)"
    assert wrong.finding.response["structuredContent"] == {"code": "boom", "message": "it broke"}  # type: ignore[index]
    structural = results["t.structural"].finding
    assert structural is not None and structural.kind == "structural"
    protocol = results["t.protocol"].finding
    assert protocol is not None and protocol.kind == "protocol_error" and "-32602" in protocol.message
    assert results["t.unlisted"].status is Status.SKIPPED
    assert results["t.unlisted"].reason == "tool 'nope' is not listed by the server"


def test_for_each_tool_expands_over_matching_tools(mixed: tuple[LiveReport, Path]) -> None:
    results = by_name(mixed[0])
    expanded = [r.name for r in mixed[0].results if r.name.startswith("read.")]
    assert expanded == ["read.ok", "read.echo"]
    assert all(results[n].status is Status.PASSED and results[n].cases == 3 for n in expanded)
    assert results["wipe.wipe"].status is Status.SKIPPED and "destructive" in results["wipe.wipe"].reason
    assert results["none.{{tool_name}}"].status is Status.SKIPPED


def test_sequences_bind_steps_and_check_expectations(mixed: tuple[LiveReport, Path]) -> None:
    results = by_name(mixed[0])
    assert results["seq.bound"].status is Status.PASSED
    finding = results["seq.expect"].finding
    assert finding is not None and (finding.kind, finding.step) == ("expect", 2)
    assert results["seq.unlisted"].status is Status.SKIPPED


def test_report_counts_renderings_and_stderr(mixed: tuple[LiveReport, Path]) -> None:
    report = mixed[0]
    assert report.summary_line() == "5 passed, 4 failed, 4 skipped"
    assert report.tools == ["ok", "echo", "hang", "crash", "protocol", "wipe"]
    assert "call protocol {}" in report.stderr
    text = to_text(report)
    assert text.endswith("\n5 passed, 4 failed, 4 skipped\n")
    assert "FAIL  t.wrong [ok]\n      case 1, assertion 1 (is_type $.response.structuredContent.code): " in text
    assert "SKIP  t.unlisted [nope]: tool 'nope' is not listed by the server" in text
    assert "  | call protocol {}" in text
    data = json.loads(to_json(report))
    assert data["summary"] == {"passed": 5, "failed": 4, "skipped": 4}
    assert {r["status"] for r in data["results"]} == {"passed", "failed", "skipped"}
    assert set(data["results"][1]["finding"]) == {"kind", "message", "case", "step", "assertion", "input", "response"}


def test_server_is_stopped_after_a_run(mixed: tuple[LiveReport, Path]) -> None:
    assert_all_stopped(mixed[1], 1)


def test_timeouts_and_crashes_are_findings_and_the_server_is_restarted(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    results = by_name(live(FAULTS, pidfile, timeout=20))  # it bounds the server's start-up too
    hang, crash = results["f.hang"].finding, results["f.crash"].finding
    assert hang is not None and hang.kind == "timeout"
    assert crash is not None and crash.kind == "crash"
    assert results["f.after_hang"].status is Status.PASSED
    assert results["f.after_crash"].status is Status.PASSED
    assert_all_stopped(pidfile, 3)  # first start, after the time-out, after the crash


def test_connect_failure_is_a_failure(tmp_path: Path) -> None:
    report = anyio.run(run_live, [pack(FAULTS)], Target(command=(str(tmp_path / "no-such-server"),)), Settings())
    assert report.summary_line() == "0 passed, 1 failed, 0 skipped"
    finding = report.results[0].finding
    assert finding is not None and finding.kind == "connect" and "no-such-server" in finding.message
