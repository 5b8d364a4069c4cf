"""The project's own code passes its linters: ruff (pyproject config) and mypy --strict."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff() -> None:
    result = run("ruff", "check", "src", "tests", "bench", "examples", "--output-format", "concise")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
