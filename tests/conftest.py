"""Shared fixtures: repository paths and a way to run the errgen CLI for real."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CASES = ROOT / "tests" / "cases"
sys.path.insert(0, str(ROOT / "tests" / "python"))  # pytarget_support: helpers for generated Python, for every test


def run_errgen(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m errgen ARGS`` in a subprocess and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "errgen", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository root."""
    return ROOT


IN_CI = os.environ.get("CI", "").lower() in ("true", "1")


def unavailable(reason: str) -> None:
    """Skip the calling test for `reason`, except under ``CI=true``, where everything must be present: fail."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: every test must run)")
    pytest.skip(reason)


def need_shared(*parts: str) -> Path:
    """``../shared/<parts>`` (seeds, wallfacer packs); the test skips without it (fails under CI=true)."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        unavailable(f"{path} is missing: this test needs ../shared beside the repository")
    return path
