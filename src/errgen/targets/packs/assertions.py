"""What a pack asserts of one code's tool result: its envelope's JSON Schema, payload text checks, leak checks.

Assertions avoid wallfacer's weak idioms: shape checks are one ``matches_schema``
at ``$.response`` (the root always resolves, so a broken response fails by
assertion, never structurally), and leak checks run only on text the schema has
proved to be a string. Regexes use only syntax that Rust's ``regex`` and RE2 read
alike (no look-around, no ``\\s``/``\\w``/``\\d``, scoped flags only).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from errgen.catalog.model import Catalog, Code, ProvenanceMode
from errgen.targets.packs.fixtures import FINGERPRINT
from errgen.targets.packs.writer import Placeholder, SharedDict

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
TOOL_FAILURE_META = "io.modelcontextprotocol/toolFailure"
TEXT = "$.response.content[0].text"

# What `scrub_text` (runtime_patterns.TEXT_RULES) removes, matched no wider than it does:
# a server that scrubs its messages always passes.
LEAKS: dict[str, str] = {
    "home_path": (
        "(?:/home/|/Users/)[A-Za-z0-9._-]+"
        "|/root(?:/|$|[^A-Za-z0-9_])"
        "|(?:^|[^A-Za-z0-9])[A-Za-z]:\\\\"
        "|(?:^|[^A-Za-z0-9])(?i:[a-z]:/(?:users|documents and settings)/)"
    ),
    "stack_trace": "Traceback \\(most recent call last\\):|(?m:^[ \\t]*at [^ \\t\\r\\n()]+ ?\\([^\\n]*\\)[ \\t]*$)",
}


@dataclass(frozen=True)
class Parts:
    """JSON that every invariant of one catalog repeats: built once per pack, shared (written once)."""

    is_error: dict[str, Any]
    content: dict[str, Any]  # the schema of ``content``
    message: dict[str, Any]
    retriable: dict[str, Any]
    text: dict[str, Any]  # a metadata text on the wire
    fields: dict[str, dict[str, Any]]  # field name → schema of its values
    provenance: dict[str, Any]  # its schema
    provenance_value: dict[str, str]
    leak_checks: list[dict[str, Any]]

    @classmethod
    def of(cls, catalog: Catalog) -> Parts:
        """The shared parts of `catalog`'s invariants."""
        text = {"type": "string", "minLength": 1}
        text_block = SharedDict(
            type="object",
            required=["type", "text"],
            properties={"type": {"const": "text"}, "text": text},
        )
        blocks = [text_block] if catalog.envelope.structured_content else [text_block, text_block]
        provenance = {"catalog": {"const": catalog.name}, "version": text, "fingerprint": text}
        return cls(
            is_error=SharedDict(const=True),
            content=SharedDict(type="array", minItems=len(blocks), prefixItems=blocks),
            message=SharedDict(text),
            retriable=SharedDict(type="boolean"),
            text=SharedDict(type="string"),
            fields={name: SharedDict(field.type.json_schema()) for name, field in catalog.fields.items()},
            provenance=SharedDict(type="object", required=list(provenance), properties=provenance),
            provenance_value=SharedDict(catalog.provenance.as_dict(), fingerprint=Placeholder.named(FINGERPRINT)),
            leak_checks=[
                SharedDict(kind="not", assertion={"kind": "matches_regex", "path": TEXT, "pattern": pattern})
                for pattern in LEAKS.values()
            ],
        )


def assertions(catalog: Catalog, code: Code, parts: Parts) -> list[dict[str, Any]]:
    """Envelope shape first (proves the text is a string), then one leak check per kind of leak."""
    checks: list[dict[str, Any]] = [
        {"kind": "matches_schema", "path": "$.response", "schema": result_schema(catalog, code, parts)}
    ]
    if not catalog.envelope.structured_content:
        checks.extend(_payload_text_checks(catalog, code))
    checks.extend(parts.leak_checks)
    return checks


