"""Message templates and value formatting (`messages.py`), pinned by hand-written expectations.

The generated runtimes format values the same way (tests/test_crosslang.py holds them to
it); these pin errgen's side exactly, edge by edge: JavaScript's number spelling, ranges,
lists, objects, and every malformed template with its message.
"""

from __future__ import annotations

import math

import pytest

from errgen.catalog import messages


def test_parse_splits_literals_and_placeholders() -> None:
    """Literal text before each placeholder, doubled braces as one brace, and the tail with no placeholder."""
    assert messages.parse("a {x} b {{c}} {y}") == (("a ", "x"), (" b {c} ", "y"), ("", None))
    assert messages.parse("") == (("", None),)
    assert messages.parse("{{}}") == (("{}", None),)
    assert messages.parse("{x}{x}") == (("", "x"), ("", "x"), ("", None))


@pytest.mark.parametrize(
    ("template", "error"),
    [
        ("a } b", "unmatched '}' at offset 2; write '}}' for a literal brace"),
        ("a { b", "malformed placeholder at offset 2: use {name}, or {{ for a literal brace"),
        ("{}", "malformed placeholder at offset 0: use {name}, or {{ for a literal brace"),
        ("x{ name}", "malformed placeholder at offset 1: use {name}, or {{ for a literal brace"),
        ("x{name }", "malformed placeholder at offset 1: use {name}, or {{ for a literal brace"),
        ("{a{b}", "malformed placeholder at offset 0: use {name}, or {{ for a literal brace"),
    ],
)
def test_malformed_templates_name_the_offset(template: str, error: str) -> None:
    """Each malformed template raises TemplateError naming the offset of the bad brace."""
    with pytest.raises(messages.TemplateError) as caught:
        messages.split(template)
    assert str(caught.value) == error


def test_placeholders_in_order_of_first_appearance() -> None:
    """Each placeholder once, in the order it first appears."""
    assert messages.placeholders("{b} then {a}, again {b}") == ("b", "a")


def test_render_leaves_missing_values_empty() -> None:
    """A placeholder without a value renders as nothing; literal braces stay single."""
    assert messages.render("x={x} y={y} {{z}}", {"x": 1, "z": 2}) == "x=1 y= {z}"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("text", "text"), ("", ""), (None, "null"), (True, "true"), (False, "false"), (2, "2"), (2.0, "2"),
        (-0.5, "-0.5"), ([1, "a", True, None], "1, a, true, null"), ([], ""), ({"min": 1, "max": 2.5}, "1..2.5"),
        ({"min": 1}, "1.."), ({"max": 3}, "..3"), ({"min": None, "max": 3}, "..3"), ({}, "{}"),
        ({"min": 1, "step": 2}, '{"min":1,"step":2}'), ({"a": [1.0, None, 1e21, "é"]}, '{"a":[1,null,1e+21,"é"]}'),
        ([[1, 2], {"k": False}], '1, 2, {"k":false}'),  # an inner list is formatted as a list too
    ],
)  # fmt: skip
def test_format_value(value: object, text: str) -> None:
    """Strings as they are, JSON words, JavaScript numbers, lists joined, ranges as ``min..max``, objects as JSON."""
    assert messages.format_value(value) == text


@pytest.mark.parametrize(
    ("number", "text"),
    [
        (0, "0"), (-0.0, "0"), (0.0, "0"), (7, "7"), (-7, "-7"), (100.0, "100"), (0.1, "0.1"), (-1.5, "-1.5"),
        (1e20, "100000000000000000000"), (1e21, "1e+21"), (123456789012345680000.0, "123456789012345680000"),
        (1.5e300, "1.5e+300"), (-2.5e25, "-2.5e+25"), (1e-6, "0.000001"), (1.25e-6, "0.00000125"), (1e-7, "1e-7"),
        (-1.5e-300, "-1.5e-300"), (5e-324, "5e-324"), (2**53, "9007199254740992"), (2**53 + 1, "9007199254740992"),
        (-(2**53) - 3, "-9007199254740996"), (10**21, "1e+21"), (12 * 10**20, "1.2e+21"), (10**400, "Infinity"),
        (-(10**400), "-Infinity"), (math.inf, "Infinity"), (-math.inf, "-Infinity"), (math.nan, "NaN"),
        (0.5, "0.5"), (0.001, "0.001"), (-0.000123, "-0.000123"), (123.456, "123.456"), (1000.0, "1000"),
        (1e16, "10000000000000000"), (1.5e-5, "0.000015"), (-1.2e-7, "-1.2e-7"), (5e21, "5e+21"),
    ],
)  # fmt: skip
def test_js_number_spells_numbers_like_javascript(number: float, text: str) -> None:
    """JavaScript's ``String(n)``: shortest digits, exponent from 1e21 and below 1e-6, big integers as doubles."""
    assert messages.js_number(number) == text


def test_js_json_writes_non_finite_numbers_and_other_values_like_json_stringify() -> None:
    """``JSON.stringify``: NaN and infinities are ``null``, keys are strings, anything else is its text quoted."""
    assert messages.js_json([math.nan, math.inf, -0.0]) == "[null,null,0]"
    assert messages.js_json({1: "a\n"}) == '{"1":"a\\n"}'
    assert messages.js_json((1, 2)) == '"(1, 2)"'


def test_js_json_lists_keys_in_javascript_object_order() -> None:
    """Array-index keys first, ascending as numbers (``2`` before ``10``) up to 4294967294 (2**32 - 2), the last
    index; ``4294967295`` and above are plain keys and keep their insertion order (what node prints)."""
    keys = ["b", "4294967295", "4294967294", "4294967296", "100", "10", "2", "1"]
    value = {key: i for i, key in enumerate(keys)}
    assert messages.js_json(value) == (
        '{"1":7,"2":6,"10":5,"100":4,"4294967294":2,"b":0,"4294967295":1,"4294967296":3}'
    )
