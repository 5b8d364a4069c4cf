"""``[tool.errgen]``: every key is validated, and command-line flags override it."""

from __future__ import annotations

from pathlib import Path

import pytest

from errgen.config import ConfigError, load_config
from errgen.project import from_settings

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
    ("config", "message"),
    [
        ("[tool.errgen]\ncatalog = []\n", "unknown key 'catalog' in [tool.errgen]; did you mean 'catalogs'?"),
        ("[tool.errgen]\nout = 3\n", "out must be a string, got int 3"),
        ("[tool.errgen]\ntargets = ['pyton']\n", "unknown target(s) ['pyton']"),
        ("[tool.errgen.python]\nmodule = 'my-errors'\n", "python.module 'my-errors' is not a valid Python module name"),
        ("[tool.errgen.python]\nmodul = 'x'\n", "unknown key 'modul' in [tool.errgen.python]; did you mean 'module'?"),
        ("[tool.errgen.typescript]\nimport_extension = '.mjs'\n", "typescript.import_extension must be '.js' or ''"),
        ("[tool.errgen]\npython = 1\n", "[tool.errgen.python] must be a table, got int 1"),
        ("[tool.errgen.docs]\nfiles = [1]\n", "each item of docs.files must be a string, got int 1"),
        ("[tool.errgen\n", "invalid TOML"),
    ],
)  # fmt: skip
def test_config_errors(tmp_path: Path, config: str, message: str) -> None:
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    assert str(caught.value).startswith(f"{tmp_path / 'pyproject.toml'}: error: ")
    assert message in str(caught.value)
