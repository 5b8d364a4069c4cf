"""Each assertion kind and operand form, evaluated like wallfacer's runner."""

from __future__ import annotations

import pytest

from errgen.conform import model as m
from errgen.conform.assertions import Verdict, evaluate
from errgen.conform.jsonvalue import Json

from .helpers import outcome

PASS, FAIL, STRUCTURAL = Verdict.PASS, Verdict.FAIL, Verdict.STRUCTURAL

EQUALS_X = """
- kind: equals
  lhs: { path: "$.response.x" }
  rhs: { value: 1 }
"""


@pytest.mark.parametrize(
    ("value", "verdict"),
    [(1, PASS), (1.0, FAIL), (True, FAIL), ("1", FAIL), (2, FAIL)],
)
def test_equals_is_strict_json_equality(value: Json, verdict: Verdict) -> None:
    assert outcome(EQUALS_X, {"x": value}).verdict is verdict


def test_equals_compares_nested_values_recursively() -> None:
    rule = """
    - kind: equals
      lhs: { path: "$.response.a" }
      rhs: { value: { k: [1, { z: true }], j: null } }
    """
    assert outcome(rule, {"a": {"j": None, "k": [1, {"z": True}]}}).verdict is PASS
    assert outcome(rule, {"a": {"j": None, "k": [1, {"z": 1}]}}).verdict is FAIL


def test_not_equals_and_failure_message() -> None:
    rule = """
    - kind: not_equals
      lhs: { path: "$.response.x" }
      rhs: { value: 0 }
    """
    assert outcome(rule, {"x": 0.0}).verdict is PASS
    failed = outcome(rule, {"x": 0})
    assert (failed.verdict, failed.detail) == (FAIL, "expected 0 to differ from 0")


@pytest.mark.parametrize(
    ("lhs", "rhs", "verdict"),
    [
        ('{ path: "$.response.x" }', "{ value: hello }", PASS),
        ('"$.response.x"', "hello", PASS),  # bare `$` string is a path, bare string a literal
        ('"$.response.x"', '"$.input.x"', PASS),
        ('{ value: "$.response.x" }', '"$.response.x"', FAIL),  # explicit value stays literal
        ('{ path: "$.response.nope" }', "{ value: hello }", STRUCTURAL),
    ],
)
def test_operand_forms(lhs: str, rhs: str, verdict: Verdict) -> None:
    rule = f"- kind: equals\n  lhs: {lhs}\n  rhs: {rhs}\n"
    assert outcome(rule, {"x": "hello"}, {"x": "hello"}).verdict is verdict


@pytest.mark.parametrize(
    ("kind", "value", "bound", "verdict"),
    [
        ("at_most", 5, 5, PASS),
        ("at_most", 6, 5, FAIL),
        ("at_least", 9007199254740992, 9007199254740993, FAIL),  # exact beyond 2**53
        ("at_least", 9007199254740993, 9007199254740993, PASS),
        ("at_most", 1.5, 2, PASS),
        ("at_least", 1.5, 2, FAIL),
        ("at_most", "3", 5, FAIL),
        ("at_most", True, 5, FAIL),
    ],
)
def test_numeric_bounds(kind: str, value: Json, bound: int, verdict: Verdict) -> None:
    rule = f'- kind: {kind}\n  path: "$.response.n"\n  value: {{ value: {bound} }}\n'
    assert outcome(rule, {"n": value}).verdict is verdict


def test_bound_value_may_be_a_path() -> None:
    rule = '- kind: at_most\n  path: "$.response.used"\n  value: { path: "$.response.limit" }\n'
    assert outcome(rule, {"used": 3, "limit": 4}).verdict is PASS
    assert outcome(rule, {"used": 5, "limit": 4}).detail == "numeric comparison failed: 5 vs 4"


