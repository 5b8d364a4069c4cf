"""The seeds' acceptance lists, checked on the generated Python modules of the shipped catalogs."""

from __future__ import annotations

import json
import socket
import ssl
from types import ModuleType

import pydantic
import pytarget_support as support
import pytest


@pytest.fixture(scope="module")
def mods(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    where = tmp_path_factory.mktemp("seedmods")
    return {name: support.load(support.shipped(name), where) for name in support.SHIPPED}


# -- seed 004: upstream HTTP mapping, retriability, sanitized original ----------------------


def test_004_payload_accepts_only_documented_codes(mods: dict[str, ModuleType]) -> None:
    napkin = mods["napkin"]
    documented = ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "GONE", "RATE_LIMITED",
                  "UPSTREAM_ERROR", "NETWORK_ERROR", "TIMEOUT", "INTERNAL_ERROR"]  # fmt: skip
    assert list(napkin.CODES) == documented
    assert napkin.ErrorCode.__args__ == tuple(documented)
    for code in ("I_AM_A_TEAPOT", "bad_request", ""):
        with pytest.raises(pydantic.ValidationError):
            napkin.validate_error({"code": code, "message": "m", "provenance": napkin.PROVENANCE})


def test_004_message_must_be_non_empty(mods: dict[str, ModuleType]) -> None:
    napkin = mods["napkin"]
    with pytest.raises(pydantic.ValidationError, match="at least 1 character"):
        napkin.validate_error({"code": "GONE", "message": "", "provenance": napkin.PROVENANCE})


def test_004_retriable_defaults_to_false_when_absent(mods: dict[str, ModuleType]) -> None:
    napkin = mods["napkin"]
    parsed = napkin.validate_error({"code": "UPSTREAM_ERROR", "message": "m", "status": 502})  # no stamp: seed 004
    assert parsed.retriable is False
    assert napkin.validate_error({"code": "GONE", "message": "the page is gone"}).retriable is False
    assert napkin.UpstreamError.create(status=502).retriable is True  # built: the code's default
    assert napkin.NotFoundError.create(retriable=True).retriable is True  # the caller's value wins


@pytest.mark.parametrize(
    ("status", "code", "retriable"),
    [(400, "BAD_REQUEST", False), (401, "UNAUTHORIZED", False), (403, "FORBIDDEN", False), (404, "NOT_FOUND", False),
     (410, "GONE", False), (429, "RATE_LIMITED", True), (500, "UPSTREAM_ERROR", True), (502, "UPSTREAM_ERROR", True),
     (503, "UPSTREAM_ERROR", True), (599, "UPSTREAM_ERROR", True), (418, "INTERNAL_ERROR", False),
     (409, "INTERNAL_ERROR", False)],
)  # fmt: skip
def test_004_http_mapping(mods: dict[str, ModuleType], status: int, code: str, retriable: bool) -> None:
    err = mods["napkin"].map_http(status, {"error": "nope"})
    assert (err.code, err.retriable) == (code, retriable)
    assert err.to_payload()["original"] == {"status": status, "body": {"error": "nope"}}
    assert err.to_result()["structuredContent"]["retriable"] is retriable


def test_004_5xx_carries_the_status_field(mods: dict[str, ModuleType]) -> None:
    err = mods["napkin"].map_http(503, body="upstream unavailable")
    assert err.status == 503 and err.message == "the upstream API failed with HTTP 503"


@pytest.mark.parametrize(
    "exc", [TimeoutError(), TimeoutError(), TimeoutError("read")], ids=["builtin", "asyncio", "socket"]
)
def test_004_timeouts_map_to_retriable_timeout(mods: dict[str, ModuleType], exc: BaseException) -> None:
    err = mods["napkin"].map_exception(exc)
    assert (err.code, err.retriable) == ("TIMEOUT", True)
    assert err.to_payload()["original"] == {"error": type(exc).__name__}


@pytest.mark.parametrize("exc", [ConnectionRefusedError(), ConnectionResetError(), OSError("unreachable")])
def test_004_network_failures_map_to_retriable_network_error(mods: dict[str, ModuleType], exc: BaseException) -> None:
    err = mods["napkin"].map_exception(exc)
    assert (err.code, err.retriable) == ("NETWORK_ERROR", True)


