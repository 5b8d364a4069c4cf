"""The tool side of the widget test: each line of stdin is a call ``{"name", "arguments"}``, each line of stdout the
``CallToolResult`` the example workbook server (examples/workbook_server/server.py) answers it with, as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "workbook_server"))

import server  # the example server: its handler, the generated workbook_errors and the mcp SDK


def main() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        result = server.call(request["name"], request["arguments"])
        sys.stdout.write(json.dumps(result.model_dump(by_alias=True, exclude_none=True, mode="json")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
