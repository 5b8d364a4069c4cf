"""Evaluate assertions against a `{input, response}` context (wallfacer `property/runner.rs`).

`evaluate` returns an `Outcome`: PASS, FAIL (an assertion observably does not hold) or
STRUCTURAL (the invariant itself is broken: a top-level path that selects nothing, bad
JSONPath, bad regex, bad schema). Inside `not` and `any_of` a missing path means "does
not hold". A live runner can call `evaluate` on a real `CallToolResult` dict.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from errgen.conform import model as m
from errgen.conform.jsonpath import PathInvalid, PathMissing, resolve, resolve_one
from errgen.conform.jsonvalue import Json, is_integer, is_number, json_equal, json_type, to_text
from errgen.conform.regex import RegexError, compile_rust
from errgen.conform.schema import SchemaInvalid, schema_errors

log = logging.getLogger(__name__)


class Verdict(Enum):
    """Observed outcome of evaluating assertions."""

    PASS = "pass"
    FAIL = "fail"
    STRUCTURAL = "structural"


@dataclass(frozen=True)
class Outcome:
    """A verdict plus wallfacer's message (empty on PASS)."""

    verdict: Verdict
    detail: str = ""


class AssertionFailed(Exception):
    """An assertion observably does not hold (wallfacer `RunnerError::Assertion`)."""


class RegexInvalid(Exception):
    """A `matches_regex` pattern is not valid Rust regex syntax."""


_STRUCTURAL = (PathMissing, PathInvalid, RegexInvalid, SchemaInvalid)


def context(input_: Json, response: Json) -> dict[str, Json]:
    """Build the evaluation context `{input, response}`."""
    return {"input": input_, "response": response}


def evaluate(assertions: Iterable[m.Assertion], ctx: Mapping[str, Json]) -> Outcome:
    """Run `assertions` in order against `ctx`; the first failure decides the outcome."""
    root: dict[str, Json] = dict(ctx)
    try:
        for assertion in assertions:
            check(assertion, root)
    except AssertionFailed as exc:
        return Outcome(Verdict.FAIL, str(exc))
    except _STRUCTURAL as exc:
        return Outcome(Verdict.STRUCTURAL, str(exc))
    return Outcome(Verdict.PASS)


def check(assertion: m.Assertion, ctx: dict[str, Json]) -> None:
    """Raise `AssertionFailed` or a structural error unless `assertion` holds."""
    match assertion:
        case m.Compare():
            return _compare(assertion, ctx)
        case m.Bound():
            return _bound(assertion, ctx)
        case m.Length():
            return _length(assertion, ctx)
        case m.IsType():
            return _is_type(assertion, ctx)
        case m.MatchesRegex():
            return _regex(assertion, ctx)
        case m.MatchesSchema():
            return _schema(assertion, ctx)
        case m.AllOf():
            return _all_of(assertion, ctx)
        case m.AnyOf():
            return _any_of(assertion, ctx)
        case m.Not():
            return _not(assertion, ctx)
        case m.ForEach():
            return _for_each(assertion, ctx)


def operand(value: m.Operand, ctx: dict[str, Json]) -> Json:
    """Resolve a path operand (missing → `PathMissing`) or return a literal."""
    return resolve_one(ctx, value.path) if isinstance(value, m.PathOperand) else value.value


def _compare(a: m.Compare, ctx: dict[str, Json]) -> None:
    left, right = operand(a.lhs, ctx), operand(a.rhs, ctx)
    if json_equal(left, right) != (a.kind == "equals"):
        verb = "equal" if a.kind == "equals" else "differ from"
        raise AssertionFailed(f"expected {to_text(left)} to {verb} {to_text(right)}")


