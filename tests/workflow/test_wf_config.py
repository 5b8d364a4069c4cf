"""``[tool.errgen]``: every key is validated, and command-line flags override it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from errgen.workflow.config import ConfigError, load_config
from errgen.workflow.project import from_settings
from workflow.util import ROOT

CONFIG = """\
[tool.errgen]
catalogs = ["cats/*.yaml"]
out = "build/errors"
targets = ["catalog", "markdown"]
templates = "tpl"
[tool.errgen.python]
module = "errors"
[tool.errgen.typescript]
import_extension = ""
[tool.errgen.docs]
files = ["README.md"]
"""


def _project(tmp_path: Path, config: str = CONFIG) -> Path:
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
    (tmp_path / "cats").mkdir()
    (tmp_path / "cats" / "b.yaml").write_text("", encoding="utf-8")
    (tmp_path / "cats" / "a.yaml").write_text("", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    return tmp_path


def test_config_values_reach_the_project(tmp_path: Path) -> None:
    root = _project(tmp_path)
    project = from_settings(cwd=root / "sub")
    assert project.root == root
    assert project.catalogs == (root / "cats" / "a.yaml", root / "cats" / "b.yaml")
    assert project.out_dir == root / "build" / "errors"
    assert project.targets == ("catalog", "markdown")
    assert project.options.templates == str(root / "tpl")
    assert project.options.python_module == "errors"
    assert project.options.ts_import_extension == ""
    assert load_config(root).docs_files == ("README.md",)


def test_command_line_overrides_config(tmp_path: Path) -> None:
    root = _project(tmp_path)
    project = from_settings(cwd=root / "sub", catalogs=("x.yaml",), out="o", targets=("python",), templates="t")
    assert project.catalogs == (root / "sub" / "x.yaml",)
    assert project.out_dir == root / "sub" / "o"
    assert project.targets == ("python",)
    assert project.options.templates == str(root / "sub" / "t")


def test_defaults_without_config(tmp_path: Path) -> None:
    config = load_config(tmp_path)
    assert (config.catalogs, config.out, config.templates, config.lint_disable) == (
        ("catalog/*.yaml", "catalog/*.yml"),
        "generated",
        None,
        (),
    )


def test_lint_settings_merge_per_catalog(tmp_path: Path) -> None:
    config = load_config(_project(tmp_path, CONFIG + (
        '[tool.errgen.lint]\ndisable = ["missing-example"]\nseverity = {missing-next-action = "error"}\n'
        '[tool.errgen.lint.shop]\ndisable = ["missing-ui-meaning"]\nseverity = {missing-next-action = "warning"}\n'
    )))  # fmt: skip
    shop, other = config.lint_for("shop"), config.lint_for("other")
    assert shop.disable == ("missing-example", "missing-ui-meaning")
    assert shop.severity == {"missing-next-action": "warning"}
    assert other.disable == ("missing-example",)
    assert other.severity == {"missing-next-action": "error"}


@pytest.mark.parametrize(
    ("config", "where", "message"),
    [
        ("[tool.errgen]\ncatalog = []\n", "2:1", "unknown key 'catalog' in [tool.errgen]; did you mean 'catalogs'?"),
        ("[tool.errgen]\nout = 3\n", "2:7", "out must be a string, got int 3"),
        ("[tool.errgen]\ntargets = ['pyton']\n", "2:12", "unknown target 'pyton'; did you mean 'python'?"),
        ("[tool.errgen.python]\nmodule = 'my-errors'\n", "2:10",
         "python.module 'my-errors' is not a valid Python module name"),
        ("[tool.errgen.python]\nmodul = 'x'\n", "2:1",
         "unknown key 'modul' in [tool.errgen.python]; did you mean 'module'?"),
        ("[tool.errgen.typescript]\nimport_extension = '.mjs'\n", "2:20",
         "typescript.import_extension must be '.js' or ''"),
        ("[tool.errgen]\npython = 1\n", "2:10", "[tool.errgen.python] must be a table, got int 1"),
        ("[tool.errgen.docs]\nfiles = [1]\n", "2:10", "each item of docs.files must be a string, got int 1"),
        ("[tool]\nerrgen = 3\n", "2:10", "[tool.errgen] must be a table, got int 3"),
        ("[tool.errgen\n", "1:13", "invalid TOML: Expected ']' at the end of a table declaration"),
    ],
)  # fmt: skip
def test_config_errors(tmp_path: Path, config: str, where: str, message: str) -> None:
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    assert str(caught.value).startswith(f"pyproject.toml:{where}: error: {message}")


TRICKY = """\
[project]
name = "demo"  # [tool.errgen] in a comment is no header
description = \"\"\"
[tool.errgen]
out = 3
\"\"\"

