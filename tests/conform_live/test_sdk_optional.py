"""The MCP SDK is an optional extra: errgen never installs or upgrades it, and says how to get it when needed."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from .support import ROOT, WORKBOOK_PACK, shared_packs

# Run errgen as installed without the `conform` extra: the MCP SDK (`mcp`, `mcp_types`) and what only
# it brings (anyio, httpx, pydantic, starlette, uvicorn) are not importable.
WITHOUT_MCP = """
import sys
from importlib.abc import MetaPathFinder

HIDDEN = {"mcp", "mcp_types", "anyio", "httpx", "httpx2", "pydantic", "pydantic_core", "starlette", "uvicorn"}

class Hide(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Hide())
sys.argv = ["errgen", *sys.argv[1:]]
from errgen.cli.launcher import main
main()
"""
INSTALL_HINT = (
    'errgen conform: live runs need the MCP Python SDK, which is not installed: pip install "errgen[conform]"'
)


def errgen_without_mcp(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", WITHOUT_MCP, *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)


def project() -> dict[str, object]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["project"]  # type: ignore[no-any-return]


def test_mcp_is_not_a_runtime_dependency() -> None:
    names = [Requirement(spec).name for spec in project()["dependencies"]]  # type: ignore[attr-defined]
    assert "mcp" not in names


@pytest.mark.parametrize("version", ["1.9.0", "1.30.0", "2.0.0", "2.3.0"])
def test_the_conform_extra_accepts_both_sdk_lines(version: str) -> None:
    extras: dict[str, list[str]] = project()["optional-dependencies"]  # type: ignore[assignment]
    (mcp,) = [Requirement(spec) for spec in extras["conform"] if Requirement(spec).name == "mcp"]
    assert mcp.specifier.contains(version)


@pytest.mark.parametrize("mode", [["--server", "python server.py"], ["--url", "http://127.0.0.1:9/mcp"]])
def test_a_live_run_without_the_sdk_says_how_to_install_it(mode: list[str]) -> None:
    result = errgen_without_mcp("conform", str(WORKBOOK_PACK), *mode)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", INSTALL_HINT + "\n")


def test_fixtures_and_help_need_no_sdk() -> None:
    packs = [str(WORKBOOK_PACK), *(str(p) for p in sorted(shared_packs().glob("*.yaml")))]
    fixtures = errgen_without_mcp("conform", "--fixtures", *packs)
    assert fixtures.returncode == 0, fixtures.stdout + fixtures.stderr
    assert fixtures.stdout.endswith(" passed, 0 failed\n")
    assert errgen_without_mcp("conform", "--help").returncode == 0


def test_the_hiding_works() -> None:
    """The wrapper really hides the SDK that this environment has installed (else the tests above prove nothing)."""
    probe = subprocess.run(
        [sys.executable, "-c", WITHOUT_MCP.replace("from errgen.cli.launcher import main\nmain()", "import mcp")],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert probe.returncode == 1 and "No module named 'mcp'" in probe.stderr
    assert Path(__import__("mcp").__file__ or "").exists()
