"""A small MCP server (stdio) whose tools misbehave on purpose, for the live runner's tests.

Tools: ``ok`` (a valid error envelope), ``echo`` (returns its input as structured
content), ``hang`` (never answers), ``crash`` (the process exits mid-call),
``protocol`` (a JSON-RPC error instead of a result), ``wipe`` (annotated
destructive). Started as ``misbehaving.py PIDFILE``, each start appends its process id
to PIDFILE, and entering ``hang`` touches ``PIDFILE.hang``. ``--start-delay S`` waits S
seconds before answering anything; ``--spawn-child`` starts a sleeping child process
(stdio detached, so it outlives a server that exits cleanly) and appends its id to
``PIDFILE.children``. Both ids are written first thing, before the (slow) SDK import.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

OPTIONS = argparse.ArgumentParser()
OPTIONS.add_argument("pidfile", nargs="?")
OPTIONS.add_argument("--start-delay", type=float, default=0.0)
OPTIONS.add_argument("--spawn-child", action="store_true")
ARGS = OPTIONS.parse_args()
PIDFILE: str | None = ARGS.pidfile


def record(suffix: str, pid: int) -> None:
    if PIDFILE:
        with open(PIDFILE + suffix, "a", encoding="utf-8") as out:
            out.write(f"{pid}\n")


def spawn_child() -> None:
    sleeper = [sys.executable, "-c", "import time; time.sleep(600)"]
    child = subprocess.Popen(sleeper, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    record(".children", child.pid)


record("", os.getpid())
if ARGS.spawn_child:
    spawn_child()

import anyio  # noqa: E402
import mcp_types as types  # noqa: E402
from mcp.server.lowlevel import Server  # noqa: E402
from mcp.server.stdio import stdio_server  # noqa: E402
from mcp.shared.exceptions import MCPError  # noqa: E402

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
    await anyio.sleep(ARGS.start_delay)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
