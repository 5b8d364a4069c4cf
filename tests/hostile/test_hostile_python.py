"""Hostile catalogs through the Python target: the module compiles, imports, and every string
and name round-trips exactly through its metadata and its models (real pydantic)."""

from __future__ import annotations

import itertools
import json
import keyword
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from pytarget_support import forget, import_files

from errgen.catalog.model import Catalog, Code
from errgen.targets.sanitizer.scrub import scrub_text

from .hostile_checks import compiled, doubles, render
from .hostile_strategies import HOSTILE_NAMES, PROPERTY, RESERVED_FIELDS, catalog_data, name_key

# Attribute names pydantic's BaseModel owns or protects.
PYDANTIC_NAMES = (
    "model_dump",
    "model_validate",
    "model_config",
    "model_fields",
    "model_construct",
    "schema",
    "json",
    "copy",
    "dict",
    "validate",
    "construct",
    "fields_set",
    "parse_obj",
    "__fields__",
)

_COUNTER = itertools.count()


def import_generated(files: dict[str, str], folder: Path) -> ModuleType:
    """Compile and import one generated package under a fresh name."""
    for rel, text in files.items():
        if rel.endswith(".py"):
            compile(text, rel, "exec", dont_inherit=True)
    return import_files(files, folder, f"hostile_generated_{next(_COUNTER)}")


def check_metadata(catalog: Catalog, mod: Any) -> None:
    assert (mod.CATALOG, mod.VERSION, mod.TITLE, mod.DESCRIPTION) == (
        catalog.name, catalog.version, catalog.title, catalog.description
    )  # fmt: skip
    assert mod.FINGERPRINT == catalog.fingerprint
    assert list(mod.CODES) == list(catalog.codes)
    for code in catalog.codes.values():
        info = mod.CODES[code.id]
        assert (info.code, info.title, info.when, info.message) == (code.id, code.title, code.when, code.message)
        assert (info.next_action, info.ui_meaning, info.kind) == (code.next_action, code.ui_meaning, code.kind)
        assert (tuple(info.required), tuple(info.optional)) == (code.required, code.optional)
        assert (info.retriable, info.recoverable, info.deferred) == (
            code.retriable.value,
            code.recoverable.value,
            code.deferred,
        )
        if code.deprecated:
            assert (info.deprecated.reason, info.deprecated.replaced_by) == (
                code.deprecated.reason,
                code.deprecated.replaced_by,
            )
    assert list(mod.FIELDS) == list(catalog.fields)
    for field in catalog.fields.values():
        spec = mod.FIELDS[field.name]
        assert (spec.name, spec.description, spec.type) == (field.name, field.description, field.type.name)
    assert list(mod.KINDS) == list(catalog.kinds)
    assert [k.description for k in mod.KINDS.values()] == [k.description for k in catalog.kinds.values()]
    assert set(catalog.policies) <= set(mod.POLICIES)


def check_names(catalog: Catalog, mod: Any) -> None:
    """Every class and attribute is a real, non-reserved identifier; models are reachable by class name."""
    classes = [mod.CODES[c].class_name for c in catalog.codes]
    assert len(set(classes)) == len(classes)
    for code, class_name in zip(catalog.codes.values(), classes, strict=True):
        assert class_name.isidentifier() and not keyword.iskeyword(class_name), class_name
        model = getattr(mod, class_name)
        assert model.code_info().code == code.id and model.__name__ == class_name
        attrs = [mod.FIELDS[w].attr for w in code.fields]
        assert len(set(attrs)) == len(attrs)
        for attr in attrs:
            assert attr.isidentifier() and not keyword.iskeyword(attr) and not attr.startswith("_"), attr
            assert attr in model.model_fields, (attr, list(model.model_fields))


def _expected_message(code: Code, message: str) -> str:
    return scrub_text(message) or code.id


def check_examples(catalog: Catalog, mod: Any, schema: dict[str, Any]) -> None:
    """Each example builds through both entry points; its payload is exact and matches the JSON Schema."""
    validator = jsonschema_rs.Draft202012Validator(schema)
    for code in catalog.constructible_codes:
        model = getattr(mod, mod.CODES[code.id].class_name)
        for example in code.examples:
            if any(example.values.get(f) is None for f in code.required):
                continue  # a required value of JSON null is "not given" at run time
            built = mod.build_error(code.id, example.values)
            by_attr = {mod.FIELDS[k].attr: v for k, v in example.values.items()}
            assert model.create(**by_attr).to_payload() == built.to_payload()
            payload = json.loads(json.dumps(built.to_payload()))
            assert payload["code"] == code.id
            assert payload["message"] == _expected_message(code, example.message)
            for name in code.fields:
                if example.values.get(name) is not None:
                    assert payload[name] == example.values[name], name
            assert validator.is_valid(payload), (code.id, payload)
            if code.channel.value == "tool":
                result = built.to_result()
                assert result["content"][0]["text"] == f"{code.id}: {payload['message']}"
                assert doubles(mod.parse_result(result).to_payload()) == doubles(built.to_payload())


@settings(PROPERTY, max_examples=min(PROPERTY.max_examples, 25))  # each example imports a module
@given(catalog_data())
def test_hostile_catalogs_give_python_that_imports_and_round_trips(
    tmp_path_factory: pytest.TempPathFactory, data: dict[str, Any]
) -> None:
    catalog = compiled(data)
    files = render(catalog, "python", "jsonschema")
    schema = json.loads(files[f"schema/{catalog.name}.schema.json"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", category=DeprecationWarning)  # constructing a deprecated code warns
        mod = import_generated(files, tmp_path_factory.mktemp("py"))
        try:
            check_metadata(catalog, mod)
            check_names(catalog, mod)
            check_examples(catalog, mod, schema)
        finally:
            forget(mod.__name__)


def distinct(names: tuple[str, ...]) -> list[str]:
    """The names, keeping the first of any that would merge after conversion."""
    seen: dict[str, str] = {}
    for name in names:
        seen.setdefault(name_key(name), name)
    return list(seen.values())


def test_every_hostile_name_in_one_python_module(tmp_path: Path) -> None:
    """Keywords, builtins, pydantic's own attributes, ``__proto__``, digits, non-ASCII: as codes and fields."""
    codes = distinct(HOSTILE_NAMES)
    fields = [n for n in distinct(HOSTILE_NAMES + PYDANTIC_NAMES) if n not in RESERVED_FIELDS]
    data = {
        "errgen": 1,
        "catalog": {"name": "hostile_names", "version": "1.0.0"},
        "fields": {f: {"type": "string"} for f in fields},
        "codes": {c: {"message": "{" + c + "}" if c in fields else "m", "fields": {"optional": fields}} for c in codes},
    }
    catalog = compiled(data)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mod = import_generated(render(catalog, "python"), tmp_path)
        try:
            check_metadata(catalog, mod)
            check_names(catalog, mod)
            for code in catalog.codes.values():
                values = {f: f"value of {f}" for f in code.fields}
                assert mod.build_error(code.id, values).to_payload()["code"] == code.id
        finally:
            forget(mod.__name__)
