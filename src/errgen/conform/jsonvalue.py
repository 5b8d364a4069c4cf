"""JSON values as serde_json sees them: strict equality, type names and Display text.

Python's `==` conflates `1`, `1.0` and `True`; serde_json does not. Everything here
follows serde_json (`Value::eq`, `Display`, ryu float formatting) so assertion results
and messages match wallfacer's.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import TypeAlias, TypeGuard

Json: TypeAlias = bool | int | float | str | list["Json"] | dict[str, "Json"] | None

I64_MIN = -(2**63)
U64_MAX = 2**64 - 1


def is_integer(value: object) -> TypeGuard[int]:
    """Return whether serde_json would hold `value` as an integer (i64 or u64)."""
    return isinstance(value, int) and not isinstance(value, bool) and I64_MIN <= value <= U64_MAX


def is_number(value: object) -> TypeGuard[int | float]:
    """Return whether `value` is a JSON number (booleans are not)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def json_equal(left: Json, right: Json) -> bool:
    """Compare like `serde_json::Value::eq`: `1 != 1.0`, `true != 1`, recursive."""
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(json_equal(a, b) for a, b in zip(left, right, strict=True))
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(json_equal(v, right[k]) for k, v in left.items())
    if isinstance(left, list | dict) or isinstance(right, list | dict):
        return False
    return _scalar_key(left) == _scalar_key(right)


def _scalar_key(value: Json) -> tuple[str, object]:
    """Tag a scalar with the serde_json variant that would hold it."""
    if value is None or isinstance(value, bool | str):
        return type(value).__name__, value
    if is_integer(value):
        return "int", value
    return "float", float(value)  # type: ignore[arg-type]


def json_type(value: Json) -> str:
    """Name the JSON type as wallfacer's `is_type` does (`integer` vs `number`)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if is_integer(value):
        return "integer"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def format_float(value: float) -> str:
    """Format a finite float like serde_json (ryu): `1.0`, `1e16`, `1.5e-7`, `0.0001`."""
    if value == 0:
        return "-0.0" if str(value).startswith("-") else "0.0"
    sign, digits_t, exponent = Decimal(repr(value)).as_tuple()
    digits = "".join(map(str, digits_t)).rstrip("0") or "0"
    exp = int(exponent) + len(digits_t) - len(digits)
    point = len(digits) + exp  # position of the decimal point, ryu's `kk`
    prefix = "-" if sign else ""
    if 0 <= exp and point <= 16:
        return f"{prefix}{digits}{'0' * exp}.0"
    if 0 < point <= 16:
        return f"{prefix}{digits[:point]}.{digits[point:]}"
    if -5 < point <= 0:
        return f"{prefix}0.{'0' * -point}{digits}"
    mantissa = digits if len(digits) == 1 else f"{digits[0]}.{digits[1:]}"
    return f"{prefix}{mantissa}e{point - 1}"


def to_text(value: Json) -> str:
    """Render `value` as compact JSON exactly like serde_json's `Display`."""
    if isinstance(value, float):
        return format_float(value)
    if isinstance(value, list):
        return "[" + ",".join(to_text(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k, ensure_ascii=False)}:{to_text(v)}" for k, v in value.items()) + "}"
    return json.dumps(value, ensure_ascii=False)
