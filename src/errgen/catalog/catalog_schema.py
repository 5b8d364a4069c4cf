"""The JSON Schema (2020-12) of catalog format v1, built once as data.

`errgen schema` prints it; `load.py` validates raw catalogs with it. It checks
shapes only; cross-references (kinds, fields, placeholders, ids) are checked by
`compiler.py`, which can point at both ends of a bad reference.
"""

from __future__ import annotations

from typing import Any

from errgen.catalog.model import FAILURE_CLASSES, GRPC_CODES, META_NAMES

FORMAT_VERSION = 1
SCHEMA_ID = "https://errgen.dev/schema/catalog-v1.json"

# `(?!\n)$`: Python's `$` also matches before a final newline, ECMA-262's does not.
NAME = r"^[a-z][a-z0-9_-]{0,63}(?!\n)$"
# Any character but whitespace, controls and ASCII punctuation other than _ . - (ECMA-262 and
# Python read this the same way; `\w` would be ASCII-only in ECMA and Unicode in Python).
_NOT_ID = r"\s\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff"
IDENT = rf"^[^{_NOT_ID}!-/:-@\[-^`{{-~][^{_NOT_ID}!-,/:-@\[-^`{{-~]{{0,127}}(?!\n)$"
SEMVER = r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?(?!\n)$"
STATUS_CLASS = r"^[1-5]xx(?!\n)$"
FIELD_TYPES = ["string", "integer", "number", "boolean", "array", "object", "range", "any"]
ITEM_TYPES = ["string", "integer", "number", "boolean"]


def _obj(props: dict[str, Any], required: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return schema | extra


def _text(description: str) -> dict[str, Any]:
    return {"type": "string", "description": description}


def _map_of(value: dict[str, Any], description: str, key_pattern: str = IDENT) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "propertyNames": {"pattern": key_pattern},
        "additionalProperties": value,
    }


_STATUS = {
    "oneOf": [
        {"type": "integer", "minimum": 100, "maximum": 599},
        {"type": "string", "pattern": STATUS_CLASS},
    ]
}
_STATUSES = {
    "description": "An HTTP status (404), a class ('5xx'), or a list of them.",
    "oneOf": [_STATUS, {"type": "array", "items": _STATUS, "minItems": 1}],
}

_FIELD = _obj(
    {
        "type": {"enum": FIELD_TYPES, "description": "Wire type of the repair field."},
        "items": {"enum": ITEM_TYPES, "description": "Item type; required when type is 'array'."},
        "description": _text("What the field tells the caller."),
    },
    ("type",),
)

_KIND = _obj(
    {
        "description": _text("What failures of this kind have in common."),
        "retryable": {"type": "boolean", "description": "Whether the transport may retry this kind."},
        "max_attempts": {"type": "integer", "minimum": 1, "description": "Retry hint: attempts in all."},
        "initial_backoff_ms": {"type": "integer", "minimum": 0, "description": "Retry hint: first back-off."},
        "failure_class": {"enum": list(FAILURE_CLASSES), "description": "MCP toolFailure class of its codes."},
    },
    ("retryable",),
)

_POLICY = _obj(
    {
        "description": _text("When to use this policy."),
        "terminate_on": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
    },
    ("terminate_on",),
)

_DEPRECATED = {
    "oneOf": [
        {"type": "boolean"},
        _obj(
            {
                "since": {"type": "string", "pattern": SEMVER},
                "replaced_by": {"type": "string"},
                "reason": {"type": "string"},
            }
        ),
    ]
}

# A URI (RFC 3986): a scheme, then printable ASCII without spaces.
URI = r"^[A-Za-z][A-Za-z0-9+.-]*:[!-~]*(?!\n)$"
CODE_CHANNELS: dict[str, Any] = {
    "problem_type": {"type": "string", "pattern": URI, "description": "RFC 9457 type URI (default: derived)."},
    "reason": {"type": "string", "pattern": r"^[!-~]{1,256}(?!\n)$", "description": "AIP-193 ErrorInfo reason."},
    "grpc_code": {"enum": list(GRPC_CODES), "description": "Canonical google.rpc.Code (default: from the status)."},
    "field_violations": {
        "type": "array",
        "items": {"type": "string"},
        "uniqueItems": True,
        "description": "Repair fields whose values are paths of invalid request fields.",
    },
}

_CODE = _obj(
    {
        "title": _text("Short human title."),
        "when": _text("Typical cause."),
        "message": {"type": "string", "minLength": 1, "description": "Message template; {name} = a field value."},
        "kind": _text("One of the catalog's kinds."),
        "retriable": {"oneOf": [{"type": "boolean"}, {"enum": ["yes", "no", "conditional"]}]},
        "recoverable": {"oneOf": [{"type": "boolean"}, {"enum": ["yes", "no", "sometimes"]}]},
        "next_action": _text("Suggested next action for the caller or agent."),
        "ui_meaning": _text("What a widget tells the user or agent to do."),
        "channel": {"enum": ["tool", "protocol"], "description": "tool: isError result; protocol: JSON-RPC error."},
        "jsonrpc_code": {"type": "integer", "description": "JSON-RPC error code (protocol channel only)."},
        "http_status": {"type": "integer", "minimum": 100, "maximum": 599},
        "since": {"type": "string", "pattern": SEMVER},
        "deprecated": _DEPRECATED,
        "deferred": {"type": "boolean", "description": "Shape-only: in schemas and docs, not constructible."},
        "fields": _obj(
            {
                "required": {"type": "array", "items": {"type": "string"}},
                "optional": {"type": "array", "items": {"type": "string"}},
            }
        ),
        "examples": {"type": "array", "items": {"type": "object"}, "description": "Field values of examples."},
        "docs": _text("Long-form Markdown documentation."),
        "witness": _obj(
            {"tool": {"type": "string", "minLength": 1}, "input": {"type": "object"}},
            ("tool",),
        ),
        **CODE_CHANNELS,
    },
    ("message",),
)

