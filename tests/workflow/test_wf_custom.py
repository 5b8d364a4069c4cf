"""User templates: ``custom/*.jinja`` add files (golden case), user files override built-ins."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from errgen.catalog.diagnostics import CatalogInvalid
from errgen.targets import TARGETS, TargetOptions
from errgen.targets.custom import generate, templates
from workflow.util import CUSTOM, errgen, read_tree, render_custom


def test_golden_case() -> None:
    rendered = {rel: text.encode("utf-8") for rel, text in render_custom(CUSTOM).items()}
    assert rendered == read_tree(CUSTOM / "expected")


def test_partials_are_not_outputs() -> None:
    assert templates(str(CUSTOM / "templates")) == ["custom/codes.csv.jinja", "custom/go/errors.go.jinja"]
    assert templates(None) == [] and templates(str(CUSTOM)) == []


def test_target_is_registered_and_builds_from_the_command_line(tmp_path: Path) -> None:
    assert TARGETS.get("custom") == "errgen.targets.custom", "add the custom target to errgen.targets.TARGETS"
    result = errgen("build", "catalog.yaml", "-t", "custom", "--templates", "templates", "--out", str(tmp_path),
                    cwd=CUSTOM)  # fmt: skip
    assert result.exit_code == 0, result.stderr
    built, expected = read_tree(tmp_path / "shop"), read_tree(CUSTOM / "expected")
    manifest = json.loads(built.pop("errgen-manifest.json"))
    assert built == expected
    assert manifest["targets"] == {"custom": {rel: hashlib.sha256(data).hexdigest() for rel, data in expected.items()}}


def _broken(tmp_path: Path, text: str) -> TargetOptions:
    shutil.copytree(CUSTOM / "templates", tmp_path / "templates")
    (tmp_path / "templates" / "custom" / "broken.txt.jinja").write_text(text, encoding="utf-8")
    return TargetOptions(templates=str(tmp_path / "templates"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ok\n{% for x in %}\n", ":2:1: error: template syntax error: Expected an expression"),
        ("ok\n\n{{ catalog.no_such_thing }}\n", ":3:1: error: template error (undefined value): "),
    ],
)
def test_template_errors_point_at_the_template_line(tmp_path: Path, text: str, message: str) -> None:
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.sources import compile_path

    located = compile_path(CUSTOM / "catalog.yaml", "catalog.yaml", Diagnostics())
    assert located is not None
    with pytest.raises(CatalogInvalid) as caught:
        generate(located.catalog, _broken(tmp_path, text))
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.format().startswith(str(tmp_path / "templates" / "custom" / "broken.txt.jinja"))
    assert message in diagnostic.format()


def test_user_template_overrides_a_builtin(tmp_path: Path) -> None:
    (tmp_path / "markdown").mkdir()
    (tmp_path / "markdown" / "_table.md.jinja").write_text(
        "{% for v in views %}* {{ v.code.id | md_code }}: {{ v.code.title | md_text }}\n{% endfor %}", encoding="utf-8"
    )
    result = errgen("docs", "show", "-c", str(CUSTOM / "catalog.yaml"), "--templates", str(tmp_path), "shop")
    assert (
        result.stdout
        == '* `invalid_input`: Invalid input\n* `match`: Quotes " and backslash \\\\ and newline<br>and RTL &#x202e;\n'
    )