@pytest.mark.parametrize(
    ("kind", "value", "size", "verdict"),
    [
        ("length_eq", [1, 2], "2", PASS),
        ("length_eq", "héllo", "5", PASS),  # code points, not bytes
        ("length_eq", "😀", "1", PASS),
        ("length_at_most", [1, 2, 3], "2", FAIL),
        ("length_at_least", "ab", "2", PASS),
        ("length_eq", {"a": 1}, "1", FAIL),  # objects have no length in wallfacer
        ("length_eq", 12, "2", FAIL),
        ("length_eq", [1, 2], "2.0", FAIL),  # the bound must be a non-negative integer
        ("length_at_least", [1], "-1", FAIL),
    ],
)
def test_lengths(kind: str, value: Json, size: str, verdict: Verdict) -> None:
    rule = f'- kind: {kind}\n  path: "$.response.v"\n  value: {size}\n'
    assert outcome(rule, {"v": value}).verdict is verdict


@pytest.mark.parametrize(
    ("value", "json_type"),
    [
        (1, "integer"),
        (1.5, "number"),
        (1.0, "number"),
        (True, "boolean"),
        (None, "null"),
        ("s", "string"),
        ([1], "array"),
        ({}, "object"),
    ],
)
def test_is_type_names(value: Json, json_type: str) -> None:
    for candidate in ("string", "number", "integer", "boolean", "array", "object", "null"):
        rule = f'- kind: is_type\n  path: "$.response.v"\n  type: {candidate}\n'
        expected = PASS if candidate == json_type else FAIL
        assert outcome(rule, {"v": value}).verdict is expected, (value, candidate)


def test_is_type_message_uses_wallfacer_debug_names() -> None:
    rule = '- kind: is_type\n  path: "$.response.v"\n  type: number\n'
    assert outcome(rule, {"v": 3}).detail == "expected $.response.v to be Number, got Integer"


@pytest.mark.parametrize(
    ("pattern", "text", "verdict"),
    [
        ("'ell'", "hello", PASS),  # unanchored search, like Rust `is_match`
        ("'^ell'", "hello", FAIL),
        ("'\\u200d'", "a\u200db", PASS),
        ("'\\x{41}'", "xAx", PASS),
        ("'(?=a)'", "a", STRUCTURAL),
        ("'(a'", "a", STRUCTURAL),
    ],
)
def test_matches_regex(pattern: str, text: str, verdict: Verdict) -> None:
    rule = f'- kind: matches_regex\n  path: "$.response.t"\n  pattern: {pattern}\n'
    assert outcome(rule, {"t": text}).verdict is verdict


def test_matches_regex_on_non_string_is_an_assertion_failure() -> None:
    rule = "- kind: matches_regex\n  path: \"$.response.t\"\n  pattern: '('\n"
    failed = outcome(rule, {"t": 1})
    assert (failed.verdict, failed.detail) == (FAIL, "expected $.response.t to resolve to a string")


SCHEMA = """
- kind: matches_schema
  path: "$.response"
  schema:
    type: object
    required: [code]
    properties:
      code: { type: string, const: E1 }
"""


def test_matches_schema() -> None:
    assert outcome(SCHEMA, {"code": "E1"}).verdict is PASS
    failed = outcome(SCHEMA, {"code": "E2"})
    assert failed.verdict is FAIL
    assert failed.detail.startswith("value at $.response does not validate against inline schema:")
    assert failed.detail.endswith("at /code")


def test_matches_schema_invalid_schema_is_structural() -> None:
    rule = '- kind: matches_schema\n  path: "$.response"\n  schema: { type: 5 }\n'
    assert outcome(rule, {}).verdict is STRUCTURAL


def test_matches_schema_draft_comes_from_dollar_schema() -> None:
    draft4 = """
    - kind: matches_schema
      path: "$.response.n"
      schema: { $schema: "http://json-schema.org/draft-04/schema#", maximum: 5, exclusiveMaximum: true }
    """
    assert outcome(draft4, {"n": 4}).verdict is PASS
    assert outcome(draft4, {"n": 5}).verdict is FAIL
    default_draft = draft4.replace('$schema: "http://json-schema.org/draft-04/schema#", ', "")
    assert outcome(default_draft, {"n": 4}).verdict is STRUCTURAL  # 2020-12: exclusiveMaximum is a number


def test_missing_path_is_structural_at_top_level() -> None:
    rule = '- kind: is_type\n  path: "$.response.gone"\n  type: string\n'
    result = outcome(rule, {})
    assert (result.verdict, result.detail) == (STRUCTURAL, "path `$.response.gone` did not resolve to any value")


