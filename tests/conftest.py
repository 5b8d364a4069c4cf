"""Shared fixtures: repository paths and a way to run the errgen CLI for real."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

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

# Property tests (hypothesis) are repeatable by default: derandomized (a fixed seed per test) and without the
# example database, so a green run means the same thing twice, in CI and on a laptop. ERRGEN_EXPLORE=1 explores
# instead: fresh random examples, ten times as many, failures saved in .hypothesis/ and replayed first.
EXPLORE = os.environ.get("ERRGEN_EXPLORE", "") not in ("", "0")
settings.register_profile("repeatable", deadline=None, derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", deadline=None, derandomize=False, max_examples=1000, print_blob=True)
settings.load_profile("explore" if EXPLORE else "repeatable")


def examples(count: int) -> int:
    """A property test's number of examples: `count`, or ten times as many when exploring."""
    return count * 10 if EXPLORE else count


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under mutation testing (tests/mutation.py) a mutant's run starts with empty caches of errgen's pure functions."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        from errgen.catalog import messages

        messages.parse.cache_clear()


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
