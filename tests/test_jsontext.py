"""`errgen.catalog.jsontext.dumps` is byte-identical to ``json.dumps(indent=2, ensure_ascii=False)``."""

from __future__ import annotations

import json
from typing import Any

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from errgen.catalog import jsontext

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
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


def test_edge_values_and_fallbacks() -> None:
    samples: list[Any] = [
        {}, [], [[]], {"a": {}}, -0.0, 1e300, float("nan"), float("-inf"), True, 2**70,
        "\u2028\x00\ud800é\"\\", {"ü": [None, False]},
        {1: "int key"}, (1, 2), {"t": (1,)},  # types the fast path hands to json.dumps
    ]  # fmt: skip
    for value in samples:
        assert jsontext.dumps(value) == _reference(value), value


def test_shipped_schema_round_trips(root: Any) -> None:
    for path in sorted((root / "generated").glob("*/schema/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert jsontext.dumps(data) + "\n" == path.read_text(encoding="utf-8"), path
