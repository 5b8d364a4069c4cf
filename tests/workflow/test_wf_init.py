"""``errgen init``: the scaffold builds, checks and lints clean at once; nothing is overwritten."""

from __future__ import annotations

from pathlib import Path

from errgen.cli.commands.init import default_name
from workflow.util import errgen


def test_scaffold_builds_at_once(tmp_path: Path) -> None:
    project = tmp_path / "My Server"
    project.mkdir()
    result = errgen("init", cwd=project)
    assert result.exit_code == 0, result.stderr
    assert (project / "catalog" / "my_server.yaml").is_file()
    assert (project / "catalog" / "catalog.schema.json").is_file()
    build = errgen("build", cwd=project)
    assert build.exit_code == 0, build.stderr
    assert (project / "generated" / "my_server" / "catalog.json").is_file()
    assert errgen("check", cwd=project).exit_code == 0
    lint = errgen("lint", "--strict", cwd=project)
    assert (lint.exit_code, lint.stdout) == (0, ""), lint.stdout
    assert errgen("explain", "invalid_input", cwd=project).stdout.startswith("invalid_input — Invalid input")


def test_appends_config_to_an_existing_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "srv"', encoding="utf-8")
    assert errgen("init", "--name", "srv", cwd=tmp_path).exit_code == 0
    text = (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    assert text.startswith('[project]\nname = "srv"\n\n[tool.errgen]\ncatalogs = ["catalog/srv.yaml"]\n')
    assert errgen("validate", "catalog/srv.yaml", cwd=tmp_path).exit_code == 0


def test_keeps_existing_config_and_catalog(tmp_path: Path) -> None:
    config = '[tool.errgen]\nout = "gen"\n'
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
    first = errgen("init", "--name", "srv", cwd=tmp_path)
    assert "kept:" in first.stdout
    assert (tmp_path / "pyproject.toml").read_text(encoding="utf-8") == config
    catalog = tmp_path / "catalog" / "srv.yaml"
    catalog.write_text("mine", encoding="utf-8")
    again = errgen("init", "--name", "srv", cwd=tmp_path)
    assert again.exit_code == 2 and "already exists; pass --force" in again.stderr
    assert catalog.read_text(encoding="utf-8") == "mine"
    assert errgen("init", "--name", "srv", "--force", cwd=tmp_path).exit_code == 0
    assert catalog.read_text(encoding="utf-8") != "mine"


def test_into_a_folder_and_name_validation(tmp_path: Path) -> None:
    assert errgen("init", "sub", cwd=tmp_path).exit_code == 0
    assert (tmp_path / "sub" / "catalog" / "sub.yaml").is_file()
    bad = errgen("init", "--name", "Bad Name", cwd=tmp_path)
    assert bad.exit_code == 2 and "Invalid value for '--name'" in bad.stderr


def test_default_name() -> None:
    assert default_name(Path("/x/My-Server 2")) == "my-server_2"
    assert default_name(Path("/x/42")) == "errors"
    assert default_name(Path("/x/__init__")) == "init"
