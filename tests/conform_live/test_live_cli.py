"""`errgen conform` as a command: options, usage errors, delegation to the offline evaluator."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from errgen.cli.main import main

from .support import WORKBOOK_PACK, shared_packs

MISMATCH = """\
version: 3
invariants:
  - name: t
    tool: x
    fixed: {}
    assert: [{kind: equals, lhs: {path: $.response.isError}, rhs: {value: true}}]
    test_fixtures:
      - {name: wrong expectation, response: {isError: false}, expect: pass}
"""


def conform(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["conform", *args])
    return result.exit_code, result.stdout, result.stderr


def test_help_documents_every_option() -> None:
    code, out, _ = conform("--help")
    assert code == 0
    for option in ("--fixtures", "--param", "--server", "--url", "--timeout", "--cases", "--seed", "--format"):
        assert option in out
    assert "N passed, M failed, K skipped" in " ".join(out.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give exactly one of --fixtures, --server or --url"),
        (("--fixtures", "--server", "python s.py"), "(got --fixtures, --server)"),
        (("--fixtures", "--format", "yaml"), "'yaml' is not one of 'human', 'json'"),
        (("--fixtures", "--param", "novalue"), "expected `key=value`"),
        (("--server", ""), "--server needs a command"),
        (("--url", "http://127.0.0.1:1/mcp", "--timeout", "0"), "--timeout"),
    ],
)
def test_usage_errors_exit_2(args: tuple[str, ...], message: str) -> None:
    code, _, err = conform(str(WORKBOOK_PACK), *args)
    assert code == 2 and message in err, err


def test_fixtures_mode_delegates_to_the_offline_evaluator(tmp_path: Path) -> None:
    pack = tmp_path / "mismatch.yaml"
    pack.write_text(MISMATCH)
    code, out, _ = conform("--fixtures", str(pack), str(shared_packs() / "error-shape.yaml"))
    assert code == 1
    assert out.splitlines()[0].startswith("mismatch.yaml: t / wrong expectation: expected pass, observed fail")
    assert out.endswith(" passed, 1 failed\n")


def test_invalid_packs_stop_a_live_run_before_any_server_starts(tmp_path: Path) -> None:
    pack = tmp_path / "bad.yaml"
    pack.write_text("version: 9\ninvariants: []\n")
    code, out, err = conform(str(pack), "--server", str(tmp_path / "never-started"))
    assert code == 2 and out == ""
    assert "unsupported version 9" in err and "nothing was run" in err


def test_undeclared_param_override_is_a_pack_error() -> None:
    code, _, err = conform(str(WORKBOOK_PACK), "--param", "nope=1", "--server", "unused")
    assert code == 2 and "override key 'nope' is not declared" in err
