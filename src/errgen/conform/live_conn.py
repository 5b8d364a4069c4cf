"""One MCP connection for a live run: start or reach the server, list its tools, call them.

Uses the installed ``mcp`` SDK's client session (`live_sdk`, either line) over stdio
(`live_stdio`: the server is a subprocess in a process group of its own, its stderr
captured) or streamable HTTP (a URL). The time-out bounds the connect — starting the
server, ``initialize`` and ``tools/list`` together — and every tool call. A call
never raises: a protocol error, a time-out or a lost connection comes back as a
`Call` with a `fault`, carrying the response wallfacer would synthesise for it
(``{content: [{type: text, text}], isError: true}``). After a time-out or a lost
connection the runner reconnects (`restart`), so one bad call cannot poison the
next invariant. Leaving the connection always stops the server and every process
it started, also when the run is cancelled (Ctrl-C).
"""

from __future__ import annotations

import shlex
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import IO, Any

import anyio

from errgen.conform.jsonvalue import Json
from errgen.conform.live_sdk import SDK
from errgen.conform.live_stdio import stdio_streams

CONNECTION_CLOSED = -32000  # the SDKs' JSON-RPC error code for a connection that ended


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
    """A restartable client connection; use as ``async with Connection(target, timeout, stderr, sdk) as conn``."""

    target: Target
    timeout: float
    stderr: IO[str]  # a real file (the server process writes to its descriptor)
    sdk: SDK
    tools: list[dict[str, Json]] = field(default_factory=list)
    _stack: AsyncExitStack | None = None
    _session: Any = None

    async def __aenter__(self) -> Connection:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def tool(self, name: str) -> dict[str, Json] | None:
        """The listed tool called `name`, if any."""
        return next((t for t in self.tools if t.get("name") == name), None)

    async def start(self) -> None:
        """Start (or reach) the server and list its tools within the time-out; raise `ConnectError` on failure."""
        stack = AsyncExitStack()
        phase = "initialize"
        try:  # no cancel scope around the enters: the transport's and session's task groups outlive this call
            deadline = anyio.current_time() + self.timeout
            streams = await stack.enter_async_context(self._transport())
            session = await stack.enter_async_context(self.sdk.session(*streams))
            with anyio.fail_after(max(0.0, deadline - anyio.current_time())):
                await session.initialize()
                phase = "tools/list"
                self.tools = await self._list_tools(session)
        except BaseException as exc:
            try:
                await stack.aclose()
            except Exception as closing:  # the transport's task group re-raises what failed inside it
                if isinstance(exc, (Exception, anyio.get_cancelled_exc_class())):  # (which cancelled the wait)
                    exc = closing
            if isinstance(exc, TimeoutError):
                message = f"no answer to {phase} within {self.timeout:g} s (--timeout)"
                raise ConnectError(f"cannot connect to {self.target.describe()}: {message}") from exc
            if isinstance(exc, Exception):
                raise ConnectError(_connect_message(self.target, exc)) from exc
            raise
        self._stack, self._session = stack, session

    async def stop(self) -> None:
        """Close the connection; a stdio server and every process it started are stopped."""
        stack, self._stack, self._session = self._stack, None, None
        if stack is not None:
            await stack.aclose()

    async def restart(self) -> None:
        """Stop, then start again."""
        await self.stop()
        await self.start()

    def _transport(self) -> Any:
        if self.target.url:
            return self.sdk.http_streams(self.target.url)
        return stdio_streams(self.target.command, self.stderr, self.sdk)

    async def _list_tools(self, session: Any) -> list[dict[str, Json]]:
        tools: list[dict[str, Json]] = []
        cursor: Json = None
        for _ in range(100):  # a paginator that never ends cannot hang the run
            params: dict[str, Json] | None = {"cursor": cursor} if cursor is not None else None
            page = await session.send_request(self.sdk.request("tools/list", params), self.sdk.types.ListToolsResult)
            data = page.model_dump(by_alias=True, mode="json", exclude_none=True)
            tools += [tool for tool in data.get("tools", []) if isinstance(tool, dict)]
            cursor = data.get("nextCursor")
            if cursor is None:
                break
        return tools

    async def call(self, tool: str, arguments: dict[str, Json]) -> Call:
        """Call `tool`; the raw result as JSON (no output-schema check: that is the pack's job)."""
        if self._session is None:
            return Call(synthesized("not connected"), "crash", "the server connection is closed")
        request = self.sdk.request("tools/call", {"name": tool, "arguments": arguments})
        try:
            with anyio.fail_after(self.timeout):
                result = await self._session.send_request(request, self.sdk.types.CallToolResult)
        except TimeoutError:  # before OSError, its base class
            return Call(synthesized("timed out: no response"), "timeout", "no response within the time-out")
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream, OSError) as exc:
            return Call(synthesized(str(exc) or type(exc).__name__), "crash", f"connection lost: {exc!r}")
        except Exception as exc:
            error = self.sdk.error(exc)
            if error is not None:
                return _fault_call(*error)
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
    if code == CONNECTION_CLOSED:
        return Call(synthesized(message), "crash", "the server closed the connection (crashed or exited)")
    return Call(synthesized(message), "protocol_error", f"JSON-RPC error {code}: {message}")


def _connect_message(target: Target, exc: BaseException) -> str:
    leaves: list[BaseException] = [exc]
    while len(leaves) == 1 and isinstance(leaves[0], BaseExceptionGroup):
        leaves = list(leaves[0].exceptions)
    reason = "; ".join(f"{type(e).__name__}: {e}" if str(e) else type(e).__name__ for e in leaves)
    return f"cannot connect to {target.describe()}: {reason}"
