"""The workbook server with three deliberate conformance faults, to prove the runner can fail.

Same tools and inputs as ``server.py``; only the error results are broken, one fault per code:

* ``invalid_input``            — ``isError`` is ``false``, top-level and in the payload (the
  workbook catalog reads a pmcp result — top-level ``false``, the marker inside — as an error);
* ``missing_field``            — the text leaks a home path (a debugging aid left in);
* ``unsupported_option``       — the required repair field ``allowed`` is missing;
* ``strict_constant_override`` — correct.

``errgen conform generated/workbook/packs/errgen-workbook.yaml --server "python
examples/workbook_server/broken_server.py"`` reports each fault under that code's invariant.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mcp import types

sys.path.insert(0, str(Path(__file__).resolve().parent))

import server  # the correct server beside this file


def break_result(result: dict[str, Any]) -> dict[str, Any]:
    """Inject this variant's fault into a generated error result."""
    code = result.get("structuredContent", {}).get("code")
    if code == "invalid_input":
        result["isError"] = False
        result["structuredContent"]["isError"] = False
    elif code == "missing_field":
        result["content"][0]["text"] += " (raised in /home/deploy/workbook/server.py:88)"
    elif code == "unsupported_option":
        del result["structuredContent"]["allowed"]
    return result


def broken_call(name: str, args: dict[str, Any]) -> types.CallToolResult:
    """`server.call` with the faults above."""
    outcome = server.compute(args) if name == "compute" else None
    if outcome is None or isinstance(outcome, dict):
        return server.call(name, args)
    return types.CallToolResult.model_validate(break_result(outcome.to_result()))


if __name__ == "__main__":
    server.main(broken_call)
