"""The generated Go modules under the real toolchain: gofmt, go vet, staticcheck, go test, go doc.

The shipped catalogs' committed modules and the `tests/ts/catalogs/` ones (every envelope option,
hostile names) are checked together in one workspace with the test module `tests/go`, whose
`unit/` tests exercise the generated API (errors.As, parsing back, unknown and deferred codes,
policies, mapping of real Go failures).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from go import harness

from errgen.targets.go import target as go_target
from errgen.targets.go.names import module_path

pytestmark = pytest.mark.slow
WORKBOOK = module_path("workbook")


@pytest.fixture(scope="module")
def work() -> tuple[Path, dict[str, Path]]:
    return harness.workspace_of_all()


def packages(modules: dict[str, Path]) -> list[str]:
    return [f"{module_path(name)}/..." for name in modules]


def test_gofmt_leaves_the_generated_code_unchanged(work: tuple[Path, dict[str, Path]]) -> None:
    _, modules = work
    done = harness.run(["gofmt", "-l", *map(str, modules.values()), str(harness.GO_DIR)], cwd=harness.ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "", f"gofmt would change:\n{done.stdout}"


def test_go_vet_is_clean(work: tuple[Path, dict[str, Path]]) -> None:
    path, modules = work
    done = harness.run([harness.go(), "vet", *packages(modules), "./..."], cwd=harness.GO_DIR, env=harness.go_env(path))
    assert done.returncode == 0, done.stdout + done.stderr


def test_staticcheck_is_clean_and_flags_a_deprecated_code(work: tuple[Path, dict[str, Path]]) -> None:
    path, modules = work
    tool = harness.staticcheck()
    clean = harness.run([tool, *packages(modules), "./..."], cwd=harness.GO_DIR, env=harness.go_env(path))
    assert clean.returncode == 0, clean.stdout + clean.stderr
    mistakes = harness.run([tool, "-tags", "mistakes", "./mistakes"], cwd=harness.GO_DIR, env=harness.go_env(path))
    assert mistakes.returncode != 0 and "SA1019" in mistakes.stdout, mistakes.stdout + mistakes.stderr
    assert "NewOldCodeError is deprecated" in mistakes.stdout


def test_a_type_switch_on_a_tools_errors_cannot_name_another_tools_code(work: tuple[Path, dict[str, Path]]) -> None:
    """EditFileToolError is sealed: only the structs of edit_file's codes (and *Unknown) implement it."""
    path, _ = work
    env = harness.go_env(path)
    done = harness.run([harness.go(), "vet", "-tags", "toolmistakes", "./toolmistakes"], cwd=harness.GO_DIR, env=env)
    assert done.returncode != 0, done.stdout + done.stderr
    assert "impossible type switch case" in done.stderr and "BinaryFileError" in done.stderr, done.stderr


def test_go_unit_tests_of_the_generated_packages_pass(work: tuple[Path, dict[str, Path]]) -> None:
    path, _ = work
    done = harness.run([harness.go(), "test", "./unit"], cwd=harness.GO_DIR, env=harness.go_env(path))
    assert done.returncode == 0, done.stdout + done.stderr


def test_deferred_codes_have_no_constructor(work: tuple[Path, dict[str, Path]]) -> None:
    path, _ = work
    env = harness.go_env(path)
    built = harness.run([harness.go(), "doc", WORKBOOK, "NewInvalidInputError"], cwd=harness.GO_DIR, env=env)
    assert built.returncode == 0 and "func NewInvalidInputError" in built.stdout, built.stderr
    for symbol in ("NewStaleOracleError", "NewUnapprovedAssumptionError", "StaleOracleArgs"):
        done = harness.run([harness.go(), "doc", WORKBOOK, symbol], cwd=harness.GO_DIR, env=env)
        assert done.returncode != 0 and "no symbol" in done.stderr, done.stdout + done.stderr
    shape = harness.run([harness.go(), "doc", WORKBOOK, "StaleOracleError"], cwd=harness.GO_DIR, env=env)
    assert "deferred (shape-only, no constructor)" in " ".join(shape.stdout.split())  # go doc wraps lines


def test_the_runtime_file_is_the_same_for_every_catalog(work: tuple[Path, dict[str, Path]]) -> None:
    """One runtime, read once: the same bytes in every module (committed and generated) and every build."""
    _, modules = work
    expected = go_target.runtime_text(None)
    runtimes = {name: (folder / "internal" / "errgenrt" / "errgen_runtime.go").read_text("utf-8")
                for name, folder in modules.items()}  # fmt: skip
    assert {name for name, text in runtimes.items() if text != expected} == set()
    assert "workbook" not in expected and "napkin" not in expected


def test_the_generated_go_uses_no_reflection(work: tuple[Path, dict[str, Path]]) -> None:
    """Constructors are plain code (issue 27): neither the runtime nor a catalog's file imports reflect."""
    _, modules = work
    importing = [str(path) for folder in modules.values() for path in folder.rglob("*.go")
                 if '"reflect"' in path.read_text("utf-8")]  # fmt: skip
    assert importing == []
