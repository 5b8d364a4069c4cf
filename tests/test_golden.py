"""Golden cases (tests/cases/*) and generated/ itself; regenerate with ``python tests/regen.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, run_errgen
from golden import case_dirs, expected_tree, read_tree, run_case

from errgen.cli.main import main

CASES = case_dirs()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Path) -> None:
    outcome = run_case(case)
    if (case / "stderr.txt").exists():
        assert outcome.exit_code == 2, outcome.stdout
        assert outcome.stderr == (case / "stderr.txt").read_text(encoding="utf-8")
        assert "Traceback" not in outcome.stderr
        assert outcome.tree == {}
    else:
        assert outcome.exit_code == 0, outcome.stderr
        expected = expected_tree(case)
        assert sorted(outcome.tree) == sorted(expected), "missing or extra files; run python tests/regen.py"
        for rel, data in expected.items():
            assert outcome.tree[rel] == data, f"{rel} differs; run python tests/regen.py and review the diff"


def test_every_bad_case_reports_file_line_col() -> None:
    for case in CASES:
        stderr = case / "stderr.txt"
        if stderr.exists():
            lines = stderr.read_text(encoding="utf-8").splitlines()
            assert lines[-1].startswith("errgen: ") and lines[-1].endswith("nothing was written")
            for line in lines[:-1]:
                path, line_no, col, rest = line.split(":", 3)
                assert path.startswith(f"tests/cases/{case.name}/"), line  # the catalog, or a file it refers to
                assert int(line_no) >= 1 and int(col) >= 1 and rest.startswith(" error: ")


def test_generated_folder_is_in_sync(monkeypatch: pytest.MonkeyPatch) -> None:
    """`errgen check` on the shipped catalogs: in-process, so the mutation run (tests/mutation.py) sees it."""
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 0, result.output


def test_catalog_schema_file_matches_errgen_schema() -> None:
    result = run_errgen("schema")
    assert result.returncode == 0
    assert (ROOT / "docs" / "catalog.schema.json").read_text(encoding="utf-8") == result.stdout


def test_invalid_catalog_leaves_output_untouched(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "demo").mkdir(parents=True)
    (out / "demo" / "keep.txt").write_text("precious\n")
    (out / "workbook").mkdir()
    (out / "workbook" / "stale.json").write_text("{}\n")
    before = read_tree(out)
    bad = ROOT / "tests" / "cases" / "bad_references" / "catalog.yaml"
    good = ROOT / "catalog" / "workbook.yaml"
    result = run_errgen("build", str(good), str(bad), "--out", str(out))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert read_tree(out) == before
