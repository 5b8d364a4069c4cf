"""One MCP connection for a live run: start or reach the server, list its tools, call them.

Uses the official ``mcp`` client (stdio: the server is a subprocess whose stderr is
captured; streamable HTTP: a URL). Every call is bounded by the time-out. A call
never raises: a protocol error, a time-out or a lost connection comes back as a
`Call` with a `fault`, carrying the response wallfacer would synthesise for it
(``{content: [{type: text, text}], isError: true}``). After a time-out or a lost
connection the runner reconnects (`restart`), so one bad call cannot poison the
next invariant. Leaving the connection always stops the server process: the SDK
closes its stdin, then terminates and kills its process group, also when the run
is cancelled (Ctrl-C).
"""

from __future__ import annotations

import shlex
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import IO, Any, TextIO, cast

import anyio

from errgen.conform.jsonvalue import Json

CONNECT_TIMEOUT = 30.0  # seconds to start the server and list its tools (at least the call time-out)


class ConnectError(Exception):
    """The server could not be started, reached or listed."""


@dataclass(frozen=True, kw_only=True)
class Target:
    """Where the server is: a command line (stdio) or a streamable HTTP URL."""

    command: tuple[str, ...] = ()
    url: str | None = None

    @classmethod
    def stdio(cls, command_line: str) -> Target:
        """Split ``"CMD ARGS"`` like a POSIX shell."""
        words = tuple(shlex.split(command_line))
        if not words:
            raise ValueError("--server needs a command")
        return cls(command=words)

    def describe(self) -> str:
        """``python server.py (stdio)`` or ``http://… (streamable HTTP)``."""
        return f"{self.url} (streamable HTTP)" if self.url else f"{shlex.join(self.command)} (stdio)"


@dataclass(frozen=True)
class Call:
    """What one tools/call produced: the response, and the fault if the call did not complete normally."""

    response: Json
    fault: str | None = None  # "protocol_error" | "timeout" | "crash"
    message: str = ""

    @property
    def needs_restart(self) -> bool:
        """Whether the connection is unusable (or the server possibly stuck) after this call."""
        return self.fault in ("timeout", "crash")


def synthesized(message: str) -> dict[str, Json]:
    """The response wallfacer synthesises for a call that returned no result."""
    return {"content": [{"type": "text", "text": message}], "isError": True}


@dataclass
class Connection:
    """A restartable client connection; use as ``async with Connection(target, timeout, stderr) as conn``."""

    target: Target
    timeout: float
    stderr: IO[str]  # a real file (the server process writes to its descriptor)
    tools: list[dict[str, Json]] = field(default_factory=list)
    _stack: AsyncExitStack | None = None
    _client: Any = None

    async def __aenter__(self) -> Connection:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def tool(self, name: str) -> dict[str, Json] | None:
        """The listed tool called `name`, if any."""
        return next((t for t in self.tools if t.get("name") == name), None)

    async def start(self) -> None:
        """Start (or reach) the server and list its tools; raise `ConnectError` on failure."""
        from mcp import Client
        from mcp.client.stdio import StdioServerParameters, stdio_client

        transport: Any = self.target.url
        if not transport:
            import os

            params = StdioServerParameters(command=self.target.command[0], args=list(self.target.command[1:]),
                                           env=dict(os.environ))  # fmt: skip
            transport = stdio_client(params, errlog=cast(TextIO, self.stderr))
        stack = AsyncExitStack()
        try:  # no cancel scope around the enter: the client's task groups outlive this call
            client = Client(transport, read_timeout_seconds=max(self.timeout, CONNECT_TIMEOUT))
            self._client = await stack.enter_async_context(client)
            self.tools = await self._list_tools()
        except BaseException as exc:
            self._client = None
            await stack.aclose()
            if isinstance(exc, Exception):
                raise ConnectError(_connect_message(self.target, exc)) from exc
            raise
        self._stack = stack

    async def stop(self) -> None:
        """Close the connection; a stdio server process is terminated."""
        stack, self._stack, self._client = self._stack, None, None
        if stack is not None:
            await stack.aclose()

    async def restart(self) -> None:
        """Stop, then start again."""
        await self.stop()
        await self.start()

    async def _list_tools(self) -> list[dict[str, Json]]:
        tools: list[dict[str, Json]] = []
        cursor: str | None = None
        for _ in range(100):  # a paginator that never ends cannot hang the run
            page = await self._client.list_tools(cursor=cursor)
            tools += [t.model_dump(by_alias=True, mode="json", exclude_none=True) for t in page.tools]
            cursor = page.next_cursor
            if cursor is None:
                break
        return tools

    async def call(self, tool: str, arguments: dict[str, Json]) -> Call:
        """Call `tool`; the raw result as JSON (no output-schema check: that is the pack's job)."""
        import mcp_types as types
        from mcp.shared.exceptions import MCPError

        if self._client is None:
            return Call(synthesized("not connected"), "crash", "the server connection is closed")
        request = types.CallToolRequest(params=types.CallToolRequestParams(name=tool, arguments=arguments))
        try:
            with anyio.fail_after(self.timeout + 5):  # the SDK's own time-out normally fires first
                result = await self._client.session.send_request(
                    request, types.CallToolResult, request_read_timeout_seconds=self.timeout
                )
        except MCPError as exc:
            return _fault_call(exc.code, exc.message)
        except TimeoutError:
            return _fault_call(types.REQUEST_TIMEOUT, "no response")
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream, OSError) as exc:
            return Call(synthesized(str(exc) or type(exc).__name__), "crash", f"connection lost: {exc!r}")
        except Exception as exc:  # e.g. a result that is not a CallToolResult
            return Call(synthesized(str(exc)), "protocol_error", f"invalid tools/call result: {exc}")
        return Call(result.model_dump(by_alias=True, mode="json", exclude_unset=True))

    def stderr_text(self) -> str:
        """Everything the server wrote to stderr so far (stdio only)."""
        self.stderr.flush()
        self.stderr.seek(0)
        text = self.stderr.read()
        self.stderr.seek(0, 2)
        return text


def _fault_call(code: int, message: str) -> Call:
    import mcp_types as types

    if code == types.REQUEST_TIMEOUT:
        return Call(synthesized(f"timed out: {message}"), "timeout", "no response within the time-out")
    if code == types.CONNECTION_CLOSED:
        return Call(synthesized(message), "crash", "the server closed the connection (crashed or exited)")
    return Call(synthesized(message), "protocol_error", f"JSON-RPC error {code}: {message}")


def _connect_message(target: Target, exc: BaseException) -> str:
    leaves: list[BaseException] = [exc]
    while len(leaves) == 1 and isinstance(leaves[0], BaseExceptionGroup):
        leaves = list(leaves[0].exceptions)
    reason = "; ".join(f"{type(e).__name__}: {e}" if str(e) else type(e).__name__ for e in leaves)
    return f"cannot connect to {target.describe()}: {reason}"
