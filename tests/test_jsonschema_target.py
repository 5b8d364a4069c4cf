"""The JSON Schema target, checked by real validators: jsonschema and jsonschema-rs in Python, and ajv
(`strict: true`) under node for every schema of every catalog the TypeScript tests build."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jsonschema
import jsonschema_rs
import pytest
from conftest import ROOT
from ts import harness

from errgen.catalog.model import Catalog
from errgen.conform.live_inputs import InputError, schema_valid
from errgen.targets import TargetOptions, catalog_json
from errgen.targets import jsonschema as jsonschema_target

CATALOGS = ["workbook", "filetools", "napkin"]


def load(name: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    base = ROOT / "generated" / name
    return (
        json.loads((base / "schema" / f"{name}.schema.json").read_text()),
        json.loads((base / "schema" / f"{name}.output-fragment.schema.json").read_text()),
        json.loads((base / "catalog.json").read_text()),
    )


def wire_keys(snapshot: dict[str, Any]) -> dict[str, str]:
    """Each field's wire key (the snapshot's ``key``)."""
    return {f["name"]: f["key"] for f in snapshot["fields"]}


def payloads(snapshot: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(code, payload) for every example, as the runtimes would emit it (in the catalog's wire shape)."""
    out = []
    prov = {"catalog": snapshot["catalog"]["name"], "version": snapshot["catalog"]["version"],
            "fingerprint": snapshot["fingerprint"]}  # fmt: skip
    env, keys = snapshot["envelope"], wire_keys(snapshot)
    for code in snapshot["codes"]:
        fields = code["fields"]["required"] + code["fields"]["optional"]
        for example in code["examples"]:
            payload: dict[str, Any] = {env["discriminator"]: code["id"], "message": f"{code['id']} happened"}
            for meta in env["metadata"]:
                if meta["when"] == "always" or code["recoverable"] != "no":
                    payload[meta["key"]] = code["retriable"] == "yes" if meta["name"] == "retriable" else "text"
            payload.update({keys[k]: v for k, v in example.items() if k in fields})
            if snapshot["envelope"]["provenance"]:
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
    keys = wire_keys(snapshot)
    types = {keys[f["name"]]: f["type"] for f in snapshot["fields"]}
    out = []
    for name in code["fields"]["required"]:
        removed = copy.deepcopy(payload)
        del removed[keys[name]]
        out.append(removed)
    for name in (keys[n] for n in code["fields"]["required"] + code["fields"]["optional"]):
        if name in payload and types[name] != "any":
            wrong = copy.deepcopy(payload)
            wrong[name] = {"unexpected": True} if types[name] != "object" else "not an object"
            out.append(wrong)
    env = snapshot["envelope"]
    unknown = copy.deepcopy(payload) | {env["discriminator"]: "NO_SUCH_CODE_xyz"}
    extra = copy.deepcopy(payload) | {"not_a_field_of_this_code": 1}
    empty = copy.deepcopy(payload) | {"message": ""}
    no_prov = {k: v for k, v in payload.items() if k != "provenance"}
    required_prov = "provenance" in payload and env["provenance_mode"] == "required"
    return [*out, unknown, extra, empty, *([no_prov] if required_prov else [])]


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
    key = snapshot["envelope"]["discriminator"]
    result = {"isError": True, "content": [{"type": "text", "text": f"{payload[key]}: x"}],
              "structuredContent": payload}  # fmt: skip
    assert validator.is_valid(result)
    pmcp = snapshot["envelope"]["structured_is_error"] and snapshot["envelope"]["mirror_is_error"]
    assert validator.is_valid(result | {"isError": False}) is pmcp  # pmcp: the marker inside is enough
    assert not validator.is_valid(result | {"content": []})
    assert not validator.is_valid(result | {"content": [{"type": "text", "text": ""}]})
    assert not validator.is_valid({k: v for k, v in result.items() if k != "structuredContent"})
    assert not validator.is_valid(result | {"structuredContent": {key: "nope", "message": "x"}})


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


# -- ajv, strict ---------------------------------------------------------------------------------


def rendered(catalog: Catalog) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The catalog's schema, fragment and snapshot, generated now."""
    files = jsonschema_target.generate(catalog, TargetOptions()) | catalog_json.generate(catalog, TargetOptions())
    name = catalog.name
    schema = json.loads(files[f"schema/{name}.schema.json"])
    return schema, json.loads(files[f"schema/{name}.output-fragment.schema.json"]), json.loads(files["catalog.json"])


