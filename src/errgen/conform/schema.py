"""Inline JSON Schema validation for `matches_schema` via `jsonschema_rs`.

`jsonschema_rs` binds the same Rust `jsonschema` crate wallfacer links (0.46 there);
`validator_for` picks the draft from `$schema`, else 2020-12, and meta-validates the
schema. Like wallfacer's build (no `resolve-http` feature), only `file://` references
are fetched.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema_rs

from errgen.conform.jsonvalue import Json


class SchemaInvalid(Exception):
    """The inline schema does not compile."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"invalid inline schema in `matches_schema`: {reason}")


def _retrieve(uri: str) -> Json:
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        raise ValueError(f"remote references are not supported: {uri}")
    loaded: Json = json.loads(Path(unquote(parsed.path)).read_text(encoding="utf-8"))
    return loaded


@lru_cache(maxsize=256)
def _validator(schema_text: str) -> jsonschema_rs.Validator:
    try:
        return jsonschema_rs.validator_for(json.loads(schema_text), retriever=_retrieve)
    except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError) as exc:
        raise SchemaInvalid(str(exc).split("\n", 1)[0]) from exc


def schema_errors(schema: Json, instance: Json) -> list[str]:
    """Return wallfacer-style `<error> at <pointer>` messages; [] when `instance` is valid."""
    if not isinstance(schema, dict | bool):
        raise SchemaInvalid(f'{json.dumps(schema)} is not of types "boolean", "object"')
    validator = _validator(json.dumps(schema))
    return [f"{error.message} at {_pointer(error.instance_path)}" for error in validator.iter_errors(instance)]


def _pointer(parts: list[str | int]) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)
