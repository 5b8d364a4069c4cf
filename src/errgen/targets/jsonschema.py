"""Target ``jsonschema``: JSON Schema 2020-12 of the error payloads and the MCP envelope.

Files (under ``schema/``):

* ``<catalog>.schema.json`` — root: ``ErrorPayload``, the error payload as a union
  discriminated by the catalog's discriminator key (``code``; closed: unknown codes are
  rejected). ``$defs`` holds one closed definition per code (``<Pascal>Error``; its
  required and optional repair fields typed, under their wire keys), ``ErrorCode``,
  ``Provenance``, ``ToolErrorResult`` — the full MCP ``CallToolResult`` of a failed call
  (``isError``, ``content``, ``structuredContent``) — and ``ToolResult`` (seed 003's
  ``{ok, error, data}``).
* ``<catalog>.output-fragment.schema.json`` — the payload schema with every
  reference inlined, for a server to merge into each tool's ``outputSchema``
  (``{"type": "object", "anyOf": [success, fragment]}``) so strict clients accept
  error results (see mcp-errors.md).

Per tool of the catalog's ``tools`` section (under ``schema/tools/``), every reference inlined:

* ``<tool>.errors.schema.json`` — the error payloads the tool can return (its codes only).
* ``<tool>.output.schema.json`` (a tool with an ``output_schema``) — its complete
  ``outputSchema``, success ∪ its errors, with the object root 2025-era clients accept.
* ``<tool>.output-any.schema.json`` (``output_root: any``) — the same union with any
  root (MCP 2026-07-28, SEP-2106); the only form when the success schema is no object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from errgen.catalog import jsontext
from errgen.catalog.model import Catalog, Channel, Code, OutputRoot, ProvenanceMode, Tool
from errgen.targets import TargetOptions
from errgen.targets.common.header import header_text

DRAFT = "https://json-schema.org/draft/2020-12/schema"
PROVENANCE: dict[str, Any] = {
    "type": "object",
    "description": "Which catalog build produced this error.",
    "properties": {
        "catalog": {"type": "string"},
        "version": {"type": "string"},
        "fingerprint": {"type": "string", "pattern": "^sha256:[0-9a-f]{64}$"},
    },
    "required": ["catalog", "version", "fingerprint"],
    "additionalProperties": False,
}


LOCALIZED_MESSAGE: dict[str, Any] = {
    "type": "object",
    "description": "The message in another locale, when the sender was asked for one (AIP-193's LocalizedMessage).",
    "properties": {"locale": {"type": "string", "minLength": 1}, "message": {"type": "string"}},
    "required": ["locale", "message"],
    "additionalProperties": False,
}


def def_name(code: Code) -> str:
    """``$defs`` key of a code's payload schema (never collides with the fixed keys)."""
    return f"{code.names.pascal}Error"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": "#/$defs/" + quote(name, safe="")}


def code_schema(
    catalog: Catalog,
    code: Code,
    provenance: dict[str, Any],
    localized: dict[str, Any] = LOCALIZED_MESSAGE,
    *,
    describe: bool = True,
) -> dict[str, Any]:
    """The closed schema of one code's payload (keys as the catalog's wire shape has them).

    `describe`: with the code's ``when`` as ``description`` (the per-tool schemas, repeated per tool, leave it out).
    """
    env = catalog.envelope
    props: dict[str, Any] = {
        env.discriminator: {"const": code.id},
        "message": {"type": "string", "minLength": 1},
    }
    required = [env.discriminator, "message"]
    for meta in (m for m in env.metadata if m.carried_by(code)):
        is_flag = meta.name == "retriable"
        props[meta.key] = {"type": "boolean", "default": False} if is_flag else {"type": "string"}
    for name in code.fields:
        field = catalog.fields[name]
        extra = {"description": field.description} if field.description else {}
        props[field.wire] = field.type.json_schema() | extra
    required += [catalog.fields[name].wire for name in code.required]
    if env.provenance:
        props["provenance"] = provenance
    if env.provenance_mode is ProvenanceMode.REQUIRED:
        required.append("provenance")
    if env.mirror_is_error:
        props["isError"] = {"const": True}
        required.append("isError")
    props["localizedMessage"] = localized
    schema: dict[str, Any] = {"type": "object", "title": code.id}
    if code.when and describe:
        schema["description"] = code.when
    if code.deprecated:
        schema["deprecated"] = True
    return schema | {"properties": props, "required": required, "additionalProperties": False}


