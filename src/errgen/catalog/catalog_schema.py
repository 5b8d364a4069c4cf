"""The JSON Schema (2020-12) of catalog format v1, built once as data.

`errgen schema` prints it; `load.py` validates raw catalogs with it. It checks
shapes only; cross-references (kinds, fields, placeholders, ids) are checked by
`compiler.py`, which can point at both ends of a bad reference.
"""

from __future__ import annotations

from typing import Any

from errgen.catalog.vocabulary import FAILURE_CLASSES, GRPC_CODES, META_NAMES

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


def _text(description: str, **extra: Any) -> dict[str, Any]:
    return {"type": "string", "description": description} | extra


def _flag(description: str) -> dict[str, Any]:
    return {"type": "boolean", "description": description}


def _names(description: str, item: str) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string", "description": item}, "description": description}


def _map_of(value: dict[str, Any], description: str, key_pattern: str = IDENT) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "propertyNames": {"pattern": key_pattern},
        "additionalProperties": value,
    }


_SEMVER_TEXT = "A semantic version such as 1.2.0."
_STATUS = {
    "oneOf": [
        {"type": "integer", "minimum": 100, "maximum": 599},
        {"type": "string", "pattern": STATUS_CLASS},
    ]
}
# A `oneOf` node's first sentence is also what an error says was expected (`load._why`).
_STATUSES = {
    "description": "An HTTP status (404), a class ('5xx'), or a list of them. The statuses this rule matches.",
    "oneOf": [_STATUS, {"type": "array", "items": _STATUS, "minItems": 1}],
}
_RETRY_AFTER = _flag("Match only when the response has (true) or lacks (false) a Retry-After header.")

_FIELD = _obj(
    {
        "type": {
            "enum": FIELD_TYPES,
            "description": "Wire type of the repair field: string, integer (a JavaScript safe integer), number, "
            "boolean, array (needs items), object, range ({min?, max?}) or any.",
        },
        "items": {"enum": ITEM_TYPES, "description": "Item type of an array field: string, integer, number, boolean."},
        "description": _text("What the field tells the caller (docs, doc comments, schema descriptions)."),
    },
    ("type",),
    description="A repair field: its wire type and what it tells the caller.",
)

_KIND = _obj(
    {
        "description": _text("What failures of this kind have in common."),
        "retryable": _flag("Whether the transport may retry this kind; the default 'retriable' of its codes."),
        "max_attempts": {
            "type": "integer",
            "minimum": 1,
            "description": "Retry hint: attempts in all (at most 2147483647, Go's int on 32-bit platforms).",
        },
        "initial_backoff_ms": {
            "type": "integer",
            "minimum": 0,
            "description": "Retry hint: the first back-off in milliseconds (at most 2147483647).",
        },
        "failure_class": {"enum": list(FAILURE_CLASSES), "description": "MCP toolFailure class of its codes."},
    },
    ("retryable",),
    description="An error kind: a classification with retry semantics.",
)

_POLICY = _obj(
    {
        "description": _text("When to use this policy."),
        "terminate_on": {
            "type": "array",
            "items": {"type": "string", "description": "One of the catalog's kinds."},
            "uniqueItems": True,
            "description": "The kinds that stop an agent loop instead of going back to the model.",
        },
    },
    ("terminate_on",),
    description="A named set of kinds that terminates an agent loop (is_terminal).",
)

_DEPRECATED = {
    "description": "true, or a mapping with since, replaced_by and reason. Marks the code deprecated: "
    "Python warns, TypeScript marks it @deprecated, the docs show its replacement.",
    "oneOf": [
        {"type": "boolean"},
        _obj(
            {
                "since": _text("The catalog version that deprecated the code. " + _SEMVER_TEXT, pattern=SEMVER),
                "replaced_by": _text("The code clients should use instead."),
                "reason": _text("Why the code is deprecated."),
            }
        ),
    ],
}

