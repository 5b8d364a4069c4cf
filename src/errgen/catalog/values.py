"""Type checks of JSON values against repair-field types (used for examples)."""

from __future__ import annotations

from typing import Any

from errgen.catalog.model import FieldType

_SCALARS: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
}


def type_error(ftype: FieldType, value: Any) -> str | None:
    """Why `value` is not a valid `ftype`, or None when it is."""
    if ftype.name == "any":
        return None
    if ftype.name == "array":
        if not isinstance(value, list):
            return f"must be a list of {ftype.items}s, got {describe(value)}"
        bad = next((v for v in value if not _is_scalar(ftype.items or "string", v)), None)
        return None if bad is None else f"items must be {ftype.items}s, got {describe(bad)}"
    if ftype.name == "range":
        if not isinstance(value, dict) or not value or not set(value) <= {"min", "max"}:
            return f"must be a mapping with 'min' and/or 'max', got {describe(value)}"
        bad = next((v for v in value.values() if not _is_scalar("number", v)), None)
        return None if bad is None else f"bounds must be numbers, got {describe(bad)}"
    if ftype.name == "object":
        return None if isinstance(value, dict) else f"must be a mapping, got {describe(value)}"
    article = "an" if ftype.name == "integer" else "a"
    return None if _is_scalar(ftype.name, value) else f"must be {article} {ftype.name}, got {describe(value)}"


def _is_scalar(kind: str, value: Any) -> bool:
    if isinstance(value, bool) and kind != "boolean":
        return False
    return isinstance(value, _SCALARS[kind])


def describe(value: Any) -> str:
    """A short 'type value' description for messages (``null`` alone for a null)."""
    if value is None:
        return "null"
    names = {bool: "boolean", int: "integer", float: "number", str: "string", list: "list", dict: "mapping"}
    kind = names.get(type(value), type(value).__name__)
    text = str(value).lower() if isinstance(value, bool) else repr(value)  # YAML spells booleans true, false
    return f"{kind} {text if len(text) <= 40 else text[:37] + '...'}"
