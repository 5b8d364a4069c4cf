"""Depth, width and size: the generated Python's sanitize, to_json and map_http never raise on JSON.

Issue 17, observation 3: ``map_http(502, body)`` raised RecursionError from nesting depth ≈494
(``json.loads`` accepts ≈990) and ``to_json`` from ≈332. Now ``sanitize`` keeps `MAX_DEPTH`
levels and puts a marker for the rest, ``to_json`` writes any depth (iteratively), and a string
longer than `MAX_TEXT` is cut before scrubbing, the cut shown. The TypeScript side is in
tests/ts/hostile.test.ts; both are compared byte for byte in tests/test_crosslang.py.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pytarget_support import import_path
from ts import harness

from errgen.targets.sanitizer.patterns import MAX_DEPTH, MAX_TEXT, TOO_DEEP, TRUNCATED

from .hostile_checks import doubles

GENERATED = harness.ROOT / "generated" / "napkin" / "python" / "napkin_errors"


@pytest.fixture(scope="module")
def napkin() -> ModuleType:
    return import_path(GENERATED, "depth_napkin_errors")


def deepest_json_loads_accepts(open_: str, close: str) -> int:
    """The deepest nesting of `open_`…`close` that json.loads takes here (it depends on the stack in use)."""
    low, high = 1, 100_000
    while low < high:
        middle = (low + high + 1) // 2
        try:
            json.loads(open_ * middle + "1" + close * middle)
            low = middle
        except RecursionError:
            high = middle - 1
    return low


def depth(value: Any) -> int:
    """Levels of lists and objects in `value` (iteratively: it may be deep)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level + 1)
            todo += [(child, level + 1) for child in (item.values() if isinstance(item, dict) else item)]
    return deepest


@pytest.mark.parametrize(("open_", "close"), [("[", "]"), ('{"a":', "}"), ('[{"password":', "}]")])
def test_map_http_and_sanitize_take_the_deepest_json(napkin: ModuleType, open_: str, close: str) -> None:
    n = deepest_json_loads_accepts(open_, close)
    assert n > 400  # what the issue measured: map_http broke at ≈494
    body = json.loads(open_ * n + "1" + close * n)
    original = napkin.map_http(502, body).to_payload()["original"]
    assert depth(original) <= MAX_DEPTH and depth(napkin.sanitize(body)) <= MAX_DEPTH
    if "password" not in open_:  # (a secret-named key is redacted whole, however deep)
        assert depth(original) == MAX_DEPTH and TOO_DEEP in napkin.to_json(original)
    assert json.loads(napkin.to_json(napkin.map_http(502, body).to_result())) is not None


def test_to_json_writes_any_depth_like_json_dumps(napkin: ModuleType) -> None:
    n = deepest_json_loads_accepts("[", "]")
    for text in ("[" * n + "]" * n, '{"a":' * n + "null" + "}" * n, "[" * 200 + '{"k":[1,"x",{}]}' + "]" * 200):
        assert napkin.to_json(json.loads(text)) == text
    deeper: list[Any] = []
    for _ in range(100_000):  # far deeper than json.loads goes: built here, written all the same
        deeper = [deeper]
    assert napkin.to_json(deeper) == "[" * 100_001 + "]" * 100_001


def test_to_json_refuses_a_cycle_with_a_value_error(napkin: ModuleType) -> None:
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="circular"):
        napkin.to_json({"a": loop})
    shared = [1]
    assert napkin.to_json([shared, shared]) == "[[1],[1]]"  # the same list twice is no cycle


def test_wide_values_keep_every_item(napkin: ModuleType) -> None:
    wide = {f"k{i}": f"value {i}" for i in range(100_000)} | {"password": "hunter2"}
    sanitized = napkin.sanitize(wide)
    assert len(sanitized) == len(wide) and sanitized["k99999"] == "value 99999"
    assert sanitized["password"] == "[REDACTED]"
    long_list = ["Bearer abc.def.ghi1"] * 100_000
    assert napkin.sanitize(long_list) == ["Bearer [REDACTED]"] * 100_000


def test_a_huge_string_is_cut_before_scrubbing_and_says_so(napkin: ModuleType) -> None:
    secret = "ghp_" + "A1b2C3d4" * 5
    text = "password=hunter2 " + "word " * ((MAX_TEXT + 500_000) // 5) + secret
    scrubbed = napkin.scrub_text(text)
    assert scrubbed.endswith(TRUNCATED) and len(scrubbed) < MAX_TEXT + 100  # "[REDACTED]" is 3 longer than hunter2
    assert scrubbed.startswith("password=[REDACTED] ") and secret not in scrubbed and "ghp_" not in scrubbed
    cut = "x " * (MAX_TEXT // 2 - 3) + "sk-" + "Z9y8X7w6" * 4  # a token the cut splits goes whole
    scrubbed = napkin.scrub_text(cut)
    assert "sk-" not in scrubbed and scrubbed.endswith(" " + TRUNCATED)
    assert napkin.scrub_text("a" * MAX_TEXT) == "a" * MAX_TEXT  # exactly the cap: no cut


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["password=hunter2", "at x (/a.js:1:2)", "/home/alice/x"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=20,
)


@st.composite
def nested(draw: st.DrawFn) -> Any:
    """A JSON value wrapped in up to 300 random levels of lists and objects."""
    value = draw(JSON)
    for key in draw(st.lists(st.sampled_from(["", "a", "token", "0", None]), max_size=300)):
        value = [value] if key is None else {key: value}
    return value


@settings(max_examples=150, deadline=None)
@given(nested())
def test_any_json_value_goes_through_without_raising(napkin: ModuleType, value: Any) -> None:
    sanitized = napkin.sanitize(value)
    assert depth(sanitized) <= MAX_DEPTH
    napkin.map_http(502, value).to_result()
    written = napkin.to_json(value)
    assert doubles(json.loads(written)) == doubles(value)
