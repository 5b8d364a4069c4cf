"""The failure messages of each assertion kind, word for word (wallfacer prints them in its report).

test_assertions.py pins the verdicts; these pin the `detail` a failure carries: which
operand was wrong, the numbers as Rust's f64 ``Display`` writes them, the last failing
`any_of` branch, and the log line of a `for_each` that matched nothing.
"""

from __future__ import annotations

import logging

import pytest

from errgen.conform.assertions import Verdict
from errgen.conform.jsonvalue import Json

from .helpers import outcome

FAIL, STRUCTURAL = Verdict.FAIL, Verdict.STRUCTURAL


def detail(rule: str, response: Json) -> str:
    """The message of a rule that must fail (not be structural) on `response`."""
    result = outcome(rule, response)
    assert result.verdict is FAIL, result
    return result.detail


@pytest.mark.parametrize(
    ("value", "bound", "text"),
    [
        (100.0, 5, "100 vs 5"),  # no trailing ".0"
        (2.5, 1, "2.5 vs 1"),
        (1e21, 1.5, "1000000000000000000000 vs 1.5"),  # no exponent, zeros kept before the point
        (1e-7, 0, "0.0000001 vs 0"),
    ],
)
def test_a_failed_bound_prints_numbers_like_rust(value: float, bound: float, text: str) -> None:
    """``numeric comparison failed: L vs R`` with Rust's f64 Display: no exponent, no ``.0``."""
    rule = f'- kind: at_most\n  path: "$.response.n"\n  value: {{ value: {bound} }}\n'
    assert detail(rule, {"n": value}) == f"numeric comparison failed: {text}"


def test_a_bound_names_the_operand_that_is_not_a_number() -> None:
    """The path's value is named by its path; a non-numeric comparison value has its own message."""
    rule = '- kind: at_most\n  path: "$.response.n"\n  value: { path: "$.response.limit" }\n'
    assert detail(rule, {"n": "3", "limit": 1.5}) == "expected $.response.n to resolve to a number"
    assert detail(rule, {"n": 1.5, "limit": "3"}) == "expected comparison value to be a number"


def test_length_messages_and_a_zero_bound() -> None:
    """A bound may be 0 and may come from a path; each failure names what was wrong."""
    rule = '- kind: length_eq\n  path: "$.response.v"\n  value: { path: "$.response.size" }\n'
    assert outcome(rule, {"v": [], "size": 0}).verdict is Verdict.PASS
    assert detail(rule, {"v": [1, 2, 3], "size": 2}) == "length comparison failed: 3 vs 2"
    assert detail(rule, {"v": [1], "size": -1}) == "expected comparison value to be an integer"
    assert detail(rule, {"v": {"a": 1}, "size": 1}) == "expected $.response.v to resolve to an array or string"


def test_regex_messages() -> None:
    """No match names the path and pattern; an invalid pattern is structural and quotes it."""
    assert detail('- kind: matches_regex\n  path: "$.response.t"\n  pattern: "^ell"\n', {"t": "hello"}) == (
        "expected $.response.t to match ^ell"
    )
    broken = outcome('- kind: matches_regex\n  path: "$.response.t"\n  pattern: "(a"\n', {"t": "a"})
    assert broken.verdict is STRUCTURAL and broken.detail.startswith("invalid regex `(a`: ")


def test_schema_errors_are_joined_with_semicolons() -> None:
    """Every schema error of the value, joined with ``; ``."""
    rule = """
    - kind: matches_schema
      path: "$.response"
      schema: { type: object, properties: { a: { type: string }, b: { type: string } } }
    """
    assert detail(rule, {"a": 1, "b": 2}) == (
        'value at $.response does not validate against inline schema: 1 is not of type "string" at /a; '
        '2 is not of type "string" at /b'
    )


def test_any_of_reports_its_last_failing_branch() -> None:
    """The last branch's own message, or ``path `…` did not resolve`` when its path was missing."""
    rule = """
    - kind: any_of
      assert:
        - { kind: is_type, path: "$.response.v", type: boolean }
        - { kind: is_type, path: "$.response.w", type: boolean }
    """
    assert detail(rule, {"v": 1, "w": "x"}) == (
        "no `any_of` branch matched (last failure: expected $.response.w to be Boolean, got String)"
    )
    assert detail(rule, {"v": 1}) == "no `any_of` branch matched (last failure: path `$.response.w` did not resolve)"


def test_not_says_its_child_held() -> None:
    """`not` over a child that holds."""
    rule = "- kind: not\n  assertion: { kind: equals, lhs: 1, rhs: 1 }\n"
    assert detail(rule, {}) == "expected child assertion to fail under `not`"


def test_a_for_each_that_matches_nothing_says_so_in_the_log(caplog: pytest.LogCaptureFixture) -> None:
    """Zero nodes: vacuously true, and one INFO line naming the path; a path with nodes logs nothing."""
    rule = '- kind: for_each\n  path: "$.response.items[*]"\n  assert: [{ kind: equals, lhs: 1, rhs: 1 }]\n'
    with caplog.at_level(logging.INFO, logger="errgen.conform.assertions"):
        assert outcome(rule, {"items": [1]}).verdict is Verdict.PASS
        assert caplog.records == []
        assert outcome(rule, {"items": []}).verdict is Verdict.PASS
    assert [(r.name, r.levelname, r.getMessage()) for r in caplog.records] == [
        (
            "errgen.conform.assertions",
            "INFO",
            "for_each path $.response.items[*] matched zero nodes; the assertion is vacuously true",
        )
    ]
