"""The MCP Python SDK behind a live run, on either of its lines (1.x and 2.x).

errgen does not depend on the SDK: it is the ``conform`` extra (``pip install
"errgen[conform]"``), imported only by ``errgen conform --server/--url``, and
whichever version the user's server already runs is used. Only the API both lines
share is called — ``ClientSession`` over a pair of message streams, ``send_request``
with the protocol's request models (built from wire dicts), ``streamable_http_client``
— and every difference between the lines is here: how a JSON-RPC line is parsed and
written, how a request is wrapped, what the error class is called and what the
HTTP client yields.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from errgen import __version__
from errgen.conform.jsonvalue import Json

INSTALL = 'pip install "errgen[conform]"'
SUPPORTED = "mcp>=1.9,<3"
_LOWEST, _BEYOND = (1, 9), (3,)


class SDKMissing(Exception):
    """The MCP SDK is not installed, or not a version a live run can use; the message says what to do."""


@dataclass(frozen=True)
class SDK:
    """The installed SDK, reduced to what a live run needs."""

    version: str  # "1.30.0"
    types: Any  # the `mcp.types` module
    session_class: Any  # mcp.client.session.ClientSession
    message_class: Any  # mcp.shared.message.SessionMessage
    error_class: type[Exception]  # McpError (1.x) or MCPError (2.x); both carry `.error` (ErrorData)
    http_client: Callable[..., AbstractAsyncContextManager[tuple[Any, ...]]]
    line: int  # 1 or 2

    def parse(self, line: str) -> Any:
        """One JSON-RPC line from the server as a SessionMessage, or the exception that rejected it."""
        try:
            if self.line == 1:
                message = self.types.JSONRPCMessage.model_validate_json(line)
            else:
                message = self.types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        except ValueError as exc:  # pydantic's ValidationError; the session reports it
            return exc
        return self.message_class(message)

    def dump(self, message: Any) -> str:
        """A SessionMessage as one JSON-RPC line (without the newline), as the line's own transports write it."""
        if self.line == 1:
            return str(message.message.model_dump_json(by_alias=True, exclude_none=True))
        return str(message.message.model_dump_json(by_alias=True, exclude_unset=True))

    def session(self, read_stream: Any, write_stream: Any) -> Any:
        """A client session (not entered yet) introducing itself as errgen."""
        info = self.types.Implementation(name="errgen", version=__version__)
        return self.session_class(read_stream, write_stream, client_info=info)

    def request(self, method: str, params: dict[str, Json] | None) -> Any:
        """A client request model from its wire form (``tools/call``, ``tools/list``)."""
        model = {"tools/call": self.types.CallToolRequest, "tools/list": self.types.ListToolsRequest}[method]
        request = model.model_validate({"method": method, "params": params})
        return self.types.ClientRequest(request) if self.line == 1 else request

    def error(self, exc: BaseException) -> tuple[int, str] | None:
        """Code and message of a JSON-RPC error the session raised, else None."""
        if not isinstance(exc, self.error_class):
            return None
        data = getattr(exc, "error", None)
        return int(getattr(data, "code", 0)), str(getattr(data, "message", exc))

    @asynccontextmanager
    async def http_streams(self, url: str) -> AsyncIterator[tuple[Any, Any]]:
        """The read and write streams of a streamable HTTP connection (1.x also yields a session-id getter)."""
        async with self.http_client(url) as streams:
            yield streams[0], streams[1]


def load() -> SDK:
    """The installed SDK.

    Raises:
        SDKMissing: with one line saying how to install a usable version.
    """
    try:
        import_module("mcp")
    except ModuleNotFoundError as exc:
        if exc.name != "mcp":
            raise SDKMissing(_unusable(_version(), exc)) from exc
        message = f"errgen conform: live runs need the MCP Python SDK, which is not installed: {INSTALL}"
        raise SDKMissing(message) from exc
    except ImportError as exc:
        raise SDKMissing(_unusable(_version(), exc)) from exc
    version = _version()
    numbers = tuple(int(n) for n in re.findall(r"\d+", version)[:2])
    if numbers and not _LOWEST <= numbers < _BEYOND:
        raise SDKMissing(f"errgen conform: mcp {version} is installed; live runs need {SUPPORTED}: {INSTALL}")
    try:
        return _sdk(version)
    except (ImportError, AttributeError) as exc:
        raise SDKMissing(_unusable(version, exc)) from exc


def _sdk(version: str) -> SDK:
    types = import_module("mcp.types")
    exceptions = import_module("mcp.shared.exceptions")
    http = import_module("mcp.client.streamable_http")
    line = 2 if hasattr(types, "jsonrpc_message_adapter") else 1
    return SDK(
        version=version,
        types=types,
        session_class=import_module("mcp.client.session").ClientSession,
        message_class=import_module("mcp.shared.message").SessionMessage,
        error_class=getattr(exceptions, "MCPError", None) or exceptions.McpError,
        http_client=getattr(http, "streamable_http_client", None) or http.streamablehttp_client,
        line=line,
    )


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mcp")
    except PackageNotFoundError:
        return "(unknown version)"


def _unusable(version: str, exc: BaseException) -> str:
    return f"errgen conform: the installed mcp {version} cannot be used ({exc}); live runs need {SUPPORTED}: {INSTALL}"