[tool.errgen]
catalog = ["catalog/*.yaml"]
out = 3
targets = [
  "python",
  # a comment between the items
  "pyton",
]
python = { module = "my-errors" }
"typescript".import_extension = ".mjs"
lint.severity = { missing-example = "fatal", missing-exampel = "error" }

[[tool.other]]
templates = 1

[tool.errgen.docs]
files = ["README.md",
         7]

[tool.errgen.lint.shop]
disable = ["missing-ui-meanin"]
"""


def _run(root: Path) -> subprocess.CompletedProcess[str]:
    """The real command line: ``python -m errgen build`` in `root`."""
    return subprocess.run(
        [sys.executable, "-m", "errgen", "build"], cwd=root, capture_output=True, text=True, check=False, timeout=300
    )


def test_every_config_mistake_in_one_run_with_its_position(tmp_path: Path) -> None:
    (tmp_path / "catalog").mkdir()
    shutil.copy(ROOT / "catalog" / "workbook.yaml", tmp_path / "catalog" / "workbook.yaml")
    (tmp_path / "pyproject.toml").write_text(TRICKY, encoding="utf-8")
    done = _run(tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "pyproject.toml:9:1: error: unknown key 'catalog' in [tool.errgen]; did you mean 'catalogs'?",
        "pyproject.toml:10:7: error: out must be a string, got int 3",
        "pyproject.toml:14:3: error: unknown target 'pyton'; did you mean 'python'? "
        "choose from catalog, jsonschema, openapi, reasons, markdown, python, typescript, go, rust, packs, custom",
        "pyproject.toml:16:21: error: python.module 'my-errors' is not a valid Python module name",
        "pyproject.toml:17:33: error: typescript.import_extension must be '.js' or '' (for bundlers), got '.mjs'",
        "pyproject.toml:18:37: error: tool.errgen.lint.severity.missing-example must be 'error' or 'warning', "
        "got 'fatal'",
        "pyproject.toml:18:46: error: unknown lint rule 'missing-exampel' in [tool.errgen.lint]; "
        "did you mean 'missing-example'?",
        "pyproject.toml:25:10: error: each item of docs.files must be a string, got int 7",
        "pyproject.toml:28:12: error: unknown lint rule 'missing-ui-meanin' in [tool.errgen.lint.shop]; "
        "did you mean 'missing-ui-meaning'?",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["catalog", "pyproject.toml"]  # nothing written


def test_dotted_quoted_and_nested_keys_are_located(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool]\n"
        'errgen.out = 3  # "dotted" from [tool]\n'
        '"errgen" . "lint" . "x-\\u00e9" = {severity = {"missing-example" = "loud"}}\n'
        "[tool.errgen.lint.shop.severity]\n"
        "# größe: a comment before the key\n"
        "  missing-next-action   =   'never'\n"
        '[tool.errgen.typescript]\nimport_extension = "x"  # ünïcode before: "é" = 1\n',
        encoding="utf-8",
    )
    done = _run(tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "pyproject.toml:2:14: error: out must be a string, got int 3",
        "pyproject.toml:3:67: error: tool.errgen.lint.x-é.severity.missing-example must be 'error' or 'warning', "
        "got 'loud'",
        "pyproject.toml:6:29: error: tool.errgen.lint.shop.severity.missing-next-action must be 'error' or "
        "'warning', got 'never'",
        "pyproject.toml:8:20: error: typescript.import_extension must be '.js' or '' (for bundlers), got 'x'",
    ]


def test_positions_count_characters_not_bytes(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.errgen]\n"größe" = 1\nlint = {"ö" = {disable = ["naïve"]}}\n', encoding="utf-8"
    )
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    assert [str(d.loc) for d in caught.value.diagnostics] == ["pyproject.toml:2:1", "pyproject.toml:3:27"]
