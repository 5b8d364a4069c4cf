"""``ts/<catalog>-errors.mcp.ts`` (MCP TypeScript SDK 2.x) and ``ts/<catalog>-errors.mcp-v1.ts`` (1.x).

One template, two files: they differ in the SDK modules they import their types from. Each holds
the catalog's ``arguments`` section and each tool's error schema (the JSON Schema target's, compact
JSON text), and imports the catalog file beside it; the catalog file imports neither, so a widget or
client that never imports them needs no SDK.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from errgen.catalog.model import Catalog
from errgen.targets import jsonschema
from errgen.targets.common.escape import comment_text
from errgen.targets.common.header import header_text
from errgen.targets.common.templating import render


@dataclass(frozen=True)
class Sdk:
    """One SDK line: its label, the type imports and its handler context type."""

    label: str
    imports: tuple[str, ...]
    extra: str


V2 = Sdk(
    "2.x: @modelcontextprotocol/server",
    ('import type { CallToolResult, McpServer, RegisteredTool, ServerContext, ToolAnnotations } from '
     '"@modelcontextprotocol/server";',),
    "ServerContext",
)  # fmt: skip
V1 = Sdk(
    "1.x: @modelcontextprotocol/sdk",
    (
        'import type { McpServer, RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp.js";',
        'import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";',
        'import type { CallToolResult, ServerNotification, ServerRequest, ToolAnnotations } from '
        '"@modelcontextprotocol/sdk/types.js";',
    ),
    "RequestHandlerExtra<ServerRequest, ServerNotification>",
)


def _text(schema: str) -> str:
    """A TypeScript string literal holding JSON text `schema`."""
    return json.dumps(schema)


def tables(catalog: Catalog) -> dict[str, object]:
    """What both adapter files hold of the catalog, computed once: the roles and the error schemas."""
    roles = {role.role: role.code for role in catalog.arguments.values()}
    schemas = jsonschema.adapter_schemas(catalog)
    tools = [{"name": json.dumps(name, ensure_ascii=False), "schema": _text(schema)} for name, schema in schemas.tools]
    arguments = json.dumps(roles, ensure_ascii=False)
    return {"arguments": arguments, "tools": tools, "catalog_schema": _text(schemas.catalog)}


def adapter(catalog: Catalog, stem: str, sdk: Sdk, templates: str | None, table: dict[str, object]) -> str:
    """One adapter file."""
    return render(
        "typescript/errors.mcp.ts.jinja", templates, header=comment_text(header_text(catalog)), catalog=catalog.name,
        stem=stem, sdk=sdk, **table,
    )  # fmt: skip


def files(catalog: Catalog, stem: str, templates: str | None) -> dict[str, str]:
    """Both adapter files, by their paths."""
    table = tables(catalog)
    return {
        f"ts/{stem}.mcp.ts": adapter(catalog, stem, V2, templates, table),
        f"ts/{stem}.mcp-v1.ts": adapter(catalog, stem, V1, templates, table),
    }


__all__ = ["V1", "V2", "files"]
