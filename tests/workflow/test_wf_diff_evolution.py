"""A platform team's catalog evolving over months, diffed as CI does (issue 29's observations, each a test).

`catalogs/platform.yaml` (21 codes, camel casing, a `suggestedNextAction` for recoverable codes)
is edited the way the issue's team did — renames, new required fields, deprecations, removals,
envelope changes — and compared with `errgen diff` against the file, a git tag and `origin/main`.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest
from click.testing import Result

from errgen.workflow import diff_model
from workflow.util import HERE, errgen, git

PLATFORM = (HERE / "catalogs" / "platform.yaml").read_text(encoding="utf-8")


def _edit(text: str, *edits: tuple[str, str]) -> str:
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def _diff(tmp_path: Path, *edits: tuple[str, str], args: tuple[str, ...] = ("--no-semver",)) -> Result:
    (tmp_path / "old.yaml").write_text(PLATFORM, encoding="utf-8")
    (tmp_path / "new.yaml").write_text(_edit(PLATFORM, *edits), encoding="utf-8")
    return errgen("diff", "old.yaml", "new.yaml", *args, cwd=tmp_path)


def _rules(result: Result) -> list[str]:
    return [line.rsplit("[", 1)[1].rstrip("]") for line in result.stdout.splitlines()]


# -- missed ---------------------------------------------------------------------------------


def test_making_a_code_deferred_is_a_source_and_wire_break(tmp_path: Path) -> None:
    """Issue 29: `deferred` was silent, yet Python `create` then raises and the TypeScript constructor is gone."""
    edit = ("    message: \"branch '{branch}' is protected\"\n", "    message: \"branch '{branch}' is protected\"\n"
            "    deferred: true\n")  # fmt: skip
    result = _diff(tmp_path, edit, args=("--no-semver", "--category", "source"))
    assert result.exit_code == 1
    assert _rules(result) == ["code-deferred"]
    assert "code 'branch_protected' became deferred: its constructors are gone" in result.stdout


def test_recoverable_controls_the_metadata_on_the_wire_and_in_the_types(tmp_path: Path) -> None:
    """Issue 29: `recoverable: no → yes` was silent, yet it decides whether `suggestedNextAction` is on the wire."""
    edit = ("    kind: Auth\n    http_status: 401\n", "    kind: Auth\n    http_status: 401\n    recoverable: yes\n")
    for category in ("wire", "source"):
        result = _diff(tmp_path, edit, args=("--no-semver", "--category", category))
        assert _rules(result) == ["recoverable-changed"], category
        assert "suggestedNextAction now rides on its errors" in result.stdout
        assert result.exit_code == 1


def test_casing_is_a_source_change_too(tmp_path: Path) -> None:
    """Issue 29: `casing: camel → as_written` was WIRE only, yet TypeScript's properties change (gitRef → git_ref)."""
    edit = ("  casing: camel\n", "  casing: as_written\n")
    result = _diff(tmp_path, edit, args=("--no-semver", "--category", "source"))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "new.yaml:12:3: error: envelope casing changed from camel to as_written: every payload changes shape "
        "[wire-shape-changed]"
    ]


# -- doubtful ---------------------------------------------------------------------------------------


def test_dropping_a_placeholder_of_a_kept_field_is_compatible(tmp_path: Path) -> None:
    """Issue 29: dropping `{size_bytes}` from a message while keeping the field was breaking (placeholders-changed),
    though neither the wire's shape nor any signature changes: it is a compatible message change."""
    edit = ("\"'{path}' is {size_bytes} bytes, over the limit of {limit_bytes}\"", "\"'{path}' is over the limit of "
            "{limit_bytes} bytes\"")  # fmt: skip
    result = _diff(tmp_path, edit)
    assert (result.exit_code, _rules(result)) == (0, ["message-changed"])
    assert ": note: " in result.stdout
    bumped = _diff(tmp_path, edit, ("version: 1.0.0", "version: 1.0.1"), args=())
    assert bumped.exit_code == 0, bumped.stdout


