"""`errgen.catalog.jsontext.dumps` is byte-identical to ``json.dumps(indent=2, ensure_ascii=False)``."""

from __future__ import annotations

import datetime
import json
import math
from pathlib import Path
from typing import Any

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from errgen.catalog import jsontext

FLOATS = st.floats(allow_nan=False, allow_infinity=False)
SCALARS = st.none() | st.booleans() | st.integers() | FLOATS | st.text()
JSON = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=40,
)


def _reference(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=examples(400), deadline=None)
@given(JSON)
def test_same_text_as_the_standard_library(value: Any) -> None:
    assert jsontext.dumps(value) == _reference(value)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.floats(min_value=-1e-4, max_value=1e-4, allow_nan=False) | st.floats(), max_size=6))
def test_floats_as_python_spells_them(values: list[float]) -> None:
    """Small floats (orjson writes ``0.00001`` and ``3.2e-7`` for Python's ``1e-05``, ``3.2e-07``)."""
    finite = [v for v in values if math.isfinite(v)]
    assert jsontext.dumps(finite) == _reference(finite)


def test_edge_values_and_fallbacks() -> None:
    samples: list[Any] = [
        {}, [], [[]], {"a": {}}, -0.0, 1e300, 1e-05, 3.2e-07, 9.99e-05, 1e-300, 5e-324, 1e16, True, 2**70, -(2**63) - 1,
        "\u2028\x00\ud800é\"\\", {"ü": [None, False]}, ["0.00001 in a string", 0.5],
        {1: "int key"}, (1, 2), {"t": (1,)},  # types orjson refuses or may spell otherwise
    ]  # fmt: skip
    for value in samples:
        assert jsontext.dumps(value) == _reference(value), value


def test_a_word_before_a_digit_is_not_taken_for_a_small_float() -> None:
    """``value-3`` and ``code-1`` in strings keep orjson's text (they once sent whole schemas to the slow writer);
    a small float's exponent still sends the text to the standard library's spelling."""
    for value in ({"id": "value-3"}, ["invoice-1", "type-2 e-5"]):
        assert jsontext._orjson(value, 0) is not None
        assert jsontext.dumps(value) == _reference(value)
    for value in ([3.2e-07], {"v": 1e-05}, [2.5e-08, "x"]):
        assert jsontext._orjson(value, 0) is None
        assert jsontext.dumps(value) == _reference(value)


def test_non_finite_floats_are_null() -> None:
    """JSON has no spelling for them (json.dumps writes ``NaN``, which no JSON reader takes)."""
    assert jsontext.dumps([math.nan, -math.inf]) == "[\n  null,\n  null\n]"


def test_values_json_refuses_are_refused() -> None:
    for value in (datetime.date(2026, 1, 1), Path("x"), {1.5j: 1}):
        with pytest.raises(TypeError):
            jsontext.dumps(value)


def test_shipped_schema_round_trips(root: Any) -> None:
    for path in sorted((root / "generated").glob("*/schema/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert jsontext.dumps(data) + "\n" == path.read_text(encoding="utf-8"), path


@settings(max_examples=examples(400), deadline=None)
@given(JSON)
def test_canonical_is_sorted_compact_json(value: Any) -> None:
    """The bytes a catalog's fingerprint hashes (`normalize.canonical_json`)."""
    expected = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    assert jsontext.canonical(value) == expected


def test_canonical_edge_values() -> None:
    for value in ({"é": 1, "e": 2, "\U0001f600": 3, "\uffff": 4, "Z": 5}, [1e-05, 3.2e-07, 2**70], {"ü": [None, 0.5]}):
        assert jsontext.canonical(value) == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@settings(max_examples=examples(400), deadline=None)
@given(JSON)
def test_compact_is_the_standard_librarys_compact_text(value: Any) -> None:
    """`compact` (the TypeScript rows) and `compact_ascii` (the adapters' embedded schemas), through orjson."""
    assert jsontext.compact(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    assert jsontext.compact_ascii(value) == json.dumps(value, separators=(",", ":"))


def test_compact_edge_values() -> None:
    samples: list[Any] = [
        "\u2028\x00\x7f\ud800é\"\\", {"\U0001f600": ["\U0010ffff", "\uffff", "\u0080"]}, [1e-05, 3.2e-07, 2**70, 1e16],
        {1: "int key"}, (1, (2,)), -0.0,
    ]  # fmt: skip
    for value in samples:
        assert jsontext.compact(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":")), value
        assert jsontext.compact_ascii(value) == json.dumps(value, separators=(",", ":")), value
