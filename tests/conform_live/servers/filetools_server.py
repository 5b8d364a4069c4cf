"""A small MCP server (stdio) with two of seed 003's file tools, failing through the generated filetools errors.

``read_file`` fails with ``binary_file`` for a path ending in ``.png``, else returns the content;
``edit_file`` always fails with ``multiple_matches``. With ``--wrong``, ``read_file`` fails with
``old_text_not_found`` instead: a code of the catalog that read_file never returns (it is
edit_file's), which the generated pack's per-tool invariant must catch.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "generated" / "filetools" / "python"))
sys.path.insert(0, str(ROOT / "examples" / "workbook_server"))

import anyio  # noqa: E402
import filetools_errors as ft  # noqa: E402
import lowlevel  # noqa: E402  (the SDK's low-level server on either line)
from mcp import types  # noqa: E402

OPTIONS = argparse.ArgumentParser()
OPTIONS.add_argument("--wrong", action="store_true", help="read_file returns edit_file's old_text_not_found")
WRONG = OPTIONS.parse_args().wrong

EDIT_INPUT = {"type": "object", "required": ["path"], "properties": {"path": {"type": "string", "minLength": 1}}}
TOOLS = [
    types.Tool.model_validate({"name": "read_file", "inputSchema": ft.READ_FILE_TOOL.input_schema(),
                               "outputSchema": ft.READ_FILE_TOOL.output_schema(),
                               "annotations": {"readOnlyHint": True}}),
    types.Tool.model_validate({"name": "edit_file", "inputSchema": EDIT_INPUT,
                               "outputSchema": ft.EDIT_FILE_TOOL.output_schema(),
                               "annotations": {"destructiveHint": False}}),
]  # fmt: skip


def result(outcome: dict[str, Any] | ft.ErrorBase) -> types.CallToolResult:
    if isinstance(outcome, ft.ErrorBase):
        return types.CallToolResult.model_validate(outcome.to_result())
    return types.CallToolResult.model_validate({"content": [{"type": "text", "text": ft.to_json(outcome)}],
                                                "structuredContent": outcome})  # fmt: skip


def read_file(args: dict[str, Any]) -> dict[str, Any] | ft.ErrorBase:
    path = str(args.get("path", ""))
    if WRONG:
        return ft.OldTextNotFoundError.create(path=path)
    if path.endswith(".png"):
        return ft.BinaryFileError.create(path=path)
    return {"path": path, "content": "hello", "sha256": "0" * 64}


async def call_tool(name: str, args: dict[str, Any]) -> types.CallToolResult:
    if name == "read_file":
        return result(read_file(args))
    if name == "edit_file":
        return result(ft.MultipleMatchesError.create(path=str(args.get("path", "")), match_count=2))
    raise lowlevel.protocol_error(f"unknown tool: {name}")


if __name__ == "__main__":
    anyio.run(lowlevel.serve_stdio, lowlevel.build("filetools", ft.VERSION, TOOLS, call_tool))
