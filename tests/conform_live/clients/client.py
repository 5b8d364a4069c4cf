"""The official MCP Python client (mcp 1.x or 2.x, whichever runs it) calls every case of calls.json on a server.

    python client.py COMMAND [ARG...]

One JSON line per case on stdout: the error the generated parser (generated/workbook/python, the tool's
contract) reads from the result (its code and repair fields), or the structured data of a success, or
what the client raised.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "generated" / "workbook" / "python"))

import workbook_errors as wb  # noqa: E402

REPAIR = ("code", "field", "allowed", "required", "range")


async def main(command: list[str]) -> None:
    cases = json.loads((HERE / "calls.json").read_text(encoding="utf-8"))
    server = StdioServerParameters(command=command[0], args=command[1:])
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        await session.list_tools()  # the client caches the output schemas it validates results against
        for case in cases:
            line: dict[str, Any] = {"tool": case["tool"]}
            try:
                result = await session.call_tool(case["tool"], case["arguments"])
            except Exception as exc:
                line["threw"] = f"{type(exc).__name__}: {exc}"
            else:
                wire = result.model_dump(mode="json", by_alias=True, exclude_none=True)
                error = wb.TOOLS[case["tool"]].parse_result(wire)
                line["isError"] = wire.get("isError", False)
                if error is None:
                    line["data"] = wire.get("structuredContent")
                else:
                    payload = error.to_payload()
                    line["error"] = {key: payload[key] for key in REPAIR if key in payload}
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
