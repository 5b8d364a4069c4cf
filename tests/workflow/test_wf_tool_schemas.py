"""Schema files a catalog's tools refer to (``output_schema: schemas/x.json``) are inputs of the build:
a change to one makes the output stale even when the catalog's bytes did not change (the warm-build
cache records them), and a catalog read at a git revision reads them at that revision."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from conftest import ROOT, run_errgen

CASE = ROOT / "tests" / "cases" / "good_tools"


def project(tmp_path: Path) -> Path:
    """A project with good_tools' catalog and its schema files under catalog/."""
    folder = tmp_path / "project"
    shutil.copytree(CASE, folder / "catalog", ignore=shutil.ignore_patterns("expected"))
    (folder / "pyproject.toml").write_text('[tool.errgen]\ncatalogs = ["catalog/catalog.yaml"]\n', encoding="utf-8")
    return folder


def test_a_changed_schema_file_makes_the_build_stale(tmp_path: Path) -> None:
    folder = project(tmp_path)
    env = {"ERRGEN_CACHE_DIR": str(tmp_path / "cache")}
    assert run_errgen("build", cwd=folder, env=env).returncode == 0
    assert run_errgen("check", cwd=folder, env=env).returncode == 0  # the warm cache vouches for it
    schema = folder / "catalog" / "schemas" / "search.output.json"
    data = json.loads(schema.read_text(encoding="utf-8"))
    data["properties"]["total"] = {"type": "integer"}
    schema.write_text(json.dumps(data), encoding="utf-8")
    stale = run_errgen("check", cwd=folder, env=env)
    assert stale.returncode == 1, stale.stdout + stale.stderr
    assert "schema/tools/search.output.schema.json" in stale.stdout + stale.stderr
    assert run_errgen("build", cwd=folder, env=env).returncode == 0
    tools = folder / "generated" / "toolbox" / "schema" / "tools"
    built = json.loads((tools / "search.output.schema.json").read_text(encoding="utf-8"))
    assert built["anyOf"][0]["properties"]["total"] == {"type": "integer"}


def test_a_catalog_at_a_revision_reads_its_schema_files_there(tmp_path: Path) -> None:
    folder = project(tmp_path)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "one"]):
        subprocess.run([*git, *args], cwd=folder, check=True, capture_output=True)
    schema = folder / "catalog" / "schemas" / "search.output.json"
    schema.write_text(schema.read_text(encoding="utf-8").replace('"hits"]', '"hits", "total"]'), encoding="utf-8")
    same = run_errgen("diff", "HEAD:catalog/catalog.yaml", "HEAD:catalog/catalog.yaml", cwd=folder)
    assert same.returncode == 0, same.stdout + same.stderr
    changed = run_errgen("diff", "HEAD:catalog/catalog.yaml", "catalog/catalog.yaml", cwd=folder)
    assert "output-schema-changed" in changed.stdout, changed.stdout + changed.stderr
    schema.unlink()  # only the revision has it now
    assert run_errgen("diff", "HEAD:catalog/catalog.yaml", "HEAD:catalog/catalog.yaml", cwd=folder).returncode == 0
    missing = run_errgen("diff", "HEAD:catalog/catalog.yaml", "catalog/catalog.yaml", cwd=folder)
    assert missing.returncode == 2 and "schemas/search.output.json' does not exist" in missing.stderr, missing.stderr
