"""A small MCP server (stdio) whose tools misbehave on purpose, for the live runner's tests.

Tools: ``ok`` (a valid error envelope), ``echo`` (returns its input as structured
content), ``hang`` (never answers), ``crash`` (the process exits mid-call),
``protocol`` (a JSON-RPC error instead of a result), ``wipe`` (annotated
destructive). Started as ``misbehaving.py PIDFILE``, each start appends its process id
to PIDFILE, and entering ``hang`` touches ``PIDFILE.hang``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

PIDFILE = sys.argv[1] if len(sys.argv) > 1 else None
OBJECT = {"type": "object", "properties": {"value": {"type": "integer", "minimum": 0, "maximum": 9}}}


def tool(name: str, description: str, **annotations: bool) -> types.Tool:
    hints = types.ToolAnnotations(**annotations) if annotations else None
    return types.Tool(name=name, description=description, input_schema=OBJECT, annotations=hints)


TOOLS = [
    tool("ok", "Always fails with a well-formed envelope.", read_only_hint=True),
    tool("echo", "Echoes its input.", read_only_hint=True),
    tool("hang", "Never answers."),
    tool("crash", "Exits the server."),
    tool("protocol", "Answers with a JSON-RPC error."),
    tool("wipe", "Deletes everything.", destructive_hint=True),
]


def text(value: str) -> list[types.ContentBlock]:
    return [types.TextContent(type="text", text=value)]


async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
    args = params.arguments or {}
    print(f"call {params.name} {args}", file=sys.stderr, flush=True)
    if params.name == "hang":
        if PIDFILE:
            Path(PIDFILE + ".hang").touch()
        await anyio.sleep_forever()
    if params.name == "crash":
        os._exit(3)
    if params.name == "protocol":
        raise MCPError(-32602, "invalid params: value is required")
    if params.name == "echo":
        return types.CallToolResult(content=text(str(args)), structured_content={"echo": args})
    payload = {"code": "boom", "message": "it broke"}
    return types.CallToolResult(is_error=True, content=text("boom: it broke"), structured_content=payload)


server = Server("misbehaving", on_list_tools=list_tools, on_call_tool=call_tool)


async def main() -> None:
    if PIDFILE:
        with open(PIDFILE, "a", encoding="utf-8") as out:
            out.write(f"{os.getpid()}\n")
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
