"""The official ``mcp`` SDK's low-level server, on either of its lines (1.x and 2.x).

The two lines register handlers differently — 1.x with decorators and a table of
request handlers, 2.x with ``on_list_tools=`` / ``on_call_tool=`` — and spell a
JSON-RPC error and the streamable HTTP app differently. Everything else the example
uses is shared: ``mcp.types`` models built from their wire (camelCase) form, and
``stdio_server``. Copy this file to give a server the same reach.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared import exceptions

INVALID_PARAMS = -32602  # JSON-RPC: the spec's answer to an unknown tool
CallTool = Callable[[str, dict[str, Any]], Awaitable[types.CallToolResult]]


def build(name: str, version: str, tools: list[types.Tool], call_tool: CallTool) -> Any:
    """A server listing `tools` and answering each tools/call with ``await call_tool(name, arguments)``."""
    if hasattr(Server, "list_tools"):  # 1.x
        server = Server(name, version=version)

        async def list_tools_v1() -> list[types.Tool]:
            return tools

        async def call_tool_v1(request: types.CallToolRequest) -> types.ServerResult:
            arguments = dict(request.params.arguments or {})
            return types.ServerResult(await call_tool(request.params.name, arguments))

        server.list_tools()(list_tools_v1)
        server.request_handlers[types.CallToolRequest] = call_tool_v1  # no SDK-side input validation
        return server

    async def list_tools_v2(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool_v2(ctx: Any, params: Any) -> types.CallToolResult:
        return await call_tool(params.name, dict(params.arguments or {}))

    return Server(name, version=version, on_list_tools=list_tools_v2, on_call_tool=call_tool_v2)


def protocol_error(message: str) -> Exception:
    """A JSON-RPC ``invalid params`` error to raise from a handler."""
    if hasattr(exceptions, "MCPError"):  # 2.x
        return exceptions.MCPError(INVALID_PARAMS, message)
    return exceptions.McpError(types.ErrorData(code=INVALID_PARAMS, message=message))  # type: ignore[attr-defined]


async def serve_stdio(server: Any) -> None:
    """Serve over stdin/stdout until stdin closes."""
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def http_app(server: Any) -> Any:
    """An ASGI app serving streamable HTTP at ``/mcp``."""
    if hasattr(server, "streamable_http_app"):  # 2.x
        return server.streamable_http_app()
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
    from starlette.applications import Starlette
    from starlette.routing import Route

    manager = StreamableHTTPSessionManager(app=server)

    class Endpoint:  # an ASGI app (not a function), so Starlette passes it the raw request
        async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
            await manager.handle_request(scope, receive, send)

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        async with manager.run():
            yield

    return Starlette(routes=[Route("/mcp", endpoint=Endpoint())], lifespan=lifespan)
