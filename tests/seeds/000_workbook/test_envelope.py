"""Seed 000 (pmcp-server-toolkit `workbook`): the isError envelope exactly as a pmcp server sends it,
and the module doc's self-repair table, against the generated Python. Changed from the seed: it is
Rust docs; the table rows are copied verbatim as data, the envelope is the JSON pmcp puts on the wire."""

from __future__ import annotations

import json

import pytest
import workbook_errors as wb

TABLE = """
invalid_input | arg-parse / dtype / enum-membership failure, or an unknown input field | field, allowed | “this argument is malformed or out of the allowed set — fix it to a listed value” |
missing_field | a required input is absent | field, required | “supply the listed required field(s)” |
unsupported_option | an override names no manifest cell | field, allowed | “this override is not a known variable-tier parameter — pick a listed one” |
strict_constant_override | a BA-governed strict constant supplied as input | field, allowed | “this value is BA-governed and cannot be overridden per-call — set a listed variable-tier parameter instead” |
"""  # noqa: E501
ROWS = [[cell.strip() for cell in line.removesuffix(" |").split(" | ")] for line in TABLE.strip().splitlines()]


def pmcp_result(payload: dict[str, object]) -> dict[str, object]:
    """What pmcp's dispatch sends for a domain failure: protocol is_error false, the marker inside."""
    text = json.dumps({"content": [{"type": "text", "text": json.dumps(payload)}], "isError": False,
                       "structuredContent": payload})  # fmt: skip
    return json.loads(text)  # type: ignore[no-any-return]


PAYLOAD = wb.InvalidInputError.create(field="unit", allowed=["kg", "lb"]).to_payload()


def test_the_payload_carries_is_error_and_the_provenance_stamp() -> None:
    assert PAYLOAD["isError"] is True
    assert PAYLOAD["provenance"] == wb.PROVENANCE


def test_parse_result_reads_an_error_although_the_protocol_is_error_is_false() -> None:
    error = wb.parse_result(pmcp_result(PAYLOAD))
    assert isinstance(error, wb.InvalidInputError)
    assert error.allowed == ["kg", "lb"]  # "allowed-values live in the error"
    assert error.to_payload() == PAYLOAD


def test_a_success_stays_a_success() -> None:
    assert wb.parse_result({"content": [], "isError": False, "structuredContent": {"total": 3}}) is None
    assert wb.parse_result({"isError": False, "structuredContent": {"code": "invalid_input", "isError": False}}) is None


def test_the_table_lists_the_four_runtime_codes() -> None:
    codes = ["invalid_input", "missing_field", "unsupported_option", "strict_constant_override"]
    assert [row[0] for row in ROWS] == codes


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_each_row_when_fields_and_ui_meaning(row: list[str]) -> None:
    code, when, fields, meaning = row
    info = wb.CODES[code]
    assert info.when == when and info.ui_meaning == meaning
    assert set(fields.split(", ")) <= {*info.required, *info.optional}


def test_the_deferred_codes_exist_but_cannot_be_constructed() -> None:
    for code in ("stale_oracle", "unapproved_assumption"):
        assert wb.CODES[code].deferred
        with pytest.raises(TypeError):
            wb.build_error(code, {"field": "x"})
