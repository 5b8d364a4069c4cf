"""The compiled fast path gives exactly what each code's own model gives.

``parse_error``, ``validate_error``, ``ErrorUnion`` and ``create`` validate a payload
with a straight-line function compiled per code on first use, and fall back to the
code's model for anything the fast path does not take. For valid and invalid payloads
(mutations of every key, foreign keys, hostile values, hypothesis), the result must
equal ``model_for(code).model_validate(payload)``: the same class, ``__dict__`` in
the same order, ``model_fields_set``, slots, ``to_payload()`` and ``repr``, lists and
dicts copied where pydantic copies them, or the same validation errors.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any

import pydantic
import pytarget_support as support
import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


class Str(str):
    """A str subclass: pydantic's strict str takes it and returns a plain str."""


class Int(int):
    """An int subclass."""


class Float(float):
    """A float subclass."""


class Loud(dict[str, Any]):
    """A dict subclass with its own equality (the fast path takes exact dicts only)."""

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
def mods(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    where = tmp_path_factory.mktemp("pyvalidate")
    catalogs = {name: support.shipped(name) for name in support.SHIPPED}
    catalogs["nasty"] = support.from_text(support.NASTY, "catalog/nasty.yaml")
    catalogs["scale"] = support.from_text(support.synthetic(4))
    catalogs["bare"] = support.from_text(without_provenance())
    catalogs["minimal"] = support.from_text(support.MINIMAL)
    catalogs["clash"] = support.from_text(CLASH)
    return {name: support.load(catalog, where) for name, catalog in catalogs.items()}


def kind(spec: Any) -> str:
    return spec.type if spec.items is None else f"array:{spec.items}"


def payloads(mod: ModuleType) -> Iterator[dict[str, Any]]:
    """Valid payloads of every code (deferred and protocol ones too): all fields, and required only."""
    for code, info in mod.CODES.items():
        for wires in (info.required + info.optional, info.required):
            payload: dict[str, Any] = {"code": code, "message": "m"}
            if "retriable" in mod.ErrorBase.model_fields:
                payload["retriable"] = True
            payload.update({wire: copy.deepcopy(SAMPLE[kind(mod.FIELDS[wire])]) for wire in wires})
            if "provenance" in mod.ErrorBase.model_fields:
                payload["provenance"] = dict(mod.PROVENANCE)
            if "is_error" in mod.ErrorBase.model_fields:
                payload["isError"] = True
            yield payload


def snapshot(error: Any) -> tuple[Any, ...]:
    """Everything observable of a model instance, nested models included."""
    state = error.__getstate__()
    return (
        type(error),
        [(key, type(value), repr(value)) for key, value in error.__dict__.items()],
        {k: snapshot(v) if isinstance(v, pydantic.BaseModel) else v for k, v in state["__dict__"].items()},
        state["__pydantic_fields_set__"],
        state["__pydantic_extra__"],
        state["__pydantic_private__"],
        repr(error.to_payload() if hasattr(error, "to_payload") else error.model_dump()),
        repr(error),
    )


def shared(error: Any, payload: Any) -> list[str]:
    """The attributes whose list or dict is the payload's own object (not a copy)."""
    mine = [value for value in payload.values() if isinstance(value, list | dict)]
    return [key for key, value in error.__dict__.items() if any(value is other for other in mine)]


def outcome(call: Callable[[], Any], payload: Any = None) -> tuple[str, Any]:
    try:
        error = call()
    except pydantic.ValidationError as exc:
        return "invalid", repr(exc.errors(include_url=False))
    return "ok", (snapshot(error), shared(error, payload) if isinstance(payload, dict) else [])


UNIONS: dict[ModuleType, Any] = {}


def agree(mod: ModuleType, payload: Any) -> bool:
    """Every entry point agrees with the code's own model; returns whether the fast path took it."""
    code = payload["code"]
    before = repr(payload)
    expected = outcome(lambda: mod.model_for(code).model_validate(payload), payload)
    assert outcome(lambda: mod.validate_error(payload), payload) == expected, payload
    union = UNIONS.get(mod) or UNIONS.setdefault(mod, pydantic.TypeAdapter(mod.ErrorUnion))
    if expected[0] == "ok":
        assert outcome(lambda: mod.parse_error(payload), payload) == expected
        assert outcome(lambda: union.validate_python(payload), payload) == expected
    else:
        assert isinstance(mod.parse_error(payload), mod.UnknownCode)
        with pytest.raises(pydantic.ValidationError, match="invalid"):
            union.validate_python(payload)
    fell_back, model_for = [], mod.model_for
    if code not in mod._FAST:  # built beforehand: building it calls model_for
        mod._build_fast(code)
    mod.model_for = lambda code: fell_back.append(code) or model_for(code)
    try:
        assert outcome(lambda: mod._validate(code, payload), payload) == expected
    finally:
        mod.model_for = model_for
    assert repr(payload) == before  # never mutated
    return not fell_back


def foreign_keys(mod: ModuleType, payload: dict[str, Any]) -> list[str]:
    """Keys a payload of this code must not carry: other codes' fields, attribute names, strangers."""
    attrs = [spec.attr for spec in mod.FIELDS.values()]
    keys = [*mod.FIELDS, *attrs, "retriable", "isError", "is_error", "provenance", "unexpected", ""]
    return [key for key in dict.fromkeys(keys) if key not in payload]


def test_valid_payloads_take_the_fast_path_and_equal_the_model(mods: dict[str, ModuleType]) -> None:
    for mod in mods.values():
        for payload in payloads(mod):
            assert agree(mod, payload), payload


def test_mutated_payloads_agree_with_the_model(mods: dict[str, ModuleType]) -> None:
    taken = rejected = 0
    for mod in mods.values():
        for i, payload in enumerate(payloads(mod)):
            variants = [{k: v for k, v in payload.items() if k != key} for key in payload if key != "code"]
            variants += [{**payload, key: HOSTILE[1]} for key in foreign_keys(mod, payload)]
            if i % 2 == 0:  # every field present: each gets every hostile value
                variants += [{**payload, key: value} for key in payload if key != "code" for value in HOSTILE]
            for variant in variants:
                if agree(mod, variant):
                    taken += 1
                else:
                    rejected += 1
    assert taken > 500 and rejected > 5000


def test_provenance_variants_agree_and_share_the_own_instance(mods: dict[str, ModuleType]) -> None:
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
        agree(mod, {**payload, "provenance": provenance})
    first, second = (mod.parse_error(copy.deepcopy(payload)) for _ in range(2))
    assert first.provenance is second.provenance  # one frozen instance for the module's own provenance
    foreign = mod.parse_error({**payload, "provenance": {**own, "version": "9.9.9"}})
    assert foreign.provenance.version == "9.9.9" and "provenance" in foreign.model_fields_set


def test_a_payload_its_fast_path_rejects_is_checked_once(
    mods: dict[str, ModuleType], monkeypatch: pytest.MonkeyPatch
) -> None:
    mod = mods["workbook"]
    payload = next(payloads(mod))
    code, calls = payload["code"], []
    fast = mod._FAST.get(code) or mod._build_fast(code)
    monkeypatch.setitem(mod._FAST, code, lambda *args: calls.append(args) or fast(*args))
    assert not isinstance(mod.parse_error(payload), mod.UnknownCode) and len(calls) == 1
    assert isinstance(mod.parse_error({**payload, "message": 1}), mod.UnknownCode) and len(calls) == 2
    assert mod.parse_error({**payload, "message": "m2"}).message == "m2" and len(calls) == 3


def test_other_inputs_fall_back_to_the_model(mods: dict[str, ModuleType]) -> None:
    mod = mods["nasty"]
    for payload in payloads(mod):
        assert not agree(mod, Loud(payload))
        assert not agree(mod, {**payload, "code": Str(payload["code"])})
        assert mod.parse_error(MappingProxyType(payload)) == mod.parse_error(payload)


def test_without_the_fast_path_everything_still_validates(
    mods: dict[str, ModuleType], monkeypatch: pytest.MonkeyPatch
) -> None:
    mod = mods["nasty"]
    monkeypatch.setattr(mod, "_writers", lambda: None)  # a pydantic whose models are laid out otherwise
    monkeypatch.setattr(mod, "_FAST", type(mod._FAST)())
    for payload in payloads(mod):
        assert not agree(mod, payload)
        assert mod._FAST[payload["code"]] is mod._no_fast


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
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
def test_hypothesis_edits_agree_with_the_model(mods: dict[str, ModuleType], data: st.DataObject) -> None:
    mod = mods[data.draw(st.sampled_from(["workbook", "napkin", "nasty", "bare"]))]
    agree(mod, data.draw(edited(mod)))


def test_the_committed_module_has_the_fast_path() -> None:
    path = support.ROOT / "generated" / "workbook" / "python" / "workbook_errors.py"
    mod = support.import_path(Path(path))
    payload = mod.InvalidInputError.create(field="unit", range={"min": 0}).to_payload()
    assert agree(mod, payload)
