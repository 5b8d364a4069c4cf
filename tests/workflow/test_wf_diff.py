"""Breaking-change diff: previous/current catalog pairs with exact expected findings."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.model import Tool
from errgen.targets import TargetOptions
from errgen.targets.catalog_json import generate as catalog_json
from errgen.workflow.diff import CATEGORIES, RULES, SECTIONS, VERSION, identity_of, parse_identity, rule_ids
from errgen.workflow.sources import compile_path
from workflow.util import DIFF_CASES, ROOT, cases, errgen, git, run_diff_case

CASES = cases(DIFF_CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_case(case: Path) -> None:
    expected = (case / "expected.txt").read_text(encoding="utf-8")
    result = run_diff_case(case)
    assert result.stdout == expected
    assert expected, f"case {case.name} finds nothing"
    assert result.exit_code == (1 if ": error: " in expected else 0), result.stderr


OWN_TESTS = {"unexplained-change"}  # no catalog edit makes one while every rule holds: test_wf_diff_surface.py


def test_every_rule_has_its_own_case() -> None:
    """Each rule fires in the case named after it; other rules there are compatible notes at most."""
    names = {c.name for c in CASES}
    assert set(RULES) - OWN_TESTS <= names, f"rules without a diff case: {sorted(set(RULES) - OWN_TESTS - names)}"
    for rule in set(RULES) - OWN_TESTS:
        found = (DIFF_CASES / rule / "expected.txt").read_text(encoding="utf-8").splitlines()
        assert any(line.endswith(f"[{rule}]") for line in found), f"case {rule} does not find {rule}"
        others = [line for line in found if not line.endswith(f"[{rule}]") and ": note: " not in line]
        assert others == [] or rule in rule_ids(VERSION), f"case {rule} reports other breaks too"


def test_compatible_changes_are_not_breaking() -> None:
    """Adding codes, optional fields, kinds, policies, rewording, deprecating: notes, exit 0 (with a version bump)."""
    found = (DIFF_CASES / "compatible" / "expected.txt").read_text(encoding="utf-8").splitlines()
    assert len(found) >= 8 and all(": note: " in line for line in found)
    bumped = run_diff_case(DIFF_CASES / "compatible-bumped")
    assert bumped.exit_code == 0 and bumped.stdout.splitlines() == found


def test_every_rule_is_wire_source_docs_or_version() -> None:
    for rule in RULES.values():
        assert rule.categories, rule.id
        assert set(rule.categories) <= set(CATEGORIES) or rule.categories == (VERSION,), rule.id
        assert rule.section in SECTIONS, rule.id
        assert (rule.check is None) == (rule.id in OWN_TESTS | set(rule_ids(VERSION)) | {"identifier-changed"})


def test_category_selects_rules() -> None:
    """Issue 29: `--category` picks the findings of a category (a rule in two is reported under each)."""
    wire = run_diff_case(DIFF_CASES / "category-wire").stdout
    source = run_diff_case(DIFF_CASES / "category-source").stdout
    docs = run_diff_case(DIFF_CASES / "category-docs").stdout
    assert "[kind-changed]" in wire and "[placeholders-changed]" not in wire
    assert "[placeholders-changed]" in source and "[kind-changed]" not in source
    assert "[code-text-changed]" in docs and "[kind-changed]" not in docs
    both = errgen("diff", "previous.yaml", "current.yaml", "--no-semver", cwd=DIFF_CASES / "category-wire").stdout
    assert sorted(both.splitlines()) == sorted(set(wire.splitlines() + source.splitlines()))


def test_formats() -> None:
    """Issue 29: the JSON has no category and no before/after values. Now: rule, categories, severity, both places."""
    case = DIFF_CASES / "kind-changed"
    args = ("diff", "previous.yaml", "current.yaml", "--no-semver", "--format")
    data = json.loads(errgen(*args, "json", cwd=case).stdout)
    assert data == [{
        "path": "current.yaml", "line": 20, "col": 5, "level": "error", "rule": "kind-changed",
        "message": "kind of code 'too_large' changed from Validation to Transient", "categories": ["wire"],
        "severity": "breaking", "accepted": None, "subject": "too_large", "key": "kind-changed:too_large",
        "new": {"path": "current.yaml", "line": 20, "col": 5}, "old": {"path": "previous.yaml", "line": 20, "col": 5},
        "before": "Validation", "after": "Transient",
    }]  # fmt: skip
    github = errgen(*args, "github", cwd=case).stdout
    assert github == (
        "::error file=current.yaml,line=20,col=5,title=kind-changed::"
        "kind of code 'too_large' changed from Validation to Transient\n"
    )
    notes = errgen(*args, "github", cwd=DIFF_CASES / "code-added").stdout
    assert notes.startswith("::notice file=current.yaml,") and "title=code-added::code 'brand_new' was added" in notes


def test_invalid_catalog_is_exit_2(tmp_path: Path) -> None:
    shutil.copy(DIFF_CASES / "kind-changed" / "previous.yaml", tmp_path / "old.yaml")
    (tmp_path / "new.yaml").write_text(
        "errgen: 1\ncatalog: {name: shop, version: 1.0.0}\ncodes: {}\n", encoding="utf-8"
    )
    result = errgen("diff", "old.yaml", "new.yaml", cwd=tmp_path)
    assert result.exit_code == 2
    assert "new.yaml:3:8: error:" in result.stderr and result.stdout == ""
    missing = errgen("diff", "old.yaml", "nope.yaml", cwd=tmp_path)
    assert missing.exit_code == 2 and "nope.yaml:1:1: error: cannot read file" in missing.stderr


def _snapshot(catalog_file: Path, out: Path) -> None:
    located = compile_path(catalog_file, catalog_file.name, Diagnostics())
    assert located is not None
    for rel, text in catalog_json(located.catalog, TargetOptions()).items():
        (out / rel).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("name", ["workbook", "filetools", "napkin"])
def test_published_snapshot_round_trips(name: str) -> None:
    diags = Diagnostics()
    source = compile_path(ROOT / "catalog" / f"{name}.yaml", "a", diags)
    snapshot = compile_path(ROOT / "generated" / name / "catalog.json", "b", diags)
    assert source is not None and snapshot is not None, [d.format() for d in diags.items]
    assert snapshot.catalog.fingerprint == source.catalog.fingerprint
    assert diags.items == []


def test_a_snapshot_of_tools_with_schema_files_round_trips() -> None:
    """catalog.json holds a tool's schemas inline and its kinds and groups expanded: the same catalog."""
    diags = Diagnostics()
    case = ROOT / "tests" / "cases" / "good_tools"
    source = compile_path(case / "catalog.yaml", "a", diags)
    snapshot = compile_path(case / "expected" / "toolbox" / "catalog.json", "b", diags)
    assert source is not None and snapshot is not None, [d.format() for d in diags.items]
    assert snapshot.catalog.fingerprint == source.catalog.fingerprint

    def contract(tool: Tool) -> tuple[object, ...]:
        schemas = [None if ref is None else ref.schema for ref in (tool.output_schema, tool.input_schema)]
        return tool.name, tool.description, tool.own, tool.codes, tool.output_root, *schemas

    assert list(map(contract, snapshot.catalog.tools.values())) == list(map(contract, source.catalog.tools.values()))
    assert snapshot.catalog.every_tool == source.catalog.every_tool == ("internal",)


