"""The JSON Schema target, checked by real validators (jsonschema and jsonschema-rs)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs
import pytest
from conftest import ROOT

CATALOGS = ["workbook", "filetools", "napkin"]


def load(name: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    base = ROOT / "generated" / name
    return (
        json.loads((base / "schema" / f"{name}.schema.json").read_text()),
        json.loads((base / "schema" / f"{name}.output-fragment.schema.json").read_text()),
        json.loads((base / "catalog.json").read_text()),
    )


def payloads(snapshot: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(code, payload) for every example, as the runtimes would emit it."""
    out = []
    prov = {"catalog": snapshot["catalog"]["name"], "version": snapshot["catalog"]["version"],
            "fingerprint": snapshot["fingerprint"]}  # fmt: skip
    for code in snapshot["codes"]:
        fields = code["fields"]["required"] + code["fields"]["optional"]
        for example in code["examples"]:
            payload: dict[str, Any] = {"code": code["id"], "message": f"{code['id']} happened"}
            if snapshot["envelope"]["retriable_field"]:
                payload["retriable"] = code["retriable"] == "yes"
            payload.update({k: v for k, v in example.items() if k in fields})
            payload["provenance"] = prov
            if snapshot["envelope"]["mirror_is_error"]:
                payload["isError"] = True
            out.append((code, payload))
    return out


def validators(schema: dict[str, Any]) -> list[Any]:
    return [jsonschema.Draft202012Validator(schema), jsonschema_rs.Draft202012Validator(schema)]


@pytest.mark.parametrize("name", CATALOGS)
def test_schemas_pass_the_metaschema(name: str) -> None:
    schema, fragment, _ = load(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator.check_schema(fragment)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", CATALOGS)
def test_every_example_is_accepted_by_schema_and_fragment(name: str) -> None:
    schema, fragment, snapshot = load(name)
    cases = payloads(snapshot)
    assert len(cases) >= len(snapshot["codes"])
    for validator in validators(schema) + validators(fragment):
        for _, payload in cases:
            assert validator.is_valid(payload), payload


def mutations(code: dict[str, Any], payload: dict[str, Any], snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    types = {f["name"]: f["type"] for f in snapshot["fields"]}
    out = []
    for name in code["fields"]["required"]:
        removed = copy.deepcopy(payload)
        del removed[name]
        out.append(removed)
    for name in code["fields"]["required"] + code["fields"]["optional"]:
        if name in payload and types[name] != "any":
            wrong = copy.deepcopy(payload)
            wrong[name] = {"unexpected": True} if types[name] != "object" else "not an object"
            out.append(wrong)
    unknown = copy.deepcopy(payload) | {"code": "NO_SUCH_CODE_xyz"}
    extra = copy.deepcopy(payload) | {"not_a_field_of_this_code": 1}
    empty = copy.deepcopy(payload) | {"message": ""}
    no_prov = {k: v for k, v in payload.items() if k != "provenance"}
    return [*out, unknown, extra, empty, no_prov]


@pytest.mark.parametrize("name", CATALOGS)
def test_mutated_payloads_are_rejected(name: str) -> None:
    schema, fragment, snapshot = load(name)
    checked = 0
    for code, payload in payloads(snapshot):
        for mutated in mutations(code, payload, snapshot):
            for validator in validators(schema) + validators(fragment):
                assert not validator.is_valid(mutated), mutated
                checked += 1
    assert checked > 50


def test_workbook_mirror_is_error_is_required() -> None:
    schema, _, snapshot = load("workbook")
    _, payload = payloads(snapshot)[0]
    assert jsonschema.Draft202012Validator(schema).is_valid(payload)
    del payload["isError"]
    assert not jsonschema.Draft202012Validator(schema).is_valid(payload)


@pytest.mark.parametrize("name", CATALOGS)
def test_tool_error_result_envelope(name: str) -> None:
    schema, _, snapshot = load(name)
    envelope = {**schema, "$ref": "#/$defs/ToolErrorResult"}
    validator = jsonschema.Draft202012Validator(envelope)
    _, payload = payloads(snapshot)[0]
    result = {"isError": True, "content": [{"type": "text", "text": f"{payload['code']}: x"}],
              "structuredContent": payload}  # fmt: skip
    assert validator.is_valid(result)
    assert not validator.is_valid(result | {"isError": False})
    assert not validator.is_valid(result | {"content": []})
    assert not validator.is_valid(result | {"content": [{"type": "text", "text": ""}]})
    assert not validator.is_valid({k: v for k, v in result.items() if k != "structuredContent"})
    assert not validator.is_valid(result | {"structuredContent": {"code": "nope", "message": "x"}})


def test_fragment_merges_into_an_output_schema() -> None:
    _, fragment, snapshot = load("workbook")
    success = {"type": "object", "properties": {"total": {"type": "number"}}, "required": ["total"],
               "additionalProperties": False}  # fmt: skip
    merged = {"type": "object", "anyOf": [success, {k: v for k, v in fragment.items() if k != "$schema"}]}
    validator = jsonschema.Draft202012Validator(merged)
    assert validator.is_valid({"total": 3})
    assert validator.is_valid(payloads(snapshot)[0][1])
    assert not validator.is_valid({"code": "invalid_input", "message": "m"})
    assert not validator.is_valid({"totl": 3})


def test_unicode_code_refs_resolve(tmp_path: Path) -> None:
    from conftest import run_errgen

    catalog = tmp_path / "c.yaml"
    catalog.write_text(
        "errgen: 1\ncatalog: {name: uni, version: 1.0.0}\ncodes:\n  größe_überschritten: {message: zu groß}\n"
        "  __proto__: {message: proto}\n  class: {message: klass}\n",
        encoding="utf-8",
    )
    assert run_errgen("build", str(catalog), "--out", str(tmp_path / "o"), "-t", "jsonschema").returncode == 0
    schema = json.loads((tmp_path / "o" / "uni" / "schema" / "uni.schema.json").read_text())
    prov = {"catalog": "uni", "version": "1.0.0", "fingerprint": "sha256:" + "0" * 64}
    for code in ("größe_überschritten", "__proto__", "class"):
        for validator in validators(schema):
            assert validator.is_valid({"code": code, "message": "m", "provenance": prov})
            assert not validator.is_valid({"code": code, "message": "m"})
