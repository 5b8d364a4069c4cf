"""Seed 004 (napkin-mcp-unofficial): its "Test Cases" section against the generated Python.

Changed from the seed: its list is prose; each bullet is a test, in the seed's words. The seed's
payloads are what its zod schema accepts (`{code, message, retriable?, original?}`, no stamp).
"""

from __future__ import annotations

import napkin_errors as napkin
import pytest

SEED_CODES = ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "GONE",
              "RATE_LIMITED", "UPSTREAM_ERROR", "NETWORK_ERROR", "TIMEOUT", "INTERNAL_ERROR"]  # fmt: skip
TABLE = [(400, "BAD_REQUEST"), (401, "UNAUTHORIZED"), (403, "FORBIDDEN"), (404, "NOT_FOUND"), (410, "GONE"),
         (429, "RATE_LIMITED"), (500, "UPSTREAM_ERROR"), (503, "UPSTREAM_ERROR"), (599, "UPSTREAM_ERROR")]  # fmt: skip


def test_schema_accepts_only_documented_codes_requires_a_message_retriable_defaults_false_original_optional() -> None:
    assert list(napkin.CODES) == SEED_CODES
    for code in SEED_CODES:
        parsed = napkin.parse_error({"code": code, "message": "m"})
        assert not isinstance(parsed, napkin.UnknownCode), code
        assert parsed.code == code and parsed.retriable is False
        assert "original" not in parsed.to_payload()
    assert isinstance(napkin.parse_error({"code": "TEAPOT", "message": "m"}), napkin.UnknownCode)
    assert isinstance(napkin.parse_error({"code": "GONE", "message": ""}), napkin.UnknownCode)
    assert isinstance(napkin.parse_error({"code": "GONE", "message": "m", "retriable": "yes"}), napkin.UnknownCode)
    gone = napkin.parse_error({"code": "GONE", "message": "m", "original": {"status": 410}})
    assert gone.to_payload() == {"code": "GONE", "message": "m", "retriable": False, "original": {"status": 410}}


@pytest.mark.parametrize(("status", "code"), TABLE)
def test_mapping(status: int, code: str) -> None:
    assert napkin.map_http(status, "upstream said no").code == code


@pytest.mark.parametrize("status", [s for s, _ in TABLE] + [402, 405, 409, 418, 422])
def test_retriable_true_for_429_and_5xx_false_for_other_4xx(status: int) -> None:
    assert napkin.map_http(status).retriable is (status == 429 or status >= 500)


def test_abort_error_maps_to_timeout_retriable() -> None:
    error = napkin.map_exception(TimeoutError("aborted"))
    assert error.code == "TIMEOUT" and error.retriable is True


def test_network_type_error_maps_to_network_error_retriable() -> None:
    error = napkin.map_exception(ConnectionError("fetch failed"))
    assert error.code == "NETWORK_ERROR" and error.retriable is True


def test_original_includes_status_and_body_sanitized() -> None:
    body = {"error": "invalid page id", "token": "tok_live_123", "authorization": "Bearer abc.def.ghi"}
    error = napkin.map_http(400, "invalid page id", body)
    assert error.to_payload()["original"] == {
        "status": 400, "body": {"error": "invalid page id", "token": "[REDACTED]", "authorization": "[REDACTED]"}
    }  # fmt: skip


def test_input_is_the_upstream_status_message_and_body() -> None:
    error = napkin.map_http(404, "page 42 not found (api_key=sk-abcdefghijklmnopqrstu)", {"id": 42})
    assert error.code == "NOT_FOUND"
    assert error.message.startswith("page 42 not found") and "sk-abcdefghijklmnopqrstu" not in error.message
    assert error.to_payload()["original"] == {"status": 404, "body": {"id": 42}}


def test_the_seeds_wire_round_trips_byte_for_byte() -> None:
    import json

    seed_payloads = [
        '{"code":"GONE","message":"the page was deleted","retriable":false}',
        '{"code":"UPSTREAM_ERROR","message":"502","retriable":true,"original":{"status":502,"body":"x"}}',
    ]
    for text in seed_payloads:
        assert napkin.to_json(napkin.parse_error(json.loads(text)).to_payload()) == text
