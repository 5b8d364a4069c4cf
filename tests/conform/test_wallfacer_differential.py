"""`errgen conform --fixtures` and the real `wallfacer pack test` (0.8.1) observe the same outcome for every fixture.

The corpus is every pack errgen generates (the shipped catalogs' in `generated/`, the golden cases', the
hostile catalog's), wallfacer's embedded packs (which errgen ships for `extends`), the shared wallfacer packs
(`../shared/wallfacer-packs`) and errgen's own evaluator test packs. For each, errgen's JSON report and
wallfacer's table (read with every `expect` inverted, so every fixture is a row) must list the same
(invariant, fixture, observed) triples; a pack one of them rejects, the other rejects too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, need_shared

from errgen.cli.main import main
from errgen.conform.extends import EMBEDDED, embedded_names

from . import wallfacer
from .helpers import PACKS

pytestmark = pytest.mark.slow
GENERATED = sorted([*ROOT.glob("generated/*/packs/*.yaml"), *ROOT.glob("tests/cases/*/expected/*/packs/*.yaml")])
SHARED = ("error-shape.yaml", "mcp-spec-conformance.yaml", "rate-limit.yaml")
OBSERVED = {"pass": "pass", "fail": "fail", "structural": "structural-error"}


def errgen_verdicts(pack: Path) -> tuple[int, list[tuple[str, str, str]]]:
    """errgen's exit code and (invariant, fixture, observed) per fixture, in wallfacer's words.

    The CLI runs in-process (click's runner): the same command, without a Python start-up per pack.
    """
    done = CliRunner().invoke(main, ["conform", "--fixtures", "--format", "json", str(pack)])
    if done.exit_code == 2:
        return 2, []
    assert done.exit_code in (0, 1), done.output
    fixtures = json.loads(done.stdout)["fixtures"]
    return done.exit_code, [(f["invariant"], f["fixture"], OBSERVED[f["observed"]]) for f in fixtures]


def assert_agree(pack: Path, workspace: Path) -> int:
    """Run both on `pack`; returns how many fixtures they agreed on."""
    code, ours = errgen_verdicts(pack)
    assert code != 2, f"errgen rejects {pack}"
    theirs = wallfacer.pack_test_verdicts(pack, workspace, len(ours))
    assert theirs.total == len(ours), theirs.stderr
    assert sorted(theirs.rows) == sorted(ours)
    return len(ours)


@pytest.mark.parametrize("pack", GENERATED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_generated_packs(pack: Path, tmp_path: Path) -> None:
    assert assert_agree(pack, tmp_path) > 0


def test_the_hostile_catalogs_packs(tmp_path: Path) -> None:
    from conform_live.support import hostile_variants, write_pack

    for name, catalog in hostile_variants().items():
        folder = tmp_path / name
        folder.mkdir()
        assert assert_agree(write_pack(folder, catalog), folder / "workspace") > 0


@pytest.mark.parametrize("name", SHARED)
def test_shared_wallfacer_packs(name: str, tmp_path: Path) -> None:
    assert assert_agree(need_shared("wallfacer-packs", name), tmp_path) > 0


@pytest.mark.parametrize("name", embedded_names())
def test_embedded_packs_are_wallfacers_own_and_agree(name: str, tmp_path: Path) -> None:
    init = wallfacer.run(["pack", "init", name], tmp_path)
    assert init.returncode == 0, init.stderr
    assert (tmp_path / "packs" / f"{name}.yaml").read_bytes() == (EMBEDDED / f"{name}.yaml").read_bytes()
    assert_agree(EMBEDDED / f"{name}.yaml", tmp_path / "check")


def test_every_embedded_pack_is_shipped(tmp_path: Path) -> None:
    listed = wallfacer.run(["pack", "list"], tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert set(embedded_names()) <= set(listed.stdout.split())
    assert all(name in listed.stdout for name in embedded_names())


@pytest.mark.parametrize("pack", sorted(PACKS.glob("*.yaml")), ids=lambda p: p.name)
def test_errgens_own_test_packs(pack: Path, tmp_path: Path) -> None:
    """Valid packs agree fixture by fixture; an invalid one is rejected by both."""
    code, ours = errgen_verdicts(pack)
    if code == 2:
        (tmp_path / "packs").mkdir()
        (tmp_path / "packs" / pack.name).write_text(pack.read_text(encoding="utf-8"), encoding="utf-8")
        rejected = wallfacer.pack_test(tmp_path, pack.stem)
        assert rejected.returncode != 0 and rejected.total == -1, rejected.stderr
        return
    theirs = wallfacer.pack_test_verdicts(pack, tmp_path, len(ours))
    assert sorted(theirs.rows) == sorted(ours)


def test_inverting_expectations_finds_every_fixture() -> None:
    text = "test_fixtures:\n  - {name: a, response: {}, expect: pass}\n  - name: b\n    expect: 'fail'  # x\n"
    flipped, count = wallfacer.inverted(text)
    assert count == 2
    assert flipped == text.replace("expect: pass", "expect: fail").replace("expect: 'fail'", "expect: 'pass'")