def test_a_field_rename_is_one_renamed_finding(tmp_path: Path) -> None:
    """Issue 29: a field rename gave six findings and no rename hint. Now one, with the old and the new name."""
    result = _diff(
        tmp_path,
        ('  size_bytes: {type: integer, description: "The size of the content, in bytes."}',
         '  content_bytes: {type: integer, description: "The size of the content, in bytes."}'),
        ("is {size_bytes} bytes", "is {content_bytes} bytes"),
        ("fields: {required: [path, size_bytes, limit_bytes]}",
         "fields: {required: [path, content_bytes, limit_bytes]}"),
        ("size_bytes: 2000000", "content_bytes: 2000000"),
    )  # fmt: skip
    assert result.stdout.splitlines() == [
        "new.yaml:21:3: error: repair field 'size_bytes' was renamed to 'content_bytes' (used by 'file_too_large'); "
        "wire key sizeBytes → contentBytes [renamed]"
    ]


def test_a_code_rename_is_one_renamed_finding(tmp_path: Path) -> None:
    edits = [("  merge_conflict:\n", "  pull_request_conflict:\n")]
    result = _diff(tmp_path, *edits)
    assert _rules(result) == ["renamed"]
    assert "code 'merge_conflict' was renamed to 'pull_request_conflict'" in result.stdout


def test_a_metadata_key_change_is_one_short_finding(tmp_path: Path) -> None:
    """Issue 29: a metadata key change was one unreadable ~400-character line. Now: that entry, before → after."""
    edit = ("next_action: {key: suggestedNextAction, when: recoverable}",
            "next_action: {key: nextStep, when: recoverable}")
    result = _diff(tmp_path, edit)
    assert result.stdout.splitlines() == [
        "new.yaml:15:5: error: envelope metadata next_action changed from 'suggestedNextAction' when recoverable to "
        "'nextStep' when recoverable: every payload changes shape [wire-shape-changed]"
    ]
    data = json.loads(_diff(tmp_path, edit, args=("--no-semver", "--format", "json")).stdout)
    assert [(d["rule"], d["categories"], d["severity"], d["before"], d["after"]) for d in data] == [
        ("wire-shape-changed", ["wire", "source"], "breaking", "'suggestedNextAction' when recoverable",
         "'nextStep' when recoverable")]  # fmt: skip
    assert data[0]["old"] == {"path": "old.yaml", "line": 15, "col": 5}


# -- the safety net ------------------------------------------------------------------------------------