def result_schema(catalog: Catalog, code: Code, parts: Parts) -> dict[str, Any]:
    """JSON Schema of the CallToolResult carrying `code` (draft 2020-12)."""
    env = catalog.envelope
    properties: dict[str, Any] = {"isError": parts.is_error, "content": parts.content}
    if env.structured_content:
        properties["structuredContent"] = payload_schema(catalog, code, parts)
    if env.tool_failure_meta:
        properties["_meta"] = _meta_schema(code)
    schema: dict[str, Any] = {
        "$schema": SCHEMA_DIALECT,
        "type": "object",
        "required": list(properties),
        "properties": properties,
    }
    if env.structured_is_error and env.mirror_is_error and env.structured_content:
        # a pmcp server: top-level isError may be false when the payload carries the marker
        properties["isError"] = {"type": "boolean"}
        marked = {"properties": {"structuredContent": {"properties": {"isError": parts.is_error}}}}
        schema["anyOf"] = [{"properties": {"isError": parts.is_error}}, marked]
    return schema


def payload_schema(catalog: Catalog, code: Code, parts: Parts) -> dict[str, Any]:
    """JSON Schema of the error payload (§1 of the runtime contract), keys as the catalog's wire shape has them."""
    env = catalog.envelope
    properties: dict[str, Any] = {env.discriminator: {"const": code.id}, "message": parts.message}
    optional = {catalog.field_of(name).wire for name in code.optional}
    for meta in (m for m in env.metadata if m.carried_by(code)):
        properties[meta.key] = parts.retriable if meta.name == "retriable" else parts.text
    for name in code.fields:
        properties[catalog.field_of(name).wire] = parts.fields[name]
    if env.provenance:
        properties["provenance"] = parts.provenance
        if env.provenance_mode is ProvenanceMode.OPTIONAL:
            optional.add("provenance")
    if env.mirror_is_error:
        properties["isError"] = parts.is_error
    required = [k for k in properties if k not in optional]
    return {"type": "object", "required": required, "properties": properties}


def _meta_schema(code: Code) -> dict[str, Any]:
    failure = {
        "type": "object",
        "required": ["class", "code", "retryable"],
        "properties": {
            "class": {"type": ["string", "null"]},
            "code": {"const": code.id},
            "retryable": {"type": "boolean"},
        },
    }
    return {"type": "object", "required": [TOOL_FAILURE_META], "properties": {TOOL_FAILURE_META: failure}}


# JSON type → (regex for the start of such a value, negated class of anything else), as JSON.stringify writes it.
_JSON_START: dict[str, tuple[str, str]] = {
    "string": ('"', '[^"]'),
    "integer": ("-?[0-9]", "[^-0-9]"),
    "number": ("-?[0-9]", "[^-0-9]"),
    "boolean": ("(?:true|false)", "[^tf]"),
    "array": ("\\[", "[^\\[]"),
    "object": ("\\{", "[^{]"),
    "range": ("\\{", "[^{]"),
    "any": ("", ""),
}


def _payload_text_checks(catalog: Catalog, code: Code) -> list[dict[str, Any]]:
    """`structured_content: false`: the payload is JSON text in the second block; check it by regex.

    Keys are matched as ``[{,]"key":<start of a value of its type>``; an optional field
    must not start with a value of another type.
    """
    path = "$.response.content[1].text"

    def check(pattern: str, *, negate: bool = False) -> dict[str, Any]:
        regex = {"kind": "matches_regex", "path": path, "pattern": pattern}
        return {"kind": "not", "assertion": regex} if negate else regex

    env = catalog.envelope
    checks = [check("^\\{" + _json_literal(env.discriminator) + ":" + _json_literal(code.id) + ',"message":"[^"]')]
    for meta in (m for m in env.metadata if m.carried_by(code)):
        value = "(?:true|false)" if meta.name == "retriable" else '"'
        checks.append(check("[{,]" + _json_literal(meta.key) + ":" + value))
    for name in code.fields:
        start, other = _JSON_START[catalog.field_of(name).type.name]
        key = "[{,]" + _json_literal(catalog.field_of(name).wire) + ":"
        if name in code.required:
            checks.append(check(key + start))
        elif other:
            checks.append(check(key + other, negate=True))
    if env.provenance_mode is ProvenanceMode.REQUIRED:
        checks.append(check('[{,]"provenance":\\{"catalog":' + _json_literal(catalog.name) + ","))
    if catalog.envelope.mirror_is_error:
        checks.append(check('[{,]"isError":true'))
    return checks


def _json_literal(text: str) -> str:
    """A regex matching `text` as a JSON string literal (as ``JSON.stringify`` writes it)."""
    return rust_escape(json.dumps(text, ensure_ascii=False))


def rust_escape(text: str) -> str:
    """Escape regex metacharacters the way both Rust's regex and RE2 accept."""
    return re.sub(r"([\\.+*?()|\[\]{}^$])", r"\\\1", text)