def payload_union(catalog: Catalog, branch: Any, codes: tuple[Code, ...] | None = None) -> dict[str, Any]:
    """The payload union of `codes` (default: every code): the code under the discriminator must be one of
    them, then that code's schema applies.

    Every required key is also a declared property, as ajv's ``strictRequired`` wants.
    """
    key = catalog.envelope.discriminator
    chosen = tuple(catalog.codes.values()) if codes is None else codes
    return {
        "type": "object",
        "required": [key, "message"],
        "properties": {key: {"enum": [c.id for c in chosen]}, "message": {"type": "string", "minLength": 1}},
        "allOf": [
            {"if": {"properties": {key: {"const": code.id}}, "required": [key]}, "then": branch(code)}
            for code in chosen
        ],
    }


def tool_result_schema() -> dict[str, Any]:
    """Seed 003's ``ToolResult``: ``ok`` false exactly when ``error`` is set; ``data`` may come with either."""
    return {
        "oneOf": [
            {
                "type": "object",
                "properties": {"ok": {"const": True}, "data": {}, "error": False},
                "required": ["ok"],
            },
            {
                "type": "object",
                "properties": {"ok": {"const": False}, "error": _ref("ErrorPayload"), "data": {}},
                "required": ["ok", "error"],
            },
        ]
    }


def envelope_schema(catalog: Catalog) -> dict[str, Any]:
    """The MCP CallToolResult of a failed call, as errgen's runtimes emit it.

    ``content`` holds the runtime's text blocks (one, or two without ``structuredContent``)
    among any other blocks: ``contains``, not ``prefixItems``, which ajv's ``strictTuples``
    accepts only for a closed array.
    """
    text_block = {
        "type": "object",
        "required": ["type", "text"],
        "properties": {"type": {"const": "text"}, "text": {"type": "string", "minLength": 1}},
    }
    blocks = 1 if catalog.envelope.structured_content else 2
    props: dict[str, Any] = {
        "isError": {"const": True},
        "content": {
            "type": "array",
            "items": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}}},
            "contains": text_block,
            "minContains": blocks,
        },
        "_meta": {"type": "object"},
    }
    required = ["isError", "content"]
    if catalog.envelope.structured_content:
        props["structuredContent"] = _ref("ErrorPayload")
        required.append("structuredContent")
    schema: dict[str, Any] = {"type": "object", "properties": props, "required": required}
    if catalog.envelope.structured_is_error and catalog.envelope.structured_content:
        # a pmcp server sends top-level isError: false and the marker inside structuredContent only
        props["isError"] = {"type": "boolean"}
        inner = {"type": "object", "properties": {"isError": {"const": True}}, "required": ["isError"]}
        marked = {"properties": {"structuredContent": inner}}
        schema["anyOf"] = [{"properties": {"isError": {"const": True}}}, marked]
    return schema


def main_schema(catalog: Catalog) -> dict[str, Any]:
    """``<catalog>.schema.json``."""
    defs: dict[str, Any] = {
        "ErrorCode": {"enum": list(catalog.codes)},
        "Provenance": PROVENANCE,
        "LocalizedMessage": LOCALIZED_MESSAGE,
        "ErrorPayload": payload_union(catalog, lambda code: _ref(def_name(code))),
        "ToolErrorResult": envelope_schema(catalog),
        "ToolResult": tool_result_schema(),
    }
    for code in catalog.codes.values():
        defs[def_name(code)] = code_schema(catalog, code, _ref("Provenance"), _ref("LocalizedMessage"))
    return {
        "$schema": DRAFT,
        "$id": f"urn:errgen:{catalog.name}:{catalog.version}",
        "$comment": header_text(catalog),
        "title": f"{catalog.title} — error payload",
        "description": catalog.description,
        "$ref": "#/$defs/ErrorPayload",
        "$defs": defs,
    }


def fragment_schema(catalog: Catalog) -> dict[str, Any]:
    """``<catalog>.output-fragment.schema.json``: the payload union, fully inlined."""
    return {
        "$schema": DRAFT,
        "$comment": header_text(catalog),
        "title": f"{catalog.title} — error payload (outputSchema fragment)",
        **payload_union(catalog, lambda code: code_schema(catalog, code, PROVENANCE)),
    }


def tool_codes(catalog: Catalog, tool: Tool) -> tuple[Code, ...]:
    """The codes `tool` can return as a tool result (its protocol-channel codes never reach structuredContent)."""
    return tuple(catalog.codes[c] for c in tool.codes if catalog.codes[c].channel is Channel.TOOL)