def test_bad_jsonpath_is_structural() -> None:
    rule = '- kind: is_type\n  path: "response.x"\n  type: string\n'
    assert outcome(rule, {"x": "s"}).verdict is STRUCTURAL


def test_not_treats_missing_path_as_not_holding() -> None:
    rule = """
    - kind: not
      assertion: { kind: matches_regex, path: "$.response.t", pattern: "secret" }
    """
    assert outcome(rule, {}).verdict is PASS
    assert outcome(rule, {"t": "public"}).verdict is PASS
    assert outcome(rule, {"t": "a secret"}).verdict is FAIL


def test_not_propagates_structural_errors() -> None:
    rule = '- kind: not\n  assertion: { kind: matches_regex, path: "$.response.t", pattern: "(?<=a)b" }\n'
    assert outcome(rule, {"t": "ab"}).verdict is STRUCTURAL


def test_any_of() -> None:
    rule = """
    - kind: any_of
      assert:
        - { kind: equals, lhs: { path: "$.response.gone" }, rhs: { value: 1 } }
        - { kind: is_type, path: "$.response.v", type: boolean }
    """
    assert outcome(rule, {"v": True}).verdict is PASS
    failed = outcome(rule, {"v": 1})
    assert failed.verdict is FAIL and failed.detail.startswith("no `any_of` branch matched")
    assert outcome(rule, {}).verdict is FAIL  # every branch missing: still "does not hold"


def test_any_of_empty_fails() -> None:
    result = outcome("- kind: any_of\n  assert: []\n", {})
    assert (result.verdict, result.detail) == (FAIL, "`any_of` requires at least one child assertion")


def test_any_of_stops_on_structural_branch() -> None:
    rule = """
    - kind: any_of
      assert:
        - { kind: matches_regex, path: "$.response.t", pattern: "\\\\1" }
        - { kind: equals, lhs: 1, rhs: 1 }
    """
    assert outcome(rule, {"t": "x"}).verdict is STRUCTURAL


def test_all_of_and_first_failure_wins() -> None:
    rule = """
    - kind: all_of
      assert:
        - { kind: equals, lhs: { path: "$.response.a" }, rhs: { value: 1 } }
        - { kind: equals, lhs: { path: "$.response.missing" }, rhs: { value: 1 } }
    """
    assert outcome(rule, {"a": 2}).verdict is FAIL
    assert outcome(rule, {"a": 1}).verdict is STRUCTURAL


def test_for_each_exposes_item_and_index() -> None:
    rule = """
    - kind: for_each
      path: "$.response.items[*]"
      assert:
        - { kind: equals, lhs: { path: "$.item.pos" }, rhs: { path: "$.index" } }
    """
    assert outcome(rule, {"items": [{"pos": 0}, {"pos": 1}]}).verdict is PASS
    failed = outcome(rule, {"items": [{"pos": 0}, {"pos": 5}]})
    assert failed.verdict is FAIL and failed.detail.startswith("for_each at $.response.items[*][1]: ")


def test_for_each_zero_matches_is_vacuous_pass() -> None:
    rule = '- kind: for_each\n  path: "$.response.items[*]"\n  assert: [{ kind: equals, lhs: 1, rhs: 2 }]\n'
    assert outcome(rule, {"items": []}).verdict is PASS
    assert outcome(rule, {}).verdict is PASS


def test_wallfacer_absent_or_boolean_idiom_lets_integers_through() -> None:
    rule = """
    - kind: any_of
      assert:
        - kind: not
          assertion: { kind: matches_regex, path: "$.response.isError", pattern: ".*" }
        - { kind: is_type, path: "$.response.isError", type: boolean }
    """
    assert outcome(rule, {"isError": 1}).verdict is PASS  # documented weak idiom
    assert outcome(rule, {"isError": "true"}).verdict is FAIL


def test_evaluate_on_a_live_style_result() -> None:
    rules: list[m.Assertion] = [
        m.MatchesSchema("$.response", {"required": ["isError"]}),
        m.IsType("$.input.a", "integer"),
    ]
    live: dict[str, Json] = {"input": {"a": 1}, "response": {"content": [], "isError": True}}
    assert evaluate(rules, live).verdict is PASS