def _bound(a: m.Bound, ctx: dict[str, Json]) -> None:
    left, right = resolve_one(ctx, a.path), operand(a.value, ctx)
    holds: Callable[[float, float], bool] = (lambda x, y: x <= y) if a.kind == "at_most" else (lambda x, y: x >= y)
    if is_integer(left) and is_integer(right):  # exact, like wallfacer's i128 fast path
        if not holds(left, right):
            raise AssertionFailed(f"numeric comparison failed: {left} vs {right}")
        return
    lf, rf = _as_f64(left), _as_f64(right)
    if lf is None:
        raise AssertionFailed(f"expected {a.path} to resolve to a number")
    if rf is None:
        raise AssertionFailed("expected comparison value to be a number")
    if not holds(lf, rf):
        raise AssertionFailed(f"numeric comparison failed: {_f64(lf)} vs {_f64(rf)}")


def _as_f64(value: Json) -> float | None:
    return float(value) if is_number(value) else None


def _f64(value: float) -> str:
    """Rust's `Display` for f64: no exponent, no trailing `.0`."""
    text = format(Decimal(repr(value)), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _length(a: m.Length, ctx: dict[str, Json]) -> None:
    left, right = resolve_one(ctx, a.path), operand(a.value, ctx)
    if not (is_integer(right) and right >= 0):
        raise AssertionFailed("expected comparison value to be an integer")
    if not isinstance(left, list | str):
        raise AssertionFailed(f"expected {a.path} to resolve to an array or string")
    size = len(left)  # str: code points, like Rust's `chars().count()`
    holds = {"length_eq": size == right, "length_at_most": size <= right, "length_at_least": size >= right}[a.kind]
    if not holds:
        raise AssertionFailed(f"length comparison failed: {size} vs {right}")


def _is_type(a: m.IsType, ctx: dict[str, Json]) -> None:
    actual = json_type(resolve_one(ctx, a.path))
    if actual != a.type:
        raise AssertionFailed(f"expected {a.path} to be {a.type.capitalize()}, got {actual.capitalize()}")


def _regex(a: m.MatchesRegex, ctx: dict[str, Json]) -> None:
    value = resolve_one(ctx, a.path)
    if not isinstance(value, str):
        raise AssertionFailed(f"expected {a.path} to resolve to a string")
    try:
        pattern = compile_rust(a.pattern)
    except RegexError as exc:
        raise RegexInvalid(f"invalid regex `{a.pattern}`: {exc}") from exc
    if pattern.search(value) is None:
        raise AssertionFailed(f"expected {a.path} to match {a.pattern}")


def _schema(a: m.MatchesSchema, ctx: dict[str, Json]) -> None:
    errors = schema_errors(a.schema, resolve_one(ctx, a.path))
    if errors:
        raise AssertionFailed(f"value at {a.path} does not validate against inline schema: {'; '.join(errors)}")


def _all_of(a: m.AllOf, ctx: dict[str, Json]) -> None:
    for child in a.children:
        check(child, ctx)


def _any_of(a: m.AnyOf, ctx: dict[str, Json]) -> None:
    if not a.children:
        raise AssertionFailed("`any_of` requires at least one child assertion")
    last = "unknown"
    for child in a.children:
        try:
            check(child, ctx)
            return
        except AssertionFailed as exc:
            last = str(exc)
        except PathMissing as exc:  # a branch whose path is absent just does not apply
            last = f"path `{exc.path}` did not resolve"
    raise AssertionFailed(f"no `any_of` branch matched (last failure: {last})")


def _not(a: m.Not, ctx: dict[str, Json]) -> None:
    try:
        check(a.child, ctx)
    except (AssertionFailed, PathMissing):
        return
    raise AssertionFailed("expected child assertion to fail under `not`")


def _for_each(a: m.ForEach, ctx: dict[str, Json]) -> None:
    nodes = resolve(ctx, a.path)
    if not nodes:
        log.info("for_each path %s matched zero nodes; the assertion is vacuously true", a.path)
    for index, node in enumerate(nodes):
        child_ctx = {**ctx, "item": node, "index": index}
        for child in a.children:
            try:
                check(child, child_ctx)
            except AssertionFailed as exc:
                raise AssertionFailed(f"for_each at {a.path}[{index}]: {exc}") from exc
