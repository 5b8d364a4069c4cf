"""`run_fixtures`: output lines, closing count and exit codes."""

from __future__ import annotations

import pytest

from errgen.conform.run import parse_param, run_fixtures

from .helpers import PACKS


def test_all_matching_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_fixtures([PACKS / "sequence.yaml", PACKS / "templated.yaml"], {}) == 0
    assert capsys.readouterr().out == "10 passed, 0 failed\n"


def test_mismatches_exit_one_with_one_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_fixtures([PACKS / "mismatch.yaml", PACKS / "yaml12.yaml"], {}) == 1
    assert capsys.readouterr().out.splitlines() == [
        "mismatch.yaml: wrong.expect / claims fail but passes: expected fail, observed pass (all assertions held)",
        "mismatch.yaml: wrong.expect / missing path is structural: expected fail, observed structural "
        "(path `$.response.ok` did not resolve to any value)",
        "mismatch.yaml: two.steps / one response for two steps: expected pass, observed structural "
        "(fixture provides 1 responses but sequence has 2 steps)",
        "mismatch.yaml: two.steps / unbound step reference: expected pass, observed structural "
        "(could not substitute step references in step 1: no step bound under `nope` (yet?))",
        "1 passed, 4 failed",
    ]


def test_invalid_pack_exits_two_and_still_runs_the_others(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_fixtures([PACKS / "invalid.yaml", PACKS / "yaml12.yaml"], {}) == 2
    captured = capsys.readouterr()
    assert captured.out == "1 passed, 0 failed\n"
    assert f"{PACKS / 'invalid.yaml'}:1:10: error: version: unsupported version 4; expected 1..=3" in captured.err


def test_unreadable_pack_is_invalid(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_fixtures([PACKS / "absent.yaml"], {}) == 2
    assert "absent.yaml:1:1: error: cannot read pack" in capsys.readouterr().err


def test_param_applies_to_every_pack_like_wallfacer(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_fixtures([PACKS / "templated.yaml", PACKS / "yaml12.yaml"], {"witness_tool": "div"}) == 2
    assert "yaml12.yaml:1:1: error: override key 'witness_tool' is not declared" in capsys.readouterr().err


def test_parse_param() -> None:
    assert parse_param(" key =a=b") == ("key", "a=b")
    with pytest.raises(ValueError, match="key=value"):
        parse_param("novalue")