def envelopes(snapshot: dict[str, Any], payload: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """(valid, invalid) tool results carrying `payload`, as the envelope schema reads them."""
    env = snapshot["envelope"]
    text = {"type": "text", "text": f"{payload[env['discriminator']]}: x"}
    if env["structured_content"]:
        result: dict[str, Any] = {"isError": True, "content": [text], "structuredContent": payload}
        bad_payload = result | {"structuredContent": {env["discriminator"]: "nope", "message": "x"}}
        unstructured = {k: v for k, v in result.items() if k != "structuredContent"}
        invalid = [bad_payload, unstructured, result | {"content": [{"type": "text", "text": ""}]}]
    else:
        result = {"isError": True, "content": [text, {"type": "text", "text": json.dumps(payload)}]}
        invalid = [result | {"content": [text]}]
    image = {"type": "image", "data": "AAAA", "mimeType": "image/png"}
    valid = [result, result | {"content": [*result["content"], image]}]
    pmcp = env["structured_is_error"] and env["mirror_is_error"] and env["structured_content"]
    (valid if pmcp else invalid).append(result | {"isError": False})  # pmcp: the marker inside is enough
    return valid, [*invalid, result | {"content": []}, result | {"content": [image]}]


SAMPLES = {"string": "s", "integer": 7, "number": 2.5, "boolean": True, "object": {"k": 1}, "range": {"min": 0},
           "any": [1, "a"]}  # fmt: skip


def with_examples(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The snapshot with an example of its required fields for each code that has none."""

    def sample(field: dict[str, Any]) -> Any:
        return [SAMPLES[field["items"] or "string"]] if field["type"] == "array" else SAMPLES[field["type"]]

    types = {f["name"]: sample(f) for f in snapshot["fields"]}
    codes = [
        c | {"examples": c["examples"] or [{n: types[n] for n in c["fields"]["required"]}]} for c in snapshot["codes"]
    ]
    return snapshot | {"codes": codes}


# Successes the value generator cannot make (patterns, $refs), tried on every success schema.
SUCCESS_CANDIDATES: list[Any] = [
    {}, [], ["a"], {"a": 1}, "text", 1,
    {"path": "a.txt", "content": "", "sha256": "0" * 64},  # filetools' read_file
    {"hits": [{"path": "a.txt", "score": 0.5}]},  # good_tools' search
]  # fmt: skip


def successes(schema: Any) -> list[Any]:
    """Values the catalog's success schema accepts (the oracle: the schema as written, not errgen's union)."""
    candidates = list(SUCCESS_CANDIDATES)
    if isinstance(schema, dict) and schema.get("type") == "object":
        rng = random.Random(3)
        for _ in range(4):
            with contextlib.suppress(InputError):
                candidates.append(schema_valid(schema, rng))
    validator = jsonschema.Draft202012Validator(schema)
    return [value for value in candidates if validator.is_valid(value)]


def tool_checks(catalog: Catalog, cases: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[dict[str, Any]]:
    """Each tool's schema files with instances: its codes' payloads (and successes) valid, the others invalid."""
    files = jsonschema_target.generate(catalog, TargetOptions())
    checks = []
    for tool in catalog.tools.values():
        mine = [p for code, p in cases if code["id"] in tool.codes and code["channel"] == "tool"]
        others = [p for code, p in cases if code["id"] not in tool.codes]
        errors = json.loads(files[f"schema/tools/{tool.name}.errors.schema.json"])
        checks.append({"schema": errors, "pointer": "", "valid": mine, "invalid": others})
        if tool.output_schema is None:
            continue
        success = tool.output_schema.schema
        rejected = [p for p in others if not jsonschema.Draft202012Validator(success).is_valid(p)]
        good = successes(success)
        assert good, tool.name  # every success schema gets a success to validate
        for suffix in ("output", "output-any"):
            path = f"schema/tools/{tool.name}.{suffix}.schema.json"
            if path in files:
                schema = json.loads(files[path])
                checks.append({"schema": schema, "pointer": "", "valid": [*good, *mine], "invalid": rejected})
    return checks


def ajv_checks(catalog: Catalog) -> list[dict[str, Any]]:
    """Every schema of the catalog (root union, each definition, envelope, fragment, tools) with instances to try."""
    schema, fragment, snapshot = rendered(catalog)
    snapshot = with_examples(snapshot)
    cases = payloads(snapshot)
    good = [p for _, p in cases]
    bad = [m for code, p in cases for m in mutations(code, p, snapshot)]
    checks = [{"schema": schema, "pointer": "", "valid": good, "invalid": bad},
              {"schema": fragment, "pointer": "", "valid": good, "invalid": bad}]  # fmt: skip
    for name in schema["$defs"]:
        pointer = "#/$defs/" + quote(name, safe="")
        valid: list[Any] = []
        invalid: list[Any] = []
        if name == "ToolErrorResult":
            for _, payload in cases[:3]:
                ok, wrong = envelopes(snapshot, payload)
                valid, invalid = valid + ok, invalid + wrong
        elif name == "ErrorPayload":  # a payload may carry localizedMessage (docs/runtime-contract.md §8)
            member = {"locale": "de", "message": "Nachricht"}
            valid, invalid = [*good, good[0] | {"localizedMessage": member}], [
                *bad, good[0] | {"localizedMessage": member | {"locale": ""}}, good[0] | {"localizedMessage": "x"}]
        elif name == "LocalizedMessage":
            valid = [{"locale": "de-AT", "message": ""}, {"locale": "en", "message": "m"}]
            invalid = [{"locale": "", "message": "m"}, {"locale": "de"}, {"locale": "de", "message": "m", "x": 1},
                       {"locale": 1, "message": "m"}]  # fmt: skip
        elif name == "ToolResult":  # seed 003: ok is false exactly when error is set; data may come with either
            valid = [{"ok": True}, {"ok": True, "data": {"x": 1}}, {"ok": False, "error": good[0], "data": "partial"}]
            invalid = [{"ok": False}, {"ok": True, "error": good[0]}, {"ok": False, "error": bad[0]},
                       {"error": good[0]}]  # fmt: skip
        for code, payload in cases:
            if name == jsonschema_target.def_name(catalog.codes[code["id"]]):
                valid.append(payload)
                invalid += mutations(code, payload, snapshot)[:-1]  # an unknown code is the union's business
        checks.append({"schema": schema, "pointer": pointer, "valid": valid, "invalid": invalid})
    return checks + tool_checks(catalog, cases)


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> harness.Program:
    """The TypeScript test program (tests/ts/schemas.ts runs ajv)."""
    built = harness.program(tmp_path_factory.mktemp("ts-program"))
    assert built.tsc.returncode == 0, (built.tsc.stdout + built.tsc.stderr)[-5000:]
    return built


def has_proto_key(value: Any) -> bool:
    """Whether `value` holds a key ``__proto__`` (ajv drops such a key from ``properties``: it cannot check it)."""
    if isinstance(value, dict):
        return "__proto__" in value or any(has_proto_key(v) for v in value.values())
    return isinstance(value, list) and any(has_proto_key(v) for v in value)


@pytest.mark.parametrize("path", harness.catalog_paths(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_schema_compiles_under_ajv_strict_and_validates(program: harness.Program, path: Path) -> None:
    catalog = harness.load(path)
    checks = ajv_checks(catalog)
    for check in checks:  # the Python validators take every instance …
        schema = check["schema"] | ({"$ref": check["pointer"]} if check["pointer"] else {})
        validator = jsonschema.Draft202012Validator(schema)
        assert all(validator.is_valid(v) for v in check["valid"]), check["pointer"]
        assert not any(validator.is_valid(v) for v in check["invalid"]), check["pointer"]
        for kind in ("valid", "invalid"):  # … ajv those it can read
            check[kind] = [v for v in check[kind] if not has_proto_key(v)]
    done = program.node("out/tests/ts/schemas.js", stdin=json.dumps(checks))
    assert done.returncode == 0, done.stderr[-4000:]
    outcomes = json.loads(done.stdout)
    assert [o["error"] for o in outcomes] == [None] * len(checks), [(c["pointer"], o["error"]) for c, o in
                                                                      zip(checks, outcomes, strict=True)]  # fmt: skip
    for check, outcome in zip(checks, outcomes, strict=True):
        where = check["pointer"] or check["schema"].get("title")
        assert outcome["valid"] == [True] * len(check["valid"]), (where, check["valid"], outcome["valid"])
        assert outcome["invalid"] == [False] * len(check["invalid"]), (where, check["invalid"], outcome["invalid"])
    assert sum(len(c["valid"]) for c in checks) >= 3 * len(catalog.codes)
    tool_files = [p for p in jsonschema_target.generate(catalog, TargetOptions()) if p.startswith("schema/tools/")]
    assert len(checks) == len(catalog.codes) + 8 + len(tool_files)  # root, fragment, ErrorCode, Provenance,
    # LocalizedMessage, ErrorPayload, envelope, ToolResult; each tool's files


def test_filetools_tools_validate_success_and_every_declared_error() -> None:
    """Seed 003's tools: read_file's outputSchema takes its success and its errors, never edit_file's."""
    _, _, snapshot = load("filetools")
    tool_dir = ROOT / "generated" / "filetools" / "schema" / "tools"
    output = json.loads((tool_dir / "read_file.output.schema.json").read_text())
    errors = json.loads((tool_dir / "edit_file.errors.schema.json").read_text())
    success = {"path": "src/server.ts", "content": "PORT = 3000", "sha256": "a" * 64, "encoding": "utf-8"}
    by_code = {code["id"]: payload for code, payload in payloads(snapshot)}
    for validator in validators(output):
        assert validator.is_valid(success)
        for code in ("not_found", "permission_denied", "outside_workspace", "binary_file", "file_too_large", "unknown"):
            assert validator.is_valid(by_code[code]), code
        for code in ("old_text_not_found", "multiple_matches", "overlapping_edits", "timeout"):
            assert not validator.is_valid(by_code[code]), code
    for validator in validators(errors):
        assert validator.is_valid(by_code["multiple_matches"]) and not validator.is_valid(by_code["binary_file"])
