"""Compile the ``fields``, ``kinds`` and ``policies`` sections: what codes and mappings refer to."""

from __future__ import annotations

from errgen.catalog import bounds, naming
from errgen.catalog.checked import Reader
from errgen.catalog.model import Field, FieldType, Kind, Policy

RESERVED_FIELDS = frozenset({"code", "message", "provenance", "isError", "retriable", "_meta"})


def fields(reader: Reader) -> dict[str, Field]:
    """The repair fields, each with its type; reserved names and misplaced ``items`` reported."""
    out: dict[str, Field] = {}
    for name, spec in reader.items(("fields",)):
        path = ("fields", name)
        if name in RESERVED_FIELDS:
            reader.err(path, f"field name {name!r} is reserved for the envelope", key=True)
        items = spec.get("items")
        if spec["type"] == "array" and items is None:
            reader.err(path, f"field {name!r}: type 'array' needs 'items' (string, integer, number or boolean)")
        elif spec["type"] != "array" and items is not None:
            reader.err((*path, "items"), f"field {name!r}: 'items' only applies to type 'array'", key=True)
        ftype = FieldType(spec["type"], items if spec["type"] == "array" else None)
        out[name] = Field(name, ftype, spec.get("description", ""), naming.names(name), reader.at(path))
    reader.collisions("fields", out, lambda n: {"attribute": n.py_attr})
    return out


def kinds(reader: Reader) -> dict[str, Kind]:
    """The error kinds with their retry advice."""
    out = {
        name: Kind(
            name,
            spec.get("description", ""),
            spec["retryable"],
            spec.get("max_attempts"),
            spec.get("initial_backoff_ms"),
            naming.names(name),
            reader.at(("kinds", name)),
        )
        for name, spec in reader.items(("kinds",))
    }
    for name, spec in reader.items(("kinds",)):
        for key in ("max_attempts", "initial_backoff_ms"):
            if (why := bounds.problem(key, spec.get(key))) is not None:
                reader.err(("kinds", name, key), f"kind {name!r}: {key} {why}")
    reader.collisions("kinds", out, lambda n: {"identifier": n.pascal, "constant": n.constant})
    return out


def policies(reader: Reader, known: dict[str, Kind]) -> dict[str, Policy]:
    """The named policies, each with the declared kinds it terminates on."""
    out: dict[str, Policy] = {}
    for name, spec in reader.items(("policies",)):
        path = ("policies", name)
        members = tuple(
            k for i, k in enumerate(spec["terminate_on"]) if reader.kind_ref((*path, "terminate_on", i), known)
        )
        out[name] = Policy(name, spec.get("description", ""), members, naming.names(name), reader.at(path))
    reader.collisions("policies", out, lambda n: {"identifier": n.snake, "constant": n.constant})
    return out