_LINT_RULE = r"^[a-z][a-z0-9]*(-[a-z0-9]+)*(?!\n)$"
_LINT = _obj(
    {
        "allow": {
            "type": "object",
            "description": "Lint rules that do not apply here, each with the reason why (errgen lint --strict stays "
            "green and the reason stays on record).",
            "propertyNames": {"pattern": _LINT_RULE},
            "additionalProperties": {
                "type": "string",
                "minLength": 1,
                "description": "Why the rule does not apply.",
            },
        },
    },
    description="errgen lint settings kept with the catalog (see docs/workflow.md).",
)
# A URI (RFC 3986): a scheme, then printable ASCII without spaces.
URI = r"^[A-Za-z][A-Za-z0-9+.-]*:[!-~]*(?!\n)$"
_REASON = r"^[!-~]{1,256}(?!\n)$"
_DOMAIN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,252}(?!\n)$"
_MEMBER = r"^[A-Za-z0-9_.$-]{1,64}(?!\n)$"
CODE_CHANNELS: dict[str, Any] = {
    "problem_type": {"type": "string", "pattern": URI, "description": "RFC 9457 type URI (default: derived)."},
    "reason": {"type": "string", "pattern": _REASON, "description": "AIP-193 ErrorInfo reason."},
    "grpc_code": {"enum": list(GRPC_CODES), "description": "Canonical google.rpc.Code (default: from the status)."},
    "field_violations": {
        "type": "array",
        "items": {"type": "string", "description": "A repair field of the code (a string, or a list of strings)."},
        "uniqueItems": True,
        "description": "Repair fields whose values are paths of invalid request fields.",
    },
}

_CODE = _obj(
    {
        "title": _text("Short human title (default: the id in words)."),
        "when": _text("Typical cause: when a server returns this code."),
        "message": _text("Message template; {name} inserts a field value, {{ and }} are literal braces.", minLength=1),
        "kind": _text("One of the catalog's kinds."),
        "retriable": {
            "description": "yes, no or conditional (true and false are accepted). Whether a caller may retry the "
            "same call unchanged; default: its kind's retryable, else no.",
            "oneOf": [{"type": "boolean"}, {"enum": ["yes", "no", "conditional"]}],
        },
        "recoverable": {
            "description": "yes, no or sometimes (true and false are accepted). Whether the caller can repair the "
            "call; metadata with when: recoverable rides only on recoverable codes.",
            "oneOf": [{"type": "boolean"}, {"enum": ["yes", "no", "sometimes"]}],
        },
        "next_action": _text("Suggested next action for the caller or agent."),
        "ui_meaning": _text("What a widget tells the user or agent to do."),
        "channel": {"enum": ["tool", "protocol"], "description": "tool: an isError tool result; protocol: a JSON-RPC "
                    "error (needs jsonrpc_code)."},
        "jsonrpc_code": {
            "type": "integer",
            "description": "JSON-RPC error code (protocol channel only), -2147483648 to 2147483647.",
        },
        "http_status": {
            "type": "integer",
            "minimum": 100,
            "maximum": 599,
            "description": "The HTTP status a server answers this error with (docs, http_status in every target).",
        },
        "since": _text("The catalog version that added the code. " + _SEMVER_TEXT, pattern=SEMVER),
        "deprecated": _DEPRECATED,
        "deferred": _flag("Shape-only: in schemas and docs, not constructible (no constructor in any target)."),
        "fields": _obj(
            {
                "required": _names("Repair fields every error of this code carries.", "A declared repair field."),
                "optional": _names("Repair fields carried only when applicable.", "A declared repair field."),
                "message_only": _names(
                    "Declared fields the message shows but the payload does not carry (constructor arguments that "
                    "render empty when not given).",
                    "A declared field named by a {placeholder} of the message.",
                ),
            },
            description="The repair fields of the code: required, optional and message-only.",
        ),
        "examples": {
            "type": "array",
            "items": {"type": "object", "description": "Field values of one example (docs, packs, tests)."},
            "description": "Examples: field values the docs, the conformance packs and the tests build errors from.",
        },
        "docs": _text("Long-form Markdown documentation."),
        "witness": _obj(
            {
                "tool": _text("The tool to call.", minLength=1),
                "input": {"type": "object", "description": "The tool's arguments."},
            },
            ("tool",),
            description="A tool call that makes a live server return this code (errgen conform).",
        ),
        "lint": _LINT,
        **CODE_CHANNELS,
    },
    ("message",),
    description="One error code: its texts, semantics, repair fields and examples.",
)