def test_snapshot_as_old_side_uses_identity_beside_it(tmp_path: Path) -> None:
    case = DIFF_CASES / "identifier-changed"
    shutil.copy(case / "current.yaml", tmp_path / "catalog.yaml")
    _snapshot(tmp_path / "catalog.yaml", tmp_path)
    assert errgen("diff", "catalog.json", "catalog.yaml", cwd=tmp_path).exit_code == 0
    (tmp_path / "identity.txt").write_text(
        (case / "previous.identity.txt").read_text(encoding="utf-8"), encoding="utf-8"
    )
    result = errgen("diff", "catalog.json", "catalog.yaml", cwd=tmp_path)
    assert result.exit_code == 1
    assert result.stdout.count("[identifier-changed]") == 2
    edited = tmp_path / "catalog.json"
    edited.write_text(edited.read_text(encoding="utf-8").replace('"version": "1.0.0"', '"version": "9.0.0"'))
    assert "fingerprint does not match" in errgen("diff", "catalog.json", "catalog.yaml", cwd=tmp_path).stderr


def test_identity_file_round_trips() -> None:
    located = compile_path(ROOT / "catalog" / "napkin.yaml", "napkin.yaml", Diagnostics())
    assert located is not None
    text = catalog_json(located.catalog, TargetOptions())["identity.txt"]
    parsed, derived = parse_identity(text), identity_of(located.catalog)
    assert (parsed.codes, parsed.fields) == (derived.codes, derived.fields)
    assert len(parsed.codes) == 10


