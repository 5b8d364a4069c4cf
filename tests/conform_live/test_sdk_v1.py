"""errgen and the example server on the MCP SDK's 1.x line, in a virtualenv of their own (no 2.x anywhere).

The venv gets ``mcp==MCP1`` first, then errgen (editable, so it runs this checkout's code):
that is the user who already has a 1.x server. It is cached under ``.pytest_cache`` and
rebuilt when the SDK version, the interpreter or pyproject's dependencies change. Building
it needs the package index: outside CI an unreachable index skips these tests (with the
reason), under ``CI=true`` it fails them.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from .support import BROKEN_SERVER, EXAMPLE_SERVER, ROOT, WORKBOOK_PACK, example_over_http

pytestmark = pytest.mark.slow
MCP1 = "1.30.0"  # the newest 1.x release on PyPI (`pip index versions mcp`)


@dataclass(frozen=True)
class Venv:
    """The cached virtualenv and what installing errgen into it did to its SDK."""

    python: Path
    mcp_after_errgen: str

    def run(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        command = [str(self.python), *args]
        return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False)

    def command(self, script: Path, *args: str) -> str:
        import shlex

        return shlex.join([str(self.python), str(script), *args])


def _cache_key() -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    deps = {"dependencies": project["dependencies"], "extras": project.get("optional-dependencies", {})}
    text = json.dumps([MCP1, sys.version, str(ROOT), deps], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _pip(python: Path, *args: str) -> None:
    result = subprocess.run(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", *args],
        capture_output=True, text=True, timeout=900, check=False,
    )  # fmt: skip
    if result.returncode == 0:
        return
    message = f"cannot install {' '.join(args)} from the package index: {result.stderr.strip().splitlines()[-1:]}"
    if os.environ.get("CI") == "true":
        pytest.fail(message + "\n" + result.stderr)
    pytest.skip(message)


def _build(folder: Path) -> dict[str, str]:
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(folder / "venv")], check=True, timeout=300)
    python = folder / "venv" / "bin" / "python"
    _pip(python, f"mcp=={MCP1}")
    _pip(python, "-e", str(ROOT))
    probe = "import importlib.metadata as m; print(m.version('mcp'))"
    version = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
    return {"mcp_after_errgen": version}


@pytest.fixture(scope="module")
def venv(request: pytest.FixtureRequest) -> Venv:
    """The venv (built once per key; a lock keeps parallel test workers from building it twice)."""
    folder = request.config.cache.mkdir(f"errgen-mcp{MCP1}-{_cache_key()}")
    with open(folder.parent / "errgen-mcp.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for stale in folder.parent.glob("errgen-mcp*-*"):
            if stale != folder and stale.is_dir():
                shutil.rmtree(stale)  # built for another SDK version, interpreter or pyproject
        ready = folder / "ready.json"
        if not ready.exists():
            ready.write_text(json.dumps(_build(folder)))
    return Venv(folder / "venv" / "bin" / "python", json.loads(ready.read_text())["mcp_after_errgen"])


def test_installing_errgen_keeps_the_users_sdk(venv: Venv) -> None:
    assert venv.mcp_after_errgen == MCP1
    assert venv.run("-c", "import mcp_types").returncode == 1  # nothing of the 2.x line is importable


def test_the_example_server_passes_over_stdio(venv: Venv) -> None:
    result = venv.run("-m", "errgen", "conform", str(WORKBOOK_PACK), "--server", venv.command(EXAMPLE_SERVER))
    assert result.returncode == 0, result.stdout + result.stderr
    header = f"errgen conform: {venv.command(EXAMPLE_SERVER)} (stdio): 2 tool(s) listed (mcp {MCP1})\n"
    assert result.stdout.startswith(header)
    assert result.stdout.endswith("\n6 passed, 0 failed, 0 skipped\n")  # 4 codes, 2 tools


def test_the_broken_server_fails_over_stdio(venv: Venv) -> None:
    args = ("conform", str(WORKBOOK_PACK), "--server", venv.command(BROKEN_SERVER), "--format", "json")
    result = venv.run("-m", "errgen", *args)
    assert result.returncode == 1, result.stdout + result.stderr
    data = json.loads(result.stdout)
    assert data["client"] == f"mcp {MCP1}"
    assert {r["name"]: r["status"] for r in data["results"]} == {
        "errgen.workbook.invalid_input": "failed",
        "errgen.workbook.missing_field": "failed",
        "errgen.workbook.unsupported_option": "failed",
        "errgen.workbook.strict_constant_override": "passed",
        "errgen.workbook.tool:compute": "passed",
        "errgen.workbook.tool:units": "passed",
    }


@pytest.fixture
def http_url(venv: Venv) -> Iterator[str]:
    with example_over_http(str(venv.python)) as url:
        yield url


def test_the_example_server_passes_over_streamable_http(venv: Venv, http_url: str) -> None:
    result = venv.run("-m", "errgen", "conform", str(WORKBOOK_PACK), "--url", http_url)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"errgen conform: {http_url} (streamable HTTP): 2 tool(s) listed (mcp {MCP1})\n")
    assert result.stdout.endswith("\n6 passed, 0 failed, 0 skipped\n")  # 4 codes, 2 tools
