"""The generated MCP Go SDK adapter (`go/mcpadapter/`, a module of its own) under go vet, gofmt and go test.

`tests/go/mcpadapter` is a module that requires the adapters of the shipped catalogs (through replace
directives to `generated/`) and the pinned SDK, and tests them through the SDK's own client over its
in-memory transport: a typed tool (a concrete Out) keeps the error's payload (the SDK's `mcp.AddTool`
replaces it with the zero Out: with it in the adapter's place, `TestTypedAddToolKeepsTheErrorPayload`
fails), argument failures are the catalog's repair payloads, the outputSchema is widened by the tool's
errors. The errors' own module keeps no `require`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from go import harness

pytestmark = pytest.mark.slow
MODULE = harness.GO_DIR / "mcpadapter"


def test_the_adapters_pass_go_vet_gofmt_and_their_tests() -> None:
    tool = harness.go()
    env = {"GOWORK": "off", "GOFLAGS": "-mod=readonly"}
    vet = harness.run([tool, "vet", "./..."], cwd=MODULE, env=env)
    assert vet.returncode == 0, vet.stdout + vet.stderr
    test = harness.run([tool, "test", "-count=1", "./..."], cwd=MODULE, env=env)
    assert test.returncode == 0, test.stdout + test.stderr
    folders = [str(harness.ROOT / "generated" / name / "go" / "mcpadapter") for name in harness.SHIPPED]
    gofmt = str(Path(tool).with_name("gofmt"))
    fmt = harness.run([gofmt, "-l", *folders, "."], cwd=MODULE)
    assert fmt.returncode == 0 and fmt.stdout == "", fmt.stdout + fmt.stderr


def test_the_errors_module_keeps_no_require() -> None:
    for name in harness.SHIPPED:
        text = (harness.ROOT / "generated" / name / "go" / "go.mod").read_text(encoding="utf-8")
        assert "require" not in text, text
        adapter = (harness.ROOT / "generated" / name / "go" / "mcpadapter" / "go.mod").read_text(encoding="utf-8")
        assert "github.com/modelcontextprotocol/go-sdk v1.8.0" in adapter