def _repo(tmp_path: Path) -> Path:
    """A scratch git repository with a configured project whose catalog and identity are committed."""
    repo = tmp_path / "repo"
    (repo / "catalog").mkdir(parents=True)
    (repo / "pyproject.toml").write_text('[tool.errgen]\ncatalogs = ["catalog/*.yaml"]\n', encoding="utf-8")
    shutil.copy(DIFF_CASES / "kind-changed" / "previous.yaml", repo / "catalog" / "shop.yaml")
    (repo / "generated" / "shop").mkdir(parents=True)
    _snapshot(repo / "catalog" / "shop.yaml", repo / "generated" / "shop")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "v1")
    return repo


def test_diff_reads_a_git_revision(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    shutil.copy(DIFF_CASES / "code-removed" / "previous.yaml", repo / "catalog" / "shop.yaml")
    git(repo, "commit", "-qam", "the code-removed case's base")
    shutil.copy(DIFF_CASES / "code-removed" / "current.yaml", repo / "catalog" / "shop.yaml")
    result = errgen("diff", "HEAD:catalog/shop.yaml", "catalog/shop.yaml", "--no-semver", cwd=repo)
    assert result.stdout == (DIFF_CASES / "code-removed" / "expected.txt").read_text().replace(
        "current.yaml", "catalog/shop.yaml"
    )
    assert result.exit_code == 1
    bad_rev = errgen("diff", "nope:catalog/shop.yaml", "catalog/shop.yaml", cwd=repo)
    assert bad_rev.exit_code == 2 and "unknown git revision 'nope'" in bad_rev.stderr
    bad_path = errgen("diff", "HEAD:catalog/other.yaml", "catalog/shop.yaml", cwd=repo)
    assert bad_path.exit_code == 2 and "catalog/other.yaml does not exist at revision HEAD" in bad_path.stderr


def _check_against(repo: Path, ref: str, category: str = "all", *, semver: bool = False) -> int:
    from errgen.cli.commands.diff import check_against
    from errgen.workflow.project import from_settings
    from workflow.util import chdir

    with chdir(repo):
        return check_against(from_settings(cwd=repo), ref, category, semver=semver)


def test_check_against(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = _repo(tmp_path)
    assert _check_against(repo, "HEAD") == 0
    assert "no changes" in capsys.readouterr().err
    shutil.copy(DIFF_CASES / "kind-changed" / "current.yaml", repo / "catalog" / "shop.yaml")
    shutil.copy(DIFF_CASES / "kind-changed" / "previous.yaml", repo / "catalog" / "other.yaml")
    (repo / "catalog" / "other.yaml").write_text(
        (repo / "catalog" / "other.yaml").read_text().replace("name: shop", "name: other"), encoding="utf-8"
    )
    assert _check_against(repo, "HEAD") == 1
    out = capsys.readouterr()
    assert out.out == (
        "catalog/shop.yaml:20:5: error: kind of code 'too_large' changed from Validation to Transient [kind-changed]\n"
    )
    assert "catalog/other.yaml is new since HEAD" in out.err
    assert _check_against(repo, "HEAD", "source") == 0
    assert _check_against(repo, "no-such-branch") == 2
    assert "unknown git revision 'no-such-branch'" in capsys.readouterr().err


def test_check_against_reports_a_removed_catalog(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = _repo(tmp_path)
    other = (DIFF_CASES / "kind-changed" / "previous.yaml").read_text(encoding="utf-8")
    (repo / "catalog" / "other.yaml").write_text(other.replace("name: shop", "name: other"), encoding="utf-8")
    (repo / "catalog" / "shop.yaml").unlink()
    assert _check_against(repo, "HEAD") == 1
    assert capsys.readouterr().out == (
        "HEAD:generated/shop/identity.txt:1:1: error: catalog 'shop' was removed since HEAD with its 4 codes; "
        "they vanish without being retired (keep the catalog and list them under 'retired') [code-removed]\n"
    )
    assert _check_against(repo, "HEAD", "wire") == 1


def test_check_against_a_moved_catalog_is_not_removed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = _repo(tmp_path)
    (repo / "catalog" / "shop.yaml").rename(repo / "catalog" / "store.yaml")
    assert _check_against(repo, "HEAD") == 0
    out = capsys.readouterr()
    assert out.out == "" and "catalog/store.yaml is new since HEAD" in out.err


def test_check_against_a_renamed_catalog_is_not_also_removed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = _repo(tmp_path)
    shop = repo / "catalog" / "shop.yaml"
    shop.write_text(shop.read_text(encoding="utf-8").replace("name: shop", "name: store"), encoding="utf-8")
    assert _check_against(repo, "HEAD") == 1
    found = capsys.readouterr().out.splitlines()
    # the problem type URIs and the domain the catalog derives from its name change with it
    allowed = ("[catalog-renamed]", "[catalog-text-changed]", "[problem-type-changed]", "[domain-changed]")
    assert found and all(line.endswith(allowed) for line in found), found
    assert sum(line.endswith("[catalog-renamed]") for line in found) == 1


def test_check_against_uses_the_committed_identity(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = _repo(tmp_path)
    identity = repo / "generated" / "shop" / "identity.txt"
    identity.write_text(identity.read_text().replace("| TooLarge |", "| TooLARGE |"), encoding="utf-8")
    git(repo, "commit", "-qam", "identity written by an older errgen")
    shutil.rmtree(repo / "generated")  # read from the revision, not the work tree
    assert _check_against(repo, "HEAD") == 1
    assert "class TooLARGE → TooLarge [identifier-changed]" in capsys.readouterr().out


def test_check_against_outside_git(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "catalog").mkdir()
    shutil.copy(DIFF_CASES / "kind-changed" / "previous.yaml", tmp_path / "catalog" / "shop.yaml")
    (tmp_path / "pyproject.toml").write_text("[tool.errgen]\n", encoding="utf-8")
    assert _check_against(tmp_path, "HEAD") == 2
    assert "not inside a git repository" in capsys.readouterr().err


WIRE_BASE = """errgen: 1
catalog: {name: tools, version: 1.0.0}
envelope: {tool_failure_meta: false%s}
fields:
  file_path: {type: string}
codes:
  stale_file:
    message: "'{file_path}' changed on disk"
    recoverable: yes
    next_action: Re-read the file.
    fields: {required: [file_path]}
"""


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("discriminator", "kind"),
        ("casing", "camel"),
        ("metadata", "{next_action: suggestedNextAction}"),
        ("metadata", "{recoverable: {key: recoverable, when: recoverable}}"),
        ("provenance", "optional"),
        ("provenance", "none"),
        ("provenance", "false"),
        ("mirror_is_error", "true"),
        ("structured_content", "false"),
    ],
)
def test_each_wire_shape_option_is_wire_breaking(tmp_path: Path, option: str, value: str) -> None:
    (tmp_path / "old.yaml").write_text(WIRE_BASE % "", encoding="utf-8")
    (tmp_path / "new.yaml").write_text(WIRE_BASE % f", {option}: {value}", encoding="utf-8")
    wire = errgen("diff", "old.yaml", "new.yaml", "--no-semver", "--category", "wire", cwd=tmp_path)
    assert wire.exit_code == 1 and f"envelope {option} " in wire.stdout, wire.stdout + wire.stderr
    assert all(line.endswith("[wire-shape-changed]") for line in wire.stdout.splitlines())
    assert len(wire.stdout.splitlines()) == 1, "one finding per option"
    source = errgen("diff", "old.yaml", "new.yaml", "--no-semver", "--category", "source", cwd=tmp_path)
    assert source.stdout == wire.stdout, "what the generated types say changes with the wire shape"


def test_the_same_wire_shape_said_two_ways_is_no_finding(tmp_path: Path) -> None:
    (tmp_path / "old.yaml").write_text(WIRE_BASE % ", retriable_field: true, provenance: true", encoding="utf-8")
    (tmp_path / "new.yaml").write_text(WIRE_BASE % ", metadata: {retriable: retriable}, provenance: required",
                                       encoding="utf-8")  # fmt: skip
    done = errgen("diff", "old.yaml", "new.yaml", cwd=tmp_path)
    assert done.exit_code == 0 and done.stdout == "", done.stdout
    assert "no changes" in done.stderr


def test_the_docs_rule_table_is_the_registry() -> None:
    """Issue 29: `wire-shape-changed` was missing from docs/workflow.md's table. The table is the registry now."""
    text = (ROOT / "docs" / "workflow.md").read_text(encoding="utf-8")
    table = text.split("| Rule | Category | Breaking | Finds |\n|---|---|---|---|\n", 1)[1].split("\n\n", 1)[0]
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()]
    documented = {row[0].strip("`"): (row[1], row[2], row[3]) for row in rows}
    registry = {r.id: (", ".join(c.upper() for c in r.categories), "yes" if r.breaking else "no", r.summary)
                for r in RULES.values()}  # fmt: skip
    assert documented == registry
    assert "wire-shape-changed" in documented
