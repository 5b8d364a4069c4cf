"""Reading a payload: the union validator, the JSON Schema and the code's model agree.

``validate_error``, ``parse_error`` and ``ErrorUnion`` validate a wire payload through
one pydantic ``TypeAdapter`` over the catalog's discriminated union. For valid and
invalid payloads (mutations of every key, foreign keys, hostile values, hypothesis
edits) a JSON payload is accepted exactly when the jsonschema target's schema accepts
it (one divergence, documented in docs/python-target.md: a float such as ``3.0``, which
JSON Schema counts as an integer, is not an ``int`` to the strict models); an accepted
one is an instance of its code's class whose ``to_payload()`` is the payload; every
entry point gives the same answer and none mutates its input.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable, Iterator
from types import MappingProxyType, ModuleType
from typing import Any

import jsonschema
import pydantic
import pytarget_support as support
import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions, generator


class Str(str):
    """A str subclass: pydantic's strict str takes it and returns a plain str."""


class Int(int):
    """An int subclass."""


class Float(float):
    """A float subclass."""


class Loud(dict[str, Any]):
    """A dict subclass with its own equality."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = None  # type: ignore[assignment]


class Liar:
    """Equal to everything, a str to nothing."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


NAN, INF = math.nan, math.inf
HOSTILE: list[Any] = [
    None, True, False, 0, 1, -1, 2**70, -(2**64), 1.5, -0.0, 1e308, NAN, INF, -INF, "", "x", " ", "\ud800",
    "日本\u2028", [], ["a"], ["a", 1], [1], [True], [1.5], [NAN], [None], ("a",), {}, {"k": [1]}, {1: 2},
    {"min": 1}, {"max": 2.5}, {"min": 1, "max": 2}, {"min": None}, {"min": True}, {"min": NAN}, {"min": "1"},
    {"min": 1, "step": 2}, MappingProxyType({"min": 1}), Loud(min=1), Str("x"), Int(3), Float(1.5), b"x",
    object(), Liar(),
]  # fmt: skip
SAMPLE: dict[str, Any] = {
    "string": "s", "integer": 3, "number": 1.5, "boolean": True, "object": {"k": [1, None]},
    "range": {"min": 0, "max": 9}, "any": {"x": None}, "array:string": ["a"], "array:integer": [1, 2],
    "array:number": [0.5], "array:boolean": [False],
}  # fmt: skip


# A wire name equal to an envelope attribute: `is_error` must not pass for `isError` (nor `class_` for `class`).
CLASH = """
errgen: 1
catalog: {name: clash, version: 1.0.0}
envelope: {mirror_is_error: true, retriable_field: true}
fields:
  class: {type: string, description: renamed to class_}
  is_error: {type: boolean, description: renamed to is_error_}
  bounds: {type: range, description: a range}
codes:
  one: {message: x, fields: {required: [class], optional: [bounds]}}
  two: {message: y, fields: {optional: [is_error]}}
"""


def without_provenance() -> str:
    doc = json.loads(support.synthetic(4, name="bare"))
    doc["envelope"] = {"provenance": False, "mirror_is_error": True}
    return json.dumps(doc)


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    out = {name: support.shipped(name) for name in support.SHIPPED}
    out["nasty"] = support.from_text(support.NASTY, "catalog/nasty.yaml")
    out["scale"] = support.from_text(support.synthetic(4))
    out["bare"] = support.from_text(without_provenance())
    out["minimal"] = support.from_text(support.MINIMAL)
    out["clash"] = support.from_text(CLASH)
    return out


@pytest.fixture(scope="module")
def mods(tmp_path_factory: pytest.TempPathFactory, catalogs: dict[str, Catalog]) -> dict[str, ModuleType]:
    where = tmp_path_factory.mktemp("pyvalidate")
    return {name: support.load(catalog, where) for name, catalog in catalogs.items()}


@pytest.fixture(scope="module")
def schemas(catalogs: dict[str, Catalog], mods: dict[str, ModuleType]) -> dict[ModuleType, Any]:
    """Each module's catalog's payload schema, as the jsonschema target writes it."""
    out = {}
    for name, catalog in catalogs.items():
        text = generator("jsonschema")(catalog, TargetOptions())[f"schema/{catalog.name}.schema.json"]
        out[mods[name]] = jsonschema.Draft202012Validator(json.loads(text))
    return out


def kind(spec: Any) -> str:
    return spec.type if spec.items is None else f"array:{spec.items}"


