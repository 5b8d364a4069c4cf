"""Lint: one case folder per rule with its exact findings, plus configuration and exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from errgen.workflow.lint import RULES
from workflow.util import LINT_CASES, ROOT, cases, errgen, run_lint_case

CASES = cases(LINT_CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_case(case: Path) -> None:
    expected = (case / "expected.txt").read_text(encoding="utf-8")
    result = run_lint_case(case)
    assert result.stdout == expected
    assert result.exit_code == (1 if ": error: " in expected else 0), result.stderr


def test_every_rule_has_its_own_case() -> None:
    for rule in RULES:
        found = (LINT_CASES / rule / "expected.txt").read_text(encoding="utf-8").splitlines()
        assert found, f"lint case {rule} finds nothing"
        assert all(line.endswith(f"[{rule}]") for line in found), f"lint case {rule} reports other rules too"


def test_clean_catalog_has_no_findings() -> None:
    result = run_lint_case(LINT_CASES / "clean")
    assert (result.exit_code, result.stdout) == (0, "")
    assert "1 catalog clean" in result.stderr


def test_rule_ids_are_stable_kebab_case() -> None:
    assert list(RULES) == [
        "retriable-4xx", "http-status-kind-mismatch", "retriable-kind-mismatch", "deprecated-without-replacement",
        "unrecoverable-with-repair",
        "placeholder-not-structured", "missing-example", "missing-ui-meaning", "missing-next-action",
        "code-returned-by-no-tool", "tool-only-every-tool-errors", "output-schema-discriminator",
        "missing-translation",
        "reason-invalid", "reason-duplicate", "problem-type-duplicate", "problem-member-name",
    ]  # fmt: skip
    listed = errgen("lint", "--list-rules").stdout.splitlines()
    assert [line.split()[0] for line in listed] == list(RULES)
    assert listed[0].split()[1] == "error"


def _project(tmp_path: Path, config: str, *cases: str) -> Path:
    (tmp_path / "catalog").mkdir()
    for name in cases:
        text = (LINT_CASES / name / "catalog.yaml").read_text(encoding="utf-8")
        (tmp_path / "catalog" / f"{name}.yaml").write_text(
            text.replace("name: shop", f"name: {name.replace('-', '_')}")
        )
    (tmp_path / "pyproject.toml").write_text(
        '[tool.errgen]\ncatalogs = ["catalog/*.yaml"]\n' + config, encoding="utf-8"
    )
    return tmp_path


def test_strict_fails_on_warnings() -> None:
    case = LINT_CASES / "missing-example"
    assert errgen("lint", "catalog.yaml", cwd=case).exit_code == 0
    assert errgen("lint", "catalog.yaml", "--strict", cwd=case).exit_code == 1


def test_disable_on_the_command_line() -> None:
    case = LINT_CASES / "retriable-4xx"
    result = errgen("lint", "catalog.yaml", "--disable", "retriable-4xx", cwd=case)
    assert (result.exit_code, result.stdout) == (0, "")
    bad = errgen("lint", "catalog.yaml", "--disable", "retriable-4x", cwd=case)
    assert bad.exit_code == 2 and "unknown rule 'retriable-4x'; did you mean 'retriable-4xx'?" in bad.stderr
    far = errgen("lint", "catalog.yaml", "--disable", "zzz", cwd=case)
    assert far.exit_code == 2 and "unknown rule 'zzz'; see --list-rules" in far.stderr


def test_config_disables_globally_and_per_catalog(tmp_path: Path) -> None:
    config = (
        '[tool.errgen.lint]\ndisable = ["missing-example"]\n'
        '[tool.errgen.lint.missing_ui_meaning]\ndisable = ["missing-ui-meaning"]\n'
    )
    project = _project(tmp_path, config, "missing-example", "missing-ui-meaning", "missing-next-action")
    result = errgen("lint", cwd=project)
    rules = [line.rsplit("[", 1)[1] for line in result.stdout.splitlines()]
    assert rules == ["missing-next-action]"]


def test_config_changes_severity(tmp_path: Path) -> None:
    config = (
        '[tool.errgen.lint]\nseverity = {missing-example = "error"}\n'
        '[tool.errgen.lint.retriable_4xx]\nseverity = {retriable-4xx = "warning"}\n'
    )
    project = _project(tmp_path, config, "missing-example", "retriable-4xx")
    result = errgen("lint", cwd=project)
    levels = {(line.split(": ")[1], line.rsplit("[", 1)[1]) for line in result.stdout.splitlines()}
    assert levels == {("error", "missing-example]"), ("warning", "retriable-4xx]")}
    assert result.exit_code == 1


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ('[tool.errgen.lint]\ndisable = ["missing-examples"]\n',
         "4:12: error: unknown lint rule 'missing-examples' in [tool.errgen.lint]; did you mean 'missing-example'?"),
        ('[tool.errgen.lint.shop]\ndisable = ["nope"]\n',
         "4:12: error: unknown lint rule 'nope' in [tool.errgen.lint.shop]"),
        ('[tool.errgen.lint]\nseverity = {missing-example = "fatal"}\n',
         "4:31: error: tool.errgen.lint.severity.missing-example must be 'error' or 'warning', got 'fatal'"),
        ('[tool.errgen.lint]\ndisable = "missing-example"\nenable = []\n',
         "5:1: error: unknown key 'enable' in [tool.errgen.lint]"),
        ('[tool.errgen.lint]\ndisable = [1]\n',
         "4:12: error: each item of tool.errgen.lint.disable must be a string, got int 1"),
    ],
)  # fmt: skip
def test_config_errors(tmp_path: Path, config: str, message: str) -> None:
    project = _project(tmp_path, config, "clean")
    result = errgen("lint", cwd=project)
    assert result.exit_code == 2
    assert f"pyproject.toml:{message}" in result.stderr


def test_warns_about_a_table_naming_no_catalog(tmp_path: Path) -> None:
    project = _project(tmp_path, "[tool.errgen.lint.napkn]\ndisable = []\n", "clean")
    result = errgen("lint", cwd=project)
    assert result.exit_code == 0
    assert result.stderr.startswith("pyproject.toml: warning: [tool.errgen.lint.napkn] names no configured catalog")
    chosen = errgen("lint", "catalog/clean.yaml", cwd=project)
    assert chosen.exit_code == 0 and "names no" not in chosen.stderr, "a chosen file says nothing about the others"


def test_formats() -> None:
    case = LINT_CASES / "missing-next-action"
    data = json.loads(errgen("lint", "catalog.yaml", "--format", "json", cwd=case).stdout)
    assert [(d["rule"], d["level"], d["line"], d["col"]) for d in data] == [("missing-next-action", "warning", 13, 3)]
    github = errgen("lint", "catalog.yaml", "--format", "github", cwd=case).stdout
    assert github.startswith("::warning file=tests/workflow/lint_cases/missing-next-action/catalog.yaml,line=13,col=3,")


def test_invalid_catalog_is_exit_2(tmp_path: Path) -> None:
    shutil.copy(LINT_CASES / "clean" / "catalog.yaml", tmp_path / "catalog.yaml")
    with (tmp_path / "catalog.yaml").open("a", encoding="utf-8") as handle:
        handle.write("  typo:\n    message: '{nope}'\n")
    result = errgen("lint", "catalog.yaml", cwd=tmp_path)
    assert result.exit_code == 2
    assert "placeholder {nope} is not a declared field" in result.stderr


def test_shipped_catalogs_are_clean_under_strict() -> None:
    """The shipped catalogs keep their exceptions in `lint.allow`, each with its reason, not in a disabled rule."""
    result = errgen("lint", "--strict")
    assert (result.exit_code, result.stdout) == (0, ""), result.stdout + result.stderr
    assert "allowed by lint.allow" in result.stderr
    assert "[tool.errgen.lint" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_a_realistic_catalog_is_clean_under_strict() -> None:
    """Issue 29: a platform team's 21 codes gave http-status-kind-mismatch warnings for statuses the server itself
    answers with (an archived repository's 403 of kind Conflict, an internal 500), so `lint --strict` failed CI."""
    result = errgen("lint", "--strict", "catalogs/platform.yaml", cwd=ROOT / "tests" / "workflow")
    assert (result.exit_code, result.stdout) == (0, ""), result.stdout + result.stderr


def test_an_allowance_needs_a_reason(tmp_path: Path) -> None:
    text = (LINT_CASES / "missing-example" / "catalog.yaml").read_text(encoding="utf-8")
    (tmp_path / "catalog.yaml").write_text(text + 'lint: {allow: {missing-example: ""}}\n', encoding="utf-8")
    result = errgen("lint", "catalog.yaml", cwd=tmp_path)
    assert result.exit_code == 2
    assert "lint/allow/missing-example: must not be empty" in result.stderr


def test_an_allowance_is_per_code_or_for_the_catalog() -> None:
    """The per-code allowance keeps the rule on for the other codes; the catalog's covers every code."""
    case = LINT_CASES / "allowed"
    text = (case / "catalog.yaml").read_text(encoding="utf-8")
    assert errgen("lint", "--strict", "catalog.yaml", cwd=case).exit_code == 0
    scratch = case.parent.parent / ".allowed-scratch"
    scratch.mkdir(exist_ok=True)
    try:
        (scratch / "catalog.yaml").write_text(text.replace("code: archived}", "code: denied}\n    - {status: 409, "
                                                           "code: archived}"), encoding="utf-8")  # fmt: skip
        moved = errgen("lint", "catalog.yaml", cwd=scratch)
        assert moved.stdout.count("[http-status-kind-mismatch]") == 0
        (scratch / "catalog.yaml").write_text(text.replace("    missing-ui-meaning: The shop", "    x-y: The shop"),
                                              encoding="utf-8")  # fmt: skip
        dropped = errgen("lint", "catalog.yaml", cwd=scratch)
        assert dropped.stdout.count("[missing-ui-meaning]") == 2 and "unknown rule 'x-y'" in dropped.stdout
    finally:
        shutil.rmtree(scratch)


def test_the_docs_rule_table_is_the_registry() -> None:
    text = (ROOT / "docs" / "workflow.md").read_text(encoding="utf-8")
    table = text.split("| Rule | Severity | Finds |\n|---|---|---|\n", 1)[1].split("\n\n", 1)[0]
    documented = {line.split("|")[1].strip().strip("`"): line.split("|")[2].strip() for line in table.splitlines()}
    assert documented == {rule.id: rule.severity for rule in RULES.values()}