WIRE_KEY = r"^[A-Za-z_$][A-Za-z0-9_$]{0,63}(?!\n)$"
_META = {
    "description": "true (default key), a wire key, or {key, when}. when: always, or recoverable (only on codes "
    "whose recoverable is yes or sometimes).",
    "oneOf": [
        {"type": "boolean"},
        {"type": "string", "pattern": WIRE_KEY},
        _obj(
            {
                "key": _text("The wire key.", pattern=WIRE_KEY),
                "when": {"enum": ["always", "recoverable"], "description": "always, or only on recoverable codes."},
            }
        ),
    ],
}



def _meta(name: str) -> dict[str, Any]:
    return _META | {"description": f"{_META['description']} Puts the code's {name} on the wire."}

CHANNELS = _obj(
    {
        "problem_base": {"type": "string", "pattern": URI, "description": "Prefix of the problem type URIs."},
        "domain": {
            "type": "string",
            "pattern": _DOMAIN,
            "description": "AIP-193 ErrorInfo domain (default: the host of problem_base, else the catalog name).",
        },
        "members": _map_of(
            {"type": "string", "pattern": _MEMBER, "description": "The member's name."},
            "Problem member names of repair fields (default: the wire key).",
        ),
    },
    description="RFC 9457 problem details and google.rpc.Status (AIP-193) beside MCP.",
)

_HTTP_RULE_KIND = _obj(
    {"status": _STATUSES, "retry_after": _RETRY_AFTER, "kind": _text("The kind these statuses classify as.")},
    ("status", "kind"),
    description="HTTP status → kind (classify_http).",
)
_HTTP_RULE_CODE = _obj(
    {
        "status": _STATUSES,
        "retry_after": _RETRY_AFTER,
        "code": _text("The code these statuses map to."),
        "retriable": _flag("The mapped error's retriable flag (default: the code's)."),
    },
    ("status", "code"),
    description="HTTP status → code (map_http).",
)
_FAILURE_NAME = r"^[a-z][a-z0-9_]{0,63}(?!\n)$"
_PREFIX = r"^[A-Za-z][A-Za-z0-9]{0,15}(?!\n)$"
_URL = "^https?://"

# An MCP tool name (spec 2025-11-25: 1 to 128 of A-Z a-z 0-9 _ - .), not starting with '.' or '-'.
TOOL_NAME = r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}(?!\n)$"
_ERROR_ENTRY = {
    "description": "A code id, {kind: KIND} (its codes) or {group: GROUP} (one of tools.groups).",
    "oneOf": [
        {"type": "string"},
        _obj({"kind": {"type": "string", "description": "A kind: every code of that kind."}}, ("kind",)),
        _obj({"group": {"type": "string", "description": "A group of tools.groups."}}, ("group",)),
    ],
}
_ERRORS = {"type": "array", "items": _ERROR_ENTRY}
_SCHEMA_REF = {
    "description": "A JSON Schema (2020-12) inline, or the path of a .json file relative to the catalog's folder.",
    "oneOf": [{"type": "object"}, {"type": "boolean"}, {"type": "string", "minLength": 1}],
}
_TOOL = _obj(
    {
        "description": _text("What the tool does."),
        "errors": _ERRORS | {"description": "The codes the tool can return besides tools.every_tool."},
        "output_schema": _SCHEMA_REF,
        "output_root": {
            "enum": ["object", "any"],
            "description": "object: the outputSchema has an object root (2025-era clients); any: also the "
            "any-root form of MCP 2026-07-28.",
        },
        "input_schema": _SCHEMA_REF,
    },
    description="One MCP tool's error contract and schemas.",
)
_TOOLS = _obj(
    {
        "every_tool": _ERRORS | {"description": "Catalog-wide errors: codes every tool may return."},
        "groups": _map_of(
            _ERRORS | {"description": "The codes (and kinds) of the group."},
            "Named sets of codes (and kinds) a tool names as {group: NAME}.",
        ),
        "by_name": _map_of(_TOOL, "The tools, by their MCP names, in declared order.", TOOL_NAME),
    },
    description="Per-tool error contracts: which tool returns which codes.",
)