def test_a_change_no_rule_explains_is_unexplained_and_breaking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Were a rule missing, the generated surface still shows the change: `unexplained-change`, breaking, in the
    categories of what changed (here: code-deferred switched off; the constructors vanish from every language)."""
    rule = diff_model.RULES["code-deferred"]
    monkeypatch.setitem(diff_model.RULES, "code-deferred", dataclasses.replace(rule, check=None))
    edit = ("    message: \"branch '{branch}' is protected\"\n", "    message: \"branch '{branch}' is protected\"\n"
            "    deferred: true\n")  # fmt: skip
    result = _diff(tmp_path, edit, args=("--no-semver", "--format", "json"))
    found = json.loads(result.stdout)
    unexplained = [f for f in found if f["rule"] == "unexplained-change"]
    assert {c for f in unexplained for c in f["categories"]} == {"wire", "source"}
    assert all(f["severity"] == "breaking" and "code:branch_protected" in f["message"] for f in unexplained)
    assert any("NewBranchProtectedError" in f["message"] or "branchProtected" in f["message"] for f in unexplained)
    assert result.exit_code == 1


# -- versions, the changelog, CI ---------------------------------------------------------------------------------


def _repository(tmp_path: Path) -> Path:
    """A catalog repository whose `main` is on a bare `origin`, with platform 1.0.0 tagged v1.0.0."""
    origin = tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(origin))
    repo = tmp_path / "repo"
    (repo / "catalog").mkdir(parents=True)
    (repo / "pyproject.toml").write_text('[tool.errgen]\ncatalogs = ["catalog/*.yaml"]\n', encoding="utf-8")
    (repo / "catalog" / "platform.yaml").write_text(PLATFORM, encoding="utf-8")
    assert errgen("build", cwd=repo).exit_code == 0
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "platform 1.0.0")
    git(repo, "tag", "v1.0.0")
    git(repo, "remote", "add", "origin", str(origin))
    git(repo, "push", "-q", "origin", "main", "--tags")
    git(repo, "checkout", "-q", "-b", "feature")
    return repo


def _change(repo: Path, *edits: tuple[str, str]) -> None:
    path = repo / "catalog" / "platform.yaml"
    path.write_text(_edit(path.read_text(encoding="utf-8"), *edits), encoding="utf-8")


BREAKS = (
    ("    fields: {required: [repository]}\n    examples: [{repository: octo/legacy}]",
     "    fields: {required: [repository, branch]}\n    examples: [{repository: octo/legacy, branch: main}]"),
    ("  search_unavailable:\n", "  code_search_unavailable:\n"),
)  # fmt: skip


def test_a_break_needs_a_major_bump_and_a_record(tmp_path: Path) -> None:
    """Issue 29: a break without a major bump was not flagged; after bumping to 2.0.0 the diff still failed; and
    nothing wrote the changelog. Now: flagged, then accepted once `errgen changelog` records it."""
    repo = _repository(tmp_path)
    _change(repo, *BREAKS)
    first = errgen("diff", "--against", "v1.0.0", cwd=repo)
    assert first.exit_code == 1
    assert "[field-newly-required]" in first.stdout and "[renamed]" in first.stdout
    assert "this needs a major bump [version-not-bumped]" in first.stdout
    _change(repo, ("  version: 1.0.0\n", "  version: 1.1.0\n"))
    minor = errgen("diff", "--against", "v1.0.0", cwd=repo)
    needed = "2 breaking changes need a major bump, but the version went 1.0.0 → 1.1.0 [major-bump-required]"
    assert needed in minor.stdout
    _change(repo, ("  version: 1.1.0\n", "  version: 2.0.0\n"))
    unrecorded = errgen("diff", "--against", "v1.0.0", cwd=repo)
    assert unrecorded.exit_code == 1
    assert "catalog/platform.changes.md:1:1: error: 2 breaking changes of 2.0.0 are not recorded" in unrecorded.stdout
    wrote = errgen("changelog", "--against", "v1.0.0", "--write", "--date", "2025-06-01", cwd=repo)
    assert wrote.exit_code == 0, wrote.output
    log = (repo / "catalog" / "platform.changes.md").read_text(encoding="utf-8")
    assert "## [2.0.0] - 2025-06-01" in log and "### Changed" in log
    assert "- **Breaking:** repair field 'branch' is now required in code 'repository_archived'" in log
    assert "(`field-newly-required:repository_archived.branch`)" in log
    accepted = errgen("diff", "--against", "v1.0.0", cwd=repo)
    assert accepted.exit_code == 0, accepted.stdout
    assert all(": note: " in line for line in accepted.stdout.splitlines())
    assert "(accepted: recorded in catalog/platform.changes.md under 2.0.0)" in accepted.stdout
    again = errgen("changelog", "--against", "v1.0.0", "--write", "--date", "2025-06-02", cwd=repo)
    assert "already records every change" in again.stderr
    assert (repo / "catalog" / "platform.changes.md").read_text(encoding="utf-8") == log


def test_a_downgrade_is_flagged(tmp_path: Path) -> None:
    """Issue 29: `1.0.0 → 0.9.0` was not flagged."""
    repo = _repository(tmp_path)
    _change(repo, ("  version: 1.0.0\n", "  version: 0.9.0\n"))
    result = errgen("diff", "--against", "v1.0.0", cwd=repo)
    assert result.exit_code == 1
    assert result.stdout == (
        "catalog/platform.yaml:8:3: error: catalog.version went down (1.0.0 → 0.9.0) [version-downgraded]\n"
    )


def test_compatible_changes_need_a_bump_and_get_a_changelog(tmp_path: Path) -> None:
    """Issue 29: compatible changes produced no changelog. Now `errgen changelog` writes their entries (Added,
    Deprecated, Changed), and the diff asks for a minor or patch bump."""
    repo = _repository(tmp_path)
    added = ("  quota_exceeded:\n    message: the plan's quota is used up\n    kind: RateLimit\n"
             "    http_status: 429\n    next_action: Wait for the next billing period.\n"
             "    ui_meaning: upgrade the plan\n    examples: [{}]\n")
    deprecated = "    deprecated: {since: 1.1.0, replaced_by: rate_limited}\n"
    _change(repo, ("  internal_error:\n", added + "  internal_error:\n"),
            ("    message: too many requests in a short time\n",
             "    message: too many requests in a short time\n" + deprecated))  # fmt: skip
    unbumped = errgen("diff", "--against", "v1.0.0", cwd=repo)
    assert unbumped.exit_code == 1 and "this needs a minor or patch bump [version-not-bumped]" in unbumped.stdout
    printed = errgen("changelog", "--against", "v1.0.0", "--date", "2025-06-01", cwd=repo)
    assert printed.stdout.startswith("## [Unreleased]\n\n### Added\n\n- code 'quota_exceeded' was added")
    assert "### Deprecated\n\n- code 'secondary_rate_limited' was deprecated; use 'rate_limited'" in printed.stdout
    _change(repo, ("  version: 1.0.0\n", "  version: 1.1.0\n"))
    assert errgen("diff", "--against", "v1.0.0", cwd=repo).exit_code == 0
    section = errgen("changelog", "--against", "v1.0.0", "--date", "2025-06-01", cwd=repo).stdout
    assert section.startswith("## [1.1.0] - 2025-06-01\n")


def test_ci_runs_diff_against_origin_main_and_lint_strict(tmp_path: Path) -> None:
    """What a catalog repository's CI runs on a pull request: no false failure on compatible work released as
    such, and a failure on a break that is not recorded in a major bump."""
    repo = _repository(tmp_path)
    git(repo, "fetch", "-q", "origin")
    assert errgen("diff", "--against", "origin/main", cwd=repo).exit_code == 0, "nothing changed yet"
    assert errgen("lint", "--strict", cwd=repo).exit_code == 0
    _change(repo, ("    message: the API did not answer in time\n",
                   "    message: the API did not answer in time (it may still be working)\n"),
            ("  version: 1.0.0\n", "  version: 1.0.1\n"))  # fmt: skip
    ok = errgen("diff", "--against", "origin/main", "--format", "github", cwd=repo)
    assert ok.exit_code == 0, ok.stdout
    assert ok.stdout.startswith("::notice file=catalog/platform.yaml,") and "title=message-changed" in ok.stdout
    _change(repo, ("  casing: camel\n", "  casing: as_written\n"))
    broken = errgen("diff", "--against", "origin/main", "--format", "github", cwd=repo)
    assert broken.exit_code == 1
    assert "::error file=catalog/platform.yaml,line=12,col=3,title=wire-shape-changed::" in broken.stdout
    assert "title=major-bump-required" in broken.stdout
    assert errgen("lint", "--strict", cwd=repo).exit_code == 0


def test_a_removed_catalog_file_is_a_break_against_the_revision(tmp_path: Path) -> None:
    repo = _repository(tmp_path)
    (repo / "catalog" / "other.yaml").write_text(PLATFORM.replace("name: platform", "name: other"), encoding="utf-8")
    (repo / "catalog" / "platform.yaml").unlink()
    result = errgen("diff", "--against", "v1.0.0", cwd=repo)
    assert result.exit_code == 1
    assert "catalog 'platform' was removed since v1.0.0 with its 21 codes" in result.stdout
    assert "catalog/other.yaml is new since v1.0.0" in result.stderr
    shutil.rmtree(repo / "generated")
