"""Tool inputs of a live run, per case: ``fixed``, ``generate`` (wallfacer's ValueSpec) or ``input: schema_valid``.

Generated values come from one seeded `random.Random`, so a run is repeatable
with the same ``--seed``. ``schema_valid`` builds a value from the tool's listed
``inputSchema`` (required properties always, optional ones at random) and checks
it with the same validator as ``matches_schema``; a schema it cannot satisfy is an
`InputError` (the invariant is skipped with that reason, never passed).
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from typing import Any

from errgen.conform import model as m
from errgen.conform.jsonvalue import Json

_ALPHABET = string.ascii_letters + string.digits
Generator = Callable[[dict[str, Any], random.Random, int], Json]


class InputError(Exception):
    """No input can be produced for this invariant and tool."""


def case_input(body: m.Body, tool: dict[str, Json], rng: random.Random) -> dict[str, Json]:
    """The arguments of one case."""
    if body.input_mode == "schema_valid":
        return schema_valid(tool.get("inputSchema"), rng)
    if body.generate is not None:
        return {name: value_spec(spec, rng) for name, spec in body.generate.items()}
    return dict(body.fixed or {})


def value_spec(spec: Json, rng: random.Random) -> Json:
    """A value for one wallfacer ValueSpec (``type`` plus optional bounds)."""
    s: dict[str, Any] = spec if isinstance(spec, dict) else {}
    kind = s.get("type", "string")
    if kind == "integer":
        return rng.randint(_get(s, "min", -1000), _get(s, "max", 1000))
    if kind == "number":
        return rng.uniform(_get(s, "min", -1000), _get(s, "max", 1000))
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "array":
        size = rng.randint(_get(s, "min_items", 0), _get(s, "max_items", 4))
        return [value_spec(s.get("items", {"type": "string"}), rng) for _ in range(size)]
    size = rng.randint(_get(s, "min_length", 0), _get(s, "max_length", 16))
    return "".join(rng.choice(_ALPHABET) for _ in range(size))


def _get(spec: dict[str, Any], key: str, default: int) -> int:
    value = spec.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def schema_valid(schema: Json, rng: random.Random) -> dict[str, Json]:
    """An object that validates against the tool's `inputSchema`."""
    from errgen.conform.schema import SchemaInvalid, schema_errors

    value = from_schema(schema if isinstance(schema, dict) else {"type": "object"}, rng, 0)
    if not isinstance(value, dict):
        raise InputError("the tool's inputSchema does not describe an object")
    try:
        errors = schema_errors(schema, value)
    except SchemaInvalid as exc:
        raise InputError(f"the tool's inputSchema is invalid: {exc}") from exc
    if errors:
        raise InputError(f"cannot generate a schema-valid input ({errors[0]})")
    return value


def from_schema(schema: dict[str, Any], rng: random.Random, depth: int) -> Json:
    """Best-effort value for a JSON Schema (const, enum, anyOf/oneOf, and the basic types)."""
    if "const" in schema:
        return schema["const"]  # type: ignore[no-any-return]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return rng.choice(schema["enum"])  # type: ignore[no-any-return]
    for key in ("anyOf", "oneOf", "allOf"):
        options = [o for o in schema.get(key) or [] if isinstance(o, dict)]
        if options:
            return from_schema({**schema, key: None, **rng.choice(options)}, rng, depth)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind is None:
        kind = "object" if "properties" in schema else "string"
    generator: Generator = _GENERATORS.get(str(kind), _string)
    return generator(schema, rng, depth)


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _object(schema: dict[str, Any], rng: random.Random, depth: int) -> Json:
    properties = _dict(schema.get("properties"))
    required = set(schema.get("required") or [])
    out: dict[str, Json] = {}
    for name, sub in properties.items():
        if (name in required or (depth < 3 and rng.random() < 0.5)) and isinstance(sub, dict):
            out[name] = from_schema(sub, rng, depth + 1)
    return out


def _string(schema: dict[str, Any], rng: random.Random, depth: int) -> Json:
    low = _get(schema, "minLength", 0)
    high = max(low, _get(schema, "maxLength", low + 12))
    return "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(low, high)))


def _integer(schema: dict[str, Any], rng: random.Random, depth: int) -> Json:
    low, high = _bounds(schema, 100)
    return rng.randint(int(-(-low // 1)), max(int(-(-low // 1)), int(high // 1)))


def _number(schema: dict[str, Any], rng: random.Random, depth: int) -> Json:
    low, high = _bounds(schema, 100)
    return round(rng.uniform(low, high), 3) if high > low else low


def _bounds(schema: dict[str, Any], span: int) -> tuple[float, float]:
    def num(key: str) -> float | None:
        value = schema.get(key)
        return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None

    low = num("minimum")
    high = num("maximum")
    if (ex := num("exclusiveMinimum")) is not None:
        low = ex + 1
    if (ex := num("exclusiveMaximum")) is not None:
        high = ex - 1
    low = low if low is not None else (high - span if high is not None else 0.0)
    high = high if high is not None else low + span
    return low, max(low, high)


def _array(schema: dict[str, Any], rng: random.Random, depth: int) -> Json:
    items = _dict(schema.get("items"))
    low = _get(schema, "minItems", 0)
    size = rng.randint(low, max(low, min(_get(schema, "maxItems", low + 3), low + 3)))
    return [from_schema(items, rng, depth + 1) for _ in range(size)]


_GENERATORS: dict[str, Generator] = {
    "object": _object,
    "string": _string,
    "integer": _integer,
    "number": _number,
    "boolean": lambda schema, rng, depth: rng.random() < 0.5,
    "array": _array,
    "null": lambda schema, rng, depth: None,
}
