"""The generated Python module at run time: models, constructors, envelopes, parsing, schema agreement."""

from __future__ import annotations

import copy
import inspect
import json
import pickle
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import mcp.types
import pydantic
import pytarget_support as support
import pytest

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions, generator
from errgen.targets.sanitizer import scrub

NAMES = (*support.SHIPPED, "nasty")


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    loaded = {name: support.shipped(name) for name in support.SHIPPED}
    loaded["nasty"] = support.from_text(support.NASTY, "catalog/nasty.yaml")
    return loaded


@pytest.fixture(scope="module")
def mods(catalogs: dict[str, Catalog], tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    where = tmp_path_factory.mktemp("pymods")
    return {name: support.load(catalog, where) for name, catalog in catalogs.items()}


@pytest.fixture(scope="module")
def schemas(catalogs: dict[str, Catalog]) -> dict[str, Any]:
    """The jsonschema target's payload schema (root = payload union) for each catalog."""
    out = {}
    for name, catalog in catalogs.items():
        files = generator("jsonschema")(catalog, TargetOptions())
        schema = json.loads(files[f"schema/{catalog.name}.schema.json"])
        jsonschema.Draft202012Validator.check_schema(schema)
        out[name] = jsonschema.Draft202012Validator(schema)
    return out


def examples(catalog: Catalog) -> list[tuple[str, dict[str, Any]]]:
    """(code, wire values) of every catalog example of a constructible code."""
    wire = {name: f.wire for name, f in catalog.fields.items()}
    return [
        (c.id, {wire.get(k, k): v for k, v in e.values.items()})
        for c in catalog.codes.values()
        if c.constructible
        for e in c.examples
    ]


def build(mod: ModuleType, code: str, values: dict[str, Any]) -> Any:
    """The code's class `create`, called with attribute-named arguments."""
    params = {mod.FIELDS[wire].attr: value for wire, value in values.items()}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return mod.model_for(code).create(**params)


def every_example(mods: dict[str, ModuleType], catalogs: dict[str, Catalog]) -> list[tuple[str, Any]]:
    return [(name, build(mods[name], code, values)) for name in NAMES for code, values in examples(catalogs[name])]


# -- importing -------------------------------------------------------------------------


def test_every_committed_generated_module_imports() -> None:
    found = sorted(p.parent for p in (support.ROOT / "generated").glob("*/python/*/__init__.py"))
    assert {p.parent.parent.name for p in found} >= set(support.SHIPPED), "run `errgen build -t python`"
    for path in found:
        module = support.import_path(path)
        assert module.CATALOG == path.parent.parent.name
        for code in module.CODES:
            assert issubclass(module.model_for(code), module.ErrorBase)


def test_per_code_classes_are_declared_plainly(mods: dict[str, ModuleType], tmp_path: Path) -> None:
    """The class you read is the class that runs: declared in the module, no __getattr__, no rebuilt class."""
    mod = support.load(support.shipped("filetools"), tmp_path)
    cls = vars(mod)["NotFoundError"]
    assert cls is mod.model_for("not_found") and not hasattr(mod, "__getattr__")
    assert cls.__module__ == "filetools_errors" and cls.__qualname__ == "NotFoundError"
    assert inspect.getsource(cls).startswith("class NotFoundError(ErrorBase, frozen=True):")
    assert "StaleFileError" in dir(mod) and "StaleFileError" in mod.__all__
    assert not cls.__pydantic_complete__  # defer_build: validators are built on first use
    err = cls.create(path="a.txt")
    assert cls.__pydantic_complete__
    assert pickle.loads(pickle.dumps(err)) == err
    with pytest.raises(pydantic.ValidationError):
        err.path = "b"  # type: ignore[misc]


# -- building payloads ---------------------------------------------------------------


def test_every_catalog_example_builds_validates_and_matches_the_schema(
    mods: dict[str, ModuleType], catalogs: dict[str, Catalog], schemas: dict[str, Any]
) -> None:
    count = 0
    for name in NAMES:
        mod, catalog = mods[name], catalogs[name]
        for code, values in examples(catalog):
            err = build(mod, code, values)
            payload = err.to_payload()
            expected = scrub.scrub_text(catalog.codes[code].examples[0].message) or code
            if values == examples(catalog)[[c for c, _ in examples(catalog)].index(code)][1]:
                assert payload["message"] == expected
            schemas[name].validate(payload)
            assert mod.validate_error(copy.deepcopy(payload)) == err
            assert list(payload) == expected_keys(catalog, code, payload)
            count += 1
    assert count >= 30


def expected_keys(catalog: Catalog, code: str, payload: dict[str, Any]) -> list[str]:
    """§1 of the runtime contract: the key order of a payload."""
    env, spec = catalog.envelope, catalog.codes[code]
    keys = [env.discriminator, "message", *(m.key for m in env.metadata if m.carried_by(spec))]
    keys += [w for w in (catalog.fields[f].wire for f in spec.fields) if w in payload]
    return keys + (["provenance"] if env.provenance else []) + (["isError"] if env.mirror_is_error else [])


def test_repair_fields_appear_only_when_given(mods: dict[str, ModuleType]) -> None:
    wb = mods["workbook"]
    bare = wb.InvalidInputError.create(field="unit").to_payload()
    assert "allowed" not in bare and "range" not in bare
    full = wb.InvalidInputError.create(field="q", allowed=["kg"], range={"min": 0}).to_payload()
    assert full["allowed"] == ["kg"] and full["range"] == {"min": 0}
    assert "max" not in full["range"]
    explicit_none = wb.InvalidInputError.create(field="unit", allowed=None).to_payload()
    assert "allowed" not in explicit_none


def test_messages_render_typed_values_like_errgen(mods: dict[str, ModuleType]) -> None:
    ft, wb = mods["filetools"], mods["workbook"]
    assert ft.MultipleMatchesError.create(path="a", match_count=3).message == "oldText matched 3 times in 'a'"
    assert ft.FileTooLargeError.create(path="a", limit_bytes=2**53 - 1).message.endswith("9007199254740991 bytes")
    assert ft.FileTooLargeError.create(path="a", limit_bytes=4e2).message.endswith(" 400 bytes")
    with pytest.raises(pydantic.ValidationError):  # beyond a JavaScript safe integer (contract §7)
        ft.FileTooLargeError.create(path="a", limit_bytes=10**21)
    nasty = mods["nasty"].ClassError.create(class_="k", none=2, match=[1.0, 2.5])
    assert nasty.message == "class k \"quoted\" '2' {literal} \\ 1, 2.5"
    assert wb.format_message("{a}..{b}|{c}", {"a": {"min": 1}, "b": None, "c": [True, {"x": 1}]}) == (
        '1....null|true, {"x":1}'
    )
    assert mods["nasty"].BlankError.create().message == "blank"  # an empty rendering → the code id
    assert mods["nasty"].BlankError.create(str="Traceback (most recent call last):\n x").message == (
        "[stack trace removed]"
    )


def test_create_rejects_bad_arguments(mods: dict[str, ModuleType]) -> None:
    wb = mods["workbook"]
    with pytest.raises(TypeError, match="unexpected keyword argument 'fild'"):
        wb.InvalidInputError.create(fild="x")
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'required'"):
        wb.MissingFieldError.create(field="x")
    with pytest.raises(pydantic.ValidationError):
        wb.InvalidInputError.create(field=3)
    with pytest.raises(TypeError, match="abstract"):
        wb.ErrorBase.create()
    with pytest.raises(TypeError, match=r"has no field or message value 'nope'"):
        wb.build_error("invalid_input", {"nope": 1})
    with pytest.raises(KeyError):
        wb.build_error("not_a_code", {})


def test_deferred_codes_parse_but_cannot_be_built(mods: dict[str, ModuleType], schemas: dict[str, Any]) -> None:
    wb = mods["workbook"]
    with pytest.raises(TypeError, match="deferred"):
        wb.StaleOracleError.create(field="fx_rate")
    with pytest.raises(TypeError, match="deferred"):
        wb.build_error("unapproved_assumption", {"field": "x"})
    payload = {"code": "stale_oracle", "message": "stale", "field": "fx", "provenance": wb.PROVENANCE, "isError": True}
    schemas["workbook"].validate(payload)
    parsed = wb.parse_error(payload)
    assert type(parsed).__name__ == "StaleOracleError" and parsed.to_payload() == payload


def test_deprecated_codes_warn_at_the_call_site(mods: dict[str, ModuleType]) -> None:
    nasty = mods["nasty"]
    with pytest.warns(DeprecationWarning, match="'2fa-required' is deprecated since 0.1.0") as record:
        nasty.build_error("2fa-required", {"2fa": "otp"})
    with pytest.warns(DeprecationWarning, match="use 'class' instead") as record2:
        nasty._2faRequiredError.create(f_2fa="otp")
    assert record[0].filename == record2[0].filename == __file__


# -- envelopes and parsing back ---------------------------------------------------------


def test_envelope_shape(mods: dict[str, ModuleType]) -> None:
    wb, nasty = mods["workbook"], mods["nasty"]
    err = wb.InvalidInputError.create(field="unit", allowed=["kg", "lb"])
    result = err.to_result()
    assert list(result) == ["isError", "content", "structuredContent"]
    assert result["isError"] is True and result["structuredContent"] == err.to_payload()
    assert result["content"] == [{"type": "text", "text": f"invalid_input: {err.message}"}]
    assert result["structuredContent"]["isError"] is True  # mirror_is_error
    meta = nasty.TimeoutError_.create().to_result()["_meta"]
    # SEP-3313's class: a code without a kind that may not be retried is a capability failure
    failure = {"class": "capability", "code": "timeout", "retryable": False}
    assert meta == {"io.modelcontextprotocol/toolFailure": failure}
    assert "_meta" not in result


def test_envelope_without_structured_content(tmp_path: Path) -> None:
    text = (support.ROOT / "catalog" / "workbook.yaml").read_text()
    text = text.replace("  mirror_is_error: true", "  mirror_is_error: true\n  structured_content: false")
    mod = support.load(support.from_text(text), tmp_path, "wb_text")
    err = mod.InvalidInputError.create(field="größe", allowed=["kg", "日本"], range={"min": 0.5, "max": 1e21})
    result = err.to_result()
    assert "structuredContent" not in result and len(result["content"]) == 2
    assert result["content"][1]["text"] == mod.to_json(err.to_payload())
    assert '"range":{"min":0.5,"max":1e+21}' in result["content"][1]["text"] and "日本" in result["content"][1]["text"]
    assert mod.parse_result(result) == err
    assert mod.widen_output_schema({"type": "object"}) == {"type": "object"}


def test_every_example_round_trips_through_json_and_the_mcp_sdk(
    mods: dict[str, ModuleType], catalogs: dict[str, Catalog]
) -> None:
    for name, err in every_example(mods, catalogs):
        mod = mods[name]
        result = err.to_result()
        assert mod.parse_result(result) == err
        assert mod.parse_result(json.loads(json.dumps(result))) == err
        assert mod.parse_result(mcp.types.CallToolResult.model_validate(result)) == err


def test_parse_result_variants(mods: dict[str, ModuleType]) -> None:
    napkin = mods["napkin"]
    err = napkin.map_http(404)
    payload = err.to_payload()
    for not_error in ({"content": []}, {"isError": False, "structuredContent": payload}, {"isError": "true"}, None, 3):
        assert napkin.parse_result(not_error) is None
    as_text = {
        "isError": True,
        "content": [{"type": "text", "text": "x"}, {"type": "text", "text": json.dumps(payload)}],
    }
    assert napkin.parse_result(as_text) == err
    plain = napkin.parse_result({"isError": True, "content": [{"type": "text", "text": "Error executing tool"}]})
    assert isinstance(plain, napkin.UnknownCode) and plain.code == "" and plain.message == "Error executing tool"
    nested = {"isError": True, "content": [{"type": "text", "text": "[" * 100_000}]}
    assert isinstance(napkin.parse_result(nested), napkin.UnknownCode)
    bad_structured = {"isError": True, "structuredContent": {"no": "code"}, "content": [{"type": "text", "text": "{}"}]}
    assert napkin.parse_result(bad_structured) == napkin.UnknownCode(code="", message="{}", payload={})


def test_unknown_codes_keep_the_payload_and_forward_it(mods: dict[str, ModuleType]) -> None:
    wb = mods["workbook"]
    new = {"code": "brand_new", "message": "from a newer server", "hint": [1, 2]}
    parsed = wb.parse_result({"isError": True, "content": [], "structuredContent": new})
    assert isinstance(parsed, wb.UnknownCode)
    assert (parsed.code, parsed.message, parsed.payload) == ("brand_new", "from a newer server", new)
    assert parsed.to_result()["structuredContent"] == new
    assert parsed.to_result()["content"][0]["text"] == "brand_new: from a newer server"
    invalid_known = {"code": "invalid_input", "message": "no field"}
    assert wb.parse_error(invalid_known) == wb.UnknownCode(
        code="invalid_input", message="no field", payload=invalid_known
    )


def test_error_union_in_pydantic_models_is_tolerant_and_terse(mods: dict[str, ModuleType]) -> None:
    wb = mods["workbook"]
    adapter = pydantic.TypeAdapter(wb.ErrorUnion)
    err = wb.MissingFieldError.create(field="unit", required=["unit"])
    assert adapter.validate_python(err.to_payload()) == err
    assert adapter.validate_json(json.dumps(err.to_payload())) == err
    assert isinstance(adapter.validate_python({"code": "zzz"}), wb.UnknownCode)
    assert adapter.dump_python(err) == err.to_payload()
    for bad in ({"code": "invalid_input", "message": ""}, [], {"message": "no code"}):
        with pytest.raises(pydantic.ValidationError) as info:
            adapter.validate_python(bad)
        assert len(str(info.value)) < 600
    assert adapter.json_schema() == wb.payload_schema()

    class Reply(pydantic.BaseModel):
        error: wb.ErrorUnion  # type: ignore[name-defined]

    assert Reply.model_validate({"error": err.to_payload()}).error == err


def test_validate_error_accepts_only_documented_codes(mods: dict[str, ModuleType]) -> None:
    napkin = mods["napkin"]
    with pytest.raises(pydantic.ValidationError, match="not an error code of catalog napkin"):
        napkin.validate_error({"code": "TEAPOT", "message": "x"})
    with pytest.raises(pydantic.ValidationError):
        napkin.validate_error("BAD_REQUEST")


def test_protocol_channel_codes(mods: dict[str, ModuleType]) -> None:
    nasty = mods["nasty"]
    err = nasty.ProtocolFaultError.create()
    assert err.to_jsonrpc_error() == {
        "code": -32603,
        "message": "protocol.fault: internal fault",
        "data": err.to_payload(),
    }
    with pytest.raises(TypeError, match="protocol error"):
        err.to_result()
    with pytest.raises(TypeError, match="tool error"):
        nasty.TimeoutError_.create().to_jsonrpc_error()


# -- agreement with the JSON Schema target ---------------------------------------------------

WRONG: dict[str, list[Any]] = {
    "string": [1, None, ["x"]],
    "integer": ["1", 1.5, True, None],
    "number": ["1", True, None],
    "boolean": ["true", 1, None],
    "object": [[], "x", None],
    "range": [{}, {"min": "0"}, {"min": 1, "step": 2}, {"min": None}, 5],
    "array": ["x", [None], {}],
}


def mutations(mod: ModuleType, payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Invalid variants of a valid payload: missing, extra, mistyped and mis-valued members."""
    out = [{k: v for k, v in payload.items() if k != key} for key in payload if key != "retriable"]
    out = [m for m in out if set(payload) - set(m) <= required_keys(mod, payload)]
    out.append({**payload, "unexpected": 1})
    out.append({**payload, "message": ""})
    key = mod.CATALOG_INFO.envelope.discriminator
    out.append({**payload, key: 7})
    if "provenance" in payload:
        out.append({**payload, "provenance": {**payload["provenance"], "fingerprint": "md5:x"}})
    out.append({**payload, "provenance": {"catalog": "x", "version": "1"}})
    if "isError" in payload:
        out.append({**payload, "isError": False})
    if "retriable" in payload:
        out.append({**payload, "retriable": "yes"})
    for wire in payload:
        spec = mod.FIELDS.get(wire)
        if spec is not None and wire not in (key, "message"):
            out.extend({**payload, wire: wrong} for wrong in WRONG.get(spec.type, []))
    return out


def required_keys(mod: ModuleType, payload: dict[str, Any]) -> set[str]:
    key = mod.CATALOG_INFO.envelope.discriminator
    info = mod.CODES[payload[key]]
    return {key, "message", "provenance", "isError", *info.required}


def test_mutations_are_rejected_by_the_models_and_the_schema_alike(
    mods: dict[str, ModuleType], catalogs: dict[str, Catalog], schemas: dict[str, Any]
) -> None:
    checked = 0
    for name, err in every_example(mods, catalogs):
        mod, schema = mods[name], schemas[name]
        payload = err.to_payload()
        for mutant in mutations(mod, payload):
            assert not schema.is_valid(mutant), mutant
            with pytest.raises(pydantic.ValidationError):
                mod.validate_error(mutant)
            parsed = mod.parse_error(mutant)
            assert isinstance(parsed, mod.UnknownCode) and parsed.payload == mutant
            assert not jsonschema.Draft202012Validator(mod.payload_schema()).is_valid(mutant)
            checked += 1
    assert checked > 300


def test_optional_any_fields_accept_null_in_both(mods: dict[str, ModuleType], schemas: dict[str, Any]) -> None:
    napkin = mods["napkin"]
    payload = {**napkin.map_http(503).to_payload(), "original": None}
    assert schemas["napkin"].is_valid(payload)
    assert napkin.validate_error(payload).to_payload() == payload


def test_payload_schema_and_widened_output_schema(mods: dict[str, ModuleType], catalogs: dict[str, Catalog]) -> None:
    success = {"type": "object", "properties": {"total": {"type": "number"}}, "required": ["total"]}
    widened = {name: jsonschema.Draft202012Validator(mods[name].widen_output_schema(success)) for name in NAMES}
    for name, err in every_example(mods, catalogs):
        assert widened[name].is_valid(err.to_payload()) and widened[name].is_valid({"total": 3})
        assert not widened[name].is_valid({mods[name].CATALOG_INFO.envelope.discriminator: err.code})
    for name in NAMES:
        jsonschema.Draft202012Validator.check_schema(mods[name].payload_schema())


# -- metadata ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_metadata_tables_mirror_the_catalog(
    name: str, mods: dict[str, ModuleType], catalogs: dict[str, Catalog]
) -> None:
    mod, catalog = mods[name], catalogs[name]
    assert list(mod.CODES) == list(catalog.codes) and mod.PROVENANCE == catalog.provenance.as_dict()
    for code in catalog.codes.values():
        info = mod.CODES[code.id]
        assert (info.kind, info.retriable, info.recoverable) == (
            code.kind,
            code.retriable.value,
            code.recoverable.value,
        )
        assert (info.next_action, info.ui_meaning, info.http_status) == (
            code.next_action,
            code.ui_meaning,
            code.http_status,
        )
        assert (info.channel, info.jsonrpc_code, info.deferred) == (
            code.channel.value,
            code.jsonrpc_code,
            code.deferred,
        )
        wire = {name: f.wire for name, f in catalog.fields.items()}  # CODES names fields by their wire keys
        assert (info.title, info.when) == (code.title, code.when)
        assert info.message == code.message or catalog.envelope.casing.value == "camel"
        assert info.required == tuple(wire[n] for n in code.required)
        assert info.optional == tuple(wire[n] for n in code.optional)
        assert info.placeholders == tuple(wire[n] for n in code.placeholders)
        dep = code.deprecated
        assert info.deprecated == (None if dep is None else (dep.since, dep.replaced_by, dep.reason))
    assert [f.name for f in mod.FIELDS.values()] == [f.wire for f in catalog.fields.values()]  # wire keys
    assert mod.POLICIES["none"] == frozenset()
    assert {k: set(v) for k, v in mod.POLICIES.items() if k != "none"} == {
        p.name: set(p.terminate_on) for p in catalog.policies.values()
    }
    assert [(k.name, k.retryable) for k in mod.KINDS.values()] == [
        (k.name, k.retryable) for k in catalog.kinds.values()
    ]
    assert (mod.TITLE, mod.DESCRIPTION) == (catalog.title, catalog.description)


def test_a_minimal_catalog_has_the_whole_api(tmp_path: Path) -> None:
    mod = support.load(support.from_text(support.MINIMAL), tmp_path)
    err = mod.FailedError.create()
    assert err.to_result()["content"][0]["text"] == "failed: the operation failed"
    assert mod.parse_result(err.to_result()) == err and list(mod.FIELDS) == [] and mod.POLICIES == {"none": set()}
    assert mod.classify_http(503) is None and mod.kind_of(err) is None and not mod.is_retryable(err)
    assert not mod.is_terminal(err, "none") and mod.classify_exception(TimeoutError()) is None
    with pytest.raises(LookupError, match=r"no mappings\.default"):
        mod.map_http(500)
    with pytest.raises(LookupError, match=r"no mappings\.default"):
        mod.map_exception(TimeoutError())