_ARGUMENT_ROLE = "The code that reports {}: it declares `field` (a string){}."
_ARGUMENTS = _obj(
    {
        "missing": _text(_ARGUMENT_ROLE.format("a required argument left out", " and `required` (its required args)")),
        "invalid": _text(_ARGUMENT_ROLE.format("an argument of the wrong type or not in its enum", " and `allowed`")),
        "out_of_range": _text(_ARGUMENT_ROLE.format("a number outside its minimum / maximum", " and `range`")),
        "unknown": _text(_ARGUMENT_ROLE.format("an argument the tool does not take", " and `allowed`")),
    },
    ("invalid",),
    description="Which code reports each argument failure an MCP SDK finds (a role left out: invalid's code).",
)

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "errgen error catalog (format v1)",
    "description": "One error catalog: codes, repair fields, kinds, policies and mappings (docs/catalog-format.md).",
    **_obj(
        {
            "errgen": {"const": FORMAT_VERSION, "description": "Catalog format version: 1."},
            "catalog": _obj(
                {
                    "name": _text("Output folder and module stem: lowercase, [a-z][a-z0-9_-]*.", pattern=NAME),
                    "version": _text(
                        "The catalog's version, stamped on every error; errgen diff holds it to semver. "
                        + _SEMVER_TEXT,
                        pattern=SEMVER,
                    ),
                    "title": _text("Human title."),
                    "description": _text("What the catalog covers."),
                    "docs_url": _text("Where the catalog's documentation lives (http or https).", pattern=_URL),
                    "prefix": _text(
                        "A short alias errgen explain accepts (NAPKIN.BAD_REQUEST): a letter, then up to 15 letters "
                        "or digits.",
                        pattern=_PREFIX,
                    ),
                    "locale": _text("BCP 47 tag of the base texts (default 'en')."),
                },
                ("name", "version"),
                description="The catalog's name, version and titles.",
            ),
            "envelope": _obj(
                {
                    "structured_content": _flag("Put the payload in structuredContent (default true)."),
                    "mirror_is_error": _flag("Also set isError: true inside the payload (seed 000)."),
                    "tool_failure_meta": _flag("Add _meta[\"io.modelcontextprotocol/toolFailure\"] (draft)."),
                    "retriable_field": _flag("Shorthand for metadata: {retriable: true} (seed 004)."),
                    "provenance": {
                        "description": "required (true), optional or none (false). The stamp {catalog, version, "
                        "fingerprint} on every error: demanded, accepted when present, or absent.",
                        "oneOf": [{"type": "boolean"}, {"enum": ["required", "optional", "none"]}],
                    },
                    "discriminator": _text(
                        "Wire name of the code key (default 'code'; seed 003: 'kind').", pattern=WIRE_KEY
                    ),
                    "casing": {
                        "enum": ["as_written", "camel"],
                        "description": "Wire keys of repair fields: as written, or camelCase (limit_bytes → "
                        "limitBytes).",
                    },
                    "metadata": _obj(
                        {name: _meta(name) for name in META_NAMES},
                        description="Per-code metadata that rides on each error, and its wire key.",
                    ),
                    "structured_is_error": _flag("Read structuredContent.isError === true as an error (pmcp servers)."),
                    "message_locale": _text(
                        "Locale of the wire message (default: the base locale; falls back like a text)."
                    ),
                },
                description="The wire shape of an error and how it becomes an MCP tool result.",
            ),
            "channels": CHANNELS,
            "fields": _map_of(_FIELD, "Repair fields, declared once with their types."),
            "kinds": _map_of(_KIND, "Error kinds and their retry semantics."),
            "default_kind": _text("Kind of anything unclassified (the catch-all)."),
            "policies": _map_of(_POLICY, "Named sets of kinds that terminate an agent loop."),
            "classification": _obj(
                {
                    "http": {
                        "type": "array",
                        "items": _HTTP_RULE_KIND,
                        "description": "HTTP status → kind, exact statuses before classes.",
                    },
                    "failures": _map_of(
                        _text("The kind this failure class classifies as."), "Failure class → kind.", _FAILURE_NAME
                    ),
                },
                description="How upstream HTTP statuses and failure classes map to kinds.",
            ),
            "mappings": _obj(
                {
                    "http": {
                        "type": "array",
                        "items": _HTTP_RULE_CODE,
                        "description": "HTTP status → code (map_http), exact statuses before classes.",
                    },
                    "failures": _map_of(
                        _obj(
                            {
                                "code": _text("The code this failure class maps to."),
                                "retriable": _flag("The mapped error's retriable flag (default: the code's)."),
                            },
                            ("code",),
                            description="The code a failure class maps to.",
                        ),
                        "Failure class (timeout, network, …) → code.",
                        _FAILURE_NAME,
                    ),
                    "default": _text("Code for an unmapped HTTP status."),
                },
                description="How upstream HTTP statuses and failure classes map to codes.",
            ),
            "codes": _map_of(_CODE, "The error codes, in declared order.") | {"minProperties": 1},
            "tools": _TOOLS,
            "arguments": _ARGUMENTS,
            "retired": _map_of(
                _obj(
                    {
                        "since": _text("The catalog version that retired the id. " + _SEMVER_TEXT, pattern=SEMVER),
                        "reason": _text("Why the code was removed."),
                        "replaced_by": _text("The code that took its place."),
                    },
                    description="A retired id: when, why, and what replaced it.",
                ),
                "Ids that were removed and may never be reused.",
            ),
            "lint": _LINT,
        },
        ("errgen", "catalog", "codes"),
    ),
}

