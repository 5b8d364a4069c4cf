"""Build assertion and operand IR nodes from their YAML form, recording every problem."""

from __future__ import annotations

from collections.abc import Callable

from errgen.conform import model as m
from errgen.conform.jsonvalue import Json
from errgen.conform.located import JsonPointer
from errgen.conform.reader import Reader

JSON_TYPES = ("string", "number", "integer", "boolean", "array", "object", "null")

FIELDS: dict[str, tuple[str, ...]] = {
    "equals": ("lhs", "rhs"),
    "not_equals": ("lhs", "rhs"),
    "at_most": ("path", "value"),
    "at_least": ("path", "value"),
    "length_eq": ("path", "value"),
    "length_at_most": ("path", "value"),
    "length_at_least": ("path", "value"),
    "is_type": ("path", "type"),
    "matches_regex": ("path", "pattern"),
    "matches_schema": ("path", "schema"),
    "all_of": ("assert",),
    "any_of": ("assert",),
    "not": ("assertion",),
    "for_each": ("path", "assert"),
}
_EMPTY = m.AllOf(())


def assertions(reader: Reader, value: Json, path: JsonPointer) -> tuple[m.Assertion, ...]:
    """Build an `assert:` list."""
    return tuple(assertion(reader, item, where) for item, where in reader.items(value, path))


def assertion(reader: Reader, value: Json, path: JsonPointer) -> m.Assertion:
    """Build one assertion, dispatching on `kind`."""
    if not isinstance(value, dict):
        reader.mapping(value, path)
        return _EMPTY
    kind = value.get("kind")
    if not isinstance(kind, str) or kind not in FIELDS:
        if "kind" in value:
            reader.error((*path, "kind"), f"unknown assertion kind {kind!r} (expected one of: {', '.join(FIELDS)})")
        else:
            reader.error(path, "missing required key 'kind'")
        return _EMPTY
    raw = reader.mapping(value, path, required=FIELDS[kind], optional=("kind",))
    return _BUILDERS[kind](reader, kind, raw, path)


def operand(reader: Reader, value: Json, path: JsonPointer) -> m.Operand:
    """Build an operand: `{path: ...}`, `{value: ...}`, or a bare value (`$...` string = path)."""
    if isinstance(value, dict) and "path" in value:
        reader.mapping(value, path, required=("path",))
        return m.PathOperand(reader.string(value["path"], (*path, "path")))
    if isinstance(value, dict) and "value" in value:
        reader.mapping(value, path, required=("value",))
        return m.Literal(value["value"])
    if isinstance(value, str) and value.startswith("$"):
        return m.PathOperand(value)
    return m.Literal(value)


def _path(reader: Reader, raw: dict[str, Json], path: JsonPointer) -> str:
    return reader.string(raw.get("path", ""), (*path, "path"))


def _children(reader: Reader, raw: dict[str, Json], path: JsonPointer) -> tuple[m.Assertion, ...]:
    return assertions(reader, raw.get("assert", []), (*path, "assert"))


def _compare(reader: Reader, kind: str, raw: dict[str, Json], path: JsonPointer) -> m.Assertion:
    lhs, rhs = (operand(reader, raw.get(side), (*path, side)) for side in ("lhs", "rhs"))
    return m.Compare(kind, lhs, rhs)


def _bound(reader: Reader, kind: str, raw: dict[str, Json], path: JsonPointer) -> m.Assertion:
    return m.Bound(kind, _path(reader, raw, path), operand(reader, raw.get("value"), (*path, "value")))


def _length(reader: Reader, kind: str, raw: dict[str, Json], path: JsonPointer) -> m.Assertion:
    return m.Length(kind, _path(reader, raw, path), operand(reader, raw.get("value"), (*path, "value")))


def _is_type(reader: Reader, kind: str, raw: dict[str, Json], path: JsonPointer) -> m.Assertion:
    return m.IsType(_path(reader, raw, path), reader.choice(raw.get("type", "null"), (*path, "type"), JSON_TYPES))


def _regex(reader: Reader, kind: str, raw: dict[str, Json], path: JsonPointer) -> m.Assertion:
    return m.MatchesRegex(_path(reader, raw, path), reader.string(raw.get("pattern", ""), (*path, "pattern")))


def _schema(reader: Reader, kind: str, raw: dict[str, Json], path: JsonPointer) -> m.Assertion:
    return m.MatchesSchema(_path(reader, raw, path), raw.get("schema"))


def _all_of(reader: Reader, kind: str, raw: dict[str, Json], path: JsonPointer) -> m.Assertion:
    return m.AllOf(_children(reader, raw, path))


def _any_of(reader: Reader, kind: str, raw: dict[str, Json], path: JsonPointer) -> m.Assertion:
    return m.AnyOf(_children(reader, raw, path))


def _not(reader: Reader, kind: str, raw: dict[str, Json], path: JsonPointer) -> m.Assertion:
    child = assertion(reader, raw["assertion"], (*path, "assertion")) if "assertion" in raw else _EMPTY
    return m.Not(child)


def _for_each(reader: Reader, kind: str, raw: dict[str, Json], path: JsonPointer) -> m.Assertion:
    return m.ForEach(_path(reader, raw, path), _children(reader, raw, path))


_BUILDERS: dict[str, Callable[[Reader, str, dict[str, Json], JsonPointer], m.Assertion]] = {
    "equals": _compare,
    "not_equals": _compare,
    "at_most": _bound,
    "at_least": _bound,
    "length_eq": _length,
    "length_at_most": _length,
    "length_at_least": _length,
    "is_type": _is_type,
    "matches_regex": _regex,
    "matches_schema": _schema,
    "all_of": _all_of,
    "any_of": _any_of,
    "not": _not,
    "for_each": _for_each,
}
