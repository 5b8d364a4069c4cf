"""Per-tool error contracts in the generated Python (the catalogs' ``tools`` sections): each tool's
union of error classes, its contract (codes, parsing typed to its codes, schemas), on the shipped
catalogs; jsonschema checks the schemas the contracts give."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import jsonschema
import pytarget_support as support
import pytest

# Seed 003's "Typical cause" column, tool by tool (catalog/filetools.yaml says why), plus `unknown`.
FILETOOLS = {
    "read_file": ["not_found", "permission_denied", "outside_workspace", "binary_file", "file_too_large", "unknown"],
    "edit_file": ["not_found", "permission_denied", "outside_workspace", "file_too_large", "stale_file",
                  "old_text_not_found", "multiple_matches", "overlapping_edits", "unknown"],
    "run_command": ["permission_denied", "command_failed", "timeout", "unknown"],
    "load_skill": ["skill_unavailable", "unknown"],
}  # fmt: skip


@pytest.fixture(scope="module")
def mods(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    where = tmp_path_factory.mktemp("toolmods")
    return {name: support.load(support.shipped(name), where) for name in support.SHIPPED}


def built(ft: ModuleType) -> dict[str, Any]:
    """One error of every filetools code, built from the catalog's first example."""
    catalog = support.shipped("filetools")
    out = {}
    for code in catalog.codes.values():
        values = {catalog.fields[k].names.py_attr: v for k, v in code.examples[0].values.items()}
        out[code.id] = ft.model_for(code.id).create(**values)
    return out


def test_each_tool_returns_the_codes_its_seed_names(mods: dict[str, ModuleType]) -> None:
    ft = mods["filetools"]
    for name, codes in FILETOOLS.items():
        assert list(ft.TOOLS[name].codes) == codes, name
    assert list(ft.TOOLS) == ["read_file", "list_directory", "create_file", "write_file", "edit_file",
                              "apply_patch", "move_file", "delete_file", "run_command", "load_skill"]  # fmt: skip
    assert ft.EDIT_FILE_TOOL.declares("multiple_matches") and not ft.EDIT_FILE_TOOL.declares("binary_file")
    assert ft.EDIT_FILE_TOOL is ft.TOOLS["edit_file"]


def test_a_result_is_typed_to_the_tools_codes(mods: dict[str, ModuleType]) -> None:
    ft = mods["filetools"]
    errors = built(ft)
    for name, codes in FILETOOLS.items():
        tool = ft.TOOLS[name]
        for code, error in errors.items():
            parsed = tool.parse_result(error.to_result())
            if code in codes:
                assert parsed == error, (name, code)
            else:  # a code the tool does not declare: readable as UnknownCode, its payload kept
                assert isinstance(parsed, ft.UnknownCode), (name, code)
                assert (parsed.code, parsed.message, parsed.payload) == (code, error.message, error.to_payload())
                assert ft.parse_result(error.to_result()) == error  # the catalog-wide parser still types it
    assert ft.READ_FILE_TOOL.parse_result({"content": []}) is None
    assert ft.READ_FILE_TOOL.parse_error(errors["binary_file"].to_payload()) == errors["binary_file"]
    stranger = ft.READ_FILE_TOOL.parse_error({"kind": "from_a_newer_server", "message": "m"})
    assert isinstance(stranger, ft.UnknownCode) and stranger.code == "from_a_newer_server"


def test_the_error_schema_holds_exactly_the_tools_codes(mods: dict[str, ModuleType]) -> None:
    ft = mods["filetools"]
    errors = built(ft)
    for name, codes in FILETOOLS.items():
        validator = jsonschema.Draft202012Validator(ft.TOOLS[name].error_schema())
        for code, error in errors.items():
            assert validator.is_valid(error.to_payload()) == (code in codes), (name, code)


def test_the_output_schema_is_success_or_the_tools_errors(mods: dict[str, ModuleType]) -> None:
    ft = mods["filetools"]
    errors = built(ft)
    schema = ft.READ_FILE_TOOL.output_schema()
    assert schema is not None and schema["type"] == "object"
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid({"path": "a.txt", "content": "hi", "sha256": "0" * 64})
    assert not validator.is_valid({"path": "a.txt"})
    for code, error in errors.items():
        assert validator.is_valid(error.to_payload()) == (code in FILETOOLS["read_file"]), code
    assert ft.READ_FILE_TOOL.input_schema() == {
        "type": "object", "required": ["path"], "additionalProperties": False,
        "properties": {"path": {"type": "string", "description": "A workspace-relative path."},
                       "allowBinary": {"type": "boolean", "default": False}},
    }  # fmt: skip
    assert ft.RUN_COMMAND_TOOL.output_schema() is None and ft.RUN_COMMAND_TOOL.input_schema() is None


def test_napkin_tools_name_codes_by_kind_and_share_the_catch_all(mods: dict[str, ModuleType]) -> None:
    napkin = mods["napkin"]
    upstream = [c for c in napkin.CODES if c != "INTERNAL_ERROR"]
    for name in ("napkin_create_visual_request", "napkin_regenerate_visual", "napkin_get_visual_status"):
        assert list(napkin.TOOLS[name].codes) == [*upstream, "INTERNAL_ERROR"]
    assert napkin.TOOLS["napkin_download_visual_file"].codes == ("INTERNAL_ERROR",)
    mapped = napkin.map_http(503)
    assert isinstance(napkin.TOOLS["napkin_download_visual_file"].parse_result(mapped.to_result()), napkin.UnknownCode)


def test_the_workbook_servers_schemas_come_from_its_tools(mods: dict[str, ModuleType]) -> None:
    wb = mods["workbook"]
    schema = wb.COMPUTE_TOOL.output_schema()
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid({"total": 1.0, "unit": "kg", "quantity": 1})
    assert validator.is_valid(wb.InvalidInputError.create(field="unit").to_payload())
    assert not validator.is_valid({"code": "stale_oracle", "message": "m", "field": "f",
                                   "provenance": wb.PROVENANCE, "isError": True})  # fmt: skip
    assert list(wb.UNITS_TOOL.codes) == ["invalid_input"]