PATTERN_NAMES = {
    NAME: "lowercase letters, digits, '-' or '_', starting with a letter (at most 64 characters)",
    SEMVER: "a semantic version such as 1.2.3",
    IDENT: "a valid id (letters, digits, '_', '.' and '-', not starting with '.' or '-', at most 128 characters)",
    WIRE_KEY: "a wire key (letters, digits, '_' and '$', not starting with a digit, at most 64 characters)",
    STATUS_CLASS: "an HTTP status class such as 4xx or 5xx",
    _FAILURE_NAME: "a failure class (lowercase letters, digits and '_', starting with a letter, such as timeout)",
    _PREFIX: "a prefix (a letter, then up to 15 letters or digits, such as NAPKIN)",
    _URL: "an http:// or https:// URL",
    _LINT_RULE: "a lint rule id (lowercase words joined by '-', such as missing-example)",
    URI: "a URI (a scheme such as https: or urn:, then printable ASCII without spaces)",
    _REASON: "a reason (1 to 256 printable ASCII characters without spaces; lint checks AIP-193's form)",
    _DOMAIN: "a domain (letters, digits, '.', '_' and '-', starting with a letter or digit, at most 253)",
    _MEMBER: "a member name (letters, digits, '_', '.', '$' and '-', at most 64 characters)",
    TOOL_NAME: "an MCP tool name (A-Z, a-z, 0-9, '_', '.' and '-', not starting with '.' or '-', at most 128)",
}
"""What each pattern of the schema means, as errors say it (`load._why`; a test keeps every pattern here)."""
