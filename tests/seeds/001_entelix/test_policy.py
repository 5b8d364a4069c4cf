"""Seed 001 (entelix-core ToolErrorPolicy / ToolErrorKind): the policy doc's statements against the
generated Python (catalog/napkin.yaml holds seed 001's kinds and `operator_safe`). What Python
forces: `ToolErrorPolicy::new()` is `ErrorPolicy.empty()`, `add_terminal_kind` is `with_terminal_kind`,
`ToolErrorKind::Internal` is the string "Internal"."""

from __future__ import annotations

import napkin_errors as napkin
import pytest

ToolErrorPolicy = napkin.ErrorPolicy


def test_new_is_the_empty_policy_every_failure_flows_back_to_the_model() -> None:
    policy = ToolErrorPolicy.empty()
    assert not any(policy.classifies_terminal(kind) for kind in napkin.KINDS)


def test_operator_safe_is_auth_quota_permanent() -> None:
    policy = ToolErrorPolicy.operator_safe()
    assert [k for k in napkin.KINDS if policy.classifies_terminal(k)] == ["Quota", "Auth", "Permanent"]


def test_internal_is_excluded_and_added_explicitly_with_a_fluent_builder() -> None:
    safe = ToolErrorPolicy.operator_safe()
    assert not safe.classifies_terminal("Internal")
    with_internal = safe.with_terminal_kind("Internal")
    assert with_internal.classifies_terminal("Internal")
    assert not safe.classifies_terminal("Internal")  # a new value; the old one is unchanged


def test_transient_rate_limit_and_validation_are_excluded() -> None:
    safe = ToolErrorPolicy.operator_safe()
    assert not any(safe.classifies_terminal(k) for k in ("Transient", "RateLimit", "Validation"))


def test_copy_and_eq() -> None:
    a = ToolErrorPolicy.empty().with_terminal_kind("Auth")
    b = ToolErrorPolicy.empty().with_terminal_kind("Auth")
    assert a == b and hash(a) == hash(b)
    assert a != ToolErrorPolicy.empty()
    with pytest.raises((AttributeError, TypeError)):
        a.terminate_on = frozenset()  # type: ignore[misc]


def test_classify_routes_the_catch_all_to_internal() -> None:
    assert napkin.classify("A_CODE_FROM_A_NEWER_SERVER") == "Internal"
    assert napkin.classify(napkin.map_exception(ArithmeticError("nobody classified me"))) == "Internal"
    for status, kind in [(401, "Auth"), (403, "Auth"), (404, "Permanent"), (400, "Validation"), (503, "Transient")]:
        assert napkin.classify(napkin.map_http(status)) == kind


def test_the_layer_terminates_when_the_policy_classifies_the_kind_terminal() -> None:
    safe = ToolErrorPolicy.operator_safe()
    assert napkin.is_terminal(napkin.map_http(401), safe)
    assert not napkin.is_terminal(napkin.map_http(503), safe)
    assert napkin.is_terminal(napkin.map_http(401), "operator_safe")  # by name, as before
    assert napkin.is_terminal(napkin.map_exception(ArithmeticError("x")), safe.with_terminal_kind("Internal"))