def tool_errors(catalog: Catalog, tool: Tool) -> dict[str, Any]:
    """The error payloads `tool` can return, fully inlined (no ``$schema``: a subschema; no code descriptions)."""
    branch = lambda code: code_schema(catalog, code, PROVENANCE, describe=False)  # noqa: E731
    return payload_union(catalog, branch, tool_codes(catalog, tool))


def tool_output(catalog: Catalog, tool: Tool, *, any_root: bool) -> dict[str, Any]:
    """`tool`'s complete outputSchema: its success schema ∪ its errors (no ``$schema``: a subschema).

    The success schema's own ``$defs`` / ``definitions`` move to the root, where its ``#/$defs/…``
    references resolve (one with an ``$id`` is its own resource and keeps them). Without
    ``structuredContent`` on error results (``envelope.structured_content: false``) it is the success
    schema alone.
    """
    assert tool.output_schema is not None
    success = tool.output_schema.schema
    hoisted: dict[str, Any] = {}
    if isinstance(success, dict):
        success = {k: v for k, v in success.items() if k != "$schema"}
        if "$id" not in success:
            hoisted = {k: success.pop(k) for k in ("$defs", "definitions") if k in success}
    root: dict[str, Any] = {} if any_root else {"type": "object"}
    if catalog.envelope.structured_content:
        root["anyOf"] = [success, tool_errors(catalog, tool)]
    else:
        root["allOf"] = [success]
    return root | hoisted


def tool_files(catalog: Catalog) -> dict[str, dict[str, Any]]:
    """``schema/tools/<tool>.*.schema.json`` of every tool: its errors and its complete outputSchema(s)."""
    out: dict[str, dict[str, Any]] = {}
    for tool in catalog.tools.values():
        head = {"$schema": DRAFT, "$comment": header_text(catalog)}
        what = f"errors of tool {tool.name} ({catalog.title})"
        out[f"schema/tools/{tool.name}.errors.schema.json"] = {**head, "title": what, **tool_errors(catalog, tool)}
        if tool.output_schema is None:
            continue
        title = f"outputSchema of tool {tool.name} ({catalog.title})"
        if tool.output_schema.object_root:
            out[f"schema/tools/{tool.name}.output.schema.json"] = {
                **head, "title": title, **tool_output(catalog, tool, any_root=False)
            }  # fmt: skip
        if tool.output_root is OutputRoot.ANY:
            out[f"schema/tools/{tool.name}.output-any.schema.json"] = {
                **head, "title": f"{title}, any root", **tool_output(catalog, tool, any_root=True)
            }  # fmt: skip
    return out


@dataclass(frozen=True)
class AdapterSchemas:
    """The error schemas the SDK adapters hold, as compact JSON text in printable ASCII without a backquote
    (fit as it is for a Go raw string, a Rust raw string, or a TypeScript string through one more escape)."""

    tools: tuple[tuple[str, str], ...]  # (tool name, its errors' schema)
    catalog: str  # every payload of the catalog (for a tool the catalog does not declare)


_adapter_schemas: list[tuple[Catalog, AdapterSchemas]] = []  # the last catalog's: three adapters share it


def _ascii(schema: dict[str, Any]) -> str:
    return jsontext.compact_ascii(schema).replace("`", "\\u0060")


def adapter_schemas(catalog: Catalog) -> AdapterSchemas:
    """The adapters' error schemas of `catalog`, computed once per catalog and process."""
    for seen, schemas in _adapter_schemas:
        if seen is catalog:
            return schemas
    whole = {k: v for k, v in fragment_schema(catalog).items() if not k.startswith("$") and k != "title"}
    tools = tuple((tool.name, _ascii(tool_errors(catalog, tool))) for tool in catalog.tools.values())
    schemas = AdapterSchemas(tools, _ascii(whole))
    _adapter_schemas[:] = [(catalog, schemas)]
    return schemas


def dump(schema: dict[str, Any]) -> str:
    """Stable JSON text: 2-space indent, declared key order, trailing newline."""
    return jsontext.dumps(schema) + "\n"


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """The two schema files of one catalog, and those of its tools."""
    return {
        f"schema/{catalog.name}.schema.json": dump(main_schema(catalog)),
        f"schema/{catalog.name}.output-fragment.schema.json": dump(fragment_schema(catalog)),
        **{path: dump(schema) for path, schema in tool_files(catalog).items()},
    }
