"""The stdio transport of a live run: the server in a process group of its own, stopped with all it started.

The server starts in a new session (so in its own process group, out of reach of the
terminal's Ctrl-C), with newline-delimited JSON-RPC on stdin/stdout and stderr going
to a file. Stopping follows the MCP lifecycle — close stdin, give the server `GRACE`
seconds to exit — and then always signals the whole group, SIGTERM and, `GRACE`
seconds later, SIGKILL: what the server started (a shell wrapper's background job, a
worker process) does not outlive the run even when the server itself exits cleanly.
The stop is shielded from cancellation (Ctrl-C cancels the run), and `kill_all` is the
synchronous last resort for a group whose stop could not finish. POSIX only.
"""

from __future__ import annotations

import os
import signal
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from typing import IO, Any

import anyio
from anyio.abc import Process

from errgen.conform.live_sdk import SDK

GRACE = 2.0  # seconds for the server to exit after stdin closes, and for its group after SIGTERM
_POLL = 0.02
_GROUPS: set[int] = set()  # process groups started and not yet killed


@asynccontextmanager
async def stdio_streams(command: Sequence[str], stderr: IO[str], sdk: SDK) -> AsyncIterator[tuple[Any, Any]]:
    """Start the server; yield the session's read and write streams; stop the server and its group on exit."""
    process = await anyio.open_process(list(command), stderr=stderr, start_new_session=True)
    _GROUPS.add(process.pid)
    try:
        read_sink, read_stream = anyio.create_memory_object_stream[Any](0)
        write_stream, write_source = anyio.create_memory_object_stream[Any](0)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(_read, process, read_sink, sdk)
            tasks.start_soon(_write, process, write_source, sdk)
            try:
                yield read_stream, write_stream
            finally:
                with anyio.CancelScope(shield=True):
                    await _stop(process)
                tasks.cancel_scope.cancel()
    finally:
        kill_group(process.pid)


def kill_group(group: int) -> None:
    """SIGKILL a process group this module started, unless already done."""
    if group in _GROUPS:
        _GROUPS.discard(group)
        _signal(group, signal.SIGKILL)


def kill_all() -> None:
    """SIGKILL every process group still running (the last resort after an interrupted run)."""
    for group in sorted(_GROUPS):
        kill_group(group)


async def _read(process: Process, sink: Any, sdk: SDK) -> None:
    assert process.stdout is not None
    buffer = b""
    async with sink:
        with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            async for chunk in process.stdout:
                *lines, buffer = (buffer + chunk).split(b"\n")
                for line in lines:
                    if line.strip():
                        await sink.send(sdk.parse(line.decode("utf-8", "replace")))


async def _write(process: Process, source: Any, sdk: SDK) -> None:
    assert process.stdin is not None
    async with source:
        with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            async for message in source:
                await process.stdin.send((sdk.dump(message) + "\n").encode())


async def _stop(process: Process) -> None:
    """Close stdin, wait for the server, then end its whole group (each wait bounded by `GRACE`)."""
    assert process.stdin is not None and process.stdout is not None
    with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
        await process.stdin.aclose()
    await _wait(lambda: process.returncode is not None)
    # The server is reaped by now or about to be killed; its pid stays reserved while any
    # member of its group lives, so the group id names only what the server started.
    _signal(process.pid, signal.SIGTERM)
    await _wait(lambda: not _alive(process.pid))
    kill_group(process.pid)
    await _wait(lambda: process.returncode is not None)
    with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
        await process.stdout.aclose()


async def _wait(done: Callable[[], bool]) -> bool:
    """Poll `done` for up to `GRACE` seconds; whether it came true."""
    with anyio.move_on_after(GRACE):
        while not done():
            await anyio.sleep(_POLL)
        return True
    return False


def _alive(group: int) -> bool:
    """Whether any process (a zombie not yet reaped by init included) is left in `group`."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _signal(group: int, signum: int) -> None:
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signum)
