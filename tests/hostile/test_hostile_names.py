"""Hostile names: keywords, builtins, reserved words, ``__proto__``, leading digits, non-ASCII.

Every name becomes valid identifiers while its wire form stays unchanged everywhere,
or errgen stops with a clear collision error naming both entries.
"""

from __future__ import annotations

import builtins
import json
import keyword
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from errgen.catalog.model import Catalog, Names
from errgen.catalog.naming import TS_RESERVED
from errgen.targets.jsonschema import def_name

from .hostile_checks import compile_text, is_nfkc_identifier, loads_strict, must_compile, render, render_markdown
from .hostile_strategies import HOSTILE_NAMES, PROPERTY, RESERVED_FIELDS, name_key, to_yaml, wire_name


def catalog_with(code_ids: list[str], field_names: list[str], kinds: list[str] = ()) -> dict[str, Any]:  # type: ignore[assignment]
    """Every code carries every field and names it in its message."""
    holes = "".join("{" + f + "}" for f in field_names if "{" not in f and "}" not in f)
    data: dict[str, Any] = {
        "errgen": 1,
        "catalog": {"name": "names", "version": "1.0.0"},
        "fields": {f: {"type": "string"} for f in field_names},
        "codes": {
            cid: {
                "message": f"failed: {holes}",
                "fields": {"optional": field_names},
                "examples": [{f: f for f in field_names}],
            }
            for cid in code_ids
        },
    }
    if kinds:
        data["kinds"] = {k: {"retryable": False} for k in kinds}
        data["policies"] = {k: {"terminate_on": [k]} for k in kinds}
    return data


def is_python_identifier(ident: str) -> bool:
    return ident.isidentifier() and not keyword.iskeyword(ident)


def assert_identifiers(names: Names) -> None:
    for ident in (names.pascal, names.snake, names.constant, names.camel, names.py_attr):
        assert is_nfkc_identifier(ident), (names.wire, ident)  # Python folds identifiers with NFKC
    assert not keyword.iskeyword(names.py_attr) and not names.py_attr.startswith("_"), names
    assert not hasattr(BaseModel, names.py_attr), f"{names.py_attr!r} shadows a pydantic BaseModel attribute"


def assert_wire_names_unchanged(catalog: Catalog, data: dict[str, Any]) -> None:
    files = render(catalog, "catalog", "jsonschema", "markdown")
    snapshot = loads_strict(files["catalog.json"])
    assert [c["id"] for c in snapshot["codes"]] == list(data["codes"])
    assert [f["name"] for f in snapshot["fields"]] == list(data.get("fields", {}))
    schema = loads_strict(files["schema/names.schema.json"])
    assert schema["$defs"]["ErrorCode"]["enum"] == list(data["codes"])
    for code in catalog.codes.values():
        props = schema["$defs"][def_name(code)]["properties"]
        assert props["code"] == {"const": code.id}
        assert [p for p in props if p in data.get("fields", {})] == list(code.fields)
    table = render_markdown(files["docs/names.md"]).tables()[0][1]
    assert [row[0] for row in table] == list(data["codes"])
    lines = files["identity.txt"].splitlines()[2 : 2 + len(catalog.codes)]
    identity = [json.loads(line.split(" | ")[0]) for line in lines]
    assert identity == list(data["codes"])


@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=[json.dumps(n, ensure_ascii=True) for n in HOSTILE_NAMES])
def test_each_hostile_name_works_as_code_field_and_kind(name: str) -> None:
    fields = [name] if name not in RESERVED_FIELDS else []
    data = catalog_with([name], fields, [name])
    catalog = must_compile(to_yaml(data))
    assert list(catalog.codes) == [name] and list(catalog.kinds) == [name]
    items: list[Any] = [catalog.codes[name], catalog.kinds[name], catalog.policies[name], *catalog.fields.values()]
    for item in items:
        assert item.names.wire == name
        assert_identifiers(item.names)
    assert_wire_names_unchanged(catalog, data)


@pytest.mark.parametrize("name", sorted(RESERVED_FIELDS))
def test_envelope_names_are_refused_as_fields(name: str) -> None:
    catalog, problems = compile_text(to_yaml(catalog_with(["a"], [name])))
    assert catalog is None
    assert any(f"field name {name!r} is reserved for the envelope" in p for p in problems), problems


COLLIDING = [
    ("class", "class_"),
    ("None", "none"),
    ("\ufb01le", "file"),  # NFKC: the ligature is "fi"
    ("404", "_404"),
    ("bad-request", "bad_request"),
    ("HTTPError", "http_error"),
    ("a.b", "a_b"),
    ("\u00c5ngstr\u00f6m", "\u212bngstr\u00f6m"),  # Å and the Angstrom sign
]


@pytest.mark.parametrize(("first", "second"), COLLIDING)
def test_names_that_collide_after_conversion_are_a_clear_error(first: str, second: str) -> None:
    catalog, problems = compile_text(to_yaml(catalog_with([first, second], [])))
    assert catalog is None
    assert len(problems) >= 1 and all(p.startswith("hostile.yaml:") for p in problems)
    assert any(f"{second!r} and {first!r}" in p and "both become" in p for p in problems), problems


@pytest.mark.parametrize(("first", "second"), COLLIDING)
def test_fields_that_collide_after_conversion_are_a_clear_error(first: str, second: str) -> None:
    catalog, problems = compile_text(to_yaml(catalog_with(["a"], [first, second])))
    assert catalog is None
    assert any(f"{second!r} and {first!r}" in p and "both become" in p for p in problems), problems


@PROPERTY
@given(
    codes=st.lists(wire_name(), min_size=1, max_size=5, unique=True),
    fields=st.lists(wire_name().filter(lambda n: n not in RESERVED_FIELDS), max_size=4, unique=True),
)
def test_any_names_give_valid_identifiers_or_a_collision_error(codes: list[str], fields: list[str]) -> None:
    data = catalog_with(codes, fields)
    catalog, problems = compile_text(to_yaml(data))
    if catalog is None:
        assert problems and all("both become" in p for p in problems), problems
        assert len({name_key(n) for n in codes}) < len(codes) or len({name_key(n) for n in fields}) < len(fields)
        return
    items: list[Any] = [*catalog.codes.values(), *catalog.fields.values()]
    for item in items:
        assert_identifiers(item.names)
    for style in ("pascal", "snake", "constant", "camel"):
        assert len({getattr(c.names, style) for c in catalog.codes.values()}) == len(codes), style
    assert len({f.names.py_attr for f in catalog.fields.values()}) == len(fields)
    assert_wire_names_unchanged(catalog, data)


def test_python_and_typescript_reserved_words_are_all_exercised() -> None:
    """The hostile list covers each family the issue names."""
    names = set(HOSTILE_NAMES)
    assert names & set(keyword.kwlist) and names & set(keyword.softkwlist) and names & set(dir(builtins))
    assert names & TS_RESERVED and {"__proto__", "constructor", "toString"} <= names
    assert any(n[0].isdigit() for n in names) and any(not n.isascii() for n in names)
