"""The CLI end to end: build/check/validate/schema, exit codes, drift detection, determinism."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
from conftest import ROOT, run_errgen
from golden import read_tree

WORKBOOK = str(ROOT / "catalog" / "workbook.yaml")


def test_version_and_help() -> None:
    from errgen import __version__

    assert run_errgen("--version").stdout.strip() == f"errgen {__version__}"
    for args in (["-h"], ["build", "-h"], ["check", "--help"], ["validate", "-h"], ["schema", "-h"]):
        result = run_errgen(*args)
        assert result.returncode == 0 and "Usage:" in result.stdout


def test_help_lists_every_command_with_its_own_short_help() -> None:
    """The lazily imported commands appear in ``--help`` exactly as their own short help says."""
    import importlib

    import click

    from errgen.cli.main import LAZY_COMMANDS, main

    listed = run_errgen("--help").stdout
    for name, (module, attribute, short) in LAZY_COMMANDS.items():
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command) and command.name == name
        assert command.get_short_help_str(1000) == short, name
        assert f"  {name}  " in listed
    ctx = click.Context(main)
    for name in main.list_commands(ctx):
        assert main.get_command(ctx, name) is not None and f"  {name} " in listed
        assert run_errgen(name, "--help").returncode == 0, name


def test_start_up_imports_only_what_the_command_needs() -> None:
    """``--version`` imports no click, ``--help`` no command module, catalog or target code."""
    probe = (
        "import sys; sys.argv = ['errgen', *sys.argv[1:]]\n"
        "from errgen.cli.launcher import run\n"
        "try:\n    run()\n"
        "except SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules\n"
        "             if m == 'click' or m.startswith(('errgen.', 'yaml', 'jinja2', 'pydantic'))))"
    )

    def loaded(*args: str) -> list[str]:
        out = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True).stdout
        return list(ast.literal_eval(out.splitlines()[-1]))

    assert loaded("--version") == ["errgen.cli", "errgen.cli.launcher"]
    heavy = [
        m
        for m in loaded("--help")
        if m.startswith(("errgen.cli.commands", "errgen.workflow.project", "yaml", "jinja2", "pydantic"))
    ]
    assert heavy == []
    assert "errgen.cli.commands.lint" in loaded("lint", "--help")


def test_build_then_check_detects_modified_and_missing(tmp_path: Path) -> None:
    out = tmp_path / "gen"
    assert run_errgen("build", WORKBOOK, "--out", str(out)).returncode == 0
    assert run_errgen("check", WORKBOOK, "--out", str(out)).returncode == 0

    schema = out / "workbook" / "schema" / "workbook.schema.json"
    schema.write_text(schema.read_text().replace('"minLength": 1', '"minLength": 2', 1))
    (out / "workbook" / "docs" / "workbook.md").unlink()
    (out / "workbook" / "orphan.txt").write_text("left behind\n")

    result = run_errgen("check", WORKBOOK, "--out", str(out))
    assert result.returncode == 1
    assert "modified: " in result.stdout and "schema/workbook.schema.json" in result.stdout
    diff_lines = [line.strip() for line in result.stdout.splitlines()]
    assert '-                  "minLength": 2'.replace(" ", "") in [d.replace(" ", "") for d in diff_lines]
    assert '+"minLength":1' in [d.replace(" ", "") for d in diff_lines]
    assert "--- a/workbook/schema/workbook.schema.json" in result.stdout
    assert "missing:  " in result.stdout and "docs/workbook.md" in result.stdout
    assert "orphan.txt" not in result.stdout, "a file errgen did not write is not errgen's to call extra"
    assert "errgen build" in result.stderr

    assert run_errgen("build", WORKBOOK, "--out", str(out)).returncode == 0
    assert (out / "workbook" / "orphan.txt").read_text() == "left behind\n"
    assert run_errgen("check", WORKBOOK, "--out", str(out)).returncode == 0


def test_build_writes_only_changed_files(tmp_path: Path) -> None:
    out = tmp_path / "gen"
    run_errgen("build", WORKBOOK, "--out", str(out))
    stamps = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
    result = run_errgen("build", WORKBOOK, "--out", str(out))
    assert "0 written" in result.stdout
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()} == stamps


def test_determinism_across_hash_seeds(tmp_path: Path) -> None:
    trees = []
    for seed in ("0", "1", "4242"):
        out = tmp_path / f"out-{seed}"
        catalogs = [str(p) for p in sorted((ROOT / "catalog").glob("*.yaml"))]
        result = run_errgen("build", *catalogs, "--out", str(out), env={"PYTHONHASHSEED": seed})
        assert result.returncode == 0, result.stderr
        trees.append(read_tree(out))
    assert trees[0] == trees[1] == trees[2]
    for rel, data in trees[0].items():
        assert b"\r\n" not in data, rel
        assert data.endswith(b"\n") and not data.endswith(b"\n\n"), rel


def test_check_exit_2_on_invalid_catalog(tmp_path: Path) -> None:
    bad = ROOT / "tests" / "cases" / "bad_placeholders" / "catalog.yaml"
    result = run_errgen("check", str(bad), "--out", str(tmp_path))
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_validate(tmp_path: Path) -> None:
    result = run_errgen("validate", WORKBOOK)
    assert result.returncode == 0 and "ok (6 codes, sha256:" in result.stdout
    bad = ROOT / "tests" / "cases" / "bad_examples" / "catalog.yaml"
    result = run_errgen("validate", str(bad), WORKBOOK)
    assert result.returncode == 2
    assert result.stderr.count(": error: ") == 6


def test_schema_is_valid_2020_12_and_accepts_shipped_catalogs() -> None:
    import yaml

    result = run_errgen("schema")
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    for path in (ROOT / "catalog").glob("*.yaml"):
        jsonschema.validate(yaml.safe_load(path.read_text()), schema)


def test_build_with_no_arguments_uses_config_and_catalog_folder(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    (project / "catalog").mkdir(parents=True)
    shutil.copy(WORKBOOK, project / "catalog" / "workbook.yaml")
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n')
    result = run_errgen("build", cwd=project)
    assert result.returncode == 0, result.stderr
    assert (project / "generated" / "workbook" / "catalog.json").is_file()
    assert run_errgen("check", cwd=project).returncode == 0
    shutil.copy(ROOT / "catalog" / "napkin.yaml", project / "catalog" / "napkin.yaml")
    assert run_errgen("build", cwd=project).returncode == 0
    (project / "catalog" / "napkin.yaml").unlink()
    result = run_errgen("check", cwd=project)
    assert result.returncode == 1 and "extra:    generated/napkin/docs/napkin.md" in result.stdout, result.stdout


def test_generated_files_get_ordinary_permissions(tmp_path: Path) -> None:
    import os
    import stat

    old = os.umask(0o022)
    try:
        out = tmp_path / "gen"
        assert run_errgen("build", WORKBOOK, "--out", str(out)).returncode == 0
        modes = {stat.S_IMODE(p.stat().st_mode) for p in out.rglob("*") if p.is_file()}
        assert modes == {0o644}
    finally:
        os.umask(old)


def test_a_profiled_run_still_writes_its_profile(tmp_path: Path) -> None:
    """The fast exit (no heap teardown) steps aside when a profiler or tracer watches the process."""
    prof = tmp_path / "run.prof"
    cmd = [sys.executable, "-m", "cProfile", "-o", str(prof), "-m", "errgen", "validate", str(WORKBOOK)]
    done = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert prof.stat().st_size > 0
    traced = (
        "import sys; sys.settrace(lambda *a: None); sys.argv = ['errgen', 'validate', 'missing.yaml']\n"
        "from errgen.cli.launcher import main\nmain()"
    )
    failing = subprocess.run(
        [sys.executable, "-c", traced], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300
    )
    assert failing.returncode == 2, failing.stderr  # the exit status survives the normal exit path
    assert "missing.yaml:1:1: error: cannot read file" in failing.stderr


def test_check_prints_a_short_diff_per_file_and_the_whole_one_with_diff(tmp_path: Path) -> None:
    """A breaking change printed ≈2,900 diff lines; by default each stale file shows its first lines only."""
    out = tmp_path / "gen"
    assert run_errgen("build", WORKBOOK, "--out", str(out)).returncode == 0
    page = out / "workbook" / "docs" / "workbook.md"
    page.write_text(page.read_text().replace(" the ", " teh "))  # the header stays: still errgen's file
    flags: list[list[str]] = [[], ["--diff"], ["--no-diff"]]
    short, whole, listed = (run_errgen("check", WORKBOOK, "--out", str(out), *flag) for flag in flags)
    assert short.returncode == whole.returncode == listed.returncode == 1
    assert len(short.stdout.splitlines()) <= 15 and "more diff lines (errgen check --diff shows all)" in short.stdout
    assert len(whole.stdout.splitlines()) > 60 and "more diff lines" not in whole.stdout
    assert listed.stdout.splitlines() == ["modified: " + str(out / "workbook" / "docs" / "workbook.md")]