WIRE_KEY = r"^[A-Za-z_$][A-Za-z0-9_$]{0,63}(?!\n)$"
_META = {
    "description": "true (default key), a wire key, or {key, when}; when: always | recoverable.",
    "oneOf": [
        {"type": "boolean"},
        {"type": "string", "pattern": WIRE_KEY},
        _obj({"key": {"type": "string", "pattern": WIRE_KEY}, "when": {"enum": ["always", "recoverable"]}}),
    ],
}

CHANNELS = _obj(
    {
        "problem_base": {"type": "string", "pattern": URI, "description": "Prefix of the problem type URIs."},
        "domain": {
            "type": "string",
            "pattern": r"^[A-Za-z0-9][A-Za-z0-9._-]{0,252}(?!\n)$",
            "description": "AIP-193 ErrorInfo domain (default: the host of problem_base, else the catalog name).",
        },
        "members": _map_of(
            {"type": "string", "pattern": r"^[A-Za-z0-9_.$-]{1,64}(?!\n)$"},
            "Problem member names of repair fields (default: the wire key).",
        ),
    },
    description="RFC 9457 problem details and google.rpc.Status (AIP-193) beside MCP.",
)

_HTTP_RULE_KIND = _obj(
    {"status": _STATUSES, "retry_after": {"type": "boolean"}, "kind": {"type": "string"}},
    ("status", "kind"),
)
_HTTP_RULE_CODE = _obj(
    {
        "status": _STATUSES,
        "retry_after": {"type": "boolean"},
        "code": {"type": "string"},
        "retriable": {"type": "boolean"},
    },
    ("status", "code"),
)
_FAILURE_NAME = r"^[a-z][a-z0-9_]{0,63}(?!\n)$"

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "errgen error catalog (format v1)",
    **_obj(
        {
            "errgen": {"const": FORMAT_VERSION, "description": "Catalog format version."},
            "catalog": _obj(
                {
                    "name": {"type": "string", "pattern": NAME, "description": "Output folder and module stem."},
                    "version": {"type": "string", "pattern": SEMVER},
                    "title": _text("Human title."),
                    "description": _text("What the catalog covers."),
                    "docs_url": {"type": "string", "pattern": "^https?://"},
                    "prefix": {"type": "string", "pattern": r"^[A-Za-z][A-Za-z0-9]{0,15}(?!\n)$"},
                },
                ("name", "version"),
            ),
            "envelope": _obj(
                {
                    "structured_content": {"type": "boolean", "description": "Put the payload in structuredContent."},
                    "mirror_is_error": {"type": "boolean", "description": "Also set isError inside the payload."},
                    "tool_failure_meta": {"type": "boolean", "description": "Add the _meta toolFailure mirror."},
                    "retriable_field": {"type": "boolean", "description": "Payload carries a boolean retriable."},
                    "provenance": {
                        "description": "Provenance stamp: required (true), optional, or none (false).",
                        "oneOf": [{"type": "boolean"}, {"enum": ["required", "optional", "none"]}],
                    },
                    "discriminator": {
                        "type": "string",
                        "pattern": WIRE_KEY,
                        "description": "Wire name of the code key (default 'code'; seed 003: 'kind').",
                    },
                    "casing": {
                        "enum": ["as_written", "camel"],
                        "description": "Wire keys of repair fields: as written, or camelCase.",
                    },
                    "metadata": _obj(
                        {name: _META for name in META_NAMES},
                        description="Per-code metadata that rides on each error, and its wire key.",
                    ),
                    "structured_is_error": {
                        "type": "boolean",
                        "description": "Read structuredContent.isError === true as an error (pmcp servers).",
                    },
                }
            ),
            "channels": CHANNELS,
            "fields": _map_of(_FIELD, "Repair fields, declared once with their types."),
            "kinds": _map_of(_KIND, "Error kinds and their retry semantics."),
            "default_kind": {"type": "string", "description": "Kind of anything unclassified."},
            "policies": _map_of(_POLICY, "Named sets of kinds that terminate an agent loop."),
            "classification": _obj(
                {
                    "http": {"type": "array", "items": _HTTP_RULE_KIND},
                    "failures": _map_of({"type": "string"}, "Failure class → kind.", _FAILURE_NAME),
                }
            ),
            "mappings": _obj(
                {
                    "http": {"type": "array", "items": _HTTP_RULE_CODE},
                    "failures": _map_of(
                        _obj({"code": {"type": "string"}, "retriable": {"type": "boolean"}}, ("code",)),
                        "Failure class (timeout, network, …) → code.",
                        _FAILURE_NAME,
                    ),
                    "default": {"type": "string", "description": "Code for an unmapped HTTP status."},
                }
            ),
            "codes": _map_of(_CODE, "The error codes, in declared order.") | {"minProperties": 1},
            "retired": _map_of(
                _obj(
                    {
                        "since": {"type": "string", "pattern": SEMVER},
                        "reason": {"type": "string"},
                        "replaced_by": {"type": "string"},
                    }
                ),
                "Ids that were removed and may never be reused.",
            ),
        },
        ("errgen", "catalog", "codes"),
    ),
}