def payloads(mod: ModuleType) -> Iterator[dict[str, Any]]:
    """Valid payloads of every code (deferred and protocol ones too): all fields, and required only."""
    for code, info in mod.CODES.items():
        for wires in (info.required + info.optional, info.required):
            env = mod.CATALOG_INFO.envelope
            payload: dict[str, Any] = {env.discriminator: code, "message": "m"}
            if "retriable" in mod.ErrorBase.model_fields:
                payload[env.retriable_key] = True
            payload.update(env.metadata.carried(info))
            payload.update({wire: copy.deepcopy(SAMPLE[kind(mod.FIELDS[wire])]) for wire in wires})
            if "provenance" in mod.ErrorBase.model_fields:
                payload["provenance"] = dict(mod.PROVENANCE)
            if "is_error" in mod.ErrorBase.model_fields:
                payload["isError"] = True
            yield payload


def is_json(value: Any) -> bool:
    """Whether `value` is JSON data in UTF-8 (what a payload read off the wire is made of)."""
    if type(value) is str:
        return not any("\ud800" <= ch <= "\udfff" for ch in value)  # a lone surrogate has no UTF-8
    if value is None or type(value) is bool:
        return True
    if type(value) is int:
        return True
    if type(value) is float:  # not 3.0: JSON Schema counts it an integer, the strict models an int only
        return math.isfinite(value) and not value.is_integer()
    if type(value) is list:
        return all(is_json(v) for v in value)
    if type(value) is dict:
        return all(type(k) is str and is_json(v) for k, v in value.items())
    return False


def outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    try:
        error = call()
    except pydantic.ValidationError:
        return "invalid", None
    return "ok", (type(error), repr(error))


UNIONS: dict[ModuleType, Any] = {}


def agree(mod: ModuleType, schema: Any, payload: Any) -> bool:
    """Every entry point gives one answer, the JSON Schema's for JSON data; returns whether it was taken."""
    before = repr(payload)
    found = outcome(lambda: mod.validate_error(payload))
    union = UNIONS.get(mod) or UNIONS.setdefault(mod, pydantic.TypeAdapter(mod.ErrorUnion))
    if found[0] == "ok":
        error = mod.validate_error(payload)
        assert type(error) is mod.model_for(payload[mod.CATALOG_INFO.envelope.discriminator]), payload
        assert outcome(lambda: mod.parse_error(payload)) == found
        assert outcome(lambda: union.validate_python(payload)) == found
    else:
        assert isinstance(mod.parse_error(payload), mod.UnknownCode)
        with pytest.raises(pydantic.ValidationError):
            union.validate_python(payload)
    if is_json(payload):
        assert schema.is_valid(payload) == (found[0] == "ok"), payload
        if found[0] == "ok":  # the wire again (an absent `retriable` or metadata text reads as the code's default)
            env = mod.CATALOG_INFO.envelope
            defaulted = {env.retriable_key, *(key for key, _ in env.metadata.carried(error.info))}
            again = {k: v for k, v in error.to_payload().items() if k in payload or k not in defaulted}
            assert json.dumps(again, sort_keys=True) == json.dumps(payload, sort_keys=True)
    assert repr(payload) == before  # never mutated
    return found[0] == "ok"


def foreign_keys(mod: ModuleType, payload: dict[str, Any]) -> list[str]:
    """Keys a payload of this code must not carry: other codes' fields, attribute names, strangers."""
    attrs = [spec.attr for spec in mod.FIELDS.values()]
    keys = [*mod.FIELDS, *attrs, "retriable", "isError", "is_error", "provenance", "unexpected", ""]
    return [key for key in dict.fromkeys(keys) if key not in payload]


def test_valid_payloads_are_taken(mods: dict[str, ModuleType], schemas: dict[ModuleType, Any]) -> None:
    for mod in mods.values():
        for payload in payloads(mod):
            assert agree(mod, schemas[mod], payload), payload


def test_mutated_payloads_agree_with_the_schema(mods: dict[str, ModuleType], schemas: dict[ModuleType, Any]) -> None:
    taken = rejected = 0
    for mod in mods.values():
        for i, payload in enumerate(payloads(mod)):
            key_of_code = mod.CATALOG_INFO.envelope.discriminator
            variants = [{k: v for k, v in payload.items() if k != key} for key in payload if key != key_of_code]
            variants += [{**payload, key: HOSTILE[1]} for key in foreign_keys(mod, payload)]
            if i % 2 == 0:  # every field present: each gets every hostile value
                variants += [{**payload, key: value} for key in payload if key != key_of_code for value in HOSTILE]
            for variant in variants:
                if agree(mod, schemas[mod], variant):
                    taken += 1
                else:
                    rejected += 1
    assert taken > 500 and rejected > 5000


