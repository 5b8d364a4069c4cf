"""Lifecycle (since / deprecated / replaced_by / retired) reaches every target.

The targets are other modules' work; this only checks, on real generated output, that
a deprecated code warns in Python, is ``@deprecated`` in TypeScript, carries a badge in
the docs, and that retired ids get a "Removed codes" table.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from types import ModuleType

import pydantic
import pytest
from pytarget_support import import_path

from workflow.util import errgen

CATALOG = """\
errgen: 1
catalog: {name: shop, version: 2.0.0}
fields:
  field: {type: string}
codes:
  old_way:
    message: "old {field}"
    fields: {required: [field]}
    deprecated: {since: 1.5.0, replaced_by: new_way, reason: renamed}
  new_way:
    message: new
    since: 1.5.0
retired:
  ancient: {since: 1.0.0, reason: nobody used it, replaced_by: new_way}
"""


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("lifecycle")
    (folder / "shop.yaml").write_text(CATALOG, encoding="utf-8")
    targets = ("-t", "python", "-t", "typescript", "-t", "markdown", "-t", "jsonschema", "-t", "catalog")
    result = errgen("build", "shop.yaml", "--out", "out", *targets, cwd=folder)
    assert result.exit_code == 0, result.stderr
    return folder / "out" / "shop"


def _module(path: Path) -> ModuleType:
    return import_path(path, "lifecycle_shop_errors")


def test_python_warns_on_constructing_a_deprecated_code(out: Path) -> None:
    module = _module(out / "python" / "shop_errors")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module.NewWayError.create()
        assert caught == []
        error = module.OldWayError.create(field="x")
    assert error.code == "old_way"
    (warning,) = caught
    assert warning.category is DeprecationWarning
    assert str(warning.message) == "error code 'old_way' is deprecated since 1.5.0: renamed; use 'new_way' instead"
    assert Path(warning.filename).resolve() == Path(__file__).resolve(), "the warning must point at the caller"


def test_python_reads_a_deprecated_code_without_warning(out: Path) -> None:
    """Building warns (above); reading a payload of a deprecated code, or constructing one from it, does not."""
    module = _module(out / "python" / "shop_errors")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        built = module.OldWayError.create(field="x")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        read = module.parse_error(built.to_payload())
        again = module.OldWayError(**built.model_dump(by_alias=False))
    assert caught == [] and read == built == again
    with pytest.raises(pydantic.ValidationError, match="message"):
        module.OldWayError(field="x")  # the constructor takes a whole payload; `create` renders the message


def _jsdoc_before(source: str, declaration: str) -> str:
    match = re.search(r"(/\*\*(?:(?!\*/).)*\*/)\s*\n" + re.escape(declaration), source, re.S)
    assert match, f"no JSDoc before {declaration!r}"
    return match.group(1)


def test_typescript_marks_deprecated_code_with_jsdoc(out: Path) -> None:
    source = (out / "ts" / "shop-errors.ts").read_text(encoding="utf-8")
    assert "@deprecated" in _jsdoc_before(source, "export function oldWay(")
    assert "new_way" in _jsdoc_before(source, "export function oldWay(")
    assert "@deprecated" not in _jsdoc_before(source, "export function newWay(")


def test_docs_badges_and_removed_codes_table(out: Path) -> None:
    page = (out / "docs" / "shop.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith("| `old_way`"))
    assert "**deprecated** → `new_way`" in row
    assert "### `old_way` — Old way **deprecated** → `new_way`" in page
    assert "- **Since:** 1.5.0" in page
    removed = page.split("## Removed codes", 1)[1]
    assert "| `ancient` | 1.0.0 | `new_way` | nobody used it |" in removed


def test_schema_and_snapshot_carry_lifecycle(out: Path) -> None:
    schema = (out / "schema" / "shop.schema.json").read_text(encoding="utf-8")
    assert '"deprecated": true' in schema
    snapshot = json.loads((out / "catalog.json").read_text(encoding="utf-8"))
    assert snapshot["retired"] == [
        {"id": "ancient", "since": "1.0.0", "reason": "nobody used it", "replaced_by": "new_way"}
    ]
    assert (out / "identity.txt").read_text(encoding="utf-8").endswith('# retired\n"ancient"\n')