def test_004_other_exceptions_map_to_the_default_code(mods: dict[str, ModuleType]) -> None:
    err = mods["napkin"].map_exception(ValueError("/home/alice/secret"))
    assert (err.code, err.retriable) == ("INTERNAL_ERROR", False)
    assert "alice" not in json.dumps(err.to_result())


def test_004_original_is_sanitized(mods: dict[str, ModuleType]) -> None:
    body = {
        "error": "denied for Bearer abcdef123456",
        "headers": {"Authorization": "Bearer abcdef123456", "Cookie": "sid=s3cr3t", "X-Api-Key": "k3y"},
        "detail": ["password=hunter2", {"token": "t0k", "path": "/Users/bob/app/config.json"}],
    }
    original = mods["napkin"].map_http(401, body).to_payload()["original"]
    text = json.dumps(original)
    for secret in ("abcdef123456", "s3cr3t", "k3y", "hunter2", "t0k", "bob"):
        assert secret not in text
    assert original["status"] == 401 and original["body"]["headers"]["Cookie"] == "[REDACTED]"


# -- seed 001: kinds, classification, policies ------------------------------------------------


@pytest.mark.parametrize(
    ("status", "retry_after", "kind"),
    [(429, True, "RateLimit"), (429, False, "Quota"), (401, False, "Auth"), (403, True, "Auth"),
     (500, False, "Transient"), (503, True, "Transient"), (408, False, "Transient"), (425, False, "Transient"),
     (400, False, "Permanent"), (404, False, "Permanent"), (422, False, "Permanent"), (302, False, "Internal"),
     (200, False, "Internal")],
)  # fmt: skip
def test_001_http_classification(mods: dict[str, ModuleType], status: int, retry_after: bool, kind: str) -> None:
    assert mods["napkin"].classify_http(status, retry_after=retry_after) == kind


@pytest.mark.parametrize(
    ("exc", "kind"),
    [(ConnectionRefusedError(), "Transient"), (ssl.SSLError(), "Transient"), (socket.gaierror(), "Transient"),
     (ssl.SSLCertVerificationError(), "Transient"), (TimeoutError(), "Transient"),
     (json.JSONDecodeError("x", "", 0), "Validation"), (ValueError(), "Internal"), (KeyError(), "Internal")],
)  # fmt: skip
def test_001_failure_classification(mods: dict[str, ModuleType], exc: BaseException, kind: str) -> None:
    napkin = mods["napkin"]
    assert napkin.classify_exception(exc) == kind
    assert napkin.classify_failure("something-unclassified") == "Internal"


def test_001_failure_classes(mods: dict[str, ModuleType]) -> None:
    failure = mods["napkin"].failure_class
    assert [failure(e) for e in (TimeoutError(), ssl.SSLError(), socket.gaierror(), BrokenPipeError())] == [
        "timeout", "tls", "dns", "network",
    ]  # fmt: skip
    assert failure(json.JSONDecodeError("x", "", 0)) == "decode" and failure(RuntimeError()) is None


def test_001_only_transient_and_rate_limit_are_retryable(mods: dict[str, ModuleType]) -> None:
    napkin = mods["napkin"]
    assert {k for k, info in napkin.KINDS.items() if info.retryable} == {"Transient", "RateLimit"}
    assert napkin.is_retryable("UPSTREAM_ERROR") and napkin.is_retryable(napkin.map_http(429))
    assert not napkin.is_retryable("UNAUTHORIZED") and not napkin.is_retryable("brand_new_code")