def test_provenance_variants(mods: dict[str, ModuleType], schemas: dict[ModuleType, Any]) -> None:
    mod = mods["workbook"]
    payload = next(payloads(mod))
    own = dict(mod.PROVENANCE)
    variants: list[Any] = [
        {**own, "version": "9.9.9"}, {**own, "catalog": Str(own["catalog"])}, {**own, "catalog": Liar()},
        {**own, "version": Liar()}, {**own, "fingerprint": Liar()}, {**own, "fingerprint": Str(own["fingerprint"])},
        {**own, "fingerprint": "sha256:" + "A" * 64}, {**own, "extra": 1}, {"catalog": "x", "version": "1"},
        Loud(own), MappingProxyType(own), mod.Provenance(**own), [own], None,
    ]  # fmt: skip
    for provenance in variants:
        agree(mod, schemas[mod], {**payload, "provenance": provenance})
    foreign = mod.parse_error({**payload, "provenance": {**own, "version": "9.9.9"}})
    assert foreign.provenance.version == "9.9.9" and "provenance" in foreign.model_fields_set


def test_the_catalogs_own_stamp_is_one_shared_provenance(mods: dict[str, ModuleType]) -> None:
    """Issue 28: validating each payload's provenance anew was a third of a read; the stamp is read once."""
    mod = mods["workbook"]
    first, second, *_ = payloads(mod)
    own = dict(mod.PROVENANCE)
    a, b = (mod.parse_error({**p, "provenance": dict(own)}) for p in (first, second))
    assert a.provenance is b.provenance and a.provenance == mod.Provenance(**own)
    assert "provenance" in a.model_fields_set and a.to_payload()["provenance"] == own
    for other in ({**own, "version": "9.9.9"}, {**own, "catalog": Str(own["catalog"])}):
        read = mod.parse_error({**first, "provenance": other})
        assert read.provenance is not a.provenance and read.provenance.model_dump() == other, other
    assert isinstance(mod.parse_error({**first, "provenance": MappingProxyType(own)}), mod.UnknownCode)
    with pytest.raises(pydantic.ValidationError) as raised:
        mod.validate_error({**first, "provenance": {**own, "fingerprint": Liar()}})
    assert [e["loc"][-2:] for e in raised.value.errors()] == [("provenance", "fingerprint")]


def test_other_mappings_read_like_dicts(mods: dict[str, ModuleType], schemas: dict[ModuleType, Any]) -> None:
    mod = mods["nasty"]
    for payload in payloads(mod):
        assert mod.parse_error(MappingProxyType(payload)) == mod.parse_error(payload)
        assert agree(mod, schemas[mod], {**payload, "code": Str(payload["code"])})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=4),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3),
    max_leaves=8,
)


@st.composite
def edited(draw: st.DrawFn, mod: ModuleType) -> dict[str, Any]:
    payload = draw(st.sampled_from(list(payloads(mod))))
    keys = st.sampled_from([*payload, *foreign_keys(mod, payload)]).filter(lambda k: k != "code")
    bounds = st.fixed_dictionaries({}, optional={"min": JSON, "max": JSON, "step": JSON})
    updates = draw(st.dictionaries(keys, JSON | bounds, max_size=3))
    drops = draw(st.sets(st.sampled_from(list(payload)), max_size=2))
    return {k: v for k, v in {**payload, **updates}.items() if k not in drops or k == "code"}


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hypothesis_edits_agree_with_the_schema(
    mods: dict[str, ModuleType], schemas: dict[ModuleType, Any], data: st.DataObject
) -> None:
    mod = mods[data.draw(st.sampled_from(["workbook", "napkin", "nasty", "bare"]))]
    agree(mod, schemas[mod], data.draw(edited(mod)))


def test_the_committed_package_reads_its_own_payloads() -> None:
    mod = support.import_path(support.ROOT / "generated" / "workbook" / "python" / "workbook_errors")
    payload = mod.InvalidInputError.create(field="unit", range={"min": 0}).to_payload()
    assert mod.validate_error(payload).to_payload() == payload