def test_001_operator_safe_policy(mods: dict[str, ModuleType]) -> None:
    napkin = mods["napkin"]
    assert napkin.POLICIES["operator_safe"] == {"Auth", "Quota", "Permanent"}
    assert napkin.POLICIES["none"] == frozenset()
    terminal = {code for code in napkin.CODES if napkin.is_terminal(code, "operator_safe")}
    assert terminal == {"UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "GONE"}
    assert not napkin.is_terminal(napkin.map_http(500), "operator_safe")
    assert not napkin.is_terminal("INTERNAL_ERROR", "operator_safe")  # Internal is the catch-all
    assert not napkin.is_terminal("BAD_REQUEST", "operator_safe")  # Validation: the model can fix its input
    assert napkin.is_terminal("INTERNAL_ERROR", {"Internal"}) and not napkin.is_terminal("GONE", "none")
    unknown = napkin.parse_error({"code": "NEW_CODE", "message": "m"})
    assert napkin.kind_of(unknown) == "Internal" and not napkin.is_terminal(unknown, "operator_safe")
    with pytest.raises(KeyError, match="unknown policy 'strict'"):
        napkin.is_terminal("GONE", "strict")


# -- seed 000: repair fields only when applicable, provenance on the failure path ----------------


def test_000_repair_fields_present_only_when_applicable(mods: dict[str, ModuleType]) -> None:
    wb = mods["workbook"]
    assert set(wb.InvalidInputError.create(field="unit").to_payload()) == {
        "code",
        "message",
        "field",
        "provenance",
        "isError",
    }
    assert wb.InvalidInputError.create(field="unit", allowed=["kg", "lb"]).to_payload()["allowed"] == ["kg", "lb"]
    assert "allowed" not in wb.MissingFieldError.create(field="unit", required=["unit"]).to_payload()


def test_000_provenance_on_every_failure_path(mods: dict[str, ModuleType]) -> None:
    for mod in (m for m in mods.values() if m.CATALOG_INFO.envelope.provenance):  # seeds 003/004: no stamp
        errors = [mod.map_http(500)] if mod.DEFAULT_CODE else []
        errors += [mod.build_error(c, {f: "x" for f in info.required}) for c, info in mod.CODES.items()
                   if not info.deferred and all(mod.FIELDS[f].type == "string" for f in info.required)]  # fmt: skip
        assert errors
        for err in errors:
            result = err.to_result()
            assert result["structuredContent"]["provenance"] == mod.PROVENANCE
            assert mod.PROVENANCE["fingerprint"].startswith("sha256:") and len(mod.PROVENANCE["fingerprint"]) == 71


def test_000_tool_errors_are_results_never_protocol_errors(mods: dict[str, ModuleType]) -> None:
    wb = mods["workbook"]
    result = wb.UnsupportedOptionError.create(field="discount_rate", allowed=["growth_rate"]).to_result()
    assert result["isError"] is True and result["structuredContent"]["isError"] is True
    assert all(info.channel == "tool" for info in wb.CODES.values())
    assert [c for c, info in wb.CODES.items() if info.deferred] == ["stale_oracle", "unapproved_assumption"]


# -- seed 003: result invariant and three-valued recoverability -----------------------------------


def test_003_result_invariant(mods: dict[str, ModuleType]) -> None:
    ft = mods["filetools"]
    timeout = ft.TimeoutError_.create(timeout_ms=30000)
    failed = ft.ToolResult.failure(timeout, data={"stdout": "partial"})
    assert failed.ok is False and failed.error == timeout and failed.data == {"stdout": "partial"}
    assert failed.model_dump() == {"ok": False, "error": timeout.to_payload(), "data": {"stdout": "partial"}}
    assert ft.ToolResult.success().model_dump() == {"ok": True}
    assert ft.ToolResult.success({"n": 1}).model_dump() == {"ok": True, "data": {"n": 1}}
    again = ft.ToolResult.model_validate_json(failed.model_dump_json())
    assert again == failed and isinstance(again.error, ft.TimeoutError_)
    for broken in ({"ok": False}, {"ok": True, "error": timeout.to_payload()}, {"ok": "false", "error": timeout}):
        with pytest.raises(pydantic.ValidationError):
            ft.ToolResult.model_validate(broken)


def test_003_recoverability_is_three_valued(mods: dict[str, ModuleType]) -> None:
    table = {
        "not_found": "sometimes", "already_exists": "yes", "permission_denied": "no", "outside_workspace": "no",
        "binary_file": "yes", "file_too_large": "no", "stale_file": "yes", "old_text_not_found": "yes",
        "multiple_matches": "yes", "overlapping_edits": "yes", "patch_parse_error": "yes", "patch_apply_error": "yes",
        "command_failed": "sometimes", "timeout": "yes", "skill_unavailable": "no", "unknown": "no",
    }  # fmt: skip
    ft = mods["filetools"]
    assert {code: info.recoverable for code, info in ft.CODES.items()} == table
    assert ft.CODES["stale_file"].next_action.startswith("Re-read the file")
